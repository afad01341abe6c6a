/* SPDX-License-Identifier: Apache-2.0 */
/* The whole load-strategy measurement: behind bench_strategies and `mdd bench strategies`
 * alike, so that operators and the project's benchmark measure with one implementation. */
#ifndef MDD_BENCH_STRATEGIES_MEASURE_H
#define MDD_BENCH_STRATEGIES_MEASURE_H

#include "options.h"

/* Measures the MDD files of o->dir under every strategy o selects (copies in a scratch
 * directory, prepared, then the runs) and reports as o says: JSON or markdown on stdout, and
 * JSON into o->json_out. From then on the process ignores SIGPIPE and catches SIGINT and
 * SIGTERM, so that an interruption still removes the scratch directory. Returns 0, or -1
 * after a message on stderr. */
int strategies_measure(const options *o);

#endif
