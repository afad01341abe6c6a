# SPDX-License-Identifier: Apache-2.0
# A chunk whose payload no longer matches its signature: verify names the chunk, cat -o leaves
# neither OUT nor a temporary file, cat to stdout exits 1 after the fact.
source "$(dirname "$0")/lib.bash" "$@"

cd "$WORK"
seq 1 1000 >payload.txt
run 0 "$MDD" pack -o bad.mdd --ecu ECU --chunk 0:ECU:payload.txt:plain
# pack writes the chunk's data last, so the file's last byte is the payload's last byte.
printf 'X' | dd of=bad.mdd bs=1 seek=$(($(stat -c %s bad.mdd) - 1)) conv=notrunc status=none
{ head -c -1 payload.txt; printf 'X'; } >damaged.txt
signed=$(sha512_of payload.txt | cut -c1-16)
actual=$(sha512_of damaged.txt | cut -c1-16)
rm damaged.txt

run 1 "$MDD" verify bad.mdd
mismatch="chunk 0 'ECU': signatures[0]: SHA-512 mismatch: expected $signed..., got $actual..."
expect_eq "$(cat "$TMP/err")" "mdd: bad.mdd: $mismatch" "verify: message"
expect_eq "$(stat -c %s "$TMP/out")" 0 "verify of a bad file: stdout"

run 1 "$MDD" verify --json bad.mdd
expect_eq "$(jq -c '[.file, .ok, .chunks]' "$TMP/out")" '["bad.mdd",false,[]]' "verify --json"
expect_eq "$(jq -r .error "$TMP/out")" "$mismatch" "verify --json: error"

run 1 "$MDD" cat bad.mdd -o out.txt
written="mdd: bad.mdd: $mismatch"
expect_eq "$(cat "$TMP/err")" "$written" "cat -o: message"
expect_eq "$(ls -A)" "$(printf 'bad.mdd\npayload.txt')" "files after a failed cat -o"

echo previous >out.txt
run 1 "$MDD" cat bad.mdd -o out.txt
expect_eq "$(cat out.txt)" previous "cat -o over an existing file"

run 1 "$MDD" cat bad.mdd
expect_eq "$(stat -c %s "$TMP/out")" "$(stat -c %s payload.txt)" "cat to stdout: bytes written"
expect_eq "$(cat "$TMP/err")" "$written" "cat to stdout: message"

run 0 "$MDD" info bad.mdd
run 1 "$MDD" info --json bad.mdd
expect_eq "$(stat -c %s "$TMP/out")" 0 "info --json of a bad file: stdout"
expect_eq "$(cat "$TMP/err")" "mdd: bad.mdd: $mismatch" "info --json of a bad file: message"

: >empty.mdd
run 1 "$MDD" verify empty.mdd
grep -q '^mdd: empty.mdd: ' "$TMP/err" || fail "verify of an empty file: message"
