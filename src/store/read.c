/* SPDX-License-Identifier: Apache-2.0 */
/* Pinned reads of a chunk's byte range: the checks every strategy shares before handing the
 * range to its operations (mdd_store_read(), mdd_store_try_read(), and the steps of a read the
 * async layer performs, mdd_internal/store.h), and the operations of strategies whose views
 * hold every chunk's data (heap, sidecar, inplace). */
#include "store_impl.h"

#include <mdd/codec.h>

#include <string.h>

mdd_status store_check_range(const mdd_store *store, size_t index, uint64_t offset, size_t len,
                             mdd_error *err)
{
    if (index >= store->file.chunk_count)
        return mdd_fail(err, MDD_ERR_ARG, "no chunk %zu: the file has %zu", index,
                        store->file.chunk_count);
    size_t size = store->views[index].len;
    if (offset > size || len > size - offset)
        return mdd_fail(err, MDD_ERR_ARG,
                        "chunk %zu: %zu bytes at %llu are not inside its %zu bytes", index, len,
                        (unsigned long long)offset, size);
    return MDD_OK;
}

mdd_bytes store_range_view(const mdd_store *store, size_t index, uint64_t offset, size_t len)
{
    return store_view(store->views[index].ptr + offset, len);
}

/* Checks the arguments common to both reads and zeroes *pin. */
static mdd_status begin_read(const mdd_store *store, size_t index, uint64_t offset, size_t len,
                             mdd_pin *pin, mdd_error *err)
{
    if (!store || !pin)
        return mdd_fail(err, MDD_ERR_ARG, "no store or no pin to fill");
    memset(pin, 0, sizeof *pin);
    return store_check_range(store, index, offset, len, err);
}

mdd_status mdd_store_read(const mdd_store *store, size_t index, uint64_t offset, size_t len,
                          mdd_pin *pin, mdd_error *err)
{
    mdd_status st = begin_read(store, index, offset, len, pin, err);
    if (st)
        return st;
    if (len == 0) {
        pin->bytes = store_view(NULL, 0);
        return MDD_OK;
    }
    return store->ops->read(store, index, offset, len, pin, err);
}

mdd_status mdd_store_try_read(const mdd_store *store, size_t index, uint64_t offset,
                              size_t len, mdd_pin *pin, mdd_error *err)
{
    mdd_status st = begin_read(store, index, offset, len, pin, err);
    if (st)
        return st;
    if (len == 0) {
        pin->bytes = store_view(NULL, 0);
        return MDD_OK;
    }
    int in_memory = 0;
    st = store->ops->try_read(store, index, offset, len, pin, &in_memory, err);
    if (st == MDD_OK && !in_memory)
        st = mdd_fail(err, MDD_ERR_WOULD_BLOCK, "chunk %zu: %zu bytes at %llu are not in "
                      "memory", index, len, (unsigned long long)offset);
    return st;
}

mdd_status store_io_begin(const mdd_store *store, size_t index, uint64_t offset, size_t len,
                          store_io *io, mdd_error *err)
{
    memset(io, 0, sizeof *io);
    io->fd = -1;
    io->index = index;
    io->offset = offset;
    io->len = len;
    mdd_status st = store_check_range(store, index, offset, len, err);
    if (st)
        return st;
    if (len == 0) {
        io->pin.bytes = store_view(NULL, 0);
        return MDD_OK;
    }
    return store->ops->io_begin(store, io, err);
}

/* The reader's outcome, named after the file and the chunk. The reader records its reason in
 * err; when it did not, the status's own description stands in. */
static mdd_status fail_read(const mdd_store *store, size_t index, mdd_status status,
                            mdd_error *err)
{
    if (err && err->status != status)
        mdd_fail(err, status, "%s", mdd_strerror(status));
    mdd_error_prefix(err, "%s: chunk %zu: ", store->path, index);
    return status;
}

mdd_status store_io_end(const mdd_store *store, store_io *io, mdd_status status, mdd_pin *pin,
                        mdd_error *err)
{
    memset(pin, 0, sizeof *pin);
    size_t index = io->index;
    if (io->length == 0)
        *pin = io->pin;
    else
        store->ops->io_end(store, io, status, pin);
    memset(io, 0, sizeof *io);
    io->fd = -1;
    if (status == MDD_OK)
        return MDD_OK;
    mdd_pin_release(pin);
    return fail_read(store, index, status, err);
}

mdd_status store_view_chunk_data(const mdd_store *store, size_t index, mdd_bytes *data,
                                 mdd_error *err)
{
    (void)err;
    *data = store->views[index];
    return MDD_OK;
}

mdd_status store_view_read(const mdd_store *store, size_t index, uint64_t offset, size_t len,
                           mdd_pin *pin, mdd_error *err)
{
    (void)err;
    pin->bytes = store_range_view(store, index, offset, len);
    return MDD_OK;
}

void store_view_io_end(const mdd_store *store, store_io *io, mdd_status status, mdd_pin *pin)
{
    /* The pages just read are in the page cache now: the mapping's view faults them in
     * without waiting for the disk. */
    if (status == MDD_OK)
        pin->bytes = store_range_view(store, io->index, io->offset, io->len);
}

/* Where the payloads go when the store lays them out itself: one after another, each at an
 * aligned offset, in the heap buffer (from 0) and in a sidecar file (after its header). */
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
