/* SPDX-License-Identifier: Apache-2.0 */
/* What the lookups of mdd/db.h cost besides time: no heap allocation, under every storage
 * strategy, and no thread anywhere from open to close (the library starts threads only for an
 * asynchronous reader or a parallel conversion, which these databases do not ask for).
 * Allocations are counted with alloc_count.h, which sees every call from libmdd.a's objects.
 * Threads are the entries of /proc/self/task. The databases are copies of the corpus (skipped without it), since
 * sidecar and inplace write next to the files they open. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "alloc_count.h"
#include "testutil.h"

#include <mdd/db.h>
#include <mdd/store.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Fixtures ---- */

static size_t thread_count(void) { return tu_entries_in("/proc/self/task"); }

/* The threads the process has before it opens anything: the test's own one, and in a cross
 * build (MDD_TEST_EMULATOR names the emulator) also qemu-user's own, which /proc/self/task
 * lists beside the emulated program's. */
static size_t threads_at_start(void)
{
    size_t threads = thread_count();
    const char *emulator = tu_emulator();
    if (emulator) {
        assert_true(threads >= 1);
        print_message("note: %zu threads at the start under %s, the emulator's included\n",
                      threads, emulator);
    } else {
        assert_int_equal(threads, 1);
    }
    return threads;
}

/* Copies every corpus file into a new temporary folder, written to dir. */
static void copy_corpus(char *dir, size_t size)
{
    if (!tu_corpus_dir())
        skip();
    assert_int_equal(tu_make_temp_dir(dir, size, "lookup"), 0);
    char **paths = NULL;
    size_t count = tu_corpus_files(&paths);
    assert_true(count > 0);
    for (size_t i = 0; i < count; i++) {
        size_t len = 0;
        uint8_t *bytes = tu_read_file(paths[i], &len);
        const char *base = strrchr(paths[i], '/');
        char to[8200];
        snprintf(to, sizeof to, "%s/%s", dir, base ? base + 1 : paths[i]);
        tu_write_file(to, bytes, len);
        free(bytes);
        free(paths[i]);
    }
    free(paths);
}

/* ---- Every lookup of mdd/db.h on one layer, one ECU, one database ---- */

/* Returns how many lookups it made, so that the caller knows they ran. */
static unsigned long look_up_layer(const mdd_db_layer *layer)
{
    unsigned long calls = 5;
    (void)mdd_db_layer_ecu(layer);
    (void)mdd_db_layer_name(layer);
    (void)mdd_db_layer_diag_layer(layer);
    (void)mdd_db_layer_variant(layer);
    (void)mdd_db_layer_functional_group(layer);
    uint32_t services = mdd_db_layer_service_count(layer);
    for (uint32_t i = 0; i < services; i++) {
        mdd_db_service s = mdd_db_layer_service_at(layer, i), again, found[4];
        mdd_bytes name = mdd_diag_comm_short_name(mdd_diag_service_diag_comm(s.service));
        char text[256];
        snprintf(text, sizeof text, "%.*s", (int)name.len, name.ptr ? (const char *)name.ptr : "");
        (void)mdd_db_layer_find_service(layer, text, &again);
        (void)mdd_db_layer_lookup_request(layer, s.prefix.bytes, s.prefix.len, found, 4);
        (void)mdd_db_layer_lookup_name(layer, text, found, 4);
        mdd_bytes semantic = mdd_diag_comm_semantic(mdd_diag_service_diag_comm(s.service));
        snprintf(text, sizeof text, "%.*s", (int)semantic.len,
                 semantic.ptr ? (const char *)semantic.ptr : "");
        (void)mdd_db_layer_lookup_semantic(layer, text, found, 4);
        (void)mdd_db_layer_lookup_class(layer, "Session", found, 4);
        uint8_t sid = s.prefix.len ? s.prefix.bytes[0] : 0;
        uint8_t sub = s.prefix.len > 1 ? s.prefix.bytes[1] : 0;
        (void)mdd_db_layer_lookup_sid(layer, sid, found, 4);
        (void)mdd_db_layer_lookup_subfunction(layer, sid, sub, found, 4);
        mdd_db_service_query q = {.name = text, .has_sid = 1, .sid = sid};
        (void)mdd_db_layer_query_services(layer, &q, found, 4);
        calls += 10;
    }
    static const uint8_t unknown[] = {0x7f, 0x00};
    (void)mdd_db_layer_lookup_request(layer, unknown, sizeof unknown, NULL, 0);
    (void)mdd_db_layer_find_service(layer, "no such service", NULL);
    return calls + 3;
}

static unsigned long look_up_ecu(const mdd_db *db, const mdd_db_ecu *ecu)
{
    unsigned long calls = 5;
    mdd_bytes name = mdd_db_ecu_name(ecu);
    char text[256];
    snprintf(text, sizeof text, "%.*s", (int)name.len, name.ptr ? (const char *)name.ptr : "");
    assert_ptr_equal(mdd_db_find_ecu(db, text), ecu);
    (void)mdd_db_ecu_path(ecu);
    (void)mdd_db_ecu_store(ecu);
    (void)mdd_db_ecu_data(ecu);
    for (uint32_t i = 0; i < mdd_db_ecu_variant_count(ecu); i++) {
        const mdd_db_layer *v = mdd_db_ecu_variant_at(ecu, i);
        mdd_bytes vname = mdd_db_layer_name(v);
        snprintf(text, sizeof text, "%.*s", (int)vname.len, (const char *)vname.ptr);
        assert_ptr_equal(mdd_db_ecu_find_variant(ecu, text), v);
        calls += look_up_layer(v) + 2;
    }
    if (mdd_db_ecu_base_variant(ecu))
        calls += look_up_layer(mdd_db_ecu_base_variant(ecu));
    for (uint32_t i = 0; i < mdd_db_ecu_functional_group_count(ecu); i++) {
        const mdd_db_layer *g = mdd_db_ecu_functional_group_at(ecu, i);
        mdd_bytes gname = mdd_db_layer_name(g);
        snprintf(text, sizeof text, "%.*s", (int)gname.len, (const char *)gname.ptr);
        assert_ptr_equal(mdd_db_ecu_find_functional_group(ecu, text), g);
        calls += look_up_layer(g) + 2;
    }
    for (uint32_t i = 0; i < mdd_db_ecu_dtc_count(ecu); i++) {
        uint32_t first = 0;
        assert_true(mdd_db_ecu_find_dtcs(ecu, mdd_dtc_trouble_code(mdd_db_ecu_dtc_at(ecu, i)), &first) > 0);
        calls += 2;
    }
    return calls;
}

static unsigned long look_up_all(const mdd_db *db)
{
    unsigned long calls = 2;
    mdd_db_memory memory;
    assert_int_equal(mdd_db_memory_report(db, &memory, NULL), MDD_OK);
    for (size_t i = 0; i < mdd_db_ecu_count(db); i++)
        calls += look_up_ecu(db, mdd_db_ecu_at(db, i)) + 1;
    (void)mdd_db_find_ecu(db, "NO_SUCH_ECU");
    return calls;
}

/* Opens the copied corpus under strategy, checks one thread throughout and no allocation
 * during two passes of lookups (the first also touches everything for the first time). */
static void check_strategy(mdd_strategy strategy)
{
    char dir[4096];
    copy_corpus(dir, sizeof dir);
    size_t threads = threads_at_start();
    mdd_db_options opts = mdd_db_options_default();
    opts.store.strategy = strategy;
    mdd_db *db = NULL;
    mdd_error err;
    if (mdd_db_open_dir(dir, &opts, &db, &err) != MDD_OK)
        fail_msg("open: %s", err.message);
    assert_true(mdd_db_ecu_count(db) > 0);
    assert_int_equal(thread_count(), threads);
    for (int pass = 0; pass < 2; pass++) {
        unsigned long before = tu_allocations();
        unsigned long calls = look_up_all(db);
        unsigned long made = tu_allocations() - before;
        if (made != 0)
            fail_msg("pass %d: %lu allocations in %lu lookups", pass, made, calls);
        assert_true(calls > 100);
    }
    assert_int_equal(thread_count(), threads);
    mdd_db_close(db);
    assert_int_equal(thread_count(), threads);
    assert_int_equal(tu_remove_tree(dir), 0);
}

/* The counter sees the library's allocations: opening a database allocates. */
static void test_counter_counts(void **state)
{
    (void)state;
    unsigned long before = tu_allocations();
    mdd_db *db = NULL;
    assert_int_equal(mdd_db_open_payloads(NULL, 0, NULL, &db, NULL), MDD_OK);
    assert_true(tu_allocations() > before);
    mdd_db_close(db);
}

static void test_heap(void **state)
{
    (void)state;
    check_strategy(MDD_STRATEGY_HEAP);
}

static void test_sidecar(void **state)
{
    (void)state;
    check_strategy(MDD_STRATEGY_SIDECAR);
}

static void test_inplace(void **state)
{
    (void)state;
    check_strategy(MDD_STRATEGY_INPLACE);
}

static void test_pread(void **state)
{
    (void)state;
    check_strategy(MDD_STRATEGY_PREAD);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counter_counts), cmocka_unit_test(test_heap),
        cmocka_unit_test(test_sidecar),        cmocka_unit_test(test_inplace),
        cmocka_unit_test(test_pread),
    };
    return cmocka_run_group_tests_name("lookup_resources", tests, NULL, NULL);
}
