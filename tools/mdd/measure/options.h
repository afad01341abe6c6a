/* SPDX-License-Identifier: Apache-2.0 */
/* bench_strategies' command line: what to measure and how. */
#ifndef MDD_BENCH_STRATEGIES_OPTIONS_H
#define MDD_BENCH_STRATEGIES_OPTIONS_H

#include <mdd/store.h>

#include <stdio.h>

/* Whether the page cache holds a strategy's files before each child. */
typedef enum cache_mode { CACHE_COLD = 0, CACHE_WARM = 1, CACHE_MODES = 2 } cache_mode;

extern const char *const cache_names[CACHE_MODES];

typedef struct options {
    int json;
    const char *json_out;
    unsigned runs;
    int use_strategy[MDD_STRATEGY_COUNT];
    int use_cache[CACHE_MODES];
    unsigned touch_words;
    unsigned adapter_lookups; /* --adapter: requests per child; 0: touch the chunks instead */
    FILE *pressure_trace;     /* --pressure-trace: the stepwise reclaim's record, or NULL */
    int keep;
    const char *dir;
} options;

#define OPTIONS_MAX_RUNS 99

/* Sets *o to the defaults: every strategy, both cache modes, 3 runs, 16 touched words. */
void options_default(options *o);

/* Sets the cache modes from "cold", "warm" or "both"; returns 0, or -1 for anything else. */
int options_set_cache(options *o, const char *value);

/* Fills *o from the command line; prints the usage and exits 0 for --help; dies with a
 * message on a bad option, exits 2 after the usage without DIR. Opens the pressure trace,
 * which the process owns until it ends. */
void options_parse(int argc, char **argv, options *o);

#endif
