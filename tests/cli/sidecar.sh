# SPDX-License-Identifier: Apache-2.0
# mdd sidecar builds FILE.fb beside each MDD file (a page of header, then the payloads at
# 8-byte-aligned offsets), leaves a fitting one alone, rebuilds a stale or damaged one, never
# writes one for a bad chunk, and --clean removes them with the verification records and the
# persisted indexes, leaving the directory as it was.
source "$(dirname "$0")/lib.bash" "$@"

size_of() { stat -c %s "$1"; }

# snapshot DIR: name, size, mode, inode, mtime and SHA-512 of every file in DIR.
snapshot() {
    stat -c '%n %s %a %i %Y' "$1"/*
    sha512sum "$1"/*
}

# payload_at FILE OFFSET LENGTH: LENGTH bytes of FILE from OFFSET.
payload_at() {
    dd if="$1" bs=1 skip="$2" count="$3" status=none
}

cd "$WORK"
seq 1 20000 >text.txt
seq 1 300 >notes.txt
TEXT=$(size_of text.txt)
NOTES=$(size_of notes.txt)
mkdir db
run 0 "$MDD" pack -o db/a.mdd --ecu A --chunk 0:A:text.txt --chunk 3:notes:notes.txt:plain
run 0 "$MDD" pack -o db/b.mdd --ecu B --chunk 0:B:notes.txt:plain
BEFORE=$(snapshot db)
A_MTIME=$(stat -c %Y db/a.mdd)

run 0 "$MDD" sidecar db
expect_eq "$(cat "$TMP/out")" "$(printf 'db/a.mdd.fb: built\ndb/b.mdd.fb: built')" "first build"
expect_eq "$(head -c 8 db/a.mdd.fb)" MDDSIDE1 "magic"
A_NOTES=$((4096 + (TEXT + 7) / 8 * 8))
expect_eq "$(size_of db/a.mdd.fb)" $((A_NOTES + NOTES)) "size of a.mdd.fb"
payload_at db/a.mdd.fb 4096 "$TEXT" | cmp - text.txt || fail "a.mdd.fb: chunk 0"
payload_at db/a.mdd.fb "$A_NOTES" "$NOTES" | cmp - notes.txt || fail "a.mdd.fb: chunk 1"
payload_at db/b.mdd.fb 4096 "$NOTES" | cmp - notes.txt || fail "b.mdd.fb: chunk 0"
expect_eq "$(stat -c %a db/a.mdd.fb)" "$(stat -c %a db/a.mdd)" "a sidecar has its file's mode"

run 0 "$MDD" sidecar db
expect_eq "$(cat "$TMP/out")" "$(printf 'db/a.mdd.fb: up to date\ndb/b.mdd.fb: up to date')" \
    "second run"

# A newer MDD file makes its sidecar stale; a damaged payload is found and repaired.
touch -d '2001-02-03 04:05:06' db/a.mdd
printf 'X' | dd of=db/b.mdd.fb bs=1 seek=4100 conv=notrunc status=none
run 0 "$MDD" sidecar db
expect_eq "$(cat "$TMP/out")" "$(printf 'db/a.mdd.fb: built\ndb/b.mdd.fb: built')" "repair"
payload_at db/b.mdd.fb 4096 "$NOTES" | cmp - notes.txt || fail "b.mdd.fb after the repair"
touch -d "@$A_MTIME" db/a.mdd

# A chunk that fails its signature gets no sidecar, and leaves no temporary file.
mkdir bad
cp db/b.mdd bad/b.mdd
printf 'X' | dd of=bad/b.mdd bs=1 seek=$(($(size_of bad/b.mdd) - 10)) conv=notrunc status=none
run 1 "$MDD" sidecar bad/b.mdd
grep -q '^mdd: bad/b\.mdd: sidecar: chunk 0: signatures\[0\]: SHA-512 mismatch' "$TMP/err" ||
    fail "bad chunk: message: $(cat "$TMP/err")"
expect_eq "$(ls -A bad)" b.mdd "bad chunk: files"

# --clean removes exactly the sidecars (these files have no record or index).
run 0 "$MDD" sidecar --clean db
expect_eq "$(cat "$TMP/out")" "$(printf 'removed db/a.mdd.fb\nremoved db/b.mdd.fb')" "clean"
expect_eq "$(snapshot db)" "$BEFORE" "the directory after --clean"
run 0 "$MDD" sidecar --clean db
expect_eq "$(cat "$TMP/out")" "" "clean again"
# The sidecar of a file that is gone is removed when the file is named.
run 0 "$MDD" sidecar db/b.mdd
mv db/b.mdd b.mdd.saved
run 0 "$MDD" sidecar --clean db/b.mdd
expect_eq "$(cat "$TMP/out")" "removed db/b.mdd.fb" "clean of a removed file's sidecar"
mv b.mdd.saved db/b.mdd

# --clean removes all three files the library keeps beside an MDD file: an ECU opened in
# place gets its verification record and persisted index, the sidecar its FILE.fb.
run 0 "$MDD" gen --ecus 1 gen
run 0 "$MDD" ecu --strategy inplace gen/BCM1000.mdd
run 0 "$MDD" sidecar gen
expect_eq "$(ls -A gen | tr '\n' ' ')" \
    "BCM1000.mdd BCM1000.mdd.fb BCM1000.mdd.idx BCM1000.mdd.verified " "the files beside an ECU"
run 0 "$MDD" sidecar --clean gen
expect_eq "$(cat "$TMP/out")" "removed gen/BCM1000.mdd.fb
removed gen/BCM1000.mdd.verified
removed gen/BCM1000.mdd.idx" "clean of the sidecar, the record and the index"
expect_eq "$(ls -A gen)" BCM1000.mdd "the files beside an ECU after --clean"

run 2 "$MDD" sidecar
run 2 "$MDD" sidecar --bogus db
run 0 "$MDD" sidecar --help
grep -q '^Usage: mdd sidecar ' "$TMP/out" || fail "sidecar --help"

# The corpus: every sidecar holds the payload mdd cat writes; --clean leaves the copy as it
# was.
if have_corpus; then
    mkdir corpus
    cp -p "$CORPUS"/*.mdd corpus/
    corpus_before=$(snapshot corpus)
    run 0 "$MDD" sidecar corpus
    for f in corpus/*.mdd; do
        size=$(jq '.container.chunks[0].payload_size' "$CORPUS/$(basename "${f%.mdd}").expect.json")
        "$MDD" cat "$f" -o "$TMP/payload"
        payload_at "$f.fb" 4096 "$size" | cmp - "$TMP/payload" || fail "corpus sidecar of $f"
    done
    run 0 "$MDD" sidecar --clean corpus
    expect_eq "$(snapshot corpus)" "$corpus_before" \
        "corpus after --clean"
fi
