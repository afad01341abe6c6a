# SPDX-License-Identifier: Apache-2.0
# mdd info tells a chunk without a data field (its metadata is the content) from one whose data
# is empty: both store 0 bytes, only the second has data. The file is written byte by byte.
source "$(dirname "$0")/lib.bash" "$@"

# The magic, then MDDFile: version "V" (field 1), ecu_name "E" (field 3), and two chunks
# (field 6) of type EMBEDDED_FILE (3): "a" without data, "b" with data (field 8) of length 0.
printf 'MDD version 0      \0\x0a\x01V\x1a\x01E\x32\x05\x08\x03\x12\x01a\x32\x07\x08\x03\x12\x01b\x42\x00' \
    >"$WORK/f.mdd"
run 0 "$MDD" info --json "$WORK/f.mdd"
expect_eq "$(jq -c '[.chunks[] | [.name, .has_data, .stored_size]]' "$TMP/out")" \
    '[["a",false,0],["b",true,0]]' "has_data of the chunks"
run 0 "$MDD" info "$WORK/f.mdd"
expect_eq "$(awk '$1 == 0 || $1 == 1 { print $1, $3, $6 }' "$TMP/out")" "0 - a
1 0 b" "the stored column"
