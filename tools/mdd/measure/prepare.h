/* SPDX-License-Identifier: Apache-2.0 */
/* The strategies' copies of the corpus, made ready before any timing. */
#ifndef MDD_BENCH_STRATEGIES_PREPARE_H
#define MDD_BENCH_STRATEGIES_PREPARE_H

#include "corpus.h"
#include "options.h"
#include "strategy_set.h"

/* For every strategy in use: lays out sets[s] under root, copies the corpus there and
 * prepares it (set_prepare()), then writes back and evicts every file and sums its disk
 * usage. The copying and preparing, which allocate and decode, run in a helper process, so
 * that none of it stays in this process's heap for the measured children to inherit.
 * Checks first that root's file system has room. Returns 0, or -1 after a message; free
 * the sets with set_free() either way. */
int prepare_all(const options *o, const corpus *c, const char *root,
                strategy_set sets[MDD_STRATEGY_COUNT]);

#endif
