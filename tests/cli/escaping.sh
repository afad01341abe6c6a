# SPDX-License-Identifier: Apache-2.0
# Bytes from a file reach the output escaped: JSON stays valid (control characters escaped,
# invalid UTF-8 as U+FFFD), text shows control characters, C1 controls, invalid UTF-8 and
# backslashes as \xHH and \\.
source "$(dirname "$0")/lib.bash" "$@"

cd "$WORK"
printf 'x' >payload.bin
key=$'tab\tquote"back\\'
value=$'ctl\x01\x1f del\x7f bad\xff\xc0\x80 ok\xc3\xa9 csi\xc2\x9b end'
name=$'chunk\nname'
run 0 "$MDD" pack -o weird.mdd --ecu $'ecu\xfe' --meta "$key=$value" \
    --chunk "3:$name:payload.bin:plain"

run 0 "$MDD" info --json weird.mdd
jq -e . "$TMP/out" >/dev/null || fail "info --json: not JSON"
expect_eq "$(jq -r .ecu_name "$TMP/out")" $'ecu\uFFFD' "ecu_name"
expect_eq "$(jq -r '.metadata | keys[0]' "$TMP/out")" "$key" "metadata key"
expect_eq "$(jq -r ".metadata[$(jq -n --arg k "$key" '$k')]" "$TMP/out")" \
    $'ctl\x01\x1f del\x7f bad\uFFFD\uFFFD\uFFFD ok\u00e9 csi\u009b end' "metadata value"
expect_eq "$(jq -r '.chunks[0].name' "$TMP/out")" "$name" "chunk name"
grep -q 'ctl\\u0001\\u001f' "$TMP/out" || fail "control characters are not \\u-escaped"

run 0 "$MDD" info weird.mdd
expect_line 'ecu_name:      ecu\xfe' "$TMP/out" "text: ecu_name"
shown='  tab\x09quote"back\\ = ctl\x01\x1f del\x7f bad\xff\xc0\x80 ok'$'\xc3\xa9'' csi\xc2\x9b end'
expect_line "$shown" "$TMP/out" "text: metadata"
grep -q "chunk\\\\x0aname" "$TMP/out" || fail "text: chunk name not escaped"

run 0 "$MDD" verify --json weird.mdd
expect_eq "$(jq -r '.chunks[0].name' "$TMP/out")" "$name" "verify --json: chunk name"
