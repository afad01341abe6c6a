# SPDX-License-Identifier: Apache-2.0
# A directory of many files: two revisions of one ECU both load (mdd ecu, lookup and load), the
# newer is the default and the older stays reachable by its path, and the choice is printed as
# a note; a broken file among good ones is refused, or skipped with a note under --skip-invalid.
source "$(dirname "$0")/lib.bash" "$@"

run 0 "$MDD" gen --ecus 1 "$WORK/gen"
F=$(echo "$WORK"/gen/*.mdd)
ECU=$(basename "$F" .mdd)
run 0 "$MDD" cat "$F" -o "$WORK/payload"
D=$WORK/db
mkdir "$D"
make_revisions "$D" "$WORK/payload" "$ECU"
run 0 "$MDD" services "$F"
SERVICE=$(head -n 1 "$TMP/out")
HEX=${SERVICE%% *}
NAME=${SERVICE##* }
DUPLICATE_NOTE="mdd: note: $D/a.mdd: ECU '$ECU' revision 01.00.00 is also in $D/b.mdd revision \
01.10.00, the default; this file stays reachable by its path"

# ---- two revisions: the newer is the default, whatever the order of the files ----
run 0 "$MDD" ecu --json "$D"
expect_eq "$(jq -r .revision "$TMP/out")" 01.10.00 "the default's revision"
expect_eq "$(cat "$TMP/err")" "$DUPLICATE_NOTE" "the note on the duplicate"
# Both hold the same services: the older one answers when named by its path.
run 0 "$MDD" lookup --ecu "$D/a.mdd" "$D" "$HEX"
expect_line "$NAME" "$TMP/out" "lookup in the older file by path"
run 0 "$MDD" lookup --ecu "$ECU" "$D" "$HEX"
expect_line "$NAME" "$TMP/out" "lookup in the default by name"
run 1 "$MDD" lookup --ecu "$D/c.mdd" "$D" "$HEX"
expect_line "mdd: $D: no ECU named '$D/c.mdd'" "$TMP/err" "a path that is not in the database"

# mdd load reads the containers, which name the same revisions, and notes the same choice.
run 0 "$MDD" load --strategy heap "$D"
expect_eq "$(cat "$TMP/err")" "$DUPLICATE_NOTE" "mdd load's note on the duplicate"
expect_eq "$(grep -c "^$D/[ab]\.mdd: heap, 1 chunk, $(stat -c %s "$WORK/payload") payload bytes;" \
    "$TMP/out")" 2 "mdd load loads both"

# ---- a broken file among good ones ----
printf 'MDD version 0      \0garbage' >"$D/bad.mdd"
run 1 "$MDD" ecu "$D"
refused=$(cat "$TMP/err")
[[ $refused == "mdd: $D/bad.mdd: "* ]] || fail "the refusal names the file: $refused"
run 0 "$MDD" ecu --skip-invalid --json "$D"
expect_eq "$(jq -r .revision "$TMP/out")" 01.10.00 "the default once bad.mdd is skipped"
expect_eq "$(cat "$TMP/err")" "mdd: note: ${refused#mdd: } (skipped)
$DUPLICATE_NOTE" "the notes with a skipped file"
run 0 "$MDD" lookup --skip-invalid "$D" "$HEX"
expect_line "$NAME" "$TMP/out" "lookup with a skipped file"
echo "many_files: two revisions of $ECU and a broken file"
