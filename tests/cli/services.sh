# SPDX-License-Identifier: Apache-2.0
# mdd services queries on the real files against answers computed without libmdd: flatc prints
# each payload as JSON with the project's schema, and jq derives every layer's effective
# services (docs/format.md "Inheritance"), their request prefixes ("Request matching"),
# semantics and functional classes, then answers each query (--sid, --subfunction, --class,
# --semantic, --name, together) in the documented order. Also --group, --json and the usage
# errors.
source "$(dirname "$0")/lib.bash" "$@"
command -v flatc >/dev/null || skip "flatc is not installed"
have_corpus || skip "no corpus in $CORPUS"
SCHEMA="$WORK/ecu_data.fbs"
flatc_json_schema "$SCHEMA"

# Reads a flatc JSON payload; with --arg layer NAME and --arg group 0/1, prints the layer's
# effective services as [{name, request (hex), semantic, classes}] in effective order.
EFFECTIVE='
def hex2: . as $b | "0123456789abcdef" as $d
    | $d[($b / 16 | floor):($b / 16 | floor) + 1] + $d[($b % 16):($b % 16) + 1];
def hexbytes($v; $n): [range($n - 1; -1; -1) as $i | (($v / pow(256; $i)) | floor) % 256 | hex2]
    | join("");
# A param that can extend a prefix: {size, value}, else null.
def constant:
    if .specific_data_type != "CodedConst" then null else
    .specific_data as $c | $c.diag_coded_type as $t | ($t.specific_data // {}) as $l
    | ($l.bit_length // 0) as $bits
    | if $t.base_data_type == "A_UINT_32" and $t.specific_data_type == "StandardLengthType"
         and ($l.condensed // false) == false and (($l.bit_mask // []) | length) == 0
         and $bits >= 1 and $bits <= 32 and (($c.coded_value // "") | test("^[0-9]+$"))
      then ($c.coded_value | tonumber) as $v
         | if $v < pow(2; $bits) then {size: (($bits + 7) / 8 | floor), value: $v} else null end
      else null end end;
def prefix: ((.request.params // []) | map(select(.specific_data_type != null))) as $ps
    | def from($b): (first($ps[] | select((.byte_position // 0) == $b and
                                          (.bit_position // 0) == 0)
                                  | constant | select(. != null)) // null) as $s
        | if $s == null then "" else hexbytes($s.value; $s.size) + from($b + $s.size) end;
      from(0);
def effective: (.diag_layer.diag_services // []) + [(.parent_refs // [])[]
    | (.not_inherited_diag_comm_short_names // []) as $skip
    | .ref | effective[] | select(.diag_comm.short_name as $n | any($skip[]; . == $n) | not)];
def first_names: reduce .[] as $s ({seen: {}, out: []};
    ($s.diag_comm.short_name // "") as $n
    | if .seen[$n] then . else .seen[$n] = true | .out += [$s] end) | .out;
(if $group == "1" then .functional_groups else .variants end)[]
| select(.diag_layer.short_name == $layer) | effective | first_names
| map({name: .diag_comm.short_name, request: prefix, semantic: .diag_comm.semantic,
       classes: [(.diag_comm.funct_class // [])[].short_name]})'

# Answers a query over the effective services: $kind sid, subfunction (SID and sub-function
# as four hex digits), class, semantic or name, with $value; text lines as mdd prints them.
ANSWER='
def hexnum: explode | map(if . >= 97 then . - 87 elif . >= 65 then . - 55 else . - 48 end)
    | .[0] * 16 + .[1];
def folded: ascii_downcase;
def by_prefix: sort_by(-(.request | length), .request, .name);
($value | folded) as $v
| if $kind == "sid" then map(select(.request[0:2] == $v)) | by_prefix
  elif $kind == "subfunction" then map(select((.request | length) >= 4 and
      .request[0:2] == $v[0:2] and
      ((.request[2:4] | hexnum) % 128) == (($v[2:4] | hexnum) % 128))) | by_prefix
  elif $kind == "class" then map(select(any(.classes[]; folded == $v))) | sort_by(.name)
  elif $kind == "semantic" then map(select((.semantic // "" | folded) == $v)) | sort_by(.name)
  else map(select(.name | folded == $v)) | sort_by(.name) end
| .[] | "\(if .request == "" then "-" else .request end)\t\(.name)"'

# expect_query FILE LAYER_OPTION LAYER SERVICES_JSON KIND VALUE OPTION...
expect_query() {
    local file=$1 layer_option=$2 layer=$3 services=$4 kind=$5 value=$6
    shift 6
    run 0 "$MDD" services "$layer_option" "$layer" "$@" "$file"
    local want
    want=$(jq -r --arg kind "$kind" --arg value "$value" "$ANSWER" "$services" |
        while IFS=$'\t' read -r request name; do printf '%-8s  %s\n' "$request" "$name"; done)
    expect_eq "$(cat "$TMP/out")" "$want" "services $layer_option $layer $* $(basename "$file")"
}

# Every query kind on one layer: each class and semantic the layer's services have (and one
# they have not), each SID and SID + sub-function (and with the suppress bit), a few names.
check_layer() {
    local file=$1 json=$2 layer=$3 group=$4 option=--variant services=$WORK/services.json
    [ "$group" = 1 ] && option=--group
    jq --arg layer "$layer" --arg group "$group" "$EFFECTIVE" "$json" >"$services"
    # Without a query: every service by name, as mdd ecu --json lists them.
    run 0 "$MDD" services "$option" "$layer" "$file"
    expect_eq "$(cat "$TMP/out")" "$(jq -r 'sort_by(.name)[] | "\(if .request == "" then "-"
        else .request end)\t\(.name)"' "$services" |
        while IFS=$'\t' read -r r n; do printf '%-8s  %s\n' "$r" "$n"; done)" \
        "services $option $layer"
    local v
    while read -r v; do
        expect_query "$file" "$option" "$layer" "$services" class "$v" --class "$v"
    done < <(jq -r '[.[].classes[]] + ["NoSuchClass"] | unique[]' "$services")
    while read -r v; do
        expect_query "$file" "$option" "$layer" "$services" semantic "$v" --semantic "$v"
    done < <(jq -r '[.[].semantic // empty | ascii_downcase] + ["none"] | unique[]' "$services")
    while read -r v; do
        expect_query "$file" "$option" "$layer" "$services" sid "$v" --sid "$v"
    done < <(jq -r '[.[].request[0:2] | select(. != "")] + ["ff"] | unique[]' "$services")
    while read -r v; do
        expect_query "$file" "$option" "$layer" "$services" subfunction "$v" \
            --sid "${v:0:2}" --subfunction "${v:2:2}"
    done < <(jq -r '[.[].request | select(length >= 4) | .[0:4]] | unique | .[:12][]' "$services")
    while read -r v; do
        expect_query "$file" "$option" "$layer" "$services" name "$v" --name "$v"
    done < <(jq -r '[.[].name | ascii_upcase] + ["nosuchservice"] | .[:4][], .[-1]' "$services")
}

for f in "$CORPUS"/*.mdd; do
    name=$(basename "$f" .mdd)
    run 0 "$MDD" cat "$f" -o "$WORK/$name.fb"
    run 0 flatc --json --raw-binary --strict-json -o "$WORK" "$SCHEMA" -- "$WORK/$name.fb"
    json=$WORK/$name.json
    while read -r layer; do
        check_layer "$f" "$json" "$layer" 0
    done < <(jq -r '(.variants // [])[] | select(.is_base_variant) | .diag_layer.short_name' "$json")
    while read -r layer; do
        check_layer "$f" "$json" "$layer" 1
    done < <(jq -r '(.functional_groups // [])[].diag_layer.short_name' "$json")
done

# ---- the suppress-positive-response bit, a combined query, --json ----
f=$CORPUS/FLXC1000.mdd
run 0 "$MDD" services --sid 11 --subfunction 81 "$f"
expect_eq "$(cat "$TMP/out")" "1101      HardReset" "the suppress bit is ignored"
run 0 "$MDD" services --sid 11 --subfunction 01 "$f"
expect_eq "$(cat "$TMP/out")" "1101      HardReset" "sub-function 01"
run 0 "$MDD" services --sid 22 --class ident "$f"
expect_eq "$(cat "$TMP/out")" "22f100    Identification_Read
22f186    ActiveDiagnosticSessionDataIdentifier_Read
22f190    VINDataIdentifier_Read
22f200    FluxCapacitorPowerConsumption_Read" "a SID and a class"
run 0 "$MDD" services --sid 22 --class ident --semantic Identification "$f"
expect_eq "$(cat "$TMP/out")" "22f186    ActiveDiagnosticSessionDataIdentifier_Read" \
    "a SID, a class and a semantic"
run 0 "$MDD" services --json --name vindataidentifier_read "$f"
expect_json "$(cat "$TMP/out")" '{"ecu": "FLXC1000", "variant": "FLXC1000",
    "services": [{"name": "VINDataIdentifier_Read", "request": "22f190"}]}' "services --json"
run 0 "$MDD" services --json --class NoSuchClass "$f"
expect_json "$(cat "$TMP/out")" '{"ecu": "FLXC1000", "variant": "FLXC1000", "services": []}' \
    "services --json without a match"
g=$CORPUS/functional_groups.mdd
run 0 "$MDD" services --json --group FGL_UDS_Ethernet_DoIP --sid 85 "$g"
expect_json "$(jq -c '{ecu, functional_group, n: (.services | length)}' "$TMP/out")" \
    '{"ecu": "functional_groups", "functional_group": "FGL_UDS_Ethernet_DoIP", "n": 3}' \
    "services --json --group"
run 0 "$MDD" services --ecu FLXC1000 --sid 10 "$CORPUS"
[ -s "$TMP/out" ] || fail "services --ecu in a directory printed nothing"

# ---- errors ----
run 1 "$MDD" services --group NOPE "$g"
expect_eq "$(cat "$TMP/err")" "mdd: $g: no functional group named 'NOPE'" "unknown group"
run 1 "$MDD" services --variant NOPE "$f"
expect_eq "$(cat "$TMP/err")" "mdd: $f: no variant named 'NOPE'" "unknown variant"
for bad in 2 222 zz 0x2 ""; do
    run 2 "$MDD" services --sid "$bad" "$f"
    expect_line "mdd services: --sid wants a byte as two hex digits, not '$bad'" "$TMP/err" \
        "bad --sid '$bad'"
    run 2 "$MDD" services --subfunction "$bad" "$f"
    expect_line "mdd services: --subfunction wants a byte as two hex digits, not '$bad'" \
        "$TMP/err" "bad --subfunction '$bad'"
done
run 2 "$MDD" services --variant FLXC1000 --group G "$f"
expect_line "mdd services: --variant and --group exclude each other" "$TMP/err" \
    "--variant with --group"
run 2 "$MDD" services "$f" "$f"
expect_line "mdd services: expected exactly one PATH" "$TMP/err" "two paths"
