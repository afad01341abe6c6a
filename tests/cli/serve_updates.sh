# SPDX-License-Identifier: Apache-2.0
# mdd serve --updates: the token file's checks at start; 401 without the token, with another
# one and with one that differs in its last byte only (WWW-Authenticate: Bearer); an upload,
# the status (as `mdd update status --json` shows it, fields checked against sha512sum and
# stat), apply, rollback and cleanup, each answered in JSON; 413 over --update-max-bytes;
# 409 while another process holds the update lock (flock(1) on the directory, released
# through a fifo) and while another upload's body is coming (its head admitted: the server
# answered its Expect: 100-continue); 405 with Allow, bodies, names, types and parameters the
# routes refuse; the routes are 404 without --updates. A poller reading /ecus and a lookup
# throughout an apply that adds two ECUs, removes one and changes one sees only the whole old
# or the whole new set and no failure; every apply and rollback publishes exactly one new
# generation (the server's reload lines, read to the end).
source "$(dirname "$0")/lib.bash" "$@"
source "$(dirname "$0")/serve_lib.bash"
require_http
top=$(cd "$(dirname "$0")/../.." && pwd)

cd "$WORK"
run 0 "$MDD" gen --ecus 3 --target-bytes 800000 gen # BCM1000, ECM1001, FG_TCM_01
run 0 "$MDD" gen --ecus 5 --target-bytes 1408000 more # ABS1003 and TCM1002 are added later
run 0 "$MDD" cat gen/BCM1000.mdd -o payload.fb
make_revisions . payload.fb BCM1000 # a.mdd 01.00.00, b.mdd 01.10.00
mkdir dir
cp a.mdd dir/BCM1000.mdd
cp gen/ECM1001.mdd gen/FG_TCM_01.mdd dir/
TOKEN=6f1c0e4a9b2d7e3f58a1c4b7d0e2f9a3
printf '%s\n' "$TOKEN" >token
chmod 600 token
AUTH="Authorization: Bearer $TOKEN"
NO_TOKEN_MESSAGE="the update routes take a bearer token (Authorization: Bearer TOKEN), and none or another came"

# ---- the routes docs/cli.md lists, with their methods, and the server's table ----
documented=$(awk '/^### Updates over HTTP/ { on = 1; next } /^### / { on = 0 } on' \
    "$top/docs/cli.md" | sed -n 's/^| `\([A-Z]* \/[^`]*\)` |.*/\1/p' |
    sed 's/NAME\.mdd/{name}/; s/ECU/{ecu}/')
expect_eq "$documented" "PUT /updates/files/{name}
DELETE /updates/ecus/{ecu}
GET /updates
POST /updates/apply
POST /updates/rollback
POST /updates/cleanup" "the update routes docs/cli.md lists"
expect_eq "$(cut -d' ' -f2 <<<"$documented" | sort)" \
    "$(grep -o '{"/updates[^"]*", SERVE_ROUTE_' "$top/tools/mdd/serve/serve_parse.c" |
        cut -d'"' -f2 | sort)" "the update routes documented and in the server's table"

# ---- the token file ----

# refused_token FILE MESSAGE: mdd serve --updates FILE fails at start saying MESSAGE.
refused_token() {
    run 1 "$MDD" serve --listen 127.0.0.1:0 --updates "$1" dir
    expect_eq "$(cat "$TMP/err")" "mdd: $1: $2" "token file $1"
}
mkfifo fifo
refused_token fifo "the token file is not a regular file"
refused_token gen "the token file is not a regular file"
refused_token /dev/null "the token file is not a regular file"
: >empty
chmod 600 empty
refused_token empty "the token file holds 0 bytes; a token is 1 to 1024"
head -c 2000 /dev/zero | tr '\0' x >long
chmod 600 long
refused_token long "the token file holds 2000 bytes; a token is 1 to 1024"
printf '\n' >newline
chmod 600 newline
refused_token newline "the token is 0 bytes; it must be 1 to 1024"
printf 'two words\n' >spaced
chmod 600 spaced
refused_token spaced "byte 3 of the token is not visible ASCII (a space, a control character, a second line)"
cp token open
chmod 640 open
refused_token open "the token file may be read or written by others (mode 0640): chmod 600 it"
refused_token missing "No such file or directory"
run 2 "$MDD" serve --update-max-bytes 1M dir
grep -Fq "mdd serve: --update-max-bytes is for --updates" "$TMP/err" ||
    fail "--update-max-bytes without --updates: $(cat "$TMP/err")"
# Refused before the database was opened.
expect_eq "$(ls -A dir)" "BCM1000.mdd
ECM1001.mdd
FG_TCM_01.mdd" "files after the refused starts"

# ---- off by default ----

start_server dir
expect_error 404 /updates "no such resource" -H "$AUTH"
expect_error 404 /updates/apply "no such resource" -H "$AUTH" -X POST
printf 'not an MDD file\n' >junk.mdd
expect_error 404 /updates/files/BCM1000.mdd "no such resource" -H "$AUTH" -X PUT \
    -H 'Content-Type: application/octet-stream' --data-binary @junk.mdd
stop_server

# ---- the token ----

LIMIT=$((1024 * 1024))
start_server dir --updates token --update-max-bytes 1M

# unauthorized WHAT CURL_OPTIONS...: 401 with WWW-Authenticate: Bearer.
NO_TOKEN_BODY=$(jq -cn --arg m "$NO_TOKEN_MESSAGE" '{error: $m}')
unauthorized() {
    local what=$1
    shift
    get "$@" -D "$TMP/headers"
    expect_eq "$STATUS $(cat "$TMP/body")" "401 $NO_TOKEN_BODY" "$what"
    grep -qi '^WWW-Authenticate: Bearer' "$TMP/headers" ||
        fail "$what: no WWW-Authenticate: $(cat "$TMP/headers")"
}
[ "${TOKEN: -1}" == 3 ] || fail "the test's token ends in 3"
for route in "/updates" "/updates/apply -X POST"; do
    # shellcheck disable=SC2086 # the route's words are curl's
    set -- $route
    unauthorized "$route with another token" "$@" -H "Authorization: Bearer 0123"
    unauthorized "$route, the last byte differs" "$@" -H "Authorization: Bearer ${TOKEN%?}4"
    unauthorized "$route, one byte short" "$@" -H "Authorization: Bearer ${TOKEN%?}"
    unauthorized "$route, one byte more" "$@" -H "Authorization: Bearer ${TOKEN}3"
    unauthorized "$route, another scheme" "$@" -H "Authorization: Basic $TOKEN"
    unauthorized "$route, the bare token" "$@" -H "Authorization: $TOKEN"
done
for route in "/updates" "/updates/apply -X POST" "/updates/rollback -X POST" \
    "/updates/cleanup -X POST" "/updates/ecus/FG_TCM_01 -X DELETE" "/updates/apply -X GET"; do
    # shellcheck disable=SC2086 # the route's words are curl's
    unauthorized "$route without a token" $route
done
# Uploads are refused by their head, before their body comes (and the connection closes).
upload() { # upload NAME FILE [CURL OPTIONS...]
    local name=$1 file=$2
    shift 2
    get "/updates/files/$name" -X PUT -H 'Content-Type: application/octet-stream' \
        --data-binary @"$file" "$@"
}
unauthorized "an upload without a token" "/updates/files/BCM1000.mdd" -X PUT \
    -H 'Content-Type: application/octet-stream' --data-binary @b.mdd
unauthorized "an upload, the last byte differs" "/updates/files/BCM1000.mdd" -X PUT \
    -H 'Content-Type: application/octet-stream' --data-binary @b.mdd \
    -H "Authorization: Bearer ${TOKEN%?}4"
unauthorized "an upload with two tokens" "/updates/files/BCM1000.mdd" -X PUT \
    -H 'Content-Type: application/octet-stream' --data-binary @b.mdd -H "$AUTH" \
    -H "Authorization: Bearer $TOKEN"
# The scheme matches in any case.
get /updates -H "Authorization: bearer $TOKEN"
expect_eq "$STATUS" 200 "status with the scheme in lowercase"

# ---- what the routes refuse ----

expect_error 405 /updates/apply "only POST is served" -H "$AUTH"
expect_error 405 /updates "only GET, HEAD is served" -H "$AUTH" -X POST
expect_error 405 /updates/files/BCM1000.mdd "only PUT is served" -H "$AUTH" -X PATCH
expect_error 405 /updates/ecus/BCM1000 "only DELETE is served" -H "$AUTH" -X PUT
get /updates/rollback -H "$AUTH" -X GET -D "$TMP/headers"
grep -q '^Allow: POST' "$TMP/headers" || fail "405 without Allow: POST: $(cat "$TMP/headers")"
expect_error 400 /updates/apply "a request to /updates/apply takes no body" -H "$AUTH" \
    -X POST --data-binary @junk.mdd -H 'Content-Type: application/octet-stream'
expect_error 400 /updates "a request to /updates takes no body" -H "$AUTH" -X GET \
    --data-binary @junk.mdd
expect_error 400 "/updates?verbose=1" "unknown parameter 'verbose'" -H "$AUTH"
expect_error 404 /updates/nothing "no such resource" -H "$AUTH"
expect_error 404 /updates/files "no such resource" -H "$AUTH" -X PUT
for name in x.txt .hidden.mdd .mdd a%2Fb.mdd; do
    upload "$name" junk.mdd -H "$AUTH"
    expect_eq "$STATUS" 400 "upload as $name"
done
expect_json "$(cat "$TMP/body")" '{"error": "'"'a/b.mdd'"' is not a file name to upload (NAME.mdd)"}' \
    "upload as a%2Fb.mdd"
# A head taken for an upload's (PUT /updates/files/...) on no route gives the slot back.
upload a/BCM1000.mdd b.mdd -H "$AUTH"
expect_eq "$STATUS $(cat "$TMP/body")" '404 {"error":"no such resource"}' "an upload to a/"
get /updates -H "$AUTH"
expect_eq "$STATUS" 200 "status after an upload to a/"
expect_error 415 /updates/files/BCM1000.mdd \
    "an upload is application/octet-stream, not 'application/x-www-form-urlencoded'" \
    -H "$AUTH" -X PUT --data-binary @junk.mdd
upload BCM1000.mdd junk.mdd -H "$AUTH"
expect_eq "$STATUS" 422 "status of a file that is not MDD"
expect_json "$(cat "$TMP/body")" \
    '{"error": "BCM1000.mdd: magic: file is 16 bytes, shorter than the 20-byte MDD magic"}' \
    "a file that is not MDD"
: >nothing.mdd
upload BCM1000.mdd nothing.mdd -H "$AUTH"
expect_eq "$STATUS" 422 "status of an empty upload"
expect_json "$(cat "$TMP/body")" \
    '{"error": "BCM1000.mdd: magic: file is 0 bytes, shorter than the 20-byte MDD magic"}' \
    "an empty upload"
expect_error 404 /updates/ecus/NOPE "dir: holds no ECU 'NOPE' to remove" -H "$AUTH" -X DELETE
expect_error 404 /updates/apply "dir: apply: nothing to switch (nothing is staged)" \
    -H "$AUTH" -X POST
expect_error 404 /updates/rollback "dir: rollback: nothing to switch (no backup)" \
    -H "$AUTH" -X POST

# ---- 413 over --update-max-bytes ----

head -c $((LIMIT + 1)) /dev/zero >big.mdd
expect_error 413 /updates/files/BCM1000.mdd \
    "the upload is longer than $LIMIT bytes (--update-max-bytes)" -H "$AUTH" -X PUT \
    -H 'Content-Type: application/octet-stream' --data-binary @big.mdd
head -c "$LIMIT" /dev/zero >limit.mdd
upload BCM1000.mdd limit.mdd -H "$AUTH"
expect_eq "$STATUS" 422 "an upload of exactly the limit is taken (and refused as no MDD)"

# ---- upload, status, apply, rollback, cleanup ----

# file_json PATH REVISION: the status's side of a file, computed without mdd.
side_json() {
    jq -n --arg r "$2" --argjson s "$(stat -c %s "$1")" --arg h "$(sha512_of "$1")" \
        '{revision: $r, size: $s, sha512: $h}'
}
unchanged_json() { # unchanged_json NAME ECU PATH
    jq -n --arg n "$1" --arg e "$2" --argjson old "$(side_json "$3" 01.00.00)" \
        '{name: $n, change: "unchanged", ecu: $e, old: $old, new: null, diff: null}'
}
upload BCM1000.mdd b.mdd -H "$AUTH"
expect_eq "$STATUS" 200 "status of the upload: $(cat "$TMP/body")"
expect_json "$(cat "$TMP/body")" '{"staged": "BCM1000.mdd"}' "the upload"
expect_eq "$(ls -A dir/.mdd-update | grep -c '^upload-')" 1 "the server's upload directory"
expect_eq "$(ls -A dir/.mdd-update/upload-*)" "" "files left in the upload directory"
get /updates -H "$AUTH"
expect_eq "$STATUS" 200 "status of GET /updates"
cp "$TMP/body" status.json
# As mdd update status --json says, which reads the directory without taking its lock.
run 0 "$MDD" update status --json dir
expect_json "$(cat status.json)" "$(cat "$TMP/out")" "GET /updates against mdd update status --json"
expect_json "$(jq '.files[0] | del(.diff)' status.json)" \
    "$(jq -n --argjson old "$(side_json dir/BCM1000.mdd 01.00.00)" \
        --argjson new "$(side_json b.mdd 01.10.00)" \
        '{name: "BCM1000.mdd", change: "changed", ecu: "BCM1000", old: $old, new: $new}')" \
    "status of BCM1000.mdd"
# The two revisions differ by their revision strings only.
expect_eq "$(jq -c '.files[0].diff | [.added, .removed, .renamed]' status.json)" "[0,0,0]" \
    "BCM1000's differences"
expect_json "$(jq '.files[1:]' status.json)" \
    "[$(unchanged_json ECM1001.mdd ECM1001 dir/ECM1001.mdd), $(unchanged_json FG_TCM_01.mdd FG_TCM_01 dir/FG_TCM_01.mdd)]" \
    "status of the unchanged files"
expect_json "$(jq '{staged, backup, in_flight}' status.json)" \
    '{"staged": 1, "backup": 0, "in_flight": null}' "what is staged"
curl -sfI -H "$AUTH" "$BASE/updates" >"$TMP/headers" || fail "HEAD /updates"
grep -q "^Content-Length: $(stat -c %s status.json)" "$TMP/headers" ||
    fail "HEAD /updates: $(cat "$TMP/headers")"

revision_is() { # revision_is WHAT REVISION
    curl -sf "$BASE/ecus/BCM1000" >"$TMP/body" || fail "$1: GET /ecus/BCM1000"
    expect_eq "$(jq -r .revision "$TMP/body")" "$2" "$1: revision"
}
revision_is "before apply" 01.00.00
get /updates/apply -H "$AUTH" -X POST
expect_eq "$STATUS" 200 "status of apply: $(cat "$TMP/body")"
expect_json "$(cat "$TMP/body")" '{"done": "apply"}' "apply"
# The answer comes once the server serves the new set.
revision_is "after apply" 01.10.00
cmp -s dir/BCM1000.mdd b.mdd || fail "dir/BCM1000.mdd is not the uploaded file"
get /updates -H "$AUTH"
expect_json "$(jq '{staged, backup, in_flight}' "$TMP/body")" \
    '{"staged": 0, "backup": 1, "in_flight": null}' "status after apply"
upload BCM1000.mdd a.mdd -H "$AUTH"
expect_eq "$STATUS" 422 "status of an older revision"
expect_json "$(cat "$TMP/body")" \
    '{"error": "BCM1000.mdd: revision 01.00.00 is older than revision 01.10.00 of dir/BCM1000.mdd; refused"}' \
    "an older revision"
get /updates/rollback -H "$AUTH" -X POST
expect_eq "$STATUS" 200 "status of rollback"
expect_json "$(cat "$TMP/body")" '{"done": "rollback"}' "rollback"
revision_is "after rollback" 01.00.00
cmp -s dir/BCM1000.mdd a.mdd || fail "dir/BCM1000.mdd is not the file before"
get /updates/cleanup -H "$AUTH" -X POST
expect_json "$(cat "$TMP/body")" '{"done": "cleanup"}' "cleanup"
get /updates -H "$AUTH"
expect_json "$(jq '{staged, backup, in_flight}' "$TMP/body")" \
    '{"staged": 0, "backup": 0, "in_flight": null}' "status after cleanup"
expect_eq "$(cd dir && ls -- *.mdd)" "BCM1000.mdd
ECM1001.mdd
FG_TCM_01.mdd" "files after cleanup"

# ---- 409: another update in flight ----

# Another process holds the update lock (as `mdd update` and `mdd install` take it) until the
# test writes a line to the fifo release.
mkfifo held release
exec {RELEASE}<>release
flock dir sh -c 'echo held; read -r line' <release >held &
LOCKER=$!
exec {HELD}<held
IFS= read -r line <&"$HELD" || fail "flock did not take the lock"
BUSY="dir: another update is in flight (an install or an update that names no holder)"
upload BCM1000.mdd b.mdd -H "$AUTH"
expect_eq "$STATUS" 409 "an upload while the lock is held"
expect_json "$(cat "$TMP/body")" "$(jq -n --arg m "$BUSY" '{error: $m}')" "an upload while held"
expect_error 409 /updates/apply "$BUSY" -H "$AUTH" -X POST
expect_error 409 /updates/ecus/FG_TCM_01 "$BUSY" -H "$AUTH" -X DELETE
expect_error 409 /updates/cleanup "$BUSY" -H "$AUTH" -X POST
get /updates -H "$AUTH"
expect_eq "$STATUS" 200 "status while the lock is held"
expect_eq "$(jq -r .in_flight "$TMP/body")" "an install or an update that names no holder" \
    "in flight while the lock is held"
echo >&"$RELEASE"
wait "$LOCKER"
exec {HELD}<&- {RELEASE}>&-

# An upload whose head was admitted (the server asks for its body: 100 Continue) holds the
# update slot until it is answered.
PORT=${BASE##*:}
exec {UPLOAD}<>"/dev/tcp/127.0.0.1/$PORT"
printf 'PUT /updates/files/BCM1000.mdd HTTP/1.1\r\nHost: test\r\n%s\r\nContent-Type: application/octet-stream\r\nContent-Length: 16\r\nExpect: 100-continue\r\n\r\n' \
    "$AUTH" >&"$UPLOAD"
IFS= read -r line <&"$UPLOAD" || fail "no answer to the upload's head"
expect_eq "$line" $'HTTP/1.1 100 Continue\r' "the upload's head"
SLOT="another update request is being answered (an upload)"
expect_error 409 /updates/files/ECM1001.mdd "$SLOT" -H "$AUTH" -X PUT \
    -H 'Content-Type: application/octet-stream' --data-binary @b.mdd
expect_error 409 /updates/apply "$SLOT" -H "$AUTH" -X POST
expect_error 409 /updates "$SLOT" -H "$AUTH"
printf 'not an MDD file\n' >&"$UPLOAD"
IFS= read -r line <&"$UPLOAD" || true # the blank line after 100 Continue
IFS= read -r line <&"$UPLOAD" || fail "no answer to the upload"
expect_eq "${line:0:13}" "HTTP/1.1 422 " "the upload's answer"
exec {UPLOAD}<&-
get /updates -H "$AUTH"
expect_eq "$STATUS" 200 "status once the upload was answered"

# ---- a poller throughout an apply ----

upload BCM1000.mdd b.mdd -H "$AUTH"
expect_eq "$STATUS" 200 "upload of BCM1000.mdd"
upload ABS1003.mdd more/ABS1003.mdd -H "$AUTH"
expect_eq "$STATUS" 200 "upload of ABS1003.mdd"
upload TCM1002.mdd more/TCM1002.mdd -H "$AUTH"
expect_eq "$STATUS" 200 "upload of TCM1002.mdd"
get /updates/ecus/FG_TCM_01 -H "$AUTH" -X DELETE
expect_json "$(cat "$TMP/body")" '{"staged_removal": "FG_TCM_01"}' "removal of FG_TCM_01"
OLD=$(curl -sf "$BASE/ecus") || fail "GET /ecus"
LOOKUP="$BASE/ecus/ECM1001/lookup?request=22F190"
LOOKUP_ANSWER=$(curl -sf "$LOOKUP") || fail "GET $LOOKUP"
expect_eq "$(jq -c '[.ecus[].name]' <<<"$OLD")" '["BCM1000","ECM1001","FG_TCM_01"]' "the old set"
# The poller asks for /ecus and the lookup 20 times a batch, one connection, and says when
# its first batch is in; it stops after the batch that follows the file stop.
mkfifo polling
poll() {
    local urls=() i first=1
    for i in $(seq 10); do urls+=("$BASE/ecus" "$LOOKUP"); done
    while :; do
        local last=0
        [ ! -e stop ] || last=1
        curl -s -w '%{http_code}\n' "${urls[@]}" >>polls || echo "curl failed" >>polls
        [ -z "$first" ] || echo started
        first=
        [ "$last" == 0 ] || return 0
    done
}
poll >polling &
POLLER=$!
exec {POLLING}<polling
IFS= read -r line <&"$POLLING" || fail "the poller did not start"
get /updates/apply -H "$AUTH" -X POST
expect_eq "$STATUS" 200 "status of the apply under polling: $(cat "$TMP/body")"
touch stop
wait "$POLLER"
exec {POLLING}<&-
NEW=$(curl -sf "$BASE/ecus") || fail "GET /ecus"
expect_eq "$(jq -c '[.ecus[].name]' <<<"$NEW")" '["ABS1003","BCM1000","ECM1001","TCM1002"]' \
    "the new set"
# Every answer: 200, then the whole old or the whole new set, or the lookup's answer.
old=0 new=0
while IFS= read -r body && IFS= read -r code; do
    expect_eq "$code" 200 "a poll's status (body $body)"
    if [ "$body" == "$OLD" ]; then
        old=$((old + 1))
        [ "$new" == 0 ] || fail "the old set after the new one"
    elif [ "$body" == "$NEW" ]; then
        new=$((new + 1))
    elif [ "$body" != "$LOOKUP_ANSWER" ]; then
        fail "a poll answered neither set nor the lookup: $body"
    fi
done <polls
[ "$old" -ge 10 ] && [ "$new" -ge 10 ] || fail "polls: $old of the old set, $new of the new"
echo "polls during the apply: $old of the old set, $new of the new one"

# ---- exactly one generation per switch ----

kill -TERM "$PID"
wait "$PID" || fail "mdd serve exited $? on SIGTERM: $(cat "$TMP/serve.err")"
cat <&"$LISTEN_FD" >reloads
exec {LISTEN_FD}<&-
[ ! -s "$TMP/serve.err" ] || fail "mdd serve wrote to stderr: $(cat "$TMP/serve.err")"
# Reloads that found nothing changed do not publish a generation.
expect_eq "$(grep -v '^reloaded: 0 loaded, [0-9]* unchanged, 0 removed, 0 refused$' reloads)" \
    "reloaded: 1 loaded, 2 unchanged, 0 removed, 0 refused
reloaded: 1 loaded, 2 unchanged, 0 removed, 0 refused
reloaded: 3 loaded, 1 unchanged, 1 removed, 0 refused" "the generations published"
expect_eq "$(ls -A dir/.mdd-update | grep -c '^upload-' || true)" 0 "upload directories left"
echo "serve_updates: ok"
