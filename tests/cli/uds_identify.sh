# SPDX-License-Identifier: Apache-2.0
# mdd identify on the real files: the requests each ECU sends (its patterns all read
# Identification_Read, 22 F1 00) and the variant each pattern's value identifies, worked out by
# hand from the expected values (a 24-bit Identification: 257 = 00 01 01, 16711680 = FF 00 00,
# 4112 = 00 10 10, 1025 = 00 04 01, 1281 = 00 05 01, 769 = 00 03 01); a value no pattern has
# and a negative response fall back to the base variant; --json; the exchanges it cannot use
# noted; an ECU without variants; usage errors.
source "$(dirname "$0")/lib.bash" "$@"
f=$CORPUS/FLXC1000.mdd
[ -e "$f" ] || skip "no FLXC1000.mdd in $CORPUS"

# ---- the requests to send ----
for ecu in FLXC1000 FLXCNG1000 FSNR2000 HOVR4000 JGWT5000 TMCC3000; do
    run 0 "$MDD" identify "$CORPUS/$ecu.mdd"
    expect_eq "$(cat "$TMP/out")" "Identification_Read  22f100" "requests of $ecu"
done
run 0 "$MDD" identify --json "$f"
expect_eq "$(cat "$TMP/out")" \
    '{"ecu":"FLXC1000","requests":[{"service":"Identification_Read","request":"22f100"}]}' \
    "requests as JSON"

# ---- the variant the responses identify ----
identify() { # ECU RESPONSE_HEX EXPECTED
    run 0 "$MDD" identify "$CORPUS/$1.mdd" "22F100=$2"
    expect_eq "$(cat "$TMP/out")" "$3" "$1 answering $2"
}
identify FLXC1000 62F100000101 FLXC1000_App_0101
identify FLXC1000 62f100ff0000 FLXC1000_Boot_Variant
identify FLXCNG1000 62F100001010 FLXCNG1000_App_1010
identify FSNR2000 62F100000101 FSNR2000_App_0101
identify FSNR2000 62F100FF0000 FSNR2000_Boot_Variant
identify HOVR4000 62F100000401 HOVR4000_App_0101
identify JGWT5000 62F100000501 JGWT5000_App_0101
identify TMCC3000 62F100000301 TMCC3000_App_0101
identify FLXC1000 62F100000001 "FLXC1000 (no pattern matched: the base variant)"
identify FLXC1000 7F2231 "FLXC1000 (no pattern matched: the base variant)"
run 0 "$MDD" identify "$f"  22F190=62F1905744443232323030313141303030303031 \
    22F100=62F100000101
expect_eq "$(cat "$TMP/out")" FLXC1000_App_0101 "the identifying exchange among others"
run 0 "$MDD" identify --json "$f" 22F100=62F100000101
expect_eq "$(cat "$TMP/out")" '{"ecu":"FLXC1000","variant":"FLXC1000_App_0101","matched":true,"unused":[]}' \
    "identity as JSON"
run 0 "$MDD" identify --json "$f" 22F100=62F100000001
expect_eq "$(cat "$TMP/out")" '{"ecu":"FLXC1000","variant":"FLXC1000","matched":false,"unused":[]}' \
    "the fallback as JSON"
expect_eq "$(cat "$TMP/err")" "" "the fallback: no note"

# ---- exchanges identification cannot use: a note each, and in JSON ----
run 0 "$MDD" identify "$f" 22F100=62F1 22F190=62F190 22F100=62F100000101
expect_eq "$(cat "$TMP/out")" FLXC1000_App_0101 "identified beside unused exchanges"
expect_eq "$(cat "$TMP/err")" \
    "mdd: note: $f: '22F100=62F1' not used: its response does not decode: no response of service 'Identification_Read' matches 62 F1
mdd: note: $f: '22F190=62F190' not used: its request is none that identification sends" \
    "notes of the unused exchanges"
run 0 "$MDD" identify --json "$f" 22f100=62f1
expect_eq "$(cat "$TMP/out")" \
    '{"ecu":"FLXC1000","variant":"FLXC1000","matched":false,"unused":[{"request":"22f100","response":"62f1","reason":"its response does not decode: no response of service '"'Identification_Read'"' matches 62 F1"}]}' \
    "unused exchanges in JSON"

# ---- no variants ----
fg=$CORPUS/functional_groups.mdd
if [ -e "$fg" ]; then
    run 0 "$MDD" identify "$fg"
    expect_eq "$(cat "$TMP/out")" "" "the requests of an ECU without variants"
    run 1 "$MDD" identify "$fg" 22F100=62F100000101
    expect_eq "$(cat "$TMP/err")" \
        "mdd: $fg: no variant pattern matched and the ECU has no base variant" "no base variant"
fi

# ---- usage errors ----
run 2 "$MDD" identify "$f" 22F100
expect_eq "$(head -n 1 "$TMP/err")" "mdd identify: '22F100' is not REQUEST=RESPONSE" "no ="
run 2 "$MDD" identify "$f" 22F100=62F
expect_eq "$(head -n 1 "$TMP/err")" \
    "mdd identify: '62F' is not a response in hex (pairs of hex digits)" "odd hex"
run 2 "$MDD" identify
expect_eq "$(head -n 1 "$TMP/err")" \
    "mdd identify: expected a FILE and REQUEST=RESPONSE exchanges" "no file"
echo "uds_identify: ok"
