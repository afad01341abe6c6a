/* SPDX-License-Identifier: Apache-2.0 */
/* Verification at open: every chunk's data, wherever the strategy put it, hashed and checked
 * against the MDD file's signatures. */
#include "store_impl.h"

#include <mdd/codec.h>

#include <string.h>

const uint8_t *store_signed_digest(const mdd_chunk *chunk)
{
    for (size_t i = 0; i < chunk->signature_count; i++) {
        const mdd_signature *sig = &chunk->signatures[i];
        if (mdd_bytes_equal_str(sig->algorithm, MDD_SIG_SHA512_UNCOMPRESSED) &&
            sig->signature.len == MDD_SHA512_SIZE)
            return sig->signature.ptr;
    }
    return NULL;
}

static mdd_status verify_chunk(const mdd_store *store, size_t index, const uint8_t *expected,
                               uint8_t digest[MDD_SHA512_SIZE], mdd_error *err)
{
    mdd_chunk_report report = {0};
    mdd_status st = store->ops->hash(store, store->views[index], digest, err);
    if (st == MDD_OK)
        st = mdd_chunk_check_signatures(&store->file.chunks[index], digest, &report, err);
    if (st == MDD_OK && expected && memcmp(expected, digest, MDD_SHA512_SIZE) != 0)
        st = mdd_fail(err, MDD_ERR_CHECKSUM, "SHA-512 differs from the one the sidecar records");
    if (st)
        mdd_error_prefix(err, "chunk %zu: ", index);
    return st;
}

mdd_status store_verify_chunks(const mdd_store *store, const sidecar_header *recorded,
                               uint8_t (*digests)[MDD_SHA512_SIZE], mdd_error *err)
{
    for (size_t i = 0; i < store->file.chunk_count; i++) {
        const uint8_t *expected = recorded ? sidecar_entry_at(recorded, i).sha512 : NULL;
        uint8_t digest[MDD_SHA512_SIZE];
        mdd_status st = verify_chunk(store, i, expected, digests ? digests[i] : digest, err);
        if (st)
            return st;
    }
    return MDD_OK;
}
