# SPDX-License-Identifier: Apache-2.0
# mdd convert under injected failures: every call by which a conversion changes the file
# system (writes, syncs, the temporary file's creation, mode and owner, the rename), every
# read-back (pread) and the temporary file's close is made to fail in turn, one per run,
# through the faultshim preload library. Each run must exit 1 with one message that names the
# file and the reason, and leave the directory as it was: the original byte-identical (same
# inode, mode, owner, mtime) and no temporary file.
# A fault after the rename (the directory fsync) cannot undo it. There, and only there, the
# file must instead be the complete converted file (and the error still reported): the shim's
# trace says whether the rename had been made, so each run is held to exactly one of the two
# states, never "either".
source "$(dirname "$0")/lib.bash" "$@"

SHIM=$BUILD_TESTS/faultshim.so
[ -f "$SHIM" ] || fail "$SHIM is missing (it is built with the tests)"

# shimmed VAR=VALUE... CMD...: runs CMD with the shim preloaded. A sanitizer runtime insists on
# coming first in the library list unless told otherwise.
shimmed() {
    env "$PRELOAD=$SHIM" ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
        "$@"
}

# The text strerror() gives for each errno the faults use.
declare -A STRERROR=([ENOSPC]="No space left on device" [EDQUOT]="Disk quota exceeded"
    [EIO]="Input/output error" [EROFS]="Read-only file system" [EACCES]="Permission denied"
    [EPERM]="Operation not permitted")

# The errno each kind of call fails with: what a real system gives for that call.
declare -A ERRNO_OF=([write]=ENOSPC [pwrite]=ENOSPC [fallocate]=ENOSPC [ftruncate]=EIO
    [fsync]=EIO [fdatasync]=EIO [msync]=EIO [rename]=EROFS [open-create]=EACCES
    [fchmod]=EPERM [fchown]=EPERM [pread]=EIO [close]=EIO)

cd "$WORK"
# Made-up payloads go in chunks of other types than DIAGNOSTIC_DESCRIPTION, whose payload
# mdd verify requires to be an EcuData FlatBuffer.
# One chunk of a few hundred KB of text, larger than the converter's output buffer so that it
# takes several writes, and one plain chunk.
seq 1 40000 | sed 's/^/DTC record /' >text.bin
seq 1 500 >notes.txt
run 0 "$MDD" pack -o orig.mdd --ecu FAULTY --revision 7 --meta source=faults \
    --chunk CODE_FILE:firmware.bin:text.bin:lzma \
    --chunk EMBEDDED_FILE:notes.txt:notes.txt:plain
if [ "$(id -u)" -eq 0 ]; then
    # An owner other than the converter's own makes it call fchown: that call is tested too.
    chown nobody:"$(id -gn nobody)" orig.mdd
fi
chmod 0640 orig.mdd
touch -d '2001-02-03 04:05:06' orig.mdd

# The directory each run starts from: the file and a neighbour that must stay as it is.
mkdir tmpl
cp -p orig.mdd tmpl/db.mdd
echo neighbour >tmpl/keep.txt
LISTING=$(ls -A tmpl)
ORIG_SHA=$(sha512_of orig.mdd)
ORIG_STAT=$(stat -c '%a %U %G %s %Y' orig.mdd)
run 0 "$MDD" info --json orig.mdd
ORIG_INFO=$(cat "$TMP/out")
# What info --json must say of the converted file: the same, with every chunk stored plain.
CONV_INFO=$(jq -c '.chunks[] |= (.compression = null | .uncompressed_size = null
                                 | .stored_size = .payload_size)' <<<"$ORIG_INFO")

fresh() {
    rm -rf d
    cp -a tmpl d
    INODE=$(stat -c %i d/db.mdd)
}

# The file is the original: same bytes, same inode, same mode, owner and mtime.
expect_original() {
    expect_eq "$(sha512_of d/db.mdd)" "$ORIG_SHA" "$1: SHA-512 of the file"
    expect_eq "$(stat -c %i d/db.mdd)" "$INODE" "$1: inode of the file"
    expect_eq "$(stat -c '%a %U %G %s %Y' d/db.mdd)" "$ORIG_STAT" "$1: mode, owner, size, mtime"
}

# The file is the complete converted file, with the original's mode and owner.
expect_converted() {
    run 0 "$MDD" verify d/db.mdd
    run 0 "$MDD" info --json d/db.mdd
    expect_json "$(cat "$TMP/out")" "$CONV_INFO" "$1: info --json of the converted file"
    expect_eq "$(stat -c '%a %U %G' d/db.mdd)" "$(stat -c '%a %U %G' orig.mdd)" \
        "$1: mode and owner of the converted file"
    [ -z "${CONV_SHA:-}" ] || expect_eq "$(sha512_of d/db.mdd)" "$CONV_SHA" "$1: converted bytes"
}

# A conversion without faults, counting the calls of each kind it makes.
fresh
run 0 shimmed MDD_FAULT_COUNT_REPORT="$TMP/counts" MDD_FAULT_TRACE="$TMP/count.trace" \
    "$MDD" convert d/db.mdd
expect_eq "$(ls -A d)" "$LISTING" "files after the counting run"
expect_converted "counting run"
CONV_SHA=$(sha512_of d/db.mdd)
count_of() { awk -v k="$1" '$1 == k { print $2; exit }' "$TMP/counts"; }
echo "calls of one conversion: $(tr '\n' ' ' <"$TMP/counts")"
# The steps the conversion must take: otherwise the loop below would test less than it claims.
[ "$(($(count_of write) + $(count_of pwrite)))" -ge 2 ] || fail "fewer than 2 writes counted"
[ "$(count_of fsync)" -ge 2 ] || fail "fewer than 2 fsyncs (the file and the directory)"
[ "$(count_of rename)" -eq 1 ] || fail "not exactly one rename"
[ "$(count_of open-create)" -ge 1 ] || fail "no file created"
[ "$(count_of fchmod)" -ge 1 ] || fail "no fchmod: the mode is not set"
if [ "$(id -u)" -eq 0 ]; then
    [ "$(count_of fchown)" -ge 1 ] || fail "no fchown for a file of another owner"
fi

# fault KIND N ERRNO: fails call N of KIND with ERRNO and checks what the run leaves.
fault() {
    local kind=$1 n=$2 errno=$3 what="$1 #$2 ($3)" rc=0
    fresh
    rm -f "$TMP/fired" "$TMP/trace"
    shimmed MDD_FAULT_CALL="$kind" MDD_FAULT_AT="$n" MDD_FAULT_ERRNO="$errno" \
        MDD_FAULT_REPORT="$TMP/fired" MDD_FAULT_TRACE="$TMP/trace" \
        "$MDD" convert d/db.mdd >"$TMP/out" 2>"$TMP/err" || rc=$?
    expect_eq "$(cat "$TMP/fired" 2>/dev/null)" "$kind $n" "$what: the fault fired"
    expect_eq "$rc" 1 "$what: exit status (stderr: $(cat "$TMP/err"))"
    expect_eq "$(cat "$TMP/out")" "" "$what: stdout"
    expect_eq "$(wc -l <"$TMP/err")" 1 "$what: lines on stderr ($(cat "$TMP/err"))"
    grep -q '^mdd: d/db\.mdd: ' "$TMP/err" || fail "$what: message names no file: $(cat "$TMP/err")"
    grep -qF "${STRERROR[$errno]}" "$TMP/err" ||
        fail "$what: message does not say '${STRERROR[$errno]}': $(cat "$TMP/err")"
    expect_eq "$(ls -A d)" "$LISTING" "$what: files in the directory"
    # Was the file already replaced when the fault hit? The trace lists the calls in order.
    before_fault=$(sed '/ FAULT$/,$d' "$TMP/trace")
    if grep -q " rename 1 .* -> .*db\.mdd$" <<<"$before_fault"; then
        expect_converted "$what, after the rename"
        after_rename=$((after_rename + 1))
    else
        expect_original "$what"
    fi
    faults=$((faults + 1))
}

faults=0
after_rename=0
for kind in write pwrite fallocate ftruncate fsync fdatasync msync open-create fchmod fchown \
    rename pread; do
    count=$(count_of "$kind")
    for n in $(seq 1 "$count"); do
        fault "$kind" "$n" "${ERRNO_OF[$kind]}"
    done
done
# A close can report a write error too, but only where the temporary file was written.
temp_closes=$(awk '$2 == "close" && $4 ~ /w/ && $5 ~ /\/\.db\.mdd\.tmp\./ { print $3 }' \
    "$TMP/count.trace")
[ -n "$temp_closes" ] || fail "the temporary file is never closed"
for n in $temp_closes; do
    fault close "$n" EIO
done
# The other errors a full or read-only disk gives, once each.
fault write 1 EDQUOT
fault open-create 1 EROFS
fault rename 1 EACCES
fault fsync 1 ENOSPC
echo "$faults faults injected, $after_rename of them after the rename"
[ "$after_rename" -ge 1 ] || fail "no fault landed after the rename (the directory fsync)"

# Without faults: converted, verified, same payloads.
fresh
run 0 "$MDD" convert d/db.mdd
size_after=$(stat -c %s d/db.mdd)
expect_eq "$(cat "$TMP/out")" \
    "d/db.mdd: converted (1 chunk decompressed, $(stat -c %s orig.mdd) -> $size_after bytes)" \
    "convert output"
expect_eq "$(cat "$TMP/err")" "" "convert stderr"
expect_converted "plain run"
expect_eq "$(ls -A d)" "$LISTING" "files after the plain run"
run 0 "$MDD" info --json d/db.mdd
expect_eq "$(jq -c '[.chunks[].payload_sha512]' "$TMP/out")" \
    "$(jq -c '[.chunks[].payload_sha512]' <<<"$ORIG_INFO")" "payload SHA-512s"

# A file system that cannot exchange two names (renameat2 RENAME_EXCHANGE fails with EINVAL,
# or the kernel lacks renameat2): the conversion still completes, with a plain rename.
for errno in EINVAL ENOSYS; do
    what="rename #1 ($errno)"
    fresh
    rm -f "$TMP/fired"
    run 0 shimmed MDD_FAULT_CALL=rename MDD_FAULT_AT=1 MDD_FAULT_ERRNO="$errno" \
        MDD_FAULT_REPORT="$TMP/fired" "$MDD" convert d/db.mdd
    expect_eq "$(cat "$TMP/fired")" "rename 1" "$what: the fault fired"
    expect_eq "$(cat "$TMP/out")" \
        "d/db.mdd: converted (1 chunk decompressed, $(stat -c %s orig.mdd) -> $size_after bytes)" \
        "$what: convert output"
    expect_converted "$what"
    expect_eq "$(ls -A d)" "$LISTING" "$what: files in the directory"
done

# A file replaced while it is being converted (a new version dropped in by an updater, which
# knows nothing of the converter's lock) must not be overwritten with the converted old one.
# The shim replaces it at an exact moment: before the temporary file is created, and just
# before the rename. Either the new file stays as it came (and the conversion fails), or it is
# the new file that gets converted; the temporary file never stays.
seq 1 20000 | sed 's/^/NEW record /' >new.bin
run 0 "$MDD" pack -o new.mdd --ecu FAULTY --chunk CODE_FILE:firmware.bin:new.bin:lzma
mkdir ref
cp new.mdd ref/db.mdd
run 0 "$MDD" convert ref/db.mdd
NEW_CONV_SHA=$(sha512_of ref/db.mdd)
for kind in open-create rename; do
    what="file replaced at $kind"
    fresh
    rm -f "$TMP/fired"
    rc=0
    shimmed MDD_FAULT_CALL="$kind" MDD_FAULT_AT=1 MDD_FAULT_ACTION=run \
        MDD_FAULT_RUN="cp new.mdd d/.incoming && mv d/.incoming d/db.mdd" \
        MDD_FAULT_REPORT="$TMP/fired" "$MDD" convert d/db.mdd >"$TMP/out" 2>"$TMP/err" || rc=$?
    expect_eq "$(cat "$TMP/fired" 2>/dev/null)" "$kind 1" "$what: the replacement ran"
    expect_eq "$(ls -A d)" "$LISTING" "$what: files in the directory"
    sha=$(sha512_of d/db.mdd)
    if [ "$sha" == "$NEW_CONV_SHA" ]; then
        expect_eq "$rc" 0 "$what: exit status when the new file was converted"
    elif [ "$sha" == "$(sha512_of new.mdd)" ]; then
        expect_eq "$rc" 1 "$what: exit status when the new file is left as it came"
        expect_eq "$(wc -l <"$TMP/err")" 1 "$what: lines on stderr ($(cat "$TMP/err"))"
    elif [ "$sha" == "$CONV_SHA" ]; then
        fail "$what: the new file is lost: the converted old file replaced it (exit $rc)"
    else
        fail "$what: the file is neither the new one nor any conversion (exit $rc)"
    fi
done
