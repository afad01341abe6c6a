/* SPDX-License-Identifier: Apache-2.0 */
/* mdd sidecar: builds or refreshes the sidecars (FILE.fb) of MDD files, or removes them with
 * the other files the library keeps beside an MDD file. */
#include "cli.h"
#include "paths.h"

#include <mdd/store.h>
#include <mdd_internal/db.h>
#include <mdd_internal/store.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Whether the sidecar exists, and which file it is: a rebuild renames a new file over it. */
typedef struct sidecar_state {
    int exists;
    dev_t dev;
    ino_t ino;
} sidecar_state;

static sidecar_state state_of(const char *sidecar)
{
    struct stat st;
    if (lstat(sidecar, &st) != 0)
        return (sidecar_state){0, 0, 0};
    return (sidecar_state){1, st.st_dev, st.st_ino};
}

static int build_one(const char *path, const char *sidecar)
{
    sidecar_state before = state_of(sidecar);
    mdd_store_options opts = mdd_store_options_default();
    opts.strategy = MDD_STRATEGY_SIDECAR;
    mdd_store *store;
    mdd_error err;
    if (mdd_store_open(path, &opts, &store, &err) != MDD_OK)
        return cli_error(path, "%s", err.message);
    mdd_store_close(store);
    sidecar_state after = state_of(sidecar);
    int same = before.exists && before.dev == after.dev && before.ino == after.ino;
    printf("%s: %s\n", sidecar, same ? "up to date" : "built");
    return CLI_EXIT_OK;
}

/* The files the library keeps beside an MDD file: its sidecar (FILE.fb), its verification
 * record (FILE.verified) and its persisted index (FILE.idx). */
typedef mdd_status (*companion_path)(const char *mdd_path, char **path, mdd_error *err);
static const companion_path companions[] = {mdd_sidecar_path, mdd_record_path,
                                            mdd_db_index_path};

/* Removes what the library keeps beside path, printing each file removed. */
static int clean_one(const char *path)
{
    int rc = CLI_EXIT_OK;
    for (size_t i = 0; i < sizeof companions / sizeof companions[0]; i++) {
        char *companion;
        mdd_error err;
        if (companions[i](path, &companion, &err) != MDD_OK) {
            rc = cli_error(path, "%s", err.message);
            continue;
        }
        if (unlink(companion) == 0)
            printf("removed %s\n", companion);
        else if (errno != ENOENT)
            rc = cli_error(companion, "remove: %s", strerror(errno));
        free(companion);
    }
    return rc;
}

static int sidecar_one(const char *path, int clean)
{
    if (clean)
        return clean_one(path);
    char *sidecar;
    mdd_error err;
    if (mdd_sidecar_path(path, &sidecar, &err) != MDD_OK)
        return cli_error(path, "%s", err.message);
    int rc = build_one(path, sidecar);
    free(sidecar);
    return rc;
}

static int on_option(void *ctx, int option, const char *value)
{
    (void)value;
    if (option != 'c')
        return cli_usage_error(&cli_sidecar_command, "unexpected option");
    *(int *)ctx = 1;
    return CLI_EXIT_OK;
}

static int run(int argc, char **argv)
{
    int clean = 0;
    int first;
    int rc = cli_parse_options(&cli_sidecar_command, argc, argv, on_option, &clean, &first);
    if (rc >= 0)
        return rc;
    if (first == argc)
        return cli_usage_error(&cli_sidecar_command, "expected at least one PATH");
    path_list files;
    rc = path_list_expand(argv + first, argc - first, &files);
    for (size_t i = 0; i < files.count; i++) {
        int one = sidecar_one(files.paths[i], clean);
        if (one != CLI_EXIT_OK)
            rc = one;
    }
    path_list_free(&files);
    return rc;
}

static const cli_option option_table[] = {
    {'c', "clean", NULL, "remove the sidecars, records and indexes instead of building", NULL},
    CLI_OPTIONS_END,
};

const cli_command cli_sidecar_command = {
    .name = "sidecar",
    .summary = "Build, refresh or remove the sidecar files of MDD files",
    .synopsis = "[--clean] PATH...",
    .help = "A sidecar, FILE.fb beside FILE, holds FILE's chunks decompressed, for the sidecar\n"
            "load strategy to map. PATH is a file or a directory (its *.mdd files, sorted,\n"
            "not recursing).\n\n"
            "Without --clean, makes each sidecar match its MDD file as `mdd load --strategy\n"
            "sidecar` would: a missing, malformed or stale one is rebuilt crash-safely, and\n"
            "every chunk is checked against its SHA-512 signature. Prints `FILE.fb: built`\n"
            "or `FILE.fb: up to date`.\n\n"
            "With --clean, removes every file the library keeps beside each MDD file: the\n"
            "sidecar FILE.fb, the verification record FILE.verified and the persisted index\n"
            "FILE.idx, printing `removed PATH` for each; one without any prints nothing.\n"
            "Failures print `mdd: FILE: reason` on stderr.\n",
    .options = option_table,
    .run = run,
};
