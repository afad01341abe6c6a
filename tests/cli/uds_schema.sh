# SPDX-License-Identifier: Apache-2.0
# mdd schema and mdd layout: exact outputs for FLXC1000's VIN services (worked out from their
# descriptions: SID 0x62 = 98, DID F190 in two bytes, a 17-byte A_ASCIISTRING), usage and
# lookup errors; the codec's test database's worked examples (every DOP and parameter kind)
# valid against their schemas; then every message of every service of the corpus through a
# validator that is not libmdd's (python3-jsonschema, tests/cli/uds_schema.py): every schema
# valid draft 2020-12, every decoded corpus message valid against its schema, every top-level
# bound of a request's schema encodes and one past it is refused.
source "$(dirname "$0")/lib.bash" "$@"
have_corpus || skip "no corpus"
flxc=$CORPUS/FLXC1000.mdd

run 0 "$MDD" schema VINDataIdentifier_Write "$flxc"
expect_eq "$(cat "$TMP/out")" '{"$schema":"https://json-schema.org/draft/2020-12/schema","title":"VINDataIdentifier_Write request","allOf":[{"type":"object","properties":{"SID_RQ":{"const":46},"DID_RQ":{"const":61840},"VIN":{"type":"string","maxLength":17}},"required":["VIN"],"additionalProperties":false}]}' \
    "the schema of the VIN write request"
run 0 "$MDD" schema --response VINDataIdentifier_Read "$flxc"
expect_eq "$(cat "$TMP/out")" '{"$schema":"https://json-schema.org/draft/2020-12/schema","title":"VINDataIdentifier_Read positive response 0","type":"object","properties":{"ecu":{"const":"FLXC1000"},"variant":{"const":"FLXC1000"},"service":{"const":"VINDataIdentifier_Read"},"response":{"const":"positive"},"params":{"type":"object","properties":{"VIN":{"type":"string","maxLength":17}},"required":["VIN"],"additionalProperties":false},"trailing":{"type":"string","pattern":"^(0x[0-9A-Fa-f]{2}( 0x[0-9A-Fa-f]{2})*|([0-9A-Fa-f]{2})*)$"}},"required":["ecu","variant","service","response","params"],"additionalProperties":false}' \
    "the schema of the VIN read response"
run 1 "$MDD" schema --response --index 7 VINDataIdentifier_Read "$flxc"
expect_eq "$(cat "$TMP/err")" "mdd: $flxc: the service has no response 7 of that kind" "no response 7"
run 1 "$MDD" schema NoSuchService "$flxc"
expect_eq "$(cat "$TMP/err")" "mdd: $flxc: no service named 'NoSuchService' in variant 'FLXC1000'" \
    "an unknown service"
run 2 "$MDD" schema --request --negative VINDataIdentifier_Read "$flxc"
expect_line "mdd schema: --request, --response and --negative exclude each other" "$TMP/err" \
    "two messages"
run 2 "$MDD" layout --index x VINDataIdentifier_Read "$flxc"
expect_line "mdd layout: --index 'x' is not a number" "$TMP/err" "a bad index"

run 0 "$MDD" layout --response VINDataIdentifier_Read "$flxc"
expect_eq "$(head -3 "$TMP/out")" "a  /SID_PR  at byte 0 bit 0, fixed 8 bits = 98 #0
b  /DID_PR  at byte 1 bit 0, fixed 16 bits #1
c  /VIN  at byte 3 bit 0, fixed 136 bits #2" "the legend of the VIN read response"
expect_eq "$(sed -n '5,9p;25p' "$TMP/out")" "byte  7 6 5 4 3 2 1 0
   0  a a a a a a a a
   1  b b b b b b b b
   2  b b b b b b b b
   3  c c c c c c c c
  19  c c c c c c c c" "the byte grid of the VIN read response"
expect_eq "$(wc -l <"$TMP/out")" 25 "one row per byte (20)"
run 0 "$MDD" layout --json --response VINDataIdentifier_Read "$flxc"
expect_eq "$(cat "$TMP/out")" '{"ecu":"FLXC1000","variant":"FLXC1000","service":"VINDataIdentifier_Read","message":"positive","index":0,"items":[{"path":"/SID_PR","kind":"uint","param_type":"CODED_CONST","byte":0,"bit":0,"rule":"fixed","bit_length":8,"byte_count":1,"constant":"98","coded_type":"A_UINT_32","variable":false,"conditional":false},{"path":"/DID_PR","kind":"uint","param_type":"MATCHING_REQUEST_PARAM","byte":1,"bit":0,"rule":"fixed","bit_length":16,"byte_count":2,"coded_type":"A_UINT_32","variable":false,"conditional":false},{"path":"/VIN","kind":"text","param_type":"VALUE","byte":3,"bit":0,"rule":"fixed","bit_length":136,"byte_count":17,"dop":"VIN_17Byte","compu":"IDENTICAL","coded_type":"A_ASCIISTRING","variable":false,"conditional":false}]}' \
    "the layout of the VIN read response as JSON"

python3 -c 'import jsonschema' 2>/dev/null ||
    skip "python3-jsonschema is not installed (the schemas are not validated)"

# ---- the codec's test database: every kind of DOP and parameter ----
# Each worked example of tests/cli/uds_decode.sh, decoded, validates against the schema of
# the response it decoded as (the first of its kind in this database); ReadTemp's linear
# Temp at both ends of its range (-40 and 87.5, its schema's minimum and maximum).
"$HELPERS/write_uds_fixture" "$WORK/ecu.fb" || fail "write_uds_fixture failed"
run 0 "$MDD" pack -o "$WORK/ECU.mdd" --ecu ECU --chunk "DIAGNOSTIC_DESCRIPTION:ECU:$WORK/ecu.fb"
: >"$WORK/fixture.jsonl"
for pair in 22F190:62F1901234 22F190:7F2231 220100:620A0B00000C 1901:5901010203040506FF \
    1902:59020102030405 1903:5901020304 31:710105FF 31:71020E 1904:5901010012340B \
    220300:620107 220300:6202 220400:62ABCD07 220500:621001022A 23:7F2322 24:6405 \
    22F193:62F1937D 22F193:62F19300 22F193:62F193FF; do
    run 0 "$MDD" decode --json "$WORK/ECU.mdd" "${pair%%:*}" "${pair#*:}"
    cp "$TMP/out" "$WORK/instance"
    kind=$(jq -r .response "$WORK/instance")
    service=$(jq -r .service "$WORK/instance")
    run 0 "$MDD" schema "--${kind/positive/response}" "$service" "$WORK/ECU.mdd"
    jq -c --slurpfile i "$WORK/instance" --arg s "$service" --arg k "$kind" \
        '{file: "ECU.mdd", layer: "V", service: $s, kind: $k, index: 0, schema: ., instance: $i[0]}' \
        "$TMP/out" >>"$WORK/fixture.jsonl"
done
python3 "$(dirname "$0")/uds_schema.py" "$WORK/fcases" "$WORK/fexpect" <"$WORK/fixture.jsonl" \
    >"$WORK/report" || fail "$(cat "$WORK/report")"
cat "$WORK/report"

# ---- the whole corpus through python3-jsonschema ----
MDD_CORPUS=$CORPUS "$HELPERS/describe_corpus" dump >"$WORK/dump.jsonl" ||
    fail "describe_corpus dump failed"
python3 "$(dirname "$0")/uds_schema.py" "$WORK/cases" "$WORK/expect" <"$WORK/dump.jsonl" \
    >"$WORK/report" || fail "$(cat "$WORK/report")"
cat "$WORK/report"
MDD_CORPUS=$CORPUS "$HELPERS/describe_corpus" encode <"$WORK/cases" >"$WORK/got" ||
    fail "describe_corpus encode failed"
[ "$(wc -l <"$WORK/got")" == "$(wc -l <"$WORK/expect")" ] || fail "not every bound case was encoded"
[ -s "$WORK/expect" ] || fail "no bound cases"
paste -d '|' "$WORK/expect" "$WORK/got" | awk -F'|' '
    { n = split($1, a, ": "); want = a[n]; got = $2; sub(/\t.*/, "", got)
      if (want != got) { bad++; if (bad <= 10) print "FAIL bound: " $0 } }
    END { exit bad > 0 }' || fail "the encoder disagrees with a schema bound"
echo "uds_schema: $(wc -l <"$WORK/expect") bound cases agree with the encoder"
