# SPDX-License-Identifier: Apache-2.0
# mdd comparams against flatc: for every corpus file and variant, the ComParams that a jq
# program resolves from flatc's JSON of the payload (own refs, then the parents depth first,
# the first reference of each key winning) must be what the tool prints, for all protocols and
# for each one; and a protocol the file lacks must be reported with the ones it has.
source "$(dirname "$0")/lib.bash" "$@"
command -v flatc >/dev/null || skip "flatc is not installed"
have_corpus || skip "no corpus in $CORPUS"
SCHEMA="$WORK/ecu_data.fbs"
flatc_json_schema "$SCHEMA"

# The inheritance walk, from a Variant (or any layer with diag_layer and parent_refs): with
# $p null every ref in stored order, else those naming $p, then those naming none.
RESOLVE='
def value: if .simple_value then .simple_value.value
    elif .complex_value then [.complex_value.entries[].value] else null end;
def refs($p): (.diag_layer.com_param_refs // [])
    | map({name: .com_param.short_name, protocol: .protocol.diag_layer.short_name, value: value,
           members: [.com_param.specific_data.com_params[]?.short_name]})
    | if $p == null then . else map(select(.protocol == $p)) + map(select(.protocol == null)) end;
def items($p; $d): (.diag_layer.short_name) as $layer
    | (refs($p) | map(. + {layer: $layer, depth: $d}))
      + ([.parent_refs[]? | .ref | items($p; $d + 1)] | add // []);
def first_of(key): reduce .[] as $i ([]; if any(.[]; (. | key) == ($i | key)) then . else . + [$i] end);
def resolve($p): items($p; 0)
    | if $p == null then first_of([.name, .protocol]) else first_of(.name) end;
def protocols: ([.parent_refs[]? | select(.ref_type == "Protocol") | .ref.diag_layer.short_name]
      + [.diag_layer.com_param_refs[]?.protocol.diag_layer.short_name | select(. != null)]) as $own
    | $own + ([.parent_refs[]? | .ref | protocols] | add // []);
'

for f in "$CORPUS"/*.mdd; do
    name=$(basename "$f" .mdd)
    run 0 "$MDD" cat "$f" -o "$WORK/$name.fb"
    run 0 flatc --json --raw-binary --strict-json --defaults-json -o "$WORK" "$SCHEMA" -- \
        "$WORK/$name.fb"
    jq -e 'all(.. | objects | select(has("entries_type")) | .entries_type[]; . == 1)' \
        "$WORK/$name.json" >/dev/null || fail "$name: a complex value with nested entries"
    mapfile -t variants < <(jq -r '.variants[]?.diag_layer.short_name' "$WORK/$name.json")
    for v in "${variants[@]}"; do
        variant=$(jq --arg v "$v" '.variants[] | select(.diag_layer.short_name == $v)' \
            "$WORK/$name.json")
        mapfile -t protos < <(jq -r "$RESOLVE"' protocols | reduce .[] as $p ([]; if index([$p]) then . else . + [$p] end) | .[]' <<<"$variant")
        run 0 "$MDD" comparams --json --variant "$v" "$f"
        expect_json "$(jq -c '.protocols' "$TMP/out")" \
            "$(printf '%s\n' "${protos[@]}" | jq -R . | jq -sc 'map(select(. != ""))')" \
            "$name/$v protocols"
        for p in "" "${protos[@]}"; do
            if [ -n "$p" ]; then
                run 0 "$MDD" comparams --json --variant "$v" --protocol "$p" "$f"
                pj=$(jq -n --arg p "$p" '$p')
            else
                run 0 "$MDD" comparams --json --variant "$v" "$f"
                pj=null
            fi
            # The DoIP addresses are the integers of the nearest values.
            expected=$(jq -c --argjson p "$pj" "$RESOLVE"' resolve($p)
                | (map(select(.name == "CP_UniqueRespIdTable")) | first // null) as $t
                | (map(select(.value | type == "string") | {key: .name, value: .value})
                   | reverse | from_entries) as $s
                | def addr($k; $v): if $v then {($k): ($v | tonumber)} else {} end;
                  {comparams: map(del(.members)),
                   doip: ({} + (if $t then
                         addr("ecu"; $t.value[$t.members | index("CP_DoIPLogicalEcuAddress")])
                         + addr("secondary_response";
                               $t.value[$t.members | index("CP_DoIPSecondaryLogicalECUResponseAddress")])
                         else {} end)
                     + addr("gateway"; $s.CP_DoIPLogicalGatewayAddress)
                     + addr("functional"; $s.CP_DoIPLogicalFunctionalAddress)
                     + addr("tester"; $s.CP_DoIPLogicalTesterAddress))}' <<<"$variant")
            actual=$(jq -c '{comparams: .comparams | map({name, protocol, value, layer, depth}),
                             doip}' "$TMP/out")
            expect_json "$actual" "$expected" "$name/$v/${p:-all} comparams"
        done
    done
done

# mdd ecu --json carries each variant's ComParams for every protocol, as mdd comparams --json.
for f in "$CORPUS"/*.mdd; do
    run 0 "$MDD" ecu --json "$f"
    cp "$TMP/out" "$WORK/ecu.json"
    mapfile -t variants < <(jq -r '.variants[].name' "$WORK/ecu.json")
    for v in "${variants[@]}"; do
        run 0 "$MDD" comparams --json --variant "$v" "$f"
        expect_json "$(jq -c --arg v "$v" '.variants[] | select(.name == $v) | .comparams'             "$WORK/ecu.json")" "$(jq -c .comparams "$TMP/out")" "$(basename "$f")/$v: ecu --json"
    done
done

# The files whose only protocol is DMC_DoIP say so when asked for another.
for name in JGWT5000 HOVR4000; do
    run 1 "$MDD" comparams --protocol UDS_Ethernet_DoIP "$CORPUS/$name.mdd"
    expect_eq "$(cat "$TMP/err")" \
        "mdd: $CORPUS/$name.mdd: layer '$name' has no protocol 'UDS_Ethernet_DoIP'; it has: DMC_DoIP" \
        "$name: unknown protocol"
done

# Text output, from the values in the corpus's dump.
run 0 "$MDD" comparams --variant FLXC1000_App_0101 --protocol UDS_Ethernet_DoIP_DOBT \
    "$CORPUS/FLXC1000.mdd"
expect_eq "$(cat "$TMP/out")" "UDS_Ethernet_DoIP_DOBT  CP_DoIPLogicalGatewayAddress  4096  (from FLXC1000)
UDS_Ethernet_DoIP_DOBT  CP_DoIPLogicalFunctionalAddress  65535  (from FLXC1000)
UDS_Ethernet_DoIP_DOBT  CP_UniqueRespIdTable  {CP_DoIPLogicalEcuAddress=4096, CP_DoIPSecondaryLogicalECUResponseAddress=0, CP_ECULayerShortName=FLXC1000}  (from FLXC1000)" \
    "FLXC1000 text"
run 0 "$MDD" comparams "$CORPUS/TMCC3000.mdd"
expect_eq "$(cat "$TMP/out")" "-  CP_UniqueRespIdTable  {CP_DoIPLogicalEcuAddress=12288, CP_DoIPSecondaryLogicalECUResponseAddress=0, CP_ECULayerShortName=TMCC3000}
-  CP_DoIPLogicalGatewayAddress  57005" "TMCC3000 text"

# Usage errors and unknown names.
run 1 "$MDD" comparams --variant NoSuchVariant "$CORPUS/FLXC1000.mdd"
run 2 "$MDD" comparams
run 2 "$MDD" comparams --protocol
