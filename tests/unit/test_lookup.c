/* SPDX-License-Identifier: Apache-2.0 */
/* Service lookups through the index on a built ECU: prefixes longer than four bytes (a
 * routine id after SID and sub-function), most specific first; by name without case, SID,
 * SID + sub-function with the suppress bit ignored, functional class, semantic, combined
 * queries; the same within a functional group with inherited services; and no heap
 * allocation in any of them (counted with alloc_count.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "alloc_count.h"
#include "ecu_builder.h"

#include <mdd/db.h>

#include <stdlib.h>
#include <string.h>

/* ---- The ECU ---- */

#define SID(v) EB_CONST(v, 8, EB_ABSENT)
#define SUB(v) EB_CONST(v, 8, 1)

/* 31 01 + a 32-bit routine id: the six-byte prefixes a four-byte cap cut to 31 01. */
#define ROUTINE(svc_name, id)                                                                  \
    {.name = (svc_name), .params = {SID("49"), SUB("1"), EB_CONST(id, 32, 2)},                 \
     .param_count = 3, .semantic = "ROUTINE", .classes = {"Routine"}, .class_count = 1}

static const eb_service APP_SERVICES[] = {
    ROUTINE("Routine_A", "16909060"), /* 31 01 01020304 */
    ROUTINE("Routine_B", "16909061"), /* 31 01 01020305 */
    {.name = "Routine_Any", .params = {SID("49"), SUB("1")}, .param_count = 2},
    {.name = "Write_VIN", .params = {SID("46"), EB_CONST("61840", 16, 1)}, .param_count = 2,
     .semantic = "DATA", .classes = {"Write"}, .class_count = 1},      /* 2e f190 */
    {.name = "Write_Serial", .params = {SID("46"), EB_CONST("61836", 16, 1)}, .param_count = 2,
     .semantic = "DATA", .classes = {"Write"}, .class_count = 1},      /* 2e f18c */
    {.name = "HardReset", .params = {SID("17"), SUB("1")}, .param_count = 2,
     .semantic = "ECU-RESET", .classes = {"Reset", "Standard"}, .class_count = 2},
    {.name = "Hardreset", .params = {SID("17"), SUB("129")}, .param_count = 2,
     .semantic = "ECU-RESET", .classes = {"reset"}, .class_count = 1}, /* 11 81 */
    {.name = "Session_Extended", .params = {SID("16"), SUB("3")}, .param_count = 2,
     .semantic = "SESSION", .classes = {"Standard"}, .class_count = 1},
};
static const eb_service BASE_SERVICES[] = {
    {.name = "TesterPresent", .params = {SID("62"), SUB("0")}, .param_count = 2,
     .semantic = "TESTER-PRESENT", .classes = {"Standard"}, .class_count = 1},
    {.name = "SoftReset", .params = {SID("17"), SUB("3")}, .param_count = 2,
     .semantic = "ECU-RESET", .classes = {"Reset"}, .class_count = 1},
    {.name = "HardReset", .params = {SID("17"), SUB("1")}, .param_count = 2}, /* overridden */
};
static const eb_service GROUP_SERVICES[] = {
    {.name = "Broadcast_Reset", .params = {SID("17"), SUB("1")}, .param_count = 2,
     .semantic = "ECU-RESET", .classes = {"Reset"}, .class_count = 1},
};
static const eb_service SHARED_SERVICES[] = {
    {.name = "ClearAll", .params = {SID("20"), EB_CONST("16777215", 24, 1)}, .param_count = 2,
     .semantic = "FAULTMEMORY", .classes = {"Standard"}, .class_count = 1}, /* 14 ffffff */
    {.name = "Hidden", .params = {SID("20")}, .param_count = 1},
};

/* [0] App -> [1] Base; [2] Group -> [3] shared data, without Hidden. */
static const eb_layer LAYERS[] = {
    {.kind = EB_VARIANT, .name = "App", .services = APP_SERVICES, .service_count = 8,
     .parents = {{.layer = 1}}, .parent_count = 1},
    {.kind = EB_VARIANT, .name = "Base", .is_base = 1, .services = BASE_SERVICES,
     .service_count = 3},
    {.kind = EB_GROUP, .name = "Group", .services = GROUP_SERVICES, .service_count = 1,
     .parents = {{.layer = 3, .not_inherited = {"Hidden"}, .not_inherited_count = 1}},
     .parent_count = 1},
    {.kind = EB_SHARED, .name = "Shared", .services = SHARED_SERVICES, .service_count = 2},
};
static const eb_ecu ECU = {"LOOKUP", LAYERS, 4, NULL, 0, NULL};

static tb built;
static mdd_db *db;
static const mdd_db_layer *app;
static const mdd_db_layer *group;

static int setup(void **state)
{
    (void)state;
    eb_build(&built, &ECU);
    mdd_bytes payload = {built.buf, built.len};
    mdd_error err;
    if (mdd_db_open_payloads(&payload, 1, NULL, &db, &err) != MDD_OK)
        fail_msg("open: %s", err.message);
    app = mdd_db_ecu_find_variant(mdd_db_ecu_at(db, 0), "App");
    group = mdd_db_ecu_find_functional_group(mdd_db_ecu_at(db, 0), "Group");
    return app && group ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    mdd_db_close(db);
    return 0;
}

/* ---- Checking answers ---- */

enum kind { REQUEST, SID, SUBFUNCTION, NAME, CLASS, SEMANTIC, QUERY };

/* One lookup to make: its kind and what it takes. */
typedef struct ask {
    enum kind kind;
    const char *text; /* REQUEST: hex; NAME, CLASS, SEMANTIC: the value */
    uint8_t sid;
    uint8_t subfunction;
    const mdd_db_service_query *query;
} ask;

#define MAX_FOUND 16

static size_t hex_bytes(const char *hex, uint8_t *bytes)
{
    size_t len = strlen(hex) / 2;
    for (size_t i = 0; i < len; i++)
        bytes[i] = (uint8_t)strtoul((char[]){hex[2 * i], hex[2 * i + 1], 0}, NULL, 16);
    return len;
}

static size_t run(const mdd_db_layer *layer, const ask *q, const uint8_t *request, size_t len,
                  mdd_db_service *out, size_t cap)
{
    switch (q->kind) {
    case REQUEST: return mdd_db_layer_lookup_request(layer, request, len, out, cap);
    case SID: return mdd_db_layer_lookup_sid(layer, q->sid, out, cap);
    case SUBFUNCTION: return mdd_db_layer_lookup_subfunction(layer, q->sid, q->subfunction, out, cap);
    case NAME: return mdd_db_layer_lookup_name(layer, q->text, out, cap);
    case CLASS: return mdd_db_layer_lookup_class(layer, q->text, out, cap);
    case SEMANTIC: return mdd_db_layer_lookup_semantic(layer, q->text, out, cap);
    default: return mdd_db_layer_query_services(layer, q->query, out, cap);
    }
}

/* Makes the lookup with room for every match and with room for one, without any heap
 * allocation, and checks that the matches are the services named in names (up to a NULL),
 * in order; a request's matches must match it. */
static void expect(const mdd_db_layer *layer, ask q, const char *const *names)
{
    uint8_t request[32];
    size_t len = q.kind == REQUEST ? hex_bytes(q.text, request) : 0;
    mdd_db_service found[MAX_FOUND];
    mdd_db_service one;
    unsigned long before = tu_allocations();
    size_t total = run(layer, &q, request, len, found, MAX_FOUND);
    size_t again = run(layer, &q, request, len, &one, 1);
    assert_int_equal(tu_allocations(), before);
    assert_int_equal(again, total);
    size_t want = 0;
    while (names[want])
        want++;
    if (total != want)
        fail_msg("expected %zu matches, got %zu", want, total);
    for (size_t i = 0; i < want; i++) {
        mdd_bytes name = mdd_diag_comm_short_name(mdd_diag_service_diag_comm(found[i].service));
        if (!mdd_bytes_equal_str(name, names[i]))
            fail_msg("match %zu: expected %s, got %.*s", i, names[i], (int)name.len,
                     name.ptr ? (const char *)name.ptr : "");
        if (q.kind == REQUEST)
            assert_true(mdd_request_prefix_matches(&found[i].prefix, request, len));
    }
    if (total)
        assert_int_equal(one.service.t.pos, found[0].service.t.pos);
}

/* The names of the matches in order; NULL alone for none. */
#define NAMES(...) ((const char *const[]){__VA_ARGS__, NULL})
#define EXPECT_REQUEST(layer, hex, ...) expect(layer, (ask){REQUEST, .text = (hex)}, NAMES(__VA_ARGS__))
#define EXPECT_SID(layer, s, ...) expect(layer, (ask){SID, .sid = (s)}, NAMES(__VA_ARGS__))
#define EXPECT_SUB(layer, s, sub, ...)                                                         \
    expect(layer, (ask){SUBFUNCTION, .sid = (s), .subfunction = (sub)}, NAMES(__VA_ARGS__))
#define EXPECT_NAME(layer, v, ...) expect(layer, (ask){NAME, .text = (v)}, NAMES(__VA_ARGS__))
#define EXPECT_CLASS(layer, v, ...) expect(layer, (ask){CLASS, .text = (v)}, NAMES(__VA_ARGS__))
#define EXPECT_SEMANTIC(layer, v, ...)                                                         \
    expect(layer, (ask){SEMANTIC, .text = (v)}, NAMES(__VA_ARGS__))
#define EXPECT_QUERY(layer, q, ...) expect(layer, (ask){QUERY, .query = (q)}, NAMES(__VA_ARGS__))

/* ---- Tests ---- */

static void test_long_prefixes(void **state)
{
    (void)state;
    mdd_db_service s;
    assert_true(mdd_db_layer_find_service(app, "Routine_A", &s));
    assert_int_equal(s.prefix.len, 6);
    static const uint8_t routine_a[] = {0x31, 0x01, 0x01, 0x02, 0x03, 0x04};
    assert_memory_equal(s.prefix.bytes, routine_a, 6);
    /* The routine id decides; a routine start with another id gets the two-byte prefix. */
    EXPECT_REQUEST(app, "310101020304", "Routine_A", "Routine_Any");
    EXPECT_REQUEST(app, "310101020305aa", "Routine_B", "Routine_Any");
    EXPECT_REQUEST(app, "310101020306", "Routine_Any");
    /* A shorter request: longest first, then prefix bytes, then name. */
    EXPECT_REQUEST(app, "3101", "Routine_A", "Routine_B", "Routine_Any");
    EXPECT_REQUEST(app, "2ef190", "Write_VIN");
    EXPECT_REQUEST(app, "2ef18c00", "Write_Serial");
    EXPECT_REQUEST(app, "2e", "Write_Serial", "Write_VIN");
    EXPECT_REQUEST(app, "2ef1", "Write_Serial", "Write_VIN");
    EXPECT_REQUEST(app, "1101", "HardReset");
    EXPECT_REQUEST(app, "", "Routine_A", "Routine_B", "Write_Serial", "Write_VIN",
                   "Session_Extended", "HardReset", "SoftReset", "Hardreset", "Routine_Any",
                   "TesterPresent");
}

static void test_sid_and_subfunction(void **state)
{
    (void)state;
    EXPECT_SID(app, 0x11, "HardReset", "SoftReset", "Hardreset");
    EXPECT_SID(app, 0x31, "Routine_A", "Routine_B", "Routine_Any");
    EXPECT_SID(app, 0x22, NULL);
    /* The suppress-positive-response bit is ignored on both sides. */
    EXPECT_SUB(app, 0x11, 0x81, "HardReset", "Hardreset");
    EXPECT_SUB(app, 0x11, 0x01, "HardReset", "Hardreset");
    EXPECT_SUB(app, 0x11, 0x83, "SoftReset");
    EXPECT_SUB(app, 0x3e, 0x80, "TesterPresent");
    EXPECT_SUB(app, 0x31, 0x01, "Routine_A", "Routine_B", "Routine_Any");
    EXPECT_SUB(app, 0x10, 0x01, NULL);
}

/* A run of one prefix length is skipped when the request's first byte is outside the first
 * bytes of its first and last entries: the bounds themselves must still match. App's runs:
 * 31 (six bytes), 2e (three), 10 to 3e (two). */
static void test_run_bounds(void **state)
{
    (void)state;
    EXPECT_REQUEST(app, "1003", "Session_Extended");
    EXPECT_REQUEST(app, "3e00", "TesterPresent");
    EXPECT_REQUEST(app, "3e80", NULL);
    EXPECT_REQUEST(app, "0f", NULL);
    EXPECT_REQUEST(app, "3f00", NULL);
    EXPECT_REQUEST(app, "ff", NULL);
    EXPECT_SID(app, 0x10, "Session_Extended");
    EXPECT_SID(app, 0x3e, "TesterPresent");
    EXPECT_SID(app, 0x2d, NULL);
}

static void test_names_classes_semantics(void **state)
{
    (void)state;
    /* Without case: two names that differ in case alone, then bytewise. */
    EXPECT_NAME(app, "hardreset", "HardReset", "Hardreset");
    EXPECT_NAME(app, "TESTERPRESENT", "TesterPresent");
    EXPECT_NAME(app, "Tester", NULL);
    /* The exact lookup stays exact. */
    mdd_db_service s;
    assert_false(mdd_db_layer_find_service(app, "hardreset", &s));
    /* The own HardReset has classes; the base's, which it overrides, has none. */
    EXPECT_CLASS(app, "reset", "HardReset", "Hardreset", "SoftReset");
    EXPECT_CLASS(app, "Standard", "HardReset", "Session_Extended", "TesterPresent");
    EXPECT_CLASS(app, "Nothing", NULL);
    EXPECT_SEMANTIC(app, "ecu-reset", "HardReset", "Hardreset", "SoftReset");
    EXPECT_SEMANTIC(app, "ROUTINE", "Routine_A", "Routine_B");
}

static void test_queries(void **state)
{
    (void)state;
    mdd_db_service_query q = {0};
    mdd_db_service found[MAX_FOUND];
    assert_int_equal(mdd_db_layer_query_services(app, &q, found, MAX_FOUND),
                     mdd_db_layer_service_count(app));
    q.has_sid = 1;
    q.sid = 0x11;
    q.funct_class = "RESET";
    EXPECT_QUERY(app, &q, "HardReset", "SoftReset", "Hardreset");
    q.has_subfunction = 1;
    q.subfunction = 0x01;
    EXPECT_QUERY(app, &q, "HardReset", "Hardreset");
    q.name = "HARDRESET";
    q.semantic = "ecu-reset";
    EXPECT_QUERY(app, &q, "HardReset", "Hardreset");
    q.funct_class = "Standard";
    EXPECT_QUERY(app, &q, "HardReset");
    /* A sub-function without a SID: any service's second byte, by name. */
    q = (mdd_db_service_query){.has_subfunction = 1, .subfunction = 0x83};
    EXPECT_QUERY(app, &q, "Session_Extended", "SoftReset");
    q = (mdd_db_service_query){.semantic = "DATA", .has_sid = 1, .sid = 0x2e};
    EXPECT_QUERY(app, &q, "Write_Serial", "Write_VIN");
}

static void test_functional_group(void **state)
{
    (void)state;
    /* Its own service and what the shared data passes down, without Hidden. */
    assert_int_equal(mdd_db_layer_service_count(group), 2);
    EXPECT_REQUEST(group, "1101", "Broadcast_Reset");
    EXPECT_REQUEST(group, "14ffffff", "ClearAll");
    EXPECT_REQUEST(group, "14", "ClearAll");
    EXPECT_CLASS(group, "standard", "ClearAll");
    EXPECT_NAME(group, "hidden", NULL);
    EXPECT_SUB(group, 0x11, 0x81, "Broadcast_Reset");
}

/* A layer whose services have no constant prefix at all: every request matches them all, by
 * name. */
static void test_only_empty_prefixes(void **state)
{
    (void)state;
    static const eb_service services[] = {
        {.name = "Second", .params = {{.coded_value = NULL, .bits = 8, .byte_pos = 0,
                                       .bit_pos = EB_ABSENT}}, .param_count = 1},
        {.name = "First", .param_count = 0},
    };
    static const eb_layer layers[] = {
        {.kind = EB_VARIANT, .name = "Bare", .is_base = 1, .services = services,
         .service_count = 2},
    };
    static const eb_ecu ecu = {"BARE", layers, 1, NULL, 0, NULL};
    static tb b;
    eb_build(&b, &ecu);
    mdd_bytes payload = {b.buf, b.len};
    mdd_db *bare;
    mdd_error err;
    assert_int_equal(mdd_db_open_payloads(&payload, 1, NULL, &bare, &err), MDD_OK);
    const mdd_db_layer *layer = mdd_db_ecu_find_variant(mdd_db_ecu_at(bare, 0), "Bare");
    assert_non_null(layer);
    EXPECT_REQUEST(layer, "22f190", "First", "Second");
    mdd_db_close(bare);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_long_prefixes),
        cmocka_unit_test(test_sid_and_subfunction),
        cmocka_unit_test(test_run_bounds),
        cmocka_unit_test(test_names_classes_semantics),
        cmocka_unit_test(test_queries),
        cmocka_unit_test(test_functional_group),
        cmocka_unit_test(test_only_empty_prefixes),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
