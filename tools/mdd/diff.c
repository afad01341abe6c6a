/* SPDX-License-Identifier: Apache-2.0 */
/* mdd diff: the structural difference of two MDD files, or of two directories of them paired
 * by ECU name, as text, JSON or CSV. */
#include "cli.h"
#include "diff_file.h"
#include "diff_json.h"

#include "source.h"

#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { FORMAT_TEXT, FORMAT_JSON, FORMAT_CSV };
enum { KEY_CSV = CLI_KEY_OWN, KEY_FAIL_ON_DIFF, KEY_IGNORE };

/* A directory holds at most this many MDD files: their names and ECU names stay small. */
#define MAX_DIR_FILES 100000

typedef struct diff_args {
    int format;
    int fail_on_diff;
    const char **ignores; /* the --ignore globs, pointing into argv */
    size_t ignore_count;
} diff_args;

typedef struct output {
    const diff_args *args;
    diff_json json; /* its counts count every format's differences */
} output;

static int on_option(void *ctx, int option, const char *value)
{
    diff_args *a = ctx;
    if (option == 'j')
        a->format = FORMAT_JSON;
    else if (option == KEY_CSV)
        a->format = FORMAT_CSV;
    else if (option == KEY_FAIL_ON_DIFF)
        a->fail_on_diff = 1;
    else if (option == KEY_IGNORE)
        a->ignores[a->ignore_count++] = value;
    return CLI_EXIT_OK;
}

/* One CSV field, quoted (RFC 4180) when it holds a comma, a quote or a line break. */
static void csv_field(const char *s, const char *end)
{
    if (!s)
        s = "";
    if (!strpbrk(s, ",\"\r\n")) {
        printf("%s%s", s, end);
        return;
    }
    putchar('"');
    for (; *s; s++) {
        if (*s == '"')
            putchar('"');
        putchar(*s);
    }
    printf("\"%s", end);
}

static void emit(void *ctx, diff_kind kind, const char *path, const char *old_value,
                 const char *new_value)
{
    output *o = ctx;
    for (size_t i = 0; i < o->args->ignore_count; i++)
        if (fnmatch(o->args->ignores[i], path, 0) == 0)
            return;
    if (o->args->format == FORMAT_JSON) {
        diff_json_emit(&o->json, kind, path, old_value, new_value);
        return;
    }
    o->json.counts[kind]++;
    if (o->args->format == FORMAT_CSV) {
        csv_field(diff_kind_names[kind], ",");
        csv_field(path, ",");
        csv_field(old_value, ",");
        csv_field(new_value, "\n");
    } else if (kind == DIFF_CHANGED) {
        printf("~ %s: %s -> %s\n", path, old_value, new_value);
    } else if (kind == DIFF_RENAMED) {
        printf("> %s renamed to %s\n", path, new_value);
    } else {
        printf("%c %s\n", kind == DIFF_ADDED ? '+' : '-', path);
    }
}

static void output_begin(output *o, const char *a, const char *b)
{
    if (o->args->format == FORMAT_JSON)
        diff_json_begin(&o->json, stdout, a, b);
    else if (o->args->format == FORMAT_CSV)
        printf("kind,path,old,new\n");
}

/* The summary; the text's is its last line, CSV has none. */
static void output_end(output *o)
{
    const uint64_t *n = o->json.counts;
    if (o->args->format == FORMAT_JSON)
        diff_json_end(&o->json);
    else if (o->args->format == FORMAT_TEXT)
        printf("%llu added, %llu removed, %llu changed, %llu renamed\n",
               (unsigned long long)n[DIFF_ADDED], (unsigned long long)n[DIFF_REMOVED],
               (unsigned long long)n[DIFF_CHANGED], (unsigned long long)n[DIFF_RENAMED]);
}

static int diff_two_files(output *o, const char *a, const char *b)
{
    diff_file *fa = diff_file_open(a);
    diff_file *fb = fa ? diff_file_open(b) : NULL;
    int rc = fb ? diff_file_pair(fa, fb, emit, o) : CLI_EXIT_FAIL;
    diff_file_close(fb);
    diff_file_close(fa);
    return rc;
}

/* The MDD files of a directory by ECU name. */
typedef struct entry {
    char *path;
    char *ecu;
} entry;

typedef struct listing {
    entry *e;
    size_t n, cap;
} listing;

static void listing_free(listing *l)
{
    for (size_t i = 0; i < l->n; i++) {
        free(l->e[i].path);
        free(l->e[i].ecu);
    }
    free(l->e);
}

static int entry_order(const void *p, const void *q)
{
    const entry *x = p, *y = q;
    int c = strcmp(x->ecu, y->ecu);
    return c ? c : strcmp(x->path, y->path);
}

/* Adds dir/name with the ECU name of its header. */
static int listing_add(listing *l, const char *dir, const char *name)
{
    if (l->n == MAX_DIR_FILES)
        return cli_error(dir, "more than %d MDD files", MAX_DIR_FILES);
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 64;
        entry *e = realloc(l->e, cap * sizeof *e);
        if (!e)
            return cli_error(dir, "no memory for %zu file names", cap);
        l->e = e;
        l->cap = cap;
    }
    entry *e = &l->e[l->n];
    size_t len = strlen(dir) + strlen(name) + 2;
    e->path = malloc(len);
    if (!e->path)
        return cli_error(dir, "no memory");
    snprintf(e->path, len, "%s/%s", dir, name);
    source s;
    mdd_error err;
    if (source_open(&s, e->path, &err) != MDD_OK) {
        int rc = cli_error(e->path, "%s", err.message);
        free(e->path);
        return rc;
    }
    mdd_bytes ecu = s.file.ecu_name;
    e->ecu = strndup(ecu.ptr ? (const char *)ecu.ptr : "", ecu.len);
    source_close(&s);
    if (!e->ecu) {
        free(e->path);
        return cli_error(dir, "no memory");
    }
    l->n++;
    return CLI_EXIT_OK;
}

static int has_mdd_suffix(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && strcmp(name + n - 4, ".mdd") == 0;
}

/* The *.mdd files of dir, sorted by ECU name (then path). */
static int list_dir(const char *dir, listing *l)
{
    DIR *d = opendir(dir);
    if (!d)
        return cli_error(dir, "%s", strerror(errno));
    int rc = CLI_EXIT_OK;
    struct dirent *de;
    while (rc == CLI_EXIT_OK && (de = readdir(d)) != NULL)
        if (has_mdd_suffix(de->d_name))
            rc = listing_add(l, dir, de->d_name);
    closedir(d);
    if (rc == CLI_EXIT_OK)
        qsort(l->e, l->n, sizeof *l->e, entry_order);
    return rc;
}

/* One ECU present on one side only. */
static void diff_lone(output *o, diff_kind kind, const char *ecu)
{
    emit(o, kind, ecu, NULL, NULL);
}

static int diff_listings(output *o, const listing *a, const listing *b)
{
    size_t i = 0, k = 0;
    int rc = CLI_EXIT_OK;
    while (rc == CLI_EXIT_OK && (i < a->n || k < b->n)) {
        int c = i == a->n ? 1 : k == b->n ? -1 : strcmp(a->e[i].ecu, b->e[k].ecu);
        if (c < 0)
            diff_lone(o, DIFF_REMOVED, a->e[i++].ecu);
        else if (c > 0)
            diff_lone(o, DIFF_ADDED, b->e[k++].ecu);
        else
            rc = diff_two_files(o, a->e[i++].path, b->e[k++].path);
    }
    return rc;
}

static int diff_dirs(output *o, const char *a, const char *b)
{
    listing la = {0}, lb = {0};
    int rc = list_dir(a, &la);
    if (rc == CLI_EXIT_OK)
        rc = list_dir(b, &lb);
    if (rc == CLI_EXIT_OK)
        rc = diff_listings(o, &la, &lb);
    listing_free(&la);
    listing_free(&lb);
    return rc;
}

/* Whether path is a directory (1), anything else that exists (0), or missing (-1, said). */
static int is_dir(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        cli_error(path, "%s", strerror(errno));
        return -1;
    }
    return S_ISDIR(st.st_mode) != 0;
}

static int run(int argc, char **argv)
{
    diff_args args = {.ignores = calloc((size_t)argc, sizeof(char *))};
    if (!args.ignores)
        return cli_error("mdd diff", "no memory");
    int first;
    int rc = cli_parse_options(&cli_diff_command, argc, argv, on_option, &args, &first);
    if (rc < 0 && argc - first != 2)
        rc = cli_usage_error(&cli_diff_command, "expected A and B, two files or two directories");
    const char *a = rc < 0 ? argv[first] : NULL, *b = rc < 0 ? argv[first + 1] : NULL;
    int dir_a = a ? is_dir(a) : -1, dir_b = dir_a >= 0 ? is_dir(b) : -1;
    if (rc < 0 && dir_a >= 0 && dir_b >= 0 && dir_a != dir_b)
        rc = cli_error(dir_a ? a : b, "a directory, but %s is not", dir_a ? b : a);
    else if (rc < 0 && (dir_a < 0 || dir_b < 0))
        rc = CLI_EXIT_FAIL;
    if (rc < 0) {
        output o = {.args = &args};
        output_begin(&o, a, b);
        rc = dir_a ? diff_dirs(&o, a, b) : diff_two_files(&o, a, b);
        if (rc == CLI_EXIT_OK)
            output_end(&o);
        const uint64_t *n = o.json.counts;
        uint64_t total = n[0] + n[1] + n[2] + n[3];
        if (rc == CLI_EXIT_OK && total && args.fail_on_diff)
            rc = CLI_EXIT_FAIL;
    }
    free(args.ignores);
    return rc;
}

static const cli_option option_table[] = {
    CLI_JSON_OPTION("print one JSON object instead: {\"a\", \"b\", \"differences\": [{\"kind\", "
                    "\"path\", \"old\", \"new\"}], \"summary\"}"),
    {KEY_CSV, "csv", NULL, "print CSV instead: kind,path,old,new, quoted as RFC 4180 says", NULL},
    {KEY_FAIL_ON_DIFF, "fail-on-diff", NULL, "exit 1 when A and B differ (for CI)", NULL},
    {KEY_IGNORE, "ignore", "GLOB",
     "leave out the differences whose path GLOB matches (fnmatch, * crossing /); repeatable",
     NULL},
    CLI_OPTIONS_END,
};

const cli_command cli_diff_command = {
    .name = "diff",
    .summary = "Show the structural differences of two MDD files or directories",
    .synopsis = "[--json | --csv] [--fail-on-diff] [--ignore GLOB]... A B",
    .help = "Compares two MDD files by content, or two directories of them paired by ECU\n"
            "name: the container's version, ECU name, revision, metadata and chunks (by\n"
            "name: type, MIME type, metadata, and for chunks other than descriptions the\n"
            "payload's size and SHA-512), and each DIAGNOSTIC_DESCRIPTION's EcuData table by\n"
            "table, whatever its layout: tables in a vector are known by their short_name\n"
            "(a DTC by its trouble code, a variant or service by its layer's or DiagComm's\n"
            "short_name), not their position, and a service under a new name with the same\n"
            "request is a rename. Prints one line per difference and a summary:\n"
            "  ~ PATH: OLD -> NEW     + PATH     - PATH     > PATH renamed to NAME\n"
            "  N added, N removed, N changed, N renamed\n"
            "Exits 0 when A and B are alike or --fail-on-diff is not given, 1 when they\n"
            "differ with it or a file is bad.\n",
    .options = option_table,
    .run = run,
};
