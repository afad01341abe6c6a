/* SPDX-License-Identifier: Apache-2.0 */
/* The file-level digest that file signatures sign (docs/format.md "Signatures"): the
 * container's identity and every chunk's uncompressed SHA-512, so that a signature stays
 * valid when the file is converted in place and breaks when any byte a reader trusts moves. */
#include <mdd_internal/codec.h>
#include <mdd_internal/sig.h>

#define DOMAIN "MDD-SIG-1"

static void put_u32(uint8_t out[4], uint32_t v)
{
    out[0] = (uint8_t)(v >> 24);
    out[1] = (uint8_t)(v >> 16);
    out[2] = (uint8_t)(v >> 8);
    out[3] = (uint8_t)v;
}

static mdd_status hash_u32(mdd_sha512_ctx *h, uint32_t v, mdd_error *err)
{
    uint8_t b[4];
    put_u32(b, v);
    return mdd_sha512_update(h, b, sizeof b, err);
}

/* str(s): its 32-bit length, then its bytes; an absent string is the empty one. */
static mdd_status hash_str(mdd_sha512_ctx *h, mdd_bytes s, const char *what, mdd_error *err)
{
    if (s.len > UINT32_MAX)
        return mdd_fail(err, MDD_ERR_LIMIT, "%s: %zu bytes do not fit a signed length", what,
                        s.len);
    mdd_status st = hash_u32(h, (uint32_t)s.len, err);
    return st || !s.len ? st : mdd_sha512_update(h, s.ptr, s.len, err);
}

static mdd_status hash_identity(mdd_sha512_ctx *h, const mdd_file *file, mdd_error *err)
{
    mdd_status st = mdd_sha512_update(h, DOMAIN, sizeof DOMAIN, err); /* with its NUL */
    if (!st)
        st = hash_str(h, file->version, "version", err);
    if (!st)
        st = hash_str(h, file->ecu_name, "ecu_name", err);
    if (!st)
        st = hash_str(h, file->revision, "revision", err);
    if (!st && file->chunk_count > UINT32_MAX)
        st = mdd_fail(err, MDD_ERR_LIMIT, "%zu chunks do not fit a signed count",
                      file->chunk_count);
    return st ? st : hash_u32(h, (uint32_t)file->chunk_count, err);
}

mdd_status mdd_sig_file_digest(const mdd_file *file,
                               const uint8_t (*chunk_sha512)[MDD_SHA512_SIZE],
                               uint8_t digest[MDD_SIG_DIGEST_SIZE], mdd_error *err)
{
    mdd_sha512_ctx h;
    mdd_status st = mdd_sha512_init(&h, err);
    if (st)
        return st;
    st = hash_identity(&h, file, err);
    for (size_t i = 0; !st && i < file->chunk_count; i++) {
        st = hash_u32(&h, (uint32_t)file->chunks[i].type, err);
        if (!st)
            st = hash_str(&h, file->chunks[i].name, "chunk name", err);
        if (!st)
            st = mdd_sha512_update(&h, chunk_sha512[i], MDD_SHA512_SIZE, err);
    }
    if (st) {
        mdd_sha512_free(&h);
        return st;
    }
    return mdd_sha512_final(&h, digest, err);
}
