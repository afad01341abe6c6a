/* SPDX-License-Identifier: Apache-2.0 */
/* bench_strategies' output: a markdown report, or one JSON object (docs/benchmarks.md
 * describes both). */
#ifndef MDD_BENCH_STRATEGIES_REPORT_H
#define MDD_BENCH_STRATEGIES_REPORT_H

#include "corpus.h"
#include "options.h"
#include "reclaim.h"
#include "sample.h"

#include <stdio.h>

/* What a report is made of; none of it is owned. */
typedef struct report {
    const options *o;
    const results *r;
    const corpus *c;
    long scratch_fs;        /* statfs() type of the scratch directory */
    pageout_method pageout; /* how the reclaims were made */
} report;

/* Prints the tables of every cache mode that ran and the ratios, in markdown, on stdout. */
void report_markdown(const report *rp);

/* Writes the JSON object and a newline to f. */
void report_json(FILE *f, const report *rp);

/* ---- The ratios the benchmark judges against its targets (docs/benchmarks.md; report.c) ---- */

typedef enum ratio_id {
    R_IDLE,
    R_PRESSURE,
    R_HEAP_IDLE,
    R_OPEN,
    R_OPEN_NOVERIFY,
    R_READY,
    R_COUNT
} ratio_id;

typedef struct ratio_info {
    const char *json;
    const char *label;
    double target; /* the ratio passes at or below it */
    const char *adr; /* from the ADR's figures (its 242 MB read as MiB, as du prints them) */
} ratio_info;

extern const ratio_info ratios[R_COUNT];

/* A ratio of two measured figures; negative when it cannot be computed (den not positive). */
double safe_ratio(double num, double den);

/* Ratio id of the medians of cache mode m; negative when a strategy it needs or the mode
 * did not run. */
double ratio_value(const options *o, const results *r, const corpus *c, cache_mode m,
                   ratio_id id);

#endif
