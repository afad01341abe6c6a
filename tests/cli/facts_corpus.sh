# SPDX-License-Identifier: Apache-2.0
# mdd states, sdgs, jobs and the new keys of mdd ecu --json on the real files, against what jq
# computes from flatc's JSON of each payload (flatc_json_schema): effective state charts and
# jobs as own then parents', the first of each name kept; each service's triggered transitions
# with the chart that lists them; SDG trees of layers, services, requests, responses and DTCs;
# the variants' identification patterns.
source "$(dirname "$0")/lib.bash" "$@"
command -v flatc >/dev/null || skip "flatc is not installed"
have_corpus || skip "no corpus in $CORPUS"
SCHEMA="$WORK/ecu_data.fbs"
flatc_json_schema "$SCHEMA"

# jq definitions over flatc's JSON of EcuData.
JQ_DEFS='
def first_by_name: reduce .[] as $x ([]; if any(.[]; .name == $x.name) then . else . + [$x] end);
def chart: {name: .short_name, semantic, start_state: .start_state_short_name_ref,
            states: [.states[]?.short_name],
            transitions: [.state_transitions[]? |
                          {name: .short_name, source: .source_short_name_ref,
                           target: .target_short_name_ref}]};
def charts: [(.diag_layer.state_charts[]? | chart)] + [.parent_refs[]?.ref | charts[]];
def effective_charts: charts | first_by_name;
def param: {name: .short_name, semantic, default: .physical_default_value};
def job: {name: .diag_comm.short_name, semantic: .diag_comm.semantic,
          input_params: [.input_params[]? | param], output_params: [.output_params[]? | param],
          neg_output_params: [.neg_output_params[]? | param]};
def jobs($hidden): [(.diag_layer.single_ecu_jobs[]? | job | select(.name as $n | $hidden | index($n) | not))]
    + [.parent_refs[]? | (.not_inherited_diag_comm_short_names // []) as $h |
       .ref | jobs($hidden + $h)[]];
def effective_jobs: jobs([]) | first_by_name;
def sdg: {caption: .caption_sn, si,
          items: [.sds[]? | if .sd_or_sdg_type == "SD"
                            then .sd_or_sdg | {value, si, ti} else .sd_or_sdg | sdg end]};
def tree: [.sdgs[]? | sdg];
def patterns: [.variant_pattern[]? | [.matching_parameter[]? |
               {expected_value, service: .diag_service.diag_comm.short_name,
                out_param: .out_param.short_name, physical_addressing: .use_physical_addressing}]]
              | map(select(length > 0));
'

# expect_lines ACTUAL_FILE EXPECTED_FILE WHAT: the files hold equal JSON values, line by line,
# whatever the key order.
expect_lines() {
    jq -c -S . "$1" >"$1.sorted" || fail "$3: not JSON: $(cat "$1")"
    jq -c -S . "$2" >"$2.sorted"
    cmp -s "$1.sorted" "$2.sorted" || fail "$3: JSON differs:
$(diff "$2.sorted" "$1.sorted" | head -40)"
}

checked_services=0
for f in "$CORPUS"/*.mdd; do
    name=$(basename "$f" .mdd)
    run 0 "$MDD" cat "$f" -o "$WORK/$name.fb"
    run 0 flatc --json --raw-binary --strict-json -o "$WORK" "$SCHEMA" -- "$WORK/$name.fb"
    fb_json=$WORK/$name.json
    run 0 "$MDD" ecu --json "$f"
    jq -c '.variants[] | {variant_patterns, state_charts, jobs, sdgs}' "$TMP/out" >"$WORK/actual"
    jq -c "$JQ_DEFS"' .variants[]? | {variant_patterns: patterns, state_charts: effective_charts,
        jobs: effective_jobs, sdgs: (.diag_layer.sdgs | tree)}' "$fb_json" >"$WORK/expected"
    expect_lines "$WORK/actual" "$WORK/expected" "$name: ecu --json facts"

    # states, jobs and sdgs print what mdd ecu --json does, variant by variant.
    : >"$WORK/actual"
    for variant in $(jq -r '.variants[]?.diag_layer.short_name' "$fb_json"); do
        for cmd in states jobs sdgs; do
            run 0 "$MDD" "$cmd" --json --variant "$variant" "$f"
            cat "$TMP/out" >>"$WORK/actual"
        done
    done
    jq -c "$JQ_DEFS"' .variants[]? | .diag_layer.short_name as $v |
        {variant: $v, state_charts: effective_charts}, {variant: $v, jobs: effective_jobs},
        {variant: $v, sdgs: (.diag_layer.sdgs | tree)}' "$fb_json" >"$WORK/expected"
    expect_lines "$WORK/actual" "$WORK/expected" "$name: states, jobs, sdgs"

    # Every own service of the first variant that triggers transitions or has SDGs: what it
    # triggers, with the chart that lists each transition, and its trees.
    : >"$WORK/actual"
    variant=$(jq -r '.variants[0].diag_layer.short_name // empty' "$fb_json")
    services=$(jq -r '.variants[0].diag_layer.diag_services[]?.diag_comm |
        select((.state_transition_refs // [] | length) > 0 or (.sdgs.sdgs // [] | length) > 0) |
        .short_name' "$fb_json")
    for service in $services; do
        run 0 "$MDD" states --json --variant "$variant" --service "$service" "$f"
        cat "$TMP/out" >>"$WORK/actual"
        run 0 "$MDD" sdgs --json --variant "$variant" --service "$service" "$f"
        cat "$TMP/out" >>"$WORK/actual"
        checked_services=$((checked_services + 1))
    done
    jq -c "$JQ_DEFS"' (.variants[0] // empty) | .diag_layer.short_name as $v | effective_charts as $charts |
        .diag_layer.diag_services[] |
        select((.diag_comm.state_transition_refs // [] | length) > 0 or
               (.diag_comm.sdgs.sdgs // [] | length) > 0) |
        .diag_comm.short_name as $s |
        {variant: $v, service: $s, required_states: [],
         transitions: [.diag_comm.state_transition_refs[]?.state_transition | .short_name as $t |
                       {chart: ([$charts[] | select(any(.transitions[]; .name == $t))][0].name),
                        name: .short_name, source: .source_short_name_ref,
                        target: .target_short_name_ref}]},
        {variant: $v, service: $s, sdgs: (.diag_comm.sdgs | tree), request: (.request.sdgs | tree),
         pos_responses: [.pos_responses[]? | .sdgs | tree],
         neg_responses: [.neg_responses[]? | .sdgs | tree]}' "$fb_json" >"$WORK/expected"
    expect_lines "$WORK/actual" "$WORK/expected" "$name: services' states and sdgs"

    # A DTC's SDGs.
    code=$(jq '.dtcs[0].trouble_code // empty' "$fb_json")
    [ -n "$code" ] || continue
    run 0 "$MDD" sdgs --json --dtc "$code" "$f"
    expect_json "$(jq -c .sdgs "$TMP/out")" "$(jq -c "$JQ_DEFS .dtcs[0].sdgs | tree" "$fb_json")" \
        "$name dtc $code sdgs"
done
[ "$checked_services" -gt 20 ] || fail "only $checked_services services checked"

# The text forms, on one file.
f=$CORPUS/FLXC1000.mdd
[ -e "$f" ] || exit 0
run 0 "$MDD" states --service Extended_Start "$f"
expect_eq "$(cat "$TMP/out")" "triggers Session.Default_Extended: Default -> Extended
triggers Session.Programming_Extended: Programming -> Extended
triggers Session.Extended_Extended: Extended -> Extended" "states --service Extended_Start"
run 0 "$MDD" states --variant FLXC1000_App_0101 "$f"
expect_line "SecurityAccess (SECURITY), start Locked" "$TMP/out" "inherited chart"
expect_line "  states: Locked Level_3 Level_5 Level_7 Supplier" "$TMP/out" "inherited chart"
expect_line "  Level_3_Locked: Level_3 -> Locked" "$TMP/out" "inherited chart"
run 0 "$MDD" sdgs --service SelfTest_Start "$f"
expect_eq "$(cat "$TMP/out")" "sdgs:
  [self_test_sdg] si=routine_metadata
    expected_duration_ms = 5000" "sdgs --service SelfTest_Start"
run 0 "$MDD" jobs "$f"
expect_eq "$(cat "$TMP/out")" "" "jobs of a file without any"
run 1 "$MDD" states --service No_Such_Service "$f"
expect_eq "$(cat "$TMP/err")" "mdd: $f: no service or job named 'No_Such_Service'" "unknown service"
run 2 "$MDD" sdgs --service SelfTest_Start --dtc 1 "$f"
run 2 "$MDD" sdgs --dtc 12x "$f"
run 1 "$MDD" sdgs --dtc 0x7 "$f"
expect_eq "$(cat "$TMP/err")" "mdd: $f: no DTC with code 0x7" "unknown DTC"
