/* SPDX-License-Identifier: Apache-2.0 */
#include "report.h"

#include "bench_common.h"

static void json_sample(FILE *f, const sample *s)
{
    fprintf(f, "{");
    for (size_t k = 0; k < M_COUNT; k++)
        fprintf(f, "%s\"%s\": %.*f", k ? ", " : "", metrics[k].json,
                metrics[k].decimals, s->v[k]);
    fprintf(f, "}");
}

/* The strategies and the baseline of one cache mode, as members of an open object. */
static void json_mode(FILE *f, const options *o, const results *r, cache_mode m)
{
    for (size_t s = 0; s < MDD_STRATEGY_COUNT; s++) {
        if (!o->use_strategy[s])
            continue;
        fprintf(f, "\"%s\": ", mdd_strategy_name((mdd_strategy)s));
        json_sample(f, &r->median[m][s]);
        fprintf(f, ", ");
    }
    fprintf(f, "\"baseline\": ");
    json_sample(f, &r->median[m][BASELINE_ROW]);
}

static void json_ratios(FILE *f, const options *o, const results *r, const corpus *c,
                        cache_mode m)
{
    fprintf(f, "{");
    for (size_t id = 0; id < R_COUNT; id++) {
        double v = ratio_value(o, r, c, m, (ratio_id)id);
        fprintf(f, "%s\"%s\": ", id ? ", " : "", ratios[id].json);
        if (v < 0)
            fprintf(f, "null");
        else
            fprintf(f, "{\"value\": %.4f, \"target\": %.2f, \"pass\": %s}", v,
                    ratios[id].target, v <= ratios[id].target ? "true" : "false");
    }
    fprintf(f, "}");
}

/* One object keyed by strategy, from the cold run when both modes ran; the warm run under
 * "warm", keyed the same way. */
void report_json(FILE *f, const report *rp)
{
    const options *o = rp->o;
    const results *r = rp->r;
    const corpus *c = rp->c;
    cache_mode primary = o->use_cache[CACHE_COLD] ? CACHE_COLD : CACHE_WARM;
    int both = o->use_cache[CACHE_COLD] && o->use_cache[CACHE_WARM];
    fprintf(f, "{");
    json_mode(f, o, r, primary);
    if (both) {
        fprintf(f, ", \"warm\": {");
        json_mode(f, o, r, CACHE_WARM);
        fprintf(f, "}");
    }
    fprintf(f,
            ", \"corpus\": {\"files\": %zu, \"uncompressed_bytes\": %llu, "
            "\"compressed_bytes\": %llu}",
            c->count, (unsigned long long)c->uncompressed_bytes,
            (unsigned long long)c->compressed_bytes);
    fprintf(f, ", \"ratios\": {");
    for (size_t m = 0, first = 1; m < CACHE_MODES; m++) {
        if (!o->use_cache[m])
            continue;
        fprintf(f, "%s\"%s\": ", first ? "" : ", ", cache_names[m]);
        json_ratios(f, o, r, c, (cache_mode)m);
        first = 0;
    }
    fprintf(f,
            "}, \"run\": {\"cache\": \"%s\", \"runs\": %u, \"touch_words\": %u, "
            "\"pageout\": \"%s\", \"scratch_fs\": \"%s\"}}\n",
            both ? "both" : cache_names[primary], o->runs, o->touch_words,
            rp->pageout == PAGEOUT_SELF_MADVISE ? "madvise" : "process_madvise",
            bench_fs_name(rp->scratch_fs));
}
