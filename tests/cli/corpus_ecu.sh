# SPDX-License-Identifier: Apache-2.0
# mdd ecu on the real files: --json equals the independently computed "diagnostic_description"
# of each *.expect.json (own services in file order, effective ones by name) but for the keys
# of the facts that tests/cli/facts_corpus.sh checks, the text form
# names the ECU and counts, and inspecting a file leaves it as it was unless a strategy that
# writes is asked for.
source "$(dirname "$0")/lib.bash" "$@"
have_corpus || skip "no corpus in $CORPUS"

checked=0
for f in "$CORPUS"/*.mdd; do
    expect=${f%.mdd}.expect.json
    [ -e "$expect" ] || continue
    run 0 "$MDD" ecu --json "$f"
    expect_json "$(jq 'del(.variants[] | .variant_patterns, .state_charts, .jobs, .sdgs, .comparams)' \
        "$TMP/out")" "$(jq .diagnostic_description "$expect")" "ecu --json $f"

    run 0 "$MDD" ecu "$f"
    expect_line "ecu_name:          $(jq -r .diagnostic_description.ecu_name "$expect")" \
        "$TMP/out" "ecu $f"
    expect_line "dtcs:              $(jq '.diagnostic_description.dtcs | length' "$expect")" \
        "$TMP/out" "ecu $f"
    checked=$((checked + 1))
done
[ "$checked" -gt 0 ] || skip "no *.expect.json in $CORPUS"

f=$CORPUS/FLXC1000.mdd
[ -e "$f" ] || exit 0
run 0 "$MDD" ecu "$f"
expect_eq "$(cat "$TMP/out")" "ecu_name:          FLXC1000
version:           2025-05-10
revision:          00.01.00
variants:          3
  FLXC1000 (base): 38 services, 38 effective
  FLXC1000_Boot_Variant: 8 services, 46 effective
  FLXC1000_App_0101: 0 services, 38 effective
functional_groups: 0
dtcs:              6" "ecu FLXC1000.mdd"

# The default heap strategy reads the file without writing anything.
cd "$WORK"
cp "$f" ecu.mdd
before=$(sha512_of ecu.mdd)
for cmd in "ecu" "ecu --json" "services" "dtc"; do
    # shellcheck disable=SC2086
    run 0 "$MDD" $cmd ecu.mdd
done
run 0 "$MDD" lookup ecu.mdd 22f190
expect_eq "$(sha512_of ecu.mdd)" "$before" "the file after inspection"
expect_eq "$(ls -A)" "ecu.mdd" "files after inspection"

# inplace is asked for: the file is converted once, and reads the same.
run 0 "$MDD" ecu --json ecu.mdd
json=$(cat "$TMP/out")
run 0 "$MDD" ecu --json --strategy inplace ecu.mdd
expect_eq "$(cat "$TMP/out")" "$json" "ecu --json under inplace"
run 0 "$MDD" info --json ecu.mdd
expect_eq "$(jq -c .chunks[0].compression "$TMP/out")" null "compression after inplace"
