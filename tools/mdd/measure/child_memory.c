/* SPDX-License-Identifier: Apache-2.0 */
#include "child_memory.h"

#include "bench_common.h"

#include <mdd_internal/os.h>

#include <errno.h>
#include <string.h>

/* Pause between the child's report and the idle reading, so that it is really idle. */
#define SETTLE_MS 100u

static pageout_method pageout_used = PAGEOUT_UNKNOWN;

pageout_method child_memory_pageout_method(void)
{
    return pageout_used;
}

/* Makes the kernel reclaim what it can of the child's memory: from the parent where the
 * kernel allows it, else by asking the child to advise its own mappings. */
static int reclaim(const child *c)
{
    if (pageout_used != PAGEOUT_SELF_MADVISE) {
        if (pageout_remote(c->pid) == 0) {
            pageout_used = PAGEOUT_PROCESS_MADVISE;
            return 0;
        }
        fprintf(stderr, "%s: process_madvise: %s; the child reclaims its own pages instead\n",
                program_invocation_short_name, strerror(errno));
        pageout_used = PAGEOUT_SELF_MADVISE;
    }
    return child_pageout_self(c);
}

int child_memory_measure(const child *c, const char *what, int pressure, FILE *trace,
                         const char *trace_label, child_memory *m)
{
    mdd_error err;
    bench_sleep_ms(SETTLE_MS);
    if (mdd_process_memory_read(c->pid, &m->idle, &err) != MDD_OK)
        return bench_fail(what, "%s", err.message);
    if (!pressure)
        return 0;
    if (trace && trace_label && pageout_traced(c->pid, PRESSURE_STEPS, trace, trace_label) != 0)
        return -1;
    if (reclaim(c) != 0)
        return -1;
    if (mdd_process_memory_read(c->pid, &m->pressed, &err) != MDD_OK)
        return bench_fail(what, "%s", err.message);
    return 0;
}
