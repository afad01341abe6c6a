/* SPDX-License-Identifier: Apache-2.0 */
/* Making the kernel reclaim what it can of a process's memory: MADV_PAGEOUT over every
 * mapping listed in /proc/PID/maps, as memory pressure without swap would. */
#ifndef MDD_BENCH_STRATEGIES_RECLAIM_H
#define MDD_BENCH_STRATEGIES_RECLAIM_H

#include <stdio.h>
#include <sys/types.h>

/* How the pages were reclaimed, for the report. */
typedef enum pageout_method {
    PAGEOUT_UNKNOWN = 0,
    PAGEOUT_PROCESS_MADVISE,
    PAGEOUT_SELF_MADVISE
} pageout_method;

/* A sentence naming the method. */
const char *pageout_name(pageout_method m);

/* Reclaims pid's memory from outside with process_madvise(). Returns 0, or -1 with errno
 * set when the kernel does not allow it (the caller then falls back to pageout_self() in
 * the process). */
int pageout_remote(pid_t pid);

/* The fallback, run inside the process: madvise() on each of its own mappings. */
void pageout_self(void);

/* Pages pid out in `steps` steps of its address space, in address order, and after each
 * appends "label STEP MS RSS_KB" to trace, for plotting RSS while pressure rises. Returns
 * 0, or -1 after a message. */
int pageout_traced(pid_t pid, unsigned steps, FILE *trace, const char *label);

#endif
