/* SPDX-License-Identifier: Apache-2.0 */
/* mdd cat: streams one chunk's uncompressed payload to stdout or a file, hashing it on the
 * way, and checks the chunk's sha512_uncompressed signatures once the end is reached. A file
 * written with -o appears only when the whole payload was good. */
#include "cli.h"
#include "source.h"

#include <mdd_internal/codec.h>

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

typedef struct cat_options {
    const char *chunk_name; /* --chunk */
    uint64_t index;         /* --index, default 0 */
    int has_index;
    const char *out; /* -o, "-" (the default) for stdout */
} cat_options;

static int on_option(void *ctx, int option, const char *value)
{
    cat_options *o = ctx;
    if (option == 'c') {
        o->chunk_name = value;
    } else if (option == 'i') {
        if (cli_parse_uint(value, SIZE_MAX, &o->index) != 0)
            return cli_usage_error(&cli_cat_command, "--index needs a number, not %s",
                                   cli_quote(value));
        o->has_index = 1;
    } else if (option == 'o') {
        o->out = value;
    }
    return CLI_EXIT_OK;
}

/* One extraction: which chunk, and which side a failure came from. */
typedef struct cat_job {
    const mdd_chunk *chunk;
    mdd_sha512_ctx hash;
    mdd_sink *out;
    int output_failed; /* the destination refused bytes */
    int source_failed; /* the chunk could not be decoded or did not match its signatures */
} cat_job;

/* Feeds each block of the payload to the hash, then to the destination. */
static mdd_status tee_write(void *ctx, const uint8_t *data, size_t len, mdd_error *err)
{
    cat_job *job = ctx;
    mdd_status st = mdd_sha512_update(&job->hash, data, len, err);
    if (st)
        return st;
    st = mdd_sink_write(job->out, data, len, err);
    if (st)
        job->output_failed = 1;
    return st;
}

static mdd_status cat_write(void *ctx, mdd_sink *out, mdd_error *err)
{
    cat_job *job = ctx;
    job->out = out;
    mdd_status st = mdd_sha512_init(&job->hash, err);
    if (st)
        return st;
    mdd_sink tee = {tee_write, job};
    st = mdd_chunk_stream(job->chunk, &tee, NULL, err);
    uint8_t digest[MDD_SHA512_SIZE];
    if (st == MDD_OK)
        st = mdd_sha512_final(&job->hash, digest, err);
    mdd_sha512_free(&job->hash);
    /* The payload is out by now: what remains is to say whether it was the right one. */
    mdd_chunk_report report = {0};
    if (st == MDD_OK)
        st = mdd_chunk_check_signatures(job->chunk, digest, &report, err);
    if (st && !job->output_failed)
        job->source_failed = 1;
    return st;
}

/* The chunk the options ask for, or NULL after reporting why there is none. */
static const mdd_chunk *select_chunk(const char *path, const mdd_file *f, const cat_options *o)
{
    if (o->chunk_name) {
        const mdd_chunk *c = mdd_file_find_chunk(f, o->chunk_name);
        if (!c)
            cli_error(path, "no chunk named %s", cli_quote_name(o->chunk_name));
        return c;
    }
    if (o->index >= f->chunk_count) {
        cli_error(path, "no chunk %" PRIu64 " (the file has %zu chunk%s)", o->index,
                  f->chunk_count, cli_plural(f->chunk_count));
        return NULL;
    }
    return &f->chunks[o->index];
}

static int extract(const char *path, const mdd_file *f, const cat_options *o)
{
    cat_job job = {0};
    job.chunk = select_chunk(path, f, o);
    if (!job.chunk)
        return CLI_EXIT_FAIL;
    mdd_error err;
    if (cli_write_file(o->out, cat_write, &job, &err) == MDD_OK)
        return CLI_EXIT_OK;
    /* A failure of the source names the chunk; anything else is about the destination. */
    if (!job.source_failed)
        return cli_error(cli_output_name(o->out), "%s", err.message);
    char label[SOURCE_LABEL_SIZE];
    source_chunk_label(f, (size_t)(job.chunk - f->chunks), label);
    return cli_error(path, "%s: %s", label, err.message);
}

static int run(int argc, char **argv)
{
    cat_options opts = {.out = "-"};
    int first;
    int rc = cli_parse_options(&cli_cat_command, argc, argv, on_option, &opts, &first);
    if (rc >= 0)
        return rc;
    if (argc - first != 1)
        return cli_usage_error(&cli_cat_command, "expected exactly one FILE");
    if (opts.chunk_name && opts.has_index)
        return cli_usage_error(&cli_cat_command, "give --chunk or --index, not both");
    const char *path = argv[first];
    source s;
    mdd_error err;
    if (source_open(&s, path, &err) != MDD_OK)
        return cli_error(path, "%s", err.message);
    rc = extract(path, &s.file, &opts);
    source_close(&s);
    return rc;
}

static const cli_option option_table[] = {
    {'c', "chunk", "NAME", "the first chunk named NAME", NULL},
    {'i', "index", "N", "the chunk at index N, counting from 0", NULL},
    {'o', "output", "OUT", "write to OUT (mode 0666 less the umask) instead of stdout", NULL},
    CLI_OPTIONS_END,
};

const cli_command cli_cat_command = {
    .name = "cat",
    .summary = "Write one chunk's uncompressed payload",
    .synopsis = "FILE [--chunk NAME | --index N] [-o OUT]",
    .help = "Decodes one chunk (the first by default) and writes its payload, checking its\n"
            "sha512_uncompressed signatures at the end. On stdout a bad payload has already\n"
            "been written when the mismatch is found: the exit status is then 1. With -o a\n"
            "regular OUT, or the file a symbolic link OUT leads to, is replaced by a temporary\n"
            "file only when the payload is good, so a bad chunk never leaves a partial file;\n"
            "a device or a FIFO is written in place, as stdout is, and '-' is stdout.\n",
    .options = option_table,
    .run = run,
};
