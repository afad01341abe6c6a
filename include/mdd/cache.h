/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd (advanced API): the block cache behind the pread strategy, and pinned views.
 *
 * Under pread a store reads file bytes with explicit I/O (pread(2), io_uring) into a cache of
 * blocks of a fixed size, up to a byte budget: the process's own memory, which page cache
 * pressure does not take away, and never a fault on a file mapping. Every view handed out
 * pins its block: a pinned entry is never evicted, so a view stays valid until its pin is
 * released; pinned bytes may therefore exceed the budget. The store options carry the
 * cache's sizes (mdd_cache_options, include/mdd/load.h); what a cache holds shows in the
 * store's memory report. */
#ifndef MDD_ADVANCED_API
#error "<mdd/cache.h> is the advanced API (may change before 1.0): define MDD_ADVANCED_API"
#endif
#ifndef MDD_CACHE_H
#define MDD_CACHE_H

#include <mdd/load.h>

#ifdef __cplusplus
extern "C" {
#endif

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
