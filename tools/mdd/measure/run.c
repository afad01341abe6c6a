/* SPDX-License-Identifier: Apache-2.0 */
#include "run.h"

#include "bench_common.h"
#include "child.h"
#include "interrupt.h"
#include "page_cache.h"

#include <errno.h> /* program_invocation_short_name */
#include <string.h>
#include <unistd.h>

/* What one child showed: its open time, the pages its touch needed and its memory. */
typedef struct child_figures {
    double open_ms;
    double ready_ms;
    double lookups_per_s;
    uint64_t touched_kb;
    child_memory memory;
} child_figures;

/* The strategy's label in the pressure trace when this is its first reclaim, else NULL. */
static const char *trace_label(const options *o, const strategy_set *set, int pressure)
{
    static int traced[MDD_STRATEGY_COUNT];
    if (!pressure || !o->pressure_trace || !set->count || traced[set->strategy])
        return NULL;
    traced[set->strategy] = 1;
    return mdd_strategy_name(set->strategy);
}

static int run_child(const options *o, const child_task *task, int pressure, child_figures *f)
{
    const strategy_set *set = task->set;
    const char *what = set->dir ? set->dir : "baseline";
    child c;
    child_report r;
    memset(f, 0, sizeof *f);
    if (child_start(task, &c) != 0)
        return -1;
    int rc = child_read_report(&c, &r, what);
    if (rc == 0 && !r.ok)
        rc = bench_fail(r.failed < set->count ? set->origins[r.failed] : what, "%s: %s",
                        mdd_strategy_name(set->strategy), r.message);
    const char *label = trace_label(o, set, pressure);
    if (rc == 0) {
        f->open_ms = r.open_ms;
        f->ready_ms = r.ready_ms;
        f->lookups_per_s = r.lookups_per_s;
        f->touched_kb = r.touched_pages * (uint64_t)sysconf(_SC_PAGESIZE) / BENCH_KIB;
        rc = child_memory_measure(&c, what, pressure, o->pressure_trace, label, &f->memory);
    }
    child_end(&c);
    return rc;
}

static void sample_memory(sample *s, const child_figures *f)
{
    s->v[M_IDLE_RSS_KB] = (double)f->memory.idle.rss_kb;
    s->v[M_IDLE_PSS_KB] = (double)f->memory.idle.pss_kb;
    s->v[M_IDLE_ANON_KB] = (double)f->memory.idle.anonymous_kb;
    s->v[M_IDLE_FILE_KB] = (double)f->memory.idle.file_kb;
    s->v[M_PRESSURE_RSS_KB] = (double)f->memory.pressed.rss_kb;
    s->v[M_PRESSURE_ANON_KB] = (double)f->memory.pressed.anonymous_kb;
    s->v[M_TOUCHED_KB] = (double)f->touched_kb;
}

/* The time to open the set as one database, verified, ready to answer: measured by the
 * adapter child when there is one, else by a child of its own (no memory figures). */
static int run_ready(const options *o, const strategy_set *set, cache_mode mode,
                     const child_figures *adapter, double *ready_ms)
{
    if (o->adapter_lookups) {
        *ready_ms = adapter->ready_ms;
        return 0;
    }
    child_task task = {set, 1, 0, 0, 1};
    child c;
    child_report r;
    if (set_cache(set, mode) != 0 || child_start(&task, &c) != 0)
        return -1;
    int rc = child_read_report(&c, &r, set->dir);
    if (rc == 0 && !r.ok)
        rc = bench_fail(set->dir, "%s: ready: %s", mdd_strategy_name(set->strategy), r.message);
    child_end(&c);
    *ready_ms = r.ready_ms;
    return rc;
}

/* One run of one strategy in one cache mode. */
static int run_strategy(const options *o, const strategy_set *set, cache_mode mode, sample *s)
{
    child_task verifying = {set, 1, o->touch_words, o->adapter_lookups, 0};
    child_task unverified = {set, 0, o->touch_words, o->adapter_lookups, 0};
    child_figures f;
    memset(s, 0, sizeof *s);
    s->v[M_DISK_KB] = (double)set->disk_kb;
    if (set_cache(set, mode) != 0 || set_cached_kb(set, &s->v[M_CACHED_KB]) != 0 ||
        run_child(o, &verifying, 1, &f) != 0)
        return -1;
    s->v[M_OPEN_MS] = f.open_ms;
    s->v[M_LOOKUPS_PER_S] = f.lookups_per_s;
    sample_memory(s, &f);
    if (run_ready(o, set, mode, &f, &s->v[M_READY_MS]) != 0)
        return -1;
    if (set_cache(set, mode) != 0 || run_child(o, &unverified, 0, &f) != 0)
        return -1;
    s->v[M_OPEN_NOVERIFY_MS] = f.open_ms;
    s->v[M_IDLE_RSS_NOVERIFY_KB] = (double)f.memory.idle.rss_kb;
    return 0;
}

/* The process alone: what every strategy's figures include before any file is opened. */
static int run_baseline(const options *o, sample *s)
{
    strategy_set empty = {0};
    child_task task = {&empty, 1, 0, o->adapter_lookups, 0};
    child_figures f;
    memset(s, 0, sizeof *s);
    if (run_child(o, &task, 1, &f) != 0)
        return -1;
    sample_memory(s, &f);
    s->v[M_IDLE_RSS_NOVERIFY_KB] = s->v[M_IDLE_RSS_KB];
    return 0;
}

static void progress(unsigned run, cache_mode mode, const char *name, const sample *s)
{
    fprintf(stderr,
            "%s: run %u %s %-8s open %8.1f ms (no verify %8.1f, ready %8.1f)  idle RSS %7.0f KB  "
            "pressure RSS %7.0f KB\n",
            program_invocation_short_name, run + 1, cache_names[mode], name, s->v[M_OPEN_MS],
            s->v[M_OPEN_NOVERIFY_MS], s->v[M_READY_MS], s->v[M_IDLE_RSS_KB],
            s->v[M_PRESSURE_RSS_KB]);
}

/* Run number `run` of every strategy in mode m, after the baseline. */
static int run_mode(const options *o, const strategy_set *sets, cache_mode m, unsigned run,
                    results *r)
{
    if (run_baseline(o, &r->runs[m][BASELINE_ROW][run]) != 0)
        return -1;
    for (size_t s = 0; s < MDD_STRATEGY_COUNT; s++) {
        if (!o->use_strategy[s])
            continue;
        sample *sm = &r->runs[m][s][run];
        if (run_strategy(o, &sets[s], m, sm) != 0)
            return -1;
        progress(run, m, mdd_strategy_name((mdd_strategy)s), sm);
    }
    return 0;
}

int run_all(const options *o, const strategy_set *sets, results *r)
{
    for (unsigned run = 0; run < o->runs; run++) {
        for (size_t m = 0; m < CACHE_MODES; m++) {
            if (interrupt_pending())
                return bench_fail("run", "interrupted");
            if (o->use_cache[m] && run_mode(o, sets, (cache_mode)m, run, r) != 0)
                return -1;
        }
    }
    results_take_medians(r, o->runs);
    return 0;
}
