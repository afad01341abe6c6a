/* SPDX-License-Identifier: Apache-2.0 */
/* A database of many files: which revision is newer, the default among files of one ECU name
 * and the others by path, invalid files skipped or refused, parent references that name no
 * layer, and the report that says so. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "ecu_builder.h"
#include "testutil.h"

#include <mdd/container.h>
#include <mdd/db.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static mdd_bytes text(const char *s) { return (mdd_bytes){(const uint8_t *)s, s ? strlen(s) : 0}; }

static const eb_service SERVICES[] = {
    EB_SERVICE("Session", "16", "1", 8), /* 10 01 */
};
static const eb_service BASE_SERVICES[] = {
    EB_SERVICE("Reset", "17", "", 0), /* 11 */
};

/* One variant without parents, so that ECUs differ only in name and revision. */
static const eb_layer PLAIN[] = {
    {.kind = EB_VARIANT, .name = "V", .services = SERVICES, .service_count = 1},
};

/* Builds an ECU of PLAIN's layers into b. */
static mdd_bytes build_plain(tb *b, const char *name, const char *revision)
{
    eb_ecu ecu = {.name = name, .layers = PLAIN, .layer_count = 1, .revision = revision};
    eb_build(b, &ecu);
    return (mdd_bytes){b->buf, b->len};
}

static void test_revision_compare(void **state)
{
    (void)state;
    static const struct {
        const char *a, *b;
        int sign;
    } cases[] = {
        {"00.01.00", "00.01.00", 0}, {"00.9.0", "00.10.0", -1}, {"01.00", "1.0", 0},
        {"1.2", "1.2.0", -1},        {"2.0", "10.0", -1},       {"1.0a", "1.0b", -1},
        {"1.a", "1.10", 1},          {"", "0", -1},             {NULL, "0", -1},
        {NULL, NULL, 0},             {"1.", "1", 1},            {"007", "7", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int c = mdd_db_revision_compare(text(cases[i].a), text(cases[i].b));
        int back = mdd_db_revision_compare(text(cases[i].b), text(cases[i].a));
        if ((c > 0) - (c < 0) != cases[i].sign || (back > 0) - (back < 0) != -cases[i].sign)
            fail_msg("case %zu: %s vs %s gave %d and %d", i, cases[i].a, cases[i].b, c, back);
    }
}

static void test_newer_revision_is_default(void **state)
{
    (void)state;
    tb older, newer, other;
    mdd_bytes payloads[] = {build_plain(&older, "ECU", "01.9.0"),
                            build_plain(&other, "AAA", NULL),
                            build_plain(&newer, "ECU", "01.10.0")};
    mdd_db *db;
    mdd_error err;
    assert_int_equal(mdd_db_open_payloads(payloads, 3, NULL, &db, &err), MDD_OK);
    assert_int_equal(mdd_db_ecu_count(db), 3);
    const mdd_db_ecu *ecu = mdd_db_find_ecu(db, "ECU");
    assert_true(mdd_bytes_equal_str(mdd_db_ecu_revision(ecu), "01.10.0"));
    assert_true(mdd_db_ecu_is_default(ecu));
    /* Iteration lists both, the default first. */
    assert_ptr_equal(mdd_db_ecu_at(db, 1), ecu);
    assert_true(mdd_bytes_equal_str(mdd_db_ecu_revision(mdd_db_ecu_at(db, 2)), "01.9.0"));
    assert_false(mdd_db_ecu_is_default(mdd_db_ecu_at(db, 2)));
    assert_true(mdd_db_ecu_is_default(mdd_db_ecu_at(db, 0)));
    assert_null(mdd_db_ecu_revision(mdd_db_ecu_at(db, 0)).ptr);
    assert_int_equal(mdd_db_report_count(db), 1);
    const mdd_db_report_entry *e = mdd_db_report_at(db, 0);
    assert_int_equal(e->kind, MDD_DB_REPORT_DUPLICATE);
    assert_int_equal(e->status, MDD_OK);
    assert_string_equal(e->source, "payload 0");
    assert_string_equal(e->chosen, "payload 2");
    assert_null(e->where);
    assert_string_equal(e->message,
                        "payload 0: ECU 'ECU' revision 01.9.0 is also in payload 2 revision "
                        "01.10.0, the default; this file stays reachable by its path");
    assert_null(mdd_db_report_at(db, 1));
    /* Payloads have no path. */
    assert_null(mdd_db_find_ecu_path(db, "payload 0"));
    mdd_db_close(db);
}

static void test_skip_invalid(void **state)
{
    (void)state;
    tb good, second;
    static const uint8_t garbage[] = "not a FlatBuffer at all";
    mdd_bytes payloads[] = {build_plain(&good, "GOOD", "1"), {garbage, sizeof garbage},
                            build_plain(&second, "SECOND", "1")};
    mdd_db *db = NULL;
    mdd_error refused;
    /* Refused by default, naming the payload. */
    mdd_status st = mdd_db_open_payloads(payloads, 3, NULL, &db, &refused);
    assert_int_not_equal(st, MDD_OK);
    assert_null(db);
    assert_memory_equal(refused.message, "payload 1: ", 11);
    mdd_db_options opts = mdd_db_options_default();
    opts.skip_invalid = 1;
    mdd_error err;
    assert_int_equal(mdd_db_open_payloads(payloads, 3, &opts, &db, &err), MDD_OK);
    assert_int_equal(mdd_db_ecu_count(db), 2);
    assert_non_null(mdd_db_find_ecu(db, "GOOD"));
    assert_non_null(mdd_db_find_ecu(db, "SECOND"));
    assert_int_equal(mdd_db_report_count(db), 1);
    const mdd_db_report_entry *e = mdd_db_report_at(db, 0);
    assert_int_equal(e->kind, MDD_DB_REPORT_SKIPPED);
    assert_int_equal(e->status, st);
    assert_string_equal(e->source, "payload 1");
    assert_null(e->chosen);
    char expected[sizeof refused.message + 16];
    snprintf(expected, sizeof expected, "%s (skipped)", refused.message);
    assert_string_equal(e->message, expected);
    mdd_db_close(db);
    /* Nothing valid at all: an empty database with one entry per file. */
    assert_int_equal(mdd_db_open_payloads(payloads + 1, 1, &opts, &db, &err), MDD_OK);
    assert_int_equal(mdd_db_ecu_count(db), 0);
    assert_int_equal(mdd_db_report_count(db), 1);
    mdd_db_close(db);
}

/* [0] Derived: parents NONE, a Variant tag without a table, the unlisted [2], Base [1];
 * [1] Base -> Proto [3]; [2] Hidden, a variant EcuData does not list, with a NONE parent;
 * [3] Proto, with a FunctionalGroup tag without a table. */
static const eb_layer DANGLING[] = {
    {.kind = EB_VARIANT, .name = "Derived", .services = SERVICES, .service_count = 1,
     .parents = {{.layer = EB_NO_LAYER},
                 {.layer = EB_NO_LAYER, .dangling_type = MDD_PARENT_REF_TYPE_VARIANT},
                 {.layer = 2}},
     .parent_count = 3},
    {.kind = EB_VARIANT, .name = "Base", .is_base = 1, .services = BASE_SERVICES,
     .service_count = 1, .parents = {{.layer = 3}}, .parent_count = 1},
    {.kind = EB_VARIANT, .name = "Hidden", .unlisted = 1, .parents = {{.layer = 3}},
     .parent_count = 1},
    {.kind = EB_PROTOCOL, .name = "Proto", .services = BASE_SERVICES, .service_count = 1,
     .parents = {{.layer = EB_NO_LAYER, .dangling_type = MDD_PARENT_REF_TYPE_FUNCTIONAL_GROUP},
                 {.layer = EB_NO_LAYER, .dangling_type = 9}},
     .parent_count = 2},
};

static void assert_missing(const mdd_db *db, size_t i, const char *where, const char *reason)
{
    const mdd_db_report_entry *e = mdd_db_report_at(db, i);
    assert_non_null(e);
    assert_int_equal(e->kind, MDD_DB_REPORT_MISSING_PARENT);
    assert_string_equal(e->source, "payload 0");
    assert_string_equal(e->where, where);
    char message[512];
    snprintf(message, sizeof message,
             "payload 0: %s %s; inheritance goes on with the other parents", where, reason);
    assert_string_equal(e->message, message);
}

static void test_missing_parents(void **state)
{
    (void)state;
    tb b;
    eb_ecu ecu = {.name = "DANGLE", .layers = DANGLING, .layer_count = 4};
    eb_build(&b, &ecu);
    mdd_bytes payload = {b.buf, b.len};
    mdd_db *db;
    mdd_error err;
    assert_int_equal(mdd_db_open_payloads(&payload, 1, NULL, &db, &err), MDD_OK);
    const mdd_db_ecu *e = mdd_db_find_ecu(db, "DANGLE");
    assert_int_equal(mdd_db_ecu_variant_count(e), 2);
    /* The rest of the inheritance goes on: Derived gets Proto's Reset through Hidden. */
    const mdd_db_layer *derived = mdd_db_ecu_find_variant(e, "Derived");
    assert_int_equal(mdd_db_layer_service_count(derived), 2);
    mdd_db_service s;
    assert_true(mdd_db_layer_find_service(derived, "Reset", &s));
    assert_int_equal(mdd_db_report_count(db), 5);
    assert_missing(db, 0, "EcuData.variants[0].parent_refs[0]",
                   "has ref type 0, which names no layer");
    assert_missing(db, 1, "EcuData.variants[0].parent_refs[1]", "has ref type Variant but no table");
    assert_missing(db, 2, "EcuData.variants[0].parent_refs[2]",
                   "names a Variant 'Hidden' that EcuData does not list (followed anyway)");
    /* Proto is reached from Base and from Hidden but checked once. */
    assert_missing(db, 3, "Protocol 'Proto'.parent_refs[0]",
                   "has ref type FunctionalGroup but no table");
    assert_missing(db, 4, "Protocol 'Proto'.parent_refs[1]",
                   "has ref type 9, which names no layer");
    mdd_db_close(db);
}

/* Writes payload as an MDD file at path: one plain DIAGNOSTIC_DESCRIPTION chunk and the
 * container revision given. */
static void write_mdd(const char *path, mdd_bytes payload, const char *name,
                      const char *revision)
{
    mdd_chunk chunk = {.type = MDD_CHUNK_DIAGNOSTIC_DESCRIPTION, .data = payload};
    mdd_file file = {.version = text("2025-05-21"), .ecu_name = text(name),
                     .revision = revision ? text(revision) : (mdd_bytes){NULL, 0},
                     .chunks = &chunk, .chunk_count = 1};
    mdd_buffer buf = {0};
    mdd_sink sink = mdd_buffer_sink(&buf);
    mdd_error err;
    if (mdd_file_encode(&file, &sink, &err) != MDD_OK)
        fail_msg("encode: %s", err.message);
    tu_write_file(path, buf.data, buf.len);
    mdd_buffer_free(&buf);
}

/* Files: the container's revision counts when EcuData has none; the other file stays
 * reachable by its path; a broken file among good ones is skipped when asked. */
static void test_files_by_path(void **state)
{
    (void)state;
    char dir[256];
    assert_int_equal(tu_make_temp_dir(dir, sizeof dir, "report"), 0);
    char a[300], b[300], c[300];
    snprintf(a, sizeof a, "%s/a.mdd", dir);
    snprintf(b, sizeof b, "%s/b.mdd", dir);
    snprintf(c, sizeof c, "%s/c.mdd", dir);
    tb built;
    mdd_bytes payload = build_plain(&built, "ECU", NULL);
    write_mdd(a, payload, "ECU", "00.01.00");
    write_mdd(b, payload, "ECU", "00.02.00");
    tu_write_file(c, "MDD version 0", 13);
    mdd_db_options opts = mdd_db_options_default();
    opts.store.strategy = MDD_STRATEGY_HEAP;
    mdd_db *db = NULL;
    mdd_error err;
    assert_int_not_equal(mdd_db_open_dir(dir, &opts, &db, &err), MDD_OK);
    assert_null(db);
    assert_memory_equal(err.message, c, strlen(c));
    opts.skip_invalid = 1;
    assert_int_equal(mdd_db_open_dir(dir, &opts, &db, &err), MDD_OK);
    assert_int_equal(mdd_db_ecu_count(db), 2);
    const mdd_db_ecu *newest = mdd_db_find_ecu(db, "ECU");
    assert_string_equal(mdd_db_ecu_path(newest), b);
    assert_ptr_equal(mdd_db_find_ecu_path(db, b), newest);
    const mdd_db_ecu *older = mdd_db_find_ecu_path(db, a);
    assert_non_null(older);
    assert_ptr_not_equal(older, newest);
    assert_true(mdd_bytes_equal_str(mdd_db_ecu_revision(older), "00.01.00"));
    assert_null(mdd_db_find_ecu_path(db, c));
    assert_int_equal(mdd_db_report_count(db), 2);
    assert_int_equal(mdd_db_report_at(db, 0)->kind, MDD_DB_REPORT_SKIPPED);
    assert_string_equal(mdd_db_report_at(db, 0)->source, c);
    assert_int_equal(mdd_db_report_at(db, 1)->kind, MDD_DB_REPORT_DUPLICATE);
    assert_string_equal(mdd_db_report_at(db, 1)->source, a);
    assert_string_equal(mdd_db_report_at(db, 1)->chosen, b);
    mdd_db_close(db);
    assert_int_equal(tu_remove_tree(dir), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_revision_compare),
        cmocka_unit_test(test_newer_revision_is_default),
        cmocka_unit_test(test_skip_invalid),
        cmocka_unit_test(test_missing_parents),
        cmocka_unit_test(test_files_by_path),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
