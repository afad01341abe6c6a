/* SPDX-License-Identifier: Apache-2.0 */
/* A measured child's memory, read by the parent: idle, then after the kernel reclaimed what
 * it could. */
#ifndef MDD_BENCH_STRATEGIES_CHILD_MEMORY_H
#define MDD_BENCH_STRATEGIES_CHILD_MEMORY_H

#include "child.h"
#include "reclaim.h"

#include <mdd_internal/os.h>

#include <stdio.h>

typedef struct child_memory {
    mdd_process_memory idle;
    mdd_process_memory pressed; /* after reclaim; only when asked for */
} child_memory;

/* How much of the address space each step of a traced reclaim covers: 1/PRESSURE_STEPS. */
#define PRESSURE_STEPS 10

/* After a pause that lets the reported child go idle, reads its memory into m->idle; when
 * pressure is set, then makes the kernel reclaim what it can (first stepwise, appending
 * to trace under trace_label, when both are given) and reads m->pressed. Returns 0, or -1
 * after a message naming `what`. */
int child_memory_measure(const child *c, const char *what, int pressure, FILE *trace,
                         const char *trace_label, child_memory *m);

/* How the reclaims so far were made. */
pageout_method child_memory_pageout_method(void);

#endif
