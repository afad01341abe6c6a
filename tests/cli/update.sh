# SPDX-License-Identifier: Apache-2.0
# mdd update: a set of files staged (checked as an open checks them and against what they
# replace), shown as it will be after apply, applied as one switch, rolled back (right after
# the first update, and forward again), cleaned up. Refused files leave the stage as it was;
# a second update is refused naming the holder; actions that do not fit are usage errors.
source "$(dirname "$0")/lib.bash" "$@"

cd "$WORK"
run 0 "$MDD" gen --ecus 3 gen
run 0 "$MDD" cat gen/BCM1000.mdd -o payload.fb
make_revisions . payload.fb BCM1000
mkdir live new old other
mv a.mdd live/BCM1000.mdd
cp gen/ECM1001.mdd live/ECM1001.mdd
mv b.mdd new/BCM1000.mdd
cp gen/FG_TCM_01.mdd new/FG_TCM_01.mdd
perl -0777 -pe 's/01\.00\.00/00.09.00/' payload.fb >older.fb
run 0 "$MDD" pack -o old/BCM1000.mdd --ecu BCM1000 --revision 00.09.00 \
    --chunk "DIAGNOSTIC_DESCRIPTION:BCM1000:older.fb:plain"
cp gen/FG_TCM_01.mdd other/BCM1000.mdd
OLD_BCM=$(sha512_of live/BCM1000.mdd)
OLD_ECM=$(sha512_of live/ECM1001.mdd)
NEW_BCM=$(sha512_of new/BCM1000.mdd)
run 0 "$MDD" load live

# mdd files DIR: its *.mdd files with their SHA-512, one per line.
mdd_files() {
    (cd "$1" && for f in *.mdd; do [ -e "$f" ] && echo "$f $(sha512_of "$f")"; done)
}
OLD_SET=$(mdd_files live)

# ---- Refusals: the stage stays as it was ----

refused() {
    local file=$1 reason=$2
    run 1 "$MDD" update stage live "$file"
    expect_eq "$(cat "$TMP/err")" "mdd: $file: $reason" "stage of $file"
    expect_eq "$(mdd_files live)" "$OLD_SET" "$file: the live set"
    expect_eq "$(ls -A live/.mdd-update 2>/dev/null)" "" "$file: what the refused stage left"
}
refused old/BCM1000.mdd "revision 00.09.00 is older than revision 01.00.00 of live/BCM1000.mdd; refused"
refused other/BCM1000.mdd \
    "holds ECU 'FG_TCM_01', but live/BCM1000.mdd holds ECU 'BCM1000'; refused (forcing the ECU takes it)"
echo "not an MDD file" >broken.mdd
refused broken.mdd "magic: file is 16 bytes, shorter than the 20-byte MDD magic"
run 1 "$MDD" update stage live payload.fb
expect_eq "$(cat "$TMP/err")" \
    "mdd: payload.fb: an update's file must be named NAME.mdd (it keeps that name in the directory)" \
    "a source not named NAME.mdd"

# ---- Usage ----

run 2 "$MDD" update stage live
run 2 "$MDD" update apply live new/BCM1000.mdd
run 2 "$MDD" update status --exact live
run 2 "$MDD" update frobnicate live
mkfifo fifo
for dir in fifo /dev/null new/BCM1000.mdd; do
    for action in status apply; do
        run 1 "$MDD" update "$action" "$dir"
        expect_eq "$(cat "$TMP/err")" "mdd: $dir: not a directory" "$action of $dir"
    done
done
run 1 "$MDD" update status missing
expect_eq "$(cat "$TMP/err")" "mdd: missing: No such file or directory" "status of a missing DIR"
run 1 "$MDD" update stage live fifo.mdd
expect_eq "$(cat "$TMP/err")" "mdd: fifo.mdd: open: No such file or directory" "a missing source"
ln -s live live-link
run 0 "$MDD" update status live-link
run 1 "$MDD" update apply live
expect_eq "$(cat "$TMP/err")" "mdd: live: apply: nothing to switch (nothing is staged)" "apply of nothing"
run 1 "$MDD" update rollback live
expect_eq "$(cat "$TMP/err")" "mdd: live: rollback: nothing to switch (no backup)" "rollback of nothing"

# ---- Stage and status ----

run 0 "$MDD" update stage live new/BCM1000.mdd new/FG_TCM_01.mdd --remove ECM1001
expect_eq "$(cat "$TMP/out")" "staged: new/BCM1000.mdd
staged: new/FG_TCM_01.mdd
staged: removal of ECU ECM1001" "stage"
expect_eq "$(mdd_files live)" "$OLD_SET" "the live set while staged"
run 0 "$MDD" update status --json live
jq -e . "$TMP/out" >/dev/null || fail "status --json is not JSON"
expect_eq "$(jq -r '.files[] | "\(.name) \(.change) \(.ecu) \(.old.revision) \(.new.revision)"' "$TMP/out")" \
"BCM1000.mdd changed BCM1000 01.00.00 01.10.00
ECM1001.mdd removed ECM1001 01.00.00 null
FG_TCM_01.mdd added FG_TCM_01 null 01.00.00" "status files"
expect_eq "$(jq -r '.files[0].new.sha512' "$TMP/out")" "$NEW_BCM" "the staged file's SHA-512"
# FG_TCM_01 comes compressed: the stage holds it converted.
NEW_FG=$(jq -r '.files[2].new.sha512' "$TMP/out")
expect_eq "$NEW_FG" "$(sha512_of live/.mdd-update/stage/FG_TCM_01.mdd)" "the converted staged file"
expect_eq "$(jq -r '.files[0].old.sha512' "$TMP/out")" "$OLD_BCM" "the live file's SHA-512"
expect_eq "$(jq -r '.files[0].new.size' "$TMP/out")" "$(stat -c %s new/BCM1000.mdd)" "the staged size"
expect_eq "$(jq -c '.files[0].diff' "$TMP/out")" '{"added":0,"removed":0,"changed":2,"renamed":0}' \
    "the changed file's differences (its revision, in the container and the payload)"
expect_eq "$(jq -c '[.staged, .backup, .in_flight]' "$TMP/out")" '[3,0,null]' "in flight"
run 0 "$MDD" update status live
expect_line "  changed   BCM1000.mdd (ECU BCM1000): 0 added, 0 removed, 2 changed, 0 renamed" \
    "$TMP/out" "status text"
expect_line "staged: 3, rollback: 0, in flight: nothing" "$TMP/out" "status text"

# A second update is refused, naming the holder: the directory's lock is held (as an update
# or an install holds it) until the holder is told to go.
mkfifo held release
flock live sh -c 'echo locked >held; read x <release' &
holder=$!
read -r _ <held
run 1 "$MDD" update stage live new/BCM1000.mdd
expect_eq "$(cat "$TMP/err")" \
    "mdd: live: another update is in flight (an install or an update that names no holder)" "busy"
echo go >release
wait "$holder"

# ---- Apply, rollback, rollback again, cleanup ----

run 0 "$MDD" update apply live
expect_eq "$(cat "$TMP/out")" "live: apply done" "apply"
expect_eq "$(mdd_files live)" "BCM1000.mdd $NEW_BCM
FG_TCM_01.mdd $NEW_FG" "the set after apply"
run 0 "$MDD" load live
expect_eq "$(ls -A live/.mdd-update | tr '\n' ' ')" "backup switch " "the update's files after apply"
run 0 "$MDD" info --json live/BCM1000.mdd
expect_eq "$(jq -r .history_revision "$TMP/out")" 01.10.00 "the history, raised by apply"

run 0 "$MDD" update rollback live
expect_eq "$(mdd_files live)" "$OLD_SET" "the set after rollback"
# The history went back with the files: every file loads, none is refused as a downgrade.
run 0 "$MDD" info --json live/BCM1000.mdd
expect_eq "$(jq -r .history_revision "$TMP/out")" 01.00.00 "the history, set back by rollback"
run 0 "$MDD" update stage live old/BCM1000.mdd --allow-downgrade
run 0 "$MDD" update cleanup live
run 1 "$MDD" update rollback live
expect_eq "$(ls -A live/.mdd-update)" "switch" "after cleanup"
expect_eq "$(mdd_files live)" "$OLD_SET" "cleanup leaves the set"

# Rollback right after the first update, and a second rollback that goes forward again.
run 0 "$MDD" update stage live new/BCM1000.mdd --exact
run 0 "$MDD" update apply live
expect_eq "$(mdd_files live)" "BCM1000.mdd $NEW_BCM" "--exact leaves only the staged set"
run 0 "$MDD" update rollback live
expect_eq "$(mdd_files live)" "$OLD_SET" "rollback after --exact"
run 0 "$MDD" update rollback live
expect_eq "$(mdd_files live)" "BCM1000.mdd $NEW_BCM" "a second rollback goes forward"
expect_eq "$OLD_ECM" "$(sha512_of gen/ECM1001.mdd)" "the source files stay"

# ---- The signature policy at stage ----

command -v openssl >/dev/null || skip "openssl is not installed (the signature policy is not tried)"
openssl genpkey -algorithm ed25519 -out key.pem 2>/dev/null
mkdir trust signed
openssl pkey -in key.pem -pubout -out trust/key.pub.pem 2>/dev/null
cp new/BCM1000.mdd signed/BCM1000.mdd
if ! "$MDD" sign --key key.pem signed/BCM1000.mdd >/dev/null 2>"$TMP/err"; then
    grep -q 'without libcrypto' "$TMP/err" || fail "sign: $(cat "$TMP/err")"
    skip "this libmdd checks no signatures (no libcrypto)"
fi
run 0 "$MDD" update cleanup live
run 1 "$MDD" update stage --trust trust --require-signature live new/FG_TCM_01.mdd
expect_eq "$(cat "$TMP/err")" \
    "mdd: new/FG_TCM_01.mdd: MDDFile.chunks_signature: unsigned, and the policy requires a signature" \
    "an unsigned file"
expect_eq "$(ls -A live/.mdd-update)" "switch" "the stage after an unsigned file"
run 0 "$MDD" update stage --trust trust --require-signature live signed/BCM1000.mdd
run 0 "$MDD" update status --json live
expect_eq "$(jq -r '.files[] | select(.change != "unchanged") | .name' "$TMP/out")" "BCM1000.mdd" \
    "the signed file, staged"
