/* SPDX-License-Identifier: Apache-2.0 */
#include "strategy_set.h"

#include "bench_common.h"
#include "copy.h"

#include <mdd/convert.h>
#include <mdd/store.h>
#include <mdd_internal/db.h>
#include <mdd_internal/store.h>

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

void set_free(strategy_set *set)
{
    for (size_t i = 0; i < set->count; i++) {
        free(set->paths[i]);
        free(set->origins[i]);
    }
    free(set->paths);
    free(set->origins);
    free(set->dir);
    *set = (strategy_set){0};
}

/* The kinds of file beside an MDD file that a strategy reads too. */
typedef enum companion_kind { COMPANION_SIDECAR, COMPANION_RECORD, COMPANION_INDEX } companion_kind;

/* The companion of path of kind (a sidecar; a verification record or a persisted index, only
 * once there is one), or NULL, after which *failed says whether that was an error. */
static char *companion_of(const strategy_set *set, const char *path, companion_kind kind,
                          int *failed)
{
    char *companion = NULL;
    mdd_error err;
    mdd_status st = MDD_OK;
    *failed = 0;
    int sidecar = set->strategy == MDD_STRATEGY_SIDECAR;
    if (set->strategy == MDD_STRATEGY_HEAP || sidecar != (kind == COMPANION_SIDECAR))
        return NULL;
    if (kind == COMPANION_SIDECAR)
        st = mdd_sidecar_path(path, &companion, &err);
    else if (kind == COMPANION_RECORD)
        st = mdd_record_path(path, &companion, &err);
    else
        st = mdd_db_index_path(path, &companion, &err);
    if (st != MDD_OK)
        *failed = bench_fail(path, "%s", err.message);
    if (companion && !sidecar && access(companion, F_OK) != 0) {
        free(companion);
        companion = NULL;
    }
    return companion;
}

int set_for_each_file(const strategy_set *set, file_fn fn, void *ctx)
{
    for (size_t i = 0; i < set->count; i++) {
        if (fn(ctx, set->paths[i]) != 0)
            return -1;
        for (int kind = COMPANION_SIDECAR; kind <= COMPANION_INDEX; kind++) {
            int failed;
            char *companion = companion_of(set, set->paths[i], (companion_kind)kind, &failed);
            int rc = failed ? -1 : companion ? fn(ctx, companion) : 0;
            free(companion);
            if (rc != 0)
                return -1;
        }
    }
    return 0;
}

int set_layout(strategy_set *set, const char *root, const corpus *c, const char *from)
{
    set->dir = mdd_path_join(root, mdd_strategy_name(set->strategy));
    set->paths = calloc(c->count, sizeof *set->paths);
    set->origins = calloc(c->count, sizeof *set->origins);
    if (!set->dir || !set->paths || !set->origins)
        return bench_fail(root, "out of memory");
    for (size_t i = 0; i < c->count; i++) {
        set->paths[i] = mdd_path_join(set->dir, c->names[i]);
        set->origins[i] = mdd_path_join(from, c->names[i]);
        set->count = i + 1;
        if (!set->paths[i] || !set->origins[i])
            return bench_fail(root, "out of memory");
    }
    if (mkdir(set->dir, 0755) != 0)
        return bench_fail_errno(set->dir, "mkdir");
    return 0;
}

int set_copy(const strategy_set *set)
{
    for (size_t i = 0; i < set->count; i++)
        if (copy_file(set->origins[i], set->paths[i]) != 0)
            return -1;
    return 0;
}

/* Converted here, then opened once as a database, so that the measured opens find the file
 * plain and its verification record written, as an adapter finds them from its second start
 * on (docs/adr/0024-ready-fast-with-integrity.md). */
static int convert_copy(const char *path, const char *origin, mdd_strategy strategy)
{
    mdd_error err;
    if (mdd_convert_file(path, NULL, NULL, &err) != MDD_OK)
        return bench_fail(origin, "%s: convert: %s", mdd_strategy_name(strategy), err.message);
    mdd_db_options opts = mdd_db_options_default();
    opts.store.strategy = strategy;
    mdd_db *db;
    if (mdd_db_open(&path, 1, &opts, &db, &err) != MDD_OK)
        return bench_fail(origin, "%s: first open: %s", mdd_strategy_name(strategy),
                          err.message);
    mdd_db_close(db);
    return 0;
}

/* A first open writes the sidecar, so that the measured opens find it up to date. */
static int build_sidecar(const char *path, const char *origin)
{
    mdd_store_options opts = mdd_store_options_default();
    opts.strategy = MDD_STRATEGY_SIDECAR;
    mdd_store *store;
    mdd_error err;
    if (mdd_store_open(path, &opts, &store, &err) != MDD_OK)
        return bench_fail(origin, "sidecar: first open: %s", err.message);
    mdd_store_close(store);
    char *sidecar;
    struct stat st;
    int rc = mdd_sidecar_path(path, &sidecar, &err) == MDD_OK && stat(sidecar, &st) == 0
                 ? 0
                 : bench_fail(origin, "sidecar: none after open");
    free(sidecar);
    return rc;
}

int set_prepare(const strategy_set *set)
{
    for (size_t i = 0; i < set->count; i++) {
        int rc = 0;
        if (set->strategy == MDD_STRATEGY_INPLACE || set->strategy == MDD_STRATEGY_PREAD)
            rc = convert_copy(set->paths[i], set->origins[i], set->strategy);
        else if (set->strategy == MDD_STRATEGY_SIDECAR)
            rc = build_sidecar(set->paths[i], set->origins[i]);
        if (rc != 0)
            return -1;
    }
    return 0;
}

static int add_disk_kb(void *ctx, const char *path)
{
    uint64_t *kb = ctx;
    struct stat st;
    if (stat(path, &st) != 0)
        return bench_fail_errno(path, "stat");
    *kb += (uint64_t)st.st_blocks * 512u / BENCH_KIB;
    return 0;
}

int set_measure_disk(strategy_set *set)
{
    return set_for_each_file(set, add_disk_kb, &set->disk_kb);
}
