/* SPDX-License-Identifier: Apache-2.0 */
/* Staging: files copied into DIR/.mdd-update/stage, converted there and checked, and the
 * plan that lists them (with the removals) rewritten crash-safely after each change. A file
 * is in the stage once the plan lists it: a kill before that leaves a file the next update
 * removes (update_stage_tidy()), never a half-staged set. */
#include "update_impl.h"

#include <mdd/convert.h>
#include <mdd_internal/os.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define INCOMING ".incoming"

static int same_bytes(const uint8_t *a, size_t a_len, mdd_bytes b)
{
    return a_len == b.len && (a_len == 0 || memcmp(a, b.ptr, a_len) == 0);
}

static mdd_status stage_path(const mdd_update *u, const char *name, char *out, mdd_error *err)
{
    if (mdd_path_join_to(out, UPDATE_PATH_MAX, u->stage, name) < 0)
        return mdd_fail(err, MDD_ERR_ARG, "%s: the path is too long", name);
    return MDD_OK;
}

mdd_status update_stage_tidy(const mdd_update *u, const db_switch_plan *plan, mdd_error *err)
{
    DIR *d = opendir(u->stage);
    if (!d)
        return errno == ENOENT ? MDD_OK
                               : mdd_fail(err, MDD_ERR_IO, "%s: %s", u->stage, strerror(errno));
    mdd_status st = MDD_OK;
    struct dirent *e;
    while (st == MDD_OK && (e = readdir(d)) != NULL) {
        const db_switch_op *op = db_switch_plan_find(plan, e->d_name);
        char path[UPDATE_PATH_MAX];
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
            strcmp(e->d_name, "plan") == 0 || (op && op->kind != DB_SWITCH_REMOVE))
            continue;
        st = stage_path(u, e->d_name, path, err);
        if (st == MDD_OK && unlink(path) != 0 && errno != ENOENT)
            st = mdd_fail(err, MDD_ERR_IO, "%s: remove: %s", path, strerror(errno));
    }
    closedir(d);
    return st;
}

/* Drops the op at index i of plan (and its staged file), writing the plan first. */
static mdd_status unstage(const mdd_update *u, db_switch_plan *plan, size_t i, mdd_error *err)
{
    char path[UPDATE_PATH_MAX];
    mdd_status st = stage_path(u, plan->ops[i].name, path, err);
    if (st != MDD_OK)
        return st;
    memmove(&plan->ops[i], &plan->ops[i + 1], (plan->count - i - 1) * sizeof *plan->ops);
    plan->count--;
    st = db_switch_plan_write(u->stage_plan, plan, err);
    if (st == MDD_OK && unlink(path) != 0 && errno != ENOENT)
        st = mdd_fail(err, MDD_ERR_IO, "%s: remove: %s", path, strerror(errno));
    return st;
}

/* Drops whatever plan stages for file name or for ECU ecu. */
static mdd_status unstage_matching(const mdd_update *u, db_switch_plan *plan, const char *name,
                                   mdd_bytes ecu, mdd_error *err)
{
    mdd_status st = MDD_OK;
    for (size_t i = plan->count; i-- > 0 && st == MDD_OK;) {
        const db_switch_op *op = &plan->ops[i];
        if ((name && strcmp(op->name, name) == 0) || same_bytes(op->ecu, op->ecu_len, ecu))
            st = unstage(u, plan, i, err);
    }
    return st;
}

/* The file of DIR that holds ECU ecu (the one named name when several do), or NULL. */
static const update_dir_file *dir_file_of(const mdd_update *u, mdd_bytes ecu, const char *name)
{
    const update_dir_file *found = NULL;
    for (size_t i = 0; i < u->dir_count; i++) {
        const update_dir_file *f = &u->dir_files[i];
        if (same_bytes(ecu.ptr, ecu.len, f->ecu) && (!found || strcmp(f->name, name) == 0))
            found = f;
    }
    return found;
}

static const update_dir_file *dir_file_named(const mdd_update *u, const char *name)
{
    for (size_t i = 0; i < u->dir_count; i++)
        if (strcmp(u->dir_files[i].name, name) == 0)
            return &u->dir_files[i];
    return NULL;
}

/* A name or a revision for a message. */
static void printable(const uint8_t *b, size_t len, char *buf, size_t size)
{
    size_t n = len < size - 1 ? len : size - 1;
    for (size_t i = 0; i < n; i++)
        buf[i] = b[i] >= 0x20 && b[i] < 0x7f ? (char)b[i] : '?';
    buf[n] = '\0';
    if (n == 0)
        snprintf(buf, size, "none");
}

/* Where the staged op goes in DIR and whether it replaces a file: the file that holds its
 * ECU, else the source's name. Refuses another ECU's file (unless forced) and a revision
 * below the one it replaces (unless allowed). */
static mdd_status place(const mdd_update *u, const char *src, const char *base,
                        db_switch_op *op, mdd_error *err)
{
    mdd_bytes ecu = {op->ecu, op->ecu_len};
    const update_dir_file *old = dir_file_of(u, ecu, base);
    const update_dir_file *named = old ? old : dir_file_named(u, base);
    char name[128], other[128], fresh[64], loaded[64];
    printable(op->ecu, op->ecu_len, name, sizeof name);
    snprintf(op->name, sizeof op->name, "%s", old ? old->name : base);
    op->kind = old || update_dir_has(u, op->name) ? DB_SWITCH_REPLACE : DB_SWITCH_ADD;
    if (named && !old && !u->opts.force_ecu) {
        printable(named->ecu.ptr, named->ecu.len, other, sizeof other);
        return mdd_fail(err, MDD_ERR_ARG,
                        "%s: holds ECU '%s', but %s/%s holds ECU '%s'; refused (forcing the "
                        "ECU takes it)",
                        src, name, u->dir, base, other);
    }
    if (old && !u->opts.db.allow_downgrade &&
        mdd_db_revision_compare((mdd_bytes){op->revision, op->revision_len}, old->revision) < 0) {
        printable(op->revision, op->revision_len, fresh, sizeof fresh);
        printable(old->revision.ptr, old->revision.len, loaded, sizeof loaded);
        return mdd_fail(err, MDD_ERR_DOWNGRADE,
                        "%s: revision %s is older than revision %s of %s/%s; refused", src,
                        fresh, loaded, u->dir, old->name);
    }
    return MDD_OK;
}

/* Refuses op's revision when DIR's downgrade history accepted a newer one of its ECU. */
static mdd_status check_history(const mdd_update *u, const char *src, const db_switch_op *op,
                                mdd_error *err)
{
    mdd_db_history *history;
    mdd_status st = mdd_db_history_load(u->dir, &history, err);
    if (st == MDD_OK)
        st = mdd_db_history_check(history, (mdd_bytes){op->ecu, op->ecu_len},
                                  (mdd_bytes){op->revision, op->revision_len},
                                  u->opts.db.allow_downgrade, err);
    mdd_db_history_free(history);
    if (st != MDD_OK)
        mdd_error_prefix(err, "%s: ", src);
    return st;
}

/* src copied to the stage's incoming file, with mode (the replaced file's, else src's
 * without execute). */
static mdd_status copy_in(const char *src, const char *incoming, mdd_error *err)
{
    int fd;
    mdd_status st = mdd_open_regular(src, &fd, err);
    if (st != MDD_OK) {
        mdd_error_prefix(err, "%s: ", src);
        return st;
    }
    st = mdd_write_file_atomic(incoming, 0644, mdd_copy_from_fd, &fd, err);
    close(fd);
    if (st != MDD_OK)
        mdd_error_prefix(err, "%s: staging: ", src);
    return st;
}

/* The message naming src, where it names the incoming file or nothing: the user knows the
 * file as src. */
static void rename_in_message(mdd_error *err, const char *incoming, const char *src)
{
    size_t n = strlen(incoming);
    int named = strncmp(err->message, incoming, n) == 0;
    if (named)
        memmove(err->message, err->message + n, strlen(err->message + n) + 1);
    mdd_error_prefix(err, named ? "%s" : "%s: ", src);
}

/* The incoming file converted in place and checked as a database opens it, every chunk
 * hashed, with the update's signature policy; its facts into op. */
static mdd_status check_incoming(const mdd_update *u, const char *src, const char *incoming,
                                 db_switch_op *op, mdd_error *err)
{
    mdd_convert_options convert = mdd_convert_options_default();
    mdd_status st = mdd_convert_file(incoming, &convert, NULL, err);
    mdd_db_options opts = u->opts.db;
    opts.store.strategy = MDD_STRATEGY_INPLACE;
    opts.store.integrity = MDD_INTEGRITY_HASH; /* no record beside a staged file */
    opts.persist_index = 0;
    opts.skip_invalid = 0;
    if (st == MDD_OK)
        st = update_file_facts(incoming, &opts, op, err);
    if (st != MDD_OK)
        rename_in_message(err, incoming, src);
    return st;
}

/* Puts the checked incoming file into the stage as op->name and lists it in the plan. */
static mdd_status take_incoming(const mdd_update *u, db_switch_plan *plan, const char *incoming,
                                const db_switch_op *op, mdd_error *err)
{
    char staged[UPDATE_PATH_MAX];
    mdd_status st = unstage_matching(u, plan, op->name, (mdd_bytes){op->ecu, op->ecu_len}, err);
    if (st == MDD_OK)
        st = stage_path(u, op->name, staged, err);
    if (st == MDD_OK && rename(incoming, staged) != 0)
        st = mdd_fail(err, MDD_ERR_IO, "%s: rename: %s", staged, strerror(errno));
    db_switch_op *added = st == MDD_OK ? db_switch_plan_add(plan, err) : NULL;
    if (!added)
        return st == MDD_OK ? err->status : st;
    *added = *op;
    return db_switch_plan_write(u->stage_plan, plan, err);
}

/* The plan and DIR's files, for a change of the stage. */
static mdd_status begin_change(mdd_update *u, db_switch_plan *plan, mdd_error *err)
{
    mdd_status st = update_check_writable(u, err);
    if (st == MDD_OK)
        st = update_dir_files(u, err);
    if (st == MDD_OK && mkdir(u->stage, 0755) != 0 && errno != EEXIST)
        st = mdd_fail(err, MDD_ERR_IO, "%s: %s", u->stage, strerror(errno));
    if (st == MDD_OK)
        st = update_read_plan(u->stage_plan, DB_SWITCH_FROM_STAGE, plan, err);
    return st;
}

static mdd_status check_name(const char *src, const char **base, mdd_error *err)
{
    const char *slash = strrchr(src, '/');
    *base = slash ? slash + 1 : src;
    if (!db_switch_name_ok(*base))
        return mdd_fail(err, MDD_ERR_ARG,
                        "%s: an update's file must be named NAME.mdd (it keeps that name in "
                        "the directory)",
                        src);
    return MDD_OK;
}

mdd_status mdd_update_stage_file(mdd_update *u, const char *src, mdd_error *err)
{
    const char *base;
    db_switch_plan plan;
    if (!src)
        return mdd_fail(err, MDD_ERR_ARG, "no file to stage");
    mdd_status st = check_name(src, &base, err);
    if (st == MDD_OK)
        st = begin_change(u, &plan, err);
    if (st != MDD_OK)
        return st;
    char incoming[UPDATE_PATH_MAX];
    db_switch_op op = {0};
    st = stage_path(u, INCOMING, incoming, err);
    if (st == MDD_OK)
        st = copy_in(src, incoming, err);
    if (st == MDD_OK)
        st = check_incoming(u, src, incoming, &op, err);
    if (st == MDD_OK)
        st = place(u, src, base, &op, err);
    if (st == MDD_OK)
        st = check_history(u, src, &op, err);
    if (st == MDD_OK)
        st = take_incoming(u, &plan, incoming, &op, err);
    unlink(incoming);
    db_switch_plan_free(&plan);
    return st;
}

/* Stages the removal of DIR's file f. */
static mdd_status stage_remove(mdd_update *u, db_switch_plan *plan, const update_dir_file *f,
                               mdd_error *err)
{
    db_switch_op facts = {0};
    mdd_status st = update_dir_file_facts(u, f->name, &facts, err);
    if (st == MDD_OK)
        st = unstage_matching(u, plan, f->name, f->ecu, err);
    db_switch_op *op = st == MDD_OK ? db_switch_plan_add(plan, err) : NULL;
    if (!op)
        return st == MDD_OK ? err->status : st;
    *op = facts;
    op->kind = DB_SWITCH_REMOVE;
    snprintf(op->name, sizeof op->name, "%s", f->name);
    return db_switch_plan_write(u->stage_plan, plan, err);
}

mdd_status mdd_update_stage_removal(mdd_update *u, const char *ecu_name, mdd_error *err)
{
    db_switch_plan plan;
    if (!ecu_name)
        return mdd_fail(err, MDD_ERR_ARG, "no ECU to remove");
    mdd_status st = begin_change(u, &plan, err);
    if (st != MDD_OK)
        return st;
    mdd_bytes ecu = {(const uint8_t *)ecu_name, strlen(ecu_name)};
    size_t before = plan.count, found = 0;
    for (size_t i = 0; i < u->dir_count && st == MDD_OK; i++)
        if (same_bytes(ecu.ptr, ecu.len, u->dir_files[i].ecu) && ++found)
            st = stage_remove(u, &plan, &u->dir_files[i], err);
    if (st == MDD_OK && !found) {
        st = unstage_matching(u, &plan, NULL, ecu, err);
        if (st == MDD_OK && plan.count == before)
            st = mdd_fail(err, MDD_ERR_NOT_FOUND, "%s: holds no ECU '%.128s' to remove", u->dir,
                          ecu_name);
    }
    db_switch_plan_free(&plan);
    return st;
}

mdd_status mdd_update_stage_exact(mdd_update *u, mdd_error *err)
{
    db_switch_plan plan;
    mdd_status st = begin_change(u, &plan, err);
    for (size_t i = 0; i < u->dir_count && st == MDD_OK; i++)
        if (!db_switch_plan_find(&plan, u->dir_files[i].name))
            st = stage_remove(u, &plan, &u->dir_files[i], err);
    db_switch_plan_free(&plan);
    return st;
}
