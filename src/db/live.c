/* SPDX-License-Identifier: Apache-2.0 */
/* A live database: the current generation, published by an atomic swap, and the reference
 * counts that keep a generation alive while readers hold it.
 *
 * Taking a hold is two steps, loading the current pointer and counting a hold on it; a
 * reload must not close the old generation between them. Readers announce themselves in one
 * of two counters, chosen by the parity of an epoch the reload advances after its swap; the
 * reload then waits until the counter of the epoch before is empty. A reader that counted
 * itself there before the advance is waited for; one that comes later sees the epoch
 * changed, withdraws and starts again, and can then only find the new generation. Readers
 * never wait, and the reload waits only for the few instructions of acquires under way. */
#include "db_impl.h"

#include <mdd_internal/db.h>

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

struct mdd_db_live {
    _Atomic(mdd_db *) current;
    atomic_uint epoch;
    atomic_size_t acquiring[2]; /* readers inside mdd_db_live_acquire(), by epoch parity */
    pthread_mutex_t reloading;  /* one reload at a time */
    char *dir;
    mdd_db_options opts;
};

/* The first generation: dir's files that its downgrade history allows, whose revisions it
 * then records. */
static mdd_status open_first(void *ctx, mdd_error *err)
{
    db_dir_open *o = ctx;
    mdd_db_history *history;
    mdd_status st = mdd_db_history_load(o->dir, &history, err);
    if (st != MDD_OK)
        return st;
    st = db_open_dir_over(o->dir, o->opts, history, o->out, err);
    mdd_db_history_free(history);
    if (st == MDD_OK)
        db_history_record(o->dir, *o->out);
    return st;
}

mdd_status mdd_db_live_open_dir(const char *dir, const mdd_db_options *opts,
                                mdd_db_live **out, mdd_error *err)
{
    if (!dir || !out)
        return mdd_fail(err, MDD_ERR_ARG, "no directory or live database to fill");
    *out = NULL;
    mdd_db_live *live = calloc(1, sizeof *live);
    size_t len = strlen(dir) + 1;
    char *copy = live ? malloc(len) : NULL;
    if (!copy) {
        free(live);
        return mdd_fail(err, MDD_ERR_NOMEM, "out of memory");
    }
    memcpy(copy, dir, len);
    live->dir = copy;
    live->opts = mdd_db_options_default();
    mdd_db *db = NULL;
    db_dir_open first = {dir, &live->opts, &db};
    mdd_status st = options_read(&options_layout_db, opts, &live->opts, err);
    if (st == MDD_OK)
        st = db_switch_read(dir, open_first, db_dir_open_undo, &first, err);
    if (st != MDD_OK) {
        free(copy);
        free(live);
        return st;
    }
    atomic_init(&live->current, db);
    atomic_init(&live->epoch, 0);
    atomic_init(&live->acquiring[0], 0);
    atomic_init(&live->acquiring[1], 0);
    pthread_mutex_init(&live->reloading, NULL);
    *out = live;
    return MDD_OK;
}

const mdd_db *mdd_db_live_acquire(mdd_db_live *live)
{
    for (;;) {
        unsigned epoch = atomic_load(&live->epoch);
        atomic_size_t *counter = &live->acquiring[epoch & 1];
        atomic_fetch_add(counter, 1);
        if (atomic_load(&live->epoch) == epoch) {
            mdd_db *db = atomic_load(&live->current);
            atomic_fetch_add(&db->holds, 1);
            atomic_fetch_sub(counter, 1);
            return db;
        }
        atomic_fetch_sub(counter, 1);
    }
}

void mdd_db_live_release(const mdd_db *db)
{
    /* The holds are the one part of a generation that changes; the rest is read-only. */
    mdd_db *owned = (mdd_db *)db;
    if (owned && atomic_fetch_sub(&owned->holds, 1) == 1)
        mdd_db_close(owned);
}

const char *db_live_dir(const mdd_db_live *live) { return live->dir; }

const mdd_db_options *db_live_options(const mdd_db_live *live) { return &live->opts; }

void db_live_lock(mdd_db_live *live) { pthread_mutex_lock(&live->reloading); }

void db_live_unlock(mdd_db_live *live) { pthread_mutex_unlock(&live->reloading); }

const mdd_db *db_live_current(const mdd_db_live *live) { return atomic_load(&live->current); }

void db_live_publish(mdd_db_live *live, mdd_db *next)
{
    mdd_db *old = atomic_exchange(&live->current, next);
    unsigned before = atomic_fetch_add(&live->epoch, 1);
    while (atomic_load(&live->acquiring[before & 1]) != 0)
        sched_yield();
    mdd_db_live_release(old);
}

void mdd_db_live_close(mdd_db_live *live)
{
    if (!live)
        return;
    mdd_db_live_release(atomic_load(&live->current));
    pthread_mutex_destroy(&live->reloading);
    free(live->dir);
    free(live);
}
