# SPDX-License-Identifier: Apache-2.0
# mdd info on the real files: --json equals the independently computed "container" object of
# each *.expect.json plus "has_data" (every chunk there has a data field) and
# "history_revision" (the corpus directory has no downgrade history), and the text form names
# the ECU.
source "$(dirname "$0")/lib.bash" "$@"
have_corpus || skip "no corpus in $CORPUS"

for f in "$CORPUS"/*.mdd; do
    expect=${f%.mdd}.expect.json
    run 0 "$MDD" info --json "$f"
    expect_json "$(cat "$TMP/out")" \
        "$(jq '.container | .chunks[].has_data = true | .history_revision = null | .signatures = []' "$expect")" \
        "info --json $f"

    run 0 "$MDD" info "$f"
    expect_line "ecu_name:      $(jq -r .container.ecu_name "$expect")" "$TMP/out" "info $f"
    expect_line "file:          $f" "$TMP/out" "info $f"
done
