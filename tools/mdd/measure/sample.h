/* SPDX-License-Identifier: Apache-2.0 */
/* The figures of one strategy from one run (a sample), and every run's samples with their
 * medians (the results). */
#ifndef MDD_BENCH_STRATEGIES_SAMPLE_H
#define MDD_BENCH_STRATEGIES_SAMPLE_H

#include "options.h"

#include <mdd/store.h>

#include <stddef.h>

enum metric {
    M_OPEN_MS,
    M_OPEN_NOVERIFY_MS,
    M_IDLE_RSS_KB,
    M_IDLE_PSS_KB,
    M_PRESSURE_RSS_KB,
    M_DISK_KB,
    M_IDLE_ANON_KB,
    M_IDLE_FILE_KB,
    M_PRESSURE_ANON_KB,
    M_IDLE_RSS_NOVERIFY_KB,
    M_TOUCHED_KB,
    M_CACHED_KB,
    M_LOOKUPS_PER_S,
    M_READY_MS,
    M_COUNT
};

/* A metric's JSON key and the decimals it is printed with. */
typedef struct metric_info {
    const char *json;
    int decimals;
} metric_info;

extern const metric_info metrics[M_COUNT];

typedef struct sample {
    double v[M_COUNT];
} sample;

/* Row MDD_STRATEGY_COUNT of the results holds the baseline: the process alone. */
#define ROWS (MDD_STRATEGY_COUNT + 1)
#define BASELINE_ROW MDD_STRATEGY_COUNT

typedef struct results {
    sample *runs[CACHE_MODES][ROWS]; /* per run */
    sample median[CACHE_MODES][ROWS];
} results;

/* Allocates room for `runs` samples per cache mode and row. Returns 0, or -1 after a
 * message; free with results_free() either way. */
int results_alloc(results *r, unsigned runs);

void results_free(results *r);

/* Fills r->median from the first `runs` samples: each metric's median taken on its own. */
void results_take_medians(results *r, unsigned runs);

#endif
