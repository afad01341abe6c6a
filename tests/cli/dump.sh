# SPDX-License-Identifier: Apache-2.0
# mdd dump: the nesting limit, a hostile payload in a well-formed container, usage errors.
# (tests/cli/flatc_crosscheck.sh compares the full output with flatc.)
source "$(dirname "$0")/lib.bash" "$@"

run 2 "$MDD" dump
expect_line "mdd dump: expected exactly one FILE" "$TMP/err" "no file"
run 2 "$MDD" dump --max-depth x some.mdd
expect_line "mdd dump: --max-depth needs a number, not 'x'" "$TMP/err" "bad depth"

# A well-formed, correctly signed container around a payload whose root offset leads nowhere.
printf '\x00\x01\x00\x00\x00\x00\x00\x00' >"$WORK/bad.fb"
run 0 "$MDD" pack -o "$WORK/bad.mdd" --ecu BAD --chunk "DIAGNOSTIC_DESCRIPTION:BAD:$WORK/bad.fb"
run 1 "$MDD" dump "$WORK/bad.mdd"
reason="EcuData: offset 0: offset 256 points past the end (8 bytes)"
expect_line "mdd: $WORK/bad.mdd: chunk 0 'BAD': $reason" "$TMP/err" "bad payload"
expect_eq "$(cat "$TMP/out")" "" "bad payload: no output"

# The vector of unions (ComplexValue.entries), which flatc cannot print, on bytes laid out by
# hand: EcuData.variants[0].diag_layer.com_param_refs[0].complex_value holds a SimpleValue "a",
# a nested ComplexValue holding a SimpleValue "b", and a NONE. Each line: position | what | bytes.
UNIONS='
  0 | root offset -> EcuData       | 18 00 00 00
  4 | vtable of EcuData: variants  | 14 00 08 00 00 00 00 00 00 00 00 00 00 00 04 00 00 00 00 00
 24 | EcuData                      | 14 00 00 00 04 00 00 00
 32 | variants                     | 01 00 00 00 10 00 00 00
 40 | vtable of Variant            | 0c 00 08 00 04 00 00 00 00 00 00 00
 52 | Variant: diag_layer          | 0c 00 00 00 1c 00 00 00
 60 | vtable of DiagLayer          | 16 00 08 00 00 00 00 00 00 00 04 00 00 00 00 00 00 00 00 00 00 00 00 00
 84 | DiagLayer: com_param_refs    | 18 00 00 00 04 00 00 00
 92 | com_param_refs               | 01 00 00 00 14 00 00 00
100 | vtable of ComParamRef        | 0e 00 08 00 00 00 04 00 00 00 00 00 00 00 00 00
116 | ComParamRef: complex_value   | 10 00 00 00 0c 00 00 00
124 | vtable of ComplexValue       | 08 00 0c 00 04 00 08 00
132 | ComplexValue: tags, values   | 08 00 00 00 08 00 00 00 0c 00 00 00
144 | tags: Simple, Complex, NONE  | 03 00 00 00 01 02 00 00
152 | values                       | 03 00 00 00 14 00 00 00 28 00 00 00 00 00 00 00
168 | vtable of SimpleValue        | 06 00 08 00 04 00 00 00
176 | SimpleValue: value           | 08 00 00 00 04 00 00 00
184 | "a"                          | 01 00 00 00 61 00 00 00
192 | vtable of ComplexValue       | 08 00 0c 00 04 00 08 00
200 | ComplexValue: tags, values   | 08 00 00 00 08 00 00 00 0c 00 00 00
212 | tags: Simple                 | 01 00 00 00 01 00 00 00
220 | values                       | 01 00 00 00 0c 00 00 00
228 | vtable of SimpleValue        | 06 00 08 00 04 00 00 00
236 | SimpleValue: value           | 08 00 00 00 04 00 00 00
244 | "b"                          | 01 00 00 00 62 00 00 00'
payload_of() { printf "$(cut -d'|' -f3 | tr -d ' \n' | sed 's/../\\x&/g')"; }
payload_of <<<"$UNIONS" >"$WORK/unions.fb"
expect_eq "$(stat -c %s "$WORK/unions.fb")" 252 "hand-laid payload size"
run 0 "$MDD" pack -o "$WORK/unions.mdd" --ecu U --chunk "DIAGNOSTIC_DESCRIPTION:U:$WORK/unions.fb"
run 0 "$MDD" dump "$WORK/unions.mdd"
expect_json "$(cat "$TMP/out")" '{"variants": [{"is_base_variant": false, "diag_layer":
    {"com_param_refs": [{"complex_value": {"entries_type": ["SimpleValue", "ComplexValue", "NONE"],
     "entries": [{"value": "a"}, {"entries_type": ["SimpleValue"], "entries": [{"value": "b"}]},
                 null]}}]}}]}' "vector of unions"
# Two tags for three values: refused, with the path.
sed 's/^\(144 .*| \)03 00 00 00 01 02 00 00$/\102 00 00 00 01 02 00 00/' <<<"$UNIONS" | payload_of >"$WORK/unions.fb"
run 0 "$MDD" pack -o "$WORK/unions.mdd" --ecu U --chunk "DIAGNOSTIC_DESCRIPTION:U:$WORK/unions.fb"
run 1 "$MDD" dump "$WORK/unions.mdd"
reason="EcuData.variants[0].diag_layer.com_param_refs[0].complex_value.entries: offset 152: vector of 3 union values has 2 tags"
expect_line "mdd: $WORK/unions.mdd: chunk 0 'U': $reason" "$TMP/err" "tags and values differ"

have_corpus || skip "no corpus in $CORPUS"
f=$CORPUS/FLXC1000.mdd
run 0 "$MDD" dump --max-depth 0 "$f"
expect_json "$(cat "$TMP/out")" '{"$truncated": true}' "depth 0"
run 0 "$MDD" dump --max-depth 2 "$f"
top=$(jq -c '[.ecu_name, .variants[0].is_base_variant, .variants[0].diag_layer]' "$TMP/out")
expect_json "$top" '["FLXC1000", true, {"$truncated": true}]' "depth 2"
run 0 "$MDD" dump --max-tables 3 "$f"
top=$(jq -c '[.variants[0].diag_layer.short_name, .variants[0].diag_layer.funct_classes[0], .variants[1]]' "$TMP/out")
expect_json "$top" '["FLXC1000", {"$truncated": true}, {"$truncated": true}]' "3 tables"
run 2 "$MDD" dump --max-tables x "$f"
expect_line "mdd dump: --max-tables needs a number, not 'x'" "$TMP/err" "bad table count"
# The default limits (depth 32, a million tables) cut nothing in the corpus.
run 0 "$MDD" dump "$f"
expect_eq "$(grep -c truncated "$TMP/out" || true)" "0" "default depth"
expect_json "$(jq -c '[.variants[] | .diag_layer.short_name]' "$TMP/out")" \
    '["FLXC1000", "FLXC1000_Boot_Variant", "FLXC1000_App_0101"]' "variant names"
