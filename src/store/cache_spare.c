/* SPDX-License-Identifier: Apache-2.0 */
/* Spare block buffers: what eviction frees, kept for the next miss. A steady stream of misses
 * (a scan through a small budget) would otherwise allocate and free a block per read, and
 * blocks of 128 KiB and more are mappings of their own to glibc: each miss would map fresh
 * pages (zeroed by page faults) and each eviction unmap them, taking the process's memory-map
 * lock that every faulting thread needs too. Only whole blocks are kept, at most
 * CACHE_SPARES of them and never more than the budget holds, so the cache's memory stays
 * bounded by budget plus pins plus that. */
#include "cache_impl.h"

#include <stdlib.h>

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
