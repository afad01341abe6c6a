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
 * The same measurement is `mdd bench strategies` (tools/mdd/bench.c): both call
 * strategies_measure().
 *
 * The parts, in tools/mdd/measure (the tool's): measure (the whole), options, corpus (the files given),
 * prepare (the copies,
 * made ready in a helper process: strategy_set, copy), page_cache (cold and warm), child
 * (the measured process: touch, adapter), child_memory and reclaim (reading its memory, idle
 * and under pressure), run (the runs, into sample's results), ratios and report (markdown,
 * JSON). */
#include "measure/measure.h"
#include "measure/options.h"

int main(int argc, char **argv)
{
    options o;
    options_parse(argc, argv, &o);
    return strategies_measure(&o) == 0 ? 0 : 1;
}
