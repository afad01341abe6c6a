/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd internal (not installed): the block cache object behind the pread strategy.
 *
 * A cache holds copies of file bytes read with explicit I/O, in blocks of a fixed size, up to
 * a byte budget, and hands out pinned views (mdd/cache.h). Eviction (CLOCK) only frees
 * unpinned entries, so pinned bytes may exceed the budget; the statistics show by how much.
 * A cache is safe to use from many threads at once and may be shared by many stores (through
 * mdd_store_options.cache): the tool, tests and benchmarks do that to measure one budget. */
#ifndef MDD_INTERNAL_CACHE_H
#define MDD_INTERNAL_CACHE_H

#include <mdd/store.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Creates an empty cache under opts (NULL for the defaults). MDD_ERR_ARG for a block size
 * that is not a power of two in range. *out is released with mdd_cache_free(). */
mdd_status mdd_cache_create(const mdd_cache_options *opts, mdd_cache **out, mdd_error *err);

/* Frees the cache. Every store using it must be closed and every pin released first. Safe
 * on NULL. */
void mdd_cache_free(mdd_cache *cache);

/* The cache's counters. */
typedef struct mdd_cache_stats {
    uint64_t budget_bytes;
    uint64_t cached_bytes; /* bytes held in entries, pinned or not */
    uint64_t pinned_bytes; /* of those, in entries with pins */
    uint64_t entries;
    uint64_t hits;      /* reads served from an entry */
    uint64_t misses;    /* reads that had to read the file */
    uint64_t evictions; /* entries dropped to stay within the budget */
    uint64_t read_bytes; /* bytes read from files */
} mdd_cache_stats;

/* The cache's counters, each read atomically without a lock: while other threads use the
 * cache, they may be off from one another by the operations under way. */
void mdd_cache_stats_read(const mdd_cache *cache, mdd_cache_stats *out);

/* pread only: the cache the store reads into (its own or the shared one); NULL otherwise. */
mdd_cache *mdd_store_cache(const mdd_store *store);

#ifdef __cplusplus
}
#endif

#endif
