# SPDX-License-Identifier: Apache-2.0
# mdd services, lookup and dtc on the real files: exact output (checked against the
# independently computed *.expect.json where it covers the same facts), the messages and exit
# statuses of unknown ECUs, variants and codes, and usage errors for bad arguments.
source "$(dirname "$0")/lib.bash" "$@"
f=$CORPUS/FLXC1000.mdd
[ -e "$f" ] || skip "no FLXC1000.mdd in $CORPUS"

# ---- services: every variant of every file, as the expect files list its services ----
for file in "$CORPUS"/*.mdd; do
    expect=${file%.mdd}.expect.json
    [ -e "$expect" ] || continue
    while read -r variant; do
        run 0 "$MDD" services --variant "$variant" "$file"
        want=$(jq -r --arg v "$variant" '.diagnostic_description.variants[] | select(.name == $v)
            | .effective_services[] | "\(if .request == "" then "-" else .request end)\t\(.name)"' \
            "$expect" | while IFS=$'\t' read -r request name; do
                printf '%-8s  %s\n' "$request" "$name"
            done)
        expect_eq "$(cat "$TMP/out")" "$want" "services --variant $variant $file"
    done < <(jq -r '.diagnostic_description.variants[].name' "$expect")
done
run 0 "$MDD" services "$f"
expect_eq "$(head -n 1 "$TMP/out")" "22f186    ActiveDiagnosticSessionDataIdentifier_Read" \
    "services of the base variant"
expect_eq "$(wc -l <"$TMP/out")" 38 "services of the base variant"

# ---- lookup ----
run 0 "$MDD" lookup "$f" 22F190
expect_eq "$(cat "$TMP/out")" "VINDataIdentifier_Read" "lookup 22F190"
run 0 "$MDD" lookup "$f" 22f190aabb
expect_eq "$(cat "$TMP/out")" "VINDataIdentifier_Read" "lookup of a longer request"
# A short request matches every prefix that starts with it.
run 0 "$MDD" lookup "$f" 22
expect_eq "$(cat "$TMP/out")" "Identification_Read
ActiveDiagnosticSessionDataIdentifier_Read
VINDataIdentifier_Read
FluxCapacitorPowerConsumption_Read" "lookup 22"
run 0 "$MDD" lookup --variant FLXC1000_Boot_Variant "$f" 2703
expect_eq "$(cat "$TMP/out")" "RequestSeed_Level_3" "lookup in a variant"
run 0 "$MDD" lookup "$CORPUS" --ecu FSNR2000 --variant FSNR2000_App_0101 1001
expect_eq "$(cat "$TMP/out")" "Default_Start" "lookup in a directory"

run 1 "$MDD" lookup "$f" 2703
expect_eq "$(cat "$TMP/err")" \
    "mdd: $f: no service of variant 'FLXC1000' matches request 2703" "no match"
run 1 "$MDD" lookup --variant NOPE "$f" 22f190
expect_eq "$(cat "$TMP/err")" "mdd: $f: no variant named 'NOPE'" "unknown variant"
run 1 "$MDD" lookup --ecu NOPE "$CORPUS" 22f190
expect_eq "$(cat "$TMP/err")" "mdd: $CORPUS: no ECU named 'NOPE'" "unknown ECU"
run 1 "$MDD" lookup "$CORPUS/functional_groups.mdd" 22f190
expect_eq "$(cat "$TMP/err")" \
    "mdd: $CORPUS/functional_groups.mdd: ECU 'functional_groups' has no variants" "no variants"
run 1 "$MDD" lookup "$WORK/missing.mdd" 22
expect_eq "$(cat "$TMP/err")" "mdd: $WORK/missing.mdd: open: No such file or directory" \
    "missing file"
run 1 "$MDD" lookup "$WORK" 22
expect_eq "$(cat "$TMP/err")" "mdd: $WORK: no MDD files" "empty directory"

run 1 "$MDD" lookup "$f" "27$(printf '%0100d' 0)"
expect_eq "$(cat "$TMP/err")" \
    "mdd: $f: no service of variant 'FLXC1000' matches request 27000000000000000000000000000000... (102 bytes)" \
    "a long request, echoed in part"
run 2 "$MDD" lookup "$CORPUS" 22f190
expect_line "mdd lookup: $CORPUS holds 7 ECUs: name one with --ecu" "$TMP/err" "several ECUs"
# ecu and dtc have no --ecu: they point at a file instead.
for cmd in ecu dtc; do
    run 2 "$MDD" $cmd "$CORPUS/"
    expect_eq "$(cat "$TMP/err")" "mdd $cmd: $CORPUS/ holds 7 ECUs: give one of its files, such as $CORPUS/FLXC1000.mdd
Try 'mdd $cmd --help'." "$cmd on a directory of several ECUs"
done
for bad in 22F 2G "" " 22" 0x22; do
    run 2 "$MDD" lookup "$f" "$bad"
    expect_line "mdd lookup: '$bad' is not a request in hex (pairs of hex digits)" "$TMP/err" \
        "bad hex '$bad'"
    expect_eq "$(stat -c %s "$TMP/out")" 0 "output for bad hex '$bad'"
done
run 2 "$MDD" lookup "$f"
run 2 "$MDD" lookup --strategy mmap "$f" 22

# ---- dtc: all, by code ----
for file in "$CORPUS"/*.mdd; do
    expect=${file%.mdd}.expect.json
    [ -e "$expect" ] || continue
    run 0 "$MDD" dtc "$file"
    want=$(jq -r '.diagnostic_description.dtcs | sort_by(.code) | .[]
        | "\(.code)  \(.display // "-")  \(.name)  \(.text)"' "$expect")
    expect_eq "$(cat "$TMP/out")" "$want" "dtc $file"
done
run 0 "$MDD" dtc "$f" 123456
expect_eq "$(cat "$TMP/out")" "123456  -  Code1  DTC Code 1" "dtc 123456"
run 0 "$MDD" dtc "$f" 0x39447
expect_eq "$(cat "$TMP/out")" "234567  -  Code2  DTC Code 2" "dtc in hex"
run 1 "$MDD" dtc "$f" 42
expect_eq "$(cat "$TMP/err")" "mdd: $f: no DTC with trouble code 42" "unknown code"
for bad in x 0x -1 4294967296 0x100000000 12a; do
    run 2 "$MDD" dtc "$f" -- "$bad"
    expect_line "mdd dtc: '$bad' is not a trouble code (decimal, or hex after 0x)" "$TMP/err" \
        "bad code '$bad'"
done
run 2 "$MDD" dtc "$f" 1 2
