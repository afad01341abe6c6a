# SPDX-License-Identifier: Apache-2.0
# mdd dump against flatc: for every corpus file, the payload that `mdd cat` extracts, printed
# by flatc --json with the project's schema (schema/ecu_data.fbs, as flatc_json_schema adapts
# it), must equal `mdd dump`: every table of the payload. flatc is the independent oracle for
# the generated descriptors and the dump walker.
source "$(dirname "$0")/lib.bash" "$@"
command -v flatc >/dev/null || skip "flatc is not installed"
have_corpus || skip "no corpus in $CORPUS"
SCHEMA="$WORK/ecu_data.fbs"
flatc_json_schema "$SCHEMA"

for f in "$CORPUS"/*.mdd; do
    name=$(basename "$f" .mdd)
    run 0 "$MDD" cat "$f" -o "$WORK/$name.fb"
    run 0 flatc --json --raw-binary --strict-json --defaults-json -o "$WORK" "$SCHEMA" -- \
        "$WORK/$name.fb"
    expected=$(jq -S "$FLATC_UNIONS_THEIRS" "$WORK/$name.json")
    # Deep enough that nothing in the corpus is cut.
    run 0 "$MDD" dump --max-depth 64 "$f"
    ! grep -q '"\$truncated"' "$TMP/out" || fail "$name: mdd dump cut the payload at depth 64"
    actual=$(jq -S "$FLATC_UNIONS_MINE" "$TMP/out")
    [ "$actual" == "$expected" ] || fail "$name: mdd dump differs from flatc:
$(diff <(echo "$expected") <(echo "$actual") | head -40)"
done
