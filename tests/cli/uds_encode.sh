# SPDX-License-Identifier: Apache-2.0
# mdd encode: requests of the codec's test database (tests/support/uds_msg_fixture.h, packed
# here) and of the real files, worked out by hand from their descriptions: constants filled
# in, defaults for what is not given, text tables by their texts; the values refused with the
# parameter named; --json; usage errors.
source "$(dirname "$0")/lib.bash" "$@"
"$HELPERS/write_uds_fixture" "$WORK/ecu.fb" || fail "write_uds_fixture failed"
run 0 "$MDD" pack -o "$WORK/ECU.mdd" --ecu ECU --chunk "DIAGNOSTIC_DESCRIPTION:ECU:$WORK/ecu.fb"
cd "$WORK"

# encode FILE SERVICE VALUES HEX
encode() {
    run 0 "$MDD" encode "$1" "$2" "$3"
    expect_eq "$(cat "$TMP/out")" "$4" "encode $2 $3"
}
# refused SERVICE VALUES MESSAGE
refused() {
    run 1 "$MDD" encode ECU.mdd "$1" "$2"
    expect_eq "$(cat "$TMP/err")" "mdd: ECU.mdd: $3" "encode $1 $2"
}

# ---- the test database ----
# SID 22, DID 61840 = F1 90; 256 = 01 00.
encode ECU.mdd ReadVIN '{}' 22f190
encode ECU.mdd ReadRec '{}' 220100
# Tail: SID 25, Level, Mode (default 7).
encode ECU.mdd Tail '{"Level":3}' 250307
encode ECU.mdd Tail '{"Level":3,"Mode":9}' 250309
encode ECU.mdd Tail '{"Mode":255,"Level":0}' 2500ff
run 0 "$MDD" encode --json --variant V ECU.mdd Tail '{"Level":3}'
expect_eq "$(cat "$TMP/out")" '{"ecu":"ECU","variant":"V","service":"Tail","request":"250307"}' \
    "encode --json"
refused Tail '{"Level":256}' "/Level: byte 1: 256 does not fit in 8 bits"
refused Tail '{"Level":-1}' "/Level: -1 is out of the range of A_UINT_32"
refused Tail '{"Level":"x"}' "/Level: a text is not a value of A_UINT_32"
refused Tail '{}' "/Level at byte 1: no value given"
refused Tail '{"Level":1,"Speed":2}' "/ at byte 0: 'Speed' names no parameter here"
refused ReadVIN '{"SID":35}' "/SID at byte 0: the value given differs from the constant"
run 1 "$MDD" encode ECU.mdd Nope '{}'
expect_eq "$(cat "$TMP/err")" "mdd: ECU.mdd: no service named 'Nope' in variant 'V'" "unknown service"

# ---- the real files ----
if [ -e "$CORPUS/FLXC1000.mdd" ]; then
    for f in "$CORPUS"/*.mdd; do
        [ "$(basename "$f")" != functional_groups.mdd ] || continue
        encode "$f" Extended_Start '{}' 1003
        encode "$f" Default_Start '{}' 1001
    done
    f=$CORPUS/FLXC1000.mdd
    # The status mask: testFailed (bit 0) and confirmedDTC (bit 3) set: 09.
    encode "$f" FaultMem_ReportDTCByStatusMask '{"testFailed":"true","testFailedThisOperationCycle":"false","pendingDTC":"false","confirmedDTC":"true","testNotCompletedSinceLastClear":"false","testFailedSinceLastClear":"false","testNotCompletedThisOperationCycle":"false","warningIndicatorRequested":"false"}' 190209
    # The VIN's 17 ASCII bytes after 2E F1 90.
    encode "$f" VINDataIdentifier_Write '{"VIN":"WDD2220011A000001"}' \
        2ef1905744443232323030313141303030303031
    run 1 "$MDD" encode "$f" FaultMem_ReportDTCByStatusMask '{"testFailed":"yes"}'
    expect_eq "$(cat "$TMP/err")" \
        "mdd: $f: /testFailed: \"yes\" is not a text of the TEXT_TABLE compu method" \
        "a text the text table does not have"
fi

# ---- usage ----
run 2 "$MDD" encode ECU.mdd Tail
expect_eq "$(head -n 1 "$TMP/err")" "mdd encode: expected a FILE, a SERVICE and its VALUES as JSON" \
    "missing values"
echo "uds_encode: ok"
