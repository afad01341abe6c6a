/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd: the settings of the block cache behind the pread strategy, and pinned views.
 *
 * Under pread a store reads file bytes with explicit I/O (pread(2), io_uring) into a cache of
 * blocks of a fixed size, up to a byte budget: the process's own memory, which page cache
 * pressure does not take away, and never a fault on a file mapping. Every view handed out
 * pins its block: a pinned entry is never evicted, so a view stays valid until its pin is
 * released; pinned bytes may therefore exceed the budget. The store options carry the
 * cache's sizes; what a cache holds shows in the store's memory report. */
#ifndef MDD_CACHE_H
#define MDD_CACHE_H

#include <mdd/status.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A cache, opaque: each pread store makes its own from its mdd_cache_options. */
typedef struct mdd_cache mdd_cache;

typedef struct mdd_cache_options {
    uint64_t budget_bytes; /* bytes of unpinned data kept; default 16 MiB */
    uint32_t block_size;   /* a power of two from 4 KiB to 16 MiB; default 64 KiB */
} mdd_cache_options;

/* The defaults described above. */
mdd_cache_options mdd_cache_options_default(void);

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
