#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Keys, certificates and trust stores for the signature tests, made with the openssl command
# only. Usage: make_trust_fixtures.sh DIR
#
# DIR/ed25519.key  ed25519.pub.pem   trusted Ed25519 key
# DIR/p256.key     p256.pub.pem      trusted NIST P-256 key
# DIR/rotated.key  rotated.pub.pem   a second trusted Ed25519 key (key rotation)
# DIR/other.key    other.pub.pem     an Ed25519 key no trust store holds
# DIR/ca.key ca.crt                  trusted CA (self-signed, P-256)
# DIR/leaf.key leaf.pub.pem leaf.crt P-256 leaf certified by the CA
# DIR/rogue-ca.key rogue-ca.crt      an untrusted CA (same subject as the trusted one, other key)
# DIR/rogue-leaf.key rogue-leaf.pub.pem rogue-leaf.crt  leaf certified by the rogue CA
# DIR/trust/      ed25519.pub.pem p256.pub.pem rotated.pub.pem ca.crt
# DIR/trust-ed/   ed25519.pub.pem
#
# Keys are fresh random keys on every run; the file names never change. Certificates are valid
# for ten years from now (validity periods are not checked by default anyway).
set -eu

if [ $# -ne 1 ]; then
    echo "usage: $0 DIR" >&2
    exit 2
fi
dir=$1
mkdir -p "$dir/trust" "$dir/trust-ed"
# A stray openssl.cnf in the environment must not change what is made.
OPENSSL_CONF=/dev/null
export OPENSSL_CONF

# ed25519_key NAME: NAME.key (PKCS#8 PEM) and NAME.pub.pem (SubjectPublicKeyInfo PEM)
ed25519_key() {
    openssl genpkey -algorithm ed25519 -out "$dir/$1.key"
    openssl pkey -in "$dir/$1.key" -pubout -out "$dir/$1.pub.pem"
}

# p256_key NAME: as ed25519_key, on the NIST P-256 curve
p256_key() {
    openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 \
        -pkeyopt ec_param_enc:named_curve -out "$dir/$1.key"
    openssl pkey -in "$dir/$1.key" -pubout -out "$dir/$1.pub.pem"
}

# make_ca NAME CN: a self-signed CA certificate NAME.crt for a new P-256 key NAME.key
make_ca() {
    p256_key "$1"
    openssl req -new -x509 -key "$dir/$1.key" -out "$dir/$1.crt" -days 3650 -sha256 \
        -subj "/CN=$2" \
        -addext "basicConstraints=critical,CA:true" \
        -addext "keyUsage=critical,keyCertSign,cRLSign" \
        -addext "subjectKeyIdentifier=hash"
}

# make_leaf NAME CA CN: a P-256 key NAME.key with certificate NAME.crt issued by CA
make_leaf() {
    p256_key "$1"
    openssl req -new -key "$dir/$1.key" -out "$dir/$1.csr" -subj "/CN=$3"
    printf '%s\n' \
        "basicConstraints=critical,CA:false" \
        "keyUsage=critical,digitalSignature" \
        "subjectKeyIdentifier=hash" \
        "authorityKeyIdentifier=keyid" >"$dir/$1.ext"
    openssl x509 -req -in "$dir/$1.csr" -CA "$dir/$2.crt" -CAkey "$dir/$2.key" \
        -set_serial "0x$(openssl rand -hex 8)" -days 3650 -sha256 \
        -extfile "$dir/$1.ext" -out "$dir/$1.crt" 2>/dev/null
    rm -f "$dir/$1.csr" "$dir/$1.ext"
}

ed25519_key ed25519
p256_key p256
ed25519_key rotated
ed25519_key other
# The rogue CA carries the trusted CA's name: a verifier must follow keys, not names.
make_ca ca "MDD test CA"
make_leaf leaf ca "MDD test signer"
make_ca rogue-ca "MDD test CA"
make_leaf rogue-leaf rogue-ca "MDD test signer"

cp "$dir/ed25519.pub.pem" "$dir/p256.pub.pem" "$dir/rotated.pub.pem" "$dir/ca.crt" "$dir/trust/"
cp "$dir/ed25519.pub.pem" "$dir/trust-ed/"
