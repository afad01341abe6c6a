/* SPDX-License-Identifier: Apache-2.0 */
#include "options.h"

#include "bench_common.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_RUNS 3
/* Random 8-byte reads per chunk after its first 4 KiB: a few binary searches' worth of
 * FlatBuffers vtable and vector lookups. */
#define DEFAULT_TOUCH_WORDS 16
#define MAX_TOUCH_WORDS 4096
#define MAX_ADAPTER_LOOKUPS 10000000

const char *const cache_names[CACHE_MODES] = {"cold", "warm"};

static void usage(FILE *to)
{
    const char *prog = program_invocation_short_name;
    fprintf(to,
            "usage: %s [--json] [--json-out FILE] [--runs N]\n"
            "       %*s [--strategies heap,sidecar,inplace,pread] [--cache cold|warm|both]\n"
            "       %*s [--touch N] [--adapter N] [--pressure-trace FILE] [--keep] DIR\n"
            "Copies DIR/*.mdd to a scratch directory and compares the load strategies on the\n"
            "copies: open time, idle RSS and PSS, RSS after reclaim, disk usage.\n",
            prog, (int)strlen(prog), "", (int)strlen(prog), "");
}

static void parse_strategies(char *list, options *o)
{
    memset(o->use_strategy, 0, sizeof o->use_strategy);
    for (char *save = NULL, *name = strtok_r(list, ",", &save); name;
         name = strtok_r(NULL, ",", &save)) {
        mdd_strategy s;
        if (mdd_strategy_parse(name, &s, NULL) != MDD_OK)
            bench_die("--strategies: unknown strategy '%s'", name);
        o->use_strategy[s] = 1;
    }
    for (size_t i = 0; i < MDD_STRATEGY_COUNT; i++)
        if (o->use_strategy[i])
            return;
    bench_die("--strategies: no strategy given");
}

int options_set_cache(options *o, const char *value)
{
    int cold = strcmp(value, "cold") == 0, warm = strcmp(value, "warm") == 0;
    int both = strcmp(value, "both") == 0;
    if (!cold && !warm && !both)
        return -1;
    o->use_cache[CACHE_COLD] = cold || both;
    o->use_cache[CACHE_WARM] = warm || both;
    return 0;
}

/* The option at argv[*i] with its value, if it takes one. */
static void parse_option(int argc, char **argv, int *i, options *o)
{
    const char *arg = argv[*i];
    if (strcmp(arg, "--json") == 0) {
        o->json = 1;
        return;
    }
    if (strcmp(arg, "--keep") == 0) {
        o->keep = 1;
        return;
    }
    if (*i + 1 >= argc)
        bench_die("%s: needs a value", arg);
    char *value = argv[++*i];
    if (strcmp(arg, "--json-out") == 0)
        o->json_out = value;
    else if (strcmp(arg, "--runs") == 0)
        o->runs = bench_parse_uint(arg, value, 1, OPTIONS_MAX_RUNS);
    else if (strcmp(arg, "--touch") == 0)
        o->touch_words = bench_parse_uint(arg, value, 0, MAX_TOUCH_WORDS);
    else if (strcmp(arg, "--adapter") == 0)
        o->adapter_lookups = bench_parse_uint(arg, value, 0, MAX_ADAPTER_LOOKUPS);
    else if (strcmp(arg, "--cache") == 0) {
        if (options_set_cache(o, value) != 0)
            bench_die("--cache: expected cold, warm or both, not '%s'", value);
    }
    else if (strcmp(arg, "--strategies") == 0)
        parse_strategies(value, o);
    else if (strcmp(arg, "--pressure-trace") == 0) {
        o->pressure_trace = fopen(value, "w");
        if (!o->pressure_trace)
            bench_die("%s: fopen: %s", value, strerror(errno));
    } else
        bench_die("%s: unknown option", arg);
}

void options_default(options *o)
{
    *o = (options){.runs = DEFAULT_RUNS, .touch_words = DEFAULT_TOUCH_WORDS};
    for (size_t s = 0; s < MDD_STRATEGY_COUNT; s++)
        o->use_strategy[s] = 1;
    o->use_cache[CACHE_COLD] = o->use_cache[CACHE_WARM] = 1;
}

void options_parse(int argc, char **argv, options *o)
{
    options_default(o);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            exit(0);
        }
        if (argv[i][0] == '-' && argv[i][1] == '-')
            parse_option(argc, argv, &i, o);
        else if (o->dir)
            bench_die("%s: only one DIR may be given", argv[i]);
        else
            o->dir = argv[i];
    }
    if (!o->dir) {
        usage(stderr);
        exit(2);
    }
}
