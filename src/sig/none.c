/* SPDX-License-Identifier: Apache-2.0 */
/* A build without libcrypto: no algorithm is built in, so signatures are checked only by a
 * caller's verifier, and the policy check says so (docs/adr/0029). */
#include "sig_impl.h"

int mdd_sig_available(void) { return 0; }

#define WITHOUT "signatures cannot be checked or made: libmdd was built without libcrypto"

mdd_status sig_builtin_verify(const mdd_signature *sig, const uint8_t *msg, size_t msg_len,
                              const mdd_trust *trust, mdd_sig_result *result, mdd_error *err)
{
    (void)sig, (void)msg, (void)msg_len, (void)trust, (void)result;
    return mdd_fail(err, MDD_ERR_NOT_FOUND, WITHOUT);
}

mdd_status mdd_trust_open(const char *dir, mdd_trust **out, mdd_error *err)
{
    (void)dir;
    if (out)
        *out = NULL;
    return mdd_fail(err, MDD_ERR_UNSUPPORTED, WITHOUT);
}

mdd_status mdd_trust_from_pem(const char *name, const uint8_t *pem, size_t len, mdd_trust **out,
                              mdd_error *err)
{
    (void)name, (void)pem, (void)len;
    *out = NULL;
    return mdd_fail(err, MDD_ERR_UNSUPPORTED, WITHOUT);
}

void mdd_trust_close(mdd_trust *trust) { (void)trust; }

void mdd_trust_fingerprint(const mdd_trust *trust, uint8_t out[32])
{
    (void)trust;
    for (int i = 0; i < 32; i++)
        out[i] = 0;
}

mdd_status mdd_sig_key_open(const char *key_path, mdd_sig_key **out, mdd_error *err)
{
    (void)key_path;
    *out = NULL;
    return mdd_fail(err, MDD_ERR_UNSUPPORTED, WITHOUT);
}

void mdd_sig_key_close(mdd_sig_key *key) { (void)key; }

const char *mdd_sig_key_algorithm(const mdd_sig_key *key)
{
    (void)key;
    return "";
}

const uint8_t *mdd_sig_key_id(const mdd_sig_key *key)
{
    (void)key;
    return NULL;
}

mdd_status mdd_sig_sign(const mdd_sig_key *key, const uint8_t *msg, size_t msg_len,
                        mdd_buffer *out, mdd_error *err)
{
    (void)key, (void)msg, (void)msg_len, (void)out;
    return mdd_fail(err, MDD_ERR_UNSUPPORTED, WITHOUT);
}

mdd_status mdd_sig_cert_der(const char *cert_path, mdd_buffer *out, mdd_error *err)
{
    (void)cert_path, (void)out;
    return mdd_fail(err, MDD_ERR_UNSUPPORTED, WITHOUT);
}
