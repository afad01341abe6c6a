/* SPDX-License-Identifier: Apache-2.0 */
/* The heap strategy: every payload decoded once, straight into one allocation per file, so
 * every byte is always in memory. */
#include "store_impl.h"

#include <mdd/codec.h>
#include <mdd/store.h>
#include <mdd_internal/codec.h>

#include <stdlib.h>

/* Decodes each chunk into its place in the buffer and points its view there. */
static mdd_status decode_chunks(mdd_store *store, const mdd_codec_limits *limits,
                                mdd_error *err)
{
    uint64_t cursor = 0;
    for (size_t i = 0; i < store->file.chunk_count; i++) {
        size_t len = store->views[i].len;
        uint8_t *dst = store->heap + store_place(&cursor, len);
        mdd_status st = mdd_chunk_decode(&store->file.chunks[i], dst, len, limits, err);
        if (st) {
            mdd_error_prefix(err, "chunk %zu: ", i);
            return st;
        }
        store->views[i].ptr = dst;
    }
    return MDD_OK;
}

static mdd_status open_heap(mdd_store *store, const char *path, const mdd_store_options *opts,
                            mdd_error *err)
{
    mdd_status st = store_load_source(store, path, MDD_STRATEGY_HEAP, opts, err);
    if (st == MDD_OK)
        st = store_measure(store, &opts->limits, 0, &store->heap_size, err);
    if (st)
        return st;
    /* One byte at least, so that every view, even of an empty payload, has a place. */
    store->heap = malloc(store->heap_size ? (size_t)store->heap_size : 1);
    if (!store->heap)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for %llu bytes of payload",
                        (unsigned long long)store->heap_size);
    st = decode_chunks(store, &opts->limits, err);
    if (st == MDD_OK && opts->verify) {
        st = store_verify_chunks(store, NULL, NULL, err);
        store->verified_by = MDD_VERIFIED_HASH;
    }
    return st;
}

/* Always in memory. */
static mdd_status heap_try_read(const mdd_store *store, size_t index, uint64_t offset,
                                size_t len, mdd_pin *pin, int *in_memory, mdd_error *err)
{
    *in_memory = 1;
    return store_view_read(store, index, offset, len, pin, err);
}

/* Nothing to read: the range is pinned at once. */
static mdd_status heap_io_begin(const mdd_store *store, store_io *io, mdd_error *err)
{
    (void)err;
    io->pin.bytes = store_range_view(store, io->index, io->offset, io->len);
    return MDD_OK;
}

static mdd_status heap_hash(const mdd_store *store, mdd_bytes view,
                            uint8_t digest[MDD_SHA512_SIZE], mdd_error *err)
{
    (void)store;
    return mdd_sha512(view.ptr, view.len, digest, err);
}

static void heap_report(const mdd_store *store, mdd_store_memory *out)
{
    out->heap_bytes = store->heap_size;
}

const store_ops store_heap_ops = {
    .name = "heap",
    .open = open_heap,
    .chunk_data = store_view_chunk_data,
    .read = store_view_read,
    .try_read = heap_try_read,
    .io_begin = heap_io_begin,
    .io_end = store_view_io_end,
    .hash = heap_hash,
    .report = heap_report,
};
