/* libmdd: the process-owned block cache behind the pread strategy, and pinned views.
 *
 * A cache holds copies of file bytes read with explicit I/O (pread(2), io_uring), in blocks of
 * a fixed size, up to a byte budget. Reading through it never faults on a file mapping, and
 * what it keeps is the process's own memory: the kernel's page cache pressure does not take it
 * away. Every view handed out pins its block: an entry with pins is never evicted, so a view
 * stays valid until its pin is released. Eviction (CLOCK) only frees unpinned entries, so
 * pinned bytes may exceed the budget; the statistics show by how much.
 *
 * A cache is safe to use from many threads at once and may be shared by many stores. */
#ifndef MDD_CACHE_H
#define MDD_CACHE_H

#include <mdd/status.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mdd_cache mdd_cache;

typedef struct mdd_cache_options {
    uint64_t budget_bytes; /* bytes of unpinned data kept; default 16 MiB */
    uint32_t block_size;   /* a power of two from 4 KiB to 16 MiB; default 64 KiB */
} mdd_cache_options;

/* The defaults described above. */
mdd_cache_options mdd_cache_options_default(void);

/* Creates an empty cache under opts (NULL for the defaults). MDD_ERR_ARG for a block size
 * that is not a power of two in range. *out is freed with mdd_cache_free(). */
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

/* A view that holds its bytes in memory until released. For stores whose bytes need no
 * pinning (heap, sidecar, inplace) the pin only carries the view. Zero-initialise it;
 * release it exactly once with mdd_pin_release() (releasing a zeroed or released pin does
 * nothing). A pin may be released on any thread. */
typedef struct mdd_pin {
    mdd_bytes bytes;
    void *entry; /* private: the pinned cache entry, NULL when nothing is pinned */
} mdd_pin;

/* Releases what pin holds and zeroes it; its bytes must not be used afterwards. */
void mdd_pin_release(mdd_pin *pin);

#ifdef __cplusplus
}
#endif

#endif
