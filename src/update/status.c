/* SPDX-License-Identifier: Apache-2.0 */
/* Status: the set as it will be after apply, file by file, and what is in flight. */
#include "update_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One file of the status: DIR's (old) and the stage's op for its name (new), either may be
 * missing. */
typedef struct status_row {
    const update_dir_file *old;
    const db_switch_op *op;
    const char *name;
} status_row;

static int compare_rows(const void *a, const void *b)
{
    return strcmp(((const status_row *)a)->name, ((const status_row *)b)->name);
}

static mdd_update_change change_of(const status_row *row, const db_switch_op *old)
{
    if (!row->op)
        return MDD_UPDATE_UNCHANGED;
    if (row->op->kind == DB_SWITCH_REMOVE)
        return MDD_UPDATE_REMOVED;
    if (!row->old)
        return MDD_UPDATE_ADDED;
    return memcmp(old->sha512, row->op->sha512, sizeof old->sha512) == 0 ? MDD_UPDATE_UNCHANGED
                                                                        : MDD_UPDATE_CHANGED;
}

/* Describes row (DIR's file hashed now) and visits it. */
static mdd_status visit_row(const mdd_update *u, const status_row *row,
                            mdd_status (*visit)(void *, const mdd_update_file *, mdd_error *),
                            void *ctx, mdd_error *err)
{
    char old_path[UPDATE_PATH_MAX], new_path[UPDATE_PATH_MAX];
    db_switch_op old = {0};
    mdd_update_file f = {.name = row->name};
    int has_new = row->op && row->op->kind != DB_SWITCH_REMOVE;
    if (row->old) {
        if (mdd_path_join_to(old_path, sizeof old_path, u->dir, row->name) < 0)
            return mdd_fail(err, MDD_ERR_ARG, "%s: the path is too long", row->name);
        mdd_status st = update_hash_file(old_path, &old, err);
        if (st != MDD_OK)
            return st;
        f.ecu = row->old->ecu;
        f.old_revision = row->old->revision;
        f.old_size = old.size;
        f.old_sha512 = old.sha512;
        f.old_path = old_path;
    }
    if (has_new) {
        if (mdd_path_join_to(new_path, sizeof new_path, u->stage, row->name) < 0)
            return mdd_fail(err, MDD_ERR_ARG, "%s: the path is too long", row->name);
        f.ecu = (mdd_bytes){row->op->ecu, row->op->ecu_len};
        f.new_revision = (mdd_bytes){row->op->revision, row->op->revision_len};
        f.new_size = row->op->size;
        f.new_sha512 = row->op->sha512;
        f.new_path = new_path;
    } else if (!row->old) { /* a removal of a file DIR lost since */
        f.ecu = (mdd_bytes){row->op->ecu, row->op->ecu_len};
    }
    f.change = change_of(row, &old);
    return visit(ctx, &f, err);
}

/* Rows for DIR's files and the plan's ops, by name. */
static status_row *make_rows(const mdd_update *u, const db_switch_plan *plan, size_t *count)
{
    status_row *rows = calloc(u->dir_count + plan->count + 1, sizeof *rows);
    size_t n = 0;
    for (size_t i = 0; rows && i < u->dir_count; i++)
        rows[n++] = (status_row){&u->dir_files[i], db_switch_plan_find(plan, u->dir_files[i].name),
                                 u->dir_files[i].name};
    for (size_t i = 0; rows && i < plan->count; i++) {
        int listed = 0;
        for (size_t j = 0; j < u->dir_count && !listed; j++)
            listed = strcmp(u->dir_files[j].name, plan->ops[i].name) == 0;
        if (!listed)
            rows[n++] = (status_row){NULL, &plan->ops[i], plan->ops[i].name};
    }
    if (rows)
        qsort(rows, n, sizeof *rows, compare_rows);
    *count = n;
    return rows;
}

static mdd_status fill_state(const mdd_update *u, const db_switch_plan *plan,
                             mdd_update_state *state, mdd_error *err)
{
    db_switch_plan backup;
    mdd_status st = update_read_plan(u->backup_plan, DB_SWITCH_FROM_BACKUP, &backup, err);
    if (st != MDD_OK)
        return st;
    state->staged = plan->count;
    state->backup = backup.count;
    db_switch_plan_free(&backup);
    update_holder_now(u, state->holder, sizeof state->holder);
    return MDD_OK;
}

mdd_status mdd_update_status(mdd_update *u, mdd_update_state *state,
                             mdd_status (*visit)(void *ctx, const mdd_update_file *file,
                                                 mdd_error *err),
                             void *ctx, mdd_error *err)
{
    if (!u || !visit)
        return mdd_fail(err, MDD_ERR_ARG, "no update or visitor");
    db_switch_plan plan;
    mdd_status st = update_dir_files(u, err);
    if (st == MDD_OK)
        st = update_read_plan(u->stage_plan, DB_SWITCH_FROM_STAGE, &plan, err);
    if (st != MDD_OK)
        return st;
    size_t count = 0;
    status_row *rows = make_rows(u, &plan, &count);
    if (!rows)
        st = mdd_fail(err, MDD_ERR_NOMEM, "%s: out of memory", u->dir);
    for (size_t i = 0; i < count && st == MDD_OK; i++)
        st = visit_row(u, &rows[i], visit, ctx, err);
    if (st == MDD_OK && state)
        st = fill_state(u, &plan, state, err);
    free(rows);
    db_switch_plan_free(&plan);
    return st;
}
