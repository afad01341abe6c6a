/* SPDX-License-Identifier: Apache-2.0 */
/* The operations of strategies whose views point into a read-only file mapping (sidecar,
 * inplace): whether a range is resident (mincore(2)), warming the page cache under a range
 * for the async layer, and hashing a view from the file rather than through the mapping. */
#include "store_impl.h"

#include <mdd/codec.h>
#include <mdd/store.h>
#include <mdd_internal/os.h>
#include <mdd_internal/codec.h>

#include <unistd.h>

/* Whether every page under the range is resident now. */
static mdd_status range_resident(const mdd_store *store, size_t index, uint64_t offset,
                                 size_t len, int *resident, mdd_error *err)
{
    mdd_bytes view = store_range_view(store, index, offset, len);
    uint64_t bytes;
    mdd_status st = mdd_resident_bytes(view.ptr, view.len, &bytes, err);
    if (st)
        return st;
    /* mincore(2) counts whole pages: all of them resident is the span of pages the range
     * touches. */
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t start = (uintptr_t)view.ptr & ~(page - 1);
    uintptr_t end = ((uintptr_t)view.ptr + view.len + page - 1) & ~(page - 1);
    *resident = bytes >= (uint64_t)(end - start);
    return MDD_OK;
}

mdd_status store_mapped_try_read(const mdd_store *store, size_t index, uint64_t offset,
                                 size_t len, mdd_pin *pin, int *in_memory, mdd_error *err)
{
    mdd_status st = range_resident(store, index, offset, len, in_memory, err);
    if (st == MDD_OK && *in_memory)
        pin->bytes = store_range_view(store, index, offset, len);
    return st;
}

/* The whole pages of the backing file under the range, clipped at the file's end (a read past
 * it would come back short), into no buffer of the store's: the reader's scratch memory, so
 * no read allocates (and a loop thread never frees) megabytes. */
static void begin_discard(const mdd_store *store, store_io *io)
{
    const mdd_mapping *map = store_backing_mapping(store);
    uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
    uint64_t at = (uint64_t)(store_range_view(store, io->index, io->offset, io->len).ptr -
                             map->data);
    uint64_t start = at & ~(page - 1);
    uint64_t end = (at + io->len + page - 1) & ~(page - 1);
    if (end > map->size)
        end = map->size;
    io->fd = map->fd;
    io->file_offset = start;
    io->length = (size_t)(end - start);
}

mdd_status store_mapped_io_begin(const mdd_store *store, store_io *io, mdd_error *err)
{
    int resident;
    mdd_status st = range_resident(store, io->index, io->offset, io->len, &resident, err);
    if (st)
        return st;
    if (resident)
        io->pin.bytes = store_range_view(store, io->index, io->offset, io->len);
    else
        begin_discard(store, io);
    return MDD_OK;
}

/* Hashed from the file with explicit reads, so verification faults nothing into the process
 * and reads a cold file at disk speed rather than page by page (mdd_store_open() evicts what
 * they cached). */
mdd_status store_mapped_hash(const mdd_store *store, mdd_bytes view,
                             uint8_t digest[MDD_SHA512_SIZE], mdd_error *err)
{
    const mdd_mapping *map = store_backing_mapping(store);
    uint64_t offset = view.len ? (uint64_t)(view.ptr - map->data) : 0;
    return mdd_sha512_file_range(map->fd, offset, view.len, 0, digest, err);
}
