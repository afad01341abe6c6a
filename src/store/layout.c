/* SPDX-License-Identifier: Apache-2.0 */
/* Where the payloads go when the store lays them out itself: one after another, each at an
 * aligned offset, in the heap buffer (from 0) and in a sidecar file (after its header). */
#include "store_impl.h"

#include <mdd/codec.h>

static uint64_t align_up(uint64_t offset)
{
    return (offset + STORE_PAYLOAD_ALIGN - 1) & ~(uint64_t)(STORE_PAYLOAD_ALIGN - 1);
}

uint64_t store_place(uint64_t *cursor, uint64_t len)
{
    uint64_t offset = align_up(*cursor);
    *cursor = offset + len;
    return offset;
}

mdd_status store_measure(mdd_store *store, const mdd_codec_limits *limits, uint64_t base,
                         uint64_t *end, mdd_error *err)
{
    /* Every offset must also be a valid size_t: the heap buffer and mappings are indexed by
     * it. The cursor never passes bound (base is a header's size), so align_up() cannot
     * wrap. */
    const uint64_t bound = (uint64_t)SIZE_MAX - STORE_PAYLOAD_ALIGN;
    uint64_t cursor = base;
    for (size_t i = 0; i < store->file.chunk_count; i++) {
        uint64_t size;
        mdd_status st = mdd_chunk_payload_size(&store->file.chunks[i], limits, &size, err);
        if (st) {
            mdd_error_prefix(err, "chunk %zu: ", i);
            return st;
        }
        uint64_t at = align_up(cursor);
        if (at > bound || size > bound - at)
            return mdd_fail(err, MDD_ERR_LIMIT, "chunk %zu: payloads of more than %zu bytes "
                            "in all do not fit in memory", i, (size_t)bound);
        store->views[i].len = (size_t)size;
        store_place(&cursor, size);
    }
    if (end)
        *end = cursor;
    return MDD_OK;
}
