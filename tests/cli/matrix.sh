# SPDX-License-Identifier: Apache-2.0
# Every command that reads a file, against every kind of bad input: a missing path, a
# directory, a FIFO, a character device, a symbolic link to each, an empty file, a header-only
# file, a truncated and a bit-flipped copy of a corpus file and the hand-made malformed files
# (make_malformed). Each run must end within a timeout with exit 1 or 2 and one line on stderr
# naming the path and the reason, leave the input as it was and write nothing beside it. Then
# every output (cat -o, pack -o, gen's files) against a device, a FIFO with a reader, a
# symbolic link, a dangling link, a directory and '-'. The commands come from `mdd --help`:
# one this test does not know fails it.
source "$(dirname "$0")/lib.bash"
have_corpus || skip "no corpus"
corpus_file=$(compgen -G "$CORPUS/*.mdd" | head -n 1)
# No run of a command on one small file takes this long: reaching it means a hang.
LIMIT=20

# ---- the commands ----

# How each command is run on a file (@ stands for it), and which kinds of input it must
# refuse (the others it may accept, but must still neither hang, change nor litter):
#   nonfile    missing, FIFO, device and the links to them, a dangling link
#   dir        a directory (commands taking PATH or DIR accept one)
#   container  empty, header-only, truncated, malformed containers
#   payload    the bit-flipped copy and the files whose chunks do not decode or verify
#   nodesc     a good file without a DIAGNOSTIC_DESCRIPTION chunk (refused by what reads one)
#   file       a regular file where a directory is wanted
declare -A usage refuses
usage[info]='info @'; refuses[info]='nonfile dir container'
usage[verify]='verify @'
usage[cat]='cat @'
usage[pack]="pack -o $WORK/out/packed.mdd --ecu E --chunk EMBEDDED_FILE:E:@:plain"
refuses[pack]='nonfile dir' # any regular file is a payload
usage[convert]='convert @'; refuses[convert]='nonfile container' # a plain file needs nothing
# sign needs a key, which openssl makes, and a libmdd with libcrypto; else it is not tried.
usage[sign]=''; refuses[sign]='nonfile dir container payload'
if command -v openssl >/dev/null &&
    openssl genpkey -algorithm ed25519 -out "$WORK/sign.key" 2>/dev/null &&
    [[ $("$MDD" sign --key "$WORK/sign.key" "$WORK/none" 2>&1) != *"without libcrypto"* ]]; then
    usage[sign]="sign --key $WORK/sign.key @"
fi
usage[dump]='dump @'
# Against a good file: a file without a description is compared by its container.
usage[diff]="diff @ $corpus_file"; refuses[diff]='nonfile dir container payload'
usage[load]='load @'; refuses[load]='nonfile container payload'
usage[sidecar]='sidecar @'; refuses[sidecar]='nonfile container payload'
# The strategy that converts the file and writes a verification record beside it.
usage[ecu]='ecu --strategy inplace @'
usage[services]='services @'; refuses[services]='nonfile container payload'
usage[lookup]='lookup @ 22F190'; refuses[lookup]='nonfile container payload'
usage[decode]='decode @ 22F190 62F190'
usage[encode]='encode @ Service {}'
usage[identify]='identify @'
usage[layout]='layout --response Service @'
usage[schema]='schema Service @'
usage[sovd]='sovd @'
usage[dtc]='dtc @'
usage[comparams]='comparams @'; refuses[comparams]='nonfile container payload'
# The strategy that writes a sidecar beside the file.
usage[states]='states --strategy sidecar @'
usage[jobs]='jobs @'
usage[sdgs]='sdgs @'
usage[install]="install @ $WORK/served"
usage[update]="update stage $WORK/served @"
usage[bench]='bench strategies @'; refuses[bench]='nonfile file'
usage[serve]='serve --listen 127.0.0.1:0 @'; refuses[serve]='nonfile file'
# gen writes a directory: it is tried with the outputs below.
usage[gen]=''
for c in "${!usage[@]}"; do
    [ -n "${refuses[$c]+set}" ] || refuses[$c]='nonfile dir container payload nodesc'
done
for c in verify cat; do
    refuses[$c]='nonfile dir container payload'
done
refuses[services]+=' nodesc'
refuses[lookup]+=' nodesc'
refuses[comparams]+=' nodesc'

mapfile -t commands < <("$MDD" --help | sed -n '/^Commands:$/,/^$/{/^  [a-z]/p}' | awk '{print $1}')
[ "${#commands[@]}" -ge 20 ] || fail "mdd --help lists only ${#commands[@]} commands"
for c in "${commands[@]}"; do
    [ -n "${usage[$c]+set}" ] || fail "mdd $c: a command this test does not know; add it"
done
[ "${MDD_TEST_HAVE_LIBEVENT:-1}" != 0 ] || usage[serve]=''

# ---- the inputs ----

cases=$WORK/cases
mkdir "$cases" "$WORK/out" "$WORK/served"
# The class of each case, by file name.
declare -A class
add_case() { class[$1]=$2; }

add_case missing.mdd nonfile
mkdir "$cases/dir.mdd"; add_case dir.mdd dir
mkfifo "$cases/fifo.mdd"; add_case fifo.mdd nonfile
# A character device: a copy of /dev/null's node where nodes can be made (root), else
# /dev/null itself through the link below.
if mknod -m 666 "$cases/device.mdd" c 1 3 2>/dev/null; then
    add_case device.mdd nonfile
    device=$cases/device.mdd
else
    device=/dev/null
fi
for target in missing dir fifo; do
    ln -s "$target.mdd" "$cases/link-$target.mdd"
done
add_case link-missing.mdd nonfile
add_case link-dir.mdd dir
add_case link-fifo.mdd nonfile
ln -s "$device" "$cases/link-device.mdd"; add_case link-device.mdd nonfile
: >"$cases/empty.mdd"; add_case empty.mdd container
head -c 20 "$corpus_file" >"$cases/header.mdd"; add_case header.mdd container
size=$(stat -c %s "$corpus_file")
head -c $((size / 2)) "$corpus_file" >"$cases/truncated.mdd"; add_case truncated.mdd container
# One bit in the middle of the file, inside the chunk's data.
cp "$corpus_file" "$cases/flipped.mdd"
chmod u+w "$cases/flipped.mdd"
byte=$(od -An -tu1 -j $((size / 2)) -N1 "$corpus_file" | tr -d ' ')
printf "\\$(printf %03o $((byte ^ 1)))" |
    dd of="$cases/flipped.mdd" bs=1 seek=$((size / 2)) conv=notrunc status=none
add_case flipped.mdd payload
run 1 "$MDD" verify "$cases/flipped.mdd"

# A good file, plain (nothing to convert), whose only chunk is not a diagnostic description.
echo payload >"$WORK/out/embedded"
run 0 "$MDD" pack -o "$cases/nodesc.mdd" --ecu E --chunk "EMBEDDED_FILE:E:$WORK/out/embedded:plain"
add_case nodesc.mdd nodesc
# The same compressed: the inplace strategy would convert it, the sidecar one write its .fb,
# before learning that no description is there.
run 0 "$MDD" pack -o "$cases/nodesc-lzma.mdd" --ecu E --chunk "EMBEDDED_FILE:E:$WORK/out/embedded"
add_case nodesc-lzma.mdd nodesc

# The hand-made malformed files; those the container parser itself refuses are "container".
malformed=$BUILD_TESTS/matrix-malformed
"$HELPERS/make_malformed" "$malformed"
container_level='overlong_varint bad_wire_type length_past_end data_past_end no_chunks bad_magic short'
while IFS=$'\t' read -r name _; do
    cp "$malformed/$name" "$cases/$name"
    if [[ " $container_level " == *" ${name%.mdd} "* ]]; then
        add_case "$name" container
    else
        add_case "$name" payload
    fi
done <"$malformed/expected.txt"

# What a directory holds: names, kinds, link targets, sizes and the content of each file.
snapshot() {
    local dir
    for dir in "$@"; do
        (cd "$dir" && find . -printf '%p %y %l %s\n' | LC_ALL=C sort &&
            find . -type f -exec sha512sum {} + | LC_ALL=C sort -k2)
    done
}

# remove_new DIR SNAPSHOT: removes the files of DIR that SNAPSHOT (of DIR first) does not list.
remove_new() {
    local entry
    while read -r entry; do
        rm -f "$1/$entry"
    done < <(comm -13 <(awk '$2 != "" {print $1}' <<<"$2" | LC_ALL=C sort -u) \
        <(cd "$1" && find . -type f | LC_ALL=C sort))
}

# check_failure CASE-PATH WHAT: the last run failed with exit 1 or 2 and one line that names
# the path and gives a reason.
check_failure() {
    local lines line
    lines=$(wc -l <"$TMP/err")
    line=$(head -n 1 "$TMP/err")
    [ "$lines" -eq 1 ] || fail "$2: expected one line on stderr, got $lines: $(cat "$TMP/err")"
    [[ $line == *"$1: "?* ]] || fail "$2: the message does not name $1 with a reason: $line"
}

# must_refuse COMMAND KIND: whether COMMAND must refuse an input of KIND.
must_refuse() {
    local r=" ${refuses[$1]} "
    case $2 in
    container | payload | nodesc) [[ $r == *" $2 "* || $r == *" file "* ]] ;;
    *) [[ $r == *" $2 "* ]] ;;
    esac
}

# The accepted inputs a command rewrites as its work (convert and load decompress the
# compressed file without a description, sign signs it) are put back from a copy made now.
rewrites=' convert load sign '
pristine=$WORK/pristine
mkdir -p "$pristine"
find "$cases" -maxdepth 1 -type f -exec cp -p {} "$pristine/" \;

runs=0
before=$(snapshot "$cases" "$WORK/served")
for c in "${commands[@]}"; do
    [ -n "${usage[$c]}" ] || continue
    for name in "${!class[@]}"; do
        kind=${class[$name]}
        # A directory is what a command taking DIR works on (serve would serve it).
        [[ $kind != dir || " ${refuses[$c]} " != *" file "* ]] || continue
        path=$cases/$name
        read -ra argv <<<"${usage[$c]//@/$path}"
        what="mdd ${usage[$c]//@/$name}"
        rc=0
        timeout "$LIMIT" "$MDD" "${argv[@]}" >"$TMP/out" 2>"$TMP/err" </dev/null || rc=$?
        [ "$rc" -ne 124 ] || fail "$what: still running after $LIMIT s"
        if must_refuse "$c" "$kind" || [ "$rc" -ne 0 ]; then
            [ "$rc" -eq 1 ] || [ "$rc" -eq 2 ] ||
                fail "$what: exit $rc, expected 1 or 2; stderr: $(cat "$TMP/err")"
            check_failure "$path" "$what"
        else
            # What an accepted file gets beside it (a record, a sidecar) is the command's
            # work, not debris; it goes, so that every run starts from the same inputs.
            remove_new "$cases" "$before"
            [[ $rewrites != *" $c "* || ! -f $pristine/$name ]] || cp -p "$pristine/$name" "$path"
        fi
        # What this run found is what the next one starts from.
        after=$(snapshot "$cases" "$WORK/served")
        [ "$after" == "$before" ] || fail "$what: changed the inputs or wrote beside them:
$(diff <(echo "$before") <(echo "$after"))"
        runs=$((runs + 1))
    done
done

# ---- the outputs ----

# The bytes each output must receive, written to a regular file.
run 0 "$MDD" cat "$corpus_file" -o "$WORK/out/expected.payload"
run 0 "$MDD" pack -o "$WORK/out/expected.pack" --ecu E \
    --chunk "EMBEDDED_FILE:E:$WORK/out/expected.payload:plain"
# out_run COMMAND OUT: writes COMMAND's output to OUT.
out_run() {
    case $1 in
    cat) "$MDD" cat "$corpus_file" -o "$2" ;;
    pack) "$MDD" pack -o "$2" --ecu E --chunk "EMBEDDED_FILE:E:$WORK/out/expected.payload:plain" ;;
    esac
}
# The commands with an output option are the ones this test writes with.
for c in "${commands[@]}"; do
    if "$MDD" "$c" --help | grep -q -- '-o, --output'; then
        [[ $c == cat || $c == pack ]] || fail "mdd $c has -o: add it to out_run"
    fi
done

outs=$WORK/outs
for c in cat pack; do
    rm -rf "$outs"
    mkdir "$outs"
    expected=$WORK/out/expected.$([ $c == cat ] && echo payload || echo pack)
    # A device is written in place and stays a device.
    if mknod -m 666 "$outs/device" c 1 3 2>/dev/null; then
        run 0 out_run $c "$outs/device"
        expect_eq "$(stat -c %F "$outs/device")" "character special file" "$c -o device: kind"
        rm "$outs/device"
    fi
    # Only where it cannot be replaced (not root), in case the rule is ever broken.
    if [ ! -w /dev ]; then
        run 0 out_run $c /dev/null
        expect_eq "$(stat -c %F /dev/null)" "character special file" "$c -o /dev/null: kind"
    fi
    # A FIFO is written in place to its reader, which the writer's open waits for.
    mkfifo "$outs/fifo"
    cat "$outs/fifo" >"$outs/from-fifo" &
    reader=$!
    run 0 out_run $c "$outs/fifo"
    wait "$reader" || fail "$c -o fifo: the reader failed"
    cmp -s "$outs/from-fifo" "$expected" || fail "$c -o fifo: the reader got other bytes"
    expect_eq "$(stat -c %F "$outs/fifo")" "fifo" "$c -o fifo: kind"
    # Through a symbolic link the file it leads to is replaced; the link stays.
    echo old >"$outs/target"
    ln -s target "$outs/link"
    run 0 out_run $c "$outs/link"
    expect_eq "$(readlink "$outs/link")" target "$c -o link: the link"
    cmp -s "$outs/target" "$expected" || fail "$c -o link: the target does not hold the output"
    # '-' is stdout.
    run 0 out_run $c -
    cmp -s "$TMP/out" "$expected" || fail "$c -o -: stdout does not hold the output"
    # Refused, leaving everything as it was: a dangling link, a directory.
    ln -s nowhere "$outs/dangling"
    mkdir "$outs/dir"
    before=$(snapshot "$outs")
    run 1 out_run $c "$outs/dangling"
    expect_eq "$(cat "$TMP/err")" "mdd: $outs/dangling: a symbolic link to a missing file: not written" \
        "$c -o dangling link"
    run 1 out_run $c "$outs/dir"
    expect_eq "$(cat "$TMP/err")" "mdd: $outs/dir: not a regular file (a directory): not written" \
        "$c -o directory"
    expect_eq "$(snapshot "$outs")" "$before" "$c: what the refused outputs left"
done

# gen: each file it writes follows the same rule; its directory must be one.
rm -rf "$outs"
mkdir "$outs"
run 0 "$MDD" gen --ecus 1 --target-bytes 320000 "$outs/plain"
name=$(cd "$outs/plain" && ls)
mkdir "$outs/gen"
echo old >"$outs/gen-target"
ln -s ../gen-target "$outs/gen/$name"
run 0 "$MDD" gen --ecus 1 --target-bytes 320000 "$outs/gen"
expect_eq "$(readlink "$outs/gen/$name")" ../gen-target "gen: the link"
cmp -s "$outs/gen-target" "$outs/plain/$name" || fail "gen: the link's target does not hold the file"
mkfifo "$outs/gen-fifo"
run 1 "$MDD" gen --ecus 1 --target-bytes 320000 "$outs/gen-fifo"
check_failure "$outs/gen-fifo" "gen into a FIFO"

# The files the tool keeps beside an MDD file are its own: one that is not a regular file is
# refused and left alone, never written through.
cp "$corpus_file" "$outs/side.mdd"
mkfifo "$outs/side.mdd.fb"
before=$(snapshot "$outs")
run 1 timeout "$LIMIT" "$MDD" sidecar "$outs/side.mdd"
check_failure "$outs/side.mdd" "sidecar with a FIFO in the sidecar's place"
grep -q 'not a regular file (a FIFO): not replaced' "$TMP/err" ||
    fail "sidecar with a FIFO in the sidecar's place: $(cat "$TMP/err")"
expect_eq "$(snapshot "$outs")" "$before" "sidecar with a FIFO in the sidecar's place"

echo "matrix: ${#commands[@]} commands, ${#class[@]} inputs, $runs runs; outputs of cat, pack, gen, sidecar"
