# SPDX-License-Identifier: Apache-2.0
# mdd serve's codec routes: /ecus/{ecu}/decode, /encode (GET with params=, POST with the values
# as the body) and /identify answer what mdd decode, encode and identify --json print, on the
# codec's test database (tests/support/uds_msg_fixture.h) and FLXC1000 when the corpus is
# there; their errors and statuses. The port is read from the server's first line.
source "$(dirname "$0")/lib.bash" "$@"
require_http

"$HELPERS/write_uds_fixture" "$WORK/ecu.fb" || fail "write_uds_fixture failed"
mkdir "$WORK/dbs"
run 0 "$MDD" pack -o "$WORK/dbs/ECU.mdd" --ecu ECU --chunk "DIAGNOSTIC_DESCRIPTION:ECU:$WORK/ecu.fb"
[ ! -e "$CORPUS/FLXC1000.mdd" ] || cp "$CORPUS/FLXC1000.mdd" "$WORK/dbs/"

mkfifo "$TMP/listen"
"$MDD" serve --listen 127.0.0.1:0 --strategy heap "$WORK/dbs" >"$TMP/listen" 2>"$TMP/serve.err" &
PID=$!
trap 'kill -KILL $PID 2>/dev/null || true; cleanup' EXIT
exec {LISTEN_FD}<"$TMP/listen"
IFS= read -r line <&"$LISTEN_FD" || fail "mdd serve did not start: $(cat "$TMP/serve.err")"
[[ $line =~ ^listening\ on\ (http://127\.0\.0\.1:[0-9]+)$ ]] || fail "unexpected first line '$line'"
BASE=${BASH_REMATCH[1]}

# expect STATUS JSON PATH [CURL OPTIONS...]: the answer is STATUS with exactly JSON.
expect() {
    local status=$1 json=$2 path=$3 code
    shift 3
    code=$(curl -s -o "$TMP/body" -w '%{http_code}' "$@" "$BASE$path") || fail "curl $path failed"
    expect_eq "$code" "$status" "status of $path $*"
    expect_eq "$(cat "$TMP/body")" "$json" "$path $*"
}
error() { # STATUS MESSAGE PATH [CURL OPTIONS...]
    local status=$1 message=$2
    shift 2
    expect "$status" "$(jq -cn --arg m "$message" '{error: $m}')" "$@"
}

# ---- decode: as mdd decode --json ----
run 0 "$MDD" decode --json "$WORK/dbs/ECU.mdd" 22F190 62F1901234
expect 200 "$(cat "$TMP/out")" "/ecus/ECU/decode?request=22F190&response=62F1901234"
expect 200 '{"ecu":"ECU","variant":"V","service":"ReadRec","response":"positive","params":{"SID":98,"Rec":{"A":10,"B":11},"After":12}}' \
    "/ecus/ECU/decode?request=220100&response=620A0B00000C&variant=V"
error 400 "no response parameter (hex)" "/ecus/ECU/decode?request=22F190"
error 400 "'62F' is not a response in hex (pairs of hex digits)" \
    "/ecus/ECU/decode?request=22F190&response=62F"
error 400 "/P at byte 1: physical constant 5 expected, read 6" "/ecus/ECU/decode?request=24&response=6406"
error 404 "no response of service 'ReadRec' matches 63 0A" "/ecus/ECU/decode?request=220100&response=630A"
error 404 "no variant named 'NOPE'" "/ecus/ECU/decode?request=22F190&response=62F1901234&variant=NOPE"

# ---- encode: GET with params, POST with the body ----
tail_json='{"ecu":"ECU","variant":"V","service":"Tail","request":"250307"}'
expect 200 "$tail_json" "/ecus/ECU/encode?service=Tail" -G --data-urlencode 'params={"Level":3}'
expect 200 "$tail_json" "/ecus/ECU/encode?service=Tail" -d '{"Level":3}'
expect 200 '{"ecu":"ECU","variant":"V","service":"ReadVIN","request":"22f190"}' \
    "/ecus/ECU/encode?service=ReadVIN"
error 400 "/Level: byte 1: 256 does not fit in 8 bits" "/ecus/ECU/encode?service=Tail" -d '{"Level":256}'
error 400 "no service parameter" "/ecus/ECU/encode" -d '{"Level":3}'
error 404 "no service named 'Nope'" "/ecus/ECU/encode?service=Nope"
error 405 "only GET and HEAD are served" "/ecus/ECU/decode?request=22F190" -d x

# ---- identify ----
expect 200 '{"ecu":"ECU","requests":[]}' /ecus/ECU/identify
expect 200 '{"ecu":"ECU","variant":"V","matched":false}' "/ecus/ECU/identify?22F190=62F1901234"
error 400 "the parameters are not up to 64 REQUEST=RESPONSE pairs in hex" "/ecus/ECU/identify?22F=62"
if [ -e "$WORK/dbs/FLXC1000.mdd" ]; then
    expect 200 '{"ecu":"FLXC1000","requests":[{"service":"Identification_Read","request":"22f100"}]}' \
        /ecus/FLXC1000/identify
    expect 200 '{"ecu":"FLXC1000","variant":"FLXC1000_App_0101","matched":true}' \
        "/ecus/FLXC1000/identify?22F100=62F100000101"
    expect 200 '{"ecu":"FLXC1000","variant":"FLXC1000","service":"ActiveDiagnosticSessionDataIdentifier_Read","response":"positive","params":{"EcuSessionType":"Extended"}}' \
        "/ecus/FLXC1000/decode?request=22F186&response=62F18603"
fi

kill -TERM $PID
wait $PID || fail "mdd serve exited $? on SIGTERM"
[ ! -s "$TMP/serve.err" ] || fail "mdd serve wrote to stderr: $(cat "$TMP/serve.err")"
echo "uds_serve: ok"
