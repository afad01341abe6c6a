/* SPDX-License-Identifier: Apache-2.0 */
/* What every SHA-512 backend shares: the sink and the one-shot digest, built on
 * mdd_sha512_init/update/final of libcrypto's backend (sha512_openssl.c) or the project's own
 * (sha512_builtin.c), whichever the build chose (MDD_SHA512). */
#include <mdd/codec.h>
#include <mdd_internal/codec.h>

static mdd_status sha512_sink_write(void *ctx, const uint8_t *data, size_t len, mdd_error *err)
{
    return mdd_sha512_update(ctx, data, len, err);
}

mdd_sink mdd_sha512_sink(mdd_sha512_ctx *h) { return (mdd_sink){sha512_sink_write, h}; }

mdd_status mdd_sha512(const void *data, size_t len, uint8_t digest[MDD_SHA512_SIZE],
                      mdd_error *err)
{
    mdd_sha512_ctx h;
    mdd_status st = mdd_sha512_init(&h, err);
    if (st)
        return st;
    st = mdd_sha512_update(&h, data, len, err);
    if (st) {
        mdd_sha512_free(&h);
        return st;
    }
    return mdd_sha512_final(&h, digest, err);
}
