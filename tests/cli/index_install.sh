# SPDX-License-Identifier: Apache-2.0
# The persisted index beside an installed file: a database open under inplace writes
# NAME.mdd.idx once and reads it back at the next open; after `mdd install` renames another
# file over NAME.mdd, the old index is stale (another inode), so the next open answers from
# the new file and writes a new index, never the old one's answers.
source "$(dirname "$0")/lib.bash" "$@"

cd "$WORK"
run 0 "$MDD" gen --ecus 1 --seed 1 one
run 0 "$MDD" gen --ecus 1 --seed 2 two
name=$(cd one && ls -- *.mdd)
[ -e "two/$name" ] || fail "the two seeds name their ECU differently"
mkdir dir
cp "one/$name" "dir/$name"

run 0 "$MDD" services --strategy inplace "dir/$name"
cp "$TMP/out" first.txt
[ -f "dir/$name.idx" ] || fail "no index written at the first open"
INODE=$(stat -c %i "dir/$name.idx")
run 0 "$MDD" services --strategy inplace "dir/$name"
expect_eq "$(cat "$TMP/out")" "$(cat first.txt)" "services, from the index"
expect_eq "$(stat -c %i "dir/$name.idx")" "$INODE" "the index is read, not written again"

run 0 "$MDD" install --allow-downgrade "two/$name" dir
run 0 "$MDD" services --strategy heap "two/$name"
cp "$TMP/out" want.txt
cmp -s want.txt first.txt && fail "the two files list the same services"
run 0 "$MDD" services --strategy inplace "dir/$name"
expect_eq "$(cat "$TMP/out")" "$(cat want.txt)" "services after the install"
[ "$(stat -c %i "dir/$name.idx")" != "$INODE" ] || fail "the stale index was kept"
run 0 "$MDD" services --strategy inplace "dir/$name"
expect_eq "$(cat "$TMP/out")" "$(cat want.txt)" "services after the install, from the new index"
