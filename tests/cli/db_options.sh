# SPDX-License-Identifier: Apache-2.0
# Every command over a database takes the same database options, listed alike by --help:
# --json, --strategy, --cache-budget (pread only) and --skip-invalid, which leaves out a broken
# file of a directory with a note, the answer being the one of the good file alone. And the
# JSON of lookup and dtc, exactly.
source "$(dirname "$0")/lib.bash" "$@"
[ -e "$CORPUS/FLXC1000.mdd" ] || skip "no FLXC1000.mdd in $CORPUS"

# The commands over a database, each with the operands it takes after the database's path.
declare -A operands=(
    [ecu]="" [services]="" [lookup]="22F190" [dtc]="" [comparams]="" [states]="" [jobs]=""
    [sdgs]="" [identify]="" [decode]="22F190 62F1905744443232323030313141303030303031"
    [encode]="VINDataIdentifier_Read {}"
)

# ---- --help lists the database options with the same labels and words ----
load_help=$("$MDD" ecu --help | sed -n '/^  -s, --strategy S/,/^  -h, --help/p')
[ "$(wc -l <<<"$load_help")" -gt 3 ] || fail "ecu --help: no load options: $load_help"
for cmd in "${!operands[@]}"; do
    run 0 "$MDD" "$cmd" --help
    # decode's -j is --batch's thread count (-j N, as mdd convert's); its --json is long only.
    json_label='  -j, --json  '
    [ "$cmd" != decode ] || json_label='      --json  '
    grep -q "^$json_label" "$TMP/out" || fail "$cmd --help: no '$json_label'"
    # The help's column depends on the command's widest option, and so where its lines
    # break: compare the words.
    expect_eq "$(sed -n '/^  -s, --strategy S/,/^  -h, --help/p' "$TMP/out" | tr -s ' \n' ' ')" \
        "$(tr -s ' \n' ' ' <<<"$load_help")" "$cmd --help: the load options"
done

# ---- a directory with a broken file: refused, or left out with --skip-invalid ----
D=$WORK/db
mkdir "$D"
cp "$CORPUS/FLXC1000.mdd" "$D/"
printf 'MDD version 0      \0garbage' >"$D/bad.mdd"
reason="MDDFile: offset 20: field 12: unsupported wire type 7"
for cmd in "${!operands[@]}"; do
    read -ra args <<<"${operands[$cmd]}"
    run 0 "$MDD" "$cmd" "$D/FLXC1000.mdd" "${args[@]}"
    alone=$(cat "$TMP/out")
    [ -n "$alone" ] || [ "$cmd" == jobs ] || fail "$cmd: no output"
    run 1 "$MDD" "$cmd" "$D" "${args[@]}"
    expect_eq "$(cat "$TMP/err")" "mdd: $D/bad.mdd: $reason" "$cmd: the broken file refused"
    expect_eq "$(stat -c %s "$TMP/out")" 0 "$cmd: output when refused"
    run 0 "$MDD" "$cmd" --skip-invalid "$D" "${args[@]}"
    expect_eq "$(cat "$TMP/err")" "mdd: note: $D/bad.mdd: $reason (skipped)" "$cmd: the note"
    expect_eq "$(cat "$TMP/out")" "$alone" "$cmd --skip-invalid: the good file's answer"
done

# ---- --strategy pread with --cache-budget answers as heap; the budget needs pread ----
P=$WORK/pread
mkdir "$P"
cp "$CORPUS/FLXC1000.mdd" "$P/"
for cmd in "${!operands[@]}"; do
    read -ra args <<<"${operands[$cmd]}"
    run 0 "$MDD" "$cmd" --json "$D/FLXC1000.mdd" "${args[@]}"
    heap=$(cat "$TMP/out")
    run 0 "$MDD" "$cmd" --json --strategy pread --cache-budget 64K "$P/FLXC1000.mdd" "${args[@]}"
    expect_eq "$(cat "$TMP/out")" "$heap" "$cmd --strategy pread --cache-budget 64K"
    run 2 "$MDD" "$cmd" --cache-budget 1M "$D/FLXC1000.mdd" "${args[@]}"
    expect_eq "$(cat "$TMP/err")" "mdd $cmd: --cache-budget applies to --strategy pread only
Try 'mdd $cmd --help'." "$cmd --cache-budget without pread"
    run 2 "$MDD" "$cmd" --strategy pread --cache-budget 1X "$D/FLXC1000.mdd" "${args[@]}"
    expect_eq "$(head -n 1 "$TMP/err")" \
        "mdd $cmd: --cache-budget takes bytes (optionally K, M or G), not '1X'" "$cmd: a bad budget"
done

# ---- the JSON of lookup and dtc ----
f=$D/FLXC1000.mdd
run 0 "$MDD" lookup --json "$f" 22F190
expect_eq "$(cat "$TMP/out")" \
    '{"ecu":"FLXC1000","variant":"FLXC1000","request":"22f190","services":[{"name":"VINDataIdentifier_Read","request":"22f190"}]}' \
    "lookup --json"
run 0 "$MDD" lookup --json --variant FLXC1000_Boot_Variant "$f" 2703aa
expect_eq "$(cat "$TMP/out")" \
    '{"ecu":"FLXC1000","variant":"FLXC1000_Boot_Variant","request":"2703aa","services":[{"name":"RequestSeed_Level_3","request":"2703"}]}' \
    "lookup --json in a variant, a longer request"
run 0 "$MDD" lookup --json "$f" 22
expect_eq "$(jq -c '[.services[].request]' "$TMP/out")" '["22f100","22f186","22f190","22f200"]' \
    "lookup --json of a short request: every match, most specific first"
run 1 "$MDD" lookup --json "$f" 2703
expect_eq "$(cat "$TMP/err")" \
    "mdd: $f: no service of variant 'FLXC1000' matches request 2703" "lookup --json, no match"
expect_eq "$(stat -c %s "$TMP/out")" 0 "lookup --json prints nothing for no match"

run 0 "$MDD" dtc --json "$f" 0x1E240
expect_eq "$(cat "$TMP/out")" \
    '{"ecu":"FLXC1000","dtcs":[{"code":123456,"display":null,"name":"Code1","text":"DTC Code 1"}]}' \
    "dtc --json CODE"
run 0 "$MDD" dtc --json "$f"
expect_eq "$(jq -c '[.dtcs[] | [.code, .name]]' "$TMP/out")" \
    '[[123456,"Code1"],[123457,"Code3"],[123458,"Code4"],[123459,"Code5"],[123460,"Code6"],[234567,"Code2"]]' \
    "dtc --json: every DTC by code"
# The same DTCs as mdd ecu --json lists.
dtcs=$(jq -c .dtcs "$TMP/out")
run 0 "$MDD" ecu --json "$f"
expect_eq "$(jq -c '.dtcs | sort_by(.code)' "$TMP/out")" "$dtcs" "dtc --json and ecu --json"
run 1 "$MDD" dtc --json "$f" 42
expect_eq "$(cat "$TMP/err")" "mdd: $f: no DTC with trouble code 42" "dtc --json, unknown code"
expect_eq "$(stat -c %s "$TMP/out")" 0 "dtc --json prints nothing for an unknown code"
echo "db_options: ${#operands[@]} commands take the same database options"
