# SPDX-License-Identifier: Apache-2.0
# mdd sovd on an ECU whose services need states and enter them (tests/support/states_ecu.h,
# no corpus needed): each state with the service that enters it and its request bytes, each
# service with the states it needs and how to reach them (a security level by its seed and
# key), as text and as JSON; and mdd sovd, schema and layout over several FILEs: the ECU
# found in the second file, a bad path, a FIFO, a directory and an empty file among them
# refused with a message naming it, without hanging.
source "$(dirname "$0")/lib.bash" "$@"
"$HELPERS/write_states_fixture" "$WORK/states.fb" || fail "write_states_fixture failed"
states=$WORK/STATES.mdd
run 0 "$MDD" pack -o "$states" --ecu STATES --chunk "DIAGNOSTIC_DESCRIPTION:STATES:$WORK/states.fb"

run 0 "$MDD" sovd "$states"
expect_eq "$(cat "$TMP/out")" "data:
  VIN (0xF190)
    read            VIN_Read 22f190
    write           VIN_Write 2ef190
      needs Session.Extended (ExtendedSession_Start 1003)
      needs SecurityAccess.Level_1 (RequestSeed_Level_1 2701, SendKey_Level_1 2702)
configurations:
operations:
  Check (0x0202)
    start           Check_Start 31010202
      needs Session.Default
  Erase (0xFF00)
    start           Erase_Start 3101ff00
      needs Session.Programming (ProgrammingSession_Start 1002)
      needs SecurityAccess.Level_1 (RequestSeed_Level_1 2701, SendKey_Level_1 2702)
modes:
  security Level_1
    key             SendKey_Level_1 2702
      needs Session.Extended (ExtendedSession_Start 1003)
    seed            RequestSeed_Level_1 2701
      needs Session.Extended (ExtendedSession_Start 1003)
  session Extended
    enter           ExtendedSession_Start 1003
  session Programming
    enter           ProgrammingSession_Start 1002
faults:
  dtcs: 0" "the states each service needs and the services that enter them"

if command -v jq >/dev/null; then
    run 0 "$MDD" sovd --json "$states"
    expect_json "$(jq -c '.data[0].services[1]' "$TMP/out")" \
        '{"role":"write","service":"VIN_Write","request":"2ef190","needs":[
          {"chart":"Session","state":"Extended",
           "entered_by":{"service":"ExtendedSession_Start","request":"1003"}},
          {"chart":"SecurityAccess","state":"Level_1",
           "entered_by":{"service":"SendKey_Level_1","request":"2702",
                         "seed":{"service":"RequestSeed_Level_1","request":"2701"}}}]}' \
        "the VIN's write needs as JSON"
    expect_json "$(jq -c '.operations[0].services[0].needs' "$TMP/out")" \
        '[{"chart":"Session","state":"Default"}]' "a start state that no service enters"
    expect_json "$(jq -c '[.modes[] | {id, value, chart, enter: [.services[] |
                            select(.role == "enter") | [.service, .request]]}]' "$TMP/out")" \
        '[{"id":"security","value":"Level_1","chart":"SecurityAccess",
           "enter":[["SendKey_Level_1","2702"]]},
          {"id":"session","value":"Extended","chart":"Session",
           "enter":[["ExtendedSession_Start","1003"]]},
          {"id":"session","value":"Programming","chart":"Session",
           "enter":[["ProgrammingSession_Start","1002"]]}]' "each state's entering service"
fi

# ---- several FILEs: one database ----
"$HELPERS/write_uds_fixture" "$WORK/ecu.fb" || fail "write_uds_fixture failed"
other=$WORK/ECU.mdd
run 0 "$MDD" pack -o "$other" --ecu ECU --chunk "DIAGNOSTIC_DESCRIPTION:ECU:$WORK/ecu.fb"
run 0 "$MDD" sovd "$states"
alone=$(cat "$TMP/out")
run 0 "$MDD" sovd --ecu STATES "$other" "$states"
expect_eq "$(cat "$TMP/out")" "$alone" "sovd: the ECU of the second file"
run 0 "$MDD" schema VIN_Write "$states"
alone=$(cat "$TMP/out")
run 0 "$MDD" schema --ecu STATES VIN_Write "$other" "$states"
expect_eq "$(cat "$TMP/out")" "$alone" "schema: the ECU of the second file"
run 0 "$MDD" layout --json VIN_Write "$states"
alone=$(cat "$TMP/out")
run 0 "$MDD" layout --json --ecu STATES VIN_Write "$other" "$states"
expect_eq "$(cat "$TMP/out")" "$alone" "layout: the ECU of the second file"
expect_eq "$(grep -c '"ecu":"STATES"' "$TMP/out")" 1 "layout names the ECU"

run 2 "$MDD" sovd "$other" "$states"
expect_line "mdd sovd: $other and 1 more holds 2 ECUs: name one with --ecu" "$TMP/err" \
    "two ECUs without --ecu"
run 1 "$MDD" sovd --ecu NOPE "$other" "$states"
expect_line "mdd: $other and 1 more: no ECU named 'NOPE'" "$TMP/err" "an unknown ECU"
run 1 "$MDD" schema --ecu STATES -V Nope VIN_Write "$other" "$states"
expect_line "mdd: $states: no variant named 'Nope'" "$TMP/err" \
    "a message about the layer names the ECU's file"
run 1 "$MDD" layout --ecu STATES Nope "$other" "$states"
expect_line "mdd: $states: no service named 'Nope' in variant 'V'" "$TMP/err" "an unknown service"
run 2 "$MDD" schema VIN_Write
expect_line "mdd schema: expected a SERVICE and a FILE..." "$TMP/err" "no FILE"

mkfifo "$WORK/fifo"
mkdir "$WORK/dir"
: >"$WORK/empty.mdd"
for bad in "$WORK/missing.mdd:open: No such file or directory" \
    "$WORK/fifo:not a regular file (a FIFO)" "$WORK/dir:not a regular file (a directory)" \
    "$WORK/empty.mdd:magic: file is 0 bytes, shorter than the 20-byte MDD magic"; do
    path=${bad%%:*} why=${bad#*:}
    for cmd in "sovd" "schema VIN_Read" "layout VIN_Read"; do
        # A FIFO that were opened for reading would block: the timeout tells a hang.
        # shellcheck disable=SC2086 # cmd is a command and its operand
        run 1 timeout 20 "$MDD" $cmd --ecu STATES "$states" "$path"
        expect_line "mdd: $path: $why" "$TMP/err" "mdd $cmd with $path among the FILEs"
        [ ! -s "$TMP/out" ] || fail "mdd $cmd with $path printed: $(cat "$TMP/out")"
    done
done
echo "sovd_states: required states both ways; several FILEs as one database"
