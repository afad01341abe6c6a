/* SPDX-License-Identifier: Apache-2.0 */
#include "sample.h"

#include "bench_common.h"

#include <stdlib.h>
#include <string.h>

const metric_info metrics[M_COUNT] = {
    [M_OPEN_MS] = {"open_ms", 1},
    [M_OPEN_NOVERIFY_MS] = {"open_noverify_ms", 1},
    [M_IDLE_RSS_KB] = {"idle_rss_kb", 0},
    [M_IDLE_PSS_KB] = {"idle_pss_kb", 0},
    [M_PRESSURE_RSS_KB] = {"pressure_rss_kb", 0},
    [M_DISK_KB] = {"disk_kb", 0},
    [M_IDLE_ANON_KB] = {"idle_anon_kb", 0},
    [M_IDLE_FILE_KB] = {"idle_file_kb", 0},
    [M_PRESSURE_ANON_KB] = {"pressure_anon_kb", 0},
    [M_IDLE_RSS_NOVERIFY_KB] = {"idle_rss_noverify_kb", 0},
    [M_TOUCHED_KB] = {"touched_kb", 0},
    [M_CACHED_KB] = {"page_cache_before_open_kb", 0},
    [M_LOOKUPS_PER_S] = {"lookups_per_s", 0},
    [M_READY_MS] = {"ready_ms", 1},
};

int results_alloc(results *r, unsigned runs)
{
    memset(r, 0, sizeof *r);
    for (size_t m = 0; m < CACHE_MODES; m++)
        for (size_t s = 0; s < ROWS; s++)
            if (!(r->runs[m][s] = calloc(runs, sizeof(sample))))
                return bench_fail("results", "out of memory");
    return 0;
}

void results_free(results *r)
{
    for (size_t m = 0; m < CACHE_MODES; m++)
        for (size_t s = 0; s < ROWS; s++)
            free(r->runs[m][s]);
}

/* v has room for n values. */
static sample median_sample(const sample *runs, size_t n, double *v)
{
    sample m;
    for (size_t k = 0; k < M_COUNT; k++) {
        for (size_t i = 0; i < n; i++)
            v[i] = runs[i].v[k];
        m.v[k] = bench_median(v, n);
    }
    return m;
}

void results_take_medians(results *r, unsigned runs)
{
    double *v = malloc(runs * sizeof *v);
    for (size_t m = 0; m < CACHE_MODES; m++)
        for (size_t s = 0; s < ROWS; s++)
            r->median[m][s] = v ? median_sample(r->runs[m][s], runs, v) : r->runs[m][s][0];
    free(v);
}
