# SPDX-License-Identifier: Apache-2.0
# mdd diff: a file against itself and against copies with the same content laid out otherwise
# (converted, re-encoded by flatc), known edits giving exactly their lines, the output formats,
# --ignore, --fail-on-diff, directories and bad inputs.
source "$(dirname "$0")/lib.bash" "$@"
have_corpus || skip "no corpus"
src=$CORPUS/FLXC1000.mdd
E=FLXC1000/chunks[FLXC1000]
V=$E/variants[FLXC1000]/diag_layer/diag_services

# ---- no difference ----
run 0 "$MDD" diff "$src" "$src"
expect_eq "$(cat "$TMP/out")" "0 added, 0 removed, 0 changed, 0 renamed" "itself"
run 0 "$MDD" diff --fail-on-diff "$src" "$src"
cp "$src" "$WORK/converted.mdd"
run 0 "$MDD" convert "$WORK/converted.mdd"
run 0 "$MDD" diff --fail-on-diff "$src" "$WORK/converted.mdd"
expect_eq "$(cat "$TMP/out")" "0 added, 0 removed, 0 changed, 0 renamed" "converted copy"

# ---- edits of the payload, through flatc's JSON ----
command -v flatc >/dev/null || skip "flatc is not installed (the edits need it)"
flatc_json_schema "$WORK/ecu.fbs"
run 0 "$MDD" cat "$src" -o "$WORK/a.fb"
run 0 flatc --json --raw-binary --strict-json --defaults-json -o "$WORK" "$WORK/ecu.fbs" -- \
    "$WORK/a.fb"
# pack_json NAME REVISION JQ: $WORK/NAME.mdd from the payload's JSON edited by JQ, rebuilt by
# flatc, which copies every shared subtable: another layout of the same tables.
pack_json() {
    jq "$3" "$WORK/a.json" >"$WORK/$1.json"
    run 0 flatc -b -o "$WORK" "$WORK/ecu.fbs" "$WORK/$1.json"
    run 0 "$MDD" pack -o "$WORK/$1.mdd" --ecu FLXC1000 --revision "$2" \
        --chunk "DIAGNOSTIC_DESCRIPTION:FLXC1000:$WORK/$1.bin"
}
run 0 "$MDD" pack -o "$WORK/base.mdd" --ecu FLXC1000 --revision 01 \
    --chunk "DIAGNOSTIC_DESCRIPTION:FLXC1000:$WORK/a.fb"
pack_json same 01 .
[ "$(stat -c %s "$WORK/same.bin")" -gt "$(stat -c %s "$WORK/a.fb")" ] ||
    fail "flatc's copy is not laid out otherwise"
run 0 "$MDD" diff --fail-on-diff "$WORK/base.mdd" "$WORK/same.mdd"
expect_eq "$(cat "$TMP/out")" "0 added, 0 removed, 0 changed, 0 renamed" "re-encoded copy"

EDIT='(.variants[0].diag_layer.diag_services |= map(
         select(.diag_comm.short_name != "ActiveDiagnosticSessionDataIdentifier_Read")
         | if .diag_comm.short_name == "VINDataIdentifier_Write"
           then .diag_comm.short_name = "VINDataIdentifier_Store" else . end
         | if .diag_comm.short_name == "VINDataIdentifier_Read"
           then (.request.params[1].specific_data.diag_coded_type.specific_data.bit_length = 24)
           else . end))
      | .dtcs[0].text.value = "DTC Code One"'
pack_json edited 02 "$EDIT"
expected="~ FLXC1000/revision: \"01\" -> \"02\"
- $V[ActiveDiagnosticSessionDataIdentifier_Read]
~ $V[VINDataIdentifier_Read]/request/params[DID_RQ]/specific_data/diag_coded_type/specific_data/bit_length: 16 -> 24
> $V[VINDataIdentifier_Write] renamed to \"VINDataIdentifier_Store\"
~ $E/dtcs[0x01E240]/text/value: \"DTC Code 1\" -> \"DTC Code One\"
0 added, 1 removed, 3 changed, 1 renamed"
run 0 "$MDD" diff "$WORK/base.mdd" "$WORK/edited.mdd"
expect_eq "$(cat "$TMP/out")" "$expected" "known edits"
run 1 "$MDD" diff --fail-on-diff "$WORK/base.mdd" "$WORK/edited.mdd"
expect_eq "$(cat "$TMP/out")" "$expected" "known edits, --fail-on-diff"
# The other way round: the service added, the rename back.
run 0 "$MDD" diff "$WORK/edited.mdd" "$WORK/base.mdd"
expect_line "+ $V[ActiveDiagnosticSessionDataIdentifier_Read]" "$TMP/out" "added service"
expect_line "> $V[VINDataIdentifier_Store] renamed to \"VINDataIdentifier_Write\"" "$TMP/out" \
    "renamed back"

# ---- --ignore, --json, --csv ----
run 0 "$MDD" diff --ignore '*/dtcs*' --ignore '*/revision' "$WORK/base.mdd" "$WORK/edited.mdd"
expect_eq "$(tail -n 1 "$TMP/out")" "0 added, 1 removed, 1 changed, 1 renamed" "--ignore"
! grep -q 'dtcs\|revision' "$TMP/out" || fail "--ignore left a line: $(cat "$TMP/out")"
run 0 "$MDD" diff --json "$WORK/base.mdd" "$WORK/edited.mdd"
expect_json "$(jq -c '.summary' "$TMP/out")" \
    '{"added": 0, "removed": 1, "changed": 3, "renamed": 1}' "--json summary"
expect_json "$(jq -c '.differences[0]' "$TMP/out")" \
    '{"kind": "changed", "path": "FLXC1000/revision", "old": "\"01\"", "new": "\"02\""}' \
    "--json first difference"
expect_eq "$(jq -r .a "$TMP/out")" "$WORK/base.mdd" "--json a"
run 0 "$MDD" diff --csv "$WORK/base.mdd" "$WORK/edited.mdd"
expect_eq "$(head -n 1 "$TMP/out")" "kind,path,old,new" "--csv header"
expect_line 'changed,FLXC1000/revision,"""01""","""02"""' "$TMP/out" "--csv quoting"
expect_line "removed,$V[ActiveDiagnosticSessionDataIdentifier_Read],," "$TMP/out" "--csv removed"
expect_eq "$(wc -l <"$TMP/out")" 6 "--csv: the header and a line per difference"

# ---- directories, paired by ECU name ----
mkdir "$WORK/d1" "$WORK/d2"
cp "$CORPUS/FSNR2000.mdd" "$WORK/base.mdd" "$WORK/d1/"
cp "$CORPUS/HOVR4000.mdd" "$WORK/d2/"
cp "$WORK/edited.mdd" "$WORK/d2/renamed-file.mdd"
run 0 "$MDD" diff "$WORK/d1" "$WORK/d2"
expect_line "+ HOVR4000" "$TMP/out" "ECU added"
expect_line "- FSNR2000" "$TMP/out" "ECU removed"
expect_line "> $V[VINDataIdentifier_Write] renamed to \"VINDataIdentifier_Store\"" "$TMP/out" \
    "the pair by ECU name"
expect_eq "$(tail -n 1 "$TMP/out")" "1 added, 2 removed, 3 changed, 1 renamed" "directories"
run 0 "$MDD" diff "$WORK/d1" "$WORK/d1"
expect_eq "$(cat "$TMP/out")" "0 added, 0 removed, 0 changed, 0 renamed" "a directory itself"

# ---- bad input: one line naming the file, exit 1 or 2, no hang ----
run 2 "$MDD" diff "$src"
expect_eq "$(head -n 1 "$TMP/err")" "mdd diff: expected A and B, two files or two directories" "one operand"
run 2 "$MDD" diff --bogus "$src" "$src"
run 1 "$MDD" diff "$src" "$WORK/missing.mdd"
expect_eq "$(cat "$TMP/err")" "mdd: $WORK/missing.mdd: No such file or directory" "missing"
mkfifo "$WORK/fifo"
run 1 timeout 10 "$MDD" diff "$src" "$WORK/fifo"
expect_eq "$(cat "$TMP/err")" "mdd: $WORK/fifo: not a regular file (a FIFO)" "FIFO"
run 1 "$MDD" diff "$src" "$WORK/d1"
expect_eq "$(cat "$TMP/err")" "mdd: $WORK/d1: a directory, but $src is not" "file and directory"
head -c 5000 "$src" >"$WORK/truncated.mdd"
run 1 "$MDD" diff "$WORK/truncated.mdd" "$src"
expect_eq "$(wc -l <"$TMP/err")" 1 "truncated: one line"
grep -q "^mdd: $WORK/truncated.mdd: " "$TMP/err" || fail "truncated: $(cat "$TMP/err")"
expect_eq "$(cat "$TMP/out")" "" "truncated: no output"
cp "$WORK/truncated.mdd" "$WORK/d2/"
run 1 "$MDD" diff "$WORK/d1" "$WORK/d2"
grep -q "^mdd: $WORK/d2/truncated.mdd: " "$TMP/err" || fail "bad file in a directory: $(cat "$TMP/err")"
echo "PASS"
