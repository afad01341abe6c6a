/* SPDX-License-Identifier: Apache-2.0 */
/* Updates as one transaction through the library: what status says of a staged set; apply
 * and rollback (and rollback again) while readers on other threads open the directory and
 * reload a live database on it, none of which ever sees a mix of the two sets; a live
 * database that reloads once per switch and follows a rollback below what it had loaded; the
 * gate; a second update refused naming the holder; a read-only update that changes nothing.
 * Built with -fsanitize=thread too. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "session_ecu.h"
#include "testutil.h"

#include <mdd/update.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A served directory with A at revision 01 and B, and a source directory with A at revision
 * 02 and C: the update stages both and removes B. */
typedef struct fixture {
    char live[256];
    char src[256];
    char src_a[300], src_c[300];
} fixture;

static void make_fixture(fixture *f)
{
    assert_int_equal(tu_make_temp_dir(f->live, sizeof f->live, "update-live"), 0);
    assert_int_equal(tu_make_temp_dir(f->src, sizeof f->src, "update-src"), 0);
    install_ecu(f->live, "A.mdd", "A", "01", INTACT);
    install_ecu(f->live, "B.mdd", "B", "01", INTACT);
    install_ecu(f->src, "A.mdd", "A", "02", INTACT);
    install_ecu(f->src, "C.mdd", "C", "01", INTACT);
    snprintf(f->src_a, sizeof f->src_a, "%s/A.mdd", f->src);
    snprintf(f->src_c, sizeof f->src_c, "%s/C.mdd", f->src);
}

static void drop_fixture(fixture *f)
{
    tu_remove_tree(f->live);
    tu_remove_tree(f->src);
}

static mdd_update *open_update(const char *dir, const char *holder)
{
    mdd_update_options opts = mdd_update_options_default();
    opts.holder = holder;
    mdd_update *u = NULL;
    mdd_error err;
    if (mdd_update_open(dir, &opts, &u, &err) != MDD_OK)
        fail_msg("open: %s", err.message);
    return u;
}

static void check(mdd_status st, const mdd_error *err)
{
    if (st != MDD_OK)
        fail_msg("%s", err->message);
}

static void stage_all(mdd_update *u, const fixture *f)
{
    mdd_error err;
    check(mdd_update_stage_file(u, f->src_a, &err), &err);
    check(mdd_update_stage_file(u, f->src_c, &err), &err);
    check(mdd_update_stage_removal(u, "B", &err), &err);
}

/* ---- Status ---- */

typedef struct seen {
    char lines[8][128];
    size_t count;
} seen;

static mdd_status note(void *ctx, const mdd_update_file *file, mdd_error *err)
{
    (void)err;
    seen *s = ctx;
    assert_true(s->count < 8);
    snprintf(s->lines[s->count++], sizeof s->lines[0], "%s %s %.*s %.*s>%.*s",
             file->name, mdd_update_change_name(file->change), (int)file->ecu.len,
             (const char *)file->ecu.ptr, (int)file->old_revision.len,
             (const char *)file->old_revision.ptr, (int)file->new_revision.len,
             (const char *)file->new_revision.ptr);
    return MDD_OK;
}

static void test_status(void **state)
{
    (void)state;
    fixture f;
    make_fixture(&f);
    mdd_update *u = open_update(f.live, "test");
    stage_all(u, &f);
    seen s = {0};
    mdd_update_state st;
    mdd_error err;
    check(mdd_update_status(u, &st, note, &s, &err), &err);
    assert_int_equal(s.count, 3);
    assert_string_equal(s.lines[0], "A.mdd changed A 01>02");
    assert_string_equal(s.lines[1], "B.mdd removed B 01>");
    assert_string_equal(s.lines[2], "C.mdd added C >01");
    assert_int_equal(st.staged, 3);
    assert_int_equal(st.backup, 0);
    assert_non_null(strstr(st.holder, "test, pid "));
    mdd_update_close(u);
    drop_fixture(&f);
}

/* ---- Readers during switches ---- */

typedef struct readers {
    const char *dir;
    atomic_int stop;
    atomic_size_t opens, mixes;
} readers;

/* Which set db serves: 1 for the old one (A at 01 and B), 2 for the new one (A at 02 and C),
 * 0 for a mix. */
static int which_set(const mdd_db *db)
{
    char a[64], b[64], c[64];
    answer(db, "A", a, sizeof a);
    answer(db, "B", b, sizeof b);
    answer(db, "C", c, sizeof c);
    if (strcmp(a, "Session_01") == 0 && b[0] && !c[0] && mdd_db_ecu_count(db) == 2)
        return 1;
    if (strcmp(a, "Session_02") == 0 && !b[0] && c[0] && mdd_db_ecu_count(db) == 2)
        return 2;
    return 0;
}

static void *open_loop(void *arg)
{
    readers *r = arg;
    while (!atomic_load(&r->stop)) {
        mdd_db *db;
        mdd_error err;
        if (mdd_db_open_dir(r->dir, NULL, &db, &err) != MDD_OK)
            fail_msg("open during switches: %s", err.message);
        if (!which_set(db))
            atomic_fetch_add(&r->mixes, 1);
        atomic_fetch_add(&r->opens, 1);
        mdd_db_close(db);
    }
    return NULL;
}

static void *reload_loop(void *arg)
{
    readers *r = arg;
    mdd_db_live *live;
    mdd_error err;
    if (mdd_db_live_open_dir(r->dir, NULL, &live, &err) != MDD_OK)
        fail_msg("live open: %s", err.message);
    while (!atomic_load(&r->stop)) {
        mdd_db_reload_stats stats;
        if (mdd_db_live_reload(live, &stats, &err) != MDD_OK)
            fail_msg("reload during switches: %s", err.message);
        assert_int_equal(stats.refused, 0);
        const mdd_db *db = mdd_db_live_acquire(live);
        if (!which_set(db))
            atomic_fetch_add(&r->mixes, 1);
        mdd_db_live_release(db);
    }
    mdd_db_live_close(live);
    return NULL;
}

static void test_switches_while_read(void **state)
{
    (void)state;
    fixture f;
    make_fixture(&f);
    mdd_update *u = open_update(f.live, "test");
    stage_all(u, &f);
    readers r = {.dir = f.live};
    pthread_t threads[3];
    assert_int_equal(pthread_create(&threads[0], NULL, open_loop, &r), 0);
    assert_int_equal(pthread_create(&threads[1], NULL, open_loop, &r), 0);
    assert_int_equal(pthread_create(&threads[2], NULL, reload_loop, &r), 0);
    mdd_error err;
    check(mdd_update_apply(u, &err), &err);
    /* Each rollback goes back, or forward again. */
    for (int i = 0; i < 20; i++)
        check(mdd_update_rollback(u, &err), &err);
    atomic_store(&r.stop, 1);
    for (int i = 0; i < 3; i++)
        pthread_join(threads[i], NULL);
    assert_int_equal(atomic_load(&r.mixes), 0);
    assert_true(atomic_load(&r.opens) > 0);
    mdd_db *db;
    check(mdd_db_open_dir(f.live, NULL, &db, &err), &err);
    assert_int_equal(which_set(db), 2); /* an apply and an even number of rollbacks */
    mdd_db_close(db);
    mdd_update_close(u);
    drop_fixture(&f);
}

/* ---- A live database follows switches, one reload each ---- */

static void test_live_follows(void **state)
{
    (void)state;
    fixture f;
    make_fixture(&f);
    mdd_db_live *live;
    mdd_error err;
    check(mdd_db_live_open_dir(f.live, NULL, &live, &err), &err);
    mdd_update *u = open_update(f.live, "test");
    stage_all(u, &f);
    check(mdd_update_apply(u, &err), &err);
    mdd_db_reload_stats stats;
    check(mdd_db_live_reload(live, &stats, &err), &err);
    assert_int_equal(stats.published, 1);
    assert_int_equal(stats.loaded, 2);
    assert_int_equal(stats.removed, 1);
    check(mdd_db_live_reload(live, &stats, &err), &err);
    assert_int_equal(stats.published, 0);
    /* Back below the revision it loaded: the rollback set the history there. */
    check(mdd_update_rollback(u, &err), &err);
    check(mdd_db_live_reload(live, &stats, &err), &err);
    assert_int_equal(stats.refused, 0);
    const mdd_db *db = mdd_db_live_acquire(live);
    assert_int_equal(which_set(db), 1);
    mdd_db_live_release(db);
    mdd_db_live_close(live);
    mdd_update_close(u);
    drop_fixture(&f);
}

/* ---- The gate, a second update, read-only ---- */

static int refuse(void *ctx, char *why, size_t size)
{
    snprintf(why, size, "%s", (const char *)ctx);
    return 0;
}

static void test_gate_busy_read_only(void **state)
{
    (void)state;
    fixture f;
    make_fixture(&f);
    mdd_update_options opts = mdd_update_options_default();
    opts.holder = "the plugin";
    opts.may_switch = refuse;
    opts.may_switch_ctx = "a session runs";
    mdd_update *u;
    mdd_error err;
    check(mdd_update_open(f.live, &opts, &u, &err), &err);
    stage_all(u, &f);
    assert_int_equal(mdd_update_apply(u, &err), MDD_ERR_BUSY);
    assert_non_null(strstr(err.message, "apply refused now: a session runs"));

    mdd_update *second;
    opts = mdd_update_options_default();
    assert_int_equal(mdd_update_open(f.live, &opts, &second, &err), MDD_ERR_BUSY);
    assert_non_null(strstr(err.message, "another update is in flight (the plugin, pid "));

    opts.read_only = 1;
    check(mdd_update_open(f.live, &opts, &second, &err), &err);
    seen s = {0};
    mdd_update_state st;
    check(mdd_update_status(second, &st, note, &s, &err), &err);
    assert_int_equal(st.staged, 3);
    assert_non_null(strstr(st.holder, "the plugin, pid "));
    assert_int_equal(mdd_update_apply(second, &err), MDD_ERR_ARG);
    assert_int_equal(mdd_update_stage_file(second, f.src_a, &err), MDD_ERR_ARG);
    mdd_update_close(second);

    mdd_update_close(u);
    opts.read_only = 0;
    check(mdd_update_open(f.live, &opts, &u, &err), &err);
    check(mdd_update_apply(u, &err), &err);
    mdd_update_close(u);
    drop_fixture(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_status),
        cmocka_unit_test(test_switches_while_read),
        cmocka_unit_test(test_live_follows),
        cmocka_unit_test(test_gate_busy_read_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
