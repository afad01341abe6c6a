# SPDX-License-Identifier: Apache-2.0
# mdd encode and decode with --group, and mdd serve's /encode and /decode with group=: the
# services of a functional group (functional requests) encode and decode like a variant's, on
# the corpus file functional_groups.mdd (no variants, two functional groups). Expected bytes
# worked out by hand from its descriptions.
source "$(dirname "$0")/lib.bash" "$@"
[ -e "$CORPUS/functional_groups.mdd" ] || skip "no corpus"
mkdir "$WORK/dbs"
cp "$CORPUS/functional_groups.mdd" "$WORK/dbs/"
f=$WORK/dbs/functional_groups.mdd
G=FGL_UDS_Ethernet_DoIP
start=Engage_Safety_Squints_Start_Func

# ---- encode ----
# Extended_Start_Func: SID 10, sub-function 03 with the suppress-positive-response bit: 83.
run 0 "$MDD" encode --group "$G" "$f" Extended_Start_Func '{}'
expect_eq "$(cat "$TMP/out")" 1083 "a functional request"
# SID 31 (49), RoutineControlType 81 (129), RoutineId 03 01 (769), then SquintSlitWidth as a
# FLOAT64 big-endian: 1.5 = 3FF8 0000 0000 0000.
run 0 "$MDD" encode --json -g "$G" "$f" "$start" '{"SquintSlitWidth":1.5}'
expect_eq "$(cat "$TMP/out")" \
    "{\"ecu\":\"functional_groups\",\"functional_group\":\"$G\",\"service\":\"$start\",\"request\":\"318103013ff8000000000000\"}" \
    "a functional request with a value, as JSON"
run 1 "$MDD" encode -g "$G" "$f" Nope '{}'
expect_eq "$(cat "$TMP/err")" "mdd: $f: no service named 'Nope' in functional group '$G'" \
    "an unknown service of a group"

# ---- decode ----
# 71 = 113 (SERVICE-ID, left out of the JSON), 81 repeats the request's (semantic SEMANTIC,
# left out), RoutineId 03 01 = 769 (DATA).
run 0 "$MDD" decode --json --group "$G" "$f" 318103013FF8000000000000 71810301
expect_eq "$(cat "$TMP/out")" \
    "{\"ecu\":\"functional_groups\",\"functional_group\":\"$G\",\"service\":\"$start\",\"response\":\"positive\",\"params\":{\"RoutineId\":769}}" \
    "a functional response as JSON"
run 0 "$MDD" decode --group "$G" "$f" 318103013FF8000000000000 71810301
expect_eq "$(cat "$TMP/out")" "$start: positive response
/SID_PR = 113
/RoutineControlType = 129
/RoutineId = 769" "a functional response as text"
# The other group's stop routine: 31 82 03 01 -> 71 82 03 01.
run 0 "$MDD" decode --json --group "${G}_DOBT" "$f" 31820301 71820301
expect_eq "$(cat "$TMP/out")" \
    "{\"ecu\":\"functional_groups\",\"functional_group\":\"${G}_DOBT\",\"service\":\"Engage_Safety_Squints_Stop_Func\",\"response\":\"positive\",\"params\":{\"RoutineId\":769}}" \
    "the other group"
run 1 "$MDD" decode --group "$G" "$f" 31820301 71830301
expect_eq "$(cat "$TMP/err")" \
    "mdd: $f: no response of service 'Engage_Safety_Squints_Stop_Func' matches 71 83 03 01" \
    "a response whose constants do not hold"

# ---- choosing the layer ----
run 1 "$MDD" decode --variant "$G" "$f" 1083 5083
expect_eq "$(cat "$TMP/err")" "mdd: $f: no variant named '$G'" "a group is not a variant"
run 1 "$MDD" encode --group NOPE "$f" Extended_Start_Func '{}'
expect_eq "$(cat "$TMP/err")" "mdd: $f: no functional group named 'NOPE'" "unknown group"
run 1 "$MDD" encode "$f" Extended_Start_Func '{}'
expect_eq "$(cat "$TMP/err")" "mdd: $f: ECU 'functional_groups' has no variants" \
    "no base variant"
run 2 "$MDD" decode --variant V --group "$G" "$f" 1083 5083
expect_eq "$(head -n 1 "$TMP/err")" "mdd decode: --variant and --group exclude each other" \
    "variant and group"

# ---- over HTTP ----
require_http
source "$(dirname "$0")/serve_lib.bash"
start_server "$WORK/dbs" --strategy heap
ecu=/ecus/functional_groups
expect_get 200 "$ecu/decode?request=318103013FF8000000000000&response=71810301&group=$G" \
    "{\"ecu\":\"functional_groups\",\"functional_group\":\"$G\",\"service\":\"$start\",\"response\":\"positive\",\"params\":{\"RoutineId\":769}}"
expect_get 200 "$ecu/encode?service=Extended_Start_Func&group=$G" \
    "{\"ecu\":\"functional_groups\",\"functional_group\":\"$G\",\"service\":\"Extended_Start_Func\",\"request\":\"1083\"}"
get "$ecu/encode?service=$start&group=$G" -d '{"SquintSlitWidth":1.5}'
expect_eq "$STATUS" 200 "status of a POST to a group's encode"
expect_eq "$(cat "$TMP/body")" \
    "{\"ecu\":\"functional_groups\",\"functional_group\":\"$G\",\"service\":\"$start\",\"request\":\"318103013ff8000000000000\"}" \
    "a POST to a group's encode"
expect_error 404 "$ecu/encode?service=Extended_Start_Func&group=NOPE" \
    "no functional group named 'NOPE'"
expect_error 400 "$ecu/decode?request=1083&response=5083&group=$G&variant=V" \
    "a variant and a group: name one of them"
expect_error 404 "$ecu/encode?service=Extended_Start_Func" \
    "ECU 'functional_groups' has no variants"
stop_server
echo "uds_groups: ok"
