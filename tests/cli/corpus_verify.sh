# SPDX-License-Identifier: Apache-2.0
# mdd verify on the real files: one OK line each, and --json lines that carry the payload size
# and SHA-512 of the expect files.
source "$(dirname "$0")/lib.bash" "$@"
have_corpus || skip "no corpus in $CORPUS"

files=("$CORPUS"/*.mdd)
run 0 "$MDD" verify "${files[@]}"
expect_eq "$(wc -l <"$TMP/out")" "${#files[@]}" "verify: lines"
for f in "${files[@]}"; do
    size=$(jq .container.chunks[0].payload_size "${f%.mdd}.expect.json")
    expect_line "$f: OK (1 chunk, $size bytes, 1 signature checked)" "$TMP/out" "verify $f"
done

run 0 "$MDD" verify --json "${files[@]}"
expect_eq "$(wc -l <"$TMP/out")" "${#files[@]}" "verify --json: lines"
i=0
while IFS= read -r line; do
    f=${files[$i]}
    expected=$(jq --arg file "$f" '{file: $file, ok: true, error: null, signature: null,
        chunks: [.container.chunks | to_entries[] | {index: .key, name: .value.name,
                 payload_size: .value.payload_size, payload_sha512: .value.payload_sha512,
                 signatures_checked: 1, signatures_skipped: 0}]}' "${f%.mdd}.expect.json")
    expect_json "$line" "$expected" "verify --json $f"
    i=$((i + 1))
done <"$TMP/out"
