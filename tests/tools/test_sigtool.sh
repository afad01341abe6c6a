#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Self-test of the signature oracle (mdd_sigtool.py, make_trust_fixtures.sh): signs real files
# with each algorithm, checks what must verify and what must not, and that tampering shows.
# Usage: test_sigtool.sh [CORPUS_DIR]   (default: $MDD_CORPUS). Exit 0 = all passed.
# Works on copies in a temporary directory; the corpus is only read.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
tool="$here/mdd_sigtool.py"
corpus=${1:-${MDD_CORPUS:-}}
if [ -z "$corpus" ] || [ ! -f "$corpus/FLXC1000.mdd" ]; then
    echo "usage: $0 CORPUS_DIR (a directory holding FLXC1000.mdd)" >&2
    exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/test_sigtool.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0
out="$work/out.txt"

# run EXPECTED_STATUS CMD...: show the command and its output, check its exit status
run() {
    want=$1
    shift
    echo "\$ $*" | sed "s|$work|\$W|g; s|$here/||g"
    set +e
    "$@" >"$out" 2>&1
    got=$?
    set -e
    sed "s|$work|\$W|g; s/^/    /" "$out"
    if [ "$got" -ne "$want" ]; then
        echo "FAIL: exit status $got, expected $want"
        failures=$((failures + 1))
    fi
}

# runq EXPECTED_STATUS CMD...: as run, but the output is shown only on failure (info's JSON)
runq() {
    want=$1
    shift
    echo "\$ $*" | sed "s|$work|\$W|g; s|$here/||g"
    set +e
    "$@" >"$out" 2>&1
    got=$?
    set -e
    if [ "$got" -ne "$want" ]; then
        sed "s|$work|\$W|g; s/^/    /" "$out"
        echo "FAIL: exit status $got, expected $want"
        failures=$((failures + 1))
    fi
}

# expect_line PATTERN: the last command printed a line matching the extended regex
expect_line() {
    if ! grep -Eq "$1" "$out"; then
        echo "FAIL: no output line matches /$1/"
        failures=$((failures + 1))
    fi
}

# check DESCRIPTION TEST...: a plain shell test with a name
check() {
    what=$1
    shift
    if "$@"; then
        echo "ok: $what"
    else
        echo "FAIL: $what"
        failures=$((failures + 1))
    fi
}

sig() { "$tool" "$@"; }
json_get() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }

W=$work
cp "$corpus/FLXC1000.mdd" "$W/orig.mdd"
chmod u+w "$W/orig.mdd"
fx="$W/fx"
run 0 sh "$here/make_trust_fixtures.sh" "$fx"

echo "== digest"
d1=$(sig digest "$W/orig.mdd")
d2=$(sig digest "$W/orig.mdd")
echo "digest FLXC1000.mdd = $d1"
check "digest is stable" [ "$d1" = "$d2" ]
check "digest is 64 bytes of hex" [ "$(printf %s "$d1" | wc -c)" -eq 128 ]
runq 0 sig info "$W/orig.mdd"
info="$W/orig.json"
cp "$out" "$info"
if [ -f "$corpus/FLXC1000.expect.json" ]; then
    check "chunk SHA-512 equals the expect file's payload_sha512" [ \
        "$(json_get "$info" "d['chunks'][0]['sha512']")" = \
        "$(json_get "$corpus/FLXC1000.expect.json" "d['container']['chunks'][0]['payload_sha512']")" ]
fi

# D once more, written a second way from the expect file's facts alone (no protobuf parsing).
if [ -f "$corpus/FLXC1000.expect.json" ]; then
    check "digest equals D rebuilt from FLXC1000.expect.json" python3 - \
        "$corpus/FLXC1000.expect.json" "$d1" <<'EOF'
import hashlib, json, struct, sys
c = json.load(open(sys.argv[1]))["container"]
def s(v):
    b = (v or "").encode()
    return struct.pack(">I", len(b)) + b
pre = b"MDD-SIG-1\0" + s(c["version"]) + s(c["ecu_name"]) + s(c.get("revision"))
pre += struct.pack(">I", len(c["chunks"]))
for ch in c["chunks"]:
    pre += struct.pack(">I", ch["type"] % 2**32) + s(ch.get("name")) + bytes.fromhex(ch["payload_sha512"])
sys.exit(0 if hashlib.sha512(pre).hexdigest() == sys.argv[2] else 1)
EOF
fi

echo "== keyid"
run 0 sig keyid "$fx/ed25519.pub.pem"
by_hand=$(openssl pkey -pubin -in "$fx/ed25519.pub.pem" -outform DER | openssl dgst -sha256 -r | cut -d' ' -f1)
check "keyid = SHA-256 of the DER SubjectPublicKeyInfo" [ "$(cat "$out")" = "$by_hand" ]
kid_ed=$by_hand

echo "== ed25519"
run 0 sig sign --key "$fx/ed25519.key" "$W/orig.mdd" "$W/ed.mdd"
check "signing keeps every original byte (signature appended)" \
    cmp -s -n "$(wc -c <"$W/orig.mdd")" "$W/orig.mdd" "$W/ed.mdd"
check "signing leaves the digest alone" [ "$(sig digest "$W/ed.mdd")" = "$d1" ]
run 0 sig verify --pub "$fx/ed25519.pub.pem" "$W/ed.mdd"
expect_line "^0 ed25519 $kid_ed ok$"
run 1 sig verify --pub "$fx/other.pub.pem" "$W/ed.mdd"
expect_line "^0 ed25519 $kid_ed bad$"
run 1 sig verify --pub "$fx/p256.pub.pem" "$W/ed.mdd"
runq 0 sig info "$W/ed.mdd"
expect_line '"signature_length": 64'

echo "== ecdsa-p256-sha256"
run 0 sig sign --key "$fx/p256.key" "$W/orig.mdd" "$W/p256.mdd"
run 0 sig verify --pub "$fx/p256.pub.pem" "$W/p256.mdd"
expect_line "^0 ecdsa-p256-sha256 [0-9a-f]{64} ok$"
run 1 sig verify --pub "$fx/leaf.pub.pem" "$W/p256.mdd"
expect_line "^0 ecdsa-p256-sha256 [0-9a-f]{64} bad$"
run 1 sig sign --key "$fx/p256.key" --alg ed25519 "$W/orig.mdd" "$W/never.mdd"
check "a key that does not fit --alg writes nothing" [ ! -e "$W/never.mdd" ]

echo "== certificate chain, chunk signatures"
run 0 sig sign --key "$fx/leaf.key" --cert "$fx/leaf.crt" --cert "$fx/ca.crt" --chunks \
    "$W/orig.mdd" "$W/chain.mdd"
run 0 sig verify --chunks --pub "$fx/leaf.crt" "$W/chain.mdd"
expect_line "^0 ecdsa-p256-sha256 [0-9a-f]{64} ok$"
expect_line "^chunk0.0 sha512_uncompressed - skip$"
expect_line "^chunk0.1 ecdsa-p256-sha256 [0-9a-f]{64} ok$"
run 1 sig verify --chunks --pub "$fx/rogue-leaf.crt" "$W/chain.mdd"
expect_line "^chunk0.1 ecdsa-p256-sha256 [0-9a-f]{64} bad$"
runq 0 sig info "$W/chain.mdd"
cp "$out" "$W/chain.json"
check "two certificates carried" [ "$(json_get "$W/chain.json" "d['file_signatures'][0]['certificates']")" = 2 ]
check "chunk signing keeps the integrity entry valid" \
    [ "$(json_get "$W/chain.json" "d['chunks'][0]['signatures'][0]['matches_data']")" = True ]
check "chunk signing leaves the digest alone" [ "$(sig digest "$W/chain.mdd")" = "$d1" ]
# The leaf certificate carried in the file is the one given (DER of leaf.crt).
check "first certificate is the leaf's DER" python3 - "$W/chain.mdd" "$fx/leaf.crt" <<'EOF'
import subprocess, sys
der = subprocess.run(["openssl", "x509", "-in", sys.argv[2], "-outform", "DER"],
                     stdout=subprocess.PIPE, check=True).stdout
sys.exit(0 if der in open(sys.argv[1], "rb").read() else 1)
EOF

echo "== two signatures side by side (rotation), no key id"
run 0 sig sign --key "$fx/ed25519.key" "$W/ed.mdd" "$W/two.mdd"
run 0 sig verify --pub "$fx/ed25519.pub.pem" "$W/two.mdd"
check "two file signatures" [ "$(grep -c ' ok$' "$out")" -eq 2 ]
run 0 sig sign --key "$fx/rotated.key" --no-keyid "$W/ed.mdd" "$W/rot.mdd"
run 0 sig verify --pub "$fx/rotated.pub.pem" "$W/rot.mdd"
expect_line "^0 ed25519 $kid_ed bad$"
expect_line "^1 ed25519 - ok$"
runq 0 sig info "$W/rot.mdd"
cp "$out" "$W/rot.json"
check "two file signatures in info" [ "$(json_get "$W/rot.json" "len(d['file_signatures'])")" = 2 ]

echo "== tampering"
run 0 sig tamper revision 99.99.99 "$W/ed.mdd" "$W/t-rev.mdd"
check "digest changes with the revision" [ "$(sig digest "$W/t-rev.mdd")" != "$d1" ]
run 1 sig verify --pub "$fx/ed25519.pub.pem" "$W/t-rev.mdd"
expect_line "^0 ed25519 $kid_ed bad$"
run 0 sig tamper ecu-name FLXC1001 "$W/ed.mdd" "$W/t-ecu.mdd"
run 1 sig verify --pub "$fx/ed25519.pub.pem" "$W/t-ecu.mdd"
run 0 sig tamper chunk-data "$W/ed.mdd" "$W/t-data.mdd"
run 1 sig verify --pub "$fx/ed25519.pub.pem" "$W/t-data.mdd"
runq 0 sig info "$W/t-data.mdd"
cp "$out" "$W/t-data.json"
check "tampered chunk is stored plain" [ "$(json_get "$W/t-data.json" "d['chunks'][0]['compressed']")" = False ]
check "tampered chunk still passes plain integrity" \
    [ "$(json_get "$W/t-data.json" "d['chunks'][0]['signatures'][0]['matches_data']")" = True ]
run 0 sig tamper truncate-signature "$W/ed.mdd" "$W/t-trunc.mdd"
run 1 sig verify --pub "$fx/ed25519.pub.pem" "$W/t-trunc.mdd"
run 0 sig tamper algorithm ed448 "$W/ed.mdd" "$W/t-alg.mdd"
run 1 sig verify --pub "$fx/ed25519.pub.pem" "$W/t-alg.mdd"
expect_line "^0 ed448 $kid_ed skip$"
run 0 sig tamper algorithm ecdsa-p256-sha256 "$W/ed.mdd" "$W/t-alg2.mdd"
run 1 sig verify --pub "$fx/ed25519.pub.pem" "$W/t-alg2.mdd"

echo "== plain (uncompressed) file"
run 0 sig decompress "$W/orig.mdd" "$W/plain.mdd"
check "decompressing leaves the digest alone" [ "$(sig digest "$W/plain.mdd")" = "$d1" ]
run 0 sig sign --key "$fx/ed25519.key" --chunks "$W/plain.mdd" "$W/plain-ed.mdd"
run 0 sig verify --chunks --pub "$fx/ed25519.pub.pem" "$W/plain-ed.mdd"
run 0 sig decompress "$W/ed.mdd" "$W/ed-plain.mdd"
run 0 sig verify --pub "$fx/ed25519.pub.pem" "$W/ed-plain.mdd"
runq 0 sig info "$W/ed-plain.mdd"
cp "$out" "$W/plain.json"
check "decompressed chunk is plain and passes integrity" \
    [ "$(json_get "$W/plain.json" "(d['chunks'][0]['compressed'], d['chunks'][0]['signatures'][0]['matches_data'])")" = "(False, True)" ]

echo "== unknown fields survive a rewrite"
# MDDFile field 15 (bytes "abc") and field 16 (fixed32) are unknown to the schema.
cp "$W/orig.mdd" "$W/unknown.mdd"
printf '\172\003abc\205\001\001\002\003\004' >>"$W/unknown.mdd"
run 0 sig sign --chunks --key "$fx/ed25519.key" "$W/unknown.mdd" "$W/unknown-ed.mdd"
check "unknown fields kept byte for byte" python3 - "$W/unknown-ed.mdd" <<'EOF'
import sys
sys.exit(0 if b"\x7a\x03abc\x85\x01\x01\x02\x03\x04" in open(sys.argv[1], "rb").read() else 1)
EOF
check "unknown fields do not change the digest" [ "$(sig digest "$W/unknown-ed.mdd")" = "$d1" ]
run 0 sig verify --chunks --pub "$fx/ed25519.pub.pem" "$W/unknown-ed.mdd"

echo "== synthetic file: negative type, chunk without name or data, no revision"
# Written byte by byte here, with D computed by hand from signatures.md.
python3 - "$W/synth.mdd" "$W/synth.expect" <<'EOF'
import hashlib, struct, sys
magic = b"MDD version 0" + b" " * 6 + b"\0"
neg1 = b"\x08" + b"\xff" * 9 + b"\x01"                 # Chunk.type = -1 (10-byte varint)
c0 = neg1                                             # type only: no name, no data
c1 = b"\x08\x80\x08" + b"\x12\x01x" + b"\x42\x05hello"   # type 1024, name "x", data
msg = b"\x0a\x01v" + b"\x1a\x03ecu"                      # version "v", ecu_name "ecu"
msg += b"\x32" + bytes([len(c0)]) + c0 + b"\x32" + bytes([len(c1)]) + c1
open(sys.argv[1], "wb").write(magic + msg)
u32 = lambda x: struct.pack(">I", x % 2**32)
st = lambda b: u32(len(b)) + b
pre = b"MDD-SIG-1\0" + st(b"v") + st(b"ecu") + st(b"") + u32(2)
pre += u32(-1) + st(b"") + hashlib.sha512(b"").digest()
pre += u32(1024) + st(b"x") + hashlib.sha512(b"hello").digest()
open(sys.argv[2], "w").write(hashlib.sha512(pre).hexdigest() + "\n")
EOF
run 0 sig digest "$W/synth.mdd"
check "digest of the synthetic file equals the hand-made D" cmp -s "$out" "$W/synth.expect"
run 0 sig sign --chunks --key "$fx/p256.key" "$W/synth.mdd" "$W/synth-p256.mdd"
run 0 sig verify --chunks --pub "$fx/p256.pub.pem" "$W/synth-p256.mdd"

echo "== bad input"
printf 'not an mdd file' >"$W/junk.mdd"
run 1 sig digest "$W/junk.mdd"
expect_line "junk.mdd: not an MDD file"
head -c 2000 "$W/orig.mdd" >"$W/short.mdd"
run 1 sig digest "$W/short.mdd"
run 1 sig verify --pub "$fx/ed25519.pub.pem" "$W/orig.mdd"
run 2 sig sign "$W/orig.mdd" "$W/x.mdd"
run 2 sig tamper revision "$W/orig.mdd" "$W/x.mdd"

for f in "$corpus"/*.mdd; do
    check "digest of $(basename "$f")" sig digest "$f"
done

echo
if [ "$failures" -ne 0 ]; then
    echo "test_sigtool: $failures failure(s)"
    exit 1
fi
echo "test_sigtool: all passed"
