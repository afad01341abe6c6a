# SPDX-License-Identifier: Apache-2.0
# The downgrade history of a directory (DIR/.mdd-history): mdd install records the revision it
# installs, and refuses an older one even after the ECU's file was deleted (--allow-downgrade
# takes it, and leaves the history at the highest revision); mdd info shows it; a damaged
# history or one others could write refuses installs and is left as it is; mdd serve refuses a
# file below it at startup and in a reload after a delete.
source "$(dirname "$0")/lib.bash" "$@"

cd "$WORK"
run 0 "$MDD" gen --ecus 1 gen
run 0 "$MDD" cat gen/BCM1000.mdd -o payload.fb
make_revisions . payload.fb BCM1000 # a.mdd 01.00.00, b.mdd 01.10.00
mkdir older newer dir
mv a.mdd older/BCM1000.mdd
mv b.mdd newer/BCM1000.mdd
DOWNGRADE="ECU 'BCM1000' revision 01.00.00 is older than revision 01.10.00, the highest \
accepted before (dir/.mdd-history)"

# history_is WHAT FILE REVISION: mdd info FILE shows REVISION as the history's, in text (no
# line when null) and JSON.
history_is() {
    run 0 "$MDD" info --json "$2"
    expect_eq "$(jq -r .history_revision "$TMP/out")" "$3" "$1: history_revision"
    run 0 "$MDD" info "$2"
    expect_eq "$(grep '^history:' "$TMP/out" || true)" \
        "$([ "$3" == null ] || printf '%-15s%s' history: "$3")" "$1: the history line"
}

run 0 "$MDD" install newer/BCM1000.mdd dir
expect_eq "$(cat "$TMP/out")" "dir/BCM1000.mdd: installed ECU 'BCM1000' revision 01.10.00 (new)" \
    "install of 01.10.00"
expect_eq "$(stat -c %a dir/.mdd-history)" 644 "the history's mode"
history_is "installed" dir/BCM1000.mdd 01.10.00
history_is "elsewhere" older/BCM1000.mdd null

# Deleted, then the older revision: still a downgrade.
rm dir/BCM1000.mdd
run 1 "$MDD" install older/BCM1000.mdd dir
expect_eq "$(cat "$TMP/err")" \
    "mdd: older/BCM1000.mdd: $DOWNGRADE; refused (--allow-downgrade takes it)" \
    "older revision after a delete"
expect_eq "$(ls -A dir)" $'.mdd-history\n.mdd-history.lock' "files after the refusal"

# --allow-downgrade takes it; the history keeps the highest revision.
run 0 "$MDD" install --allow-downgrade older/BCM1000.mdd dir
expect_eq "$(cat "$TMP/out")" "dir/BCM1000.mdd: installed ECU 'BCM1000' revision 01.00.00 (new)" \
    "--allow-downgrade"
history_is "after the downgrade" dir/BCM1000.mdd 01.10.00
cp -p dir/.mdd-history kept

# A history that cannot be trusted refuses installs, naming it and why, and stays as it is.
perl -0777 -pi -e 's/01\.10\.00/01.10.01/' dir/.mdd-history
cp -p dir/.mdd-history damaged
run 1 "$MDD" install newer/BCM1000.mdd dir
expect_eq "$(cat "$TMP/err")" \
    "mdd: newer/BCM1000.mdd: dir/.mdd-history: SHA-512 mismatch: the history is damaged; refused" \
    "a damaged history"
cmp -s damaged dir/.mdd-history || fail "the damaged history changed"
run 0 "$MDD" info dir/BCM1000.mdd
expect_eq "$(cat "$TMP/err")" \
    "mdd: note: dir/.mdd-history: SHA-512 mismatch: the history is damaged" "info's note"
cp -p kept dir/.mdd-history
chmod 0664 dir/.mdd-history
run 1 "$MDD" install newer/BCM1000.mdd dir
expect_eq "$(cat "$TMP/err")" \
    "mdd: newer/BCM1000.mdd: dir/.mdd-history: writable by group or others (mode 664); refused" \
    "a history others can write"
chmod 0644 dir/.mdd-history

# ---- mdd serve: at startup, and in a reload after a delete ----

require_http
source "$(dirname "$0")/serve_lib.bash"
start_server dir
expect_eq "$(cat "$TMP/serve.err")" "mdd: note: dir/BCM1000.mdd: $DOWNGRADE (refused: a downgrade)" \
    "startup note"
: >"$TMP/serve.err"
expect_eq "$(curl -sf "$BASE/ecus" | jq -c '[.ecus[].name]')" '[]' "ECUs at startup"

# reloaded WHAT COUNTS: the next reload's line says COUNTS.
reloaded() {
    local got
    IFS= read -r -t 120 got <&"$LISTEN_FD" || fail "$1: no reload line"
    expect_eq "$got" "reloaded: $2 loaded, $3 unchanged, $4 removed, $5 refused" "$1"
}
run 0 "$MDD" install newer/BCM1000.mdd dir
reloaded "install" 1 0 0 0
rm dir/BCM1000.mdd
reloaded "delete" 0 0 1 0
cp older/BCM1000.mdd dir/.incoming
mv dir/.incoming dir/BCM1000.mdd
reloaded "older after the delete" 0 0 0 1
expect_eq "$(cat "$TMP/serve.err")" "mdd: note: dir/BCM1000.mdd: $DOWNGRADE (refused: a downgrade)" \
    "reload note"
: >"$TMP/serve.err"
expect_eq "$(curl -sf "$BASE/ecus" | jq -c '[.ecus[].name]')" '[]' "ECUs after the refusal"
stop_server
