/* SPDX-License-Identifier: Apache-2.0 */
/* Reloading a live database: the next generation, built from the directory as it is now and
 * the current generation, beside it; published only once it is complete. */
#include "db_impl.h"

#include <mdd_internal/ecu.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct reload {
    const char *dir;
    const mdd_db *prev;
    mdd_db *next;
    const mdd_db_options *opts;
    /* The directory's downgrade history, or NULL when it could not be read (history_why
     * says why, and every new or changed file is refused). */
    mdd_db_history *history;
    mdd_error history_why;
    mdd_fb_verifier *verifier;
    mdd_db_reload_stats stats;
    mdd_error *err;
} reload;

/* Puts ecu, opened for next with its missing-parent entries in found, into next. */
static mdd_status take(reload *r, mdd_db_ecu *ecu, const db_report *found)
{
    r->next->ecus[r->next->count++] = ecu;
    return db_report_copy(&r->next->report, found, MDD_DB_REPORT_MISSING_PARENT, ecu->path,
                          r->err);
}

/* Shares old, the previous generation's ECU of an unchanged or refused file, with next. */
static mdd_status keep(reload *r, const mdd_db_ecu *old)
{
    mdd_db_ecu *shared = (mdd_db_ecu *)old;
    atomic_fetch_add(&shared->refs, 1);
    return take(r, shared, &r->prev->report);
}

/* Reports path, which did not open (why); old, loaded from it before, keeps serving. */
static mdd_status refuse_broken(reload *r, const char *path, const mdd_db_ecu *old,
                                mdd_status status, const mdd_error *why)
{
    r->stats.refused++;
    if (!old)
        return db_report_add(&r->next->report, MDD_DB_REPORT_SKIPPED, status, path, NULL, NULL,
                             r->err, "%s (skipped)", why->message);
    char revision[32];
    db_revision_text(old->revision, revision, sizeof revision);
    mdd_status st = db_report_add(&r->next->report, MDD_DB_REPORT_REFUSED, status, path, NULL,
                                  NULL, r->err,
                                  "%s (update refused; revision %s loaded before keeps "
                                  "serving)",
                                  why->message, revision);
    return st == MDD_OK ? keep(r, old) : st;
}

/* Reports path, whose fresh revision is older than old's; old keeps serving. */
static mdd_status refuse_downgrade(reload *r, const char *path, const mdd_db_ecu *old,
                                   const mdd_db_ecu *fresh)
{
    char revision[32];
    char loaded[32];
    db_revision_text(fresh->revision, revision, sizeof revision);
    db_revision_text(old->revision, loaded, sizeof loaded);
    r->stats.refused++;
    mdd_status st = db_report_add(&r->next->report, MDD_DB_REPORT_DOWNGRADE, MDD_OK, path, NULL,
                                  NULL, r->err,
                                  "%s: revision %s is older than revision %s loaded before, "
                                  "which keeps serving (update refused: a downgrade)",
                                  path, revision, loaded);
    return st == MDD_OK ? keep(r, old) : st;
}

/* Reports path, whose fresh revision the history refuses (status and why, without the
 * path); old, loaded from it before (if any), keeps serving. */
static mdd_status refuse_below_floor(reload *r, const char *path, const mdd_db_ecu *old,
                                     mdd_status status, mdd_error *why)
{
    if (status != MDD_ERR_DOWNGRADE) {
        mdd_error_prefix(why, "%s: ", path);
        return refuse_broken(r, path, old, status, why);
    }
    r->stats.refused++;
    if (!old)
        return db_report_add(&r->next->report, MDD_DB_REPORT_DOWNGRADE, MDD_OK, path, NULL,
                             NULL, r->err, "%s: %s (refused: a downgrade)", path, why->message);
    char loaded[32];
    db_revision_text(old->revision, loaded, sizeof loaded);
    mdd_status st = db_report_add(&r->next->report, MDD_DB_REPORT_DOWNGRADE, MDD_OK, path,
                                  NULL, NULL, r->err,
                                  "%s: %s; revision %s loaded before keeps serving (update "
                                  "refused: a downgrade)",
                                  path, why->message, loaded);
    return st == MDD_OK ? keep(r, old) : st;
}

/* Whether fresh, the same ECU as old, goes back to an older revision than old's, and the
 * history does not: a floor below old's revision is a rollback's (mdd update rollback sets
 * it there), which takes the files back on purpose. */
static int is_downgrade(const reload *r, const mdd_db_ecu *old, const mdd_db_ecu *fresh)
{
    mdd_bytes floor = mdd_db_history_floor(r->history, old->name);
    return ecu_name_compare(old->name, fresh->name) == 0 &&
           mdd_db_revision_compare(fresh->revision, old->revision) < 0 &&
           !(floor.len && mdd_db_revision_compare(floor, old->revision) < 0);
}

/* Opens path (listing entry index) afresh; its missing-parent entries go to found. */
static mdd_status open_fresh(reload *r, const char *path, size_t index, db_report *found,
                             mdd_db_ecu **fresh, mdd_error *why)
{
    mdd_status st = db_open_file_ecu(path, index, r->opts, r->verifier, found, fresh, why);
    if (st == MDD_ERR_NOMEM && r->err)
        *r->err = *why;
    return st;
}

/* Puts what path (listing entry index) gives into the next generation. */
static mdd_status reload_path(reload *r, const char *path, size_t index)
{
    const mdd_db_ecu *old = mdd_db_find_ecu_path(r->prev, path);
    db_identity now = db_file_identity(path);
    if (old && db_identity_same(&old->identity, &now)) {
        r->stats.unchanged++;
        return keep(r, old);
    }
    if (!r->history) {
        mdd_error why = r->history_why;
        mdd_error_prefix(&why, "%s: ", path);
        return refuse_broken(r, path, old, why.status, &why);
    }
    db_report found = {0};
    mdd_db_ecu *fresh = NULL;
    mdd_error why = {0};
    mdd_status st = open_fresh(r, path, index, &found, &fresh, &why);
    mdd_status floor = MDD_OK;
    if (st == MDD_ERR_NOMEM)
        return st;
    if (st != MDD_OK)
        st = refuse_broken(r, path, old, st, &why);
    else if (old && !r->opts->allow_downgrade && is_downgrade(r, old, fresh)) {
        st = refuse_downgrade(r, path, old, fresh);
        db_ecu_drop(fresh);
    } else if ((floor = db_history_check_ecu(r->history, fresh, r->opts, &why)) != MDD_OK) {
        st = refuse_below_floor(r, path, old, floor, &why);
        db_ecu_drop(fresh);
    } else {
        r->stats.loaded++;
        st = take(r, fresh, &found);
    }
    db_report_free(&found);
    return st;
}

static int compare_paths(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Counts the previous generation's files that the listing paths[0..count) lacks. */
static size_t count_removed(const mdd_db *prev, char **paths, size_t count)
{
    size_t removed = 0;
    for (size_t i = 0; i < prev->count; i++) {
        const char *path = prev->ecus[i]->path;
        /* An empty listing has no array to search (paths may be NULL). */
        removed += count == 0 || !bsearch(&path, paths, count, sizeof *paths, compare_paths);
    }
    return removed;
}

/* The ECU at position i of next, shared with the previous generation, carries the wrong
 * default mark (another file of its name came or went), which must not be written while
 * the previous generation's readers may read it: opens its unchanged file afresh to mark
 * that copy instead. When the file changed meanwhile the mark stays as it was; lookups by
 * name still find the right default, which is the first of its name. */
static mdd_status remark(reload *r, size_t i, int is_default)
{
    mdd_db_ecu *shared = r->next->ecus[i];
    db_report found = {0};
    mdd_db_ecu *fresh = NULL;
    mdd_error why = {0};
    mdd_status st = open_fresh(r, shared->path, i, &found, &fresh, &why);
    db_report_free(&found);
    if (st == MDD_ERR_NOMEM)
        return st;
    if (st != MDD_OK || !db_identity_same(&fresh->identity, &shared->identity)) {
        db_ecu_drop(fresh);
        return MDD_OK;
    }
    fresh->is_default = is_default;
    r->next->ecus[i] = fresh;
    db_ecu_drop(shared);
    r->stats.loaded++;
    r->stats.unchanged--;
    return MDD_OK;
}

/* Gives every shared ECU of the ordered next generation whose default mark is wrong a fresh
 * copy (remark()). */
static mdd_status fix_marks(reload *r)
{
    mdd_status st = MDD_OK;
    size_t first = 0;
    for (size_t i = 0; i < r->next->count && st == MDD_OK; i++) {
        mdd_db_ecu *ecu = r->next->ecus[i];
        if (i > 0 && ecu_name_compare(r->next->ecus[first]->name, ecu->name) != 0)
            first = i;
        if (ecu->is_default != (i == first))
            st = remark(r, i, i == first);
    }
    return st;
}

static mdd_status build_next(reload *r, char **paths, size_t count)
{
    mdd_status st = db_create(count, &r->next, r->err);
    if (st == MDD_OK && r->opts->store.verify)
        st = mdd_fb_verifier_create(&r->verifier, r->err);
    for (size_t i = 0; i < count && st == MDD_OK; i++)
        st = reload_path(r, paths[i], i);
    if (st == MDD_OK)
        st = db_order_ecus(r->next, r->err);
    if (st == MDD_OK)
        st = fix_marks(r);
    mdd_fb_verifier_free(r->verifier);
    r->verifier = NULL;
    r->stats.removed = count_removed(r->prev, paths, count);
    return st;
}

/* The directory as it is now into r->next, with its history. */
static mdd_status read_dir(void *ctx, mdd_error *err)
{
    reload *r = ctx;
    const char *dir = r->dir;
    /* A history that does not load leaves r->history NULL: reload_path() refuses by it. */
    (void)mdd_db_history_load(dir, &r->history, &r->history_why);
    char **paths;
    size_t count;
    mdd_status st = db_list_dir(dir, &paths, &count, err);
    if (st == MDD_OK) {
        st = build_next(r, paths, count);
        db_paths_free(paths, count);
    }
    /* Before an update can switch the files again (and set the history as it does). */
    if (st == MDD_OK && r->stats.loaded)
        db_history_record(dir, r->next);
    return st;
}

/* Forgets what read_dir() made. */
static void forget_dir(void *ctx)
{
    reload *r = ctx;
    mdd_db_close(r->next);
    mdd_db_history_free(r->history);
    r->next = NULL;
    r->history = NULL;
    r->stats = (mdd_db_reload_stats){0};
}

mdd_status mdd_db_live_reload(mdd_db_live *live, mdd_db_reload_stats *stats, mdd_error *err)
{
    if (!live)
        return mdd_fail(err, MDD_ERR_ARG, "no live database");
    /* The files a reload takes stay in the page cache: right after the swap, readers fault
     * the new file's pages in from memory, not from the disk. */
    mdd_db_options opts = *db_live_options(live);
    opts.store.evict = 0;
    db_live_lock(live);
    const char *dir = db_live_dir(live);
    reload r = {.prev = db_live_current(live), .opts = &opts, .dir = dir, .err = err};
    mdd_status st = db_switch_read(dir, read_dir, forget_dir, &r, err);
    r.stats.published = st == MDD_OK && (r.stats.loaded || r.stats.removed || r.stats.refused);
    if (r.stats.published)
        db_live_publish(live, r.next);
    else
        mdd_db_close(r.next);
    mdd_db_history_free(r.history);
    db_live_unlock(live);
    if (stats)
        *stats = r.stats;
    return st;
}

/* Which file a path names: what a reload compares to tell an unchanged file from a new one.
 * A replacement by rename gives a new inode; a rewrite in place changes the size or the
 * times, the change time even when the modification time is set back. */
static db_identity identity_of(const struct stat *st)
{
    return (db_identity){
        .valid = 1,
        .dev = st->st_dev,
        .ino = st->st_ino,
        .size = st->st_size,
        .mtime = st->st_mtim,
        .ctime = st->st_ctim,
    };
}

db_identity db_file_identity(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? identity_of(&st) : (db_identity){0};
}

db_identity db_store_identity(const mdd_store *store)
{
    struct stat st;
    return mdd_store_stat(store, &st, NULL) == MDD_OK ? identity_of(&st) : (db_identity){0};
}

static int same_time(struct timespec a, struct timespec b)
{
    return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

int db_identity_same(const db_identity *a, const db_identity *b)
{
    return a->valid && b->valid && a->dev == b->dev && a->ino == b->ino && a->size == b->size &&
           same_time(a->mtime, b->mtime) && same_time(a->ctime, b->ctime);
}
