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

#endif
