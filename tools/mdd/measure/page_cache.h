/* SPDX-License-Identifier: Apache-2.0 */
/* What the page cache holds of a strategy's files before a measured child opens them. */
#ifndef MDD_BENCH_STRATEGIES_PAGE_CACHE_H
#define MDD_BENCH_STRATEGIES_PAGE_CACHE_H

#include "options.h"
#include "strategy_set.h"

/* Writes back and drops the pages of every file the set reads, so that the next access reads
 * it from the disk into single pages rather than finding the large folios a write or
 * read-ahead left behind. Returns 0, or -1 after a message. */
int set_evict(const strategy_set *set);

/* CACHE_COLD: set_evict(). CACHE_WARM: reads every file whole with read(2), as a previous
 * user would have left the page cache (large folios from read-ahead). Returns 0, or -1
 * after a message. */
int set_cache(const strategy_set *set, cache_mode mode);

/* Stores in *kb the KiB of the set's files in the page cache (mincore on mappings that are
 * never touched). Returns 0, or -1 after a message. */
int set_cached_kb(const strategy_set *set, double *kb);

#endif
