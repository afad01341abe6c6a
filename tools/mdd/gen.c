/* SPDX-License-Identifier: Apache-2.0 */
/* mdd gen: writes a deterministic synthetic corpus of MDD files (mdd_internal/gen.h). */
#include "cli.h"

#include <mdd_internal/gen.h>
#include <mdd_internal/common.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct gen_options {
    const char *profile;
    uint64_t seed;
    uint64_t files;
    uint64_t total_bytes;
} gen_options;

static mdd_status write_buffer(void *ctx, mdd_sink *out, mdd_error *err)
{
    const mdd_buffer *buf = ctx;
    return mdd_sink_write(out, buf->data, buf->len, err);
}

/* Generates, packs and writes one file; adds its sizes to the totals. */
static int gen_one(const mdd_gen_spec *spec, const char *dir, mdd_fb_builder *b,
                   uint64_t totals[2])
{
    mdd_error err;
    mdd_bytes payload;
    mdd_buffer file = {0};
    char name[MDD_GEN_NAME_SIZE + 4];
    snprintf(name, sizeof name, "%s.mdd", spec->name);
    char *path = mdd_path_join(dir, name);
    if (!path)
        return cli_error(dir, "out of memory");
    mdd_status st = mdd_gen_payload(spec, b, &payload, &err);
    if (st == MDD_OK)
        st = mdd_gen_pack(spec, payload, &file, &err);
    if (st == MDD_OK)
        st = cli_write_file(path, write_buffer, &file, &err);
    int rc = st == MDD_OK ? CLI_EXIT_OK : cli_error(path, "%s", err.message);
    if (rc == CLI_EXIT_OK) {
        /* One line a file as it is written: a large corpus takes minutes. */
        printf("%s %zu %zu\n", path, payload.len, file.len);
        fflush(stdout);
        totals[0] += payload.len;
        totals[1] += file.len;
    }
    mdd_buffer_free(&file);
    free(path);
    return rc;
}

/* Creates the output directory, or takes the one there; anything else is refused. */
static int make_directory(const char *dir)
{
    struct stat st;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return cli_error(dir, "mkdir: %s", strerror(errno));
    if (stat(dir, &st) != 0)
        return cli_error(dir, "stat: %s", strerror(errno));
    return S_ISDIR(st.st_mode) ? CLI_EXIT_OK : cli_error(dir, "not a directory");
}

/* Smaller aims first, then by name: the last files, aimed highest, make up for what the
 * others missed their aims by, which the smallest could not (they cannot shrink below their
 * least). */
static int by_aim(const void *a, const void *b)
{
    const mdd_gen_spec *x = a, *y = b;
    if (x->target_bytes != y->target_bytes)
        return x->target_bytes < y->target_bytes ? -1 : 1;
    return strcmp(x->name, y->name);
}

static int gen_all(const gen_options *o, const char *dir)
{
    mdd_gen_plan plan;
    mdd_error err;
    if (mdd_gen_plan_make(o->profile, o->seed, (uint32_t)o->files, o->total_bytes, &plan, &err) !=
        MDD_OK)
        return cli_usage_error(&cli_gen_command, "%s", err.message);
    if (mdd_gen_plan_check(&plan, &err) != MDD_OK) {
        mdd_gen_plan_free(&plan);
        return cli_usage_error(&cli_gen_command, "%s: %s",
                               o->total_bytes ? "--target-bytes" : "the profile's total",
                               err.message);
    }
    int rc = make_directory(dir);
    if (rc != CLI_EXIT_OK) {
        mdd_gen_plan_free(&plan);
        return rc;
    }
    qsort(plan.files, plan.count, sizeof *plan.files, by_aim);
    mdd_fb_builder b;
    mdd_fb_builder_init(&b, 0);
    uint64_t totals[2] = {0, 0};
    for (size_t i = 0; i < plan.count && rc == CLI_EXIT_OK; i++) {
        mdd_gen_plan_aim_rest(&plan, i, totals[0]);
        rc = gen_one(&plan.files[i], dir, &b, totals);
    }
    if (rc == CLI_EXIT_OK)
        printf("total %zu file%s %llu %llu\n", plan.count, cli_plural(plan.count),
               (unsigned long long)totals[0], (unsigned long long)totals[1]);
    mdd_fb_builder_free(&b);
    mdd_gen_plan_free(&plan);
    return rc;
}

static int on_option(void *ctx, int option, const char *value)
{
    gen_options *o = ctx;
    if (option == 'p') {
        o->profile = value;
        return CLI_EXIT_OK;
    }
    uint64_t *number = option == 's' ? &o->seed : option == 'n' ? &o->files : &o->total_bytes;
    uint64_t max = option == 'n' ? 100000 : UINT64_MAX;
    /* Any seed will do; a count or size of 0 would mean "the profile's", so it is refused. */
    if (cli_parse_uint(value, max, number) != 0 || (option != 's' && *number == 0))
        return cli_usage_error(&cli_gen_command, "invalid number %s", cli_quote(value));
    return CLI_EXIT_OK;
}

static int run(int argc, char **argv)
{
    gen_options o = {.profile = "small", .seed = 1};
    int first;
    int rc = cli_parse_options(&cli_gen_command, argc, argv, on_option, &o, &first);
    if (rc >= 0)
        return rc;
    if (argc - first != 1)
        return cli_usage_error(&cli_gen_command, "expected one OUT_DIR");
    return gen_all(&o, argv[first]);
}

static const cli_option option_table[] = {
    {'p', "profile", "P",
     "small (5 files, about 3 MB) or adr (68 files, about 242 MB uncompressed, 47 MB "
     "compressed); default small", NULL},
    {'s', "seed", "N", "the corpus seed; default 1", NULL},
    {'n', "ecus", "N", "the number of files instead of the profile's", NULL},
    {'t', "target-bytes", "B", "the total uncompressed size instead of the profile's", NULL},
    CLI_OPTIONS_END,
};

const cli_command cli_gen_command = {
    .name = "gen",
    .summary = "Generate a deterministic synthetic corpus of MDD files",
    .synopsis = "[--profile small|adr] [--seed N] [--ecus N] [--target-bytes B] OUT_DIR",
    .help = "Writes NAME.mdd files into OUT_DIR (created if missing), each an ECU database\n"
            "(or a functional-group database) packed as a converter packs it: one LZMA\n"
            "chunk with a sha512_uncompressed signature. The same options give the same\n"
            "bytes. Prints `PATH UNCOMPRESSED COMPRESSED` per file as it is written, then a\n"
            "total line. The payloads add up to the total within 10%; a file takes at least\n"
            "320000 bytes (128000 a functional-group file) and at most 20 MiB, and a total\n"
            "outside what the files take is refused.\n",
    .options = option_table,
    .run = run,
};
