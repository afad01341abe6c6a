/* SPDX-License-Identifier: Apache-2.0 */
/* The built-in algorithms through libcrypto: ed25519 (RFC 8032) and ECDSA over NIST P-256
 * with SHA-256, by a trusted key or by the leaf of a certificate chain that reaches a trusted
 * CA. Validity periods are not checked: vehicles often lack a trusted clock. */
#include "trust_impl.h"

#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/objects.h>
#include <stdio.h>
#include <string.h>

int mdd_sig_available(void) { return 1; }

typedef enum sig_alg { ALG_UNKNOWN, ALG_ED25519, ALG_ECDSA_P256 } sig_alg;

static sig_alg alg_of(mdd_bytes name)
{
    if (mdd_bytes_equal_str(name, MDD_SIG_ED25519))
        return ALG_ED25519;
    if (mdd_bytes_equal_str(name, MDD_SIG_ECDSA_P256))
        return ALG_ECDSA_P256;
    return ALG_UNKNOWN;
}

/* Whether key is of the kind alg signs with. */
static int key_fits(EVP_PKEY *key, sig_alg alg)
{
    if (alg == ALG_ED25519)
        return EVP_PKEY_get_id(key) == EVP_PKEY_ED25519;
    char group[32];
    size_t len = 0;
    return EVP_PKEY_get_id(key) == EVP_PKEY_EC &&
           EVP_PKEY_get_utf8_string_param(key, "group", group, sizeof group, &len) == 1 &&
           strcmp(group, SN_X9_62_prime256v1) == 0;
}

/* 1 when sig verifies over msg with key under alg. */
static int check_with(EVP_PKEY *key, sig_alg alg, mdd_bytes sig, const uint8_t *msg,
                      size_t msg_len)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    const EVP_MD *digest = alg == ALG_ECDSA_P256 ? EVP_sha256() : NULL;
    int ok = md && EVP_DigestVerifyInit(md, NULL, digest, NULL, key) == 1 &&
             EVP_DigestVerify(md, sig.ptr, sig.len, msg, msg_len) == 1;
    EVP_MD_CTX_free(md);
    ERR_clear_error();
    return ok;
}

static void verified(mdd_sig_result *result, mdd_bytes algorithm, const uint8_t *id,
                     const char *source)
{
    memset(result, 0, sizeof *result);
    sig_result_algorithm(result, algorithm);
    memcpy(result->key_id, id, MDD_SIG_KEY_ID_SIZE);
    snprintf(result->key_source, sizeof result->key_source, "%s", source);
}

/* A signature without certificates: by the trusted key its key_identifier names, or, without
 * one, by any trusted key of its kind. */
static mdd_status by_trusted_key(const mdd_signature *sig, sig_alg alg, const uint8_t *msg,
                                 size_t msg_len, const mdd_trust *trust,
                                 mdd_sig_result *result, mdd_error *err)
{
    const mdd_bytes want = sig->key_identifier;
    if (want.ptr && want.len != MDD_SIG_KEY_ID_SIZE)
        return mdd_fail(err, MDD_ERR_SIGNATURE, "key_identifier of %zu bytes, not %u", want.len,
                        MDD_SIG_KEY_ID_SIZE);
    size_t tried = 0;
    for (size_t i = 0; trust && i < trust->key_count; i++) {
        const trust_key *k = &trust->keys[i];
        if ((want.ptr && memcmp(want.ptr, k->id, MDD_SIG_KEY_ID_SIZE) != 0) ||
            !key_fits(k->key, alg))
            continue;
        tried++;
        if (check_with(k->key, alg, sig->signature, msg, msg_len)) {
            verified(result, sig->algorithm, k->id, k->source);
            return MDD_OK;
        }
    }
    if (tried)
        return mdd_fail(err, MDD_ERR_SIGNATURE, "does not verify with the trusted key%s",
                        want.ptr ? " it names" : "s of its kind");
    char hex[17] = "";
    if (want.ptr)
        mdd_hex(want.ptr, 8, hex); /* a key is named by its first 8 bytes */
    return want.ptr ? mdd_fail(err, MDD_ERR_SIGNATURE, "key %s... is not in the trust store", hex)
                    : mdd_fail(err, MDD_ERR_SIGNATURE, "no trusted key of its kind");
}

static X509 *der_cert(mdd_bytes der)
{
    const unsigned char *p = der.ptr;
    return der.len <= 0x7fffffff ? d2i_X509(NULL, &p, (long)der.len) : NULL;
}

/* The trust store's CA that anchors a verified chain. */
static const trust_ca *anchor_of(const mdd_trust *trust, X509_STORE_CTX *ctx)
{
    STACK_OF(X509) *chain = X509_STORE_CTX_get0_chain(ctx);
    X509 *top = chain ? sk_X509_value(chain, sk_X509_num(chain) - 1) : NULL;
    for (size_t i = 0; top && i < trust->ca_count; i++)
        if (X509_cmp(top, trust->cas[i].cert) == 0)
            return &trust->cas[i];
    return NULL;
}

/* Verifies the chain leaf, certs[1..) to a CA of trust; on success *anchor is that CA. */
static mdd_status check_chain(const mdd_trust *trust, X509 *leaf, STACK_OF(X509) *rest,
                              const trust_ca **anchor, mdd_error *err)
{
    X509_STORE_CTX *ctx = X509_STORE_CTX_new();
    if (!ctx)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory to verify a certificate chain");
    mdd_status st = MDD_OK;
    if (X509_STORE_CTX_init(ctx, trust->store, leaf, rest) != 1)
        st = mdd_fail(err, MDD_ERR_NOMEM, "cannot set up a certificate chain's verification");
    if (!st) {
        X509_VERIFY_PARAM_set_flags(X509_STORE_CTX_get0_param(ctx), X509_V_FLAG_NO_CHECK_TIME);
        if (X509_verify_cert(ctx) != 1)
            st = mdd_fail(err, MDD_ERR_SIGNATURE,
                          "the certificate chain does not reach a trusted CA (%s)",
                          X509_verify_cert_error_string(X509_STORE_CTX_get_error(ctx)));
        else if (!(*anchor = anchor_of(trust, ctx)))
            st = mdd_fail(err, MDD_ERR_SIGNATURE, "the certificate chain's anchor is unknown");
    }
    X509_STORE_CTX_free(ctx);
    ERR_clear_error();
    return st;
}

static mdd_status parse_chain(const mdd_bytes_list *certs, X509 **leaf, STACK_OF(X509) **rest,
                              mdd_error *err)
{
    *rest = sk_X509_new_null();
    *leaf = der_cert(certs->items[0]);
    if (!*rest || !*leaf)
        return mdd_fail(err, MDD_ERR_SIGNATURE, "certificates[0]: not a DER X.509 certificate");
    for (size_t i = 1; i < certs->count; i++) {
        X509 *c = der_cert(certs->items[i]);
        if (!c || !sk_X509_push(*rest, c)) {
            X509_free(c);
            return mdd_fail(err, MDD_ERR_SIGNATURE,
                            "certificates[%zu]: not a DER X.509 certificate", i);
        }
    }
    return MDD_OK;
}

/* A signature carrying certificates: by the leaf's key, once the chain reaches a trusted CA. */
static mdd_status by_certificate(const mdd_signature *sig, sig_alg alg, const uint8_t *msg,
                                 size_t msg_len, const mdd_trust *trust,
                                 mdd_sig_result *result, mdd_error *err)
{
    X509 *leaf = NULL;
    STACK_OF(X509) *rest = NULL;
    const trust_ca *anchor = NULL;
    uint8_t id[MDD_SIG_KEY_ID_SIZE];
    mdd_status st = parse_chain(&sig->certificates, &leaf, &rest, err);
    EVP_PKEY *key = st ? NULL : X509_get0_pubkey(leaf);
    if (!st && (!key || sig_key_id(key, id) || !key_fits(key, alg)))
        st = mdd_fail(err, MDD_ERR_SIGNATURE, "certificates[0]: not a %.*s key",
                      (int)sig->algorithm.len, (const char *)sig->algorithm.ptr);
    if (!st && sig->key_identifier.ptr &&
        (sig->key_identifier.len != sizeof id || memcmp(sig->key_identifier.ptr, id, sizeof id)))
        st = mdd_fail(err, MDD_ERR_SIGNATURE,
                      "key_identifier is not the key of certificates[0]");
    if (!st)
        st = trust ? check_chain(trust, leaf, rest, &anchor, err)
                   : mdd_fail(err, MDD_ERR_SIGNATURE, "no trust store");
    if (!st && !check_with(key, alg, sig->signature, msg, msg_len))
        st = mdd_fail(err, MDD_ERR_SIGNATURE, "does not verify with the key of certificates[0]");
    if (!st)
        verified(result, sig->algorithm, id, anchor->source);
    X509_free(leaf);
    sk_X509_pop_free(rest, X509_free);
    ERR_clear_error();
    return st;
}

mdd_status sig_builtin_verify(const mdd_signature *sig, const uint8_t *msg, size_t msg_len,
                              const mdd_trust *trust, mdd_sig_result *result, mdd_error *err)
{
    sig_alg alg = alg_of(sig->algorithm);
    if (alg == ALG_UNKNOWN)
        return mdd_fail(err, MDD_ERR_NOT_FOUND, "unknown algorithm");
    if (sig->certificates.count)
        return by_certificate(sig, alg, msg, msg_len, trust, result, err);
    return by_trusted_key(sig, alg, msg, msg_len, trust, result, err);
}
