/* SPDX-License-Identifier: Apache-2.0 */
/* Load strategies side by side: the ADR-003 table, reproduced on any directory of MDD files.
 *
 *   bench_strategies [--json] [--json-out FILE] [--runs N]
 *                    [--strategies heap,sidecar,inplace,pread]
 *                    [--cache cold|warm|both] [--touch N] [--adapter N]
 *                    [--pressure-trace FILE] [--keep] DIR
 *
 * The files of DIR are copied to a scratch directory, one copy per strategy, so the user's
 * originals are never converted and no sidecar is written beside them. Each strategy is
 * prepared once, outside any timing: inplace and pread convert their copies
 * (mdd_convert_file), sidecar builds its sidecars with a first open, heap needs nothing. Then, per run and cache mode, a
 * fresh child process opens every file (verification on), touches each chunk a little as
 * sparse FlatBuffers lookups would, reports how long the opens took and waits while the
 * parent reads its memory: idle, then after the parent has made the kernel reclaim whatever
 * it can (process_madvise(MADV_PAGEOUT) over every mapping). A second child opens with
 * verification off and is timed and measured idle. Figures are medians over the runs, each
 * taken on its own. Preparation runs in a helper process and the parent allocates next to
 * nothing, so that the children, forked from it, start as small as a fresh process.
 *
 * With --adapter N the child does a diagnostic adapter's start-up work instead of touching
 * the chunks: it opens the files as one database (include/mdd/db.h: verification and the
 * lookup index) and answers N requests spread over every ECU, all of it timed as the open;
 * it then measures warm lookups per second before it idles.
 *
 * With --pressure-trace FILE, before the first full reclaim of each strategy the parent pages
 * the child out in PRESSURE_STEPS steps of its address space and appends a line
 * "STRATEGY STEP MS RSS_KB" to FILE after each, for plotting RSS while pressure rises.
 *
 * Cache modes: "cold" evicts the strategy's files from the page cache before each child
 * (fdatasync + POSIX_FADV_DONTNEED), "warm" reads them whole with read(2) first, which leaves
 * them in the page cache as the large folios read-ahead creates.
 *
 * The scratch directory is made under $TMPDIR, else /var/tmp, else the current directory,
 * skipping tmpfs and ramfs: their pages are the files themselves, so eviction and folio sizes
 * would not behave as on the disk the files live on in a vehicle.
 *
 * The parts, in bench/strategies: options, corpus (the files given), prepare (the copies,
 * made ready in a helper process: strategy_set, copy), page_cache (cold and warm), child
 * (the measured process: touch, adapter), child_memory and reclaim (reading its memory, idle
 * and under pressure), run (the runs, into sample's results), ratios and report (markdown,
 * JSON). */
#include "bench_common.h"
#include "strategies/child_memory.h"
#include "strategies/corpus.h"
#include "strategies/interrupt.h"
#include "strategies/options.h"
#include "strategies/prepare.h"
#include "strategies/report.h"
#include "strategies/run.h"

#include <errno.h> /* program_invocation_short_name */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

/* Measures into r; the scratch directory is gone when it returns. */
static int measure(const options *o, const corpus *c, results *r, long *scratch_fs)
{
    strategy_set sets[MDD_STRATEGY_COUNT];
    memset(sets, 0, sizeof sets);
    char *root = bench_scratch_create("mdd-strategies", scratch_fs);
    int rc = root ? prepare_all(o, c, root, sets) : -1;
    if (rc == 0)
        rc = run_all(o, sets, r);
    for (size_t i = 0; i < MDD_STRATEGY_COUNT; i++)
        set_free(&sets[i]);
    if (root && o->keep)
        fprintf(stderr, "%s: kept %s\n", program_invocation_short_name, root);
    else if (root)
        bench_remove_tree(root);
    free(root);
    return rc;
}

static void write_report(const report *rp)
{
    if (rp->o->json_out) {
        FILE *f = bench_open_output(rp->o->json_out);
        report_json(f, rp);
        bench_close_output(f, rp->o->json_out);
    }
    if (rp->o->json)
        report_json(stdout, rp);
    else
        report_markdown(rp);
}

int main(int argc, char **argv)
{
    options o;
    corpus c;
    results r;
    long scratch_fs = 0;
    memset(&r, 0, sizeof r);
    options_parse(argc, argv, &o);
    /* A child that dies while the parent writes a command must not kill the parent. */
    signal(SIGPIPE, SIG_IGN);
    interrupt_catch();
    int rc = corpus_load(o.dir, &c) != 0 || results_alloc(&r, o.runs) != 0 ? -1 : 0;
    if (rc == 0)
        rc = measure(&o, &c, &r, &scratch_fs);
    if (rc == 0)
        write_report(&(report){&o, &r, &c, scratch_fs, child_memory_pageout_method()});
    results_free(&r);
    corpus_free(&c);
    return rc == 0 ? 0 : 1;
}
