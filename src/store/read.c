/* Pinned reads of a chunk's byte range, every strategy: pread through its cache, the others
 * straight from their memory or mapping. */
#include "store_impl.h"

#include <mdd/memory.h>

#include <string.h>
#include <unistd.h>

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

mdd_status store_range_resident(const mdd_store *store, size_t index, uint64_t offset,
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
    if (len == 0)
        pin->bytes = store_view(NULL, 0);
    else if (store->strategy == MDD_STRATEGY_PREAD)
        return store_pread_read(store, index, offset, len, pin, err);
    else
        pin->bytes = store_range_view(store, index, offset, len);
    return MDD_OK;
}

mdd_status mdd_store_try_read(const mdd_store *store, size_t index, uint64_t offset,
                              size_t len, mdd_pin *pin, mdd_error *err)
{
    mdd_status st = begin_read(store, index, offset, len, pin, err);
    if (st)
        return st;
    int in_memory = 1; /* an empty range, a heap payload */
    if (len > 0 && store->strategy == MDD_STRATEGY_PREAD)
        in_memory = store_pread_try(store, index, offset, len, pin);
    else if (len > 0 && !store->heap)
        st = store_range_resident(store, index, offset, len, &in_memory, err);
    if (st)
        return st;
    if (!in_memory)
        return mdd_fail(err, MDD_ERR_WOULD_BLOCK, "chunk %zu: %zu bytes at %llu are not in "
                        "memory", index, len, (unsigned long long)offset);
    /* store_pread_try() filled the pin of a pread store: a cache entry or a shared image. */
    if (len == 0 || store->strategy != MDD_STRATEGY_PREAD)
        pin->bytes = len ? store_range_view(store, index, offset, len) : store_view(NULL, 0);
    return MDD_OK;
}
