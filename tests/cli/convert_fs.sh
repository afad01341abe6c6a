# SPDX-License-Identifier: Apache-2.0
# mdd convert against real file system failures, on tmpfs mounts: a disk too small for the
# converted file, a read-only file system, and a directory the user may not write to. Each
# exits 1 with a message naming the file and the reason, and leaves the original byte-identical
# with no temporary file beside it. Needs root (to mount); skipped where mounting is refused.
source "$(dirname "$0")/lib.bash" "$@"

# mount_or_skip DIR SIZE: this test needs its tmpfs mounts.
mount_or_skip() {
    mount_tmpfs "$1" "$2" || skip "cannot mount a tmpfs: $(cat "$TMP/mount.err")"
}

cd "$WORK"
# Made-up payloads go in chunks of other types than DIAGNOSTIC_DESCRIPTION, whose payload
# mdd verify requires to be an EcuData FlatBuffer.
seq 1 500000 >text.bin # 3.4 MB, which lzma makes a few hundred KB
seq 1 300 >notes.txt
run 0 "$MDD" pack -o orig.mdd --ecu FS --chunk CODE_FILE:FS:text.bin:lzma \
    --chunk EMBEDDED_FILE:notes.txt:notes.txt:plain
run 0 "$MDD" pack -o plain.mdd --ecu FS --chunk EMBEDDED_FILE:FS:notes.txt:plain
ORIG_SIZE=$(stat -c %s orig.mdd)
ORIG_SHA=$(sha512_of orig.mdd)
PLAIN_SHA=$(sha512_of plain.mdd)
PAYLOAD_SIZE=$(($(stat -c %s text.bin) + $(stat -c %s notes.txt)))

# expect_failure DIR REASON: the last run failed on DIR/db.mdd with one message saying REASON,
# and DIR holds what it held before, the original untouched.
expect_failure() {
    expect_eq "$(wc -l <"$TMP/err")" 1 "$1: lines on stderr ($(cat "$TMP/err"))"
    grep -q "^mdd: $1/db\\.mdd: .*$2" "$TMP/err" ||
        fail "$1: message does not name the file and say '$2': $(cat "$TMP/err")"
    expect_eq "$(sha512_of "$1/db.mdd")" "$ORIG_SHA" "$1: the original's SHA-512"
    expect_eq "$(stat -c %i "$1/db.mdd")" "$INODE" "$1: the original's inode"
    expect_eq "$(ls -A "$1")" "$(printf 'db.mdd\nplain.mdd')" "$1: files left"
}

# setup DIR: the compressed file and a plain one in DIR.
setup() {
    cp orig.mdd "$1/db.mdd"
    cp plain.mdd "$1/plain.mdd"
    INODE=$(stat -c %i "$1/db.mdd")
}

# (a) No space: room for the compressed file and 1 MB, not for the 3.4 MB converted one.
mount_or_skip small $((ORIG_SIZE + (1 << 20)))
setup small
run 1 "$MDD" convert small/db.mdd
expect_eq "$(cat "$TMP/out")" "" "no space: stdout"
expect_failure small "No space left on device"
# The already plain file in the same full place is fine as it is.
run 0 "$MDD" convert small/plain.mdd
expect_eq "$(cat "$TMP/out")" "small/plain.mdd: already uncompressed" "plain file on a full disk"
expect_eq "$(sha512_of small/plain.mdd)" "$PLAIN_SHA" "plain file on a full disk"
# Given room, the same file converts.
mount -o remount,size=$((ORIG_SIZE + PAYLOAD_SIZE + (1 << 20))) small
run 0 "$MDD" convert small/db.mdd
grep -q '^small/db\.mdd: converted (' "$TMP/out" ||
    fail "no conversion with room: $(cat "$TMP/out")"
run 0 "$MDD" verify small/db.mdd
expect_eq "$(ls -A small)" "$(printf 'db.mdd\nplain.mdd')" "files after converting with room"

# (b) Read-only file system.
mount_or_skip ro 16M
setup ro
mount -o remount,ro ro
run 1 "$MDD" convert ro/db.mdd
expect_eq "$(cat "$TMP/out")" "" "read-only: stdout"
expect_failure ro "Read-only file system"
# A plain file needs no writing: nothing to do, and no error.
run 0 "$MDD" convert ro/plain.mdd
expect_eq "$(cat "$TMP/out")" "ro/plain.mdd: already uncompressed" "plain file, read-only"
# Both at once: one failure makes the exit status 1, the other file is still reported.
run 1 "$MDD" convert ro
expect_eq "$(cat "$TMP/out")" "ro/plain.mdd: already uncompressed" "directory, read-only: stdout"
expect_failure ro "Read-only file system"

# (c) A directory the user may not write to: root may write anywhere, so run as nobody.
as_nobody=()
if command -v setpriv >/dev/null; then
    as_nobody=(setpriv --reuid="$(id -u nobody)" --regid="$(id -g nobody)" --clear-groups)
elif command -v runuser >/dev/null; then
    as_nobody=(runuser -u nobody --)
fi
if [ "$(id -u)" -ne 0 ] || [ ${#as_nobody[@]} -eq 0 ]; then
    echo "note: not root or no setpriv/runuser: the permission case is skipped"
    exit 0
fi
# nobody must reach the files (through the scratch directory) and run the tool.
chmod 0711 "$TMP" "$WORK"
mkdir bin
install -m 0755 "$MDD" bin/mdd
mount_or_skip perm 16M
setup perm
chmod 0644 perm/db.mdd perm/plain.mdd
run 1 "${as_nobody[@]}" bin/mdd convert perm/db.mdd
expect_eq "$(cat "$TMP/out")" "" "no permission: stdout"
expect_failure perm "Permission denied"
run 0 "${as_nobody[@]}" bin/mdd convert perm/plain.mdd
expect_eq "$(cat "$TMP/out")" "perm/plain.mdd: already uncompressed" "plain file, no permission"
