# SPDX-License-Identifier: Apache-2.0
# mdd serve's description routes: /ecus/{ecu}/services/{name}/schema and /layout answer what
# mdd schema and mdd layout --json print for the same message, /ecus/{ecu}/sovd what mdd sovd
# --json prints, for FLXC1000's variants; their 404 and 400 answers.
source "$(dirname "$0")/lib.bash" "$@"
require_http
source "$(dirname "$0")/serve_lib.bash"
have_corpus || skip "no corpus"
mkdir "$WORK/dbs"
cp "$CORPUS/FLXC1000.mdd" "$WORK/dbs/"
flxc=$WORK/dbs/FLXC1000.mdd
start_server "$WORK/dbs" --strategy heap

# same PATH CLI_ARGS...: GET PATH answers 200 with what mdd CLI_ARGS prints.
same() {
    local path=$1
    shift
    run 0 "$MDD" "$@"
    get "$path"
    expect_eq "$STATUS" 200 "status of GET $path"
    expect_eq "$(cat "$TMP/body")" "$(cat "$TMP/out")" "GET $path and mdd $*"
}
svc=/ecus/FLXC1000/services
same "$svc/VINDataIdentifier_Write/schema" schema VINDataIdentifier_Write "$flxc"
same "$svc/VINDataIdentifier_Read/schema?message=response" schema --response \
    VINDataIdentifier_Read "$flxc"
same "$svc/VINDataIdentifier_Read/schema?message=response&index=0&variant=FLXC1000_Boot_Variant" \
    schema --response --index 0 -V FLXC1000_Boot_Variant VINDataIdentifier_Read "$flxc"
same "$svc/FaultMem_ReportDTCByStatusMask/layout?message=response" layout --json --response \
    FaultMem_ReportDTCByStatusMask "$flxc"
same "$svc/Send_Key_Level_7/layout?variant=FLXC1000_Boot_Variant" layout --json \
    -V FLXC1000_Boot_Variant Send_Key_Level_7 "$flxc"
same "/ecus/FLXC1000/sovd" sovd --json "$flxc"
same "/ecus/FLXC1000/sovd?variant=FLXC1000_Boot_Variant" sovd --json -V FLXC1000_Boot_Variant \
    "$flxc"

expect_error 404 "$svc/Nope/schema" "no service named 'Nope'"
expect_error 404 "$svc/VINDataIdentifier_Read/layout?message=negative&index=3" \
    "the service has no response 3 of that kind"
expect_error 400 "$svc/VINDataIdentifier_Read/schema?message=reply" \
    "message 'reply' is none of request, response and negative"
expect_error 400 "$svc/VINDataIdentifier_Read/schema?index=-1" "index '-1' is not a number"
expect_error 400 "$svc/VINDataIdentifier_Read/schema?variant=FLXC1000&group=G" \
    "a variant and a group: name one of them"
expect_error 400 "/ecus/FLXC1000/sovd?service=x" "unknown parameter 'service'"
expect_error 404 "/ecus/FLXC1000/sovd?variant=Nope" "no variant named 'Nope'"
expect_error 404 "/ecus/FLXC1000/sovd?group=Nope" "no functional group named 'Nope'"
expect_error 404 "/ecus/NOPE/sovd" "no ECU named 'NOPE'"
expect_error 404 "$svc/VINDataIdentifier_Read/schema/more" "no such resource"
stop_server
echo "serve_describe: the routes answer as the commands print"
