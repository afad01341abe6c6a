/* SPDX-License-Identifier: Apache-2.0 */
/* SHA-512 through the project's own implementation (sha512_compress.c): the backend of builds
 * with MDD_SHA512=BUILTIN, which need no libcrypto (docs/adr/0016). */
#include <mdd_internal/common.h>

#include <mdd/codec.h>
#include <mdd_internal/codec.h>

#include <stdlib.h>

mdd_status mdd_sha512_init(mdd_sha512_ctx *h, mdd_error *err)
{
    mdd_sha512_state *s = malloc(sizeof *s);
    h->ctx = s;
    if (!s)
        return mdd_fail(err, MDD_ERR_NOMEM, "cannot allocate a SHA-512 context");
    mdd_sha512_state_init(s);
    return MDD_OK;
}

mdd_status mdd_sha512_update(mdd_sha512_ctx *h, const void *data, size_t len, mdd_error *err)
{
    if (!h->ctx || (!data && len > 0))
        return mdd_fail(err, MDD_ERR_ARG, "SHA-512 update without a context or data");
    mdd_sha512_state_update(h->ctx, data, len);
    return MDD_OK;
}

mdd_status mdd_sha512_final(mdd_sha512_ctx *h, uint8_t digest[MDD_SHA512_SIZE], mdd_error *err)
{
    if (!h->ctx)
        return mdd_fail(err, MDD_ERR_ARG, "SHA-512 final without a context");
    mdd_sha512_state_final(h->ctx, digest);
    mdd_sha512_free(h);
    return MDD_OK;
}

void mdd_sha512_free(mdd_sha512_ctx *h)
{
    free(h->ctx);
    h->ctx = NULL;
}
