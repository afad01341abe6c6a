/* SPDX-License-Identifier: Apache-2.0 */
/* SHA-512 through OpenSSL's EVP interface, which picks the fastest implementation the CPU
 * supports: the default backend where libcrypto is present (MDD_SHA512, docs/adr/0016). */
#include <mdd_internal/common.h>

#include <mdd/codec.h>
#include <mdd_internal/codec.h>

#include <openssl/err.h>
#include <openssl/evp.h>

/* libcrypto can refuse SHA-512 (a restricted provider configuration); the status says the
 * digest is unavailable here, the message carries OpenSSL's reason. */
static mdd_status crypto_failure(const char *call, mdd_error *err)
{
    char reason[256];
    ERR_error_string_n(ERR_get_error(), reason, sizeof reason);
    ERR_clear_error();
    return mdd_fail(err, MDD_ERR_UNSUPPORTED, "libcrypto %s failed: %s", call, reason);
}

mdd_status mdd_sha512_init(mdd_sha512_ctx *h, mdd_error *err)
{
    h->ctx = NULL;
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    if (!ctx)
        return mdd_fail(err, MDD_ERR_NOMEM, "cannot allocate a SHA-512 context");
    if (EVP_DigestInit_ex(ctx, EVP_sha512(), NULL) != 1) {
        EVP_MD_CTX_free(ctx);
        return crypto_failure("EVP_DigestInit_ex(SHA-512)", err);
    }
    h->ctx = ctx;
    return MDD_OK;
}

mdd_status mdd_sha512_update(mdd_sha512_ctx *h, const void *data, size_t len, mdd_error *err)
{
    if (!h->ctx || (!data && len > 0))
        return mdd_fail(err, MDD_ERR_ARG, "SHA-512 update without a context or data");
    if (EVP_DigestUpdate(h->ctx, data, len) != 1)
        return crypto_failure("EVP_DigestUpdate", err);
    return MDD_OK;
}

mdd_status mdd_sha512_final(mdd_sha512_ctx *h, uint8_t digest[MDD_SHA512_SIZE], mdd_error *err)
{
    if (!h->ctx)
        return mdd_fail(err, MDD_ERR_ARG, "SHA-512 final without a context");
    unsigned int n = 0;
    int ok = EVP_DigestFinal_ex(h->ctx, digest, &n) == 1 && n == MDD_SHA512_SIZE;
    mdd_sha512_free(h);
    return ok ? MDD_OK : crypto_failure("EVP_DigestFinal_ex", err);
}

void mdd_sha512_free(mdd_sha512_ctx *h)
{
    EVP_MD_CTX_free(h->ctx);
    h->ctx = NULL;
}
