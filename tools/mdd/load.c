/* SPDX-License-Identifier: Apache-2.0 */
/* mdd load: opens MDD files under a load strategy, reports what each store holds in memory,
 * then what the whole process holds while all of them are open: the figure that decides
 * between the strategies. */
#include "cli.h"
#include "cli_sig.h"
#include "json.h"
#include "paths.h"
#include "text.h"

#include <mdd/db.h>
#include <mdd/store.h>
#include <mdd_internal/store.h>
#include <mdd_internal/os.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct load_options {
    mdd_store_options store;
    int fallback_given;
    int budget_given;
    int json;
    cli_sig_args sig; /* --trust, --require-signature */
} load_options;

/* One file loaded. Its store stays open until the process totals have been read. */
typedef struct load_result {
    mdd_store *store; /* NULL when the file failed */
    double open_ms;
    mdd_store_memory memory;
} load_result;

static int on_option(void *ctx, int option, const char *value)
{
    load_options *o = ctx;
    const cli_command *cmd = &cli_load_command;
    if (cli_sig_option(&o->sig, option, value))
        return CLI_EXIT_OK;
    switch (option) {
    case 's': return cli_parse_strategy(cmd, "--strategy", value, &o->store.strategy);
    case 'f':
        o->fallback_given = 1;
        o->store.allow_fallback = 1;
        return cli_parse_strategy(cmd, "--fallback", value, &o->store.fallback);
    case CLI_KEY_CACHE_BUDGET:
        o->budget_given = 1;
        return cli_parse_cache_budget(cmd, value, &o->store.cache_options.budget_bytes);
    case 'n': o->store.verify = 0; return CLI_EXIT_OK;
    case 'j': o->json = 1; return CLI_EXIT_OK;
    default: return cli_usage_error(&cli_load_command, "unexpected option");
    }
}

/* Options are parsed in any order, so their combination is checked once all are known. */
static int check_combination(const load_options *o)
{
    const cli_command *cmd = &cli_load_command;
    mdd_strategy s = o->store.strategy;
    int rc = cli_check_pread_option(cmd, "--cache-budget", o->budget_given, s);
    if (rc != CLI_EXIT_OK || !o->fallback_given)
        return rc;
    if (s != MDD_STRATEGY_INPLACE && s != MDD_STRATEGY_PREAD)
        return cli_usage_error(cmd, "--fallback applies to --strategy inplace or pread only");
    if (o->store.fallback == MDD_STRATEGY_INPLACE || o->store.fallback == MDD_STRATEGY_PREAD)
        return cli_usage_error(cmd, "--fallback takes heap or sidecar");
    return CLI_EXIT_OK;
}

static double ms_since(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) * 1e3 +
           (double)(now.tv_nsec - start->tv_nsec) / 1e6;
}

static int load_one(const char *path, const mdd_store_options *opts, load_result *r)
{
    mdd_error err;
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    mdd_status st = mdd_store_open(path, opts, &r->store, &err);
    r->open_ms = ms_since(&start);
    if (st == MDD_OK)
        st = mdd_store_memory_report(r->store, &r->memory, &err);
    return st ? cli_error(path, "%s", err.message) : CLI_EXIT_OK;
}

/* cached: the figure of a store with a cache (pread), shown only then. */
static void print_memory_text(const mdd_store_memory *m, int cached)
{
    printf("%" PRIu64 " payload bytes; mapped %" PRIu64 ", resident %" PRIu64 ", heap %" PRIu64,
           m->payload_bytes, m->mapped_bytes, m->resident_bytes, m->heap_bytes);
    if (cached)
        printf(", cached %" PRIu64, m->cached_bytes);
    printf(" bytes");
}

static int has_cache(const load_result *r) { return r->store && mdd_store_cache(r->store); }

static void print_file_text(const char *path, const load_result *r, mdd_strategy requested)
{
    mdd_strategy used = mdd_store_strategy(r->store);
    size_t chunks = mdd_store_file(r->store)->chunk_count;
    printf("%s: %s", path, mdd_strategy_name(used));
    if (used != requested)
        printf(" (fallback from %s)", mdd_strategy_name(requested));
    printf(", %zu chunk%s, ", chunks, cli_plural(chunks));
    print_memory_text(&r->memory, has_cache(r));
    printf("; opened in %.3f ms\n", r->open_ms);
}

static void print_file_json(json_writer *j, const char *path, const load_result *r,
                            mdd_strategy requested)
{
    json_object_begin(j);
    json_key(j, "file");
    json_cstring(j, path);
    json_key(j, "strategy");
    json_cstring(j, mdd_strategy_name(mdd_store_strategy(r->store)));
    json_key(j, "requested");
    json_cstring(j, mdd_strategy_name(requested));
    json_key(j, "chunks");
    json_uint(j, mdd_store_file(r->store)->chunk_count);
    json_key(j, "open_ms");
    json_fixed(j, r->open_ms, 3);
    json_store_memory_fields(j, &r->memory);
    json_object_end(j);
}

static void add_memory(mdd_store_memory *sum, const mdd_store_memory *m)
{
    sum->payload_bytes += m->payload_bytes;
    sum->mapped_bytes += m->mapped_bytes;
    sum->resident_bytes += m->resident_bytes;
    sum->heap_bytes += m->heap_bytes;
    sum->cached_bytes += m->cached_bytes;
    sum->shared_bytes += m->shared_bytes;
}

static void print_totals_text(const load_result *results, size_t count,
                              const mdd_process_memory *p)
{
    mdd_store_memory sum = {0};
    size_t loaded = 0;
    int cached = 0;
    for (size_t i = 0; i < count; i++) {
        if (results[i].store) {
            add_memory(&sum, &results[i].memory);
            loaded++;
            cached |= has_cache(&results[i]);
        }
    }
    printf("total: %zu file%s, ", loaded, cli_plural(loaded));
    print_memory_text(&sum, cached);
    printf("\n");
    if (p)
        printf("process: rss %" PRIu64 " KiB, pss %" PRIu64 " KiB, anonymous %" PRIu64
               " KiB, file-backed %" PRIu64 " KiB\n",
               p->rss_kb, p->pss_kb, p->anonymous_kb, p->file_kb);
}

/* Loads every file, printing each as it is loaded (JSON: inside the "files" array). */
static int load_files(const path_list *files, const load_options *o, load_result *results,
                      json_writer *j)
{
    int rc = CLI_EXIT_OK;
    if (j) {
        json_object_begin(j);
        json_key(j, "files");
        json_array_begin(j);
    }
    for (size_t i = 0; i < files->count; i++) {
        const char *path = files->paths[i];
        if (load_one(path, &o->store, &results[i]) != CLI_EXIT_OK) {
            rc = CLI_EXIT_FAIL;
            continue;
        }
        if (j)
            print_file_json(j, path, &results[i], o->store.strategy);
        else
            print_file_text(path, &results[i], o->store.strategy);
    }
    if (j)
        json_array_end(j);
    return rc;
}

static mdd_bytes container_name(const load_result *r)
{
    return mdd_store_file(r->store)->ecu_name;
}

static mdd_bytes container_revision(const load_result *r)
{
    return mdd_store_file(r->store)->revision;
}

static int same_name(mdd_bytes a, mdd_bytes b)
{
    return a.len == b.len && (a.len == 0 || memcmp(a.ptr, b.ptr, a.len) == 0);
}

/* Whether loaded file j rather than k is the default of their name: the newer revision, the
 * file given first among equal ones (as mdd_db_open() decides). */
static int preferred(const load_result *results, size_t j, size_t k)
{
    int c = mdd_db_revision_compare(container_revision(&results[j]),
                                    container_revision(&results[k]));
    return c > 0 || (c == 0 && j < k);
}

static void note_duplicate(const path_list *files, const load_result *results, size_t i,
                           size_t chosen)
{
    char name[128];
    char revision[64];
    char chosen_revision[64];
    text_format(name, sizeof name, container_name(&results[i]));
    text_format(revision, sizeof revision, container_revision(&results[i]));
    text_format(chosen_revision, sizeof chosen_revision, container_revision(&results[chosen]));
    fflush(stdout);
    fprintf(stderr,
            "mdd: note: %s: ECU '%s' revision %s is also in %s revision %s, the default; "
            "this file stays reachable by its path\n",
            files->paths[i], name, revision[0] ? revision : "none", files->paths[chosen],
            chosen_revision[0] ? chosen_revision : "none");
}

/* Notes each loaded file whose container declares an ECU name that another one declares with
 * a newer revision: the choice a database makes, which reads the same name and revision from
 * the EcuData (the converter writes both alike); load reads containers only. */
static void note_duplicates(const path_list *files, const load_result *results)
{
    for (size_t i = 0; i < files->count; i++) {
        if (!results[i].store)
            continue;
        size_t chosen = i;
        for (size_t j = 0; j < files->count; j++)
            if (results[j].store && same_name(container_name(&results[j]),
                                              container_name(&results[i])) &&
                preferred(results, j, chosen))
                chosen = j;
        if (chosen != i)
            note_duplicate(files, results, i, chosen);
    }
}

/* Reads the process's memory with every store still open, and prints it. */
static int report_process(const load_result *results, size_t count, json_writer *j)
{
    mdd_process_memory p;
    mdd_error err;
    int rc = CLI_EXIT_OK;
    if (mdd_process_memory_read(0, &p, &err) != MDD_OK)
        rc = cli_error("process memory", "%s", err.message);
    const mdd_process_memory *shown = rc == CLI_EXIT_OK ? &p : NULL;
    if (!j) {
        print_totals_text(results, count, shown);
        return rc;
    }
    json_process_memory(j, shown);
    json_object_end(j);
    json_end_line(j);
    return rc;
}

static int load_all(const path_list *files, const load_options *o)
{
    load_result *results = calloc(files->count ? files->count : 1, sizeof *results);
    if (!results)
        return cli_error("mdd", "out of memory");
    json_writer j;
    json_init(&j, stdout);
    json_writer *jp = o->json ? &j : NULL;
    int rc = load_files(files, o, results, jp);
    note_duplicates(files, results);
    int process_rc = report_process(results, files->count, jp);
    for (size_t i = 0; i < files->count; i++)
        mdd_store_close(results[i].store);
    free(results);
    return rc != CLI_EXIT_OK ? rc : process_rc;
}

static int run(int argc, char **argv)
{
    load_options o = {.store = mdd_store_options_default()};
    int first;
    int rc = cli_parse_options(&cli_load_command, argc, argv, on_option, &o, &first);
    if (rc >= 0)
        return rc;
    rc = check_combination(&o);
    if (rc != CLI_EXIT_OK)
        return rc;
    if (first == argc)
        return cli_usage_error(&cli_load_command, "expected at least one PATH");
    rc = cli_sig_open(&cli_load_command, &o.sig, &o.store.sig);
    if (rc != CLI_EXIT_OK)
        return rc;
    path_list files;
    rc = path_list_expand(argv + first, argc - first, &files);
    int loaded = load_all(&files, &o);
    path_list_free(&files);
    cli_sig_close(&o.sig);
    return rc != CLI_EXIT_OK ? rc : loaded;
}

static const cli_option option_table[] = {
    {'s', "strategy", "S", "heap, sidecar, inplace or pread (default inplace)", NULL},
    {'f', "fallback", "S",
     "with inplace or pread: open a file that cannot be converted (read-only file system, no "
     "permission) under S (heap or sidecar)", NULL},
    CLI_INCLUDE(cli_cache_budget_options),
    {'n', "no-verify", NULL, "do not check every chunk against its SHA-512 signature", NULL},
    CLI_INCLUDE(cli_sig_options),
    CLI_JSON_OPTION("print one JSON object instead: {\"files\": [{\"file\", \"strategy\", "
                    "\"requested\", \"chunks\", \"open_ms\", \"payload_bytes\", \"mapped_bytes\", "
                    "\"resident_bytes\", \"heap_bytes\", \"cached_bytes\", \"shared_bytes\"}], "
                    "\"process\": {\"rss_kb\", \"pss_kb\", \"anonymous_kb\", \"file_kb\"}} (failed "
                    "files are left out)"),
    CLI_OPTIONS_END,
};

const cli_command cli_load_command = {
    .name = "load",
    .summary = "Open MDD files under a load strategy and report their memory",
    .synopsis = "[--strategy S] [--fallback S] [--cache-budget BYTES] [--no-verify] "
                "[--trust DIR [--require-signature]] [--json] PATH...",
    .help = "Opens each MDD file as a program using libmdd would, and keeps all of them open\n"
            "until the process's memory has been read. PATH is a file or a directory (its\n"
            "*.mdd files, sorted, not recursing). Strategies:\n"
            "  heap     decompress into one allocation per file\n"
            "  sidecar  decompress into FILE.fb beside the file (rebuilt when it no longer\n"
            "           matches), and map that\n"
            "  inplace  convert the file itself once to uncompressed chunks, and map it\n"
            "  pread    convert as inplace, then read chunks with pread(2) into a bounded\n"
            "           cache of the process's own (the file is mapped for its chunk table\n"
            "           only)\n"
            "Per file prints\n"
            "  FILE: STRATEGY, N chunks, P payload bytes; mapped M, resident R, heap H bytes;\n"
            "  opened in T ms\n"
            "(on one line; pread adds \", cached C\" after the heap figure: what its cache\n"
            "holds), then the totals and the process's memory from smaps_rollup:\n"
            "  total: N files, P payload bytes; mapped M, resident R, heap H bytes\n"
            "  process: rss X KiB, pss X KiB, anonymous X KiB, file-backed X KiB\n"
            "A file that fails prints `mdd: FILE: reason` on stderr; the others still load.\n"
            "Files whose containers declare the same ECU name all load; each but the newest\n"
            "revision's prints `mdd: note: FILE: ECU 'NAME' revision R is also in OTHER\n"
            "revision R2, the default; ...` on stderr, the choice a database makes.\n",
    .options = option_table,
    .run = run,
};
