/* SPDX-License-Identifier: Apache-2.0 */
/* What both reports print: the ratios the benchmark judges against its targets. */
#include "report.h"

#include "bench_common.h"

const ratio_info ratios[R_COUNT] = {
    [R_IDLE] = {"inplace_heap_idle_rss", "inplace / heap idle RSS", 0.05, "0.31x"},
    [R_PRESSURE] = {"inplace_heap_pressure_rss", "inplace / heap RSS under pressure", 0.02,
                    "0.25x"},
    [R_HEAP_IDLE] = {"heap_idle_rss_per_uncompressed",
                     "heap idle RSS / (uncompressed + 4 MiB)", 1.05, "1.93x"},
    [R_OPEN] = {"inplace_heap_open", "inplace open / heap open (verify on)", 0.01, "-"},
    [R_OPEN_NOVERIFY] = {"inplace_heap_open_noverify",
                         "inplace open / heap open (verify off)", 0.01, "-"},
    [R_READY] = {"inplace_heap_ready", "inplace / heap ready (one database, integrity assured)",
                 0.01, "-"},
};

double safe_ratio(double num, double den)
{
    return den > 0 ? num / den : -1;
}

double ratio_value(const options *o, const results *r, const corpus *c, cache_mode m,
                   ratio_id id)
{
    const sample *heap = &r->median[m][MDD_STRATEGY_HEAP];
    const sample *inplace = &r->median[m][MDD_STRATEGY_INPLACE];
    int have_heap = o->use_strategy[MDD_STRATEGY_HEAP];
    int both = have_heap && o->use_strategy[MDD_STRATEGY_INPLACE];
    if (!o->use_cache[m] || (id == R_HEAP_IDLE ? !have_heap : !both))
        return -1;
    switch (id) {
    case R_IDLE: return safe_ratio(inplace->v[M_IDLE_RSS_KB], heap->v[M_IDLE_RSS_KB]);
    case R_PRESSURE:
        return safe_ratio(inplace->v[M_PRESSURE_RSS_KB], heap->v[M_PRESSURE_RSS_KB]);
    case R_HEAP_IDLE:
        return safe_ratio(heap->v[M_IDLE_RSS_KB],
                          (double)c->uncompressed_bytes / BENCH_KIB + 4.0 * BENCH_KIB);
    case R_OPEN: return safe_ratio(inplace->v[M_OPEN_MS], heap->v[M_OPEN_MS]);
    case R_OPEN_NOVERIFY:
        return safe_ratio(inplace->v[M_OPEN_NOVERIFY_MS], heap->v[M_OPEN_NOVERIFY_MS]);
    case R_READY: return safe_ratio(inplace->v[M_READY_MS], heap->v[M_READY_MS]);
    case R_COUNT: break;
    }
    return -1;
}
