# SPDX-License-Identifier: Apache-2.0
# File signatures (docs/format.md "Signatures") made by an independent signer, the openssl
# command driven by tests/tools/mdd_sigtool.py, which shares no code with libmdd: every file
# the scheme makes authentic is accepted with the key that signed it named, every forgery and
# every signature that does not reach a trusted key is refused with the reason, under verify,
# a command over a database, load, install and serve's start; a refused file leaves nothing
# beside it; the verification record attests a verified signature until the trust store or
# the policy changes.
source "$(dirname "$0")/lib.bash"
have_corpus || skip "no corpus"
command -v openssl >/dev/null || skip "openssl is not installed"
command -v python3 >/dev/null || skip "python3 is not installed"
top=$(cd "$(dirname "$0")/../.." && pwd)
sigtool() { python3 "$top/tests/tools/mdd_sigtool.py" "$@" || fail "mdd_sigtool.py $*"; }
cd "$WORK"
sh "$top/tests/tools/make_trust_fixtures.sh" fx >/dev/null 2>&1 || fail "fixtures"
if ! "$MDD" verify --trust fx/trust "$CORPUS/FLXC1000.mdd" >/dev/null 2>"$TMP/err"; then
    grep -q "built without libcrypto" "$TMP/err" || fail "verify --trust: $(cat "$TMP/err")"
    skip "built without libcrypto"
fi
keyid() { sigtool keyid "$1" | cut -c1-16; }
ed=$(keyid fx/ed25519.pub.pem) p256=$(keyid fx/p256.pub.pem) rot=$(keyid fx/rotated.pub.pem)
leaf=$(keyid fx/leaf.pub.pem) other=$(keyid fx/other.pub.pem)
ok="OK (1 chunk, 39680 bytes, 1 signature checked)"

cp "$CORPUS/FLXC1000.mdd" plain.mdd
sigtool sign --key fx/ed25519.key plain.mdd ed.mdd
sigtool sign --key fx/p256.key plain.mdd p256.mdd
sigtool sign --key fx/leaf.key --cert fx/leaf.crt plain.mdd leaf.mdd
sigtool sign --key fx/leaf.key --cert fx/leaf.crt --cert fx/ca.crt --chunks plain.mdd chain.mdd
sigtool sign --key fx/other.key plain.mdd other.mdd
sigtool sign --key fx/rotated.key other.mdd two.mdd
sigtool sign --key fx/rotated.key --no-keyid plain.mdd nokeyid.mdd
sigtool sign --key fx/rogue-leaf.key --cert fx/rogue-leaf.crt plain.mdd rogue.mdd
sigtool tamper chunk-data ed.mdd data.mdd
sigtool tamper revision 99.99.99 ed.mdd revision.mdd
sigtool tamper ecu-name TMCC3000 ed.mdd name.mdd
sigtool tamper truncate-signature ed.mdd truncated.mdd
sigtool tamper algorithm ed448 ed.mdd ed448.mdd

# Accepted, each naming the signature and the key that verified it.
accepted() { # FILE ALG KEYID SOURCE [CHECKED]
    run 0 "$MDD" verify --trust fx/trust --require-signature "$1"
    expect_eq "$(cat "$TMP/out")" \
        "$1: OK (1 chunk, 39680 bytes, ${5:-1} signature${5:+s} checked); authentic: $2 key $3 ($4)" "$1"
}
accepted ed.mdd ed25519 "$ed" ed25519.pub.pem
accepted p256.mdd ecdsa-p256-sha256 "$p256" p256.pub.pem
accepted leaf.mdd ecdsa-p256-sha256 "$leaf" ca.crt
accepted chain.mdd ecdsa-p256-sha256 "$leaf" ca.crt 2
accepted two.mdd ed25519 "$rot" rotated.pub.pem # one untrusted, one trusted signature
accepted nokeyid.mdd ed25519 "$rot" rotated.pub.pem
# mdd info shows what a file claims, whether it holds or not.
run 0 "$MDD" info two.mdd
expect_eq "$(grep -A1 '^signed:' "$TMP/out")" "signed:        ed25519 key $other
               ed25519 key $rot" "info: two signatures"
run 0 "$MDD" info --json chain.mdd
expect_eq "$(jq -c '[.signatures[] | [.algorithm, .key_identifier[0:16], .certificates]]' "$TMP/out")" \
    "[[\"ecdsa-p256-sha256\",\"$leaf\",2]]" "info --json: a chain"

# Rotation: a file signed with the old key and the new one verifies with a trust store that
# holds either.
sigtool sign --key fx/rotated.key ed.mdd rotating.mdd
mkdir trust-new
cp fx/rotated.pub.pem trust-new/
run 0 "$MDD" verify --trust fx/trust-ed --require-signature rotating.mdd
expect_eq "$(cat "$TMP/out")" "rotating.mdd: $ok; authentic: ed25519 key $ed (ed25519.pub.pem)" "the old key"
run 0 "$MDD" verify --trust trust-new --require-signature rotating.mdd
expect_eq "$(cat "$TMP/out")" "rotating.mdd: $ok; authentic: ed25519 key $rot (rotated.pub.pem)" "the new key"
run 0 "$MDD" verify --json --trust fx/trust two.mdd
expect_eq "$(jq -c .signature "$TMP/out")" \
    "{\"state\":\"verified\",\"index\":1,\"algorithm\":\"ed25519\",\"key_id\":\"$(sigtool keyid fx/rotated.pub.pem)\",\"key_source\":\"rotated.pub.pem\"}" \
    "verify --json: the second signature"
run 0 "$MDD" verify --trust fx/trust plain.mdd
expect_eq "$(cat "$TMP/out")" "plain.mdd: $ok; unsigned" "an unsigned file without require"
run 0 "$MDD" verify plain.mdd ed.mdd
expect_eq "$(cat "$TMP/out")" "plain.mdd: $ok
ed.mdd: OK (1 chunk, 39680 bytes, 1 signature checked)" "without --trust"

# Refused, each with the reason, whatever the command.
refused() { # FILE REASON [OPTIONS]
    local file=$1 reason=$2
    shift 2
    run 1 "$MDD" verify --trust fx/trust "$@" "$file"
    expect_eq "$(cat "$TMP/err")" "mdd: $file: MDDFile.chunks_signature: $reason" "verify $file"
}
bad="not authentic: signature 0 (ed25519): does not verify with the trusted key it names"
refused data.mdd "$bad"
refused revision.mdd "$bad"
refused name.mdd "$bad"
refused truncated.mdd "$bad"
refused other.mdd "not authentic: signature 0 (ed25519): key $other... is not in the trust store"
refused ed448.mdd "not authentic: signature 0 (ed448): unknown algorithm" --require-signature
refused rogue.mdd "not authentic: signature 0 (ecdsa-p256-sha256): the certificate chain does not reach a trusted CA (unable to get local issuer certificate)"
refused plain.mdd "unsigned, and the policy requires a signature" --require-signature
# The last --trust given counts: trust-ed holds only the ed25519 key.
refused p256.mdd "not authentic: signature 0 (ecdsa-p256-sha256): key $p256... is not in the trust store" --trust fx/trust-ed

# Every command over a database, load and install apply the same policy.
run 1 "$MDD" ecu --trust fx/trust other.mdd
expect_eq "$(cat "$TMP/err")" "mdd: other.mdd: MDDFile.chunks_signature: not authentic: signature 0 (ed25519): key $other... is not in the trust store" "ecu"
run 0 "$MDD" lookup --trust fx/trust --require-signature ed.mdd 22F190
run 1 "$MDD" load --trust fx/trust --require-signature plain.mdd
grep -q "unsigned, and the policy requires a signature" "$TMP/err" || fail "load: $(cat "$TMP/err")"
mkdir served
run 1 "$MDD" install --trust fx/trust other.mdd served
expect_eq "$(ls -A served)" "" "a refused install leaves the directory as it was"
run 0 "$MDD" install --trust fx/trust --require-signature ed.mdd served
run 2 "$MDD" ecu --require-signature ed.mdd
expect_eq "$(head -1 "$TMP/err")" "mdd ecu: --require-signature needs --trust DIR" "usage"

# Trust stores that cannot be used, named with the file at fault.
mkdir keyin empty
cp fx/ed25519.key keyin/leaked.pem
run 1 "$MDD" verify --trust keyin ed.mdd
expect_eq "$(cat "$TMP/err")" "mdd: keyin: leaked.pem: holds a PRIVATE KEY block; a trust store holds only PUBLIC KEY and CERTIFICATE blocks" "a private key in the trust store"
run 1 "$MDD" verify --trust empty ed.mdd
expect_eq "$(cat "$TMP/err")" "mdd: empty: no public key or CA certificate (*.pem, *.crt)" "an empty trust store"
mkfifo fifo
run 1 timeout 10 "$MDD" verify --trust fifo ed.mdd
expect_eq "$(cat "$TMP/err")" "mdd: fifo: Not a directory" "a FIFO as the trust store"

# The verification record attests the signature: a refused file leaves none behind, a later
# open takes the attestation, a changed trust store or policy checks again.
mkdir db && cp ed.mdd db/ && cp other.mdd db/forged.mdd
run 1 "$MDD" ecu --strategy inplace --trust fx/trust db/forged.mdd
expect_eq "$(ls -A db | sort | tr '\n' ' ')" "ed.mdd forged.mdd " "no record beside a refused file"
run 0 "$MDD" load --trust fx/trust --require-signature --json db/ed.mdd
[ -e db/ed.mdd.verified ] || fail "no verification record"
run 0 "$MDD" verify --trust fx/trust db/ed.mdd
accepted_line="db/ed.mdd: OK (1 chunk, 39680 bytes, 1 signature checked); authentic: ed25519 key $ed (ed25519.pub.pem)"
expect_eq "$(cat "$TMP/out")" "$accepted_line" "verify after convert"

# mdd serve: a file that fails the policy is refused at start (with --skip-invalid, left out
# with a note) and in a reload, while the authentic ones serve.
require_http
source "$top/tests/cli/serve_lib.bash"
mkdir served2
cp ed.mdd served2/FLXC1000.mdd
cp "$CORPUS/TMCC3000.mdd" tmcc.mdd
sigtool sign --key fx/other.key tmcc.mdd tmcc-forged.mdd
cp tmcc-forged.mdd served2/TMCC3000.mdd
run 1 "$MDD" serve --listen 127.0.0.1:0 --trust fx/trust --require-signature served2
expect_eq "$(cat "$TMP/err")" "mdd: served2/TMCC3000.mdd: MDDFile.chunks_signature: not authentic: signature 0 (ed25519): key $other... is not in the trust store" "serve refuses to start"
start_server served2 --skip-invalid --trust fx/trust --require-signature
expect_eq "$(cat "$TMP/serve.err")" "mdd: note: served2/TMCC3000.mdd: MDDFile.chunks_signature: not authentic: signature 0 (ed25519): key $other... is not in the trust store (skipped)" "startup note"
: >"$TMP/serve.err"
expect_eq "$(curl -sf "$BASE/ecus" | jq -c '[.ecus[].name]')" '["FLXC1000"]' "ECUs at startup"
# Converted before they arrive (as mdd install does), so that the server's own conversion in
# place does not reload once more.
sigtool sign --key fx/ed25519.key tmcc.mdd tmcc-signed.mdd
cp plain.mdd plain-converted.mdd
"$MDD" convert --quiet tmcc-signed.mdd plain-converted.mdd >/dev/null || fail "convert"
cp tmcc-signed.mdd served2/.incoming
mv served2/.incoming served2/TMCC3000.mdd
IFS= read -r -t 120 line <&"$LISTEN_FD" || fail "no reload line"
expect_eq "$line" "reloaded: 1 loaded, 1 unchanged, 0 removed, 0 refused" "an authentic file"
cp plain-converted.mdd served2/.incoming
mv served2/.incoming served2/FLXC1000.mdd
IFS= read -r -t 120 line <&"$LISTEN_FD" || fail "no reload line"
expect_eq "$line" "reloaded: 0 loaded, 1 unchanged, 0 removed, 1 refused" "an unsigned file"
grep -q "served2/FLXC1000.mdd: MDDFile.chunks_signature: unsigned, and the policy requires a signature" \
    "$TMP/serve.err" || fail "reload note: $(cat "$TMP/serve.err")"
: >"$TMP/serve.err"
expect_eq "$(curl -sf "$BASE/ecus" | jq -c '[.ecus[].name]')" '["FLXC1000","TMCC3000"]' \
    "the signed FLXC1000 keeps serving"
stop_server
