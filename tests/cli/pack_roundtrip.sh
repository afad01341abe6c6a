# SPDX-License-Identifier: Apache-2.0
# mdd pack builds a file whose info, cat and verify give back exactly the inputs: lzma and plain
# chunks, type names and numbers, a CODE_FILE_PARTIAL name with "::", an unnamed empty chunk,
# metadata (a repeated key keeps its last value) and a revision. protoc must accept the
# message. A corpus payload re-packed keeps its SHA-512.
source "$(dirname "$0")/lib.bash" "$@"

cd "$WORK"
seq 1 20000 >text.txt
for i in $(seq 0 255); do printf "\\$(printf %03o "$i")"; done >bytes.bin
for i in $(seq 1 64); do cat bytes.bin; done >binary.bin
printf 'int main(void) { return 0; }\n' >code.c
: >empty.bin

umask 027
run 0 "$MDD" pack -o out.mdd --ecu TESTECU --revision 01.02.03 \
    --meta source=first --meta created=2025-01-01 --meta source=test --meta note= \
    --chunk CODE_FILE:TESTECU:text.txt \
    --chunk 3:binary.bin:binary.bin:plain \
    --chunk CODE_FILE_PARTIAL:firmware.bin::src/main.c:code.c:lzma \
    --chunk embedded_file::empty.bin:plain \
    --chunk 1025:vendor:empty.bin
expect_eq "$(stat -c %a out.mdd)" 640 "mode of the packed file"
expect_eq "$(ls -A)" "$(printf 'binary.bin\nbytes.bin\ncode.c\nempty.bin\nout.mdd\ntext.txt')" \
    "files left beside the output"

# The JSON mdd info must print for one chunk: chunk TYPE NAME(json) PATH COMPRESSION.
chunk_json() {
    local size sha stored compression=null uncompressed=null
    size=$(stat -c %s "$3")
    sha=$(sha512_of "$3")
    stored=$size
    if [ "$4" == lzma ]; then
        compression='"lzma"'
        uncompressed=$size
        stored=$(xz --format=lzma -6 -c "$3" | wc -c)
    fi
    echo "{\"type\": $1, \"name\": $2, \"metadata\": {}, \"compression\": $compression,
          \"uncompressed_size\": $uncompressed, \"stored_size\": $stored, \"has_data\": true,
          \"payload_size\": $size, \"payload_sha512\": \"$sha\",
          \"signatures\": [{\"algorithm\": \"sha512_uncompressed\", \"signature\": \"$sha\"}]}"
}
expected="{\"version\": \"2025-05-21\", \"ecu_name\": \"TESTECU\", \"revision\": \"01.02.03\", \"history_revision\": null, \"signatures\": [],
  \"metadata\": {\"source\": \"test\", \"created\": \"2025-01-01\", \"note\": \"\"},
  \"chunks\": [$(chunk_json 1 '"TESTECU"' text.txt lzma),
               $(chunk_json 3 '"binary.bin"' binary.bin plain),
               $(chunk_json 2 '"firmware.bin::src/main.c"' code.c lzma),
               $(chunk_json 3 null empty.bin plain),
               $(chunk_json 1025 '"vendor"' empty.bin lzma)]}"
run 0 "$MDD" info --json out.mdd
expect_json "$(cat "$TMP/out")" "$expected" "info --json of the packed file"

run 0 "$MDD" info out.mdd
expect_line "revision:      01.02.03" "$TMP/out" "info: revision"
expect_line "chunks:        5" "$TMP/out" "info: chunk count"

run 0 "$MDD" cat out.mdd -o text.out
cmp text.txt text.out || fail "cat (chunk 0) differs from its input"
expect_eq "$(stat -c %a text.out)" 640 "mode of cat -o output"
run 0 "$MDD" cat out.mdd --index 1
cmp binary.bin "$TMP/out" || fail "cat --index 1 differs from its input"
run 0 "$MDD" cat --chunk firmware.bin::src/main.c out.mdd -o code.out
cmp code.c code.out || fail "cat --chunk with '::' differs from its input"
run 0 "$MDD" cat out.mdd --index 3
expect_eq "$(stat -c %s "$TMP/out")" 0 "cat of the empty plain chunk"
run 0 "$MDD" cat out.mdd --chunk vendor
expect_eq "$(stat -c %s "$TMP/out")" 0 "cat of the empty lzma chunk"

total=$(($(stat -c %s text.txt) + $(stat -c %s binary.bin) + $(stat -c %s code.c)))
run 0 "$MDD" verify out.mdd
expect_eq "$(cat "$TMP/out")" "out.mdd: OK (5 chunks, $total bytes, 5 signatures checked)" "verify"

if command -v protoc >/dev/null; then
    tail -c +21 out.mdd | protoc --decode_raw >/dev/null || fail "protoc --decode_raw rejects it"
else
    echo "note: protoc absent, wire check skipped"
fi

if have_corpus; then
    for f in "$CORPUS"/*.mdd; do
        want=$(jq -r .container.chunks[0].payload_sha512 "${f%.mdd}.expect.json")
        run 0 "$MDD" cat "$f" -o payload
        expect_eq "$(sha512_of payload)" "$want" "cat of $f"
        run 0 "$MDD" pack -o repacked.mdd --ecu ECU --chunk DIAGNOSTIC_DESCRIPTION:ECU:payload
        run 0 "$MDD" info --json repacked.mdd
        expect_eq "$(jq -r .chunks[0].payload_sha512 "$TMP/out")" "$want" "re-pack of $f"
        run 0 "$MDD" verify repacked.mdd
    done
fi
