# SPDX-License-Identifier: Apache-2.0
# mdd sovd: FLXC1000's boot variant as SOVD resources, as its services and state charts say
# (mdd services, mdd states): the VIN read and write as one data resource, the routines as
# operations by identifier with their start, stop and request_results services, the sessions
# and the security levels Level_3, Level_5, Level_7 as modes with the service that enters each
# and the seed of each level (by sub-function: Level_7's services are named unlike the others),
# the DTCs and the fault services; the same as JSON; a functional group; usage errors.
source "$(dirname "$0")/lib.bash" "$@"
have_corpus || skip "no corpus"
flxc=$CORPUS/FLXC1000.mdd

run 0 "$MDD" sovd -V FLXC1000_Boot_Variant "$flxc"
out=$TMP/out
expect_eq "$(grep -A3 '^  VINDataIdentifier ' "$out")" "  VINDataIdentifier (0xF190, Ident)
    read            VINDataIdentifier_Read 22f190
    write           VINDataIdentifier_Write 2ef190
configurations:" "the VIN as a data resource"
expect_eq "$(sed -n '/^operations:/,/^modes:/p' "$out")" "operations:
  SelfTest (0x1001, Routines)
    start           SelfTest_Start 31011001
  CalibrateSensors (0x1002, Routines)
    start           CalibrateSensors_Start 31011002
    stop            CalibrateSensors_Stop 31021002
    request_results CalibrateSensors_RequestResults 31031002
  TimeCircuits (0x1003, Routines)
    start           TimeCircuits_Start 31011003
    stop            TimeCircuits_Stop 31021003
    request_results TimeCircuits_RequestResults 31031003
  Clear_Diagnostic_User_Memory (0x4200, FaultMem)
    start           Clear_Diagnostic_User_Memory_Start 31014200
modes:" "the routines as operations"
expect_eq "$(grep -A2 '^  security Level_' "$out")" "  security Level_3
    key             SendKey_Level_3 2704
    seed            RequestSeed_Level_3 2703
  security Level_5
    key             SendKey_Level_5 2706
    seed            RequestSeed_Level_5 2705
  security Level_7
    key             Send_Key_Level_7 2708
    seed            Request_Seed_Level_7 2707" "the security levels with their key and seed"
expect_eq "$(grep -A1 '^  session ' "$out")" "  session Custom
    enter           Custom_Start 1044
  session Default
    enter           Default_Start 1001
  session Extended
    enter           Extended_Start 1003
  session Programming
    enter           Programming_Start 1002" "the sessions"
expect_eq "$(sed -n '/^faults:/,$p' "$out")" "faults:
  dtcs: 6
  faults
    read_status     FaultMem_ReportDTCByStatusMask 1902
    read_snapshots  FaultMem_ReportDTCSnapshotRecordByDtcNumber 1904
    read_extended   FaultMem_ReportDTCExtDataRecordByDtcNumber 1906
    clear_faults    FaultMem_ClearDTCs 14" "the faults"

run 0 "$MDD" sovd --json -V FLXC1000_Boot_Variant "$flxc"
if command -v jq >/dev/null; then
    expect_eq "$(jq -c '[.modes[] | select(.id == "security") | [.value, .chart,
                        [.services[] | [.role, .service, .request, .seed.request]]]]' "$out")" \
        '[["Level_3","SecurityAccess",[["enter","SendKey_Level_3","2704","2703"],["seed","RequestSeed_Level_3","2703",null]]],["Level_5","SecurityAccess",[["enter","SendKey_Level_5","2706","2705"],["seed","RequestSeed_Level_5","2705",null]]],["Level_7","SecurityAccess",[["enter","Send_Key_Level_7","2708","2707"],["seed","Request_Seed_Level_7","2707",null]]],["Supplier","SecurityAccess",[["enter","SendKey_Supplier","270a","2709"],["seed","RequestSeed_Supplier","2709",null]]]]' \
        "the security modes as JSON"
    expect_eq "$(jq -c '.data[] | select(.id == "VINDataIdentifier")' "$out")" \
        '{"id":"VINDataIdentifier","identifier":61840,"class":"Ident","services":[{"role":"read","service":"VINDataIdentifier_Read","request":"22f190"},{"role":"write","service":"VINDataIdentifier_Write","request":"2ef190"}]}' \
        "the VIN as JSON"
    expect_eq "$(jq -c '[.ecu, .variant, (.faults[0].dtcs | length), (.operations | length)]' "$out")" \
        '["FLXC1000","FLXC1000_Boot_Variant",6,4]' "the object's members"
fi

# A functional group: its requests set the suppressPosRspMsgIndicationBit (31 81 starts the
# routine, 31 82 stops it), which the roles do not see.
fg=$CORPUS/functional_groups.mdd
run 0 "$MDD" sovd --group FGL_UDS_Ethernet_DoIP "$fg"
expect_eq "$(sed -n '/^operations:/,/^modes:/p' "$TMP/out")" "operations:
  Engage_Safety_Squints (0x0301, Routines)
    start           Engage_Safety_Squints_Start_Func 31810301
    stop            Engage_Safety_Squints_Stop_Func 31820301
modes:" "the functional group's operations"
expect_eq "$(grep -A1 '^  session ' "$TMP/out")" "  session Extended
    enter           Extended_Start_Func 1083" "the functional group's session"

# The base variant has no security services.
run 0 "$MDD" sovd "$flxc"
! grep -q '^  security' "$TMP/out" || fail "security modes in the base variant"
run 1 "$MDD" sovd -V NoSuchVariant "$flxc"
run 2 "$MDD" sovd -V FLXC1000_Boot_Variant
expect_line "mdd sovd: expected FILE..." "$TMP/err" "no operand"
echo "sovd: FLXC1000's resources as expected"
