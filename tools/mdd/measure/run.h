/* SPDX-License-Identifier: Apache-2.0 */
/* The measurement runs: per run, cache mode and strategy, a verifying child measured idle and
 * under pressure and a non-verifying one measured idle; a child without files for the
 * baseline. */
#ifndef MDD_BENCH_STRATEGIES_RUN_H
#define MDD_BENCH_STRATEGIES_RUN_H

#include "options.h"
#include "sample.h"
#include "strategy_set.h"

/* Runs o->runs runs into r (allocated with results_alloc()) and takes the medians. Runs
 * interleave strategies and cache modes, so that drift on a shared machine hits all alike.
 * sets[s] must be prepared for every strategy s in use. Prints progress on stderr. Returns
 * 0, or -1 after a message (also when interrupted). */
int run_all(const options *o, const strategy_set *sets, results *r);

#endif
