# SPDX-License-Identifier: Apache-2.0
# mdd info tells a chunk without a data field (its metadata is the content) from one whose data
# is empty: both store 0 bytes, only the second has data, so only the second has a stored size
# and a SHA-512 in the JSON; mdd convert keeps the first without data. The files are written
# byte by byte, or packed and extended.
source "$(dirname "$0")/lib.bash" "$@"

# The magic, then MDDFile: version "V" (field 1), ecu_name "E" (field 3), and two chunks
# (field 6) of type EMBEDDED_FILE (3): "a" without data, "b" with data (field 8) of length 0.
printf 'MDD version 0      \0\x0a\x01V\x1a\x01E\x32\x05\x08\x03\x12\x01a\x32\x07\x08\x03\x12\x01b\x42\x00' \
    >"$WORK/f.mdd"
# The SHA-512 of no bytes.
empty_sha512=cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e
run 0 "$MDD" info --json "$WORK/f.mdd"
expect_eq "$(jq -c '[.chunks[] | [.name, .has_data, .stored_size, .payload_size, .payload_sha512]]' "$TMP/out")" \
    "[[\"a\",false,null,0,null],[\"b\",true,0,0,\"$empty_sha512\"]]" \
    "absent and empty data in the JSON"
run 0 "$MDD" info "$WORK/f.mdd"
expect_eq "$(awk '$1 == 0 || $1 == 1 { print $1, $3, $6 }' "$TMP/out")" "0 - a
1 0 b" "the stored column"

# A compressed chunk, then one without data (a chunk field, 32, appended to the packed file:
# type 3, name "a"): mdd convert decompresses the first and leaves the second without data.
head -c 300 /dev/zero | tr '\0' x >"$WORK/payload"
run 0 "$MDD" pack -o "$WORK/g.mdd" --ecu E --chunk "DIAGNOSTIC_DESCRIPTION:D:$WORK/payload"
printf '\x32\x05\x08\x03\x12\x01a' >>"$WORK/g.mdd"
for stage in "before convert" "after convert"; do
    run 0 "$MDD" info --json "$WORK/g.mdd"
    expect_eq "$(jq -c '.chunks[1] | [.name, .has_data, .stored_size, .payload_size, .payload_sha512]' "$TMP/out")" \
        '["a",false,null,0,null]' "the chunk without data $stage"
    expect_eq "$(jq -c '.chunks[0] | [.has_data, .payload_size, .payload_sha512]' "$TMP/out")" \
        "[true,300,\"$(sha512_of "$WORK/payload")\"]" "the compressed chunk $stage"
    [ "$stage" == "after convert" ] || run 0 "$MDD" convert "$WORK/g.mdd"
done
run 0 "$MDD" info --json "$WORK/g.mdd"
expect_eq "$(jq -c '.chunks[0] | [.compression, .stored_size]' "$TMP/out")" '[null,300]' \
    "the first chunk decompressed"
