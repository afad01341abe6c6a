/* SPDX-License-Identifier: Apache-2.0 */
/* Switching a directory's set of MDD files at once: the journal, the readers' lock and the
 * steps that move the files (mdd_internal/db.h has the layout of DIR/.mdd-update).
 *
 * A switch writes its plan as the journal (fsynced: from then on it happens), then, under the
 * exclusive lock that keeps readers out, sets the downgrade history, links every file it
 * replaces or removes into next-backup/ (fsynced), renames the source's files over DIR's and
 * unlinks the removed ones (DIR fsynced), marks the journal finishing, makes next-backup/
 * the backup, and removes the journal. Every step can be done again from what the files
 * show, so the next lock holder after a crash completes the switch from the journal: forward,
 * never back, since everything it needs was durable before the journal was. */
#include "db_impl.h"

#include <mdd_internal/db.h>
#include <mdd_internal/os.h>
#include <mdd_internal/store.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* The paths of a switch of dir. */
typedef struct switch_paths {
    char work[4096];        /* DIR/.mdd-update */
    char lock[4096];        /* .../switch */
    char journal[4096];     /* .../journal */
    char next_backup[4096]; /* .../next-backup */
    char backup[4096];      /* .../backup */
    char stage[4096];       /* .../stage */
} switch_paths;

static mdd_status make_paths(const char *dir, switch_paths *p, mdd_error *err)
{
    if (mdd_path_join_to(p->work, sizeof p->work, dir, DB_UPDATE_DIR) < 0 ||
        mdd_path_join_to(p->lock, sizeof p->lock, p->work, "switch") < 0 ||
        mdd_path_join_to(p->journal, sizeof p->journal, p->work, "journal") < 0 ||
        mdd_path_join_to(p->next_backup, sizeof p->next_backup, p->work, "next-backup") < 0 ||
        mdd_path_join_to(p->backup, sizeof p->backup, p->work, "backup") < 0 ||
        mdd_path_join_to(p->stage, sizeof p->stage, p->work, "stage") < 0)
        return mdd_fail(err, MDD_ERR_ARG, "%s: the path is too long", dir);
    return MDD_OK;
}

static mdd_status sys_fail(mdd_error *err, const char *path, const char *what)
{
    int e = errno;
    return mdd_fail(err, e == EACCES || e == EPERM || e == EROFS ? MDD_ERR_READ_ONLY : MDD_ERR_IO,
                    "%s: %s: %s", path, what, strerror(e));
}

static int exists(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

static mdd_status lock_fd(int fd, int how, const char *path, mdd_error *err)
{
    int rc;
    while ((rc = flock(fd, how)) != 0 && errno == EINTR)
        ;
    return rc == 0 ? MDD_OK : sys_fail(err, path, "lock");
}

/* ---- The steps, each one repeatable ---- */

/* Links the file an op replaces or removes into next-backup/, unless done. */
static mdd_status keep_old(const char *dir, const switch_paths *p, const db_switch_plan *plan,
                           const db_switch_op *op, mdd_error *err)
{
    char target[4096], keep[4096], source[4096];
    const char *from = plan->source == DB_SWITCH_FROM_STAGE ? p->stage : p->backup;
    if (mdd_path_join_to(target, sizeof target, dir, op->name) < 0 ||
        mdd_path_join_to(keep, sizeof keep, p->next_backup, op->name) < 0 ||
        mdd_path_join_to(source, sizeof source, from, op->name) < 0)
        return mdd_fail(err, MDD_ERR_ARG, "%s: the path is too long", op->name);
    /* A replacement is done once its source is gone; a removal once its target is. */
    int pending = op->kind == DB_SWITCH_REMOVE ? exists(target)
                                               : op->kind == DB_SWITCH_REPLACE && exists(source);
    if (!pending || !exists(target))
        return MDD_OK;
    if (link(target, keep) != 0 && errno != EEXIST)
        return sys_fail(err, keep, "link");
    return MDD_OK;
}

/* Removes what opens kept beside a removed file (its index, verification record and
 * sidecar): they would describe nothing. Best effort: later opens ignore stale ones. */
static void remove_companions(const char *target)
{
    static const char *const suffixes[] = {MDD_DB_INDEX_SUFFIX, MDD_RECORD_SUFFIX,
                                           MDD_SIDECAR_SUFFIX};
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
        char path[4096];
        if (snprintf(path, sizeof path, "%s%s", target, suffixes[i]) < (int)sizeof path)
            (void)unlink(path);
    }
}

/* Puts an op's source file in DIR, or removes DIR's file, unless done. */
static mdd_status switch_file(const char *dir, const switch_paths *p,
                              const db_switch_plan *plan, const db_switch_op *op,
                              mdd_error *err)
{
    char target[4096], source[4096];
    const char *from = plan->source == DB_SWITCH_FROM_STAGE ? p->stage : p->backup;
    if (mdd_path_join_to(target, sizeof target, dir, op->name) < 0 ||
        mdd_path_join_to(source, sizeof source, from, op->name) < 0)
        return mdd_fail(err, MDD_ERR_ARG, "%s: the path is too long", op->name);
    if (op->kind == DB_SWITCH_REMOVE) {
        if (unlink(target) != 0 && errno != ENOENT)
            return sys_fail(err, target, "remove");
        remove_companions(target);
        return MDD_OK;
    }
    if (rename(source, target) == 0 || (errno == ENOENT && !exists(source)))
        return MDD_OK;
    return sys_fail(err, target, "rename into place");
}

/* The downgrade history as the plan leaves it: raised to the revisions it puts in (an
 * apply), or set to them (a rollback, which goes back on purpose). */
static mdd_status set_history(const char *dir, const db_switch_plan *plan, mdd_error *err)
{
    db_history_entry *put = calloc(plan->count + 1, sizeof *put);
    if (!put)
        return mdd_fail(err, MDD_ERR_NOMEM, "%s: out of memory", dir);
    size_t n = 0;
    for (size_t i = 0; i < plan->count; i++) {
        const db_switch_op *op = &plan->ops[i];
        if (op->kind != DB_SWITCH_REMOVE && op->revision_len)
            put[n++] = (db_history_entry){{op->ecu, op->ecu_len}, {op->revision, op->revision_len}};
    }
    mdd_status st = plan->source == DB_SWITCH_FROM_BACKUP ? db_history_set_all(dir, put, n, err)
                                                          : db_history_raise_all(dir, put, n, err);
    free(put);
    return st;
}

/* Every file of the plan moved (the journal says it will be). */
static mdd_status move_files(const char *dir, const switch_paths *p, const db_switch_plan *plan,
                             mdd_error *err)
{
    mdd_status st = set_history(dir, plan, err);
    for (size_t i = 0; i < plan->count && st == MDD_OK; i++)
        st = keep_old(dir, p, plan, &plan->ops[i], err);
    if (st == MDD_OK)
        st = mdd_sync_dir(p->next_backup, err);
    for (size_t i = 0; i < plan->count && st == MDD_OK; i++)
        st = switch_file(dir, p, plan, &plan->ops[i], err);
    if (st == MDD_OK)
        st = mdd_sync_dir(dir, err);
    return st;
}

/* What is left once every file moved: next-backup/ becomes the backup, the used stage goes,
 * and so does the journal. */
static mdd_status finish(const switch_paths *p, const db_switch_plan *plan, mdd_error *err)
{
    mdd_status st = MDD_OK;
    if (exists(p->next_backup)) {
        st = mdd_remove_flat_dir(p->backup, err);
        if (st == MDD_OK && rename(p->next_backup, p->backup) != 0)
            st = sys_fail(err, p->backup, "rename into place");
    }
    if (st == MDD_OK && plan->source == DB_SWITCH_FROM_STAGE)
        st = mdd_remove_flat_dir(p->stage, err);
    if (st == MDD_OK && unlink(p->journal) != 0 && errno != ENOENT)
        st = sys_fail(err, p->journal, "remove");
    if (st == MDD_OK)
        st = mdd_sync_dir(p->work, err);
    return st;
}

/* Follows the journal plan from wherever it stopped. Under the exclusive lock. */
static mdd_status complete(const char *dir, const switch_paths *p, db_switch_plan *plan,
                           mdd_error *err)
{
    mdd_status st = MDD_OK;
    if (!plan->finishing) {
        st = move_files(dir, p, plan, err);
        plan->finishing = 1;
        if (st == MDD_OK)
            st = db_switch_plan_write(p->journal, plan, err);
    }
    return st == MDD_OK ? finish(p, plan, err) : st;
}

/* Completes the journal's switch, if there is one. Under the exclusive lock. */
static mdd_status recover_locked(const char *dir, const switch_paths *p, mdd_error *err)
{
    db_switch_plan plan;
    mdd_status st = db_switch_plan_read(p->journal, &plan, err);
    if (st == MDD_ERR_NOT_FOUND)
        return MDD_OK;
    if (st == MDD_OK)
        st = complete(dir, p, &plan, err);
    db_switch_plan_free(&plan);
    if (st != MDD_OK)
        mdd_error_prefix(err, "%s: completing an interrupted update: ", dir);
    return st;
}

/* ---- Readers ---- */

mdd_status db_switch_hold(const char *dir, int *fd, mdd_error *err)
{
    switch_paths p;
    mdd_status st = make_paths(dir, &p, err);
    *fd = -1;
    if (st != MDD_OK)
        return st;
    int lock = open(p.lock, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (lock < 0)
        return errno == ENOENT || errno == ENOTDIR ? MDD_OK : sys_fail(err, p.lock, "open");
    st = lock_fd(lock, LOCK_SH, p.lock, err);
    if (st == MDD_OK && exists(p.journal)) {
        /* Nobody switches while this is held: the journal's writer died. */
        st = lock_fd(lock, LOCK_EX, p.lock, err);
        if (st == MDD_OK)
            st = recover_locked(dir, &p, err);
        if (st == MDD_OK)
            st = lock_fd(lock, LOCK_SH, p.lock, err);
    }
    if (st != MDD_OK) {
        close(lock);
        return st;
    }
    *fd = lock;
    return MDD_OK;
}

void db_switch_release(int fd)
{
    if (fd >= 0)
        close(fd); /* and with it the lock */
}

int db_switch_appeared(const char *dir)
{
    switch_paths p;
    mdd_error ignored;
    return make_paths(dir, &p, &ignored) == MDD_OK && exists(p.lock);
}

mdd_status db_switch_read(const char *dir, db_switch_reader read, void (*undo)(void *ctx),
                          void *ctx, mdd_error *err)
{
    int hold;
    mdd_status st = db_switch_hold(dir, &hold, err);
    if (st == MDD_OK)
        st = read(ctx, err);
    if (hold < 0 && db_switch_appeared(dir)) {
        /* The directory's first update began while it was read (a file may have gone from
         * under the read): read it again, in turn. */
        if (st == MDD_OK)
            undo(ctx);
        st = db_switch_hold(dir, &hold, err);
        if (st == MDD_OK)
            st = read(ctx, err);
    }
    db_switch_release(hold);
    return st;
}

/* ---- The switch ---- */

/* Opens (making it when missing) the lock and takes it exclusively. */
static mdd_status lock_exclusive(const switch_paths *p, int *fd, mdd_error *err)
{
    *fd = open(p->lock, O_RDONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0644);
    if (*fd < 0)
        return sys_fail(err, p->lock, "open");
    mdd_status st = lock_fd(*fd, LOCK_EX, p->lock, err);
    if (st != MDD_OK) {
        close(*fd);
        *fd = -1;
    }
    return st;
}

mdd_status db_switch_recover(const char *dir, mdd_error *err)
{
    switch_paths p;
    int fd;
    mdd_status st = make_paths(dir, &p, err);
    /* No lock, no switch ever ran: nothing to complete or to tidy. */
    if (st != MDD_OK || !exists(p.lock))
        return st;
    st = lock_exclusive(&p, &fd, err);
    if (st != MDD_OK)
        return st;
    /* Under both locks, no writer of the journal runs: a temporary file of it is a killed
     * one's. */
    st = mdd_atomic_file_remove_stale(p.journal, NULL, err);
    if (st == MDD_OK)
        st = recover_locked(dir, &p, err);
    close(fd);
    return st;
}

mdd_status db_switch_run(const char *dir, const db_switch_plan *plan, mdd_error *err)
{
    switch_paths p;
    int fd;
    mdd_status st = make_paths(dir, &p, err);
    if (st == MDD_OK)
        st = lock_exclusive(&p, &fd, err);
    if (st != MDD_OK)
        return st;
    db_switch_plan journal = *plan;
    journal.finishing = 0;
    st = db_switch_plan_write(p.journal, &journal, err);
    if (st == MDD_OK)
        st = complete(dir, &p, &journal, err);
    close(fd);
    return st;
}
