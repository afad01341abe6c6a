# SPDX-License-Identifier: Apache-2.0
# mdd convert on directories and files: its output and exit status, what it converts and what
# it leaves alone (plain files keep inode and mtime, other files and subdirectories are not
# looked at), that mode, owner, metadata, signatures and chunk order survive, that -j 2 gives
# the same files, that two converters of one file take turns, that a 200 MB chunk converts
# within a 32 MB RSS budget, and that the real files convert to their known payloads.
source "$(dirname "$0")/lib.bash" "$@"

cd "$WORK"
GROUP_OF_NOBODY=$(id -gn nobody 2>/dev/null || echo nogroup)

# conv_line PATH CHUNKS BEFORE AFTER: the line for a converted file.
conv_line() {
    local s=s
    [ "$2" -ne 1 ] || s=
    echo "$1: converted ($2 chunk$s decompressed, $3 -> $4 bytes)"
}

# info_kept FILE: info --json of FILE less what conversion changes; every field else must stay.
info_kept() {
    run 0 "$MDD" info --json "$1"
    jq -S 'del(.chunks[] | .compression, .uncompressed_size, .stored_size)' "$TMP/out"
}

# expect_all_plain FILE: verify passes and no chunk is compressed any more.
expect_all_plain() {
    run 0 "$MDD" verify "$1"
    run 0 "$MDD" info --json "$1"
    expect_eq "$(jq -c '[.chunks[] | select(.compression != null or .uncompressed_size != null
                                            or .stored_size != .payload_size)] | length' \
        "$TMP/out")" 0 "$1: chunks still compressed"
}

# Payloads, and the files made of them.
# Made-up payloads go in chunks of other types than DIAGNOSTIC_DESCRIPTION, whose payload
# mdd verify requires to be an EcuData FlatBuffer.
seq 1 30000 | sed 's/^/line /' >text.bin
printf 'int main(void) { return 0; }\n' >code.c
: >empty.bin
seq 1 200 >notes.txt
mkdir src
run 0 "$MDD" pack -o src/a.mdd --ecu ALPHA --revision 1.2 --meta source=basic --meta created=x \
    --chunk CODE_FILE:ALPHA:text.bin:lzma \
    --chunk CODE_FILE_PARTIAL:fw.bin::src/main.c:code.c:lzma \
    --chunk EMBEDDED_FILE::notes.txt:plain \
    --chunk 1025:vendor:empty.bin:lzma
run 0 "$MDD" pack -o src/b.mdd --ecu BETA --chunk CODE_FILE:BETA:text.bin:plain
run 0 "$MDD" pack -o src/c.mdd --ecu GAMMA --chunk 3:GAMMA:notes.txt
echo "not an MDD file" >src/notes.txt
mkdir src/sub
cp src/a.mdd src/sub/e.mdd
chmod 0640 src/a.mdd
chmod 2604 src/c.mdd
touch -d '2001-02-03 04:05:06' src/b.mdd
if [ "$(id -u)" -eq 0 ]; then
    chown "nobody:$GROUP_OF_NOBODY" src/a.mdd
fi

# A directory: its *.mdd files, in name order; nothing else in it.
cp -a src lib
declare -A before_size before_info
for f in a b c; do
    before_size[$f]=$(stat -c %s lib/$f.mdd)
    before_info[$f]=$(info_kept lib/$f.mdd)
done
b_stat=$(stat -c '%i %Y' lib/b.mdd)
a_meta=$(stat -c '%a %U %G' lib/a.mdd)
c_meta=$(stat -c '%a %U %G' lib/c.mdd)
run 0 "$MDD" convert lib
lib_out="$(conv_line lib/a.mdd 3 "${before_size[a]}" "$(stat -c %s lib/a.mdd)")
lib/b.mdd: already uncompressed
$(conv_line lib/c.mdd 1 "${before_size[c]}" "$(stat -c %s lib/c.mdd)")"
expect_eq "$(cat "$TMP/out")" "$lib_out" "convert lib: stdout"
expect_eq "$(cat "$TMP/err")" "" "convert lib: stderr"
expect_eq "$(ls -A lib)" "$(ls -A src)" "files after convert lib"
for f in a b c; do
    expect_all_plain lib/$f.mdd
    expect_json "$(info_kept lib/$f.mdd)" "${before_info[$f]}" "lib/$f.mdd: fields kept"
done
expect_eq "$(stat -c '%i %Y' lib/b.mdd)" "$b_stat" "plain file's inode and mtime"
expect_eq "$(stat -c '%a %U %G' lib/a.mdd)" "$a_meta" "lib/a.mdd: mode and owner"
expect_eq "$(stat -c '%a %U %G' lib/c.mdd)" "$c_meta" "lib/c.mdd: mode and owner"
cmp src/notes.txt lib/notes.txt || fail "a file not named *.mdd changed"
cmp src/sub/e.mdd lib/sub/e.mdd || fail "a file in a subdirectory changed"
# The converted payloads are the inputs.
run 0 "$MDD" cat lib/a.mdd --index 0
cmp "$TMP/out" text.bin || fail "lib/a.mdd chunk 0 differs from its input"
run 0 "$MDD" cat lib/a.mdd --chunk fw.bin::src/main.c
cmp "$TMP/out" code.c || fail "lib/a.mdd chunk 1 differs from its input"

# Again: nothing left to do, nothing touched.
declare -A inode_mtime
for f in a b c; do inode_mtime[$f]=$(stat -c '%i %Y' lib/$f.mdd); done
run 0 "$MDD" convert lib/c.mdd lib/
expect_eq "$(cat "$TMP/out")" "lib/c.mdd: already uncompressed
lib/a.mdd: already uncompressed
lib/b.mdd: already uncompressed
lib/c.mdd: already uncompressed" "second convert (the directory as lib/): stdout"
for f in a b c; do
    expect_eq "$(stat -c '%i %Y' lib/$f.mdd)" "${inode_mtime[$f]}" "second convert: lib/$f.mdd"
done

# A plain file whose payload no longer matches its digest is not "already uncompressed": it
# fails as a corrupt input does, and stays as it was.
cp lib/c.mdd bad.mdd
size=$(stat -c %s bad.mdd)
printf 'Z' | dd of=bad.mdd bs=1 seek=$((size - 100)) conv=notrunc status=none
bad_sha=$(sha512_of bad.mdd)
run 1 "$MDD" convert bad.mdd
expect_eq "$(cat "$TMP/out")" "" "convert of a corrupt plain file: stdout"
grep -qx 'mdd: bad.mdd: chunk 0: signatures\[0\]: SHA-512 mismatch: expected [0-9a-f]*\.\.\., got [0-9a-f]*\.\.\.' "$TMP/err" ||
    fail "convert of a corrupt plain file: stderr $(cat "$TMP/err")"
expect_eq "$(sha512_of bad.mdd)" "$bad_sha" "convert of a corrupt plain file: the file"

# --quiet prints nothing and converts the same.
rm -rf q
cp -a src q
run 0 "$MDD" convert --quiet q
expect_eq "$(cat "$TMP/out")" "" "convert --quiet: stdout"
expect_eq "$(cat "$TMP/err")" "" "convert --quiet: stderr"
for f in a b c; do
    cmp q/$f.mdd lib/$f.mdd || fail "--quiet: q/$f.mdd differs from lib/$f.mdd"
done
# --progress draws on stderr only; the results on stdout are the same.
rm -rf p
cp -a src p
run 0 "$MDD" convert --progress p
expect_eq "$(cat "$TMP/out")" "$(sed 's/^lib\//p\//' <<<"$lib_out")" "convert --progress: stdout"

# -j 2 on several files: the same lines (in any order) and the same files.
rm -rf many
mkdir many
for i in 1 2 3; do
    cp -p src/a.mdd many/a$i.mdd
    cp -p src/b.mdd many/b$i.mdd
    cp -p src/c.mdd many/c$i.mdd
done
expected=""
for i in 1 2 3; do
    expected+="$(conv_line many/a$i.mdd 3 "${before_size[a]}" "$(stat -c %s lib/a.mdd)")"$'\n'
    expected+="many/b$i.mdd: already uncompressed"$'\n'
    expected+="$(conv_line many/c$i.mdd 1 "${before_size[c]}" "$(stat -c %s lib/c.mdd)")"$'\n'
done
run 0 "$MDD" convert -j 2 many
expect_eq "$(sort "$TMP/out")" "$(sort <<<"${expected%$'\n'}")" "convert -j 2: stdout"
expect_eq "$(cat "$TMP/err")" "" "convert -j 2: stderr"
for i in 1 2 3; do
    for f in a b c; do
        cmp many/$f$i.mdd lib/$f.mdd || fail "-j 2: many/$f$i.mdd differs from lib/$f.mdd"
        expect_eq "$(stat -c '%a %U %G' many/$f$i.mdd)" "$(stat -c '%a %U %G' lib/$f.mdd)" \
            "-j 2: many/$f$i.mdd mode and owner"
    done
done
expect_eq "$(ls -A many | wc -l)" 9 "-j 2: files left"

# Bad files among good ones: each failure is one message, the others still convert, exit 1,
# and a file that failed is left as it was.
rm -rf mixed
cp -a src mixed
head -c 200 src/a.mdd >mixed/truncated.mdd
cp src/c.mdd mixed/badsig.mdd
# Flip the last byte of the chunk's sha512_uncompressed signature: decoding then disagrees.
sig_hex=$(sha512_of notes.txt)
offset=$(LC_ALL=C grep -obUaP "$(sed 's/../\\x&/g' <<<"$sig_hex")" mixed/badsig.mdd | cut -d: -f1)
[ -n "$offset" ] || fail "signature not found in badsig.mdd"
last=$((offset + 63))
flipped=$(printf '%02x' $((0x${sig_hex:126:2} ^ 0xff)))
printf "\\x$flipped" | dd of=mixed/badsig.mdd bs=1 seek=$last conv=notrunc status=none
badsig_sha=$(sha512_of mixed/badsig.mdd)
truncated_sha=$(sha512_of mixed/truncated.mdd)
run 1 "$MDD" convert mixed mixed/nosuch.mdd
expect_eq "$(grep -c converted "$TMP/out")" 2 "mixed: files converted"
expect_eq "$(grep -c 'already uncompressed' "$TMP/out")" 1 "mixed: files plain"
expect_eq "$(wc -l <"$TMP/err")" 3 "mixed: messages ($(cat "$TMP/err"))"
grep -q '^mdd: mixed/badsig\.mdd: ' "$TMP/err" || fail "no message for badsig.mdd"
grep -q '^mdd: mixed/truncated\.mdd: ' "$TMP/err" || fail "no message for truncated.mdd"
grep -q '^mdd: mixed/nosuch\.mdd: .*No such file or directory' "$TMP/err" ||
    fail "no message for nosuch.mdd"
expect_eq "$(sha512_of mixed/badsig.mdd)" "$badsig_sha" "badsig.mdd after a failed conversion"
expect_eq "$(sha512_of mixed/truncated.mdd)" "$truncated_sha" "truncated.mdd after a failure"
expect_eq "$(ls -A mixed | sort)" "$( (ls -A src; echo badsig.mdd; echo truncated.mdd) | sort)" \
    "mixed: files left"

# Temporary files that interrupted conversions left are removed when their file is next
# converted, plain or not; those of other files, and other hidden files, stay.
rm -rf stale
mkdir stale
cp -p src/a.mdd src/b.mdd stale/
for name in .a.mdd.tmp.4242.0123456789abcdef .b.mdd.tmp.77.fedcba9876543210 \
    .x.mdd.tmp.4242.0123456789abcdef .a.mdd.bak .a.mdd.tmpx; do
    echo leftover >"stale/$name"
done
run 0 "$MDD" convert stale/a.mdd stale/b.mdd
expect_eq "$(ls -A stale)" \
    "$(printf '%s\n' .a.mdd.bak .a.mdd.tmpx .x.mdd.tmp.4242.0123456789abcdef a.mdd b.mdd)" \
    "files after removing stale temporary files"

# A file named without a directory, in the current one.
rm -rf bare
cp -a src bare
(cd bare && "$MDD" convert c.mdd) >"$TMP/out" 2>"$TMP/err" || fail "convert c.mdd in its directory"
expect_eq "$(cat "$TMP/out")" "$(conv_line c.mdd 1 "${before_size[c]}" "$(stat -c %s lib/c.mdd)")" \
    "convert c.mdd: stdout"
expect_eq "$(ls -A bare)" "$(ls -A src)" "files after convert c.mdd"
cmp bare/c.mdd lib/c.mdd || fail "bare/c.mdd differs from lib/c.mdd"

# The command line.
run 2 "$MDD" convert
run 2 "$MDD" convert --bogus lib
run 2 "$MDD" convert -j x lib
run 2 "$MDD" convert -j lib
run 0 "$MDD" convert --help
grep -q '^Usage: mdd convert ' "$TMP/out" || fail "convert --help: no usage line"

# Two converters of one file at once: they take turns, so one converts and the other finds
# the file converted. Several rounds, on a file large enough for the runs to overlap.
seq 1 1000000 >mid.bin
run 0 "$MDD" pack -o mid.mdd --ecu MID --preset 0 --chunk 1:MID:mid.bin:lzma
mid_size=$(stat -c %s mid.mdd)
for round in 1 2 3 4 5; do
    rm -rf race
    mkdir race
    cp mid.mdd race/db.mdd
    rc1=0 rc2=0
    "$MDD" convert race/db.mdd >"$TMP/out1" 2>"$TMP/err1" &
    pid1=$!
    "$MDD" convert race/db.mdd >"$TMP/out2" 2>"$TMP/err2" &
    pid2=$!
    wait "$pid1" || rc1=$?
    wait "$pid2" || rc2=$?
    what="concurrent converters, round $round"
    expect_eq "$rc1 $rc2" "0 0" "$what: exit statuses ($(cat "$TMP/err1" "$TMP/err2"))"
    expect_eq "$(cat "$TMP/err1" "$TMP/err2")" "" "$what: stderr"
    expect_eq "$(cat "$TMP/out1" "$TMP/out2" | sort)" \
        "$(printf '%s\n' "$(conv_line race/db.mdd 1 "$mid_size" "$(stat -c %s race/db.mdd)")" \
            "race/db.mdd: already uncompressed" | sort)" "$what: stdout"
    expect_all_plain race/db.mdd
    expect_eq "$(ls -A race)" "db.mdd" "$what: files left"
done
# The same within one process: -j 4 given one file four times.
rm -rf race
mkdir race
cp mid.mdd race/db.mdd
run 0 "$MDD" convert -j 4 race/db.mdd race/db.mdd race/db.mdd race/db.mdd
expect_eq "$(sort "$TMP/out")" \
    "$(printf '%s\n' "$(conv_line race/db.mdd 1 "$mid_size" "$(stat -c %s race/db.mdd)")" \
        "race/db.mdd: already uncompressed" "race/db.mdd: already uncompressed" \
        "race/db.mdd: already uncompressed" | sort)" "-j 4 on one file: stdout"
expect_all_plain race/db.mdd
expect_eq "$(ls -A race)" "db.mdd" "-j 4 on one file: files left"
rm -rf race mid.bin mid.mdd

# A 200 MB chunk converts within 32 MB of RSS: it is decoded straight into the new file.
(yes "some diagnostic text line" || true) | head -c 200M >big.bin
big_sha=$(sha512_of big.bin)
run 0 "$MDD" pack -o big.mdd --ecu BIG --preset 0 --chunk 1:BIG:big.bin:lzma
rm big.bin
kb=$("$HELPERS/peak_rss" "$MDD" convert big.mdd) ||
    fail "mdd convert of the 200 MB chunk failed"
run 0 "$MDD" verify big.mdd
run 0 "$MDD" info --json big.mdd
expect_eq "$(jq -r '.chunks[0] | "\(.compression) \(.payload_size) \(.payload_sha512)"' \
    "$TMP/out")" "null 209715200 $big_sha" "the converted 200 MB chunk"
rm big.mdd
echo "peak RSS of mdd convert on a 200 MB chunk: $kb KB"
# AddressSanitizer's shadow memory alone exceeds the budget: the figure means nothing there.
if grep -qa __asan_init "$MDD"; then
    echo "note: sanitizer build: RSS budget not checked"
else
    [ "$kb" -lt 32768 ] || fail "peak RSS $kb KB, budget 32768 KB"
fi

# The real files: converted, their payloads the ones their expect files give.
if have_corpus; then
    mkdir corpus
    cp "$CORPUS"/*.mdd corpus/
    expected=""
    for f in corpus/*.mdd; do
        before_info[$f]=$(info_kept "$f")
        chunks=$(jq '[.container.chunks[] | select(.compression != null)] | length' \
            "$CORPUS/$(basename "${f%.mdd}").expect.json")
        expected+="$f $chunks $(stat -c %s "$f")"$'\n'
    done
    run 0 "$MDD" convert corpus
    lines=""
    while read -r f chunks size; do
        lines+="$(conv_line "$f" "$chunks" "$size" "$(stat -c %s "$f")")"$'\n'
    done <<<"${expected%$'\n'}"
    expect_eq "$(cat "$TMP/out")" "${lines%$'\n'}" "convert corpus: stdout"
    for f in corpus/*.mdd; do
        expect_all_plain "$f"
        expect_json "$(info_kept "$f")" "${before_info[$f]}" "$f: fields kept"
        run 0 "$MDD" info --json "$f"
        expect_eq "$(jq -c '[.chunks[].payload_sha512]' "$TMP/out")" \
            "$(jq -c '[.container.chunks[].payload_sha512]' \
                "$CORPUS/$(basename "${f%.mdd}").expect.json")" "$f: payload SHA-512s"
    done
else
    echo "note: no corpus in $CORPUS: the real files are not converted"
fi

# A symbolic link to an MDD file (a directory of links into a shared store, say) stays the
# link it is: the file it points to is converted, or the link is refused and the file left as
# it was. The link must never be replaced by a converted copy while its target stays
# compressed.
rm -rf store links
mkdir store links
cp -p src/c.mdd store/c.mdd
ln -s ../store/c.mdd links/c.mdd
for operand in links/c.mdd links; do
    rc=0
    "$MDD" convert "$operand" >"$TMP/out" 2>"$TMP/err" || rc=$?
    what="convert $operand (a symbolic link)"
    [ -L links/c.mdd ] || fail "$what: the link was replaced by a regular file (exit $rc)"
    expect_eq "$(readlink links/c.mdd)" ../store/c.mdd "$what: the link's target"
    expect_eq "$(ls -A links)" c.mdd "$what: files beside the link"
    if [ "$rc" -eq 0 ]; then
        cmp store/c.mdd lib/c.mdd || fail "$what: exit 0, but the target is not converted"
    else
        expect_eq "$rc" 1 "$what: exit status"
        cmp store/c.mdd src/c.mdd || fail "$what: refused, but the target changed"
    fi
done
