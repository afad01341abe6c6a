# mdd dump against flatc: for every corpus file, the payload that `mdd cat` extracts, printed
# by flatc --json with the project's schema (schema/ecu_data.fbs), must equal `mdd dump` on
# the fields libmdd reads. flatc is the independent oracle for the verifier-backed views.
source "$(dirname "$0")/lib.bash" "$@"
command -v flatc >/dev/null || skip "flatc is not installed"
have_corpus || skip "no corpus in $CORPUS"
SCHEMA=$(realpath -- "$(dirname "$0")/../../schema/ecu_data.fbs")

# What mdd dump leaves out: the tables libmdd does not read (the schema declares them empty)
# and the union members it checks only generically.
SUBSET='walk(if type == "object" then
    del(.com_param_refs, .state_charts, .additional_audiences, .pre_condition_state_refs,
        .state_transition_refs, .audience, .com_param_spec, .prot_stack, .prog_codes,
        .input_params, .output_params, .neg_output_params)
    | if has("specific_data_type") and (.specific_data_type
          | IN("CodedConst", "MatchingRequestParam", "StandardLengthType") | not)
      then del(.specific_data) else . end
    | if .ref_type? == "TableDop" then del(.ref) else . end
  else . end)'

for f in "$CORPUS"/*.mdd; do
    name=$(basename "$f" .mdd)
    run 0 "$MDD" cat "$f" -o "$WORK/$name.fb"
    run 0 flatc --json --raw-binary --strict-json --defaults-json -o "$WORK" "$SCHEMA" -- \
        "$WORK/$name.fb"
    expected=$(jq -S "$SUBSET" "$WORK/$name.json")
    # Deep enough that nothing in the corpus is cut.
    run 0 "$MDD" dump --max-depth 64 "$f"
    actual=$(jq -S . "$TMP/out")
    [ "$actual" == "$expected" ] || fail "$name: mdd dump differs from flatc:
$(diff <(echo "$expected") <(echo "$actual") | head -40)"
done
