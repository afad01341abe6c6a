/* Verification at open: every chunk's data, wherever the strategy put it, hashed and checked
 * against the MDD file's signatures. */
#include "store_impl.h"

#include <mdd/codec.h>

#include <fcntl.h>
#include <string.h>

/* Hashes a view. A view into a file mapping is hashed from the file with explicit reads, so
 * verification faults nothing into the process and reads a cold file at disk speed rather than
 * page by page (mdd_store_open() evicts what they cached); a heap view is hashed in memory. */
static mdd_status hash_view(const mdd_store *store, mdd_bytes data,
                            uint8_t digest[MDD_SHA512_SIZE], mdd_error *err)
{
    if (store->heap)
        return mdd_sha512(data.ptr, data.len, digest, err);
    const mdd_mapping *map = store_backing_mapping(store);
    uint64_t offset = data.len ? (uint64_t)(data.ptr - map->data) : 0;
    return mdd_sha512_file_range(map->fd, offset, data.len, 0, digest, err);
}

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
                               mdd_error *err)
{
    uint8_t digest[MDD_SHA512_SIZE];
    mdd_chunk_report report = {0};
    mdd_status st = hash_view(store, store->views[index], digest, err);
    if (st == MDD_OK)
        st = mdd_chunk_check_signatures(&store->file.chunks[index], digest, &report, err);
    if (st == MDD_OK && expected && memcmp(expected, digest, MDD_SHA512_SIZE) != 0)
        st = mdd_fail(err, MDD_ERR_CHECKSUM, "SHA-512 differs from the one the sidecar records");
    if (st)
        mdd_error_prefix(err, "chunk %zu: ", index);
    return st;
}

mdd_status store_verify_chunks(const mdd_store *store, const sidecar_header *recorded,
                               mdd_error *err)
{
    for (size_t i = 0; i < store->file.chunk_count; i++) {
        const uint8_t *expected = recorded ? sidecar_entry_at(recorded, i).sha512 : NULL;
        mdd_status st = verify_chunk(store, i, expected, err);
        if (st)
            return st;
    }
    return MDD_OK;
}
