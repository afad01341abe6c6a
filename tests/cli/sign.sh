# SPDX-License-Identifier: Apache-2.0
# mdd sign, checked by the independent oracle (tests/tools/mdd_sigtool.py: python and the
# openssl command): ed25519 and P-256 signatures over corpus copies verify with their key and
# not with another, with certificates carried leaf first, with chunk signatures; every byte of
# the input stays (the signed file starts with it); the digest survives signing, a second
# signature and mdd convert. Hostile inputs (keys that cannot sign, a directory, a FIFO or a
# device as FILE, a truncated or damaged file, a symbolic link) each give one exact line, leave
# the file as it was and nothing beside it. Skipped without openssl, python3, the corpus or a
# libmdd with libcrypto.
source "$(dirname "$0")/lib.bash" "$@"
top=$(cd "$(dirname "$0")/../.." && pwd)
command -v openssl >/dev/null || skip "openssl is not installed"
command -v python3 >/dev/null || skip "python3 is not installed"
have_corpus || skip "no corpus"
[ -f "$CORPUS/FLXC1000.mdd" ] || skip "no FLXC1000.mdd in the corpus"

cd "$WORK"
run 1 "$MDD" sign --key none.key none.mdd
if grep -q "without libcrypto" "$TMP/err"; then
    expect_eq "$(cat "$TMP/err")" \
        "mdd sign: signatures cannot be checked or made: libmdd was built without libcrypto" \
        "sign without libcrypto"
    skip "libmdd was built without libcrypto"
fi
expect_eq "$(cat "$TMP/err")" "mdd: none.key: open: No such file or directory" "a missing key"

K=$TMP/keys
sh "$top/tests/tools/make_trust_fixtures.sh" "$K" >"$TMP/fixtures.log" 2>&1 ||
    fail "make_trust_fixtures.sh: $(cat "$TMP/fixtures.log")"
oracle() {
    python3 "$top/tests/tools/mdd_sigtool.py" "$@"
}
# keyid16 PUB: the first 16 hex digits of the key identifier, as mdd sign prints them.
keyid16() {
    oracle keyid "$1" | cut -c1-16
}
# verifies PUB FILE [--chunks] / does_not_verify PUB FILE [--chunks]: the oracle's verdict.
verifies() {
    oracle verify --pub "$1" "${@:3}" "$2" >"$TMP/oracle" 2>&1 ||
        fail "$2 does not verify with $1 $*: $(cat "$TMP/oracle")"
}
does_not_verify() {
    local rc=0
    oracle verify --pub "$1" "${@:3}" "$2" >"$TMP/oracle" 2>&1 || rc=$?
    expect_eq "$rc" 1 "oracle verify of $2 with $1 $* (exit status)"
}
# same_prefix ORIG FILE: FILE starts with every byte of ORIG and is longer.
same_prefix() {
    cmp -s -n "$(stat -c %s "$1")" "$1" "$2" || fail "$2 does not start with $1's bytes"
    [ "$(stat -c %s "$2")" -gt "$(stat -c %s "$1")" ] || fail "$2 is no longer than $1"
}
# field_7_count FILE: the file-level signatures (MDDFile field 7) of FILE.
field_7_count() {
    oracle info "$1" | jq '.file_signatures | length'
}

cp "$CORPUS/FLXC1000.mdd" orig.mdd
DIGEST=$(oracle digest orig.mdd)

# ed25519: verifies with its key only; the input's bytes stay; the digest is unchanged.
cp orig.mdd ed.mdd
run 0 "$MDD" sign --key "$K/ed25519.key" ed.mdd
expect_eq "$(cat "$TMP/out")" \
    "ed.mdd: signed with ed25519 key $(keyid16 "$K/ed25519.pub.pem") (1 signature)" "ed25519"
expect_eq "$(cat "$TMP/err")" "" "ed25519: stderr"
verifies "$K/ed25519.pub.pem" ed.mdd
does_not_verify "$K/other.pub.pem" ed.mdd
does_not_verify "$K/ed25519.pub.pem" ed.mdd --chunks # no chunk signature was asked for
same_prefix orig.mdd ed.mdd
expect_eq "$(oracle digest ed.mdd)" "$DIGEST" "the digest after signing"
run 0 "$MDD" verify ed.mdd

# P-256, twice signed: both signatures verify, each with its own key.
cp ed.mdd twice.mdd
run 0 "$MDD" sign --key "$K/p256.key" twice.mdd
expect_eq "$(cat "$TMP/out")" \
    "twice.mdd: signed with ecdsa-p256-sha256 key $(keyid16 "$K/p256.pub.pem") (2 signatures)" \
    "P-256 after ed25519"
verifies "$K/p256.pub.pem" twice.mdd
verifies "$K/ed25519.pub.pem" twice.mdd
does_not_verify "$K/rotated.pub.pem" twice.mdd
same_prefix ed.mdd twice.mdd
expect_eq "$(field_7_count twice.mdd)" 2 "file signatures after two signings"

# Certificates, leaf first: the oracle checks with the leaf certificate's key; the DER bytes
# are the certificates' in the order given.
cp orig.mdd cert.mdd
run 0 "$MDD" sign --key "$K/leaf.key" --cert "$K/leaf.crt" --cert "$K/ca.crt" cert.mdd
verifies "$K/leaf.crt" cert.mdd
does_not_verify "$K/p256.pub.pem" cert.mdd
same_prefix orig.mdd cert.mdd
carried=$(python3 - "$top/tests/tools" cert.mdd <<'EOF'
import hashlib, sys
sys.path.insert(0, sys.argv[1])
import mdd_sigtool as t
mdd = t.load_mdd(sys.argv[2])
sig = t.read_signature(mdd.file_signatures()[-1].value, "file signature")
for cert in sig["certificates"]:
    print(hashlib.sha256(cert).hexdigest())
EOF
)
der_sha256() {
    openssl x509 -in "$1" -outform DER | sha256sum | cut -d' ' -f1
}
expect_eq "$carried" "$(der_sha256 "$K/leaf.crt")
$(der_sha256 "$K/ca.crt")" "the certificates carried, leaf first"

# --chunks: every chunk signed too, over its uncompressed SHA-512.
cp orig.mdd chunks.mdd
run 0 "$MDD" sign --key "$K/ed25519.key" --chunks chunks.mdd
verifies "$K/ed25519.pub.pem" chunks.mdd --chunks
does_not_verify "$K/other.pub.pem" chunks.mdd --chunks
expect_eq "$(oracle digest chunks.mdd)" "$DIGEST" "the digest after signing chunks"
run 0 "$MDD" verify chunks.mdd
cmp -s -n 20 orig.mdd chunks.mdd || fail "chunks.mdd: the magic changed"

# Signed, then converted: the signatures (file and chunks) still verify; the digest holds.
run 0 "$MDD" convert chunks.mdd
grep -q "^chunks.mdd: converted (" "$TMP/out" || fail "convert after sign: $(cat "$TMP/out")"
verifies "$K/ed25519.pub.pem" chunks.mdd --chunks
expect_eq "$(oracle digest chunks.mdd)" "$DIGEST" "the digest after sign and convert"

# Converted (plain), then signed; the file's mode stays.
cp orig.mdd plain.mdd
run 0 "$MDD" convert plain.mdd
cp plain.mdd plain.orig
chmod 640 plain.mdd
run 0 "$MDD" sign --key "$K/p256.key" --chunks plain.mdd
verifies "$K/p256.pub.pem" plain.mdd --chunks
expect_eq "$(stat -c %a plain.mdd)" 640 "the mode of a signed file"
expect_eq "$(oracle digest plain.mdd)" "$DIGEST" "the digest of the plain file"

# Signing and converting one file at once: they take turns under the one lock, so the file
# ends converted and signed whichever went first.
cp orig.mdd race.mdd
"$MDD" convert race.mdd >"$TMP/race.convert" 2>&1 &
convert_pid=$!
run 0 "$MDD" sign --key "$K/ed25519.key" race.mdd
wait "$convert_pid" || fail "convert beside sign: $(cat "$TMP/race.convert")"
verifies "$K/ed25519.pub.pem" race.mdd
expect_eq "$(oracle info race.mdd | jq '[.chunks[].compressed] | any')" false \
    "a chunk still compressed after convert beside sign"

# A symbolic link: the file it leads to is signed, the link stays.
mkdir store
cp orig.mdd store/target.mdd
ln -s store/target.mdd link.mdd
run 0 "$MDD" sign --key "$K/ed25519.key" link.mdd
expect_eq "$(cat "$TMP/out")" \
    "link.mdd: signed with ed25519 key $(keyid16 "$K/ed25519.pub.pem") (1 signature)" "a link"
[ -L link.mdd ] || fail "link.mdd is no longer a symbolic link"
expect_eq "$(readlink link.mdd)" store/target.mdd "the link's target"
verifies "$K/ed25519.pub.pem" store/target.mdd
expect_eq "$(ls -A store)" target.mdd "the target's directory after signing"

# ---- Hostile inputs: one line each, the file untouched, nothing left beside it. ----
mkdir hostile
cd hostile
cp ../orig.mdd good.mdd
head -c 5000 ../orig.mdd >trunc.mdd
# A byte of the plain chunk's data flipped, its sha512_uncompressed signature left as it was.
python3 -c 'import sys; b = bytearray(open(sys.argv[1], "rb").read()); b[-100] ^= 0xFF
open(sys.argv[2], "wb").write(b)' ../plain.orig damaged.mdd
mkdir dir.mdd
mkfifo fifo.mdd
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 -out rsa.key 2>/dev/null
openssl genpkey -algorithm ed25519 -aes256 -pass pass:secret -out encrypted.key 2>/dev/null
BEFORE=$(ls -A)
SUMS=$(sha512sum good.mdd trunc.mdd damaged.mdd)
# unchanged WHAT: the directory and its files are as they were.
unchanged() {
    expect_eq "$(ls -A)" "$BEFORE" "$1: files in the directory"
    expect_eq "$(sha512sum good.mdd trunc.mdd damaged.mdd)" "$SUMS" "$1: the files' bytes"
}
# refused_key KEY LINE: signing with KEY stops before any file, with LINE.
refused_key() {
    run 1 timeout 10 "$MDD" sign --key "$1" good.mdd </dev/null
    expect_eq "$(cat "$TMP/err")" "$2" "key $1"
    expect_eq "$(cat "$TMP/out")" "" "key $1: stdout"
    unchanged "key $1"
}
refused_key missing.key "mdd: missing.key: open: No such file or directory"
refused_key "$K/ed25519.pub.pem" \
    "mdd: $K/ed25519.pub.pem: a public key: signing needs the private key"
refused_key "$K/leaf.crt" "mdd: $K/leaf.crt: no PEM private key"
refused_key rsa.key "mdd: rsa.key: neither an ed25519 nor a P-256 private key"
refused_key encrypted.key "mdd: encrypted.key: an encrypted private key: give it unencrypted"
refused_key dir.mdd "mdd: dir.mdd: not a regular file (a directory)"
refused_key fifo.mdd "mdd: fifo.mdd: not a regular file (a FIFO)"
run 1 "$MDD" sign --key "$K/ed25519.key" --cert "$K/ed25519.key" good.mdd
expect_eq "$(cat "$TMP/err")" "mdd: $K/ed25519.key: no PEM certificate" "a key as --cert"
unchanged "a key as --cert"

# Bad FILEs, each refused without blocking; the good one among them is still signed.
run 1 timeout 10 "$MDD" sign --key "$K/ed25519.key" dir.mdd fifo.mdd /dev/null trunc.mdd \
    damaged.mdd missing.mdd
expect_eq "$(cat "$TMP/out")" "" "bad files: stdout"
expect_eq "$(sed 's/\(SHA-512 mismatch\).*/\1/' "$TMP/err")" \
    "mdd: dir.mdd: not a regular file (a directory)
mdd: fifo.mdd: not a regular file (a FIFO)
mdd: /dev/null: not a regular file (a character device)
mdd: trunc.mdd: MDDFile: offset 208: field 6: length 11336 runs past the end (4790 left)
mdd: damaged.mdd: chunk 0: signatures[0]: SHA-512 mismatch
mdd: missing.mdd: open: No such file or directory" "bad files"
unchanged "bad files"
run 1 "$MDD" sign --key "$K/ed25519.key" trunc.mdd good.mdd
expect_eq "$(cat "$TMP/out")" \
    "good.mdd: signed with ed25519 key $(keyid16 "$K/ed25519.pub.pem") (1 signature)" \
    "a good file after a bad one"
verifies "$K/ed25519.pub.pem" good.mdd
expect_eq "$(ls -A)" "$BEFORE" "files after signing beside failures"

# Usage errors.
run 2 "$MDD" sign good.mdd
expect_eq "$(head -1 "$TMP/err")" "mdd sign: expected --key KEY" "no --key"
run 2 "$MDD" sign --key "$K/ed25519.key"
expect_eq "$(head -1 "$TMP/err")" "mdd sign: expected at least one FILE" "no FILE"
echo "sign: ok"
