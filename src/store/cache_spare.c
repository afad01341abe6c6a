/* SPDX-License-Identifier: Apache-2.0 */
/* Spare block buffers: what eviction frees, kept for the next miss. A steady stream of misses
 * (a scan through a small budget) would otherwise allocate and free a block per read, and
 * blocks of 128 KiB and more are mappings of their own to glibc: each miss would map fresh
 * pages (zeroed by page faults) and each eviction unmap them, taking the process's memory-map
 * lock that every faulting thread needs too. Only whole blocks are kept, at most
 * CACHE_SPARES of them and never more than the budget holds, so the cache's memory stays
 * bounded by budget plus pins plus that.
 *
 * A fresh buffer is populated (its pages faulted in) by the thread that allocates it, before
 * anyone reads into it. Otherwise the first touch of each page happens in whoever fills it:
 * a pool thread or the kernel's io_uring worker copying into it. Such a fault may hold the
 * process's memory-map lock, and the event loop that allocates the next buffer (brk, mmap)
 * or frees one (munmap) must then wait for it, and after the wait for a CPU. */
#include "cache_impl.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Single-block entries get a whole block even when the chunk ends sooner, so that every such
 * buffer can serve any of them. */
size_t cache_buffer_size(const mdd_cache *cache, size_t size)
{
    return size < cache->opts.block_size ? cache->opts.block_size : size;
}

static size_t spare_limit(const mdd_cache *cache)
{
    uint64_t fit = cache->opts.budget_bytes / cache->opts.block_size;
    return fit < CACHE_SPARES ? (size_t)fit : CACHE_SPARES;
}

/* Faults in every page of data[0..size): in one call where the kernel can (Linux 5.14's
 * MADV_POPULATE_WRITE, over the whole pages the buffer touches, which belong to its mapping),
 * else by writing them. */
static void populate(uint8_t *data, size_t size)
{
#ifdef MADV_POPULATE_WRITE
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t start = (uintptr_t)data & ~(page - 1);
    uintptr_t end = ((uintptr_t)data + size + page - 1) & ~(page - 1);
    if (madvise((void *)start, end - start, MADV_POPULATE_WRITE) == 0)
        return;
#endif
    memset(data, 0, size);
}

uint8_t *cache_buffer_get(mdd_cache *cache, size_t size)
{
    if (cache_buffer_size(cache, size) == cache->opts.block_size) {
        uint8_t *spare = NULL;
        pthread_mutex_lock(&cache->spare_lock);
        if (cache->spare_count > 0)
            spare = cache->spares[--cache->spare_count];
        pthread_mutex_unlock(&cache->spare_lock);
        if (spare)
            return spare;
    }
    void *data = NULL;
    if (posix_memalign(&data, CACHE_ALIGN, cache_buffer_size(cache, size)) != 0)
        return NULL;
    populate(data, cache_buffer_size(cache, size));
    return data;
}

void cache_buffer_put(mdd_cache *cache, uint8_t *data, size_t size)
{
    if (data && cache_buffer_size(cache, size) == cache->opts.block_size) {
        pthread_mutex_lock(&cache->spare_lock);
        int kept = cache->spare_count < spare_limit(cache);
        if (kept)
            cache->spares[cache->spare_count++] = data;
        pthread_mutex_unlock(&cache->spare_lock);
        if (kept)
            return;
    }
    free(data);
}

void cache_buffers_free(mdd_cache *cache)
{
    while (cache->spare_count > 0)
        free(cache->spares[--cache->spare_count]);
}
