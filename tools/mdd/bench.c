/* SPDX-License-Identifier: Apache-2.0 */
/* mdd bench strategies: the load strategies measured on the operator's own device, with the
 * implementation the project's benchmark uses (tools/mdd/measure, strategies_measure()). */
#include "cli.h"

#include "measure/measure.h"
#include "measure/options.h"

#include <string.h>

static int on_option(void *ctx, int option, const char *value)
{
    options *o = ctx;
    uint64_t runs;
    switch (option) {
    case 'j':
        o->json = 1;
        return CLI_EXIT_OK;
    case 'r':
        if (cli_parse_uint(value, OPTIONS_MAX_RUNS, &runs) != 0 || runs == 0)
            return cli_usage_error(&cli_bench_command, "--runs: expected 1 to %d, not %s",
                                   OPTIONS_MAX_RUNS, cli_quote(value));
        o->runs = (unsigned)runs;
        return CLI_EXIT_OK;
    default:
        if (options_set_cache(o, value) != 0)
            return cli_usage_error(&cli_bench_command,
                                   "--cache: expected cold, warm or both, not %s",
                                   cli_quote(value));
        return CLI_EXIT_OK;
    }
}

static int run(int argc, char **argv)
{
    options o;
    options_default(&o);
    int first;
    int rc = cli_parse_options(&cli_bench_command, argc, argv, on_option, &o, &first);
    if (rc >= 0)
        return rc;
    if (argc - first != 2 || strcmp(argv[first], "strategies") != 0)
        return cli_usage_error(&cli_bench_command, "expected 'strategies' and one DIR");
    o.dir = argv[first + 1];
    return strategies_measure(&o) == 0 ? CLI_EXIT_OK : CLI_EXIT_FAIL;
}

static const cli_option option_table[] = {
    CLI_JSON_OPTION("one JSON object keyed by strategy (open_ms, open_noverify_ms, ready_ms, "
                    "idle_rss_kb, idle_pss_kb, pressure_rss_kb, disk_kb, ...) instead of tables"),
    {'r', "runs", "N", "runs per strategy and cache mode (default 3)", NULL},
    {'c', "cache", "M",
     "cold (files dropped from the page cache before each child), warm (read whole first) or "
     "both (default)", NULL},
    CLI_OPTIONS_END,
};

const cli_command cli_bench_command = {
    .name = "bench",
    .summary = "Measure the load strategies on a directory of MDD files",
    .synopsis = "strategies [--json] [--runs N] [--cache cold|warm|both] DIR",
    .help = "Copies DIR's *.mdd files to a scratch directory on a disk ($TMPDIR, else\n"
            "/var/tmp; never tmpfs), one copy per strategy, so the files themselves are\n"
            "neither converted nor given sidecars, and prepares each copy once (inplace and\n"
            "pread convert theirs, sidecar builds its sidecars). Then per run, cache mode and\n"
            "strategy a fresh child process opens every file, verified, and touches each\n"
            "chunk as sparse lookups would: its open time, idle RSS and PSS, RSS after the\n"
            "parent makes the kernel reclaim what it can; a second child opens without\n"
            "verification; a third opens every file as one database, integrity assured,\n"
            "ready to answer a lookup (ready_ms). Figures are medians over the runs; the\n"
            "ratios against heap are judged against the project's targets. Progress goes to\n"
            "stderr; the scratch directory is removed at the end, also when interrupted.\n",
    .options = option_table,
    .run = run,
};
