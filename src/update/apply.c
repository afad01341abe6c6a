/* SPDX-License-Identifier: Apache-2.0 */
/* Apply and rollback: one switch each (src/db/switch.c), from the stage or from the backup,
 * preceded by the plan that undoes it, which becomes the backup's. Cleanup drops both. */
#include "update_impl.h"

#include <mdd_internal/os.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* Asks the caller's gate whether the files may switch now. */
static mdd_status ask_gate(const mdd_update *u, const char *what, mdd_error *err)
{
    char why[256] = "";
    if (!u->opts.may_switch || u->opts.may_switch(u->opts.may_switch_ctx, why, sizeof why))
        return MDD_OK;
    why[sizeof why - 1] = '\0';
    return mdd_fail(err, MDD_ERR_BUSY, "%s: %s refused now: %s", u->dir, what,
                    why[0] ? why : "the caller does not allow it");
}

/* Fits plan to DIR as it is: a file installed or removed since it was staged makes an
 * addition a replacement and the other way round, and a removal of a file that is gone
 * nothing. */
static void settle(const mdd_update *u, db_switch_plan *plan)
{
    size_t kept = 0;
    for (size_t i = 0; i < plan->count; i++) {
        db_switch_op *op = &plan->ops[i];
        int there = update_dir_has(u, op->name);
        if (op->kind == DB_SWITCH_REMOVE && !there)
            continue;
        if (op->kind != DB_SWITCH_REMOVE)
            op->kind = there ? DB_SWITCH_REPLACE : DB_SWITCH_ADD;
        plan->ops[kept++] = *op;
    }
    plan->count = kept;
}

/* The op that undoes op: the file it puts in goes, the one it replaces or removes comes back
 * from the backup. */
static mdd_status undo_op(const mdd_update *u, const db_switch_op *op, db_switch_op *undo,
                          mdd_error *err)
{
    *undo = *op;
    if (op->kind == DB_SWITCH_ADD) {
        undo->kind = DB_SWITCH_REMOVE;
        return MDD_OK;
    }
    undo->kind = op->kind == DB_SWITCH_REMOVE ? DB_SWITCH_ADD : DB_SWITCH_REPLACE;
    return update_dir_file_facts(u, op->name, undo, err);
}

/* next-backup/ with the plan that undoes plan. */
static mdd_status prepare_backup(const mdd_update *u, const db_switch_plan *plan, mdd_error *err)
{
    db_switch_plan undo = {.source = DB_SWITCH_FROM_BACKUP};
    mdd_status st = mdd_remove_flat_dir(u->next_backup, err);
    if (st == MDD_OK && mkdir(u->next_backup, 0755) != 0)
        st = mdd_fail(err, MDD_ERR_IO, "%s: %s", u->next_backup, strerror(errno));
    for (size_t i = 0; i < plan->count && st == MDD_OK; i++) {
        db_switch_op *op = db_switch_plan_add(&undo, err);
        st = op ? undo_op(u, &plan->ops[i], op, err) : err->status;
    }
    char path[UPDATE_PATH_MAX];
    if (st == MDD_OK && mdd_path_join_to(path, sizeof path, u->next_backup, "plan") < 0)
        st = mdd_fail(err, MDD_ERR_ARG, "%s: the path is too long", u->next_backup);
    if (st == MDD_OK)
        st = db_switch_plan_write(path, &undo, err);
    db_switch_plan_free(&undo);
    return st;
}

/* Refuses a plan whose source files are not there as they were staged. */
static mdd_status check_sources(const mdd_update *u, const db_switch_plan *plan, mdd_error *err)
{
    const char *from = plan->source == DB_SWITCH_FROM_STAGE ? u->stage : u->backup;
    for (size_t i = 0; i < plan->count; i++) {
        const db_switch_op *op = &plan->ops[i];
        char path[UPDATE_PATH_MAX];
        struct stat st;
        if (op->kind == DB_SWITCH_REMOVE)
            continue;
        if (mdd_path_join_to(path, sizeof path, from, op->name) < 0 || lstat(path, &st) != 0 ||
            !S_ISREG(st.st_mode) || (uint64_t)st.st_size != op->size)
            return mdd_fail(err, MDD_ERR_FORMAT,
                            "%s: %s/%s is missing or not as it was put there; nothing switched",
                            u->dir, from, op->name);
    }
    return MDD_OK;
}

/* Switches DIR by the plan at path (from source); what says what it is for messages. */
static mdd_status switch_by(mdd_update *u, const char *path, db_switch_source source,
                            const char *what, mdd_error *err)
{
    db_switch_plan plan;
    mdd_status st = update_check_writable(u, err);
    if (st == MDD_OK)
        st = ask_gate(u, what, err);
    if (st == MDD_OK)
        st = update_read_plan(path, source, &plan, err);
    if (st != MDD_OK)
        return st;
    settle(u, &plan);
    if (plan.count == 0)
        st = mdd_fail(err, MDD_ERR_NOT_FOUND, "%s: %s: nothing to switch (%s)", u->dir, what,
                      source == DB_SWITCH_FROM_STAGE ? "nothing is staged" : "no backup");
    if (st == MDD_OK)
        st = check_sources(u, &plan, err);
    if (st == MDD_OK)
        st = prepare_backup(u, &plan, err);
    if (st == MDD_OK)
        st = db_switch_run(u->dir, &plan, err);
    update_forget_dir(u);
    db_switch_plan_free(&plan);
    return st;
}

mdd_status mdd_update_apply(mdd_update *u, mdd_error *err)
{
    return switch_by(u, u->stage_plan, DB_SWITCH_FROM_STAGE, "apply", err);
}

mdd_status mdd_update_rollback(mdd_update *u, mdd_error *err)
{
    return switch_by(u, u->backup_plan, DB_SWITCH_FROM_BACKUP, "rollback", err);
}

mdd_status mdd_update_cleanup(mdd_update *u, mdd_error *err)
{
    mdd_status st = update_check_writable(u, err);
    if (st == MDD_OK)
        st = mdd_remove_flat_dir(u->stage, err);
    if (st == MDD_OK)
        st = mdd_remove_flat_dir(u->backup, err);
    if (st == MDD_OK)
        st = mdd_sync_dir(u->work, err);
    return st;
}
