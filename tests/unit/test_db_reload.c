/* SPDX-License-Identifier: Apache-2.0 */
/* Live databases: a reload takes new, changed and removed files, shares the ECUs of unchanged
 * ones, refuses broken files and downgrades (also below the directory's downgrade history,
 * after the file was deleted) while the old version keeps serving, and readers
 * on eight threads only ever see one generation whole. Built with -fsanitize=thread too. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "session_ecu.h"
#include "testutil.h"

#include <mdd/codec.h>
#include <mdd/container.h>
#include <mdd/db.h>
#include <mdd_internal/codec.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void make_dir(char *dir, size_t size)
{
    assert_int_equal(tu_make_temp_dir(dir, size, "reload"), 0);
}

static mdd_db_live *open_live(const char *dir, int allow_downgrade)
{
    mdd_db_options opts = mdd_db_options_default();
    opts.allow_downgrade = allow_downgrade;
    mdd_db_live *live = NULL;
    mdd_error err;
    if (mdd_db_live_open_dir(dir, &opts, &live, &err) != MDD_OK)
        fail_msg("open: %s", err.message);
    return live;
}

static mdd_db_reload_stats reload(mdd_db_live *live)
{
    mdd_db_reload_stats stats;
    mdd_error err;
    if (mdd_db_live_reload(live, &stats, &err) != MDD_OK)
        fail_msg("reload: %s", err.message);
    return stats;
}

static void assert_stats(mdd_db_reload_stats s, size_t loaded, size_t unchanged,
                         size_t removed, size_t refused)
{
    assert_int_equal(s.loaded, loaded);
    assert_int_equal(s.unchanged, unchanged);
    assert_int_equal(s.removed, removed);
    assert_int_equal(s.refused, refused);
    assert_int_equal(s.published, loaded + removed + refused > 0);
}

/* A changed file is taken; a reader that held the old generation keeps its ECU and views
 * (also after the live database closed), and the unchanged file's ECU is shared by both
 * generations; a reload without changes publishes nothing. */
static void test_update_while_held(void **state)
{
    (void)state;
    char dir[256];
    make_dir(dir, sizeof dir);
    install_ecu(dir, "a.mdd", "A", "1", INTACT);
    install_ecu(dir, "b.mdd", "B", "1", INTACT);
    mdd_db_live *live = open_live(dir, 0);
    const mdd_db *old = mdd_db_live_acquire(live);
    mdd_db_service held;
    static const uint8_t request[] = {0x10, 0x01};
    assert_int_equal(mdd_db_layer_lookup_request(mdd_db_ecu_base_variant(mdd_db_find_ecu(old, "A")),
                                                 request, 2, &held, 1),
                     1);

    assert_stats(reload(live), 0, 2, 0, 0);
    const mdd_db *same = mdd_db_live_acquire(live);
    assert_ptr_equal(same, old);
    mdd_db_live_release(same);

    install_ecu(dir, "a.mdd", "A", "2", INTACT);
    assert_stats(reload(live), 1, 1, 0, 0);
    const mdd_db *now = mdd_db_live_acquire(live);
    assert_ptr_not_equal(now, old);
    assert_answer(now, "A", "Session_2");
    assert_answer(old, "A", "Session_1");
    assert_ptr_equal(mdd_db_find_ecu(now, "B"), mdd_db_find_ecu(old, "B"));
    /* The old file is gone from the directory, but its mapping lives while old is held,
     * even past the live database's close. */
    mdd_db_live_release(now);
    mdd_db_live_close(live);
    mdd_bytes name = mdd_diag_comm_short_name(mdd_diag_service_diag_comm(held.service));
    assert_true(mdd_bytes_equal_str(name, "Session_1"));
    mdd_db_live_release(old);
    assert_int_equal(tu_remove_tree(dir), 0);
}

/* New files are picked up, removed ones left out. */
static void test_new_and_removed(void **state)
{
    (void)state;
    char dir[256];
    make_dir(dir, sizeof dir);
    install_ecu(dir, "a.mdd", "A", "1", INTACT);
    mdd_db_live *live = open_live(dir, 0);
    install_ecu(dir, "c.mdd", "C", "7", INTACT);
    assert_stats(reload(live), 1, 1, 0, 0);
    const mdd_db *db = mdd_db_live_acquire(live);
    assert_int_equal(mdd_db_ecu_count(db), 2);
    assert_answer(db, "C", "Session_7");
    mdd_db_live_release(db);

    char path[300];
    snprintf(path, sizeof path, "%s/a.mdd", dir);
    assert_int_equal(unlink(path), 0);
    assert_stats(reload(live), 0, 1, 1, 0);
    db = mdd_db_live_acquire(live);
    assert_int_equal(mdd_db_ecu_count(db), 1);
    assert_null(mdd_db_find_ecu(db, "A"));
    assert_int_equal(mdd_db_report_count(db), 0);
    mdd_db_live_release(db);
    mdd_db_live_close(live);
    assert_int_equal(tu_remove_tree(dir), 0);
}

/* The one report entry of the current generation: its kind, status, source and the words
 * its message must hold. */
static void assert_refusal(mdd_db_live *live, const char *dir, mdd_db_report_kind kind,
                           mdd_status status, const char *reason)
{
    char path[300];
    snprintf(path, sizeof path, "%s/a.mdd", dir);
    const mdd_db *db = mdd_db_live_acquire(live);
    assert_int_equal(mdd_db_report_count(db), 1);
    const mdd_db_report_entry *e = mdd_db_report_at(db, 0);
    assert_int_equal(e->kind, kind);
    assert_int_equal(e->status, status);
    assert_string_equal(e->source, path);
    assert_memory_equal(e->message, path, strlen(path));
    if (!strstr(e->message, reason))
        fail_msg("'%s' does not say '%s'", e->message, reason);
    assert_answer(db, "A", "Session_2");
    mdd_db_live_release(db);
}

/* Broken updates and a downgrade are refused, each with its reason, and revision 2 keeps
 * serving; a good update after them is taken. */
static void test_refused_updates(void **state)
{
    (void)state;
    char dir[256];
    make_dir(dir, sizeof dir);
    install_ecu(dir, "a.mdd", "A", "2", INTACT);
    mdd_db_live *live = open_live(dir, 0);

    install_bytes(dir, "a.mdd", "not an MDD file\n", 16);
    assert_stats(reload(live), 0, 0, 0, 1);
    assert_refusal(live, dir, MDD_DB_REPORT_REFUSED, MDD_ERR_FORMAT, "magic");

    mdd_buffer buf = {0};
    encode_ecu(&buf, "A", "3", INTACT);
    install_bytes(dir, "a.mdd", buf.data, buf.len / 2);
    assert_stats(reload(live), 0, 0, 0, 1);
    assert_refusal(live, dir, MDD_DB_REPORT_REFUSED, MDD_ERR_FORMAT, "update refused");
    mdd_buffer_free(&buf);

    install_ecu(dir, "a.mdd", "A", "3", WRONG_SHA512);
    assert_stats(reload(live), 0, 0, 0, 1);
    assert_refusal(live, dir, MDD_DB_REPORT_REFUSED, MDD_ERR_CHECKSUM, "SHA-512");

    install_ecu(dir, "a.mdd", "A", "1", INTACT);
    assert_stats(reload(live), 0, 0, 0, 1);
    assert_refusal(live, dir, MDD_DB_REPORT_DOWNGRADE, MDD_OK,
                   "revision 1 is older than revision 2");

    install_ecu(dir, "a.mdd", "A", "3", INTACT);
    assert_stats(reload(live), 1, 0, 0, 0);
    const mdd_db *db = mdd_db_live_acquire(live);
    assert_answer(db, "A", "Session_3");
    assert_int_equal(mdd_db_report_count(db), 0);
    mdd_db_live_release(db);
    mdd_db_live_close(live);
    assert_int_equal(tu_remove_tree(dir), 0);
}

/* With allow_downgrade an older revision is taken. */
static void test_allowed_downgrade(void **state)
{
    (void)state;
    char dir[256];
    make_dir(dir, sizeof dir);
    install_ecu(dir, "a.mdd", "A", "2", INTACT);
    mdd_db_live *live = open_live(dir, 1);
    install_ecu(dir, "a.mdd", "A", "1", INTACT);
    assert_stats(reload(live), 1, 0, 0, 0);
    const mdd_db *db = mdd_db_live_acquire(live);
    assert_answer(db, "A", "Session_1");
    mdd_db_live_release(db);
    mdd_db_live_close(live);
    assert_int_equal(tu_remove_tree(dir), 0);
}

/* The one report entry of the current generation is a downgrade the history refused: A's
 * revision 1 below 3. */
static void assert_history_refusal(mdd_db_live *live, const char *dir, const char *ending)
{
    const mdd_db *db = mdd_db_live_acquire(live);
    assert_int_equal(mdd_db_report_count(db), 1);
    const mdd_db_report_entry *e = mdd_db_report_at(db, 0);
    assert_int_equal(e->kind, MDD_DB_REPORT_DOWNGRADE);
    assert_int_equal(e->status, MDD_OK);
    char expected[800];
    snprintf(expected, sizeof expected,
             "%s/a.mdd: ECU 'A' revision 1 is older than revision 3, the highest accepted "
             "before (%s/.mdd-history)%s",
             dir, dir, ending);
    assert_string_equal(e->message, expected);
    mdd_db_live_release(db);
}

/* A live database over dir (made), which holds a.mdd: ECU A revision 2. */
static mdd_db_live *serving_a2(char *dir, size_t size)
{
    make_dir(dir, size);
    install_ecu(dir, "a.mdd", "A", "2", INTACT);
    return open_live(dir, 0);
}

/* The directory's downgrade history outlives the file: deleted, then back at an older
 * revision, it is refused by a reload and by a new live open (unless allow_downgrade); a
 * newer revision raises the history. */
static void test_history_after_delete(void **state)
{
    (void)state;
    char dir[256], path[300];
    mdd_db_live *live = serving_a2(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/a.mdd", dir);
    install_ecu(dir, "a.mdd", "A", "3", INTACT);
    assert_stats(reload(live), 1, 0, 0, 0);
    assert_int_equal(unlink(path), 0);
    assert_stats(reload(live), 0, 0, 1, 0);
    install_ecu(dir, "a.mdd", "A", "1", INTACT);
    assert_stats(reload(live), 0, 0, 0, 1);
    assert_history_refusal(live, dir, " (refused: a downgrade)");
    const mdd_db *db = mdd_db_live_acquire(live);
    assert_null(mdd_db_find_ecu(db, "A"));
    mdd_db_live_release(db);
    mdd_db_live_close(live);

    live = open_live(dir, 0);
    assert_history_refusal(live, dir, " (refused: a downgrade)");
    mdd_db_live_close(live);
    live = open_live(dir, 1);
    db = mdd_db_live_acquire(live);
    assert_answer(db, "A", "Session_1");
    mdd_db_live_release(db);
    mdd_db_live_close(live);

    mdd_db_history *history;
    mdd_error err;
    assert_int_equal(mdd_db_history_load(dir, &history, &err), MDD_OK);
    assert_true(mdd_bytes_equal_str(mdd_db_history_floor(history, text("A")), "3"));
    mdd_db_history_free(history);
    assert_int_equal(tu_remove_tree(dir), 0);
}

/* A history that cannot be trusted fails a live open, and refuses every changed file of a
 * reload while the loaded version keeps serving. */
static void test_untrusted_history(void **state)
{
    (void)state;
    char dir[256], history[300];
    mdd_db_live *live = serving_a2(dir, sizeof dir);
    snprintf(history, sizeof history, "%s/.mdd-history", dir);
    assert_int_equal(chmod(history, 0666), 0);
    install_ecu(dir, "a.mdd", "A", "3", INTACT);
    assert_stats(reload(live), 0, 0, 0, 1);
    assert_refusal(live, dir, MDD_DB_REPORT_REFUSED, MDD_ERR_FORMAT,
                   ".mdd-history: writable by group or others (mode 666) (update refused; "
                   "revision 2 loaded before keeps serving)");
    mdd_db_live_close(live);

    mdd_db_options opts = mdd_db_options_default();
    mdd_error err;
    assert_int_equal(mdd_db_live_open_dir(dir, &opts, &live, &err), MDD_ERR_FORMAT);
    char expected[400];
    snprintf(expected, sizeof expected, "%s: writable by group or others (mode 666)", history);
    assert_string_equal(err.message, expected);
    assert_int_equal(tu_remove_tree(dir), 0);
}

/* A new file of an ECU name already loaded, with a newer revision, becomes the default; the
 * older file, unchanged, stays reachable by path and is no longer marked the default in the
 * new generation, while the old generation still has it so. */
static void test_new_default(void **state)
{
    (void)state;
    char dir[256];
    make_dir(dir, sizeof dir);
    install_ecu(dir, "a.mdd", "A", "1", INTACT);
    mdd_db_live *live = open_live(dir, 0);
    const mdd_db *old = mdd_db_live_acquire(live);
    install_ecu(dir, "b.mdd", "A", "2", INTACT);
    mdd_db_reload_stats s = reload(live);
    assert_int_equal(s.loaded, 2); /* b.mdd, and a.mdd again for its mark */
    assert_int_equal(s.unchanged, 0);
    const mdd_db *now = mdd_db_live_acquire(live);
    assert_answer(now, "A", "Session_2");
    char a[300];
    snprintf(a, sizeof a, "%s/a.mdd", dir);
    assert_false(mdd_db_ecu_is_default(mdd_db_find_ecu_path(now, a)));
    assert_true(mdd_db_ecu_is_default(mdd_db_find_ecu_path(old, a)));
    assert_int_equal(mdd_db_report_count(now), 1);
    assert_int_equal(mdd_db_report_at(now, 0)->kind, MDD_DB_REPORT_DUPLICATE);
    mdd_db_live_release(now);
    mdd_db_live_release(old);
    mdd_db_live_close(live);
    assert_int_equal(tu_remove_tree(dir), 0);
}

/* ---- Readers on eight threads while files are replaced ---- */

enum { READERS = 8, RELOADS = 40 };

typedef struct reader_ctx {
    mdd_db_live *live;
    atomic_int *stop;
    char failure[160]; /* "" while every answer was whole */
    unsigned long lookups;
} reader_ctx;

/* Checks that A's revision and the service answering 10 01 come from one file, twice per
 * hold with other lookups between, so that a generation that changed under a hold shows. */
static void *read_loop(void *arg)
{
    reader_ctx *c = arg;
    do {
        const mdd_db *db = mdd_db_live_acquire(c->live);
        for (int round = 0; round < 2 && !c->failure[0]; round++) {
            const mdd_db_ecu *ecu = mdd_db_find_ecu(db, "A");
            const mdd_db_ecu *other = mdd_db_find_ecu(db, "B");
            if (!ecu || !other) {
                snprintf(c->failure, sizeof c->failure, "an ECU is missing");
                break;
            }
            mdd_bytes rev = mdd_db_ecu_revision(ecu);
            char expected[64], got[64];
            snprintf(expected, sizeof expected, "Session_%.*s", (int)rev.len,
                     (const char *)rev.ptr);
            answer(db, "A", got, sizeof got);
            if (strcmp(got, expected) != 0)
                snprintf(c->failure, sizeof c->failure, "revision %.*s answered by %s",
                         (int)rev.len, (const char *)rev.ptr, got);
            answer(db, "B", got, sizeof got);
            c->lookups++;
        }
        mdd_db_live_release(db);
    } while (!atomic_load(c->stop) && !c->failure[0]);
    return NULL;
}

static void test_readers_during_reloads(void **state)
{
    (void)state;
    char dir[256];
    make_dir(dir, sizeof dir);
    mdd_buffer versions[2] = {{0}, {0}};
    encode_ecu(&versions[0], "A", "10", INTACT);
    encode_ecu(&versions[1], "A", "11", INTACT);
    install_bytes(dir, "a.mdd", versions[0].data, versions[0].len);
    install_ecu(dir, "b.mdd", "B", "1", INTACT);
    mdd_db_options opts = mdd_db_options_default();
    opts.allow_downgrade = 1; /* the versions take turns */
    mdd_db_live *live;
    mdd_error err;
    assert_int_equal(mdd_db_live_open_dir(dir, &opts, &live, &err), MDD_OK);

    atomic_int stop = 0;
    reader_ctx ctx[READERS];
    pthread_t threads[READERS];
    for (int i = 0; i < READERS; i++) {
        ctx[i] = (reader_ctx){.live = live, .stop = &stop};
        assert_int_equal(pthread_create(&threads[i], NULL, read_loop, &ctx[i]), 0);
    }
    for (int i = 1; i <= RELOADS; i++) {
        const mdd_buffer *v = &versions[i % 2];
        install_bytes(dir, "a.mdd", v->data, v->len);
        assert_stats(reload(live), 1, 1, 0, 0);
    }
    atomic_store(&stop, 1);
    for (int i = 0; i < READERS; i++) {
        assert_int_equal(pthread_join(threads[i], NULL), 0);
        assert_string_equal(ctx[i].failure, "");
        assert_true(ctx[i].lookups > 0);
    }
    const mdd_db *db = mdd_db_live_acquire(live);
    assert_answer(db, "A", RELOADS % 2 ? "Session_11" : "Session_10");
    mdd_db_live_release(db);
    mdd_db_live_close(live);
    mdd_buffer_free(&versions[0]);
    mdd_buffer_free(&versions[1]);
    assert_int_equal(tu_remove_tree(dir), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_update_while_held),
        cmocka_unit_test(test_new_and_removed),
        cmocka_unit_test(test_refused_updates),
        cmocka_unit_test(test_allowed_downgrade),
        cmocka_unit_test(test_new_default),
        cmocka_unit_test(test_history_after_delete),
        cmocka_unit_test(test_untrusted_history),
        cmocka_unit_test(test_readers_during_reloads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
