/* SPDX-License-Identifier: Apache-2.0 */
#include "report.h"

#include "bench_common.h"

#include <string.h>

/* The ADR's own rows: idle RSS, RSS under pressure (KB) and disk usage as it states them. */
static const struct adr_row {
    const char *name;
    const char *idle, *pressure, *disk;
} adr_rows[MDD_STRATEGY_COUNT] = {
    {"ADR-003 heap", "486,900", "469,320", "47 MB"},
    {"ADR-003 MmapSidecar", "307,552", "171,904", "~282 MB"},
    {"ADR-003 MmapMdd (in-place)", "152,780", "118,988", "242 MB"},
};

/* v with thousands separators and `decimals` decimals. */
static const char *format_number(double v, int decimals, char *buf, size_t size)
{
    char digits[64];
    snprintf(digits, sizeof digits, "%.*f", decimals, v);
    const char *dot = strchr(digits, '.');
    size_t int_len = dot ? (size_t)(dot - digits) : strlen(digits);
    size_t out = 0;
    for (size_t i = 0; i < int_len && out + 2 < size; i++) {
        buf[out++] = digits[i];
        size_t left = int_len - i - 1;
        if (left > 0 && left % 3 == 0 && digits[i] != '-')
            buf[out++] = ',';
    }
    snprintf(buf + out, size - out, "%s", dot ? dot : "");
    return buf;
}

static void print_row(const char *name, const sample *s)
{
    static const enum metric cols[] = {M_OPEN_MS,     M_OPEN_NOVERIFY_MS, M_IDLE_RSS_KB,
                                       M_IDLE_PSS_KB, M_PRESSURE_RSS_KB,  M_DISK_KB};
    printf("| %s |", name);
    for (size_t i = 0; i < BENCH_COUNT(cols); i++) {
        char buf[64];
        printf(" %s |", format_number(s->v[cols[i]], metrics[cols[i]].decimals, buf,
                                      sizeof buf));
    }
    printf("\n");
}

static void print_table(const options *o, const results *r, cache_mode m)
{
    printf("\n### %s page cache (%s)\n\n", m == CACHE_COLD ? "Cold" : "Warm",
           m == CACHE_COLD ? "files evicted before each child"
                           : "files read whole with read(2) before each child");
    printf("| strategy | open ms | open (no verify) ms | idle RSS KB | idle PSS KB |"
           " RSS under pressure KB | disk KB |\n|---|---|---|---|---|---|---|\n");
    for (size_t s = 0; s < MDD_STRATEGY_COUNT; s++)
        if (o->use_strategy[s])
            print_row(mdd_strategy_name((mdd_strategy)s), &r->median[m][s]);
    const sample *base = &r->median[m][BASELINE_ROW];
    char idle[32], pss[32], pressure[32];
    printf("| (process, no files) | - | - | %s | %s | %s | - |\n",
           format_number(base->v[M_IDLE_RSS_KB], 0, idle, sizeof idle),
           format_number(base->v[M_IDLE_PSS_KB], 0, pss, sizeof pss),
           format_number(base->v[M_PRESSURE_RSS_KB], 0, pressure, sizeof pressure));
    for (size_t s = 0; s < MDD_STRATEGY_COUNT; s++)
        if (o->use_strategy[s])
            printf("| %s | - | - | %s | - | %s | %s |\n", adr_rows[s].name, adr_rows[s].idle,
                   adr_rows[s].pressure, adr_rows[s].disk);
}

/* Where the memory is: anonymous vs file-backed, what verification leaves mapped, and what
 * the touch alone must cost. */
static void print_detail(const options *o, const results *r, cache_mode m)
{
    static const enum metric cols[] = {M_IDLE_ANON_KB,         M_IDLE_FILE_KB,
                                       M_PRESSURE_ANON_KB,     M_IDLE_RSS_NOVERIFY_KB,
                                       M_TOUCHED_KB,           M_CACHED_KB};
    printf("\n| %s detail | idle anonymous KB | idle file KB | anonymous under pressure KB |"
           " idle RSS, no verify KB | pages touched KB | in page cache before open KB |\n"
           "|---|---|---|---|---|---|---|\n",
           cache_names[m]);
    for (size_t s = 0; s < ROWS; s++) {
        if (s != BASELINE_ROW && !o->use_strategy[s])
            continue;
        printf("| %s |", s == BASELINE_ROW ? "(process, no files)"
                                           : mdd_strategy_name((mdd_strategy)s));
        for (size_t i = 0; i < BENCH_COUNT(cols); i++) {
            char buf[32];
            printf(" %s |", format_number(r->median[m][s].v[cols[i]], 0, buf, sizeof buf));
        }
        printf("\n");
    }
}

static void format_ratio(double v, double target, char *buf, size_t size)
{
    if (v < 0)
        snprintf(buf, size, "n/a");
    else
        /* Small ratios keep a significant digit or two. */
        snprintf(buf, size, "%.*fx %s", v < 0.01 ? 4 : 3, v, v <= target ? "PASS" : "MISS");
}

static void print_ratios(const options *o, const results *r, const corpus *c)
{
    printf("\n| ratio | target | cold | warm | ADR-003 |\n|---|---|---|---|---|\n");
    for (size_t id = 0; id < R_COUNT; id++) {
        char cold[32], warm[32];
        double target = ratios[id].target;
        format_ratio(ratio_value(o, r, c, CACHE_COLD, (ratio_id)id), target, cold, sizeof cold);
        format_ratio(ratio_value(o, r, c, CACHE_WARM, (ratio_id)id), target, warm, sizeof warm);
        printf("| %s | <= %.2fx | %s | %s | %s |\n", ratios[id].label, target, cold, warm,
               ratios[id].adr);
    }
}

void report_markdown(const report *rp)
{
    const options *o = rp->o;
    const results *r = rp->r;
    const corpus *c = rp->c;
    printf("Corpus: %zu files, %llu bytes compressed, %llu bytes uncompressed (%.2f:1).\n"
           "Scratch file system: %s. Medians of %u runs. Reclaim: %s.\n"
           "Touch per chunk: first 4 KiB + %u random 8-byte words.\n",
           c->count, (unsigned long long)c->compressed_bytes,
           (unsigned long long)c->uncompressed_bytes,
           safe_ratio((double)c->uncompressed_bytes, (double)c->compressed_bytes),
           bench_fs_name(rp->scratch_fs), o->runs, pageout_name(rp->pageout), o->touch_words);
    for (size_t m = 0; m < CACHE_MODES; m++) {
        if (!o->use_cache[m])
            continue;
        print_table(o, r, (cache_mode)m);
        print_detail(o, r, (cache_mode)m);
    }
    print_ratios(o, r, c);
}
