/* SPDX-License-Identifier: Apache-2.0 */
/* The measured child's stand-in for sparse FlatBuffers lookups: a few reads of every chunk. */
#ifndef MDD_BENCH_STRATEGIES_TOUCH_H
#define MDD_BENCH_STRATEGIES_TOUCH_H

#include <mdd/store.h>

#include <stddef.h>
#include <stdint.h>

/* Reads the first 4 KiB of every chunk of the count stores and `words` random aligned
 * 8-byte words of it, at the same offsets for every strategy, run and process, as lookups
 * of a root table, its vtables and a few vector elements would. Returns the number of
 * distinct pages read: the least a mapped strategy must bring in for it. */
uint64_t touch_all(mdd_store **stores, size_t count, unsigned words);

#endif
