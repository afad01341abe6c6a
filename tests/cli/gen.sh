# SPDX-License-Identifier: Apache-2.0
# mdd gen: the small profile's files, reproducible, each passing mdd verify, flatc with the
# project's schema (when flatc is installed) and answering a lookup of a data identifier;
# usage errors for bad options.
source "$(dirname "$0")/lib.bash" "$@"

run 0 "$MDD" gen --profile small --seed 3 "$WORK/a"
expect_eq "$(wc -l <"$TMP/out")" 6 "gen output lines"
expect_eq "$(tail -n 1 "$TMP/out" | cut -d' ' -f1-3)" "total 5 files" "gen total line"
run 0 "$MDD" gen --seed 3 "$WORK/b"
for f in "$WORK"/a/*.mdd; do
    cmp -s "$f" "$WORK/b/$(basename "$f")" || fail "$(basename "$f") differs between two runs"
done
expect_eq "$(ls "$WORK/a" | tr '\n' ' ')" \
    "ABS1003.mdd BCM1000.mdd ECM1001.mdd FG_EPS_01.mdd TCM1002.mdd " "generated files"

run 0 "$MDD" verify "$WORK"/a/*.mdd
expect_eq "$(grep -c ': OK' "$TMP/out")" 5 "files that verify"

if command -v flatc >/dev/null; then
    SCHEMA="$WORK/ecu_data.fbs"
    flatc_json_schema "$SCHEMA"
    for f in "$WORK"/a/*.mdd; do
        run 0 "$MDD" cat "$f" -o "$WORK/payload.bin"
        run 0 flatc --json --raw-binary --strict-json -o "$WORK/json" "$SCHEMA" -- \
            "$WORK/payload.bin"
        name=$(jq -r .ecu_name "$WORK/json/payload.json")
        expect_eq "$name.mdd" "$(basename "$f")" "flatc's ecu_name of $f"
    done
fi

# F190 (the VIN) is read by every generated ECU.
run 0 "$MDD" lookup "$WORK/a/ECM1001.mdd" 22F190
expect_eq "$(head -c 9 "$TMP/out")" "DID_F190_" "lookup of 22F190"
run 0 "$MDD" lookup "$WORK/a/ECM1001.mdd" 3E00
expect_eq "$(cat "$TMP/out")" "TesterPresent" "lookup of 3E00"

run 2 "$MDD" gen --profile huge "$WORK/c"
run 2 "$MDD" gen --ecus 0 "$WORK/c"
run 2 "$MDD" gen
