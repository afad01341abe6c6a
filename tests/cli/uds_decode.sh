# SPDX-License-Identifier: Apache-2.0
# mdd decode: on the codec's test database (tests/support/uds_msg_fixture.h, written by the
# helper write_uds_fixture and packed here) one response per DOP and parameter kind, and on
# the real files their reads; exact outputs worked out by hand from the descriptions (JSON and
# text), the errors that name a parameter and a byte offset, and usage errors.
source "$(dirname "$0")/lib.bash" "$@"
"$HELPERS/write_uds_fixture" "$WORK/ecu.fb" || fail "write_uds_fixture failed"
run 0 "$MDD" pack -o "$WORK/ECU.mdd" --ecu ECU --chunk "DIAGNOSTIC_DESCRIPTION:ECU:$WORK/ecu.fb"
cd "$WORK"

# decode_json REQUEST RESPONSE SERVICE KIND PARAMS [TRAILING]: the JSON is exactly that.
decode_json() {
    local trailing=${6:+,\"trailing\":\"$6\"}
    run 0 "$MDD" decode --json ECU.mdd "$1" "$2"
    expect_eq "$(cat "$TMP/out")" \
        "{\"ecu\":\"ECU\",\"variant\":\"V\",\"service\":\"$3\",\"response\":\"$4\",\"params\":$5$trailing}" \
        "decode $1 $2"
}
# decode_fails REQUEST RESPONSE MESSAGE
decode_fails() {
    run 1 "$MDD" decode ECU.mdd "$1" "$2"
    expect_eq "$(cat "$TMP/err")" "mdd: ECU.mdd: $3" "decode $1 $2"
}

# ---- every kind, the constants without a semantic shown (SID 62 = 98, 59 = 89, ...) ----
# F1 90 = 61840, 12 34 = 4660.
decode_json 22F190 62F1901234 ReadVIN positive '{"SID":98,"DID":61840,"Value":4660}'
# 7F = 127, the request's 22 = 34, NRC 31 = 49.
decode_json 22F190 7F2231 ReadVIN negative '{"SID":127,"SIDRQ":34,"NRC":49}'
# A structure of byte size 4 at byte 1: After is at byte 5.
decode_json 220100 620A0B00000C ReadRec positive '{"SID":98,"Rec":{"A":10,"B":11},"After":12}'
# Two items of 3 bytes; T follows them; FF is left over.
decode_json 1901 5901010203040506FF StaticList positive \
    '{"SID":89,"List":[{"id":1,"val":1},{"id":3,"val":4}],"T":6}' 0xFF
# The count 2 at the field's first byte, the items after it.
decode_json 1902 59020102030405 DynamicList positive \
    '{"SID":89,"List":[{"id":1,"val":2},{"id":3,"val":4}],"T":5}'
decode_json 1903 5901020304 EndList positive '{"SID":89,"List":[{"id":1,"val":2},{"id":3,"val":4}]}'
# Key 1 selects CaseA (a = 05 FF = 1535), key 2 CaseB.
decode_json 31 710105FF Mux positive '{"SID":113,"M":{"Selector":1,"SA":{"a":1535}}}'
decode_json 31 71020E Mux positive '{"SID":113,"M":{"Selector":2,"SB":{"b":14}}}'
# DTC 01 01 00 = 65792 with its text and level; its environment data: the one for all codes
# (Odo 12 34) and the one for this code (Temp 0B).
decode_json 1904 5901010012340B ReadDtc positive \
    '{"SID":89,"DTC":{"code":65792,"display_code":"P0101","fault_name":"MAF range","severity":2},"Env":{"Odo":4660,"Temp":11}}'
# A DTC DOP without DTCs of its own finds 02 02 00 = 131584 in the ECU's list.
decode_json 1905 59020200 ReadGlobalDtc positive \
    '{"SID":89,"DTC":{"code":131584,"display_code":"P0202","fault_name":"Cam sensor","severity":3}}'
decode_json 220300 620107 Table positive '{"SID":98,"TK":1,"TS":{"R1":{"x":7}}}'
decode_json 220300 6202 Table positive '{"SID":98,"TK":2,"TS":{"R2":{}}}'
decode_json 220400 62ABCD07 Reserved positive '{"SID":98,"R":43981,"V":7}'
# The length key 10 = 16 bits of data.
decode_json 220500 621001022A LengthKey positive '{"SID":98,"Len":16,"Data":"0x01 0x02","T":42}'
decode_json 23 7F2322 Guarded negative '{"SID":127,"SIDRQ":35,"NRC":34}'
# An NRC the service's negative response does not list: the global negative response.
decode_json 23 7F2310 Guarded negative '{"SID":127,"SIDRQ":35,"Code":16}'
decode_json 24 6405 PhysConst positive '{"SID":100,"P":5}'

# ---- text ----
run 0 "$MDD" decode ECU.mdd 1901 59010102030405060708
expect_eq "$(cat "$TMP/out")" 'StaticList: positive response
/SID = 89
/List[0]/id = 1
/List[0]/val = 1
/List[1]/id = 3
/List[1]/val = 4
/T = 6
trailing bytes: "0x07 0x08"' "text of a field"
run 0 "$MDD" decode ECU.mdd 1904 5901010012340B
expect_eq "$(cat "$TMP/out")" 'ReadDtc: positive response
/SID = 89
/DTC = {"code":65792,"display_code":"P0101","fault_name":"MAF range","severity":2}
/Env/Odo = 4660
/Env/Temp = 11' "text of a DTC"
run 0 "$MDD" decode --variant V ECU.mdd 31 710105FF
expect_eq "$(cat "$TMP/out")" 'Mux: positive response
/SID = 113
/M/Selector = 1
/M/SA/a = 1535' "text of a MUX"

# ---- messages that do not decode ----
decode_fails 1903 590102030405 "/List[2]/val: byte 6: 8 bits at bit position 0 need 1 bytes, the message ends at byte 6"
decode_fails 24 6406 "/P at byte 1: physical constant 5 expected, read 6"
decode_fails 26 6601 "/E at byte 1: parameter kind TABLE_ENTRY is not supported"
decode_fails 99 7F9911 "no service takes the request 99"
decode_fails 220100 630A0B00000C "no response of service 'ReadRec' matches 63 0A 0B 00 00 0C"

# ---- the real files ----
if [ -e "$CORPUS/FLXC1000.mdd" ]; then
    # Every ECU of the corpus answers the VIN read the same way.
    for f in "$CORPUS"/*.mdd; do
        ecu=$(basename "$f" .mdd)
        [ "$ecu" != functional_groups ] || continue
        run 0 "$MDD" decode --json "$f" 22F190 62F1905744443232323030313141303030303031
        expect_eq "$(cat "$TMP/out")" \
            "{\"ecu\":\"$ecu\",\"variant\":\"$ecu\",\"service\":\"VINDataIdentifier_Read\",\"response\":\"positive\",\"params\":{\"VIN\":\"WDD2220011A000001\"}}" \
            "the VIN of $ecu"
    done
    # A variant's own service: the boot variant's seed (RequestSeed_Level_3, 27 03), a byte
    # field to the end of the message; the base variant has no such service.
    run 0 "$MDD" decode --json --variant FLXC1000_Boot_Variant "$CORPUS/FLXC1000.mdd" 2703 6703AABBCC
    expect_eq "$(cat "$TMP/out")" \
        '{"ecu":"FLXC1000","variant":"FLXC1000_Boot_Variant","service":"RequestSeed_Level_3","response":"positive","params":{"SecuritySeed":"0xAA 0xBB 0xCC"}}' \
        "a variant's own service"
    run 1 "$MDD" decode "$CORPUS/FLXC1000.mdd" 2703 6703AABBCC
    expect_eq "$(cat "$TMP/err")" "mdd: $CORPUS/FLXC1000.mdd: no service takes the request 27 03" \
        "a request of another variant"
fi

# ---- usage ----
run 1 "$MDD" decode --variant NOPE ECU.mdd 22F190 62F1901234
expect_eq "$(cat "$TMP/err")" "mdd: ECU.mdd: no variant named 'NOPE'" "unknown variant"
run 2 "$MDD" decode ECU.mdd 22F190 62F19
expect_eq "$(head -n 1 "$TMP/err")" "mdd decode: '62F19' is not a response in hex (pairs of hex digits)" \
    "odd hex"
run 2 "$MDD" decode ECU.mdd 22F190
expect_eq "$(head -n 1 "$TMP/err")" \
    "mdd decode: expected a FILE, a REQUEST and a RESPONSE in hex" "missing response"
echo "uds_decode: ok"
