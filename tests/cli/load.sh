# SPDX-License-Identifier: Apache-2.0
# mdd load under each strategy, on packed files and on copies of the corpus: the per-file
# figures (strategy, chunks, payload, mapped and heap bytes) are exact, the process line is
# there, JSON says the same; inplace converts the copies (their payloads keep their SHA-512);
# pread converts as inplace and reports its cache (empty after open: load reads no payload);
# a bad chunk fails its file only; --no-verify skips the check; on a read-only tmpfs inplace
# and pread fail unless --fallback is given (skipped where mounting is refused); usage errors
# exit 2.
source "$(dirname "$0")/lib.bash" "$@"

align8() { echo $((($1 + 7) / 8 * 8)); }
size_of() { stat -c %s "$1"; }

cd "$WORK"
seq 1 20000 >text.txt
seq 1 300 >notes.txt
TEXT=$(size_of text.txt)
NOTES=$(size_of notes.txt)
run 0 "$MDD" pack -o a.mdd --ecu A --chunk 0:A:text.txt --chunk 3:notes:notes.txt:plain
run 0 "$MDD" pack -o b.mdd --ecu B --chunk 0:B:notes.txt:plain
A_SIZE=$(size_of a.mdd)
B_SIZE=$(size_of b.mdd)
A_PAYLOAD=$((TEXT + NOTES))
A_HEAP=$(($(align8 "$TEXT") + NOTES))

# fresh DIR: DIR holds new copies of a.mdd and b.mdd, nothing else.
fresh() {
    rm -rf "$1"
    mkdir "$1"
    cp a.mdd b.mdd "$1/"
}

# expect_file_line PATTERN WHAT: stdout has a line matching the extended regex PATTERN.
expect_file_line() {
    grep -Eq "^$1\$" "$TMP/out" || fail "$2: no line matching '$1' in: $(cat "$TMP/out")"
}

NUM='[0-9]+'
MS='[0-9]+\.[0-9]{3}'
PROCESS="process: rss $NUM KiB, pss $NUM KiB, anonymous $NUM KiB, file-backed $NUM KiB"

# heap: the compressed files mapped, the payloads in one allocation each.
fresh db
run 0 "$MDD" load --strategy heap db
expect_eq "$(wc -l <"$TMP/out")" 4 "heap: lines"
expect_file_line "db/a\.mdd: heap, 2 chunks, $A_PAYLOAD payload bytes; mapped $A_SIZE, resident $NUM, heap $A_HEAP bytes; opened in $MS ms" heap
expect_file_line "db/b\.mdd: heap, 1 chunk, $NOTES payload bytes; mapped $B_SIZE, resident $NUM, heap $NOTES bytes; opened in $MS ms" heap
expect_file_line "total: 2 files, $((A_PAYLOAD + NOTES)) payload bytes; mapped $((A_SIZE + B_SIZE)), resident $NUM, heap $((A_HEAP + NOTES)) bytes" heap
expect_file_line "$PROCESS" heap
expect_eq "$(ls -A db)" "$(printf 'a.mdd\nb.mdd')" "heap: files"

run 0 "$MDD" load --strategy heap --json db/b.mdd db/a.mdd
expect_eq "$(wc -l <"$TMP/out")" 1 "heap --json: lines"
expect_json "$(jq -c 'del(.process) | del(.files[].open_ms, .files[].resident_bytes)' "$TMP/out")" \
    "{\"files\": [
      {\"file\": \"db/b.mdd\", \"strategy\": \"heap\", \"requested\": \"heap\", \"chunks\": 1,
       \"payload_bytes\": $NOTES, \"mapped_bytes\": $B_SIZE, \"heap_bytes\": $NOTES,
       \"cached_bytes\": 0, \"shared_bytes\": 0},
      {\"file\": \"db/a.mdd\", \"strategy\": \"heap\", \"requested\": \"heap\", \"chunks\": 2,
       \"payload_bytes\": $A_PAYLOAD, \"mapped_bytes\": $A_SIZE, \"heap_bytes\": $A_HEAP,
       \"cached_bytes\": 0, \"shared_bytes\": 0}]}" \
    "heap --json"
expect_eq "$(jq -c '.process | keys' "$TMP/out")" '["anonymous_kb","file_kb","pss_kb","rss_kb"]' \
    "heap --json: process keys"
expect_eq "$(jq '.process.rss_kb > 0 and all(.files[]; (.open_ms | type) == "number")' "$TMP/out")" \
    true "heap --json: rss and open_ms"

# sidecar: a FILE.fb beside each file, mapped along with the file. A sidecar holds a page of
# header, then the payloads at 8-byte-aligned offsets.
fresh db
run 0 "$MDD" load --strategy sidecar db
A_FB=$((4096 + A_HEAP))
B_FB=$((4096 + NOTES))
expect_file_line "db/a\.mdd: sidecar, 2 chunks, $A_PAYLOAD payload bytes; mapped $((A_SIZE + A_FB)), resident $NUM, heap 0 bytes; opened in $MS ms" sidecar
expect_file_line "db/b\.mdd: sidecar, 1 chunk, $NOTES payload bytes; mapped $((B_SIZE + B_FB)), resident $NUM, heap 0 bytes; opened in $MS ms" sidecar
expect_eq "$(ls -A db)" "$(printf 'a.mdd\na.mdd.fb\nb.mdd\nb.mdd.fb')" "sidecar: files"
expect_eq "$(size_of db/a.mdd.fb) $(size_of db/b.mdd.fb)" "$A_FB $B_FB" "sidecar: sizes"
INODE=$(stat -c %i db/a.mdd.fb)
run 0 "$MDD" load --strategy sidecar db/a.mdd
expect_eq "$(stat -c %i db/a.mdd.fb)" "$INODE" "sidecar: reused on the second load"

# inplace (the default): the files become plain, their payloads unchanged.
fresh db
B_INODE=$(stat -c %i db/b.mdd)
run 0 "$MDD" load db
A_PLAIN=$(size_of db/a.mdd)
expect_file_line "db/a\.mdd: inplace, 2 chunks, $A_PAYLOAD payload bytes; mapped $A_PLAIN, resident $NUM, heap 0 bytes; opened in $MS ms" inplace
expect_file_line "db/b\.mdd: inplace, 1 chunk, $NOTES payload bytes; mapped $B_SIZE, resident $NUM, heap 0 bytes; opened in $MS ms" inplace
expect_eq "$(ls -A db)" "$(printf 'a.mdd\na.mdd.verified\nb.mdd\nb.mdd.verified')" "inplace: files"
expect_eq "$(stat -c %i db/b.mdd)" "$B_INODE" "inplace: the plain file is untouched"
run 0 "$MDD" info --json db/a.mdd
expect_eq "$(jq -c '[.chunks[] | [.compression, .payload_sha512]]' "$TMP/out")" \
    "[[null,\"$(sha512_of text.txt)\"],[null,\"$(sha512_of notes.txt)\"]]" "inplace: converted file"

# pread: converted as for inplace; the file is mapped for its chunk table, and the cache holds
# nothing yet, since loading reads no payload (verification hashes with pread(2)).
fresh db
run 0 "$MDD" load --strategy pread --cache-budget 64K db
expect_eq "$(wc -l <"$TMP/out")" 4 "pread: lines"
expect_file_line "db/a\.mdd: pread, 2 chunks, $A_PAYLOAD payload bytes; mapped $A_PLAIN, resident $NUM, heap 0, cached 0 bytes; opened in $MS ms" pread
expect_file_line "db/b\.mdd: pread, 1 chunk, $NOTES payload bytes; mapped $B_SIZE, resident $NUM, heap 0, cached 0 bytes; opened in $MS ms" pread
expect_file_line "total: 2 files, $((A_PAYLOAD + NOTES)) payload bytes; mapped $((A_PLAIN + B_SIZE)), resident $NUM, heap 0, cached 0 bytes" pread
expect_eq "$(size_of db/a.mdd)" "$A_PLAIN" "pread: converted as for inplace"
run 0 "$MDD" load --strategy pread --json db/a.mdd
expect_eq "$(jq -c '.files[] | [.strategy, .heap_bytes, .cached_bytes]' "$TMP/out")" \
    '["pread",0,0]' "pread --json"

# A chunk that fails its signature fails its file; the others still load.
cp b.mdd bad.mdd
printf 'X' | dd of=bad.mdd bs=1 seek=$((B_SIZE - 10)) conv=notrunc status=none
run 1 "$MDD" load --strategy heap bad.mdd a.mdd
expect_eq "$(cat "$TMP/err")" \
    "mdd: bad.mdd: chunk 0: signatures[0]: SHA-512 mismatch: expected $(sha512_of notes.txt | cut -c1-16)..., got $(tail -c "$NOTES" bad.mdd | sha512sum | cut -c1-16)..." \
    "bad chunk: message"
expect_file_line "a\.mdd: heap, 2 chunks, .*" "bad chunk: the good file"
expect_file_line "total: 1 file, .*" "bad chunk: total"
run 0 "$MDD" load --no-verify bad.mdd
expect_file_line "bad\.mdd: inplace, 1 chunk, .*" "--no-verify"
run 1 "$MDD" load "$WORK/missing.mdd"
expect_eq "$(cat "$TMP/err")" "mdd: $WORK/missing.mdd: open: No such file or directory" "missing file"

# Usage errors.
run 2 "$MDD" load
run 2 "$MDD" load --strategy bogus a.mdd
grep -q "strategy takes heap, sidecar, inplace or pread, not 'bogus'" "$TMP/err" || fail "bad strategy"
run 2 "$MDD" load --strategy heap --fallback heap a.mdd
grep -q -- "--fallback applies to --strategy inplace or pread only" "$TMP/err" || fail "fallback + heap"
run 2 "$MDD" load --fallback inplace a.mdd
run 2 "$MDD" load --strategy pread --fallback pread a.mdd
grep -q -- "--fallback takes heap or sidecar" "$TMP/err" || fail "fallback pread"
run 2 "$MDD" load --cache-budget 1M a.mdd
grep -q -- "--cache-budget applies to --strategy pread only" "$TMP/err" || fail "budget + inplace"
for bad in 1X 1MB K -1 18446744073709551615K; do
    run 2 "$MDD" load --strategy pread --cache-budget "$bad" a.mdd
    grep -q -- "--cache-budget takes bytes (optionally K, M or G), not '$bad'" "$TMP/err" ||
        fail "budget $bad"
done
run 0 "$MDD" load --help
grep -q '^Usage: mdd load ' "$TMP/out" || fail "load --help"

# The corpus: payloads as the expectations say, under every strategy, converted at last.
if have_corpus; then
    mkdir corpus
    cp "$CORPUS"/*.mdd corpus/
    chmod u+w corpus/*.mdd
    files=$(ls corpus/*.mdd | wc -l)
    total=$(jq -s '[.[].container.chunks[].payload_size] | add' "$CORPUS"/*.expect.json)
    for strategy in heap sidecar inplace pread; do
        run 0 "$MDD" load --strategy "$strategy" --json corpus
        expect_eq "$(jq '.files | length' "$TMP/out")" "$files" "corpus $strategy: files"
        expect_eq "$(jq '[.files[].payload_bytes] | add' "$TMP/out")" "$total" \
            "corpus $strategy: payload bytes"
        expect_eq "$(jq -r '[.files[].strategy] | unique | .[]' "$TMP/out")" "$strategy" \
            "corpus $strategy: strategy"
    done
    for f in corpus/*.mdd; do
        expect=$CORPUS/$(basename "${f%.mdd}").expect.json
        run 0 "$MDD" info --json "$f"
        expect_eq "$(jq -c '[.chunks[] | [.compression, .payload_sha512]]' "$TMP/out")" \
            "$(jq -c '[.container.chunks[] | [null, .payload_sha512]]' "$expect")" \
            "corpus inplace: $f"
    done
fi

# A read-only file system: no conversion, and a clear message, unless a fallback is allowed.
if ! mount_tmpfs ro 16M; then
    echo "note: cannot mount a tmpfs ($(cat "$TMP/mount.err")): the read-only case is skipped"
    exit 0
fi
cp a.mdd ro/
mount -o remount,ro ro
run 1 "$MDD" load ro
expect_eq "$(cat "$TMP/err")" \
    "mdd: ro/a.mdd: cannot convert in place: create temporary file: Read-only file system; allow a fallback strategy to open it anyway" \
    "read-only: message"
run 0 "$MDD" load --fallback heap ro
expect_file_line "ro/a\.mdd: heap \(fallback from inplace\), 2 chunks, $A_PAYLOAD payload bytes; mapped $A_SIZE, resident $NUM, heap $A_HEAP bytes; opened in $MS ms" \
    "read-only: fallback"
run 0 "$MDD" load --fallback heap --json ro
expect_eq "$(jq -c '.files[] | [.strategy, .requested]' "$TMP/out")" '["heap","inplace"]' \
    "read-only: fallback in JSON"
run 1 "$MDD" load --strategy pread ro
expect_eq "$(cat "$TMP/err")" \
    "mdd: ro/a.mdd: cannot convert in place: create temporary file: Read-only file system; allow a fallback strategy to open it anyway" \
    "read-only pread: message"
run 0 "$MDD" load --strategy pread --fallback heap --json ro
expect_eq "$(jq -c '.files[] | [.strategy, .requested]' "$TMP/out")" '["heap","pread"]' \
    "read-only pread: fallback"
expect_eq "$(sha512_of ro/a.mdd)" "$(sha512_of a.mdd)" "read-only: the file is untouched"
