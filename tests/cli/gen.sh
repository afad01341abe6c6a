# SPDX-License-Identifier: Apache-2.0
# mdd gen: the small profile's files, reproducible, each passing mdd verify, flatc with the
# project's schema (when flatc is installed) and answering a lookup of a data identifier;
# --target-bytes as a total, the totals refused, each line out as its file is written; usage
# errors for bad options.
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

# --target-bytes is the total of the payloads, within 10%, from the least the files take up.
# expect_total B ARGS...: mdd gen ARGS --target-bytes B prints a total within 10% of B.
expect_total() {
    local b=$1 total
    shift
    run 0 "$MDD" gen "$@" --target-bytes "$b" "$WORK/t"
    total=$(tail -n 1 "$TMP/out" | cut -d' ' -f4)
    [ "$total" -ge $((b * 9 / 10)) ] && [ "$total" -le $((b * 11 / 10)) ] ||
        fail "gen $* --target-bytes $b: total $total, not within 10%"
    rm -rf "$WORK/t"
}
expect_total 448000 --ecus 2
expect_total 320000 --ecus 1 --seed 3
expect_total 1408000
expect_total 3000000 --seed 7
expect_total 1000000 --ecus 2 --seed 5
# refused_total ARGS... MESSAGE: mdd gen ARGS is refused with MESSAGE, making nothing.
refused_total() {
    run 2 "$MDD" gen "${@:1:$#-1}" "$WORK/c"
    expect_eq "$(head -n 1 "$TMP/err")" "mdd gen: --target-bytes: ${!#}" "gen ${*:1:$#-1}"
    [ ! -e "$WORK/c" ] || fail "gen ${*:1:$#-1}: made $WORK/c"
}
refused_total --ecus 2 --target-bytes 447999 \
    "447999 bytes is too few for 2 files: the least is 448000 bytes (320000 an ECU, 128000 a functional-group file)"
refused_total --ecus 1 --target-bytes 319999 \
    "319999 bytes is too few for 1 file: the least is 320000 bytes (320000 an ECU, 128000 a functional-group file)"
refused_total --ecus 1 --target-bytes 20971521 \
    "20971521 bytes aims BCM1000 at 20971521 bytes, more than a file takes (20971520); the most for 1 file is 20971520 bytes"
refused_total --target-bytes 18446744073709551615 \
    "18446744073709551615 bytes aims TCM1002 at 7199529002128798720 bytes, more than a file takes (20971520); the most for 5 files is 53733554 bytes"
run 2 "$MDD" gen --ecus 100000 "$WORK/c"
expect_eq "$(head -n 1 "$TMP/err")" \
    "mdd gen: the profile's total: 3000000 bytes is too few for 100000 files: the least is 31999808000 bytes (320000 an ECU, 128000 a functional-group file)" \
    "gen --ecus 100000"

# Each file's line is out as soon as the file is written: killed at the second file's
# rename (no stdio flush at a SIGKILL), the output holds the first file's line.
SHIM=$BUILD_TESTS/faultshim.so
rc=0
env "$PRELOAD=$SHIM" ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
    MDD_FAULT_CALL=rename MDD_FAULT_AT=2 MDD_FAULT_ACTION=kill \
    "$MDD" gen --ecus 2 --target-bytes 448000 "$WORK/k" >"$TMP/out" 2>"$TMP/err" || rc=$?
expect_eq "$rc" 137 "gen killed at its second rename: exit status"
expect_eq "$(cut -d' ' -f1 "$TMP/out")" "$WORK/k/FG_ECM_01.mdd" "gen's lines before the kill"

run 2 "$MDD" gen --profile huge "$WORK/c"
run 2 "$MDD" gen --ecus 0 "$WORK/c"
run 2 "$MDD" gen
