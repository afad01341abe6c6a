/* SPDX-License-Identifier: Apache-2.0 */
/* mdd convert: the one-time in-place decompression of MDD files (mdd_convert_file), over
 * files and directories, on N worker threads, with a progress line on a terminal. */
#include "cli.h"
#include "paths.h"
#include "progress.h"

#include <mdd/convert.h>

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define MAX_JOBS 64

typedef struct convert_options {
    unsigned jobs;
    int progress; /* -1 when neither --progress nor --quiet: decided by the terminal */
    int quiet;
} convert_options;

typedef struct convert_run {
    const path_list *files;
    atomic_size_t next;
    atomic_int failed;
    int quiet;
    progress progress;
} convert_run;

/* Turns the library's per-file running total into increments of the shared count. */
typedef struct file_progress {
    progress *progress;
    uint64_t reported;
} file_progress;

static void on_progress(void *ctx, uint64_t done, uint64_t total)
{
    (void)total;
    file_progress *fp = ctx;
    progress_add_bytes(fp->progress, done - fp->reported);
    fp->reported = done;
}

static void report(convert_run *run, const char *path, mdd_status st, const mdd_error *err,
                   const mdd_convert_result *r)
{
    char line[MDD_ERROR_MESSAGE_SIZE + 4200];
    if (st) {
        atomic_store(&run->failed, 1);
        snprintf(line, sizeof line, "mdd: %s: %s\n", path, err->message);
        progress_file_done(&run->progress, stderr, line);
        return;
    }
    if (r->outcome == MDD_CONVERT_ALREADY_PLAIN)
        snprintf(line, sizeof line, "%s: already uncompressed\n", path);
    else
        snprintf(line, sizeof line, "%s: converted (%zu chunk%s decompressed, %" PRIu64
                 " -> %" PRIu64 " bytes)\n", path, r->chunks_decompressed,
                 cli_plural(r->chunks_decompressed), r->size_before, r->size_after);
    progress_file_done(&run->progress, run->quiet ? NULL : stdout, line);
}

static void convert_one(convert_run *run, const char *path)
{
    file_progress fp = {&run->progress, 0};
    mdd_convert_options opts = mdd_convert_options_default();
    opts.progress = on_progress;
    opts.progress_ctx = &fp;
    mdd_convert_result result;
    mdd_error err;
    mdd_status st = mdd_convert_file(path, &opts, &result, &err);
    report(run, path, st, &err, &result);
}

static void *worker(void *arg)
{
    convert_run *run = arg;
    size_t i;
    while ((i = atomic_fetch_add(&run->next, 1)) < run->files->count)
        convert_one(run, run->files->paths[i]);
    return NULL;
}

static int convert_all(const path_list *files, const convert_options *o)
{
    convert_run run = {.files = files, .quiet = o->quiet};
    atomic_init(&run.next, 0);
    atomic_init(&run.failed, 0);
    int show = o->progress >= 0 ? o->progress : !o->quiet && isatty(STDERR_FILENO);
    progress_init(&run.progress, show, files->count);
    unsigned n = o->jobs < files->count ? o->jobs : (unsigned)files->count;
    pthread_t threads[MAX_JOBS];
    unsigned started = 0;
    while (started + 1 < n && pthread_create(&threads[started], NULL, worker, &run) == 0)
        started++;
    worker(&run); /* this thread works too */
    for (unsigned i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    progress_finish(&run.progress);
    progress_free(&run.progress);
    return atomic_load(&run.failed) ? CLI_EXIT_FAIL : CLI_EXIT_OK;
}

static int on_option(void *ctx, int option, const char *value)
{
    convert_options *o = ctx;
    uint64_t jobs;
    switch (option) {
    case 'j':
        if (cli_parse_uint(value, MAX_JOBS, &jobs) != 0 || jobs == 0)
            return cli_usage_error(&cli_convert_command, "-j takes a number from 1 to %d",
                                   MAX_JOBS);
        o->jobs = (unsigned)jobs;
        return CLI_EXIT_OK;
    case 'p': o->progress = 1; o->quiet = 0; return CLI_EXIT_OK;
    case 'q': o->quiet = 1; o->progress = 0; return CLI_EXIT_OK;
    default: return cli_usage_error(&cli_convert_command, "unexpected option");
    }
}

static int run(int argc, char **argv)
{
    convert_options o = {.jobs = 1, .progress = -1};
    int first;
    int rc = cli_parse_options(&cli_convert_command, argc, argv, on_option, &o, &first);
    if (rc >= 0)
        return rc;
    if (first == argc)
        return cli_usage_error(&cli_convert_command, "expected at least one PATH");
    path_list files;
    rc = path_list_expand(argv + first, argc - first, &files);
    int converted = files.count ? convert_all(&files, &o) : CLI_EXIT_OK;
    path_list_free(&files);
    return rc != CLI_EXIT_OK ? rc : converted;
}

static const cli_option option_table[] = {
    {'j', "jobs", "N", "convert N files at a time (1..64, default 1)", NULL},
    {'p', "progress", NULL, "show a progress line on stderr even when it is not a terminal", NULL},
    {'q', "quiet", NULL, "print only failures", NULL},
    CLI_OPTIONS_END,
};

const cli_command cli_convert_command = {
    .name = "convert",
    .summary = "Decompress MDD files in place, once, crash-safely",
    .synopsis = "[-j N] [--progress|--quiet] PATH...",
    .help = "Rewrites each compressed MDD file with its chunks stored uncompressed, so it can\n"
            "be mapped and read in place. PATH is a file or a directory (its *.mdd files).\n"
            "Every chunk is decoded straight into a temporary file beside the original,\n"
            "checked against its sha512_uncompressed signature, read back and checked again;\n"
            "only then does it replace the original. Metadata, signatures, unknown fields,\n"
            "chunk order, mode and owner are kept. Files already uncompressed are left\n"
            "untouched once each chunk matches its signature. A failure or a crash leaves\n"
            "the original as it was.\n\n"
            "Prints `FILE: converted (N chunks decompressed, A -> B bytes)` or\n"
            "`FILE: already uncompressed` per file; failures `mdd: FILE: reason` on stderr.\n",
    .options = option_table,
    .run = run,
};
