# SPDX-License-Identifier: Apache-2.0
# mdd serve reloads: an update installed with mdd install, a new file, a removed one
# and SIGHUP each make one reload, whose line on stdout counts what it did, and the endpoints
# answer from the new files; a file that is not MDD and an older revision are refused with a
# note naming the file and the reason, and the loaded revision keeps serving.
source "$(dirname "$0")/lib.bash" "$@"
require_http

cd "$WORK"
run 0 "$MDD" gen --ecus 2 gen
run 0 "$MDD" cat gen/BCM1000.mdd -o payload.fb
make_revisions . payload.fb BCM1000 # a.mdd 01.00.00, b.mdd 01.10.00
mkdir dir update
cp a.mdd dir/BCM1000.mdd
cp b.mdd update/BCM1000.mdd
mv gen/FG_ECM_01.mdd other.mdd
cp other.mdd dir/FG_ECM_01.mdd

PID=
trap '[ -z "$PID" ] || kill -KILL "$PID" 2>/dev/null; cleanup' EXIT
# The server's stdout comes through a fifo: its first line says where it listens, and then
# one line per reload, which the test reads to know that a reload is over.
mkfifo "$TMP/stdout"
"$MDD" serve --listen 127.0.0.1:0 dir >"$TMP/stdout" 2>"$TMP/serve.err" &
PID=$!
exec {OUT}<"$TMP/stdout"
IFS= read -r line <&"$OUT" || fail "mdd serve did not start: $(cat "$TMP/serve.err")"
[[ $line =~ ^listening\ on\ http://127\.0\.0\.1:([0-9]+)$ ]] || fail "first line '$line'"
BASE=http://127.0.0.1:${BASH_REMATCH[1]}

# reloaded WHAT COUNTS: the next reload's line says COUNTS (loaded, unchanged, removed,
# refused). The timeout only keeps a broken server from hanging the test.
reloaded() {
    local got
    IFS= read -r -t 120 got <&"$OUT" || fail "$1: no reload line"
    expect_eq "$got" "reloaded: $2 loaded, $3 unchanged, $4 removed, $5 refused" "$1"
}

# revision_is WHAT REVISION: /ecus/BCM1000 answers with REVISION.
revision_is() {
    curl -sf "$BASE/ecus/BCM1000" >"$TMP/body" || fail "$1: GET /ecus/BCM1000"
    expect_eq "$(jq -r .revision "$TMP/body")" "$2" "$1: revision"
}

# note_is WHAT NOTE: the server's stderr since the last check is exactly NOTE.
note_is() {
    expect_eq "$(cat "$TMP/serve.err")" "$2" "$1: notes"
    : >"$TMP/serve.err"
}

revision_is start 01.00.00
run 0 "$MDD" install update/BCM1000.mdd dir
reloaded "install" 1 1 0 0
revision_is "install" 01.10.00

echo "not an MDD file" >junk
mv junk dir/BCM1000.mdd
reloaded "not MDD" 0 1 0 1
revision_is "not MDD" 01.10.00
note_is "not MDD" "mdd: note: dir/BCM1000.mdd: magic: file is 16 bytes, shorter than the \
20-byte MDD magic (update refused; revision 01.10.00 loaded before keeps serving)"

cp a.mdd older.mdd
mv older.mdd dir/BCM1000.mdd
reloaded "downgrade" 0 1 0 1
revision_is "downgrade" 01.10.00
note_is "downgrade" "mdd: note: dir/BCM1000.mdd: revision 01.00.00 is older than revision \
01.10.00 loaded before, which keeps serving (update refused: a downgrade)"

kill -HUP "$PID"
reloaded "SIGHUP with the older file still there" 0 1 0 1
note_is "SIGHUP" "mdd: note: dir/BCM1000.mdd: revision 01.00.00 is older than revision \
01.10.00 loaded before, which keeps serving (update refused: a downgrade)"

run 0 "$MDD" install --allow-downgrade update/BCM1000.mdd dir
reloaded "the update again" 1 1 0 0
rm dir/FG_ECM_01.mdd
reloaded "removed" 0 1 1 0
expect_eq "$(curl -sf "$BASE/ecus" | jq -c '[.ecus[].name]')" '["BCM1000"]' "ECUs after removal"
mv other.mdd dir/FG_ECM_01.mdd
reloaded "new file" 1 1 0 0
expect_eq "$(curl -sf "$BASE/ecus" | jq -c '[.ecus[].name]')" '["BCM1000","FG_ECM_01"]' \
    "ECUs after a new file"
kill -HUP "$PID"
reloaded "SIGHUP" 0 2 0 0
revision_is "SIGHUP" 01.10.00

kill -TERM "$PID"
rc=0
wait "$PID" || rc=$?
PID=
expect_eq "$rc" 0 "exit status on SIGTERM"
note_is "stop" ""
