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

have_corpus || skip "no corpus in $CORPUS"
f=$CORPUS/FLXC1000.mdd
run 0 "$MDD" dump --max-depth 0 "$f"
expect_json "$(cat "$TMP/out")" '{"$truncated": true}' "depth 0"
run 0 "$MDD" dump --max-depth 2 "$f"
top=$(jq -c '[.ecu_name, .variants[0].is_base_variant, .variants[0].diag_layer]' "$TMP/out")
expect_json "$top" '["FLXC1000", true, {"$truncated": true}]' "depth 2"
# The default limit (16) cuts nothing in the corpus.
run 0 "$MDD" dump "$f"
expect_eq "$(grep -c truncated "$TMP/out" || true)" "0" "default depth"
expect_json "$(jq -c '[.variants[] | .diag_layer.short_name]' "$TMP/out")" \
    '["FLXC1000", "FLXC1000_Boot_Variant", "FLXC1000_App_0101"]' "variant names"
