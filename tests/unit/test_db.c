/* SPDX-License-Identifier: Apache-2.0 */
/* The database: opening files, directories and payloads; effective services with
 * not-inherited names; request lookups (all matches, longest prefix first, short requests);
 * lookups by name and trouble code; limits; hostile payloads; many threads at once; the
 * memory report; the real files under the heap, inplace and pread strategies. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "ecu_builder.h"
#include "testutil.h"

#include <mdd/db.h>
#include <mdd/store.h>
#include <mdd_internal/store.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- helpers ---- */

static void assert_bytes(mdd_bytes actual, const char *expected)
{
    if (!mdd_bytes_equal_str(actual, expected))
        fail_msg("expected \"%s\", got \"%.*s\"%s", expected, (int)actual.len,
                 actual.ptr ? (const char *)actual.ptr : "", actual.ptr ? "" : " (absent)");
}

static mdd_bytes service_name(mdd_diag_service s)
{
    return mdd_diag_comm_short_name(mdd_diag_service_diag_comm(s));
}

static void assert_prefix(const mdd_request_prefix *p, const char *hex)
{
    char actual[129];
    assert_true(p->len <= 64);
    tu_hex(p->bytes, p->len, actual);
    assert_string_equal(actual, hex);
}

/* A database over one built payload, with default options. */
static mdd_db *open_built(const tb *b)
{
    mdd_bytes payload = {b->buf, b->len};
    mdd_db *db = NULL;
    mdd_error err;
    if (mdd_db_open_payloads(&payload, 1, NULL, &db, &err) != MDD_OK)
        fail_msg("open: %s", err.message);
    return db;
}

/* Checks that the lookup of args[0] (a request in hex) finds exactly the names that follow
 * it, in order, up to a NULL. */
static void assert_lookup(const mdd_db_layer *layer, const char *const *args)
{
    const char *hex = args[0];
    const char *const *names = args + 1;
    uint8_t request[16];
    size_t len = strlen(hex) / 2;
    for (size_t i = 0; i < len; i++)
        request[i] = (uint8_t)strtoul((char[]){hex[2 * i], hex[2 * i + 1], 0}, NULL, 16);
    mdd_db_service found[16];
    size_t total = mdd_db_layer_lookup_request(layer, request, len, found, 16);
    size_t want = 0;
    while (names[want])
        want++;
    assert_int_equal(total, want);
    for (size_t i = 0; i < want; i++) {
        assert_bytes(service_name(found[i].service), names[i]);
        assert_true(mdd_request_prefix_matches(&found[i].prefix, request, len));
    }
}

#define LOOKUP(layer, ...) assert_lookup(layer, (const char *const[]){__VA_ARGS__, NULL})

/* ---- A built ECU: a variant, its base, a protocol, a functional group, shared data ---- */

static const eb_service DERIVED_SERVICES[] = {
    EB_SERVICE("Read_Special", "34", "4660", 16), /* 22 1234 */
    EB_SERVICE("Shared", "34", "1", 16),          /* 22 0001: hides the base's Shared */
    EB_SERVICE("Session_Own", "16", "1", 8),      /* 10 01, as the base's Session */
};
static const eb_service BASE_SERVICES[] = {
    EB_SERVICE("Shared", "34", "2", 16),       /* 22 0002 */
    EB_SERVICE("Hidden", "34", "3", 16),       /* not inherited by the derived variant */
    EB_SERVICE("Session", "16", "1", 8),       /* 10 01 */
    EB_SERVICE("Routine", "49", "65538", 24),    /* 31 010002 */
    EB_SERVICE("Reset", "17", "", 0),          /* 11 */
};
static const eb_service PROTOCOL_SERVICES[] = {
    EB_SERVICE("TesterPresent", "62", "0", 8),   /* 3e 00 */
    EB_SERVICE("ProtoSkipped", "62", "128", 8),  /* not inherited by the base */
    EB_SERVICE("Session", "16", "3", 8),         /* taken by the base's Session */
    {.name = "Anything", .param_count = 0},      /* the empty prefix: matches everything */
};
static const eb_service SHARED_SERVICES[] = {
    EB_SERVICE("ClearAll", "20", "", 0), /* 14 */
};

/* layers[0] Derived -> [1] Base (not Hidden) -> [2] Protocol (not ProtoSkipped);
 * [3] Group -> [4] Shared data; [5] Other, a second variant not marked as base. */
static const eb_layer LAYERS[] = {
    {.kind = EB_VARIANT, .name = "Derived", .services = DERIVED_SERVICES, .service_count = 3,
     .parents = {{.layer = 1, .not_inherited = {"Hidden"}, .not_inherited_count = 1}},
     .parent_count = 1},
    {.kind = EB_VARIANT, .name = "Base", .is_base = 1, .services = BASE_SERVICES,
     .service_count = 5,
     .parents = {{.layer = 2, .not_inherited = {"ProtoSkipped"}, .not_inherited_count = 1}},
     .parent_count = 1},
    {.kind = EB_PROTOCOL, .name = "Proto", .services = PROTOCOL_SERVICES, .service_count = 4},
    {.kind = EB_GROUP, .name = "Group", .parents = {{.layer = 4}}, .parent_count = 1},
    {.kind = EB_SHARED, .name = "SharedData", .services = SHARED_SERVICES, .service_count = 1},
    {.kind = EB_VARIANT, .name = "Alpha", .services = SHARED_SERVICES, .service_count = 1},
};
static const eb_dtc DTCS[] = {{"P1", 5, "five"}, {"P2", 3, "three"}, {"P3", 5, "five again"}};
static const eb_ecu ECU = {"BUILT", LAYERS, 6, DTCS, 3, NULL};

static tb built;

static int build_ecu(void **state)
{
    (void)state;
    eb_build(&built, &ECU);
    return 0;
}

static void test_effective_services(void **state)
{
    (void)state;
    mdd_ecu_data root = mdd_ecu_data_root(built.buf, built.len);
    mdd_variant derived = mdd_variant_vec_at(mdd_ecu_data_variants(root), 0);
    mdd_service_list list = {0};
    assert_int_equal(mdd_effective_services(mdd_variant_diag_layer(derived),
                                            mdd_variant_parent_refs(derived), NULL, &list, NULL),
                     MDD_OK);
    static const char *const want[] = {"Read_Special", "Shared", "Session_Own", "Session",
                                       "Routine", "Reset", "TesterPresent", "Anything"};
    assert_int_equal(list.count, sizeof want / sizeof want[0]);
    for (uint32_t i = 0; i < list.count; i++)
        assert_bytes(service_name(list.items[i]), want[i]);
    /* The own Shared, not the base's. */
    uint8_t bytes[8];
    mdd_request_prefix p = {bytes, mdd_diag_service_request_prefix(list.items[1], bytes, 8)};
    assert_prefix(&p, "220001");
    /* The base's Session (10 01), not the protocol's (10 03). */
    p.len = mdd_diag_service_request_prefix(list.items[3], bytes, 8);
    assert_prefix(&p, "1001");
    /* The list is reused: the base has its Hidden, and the protocol's Session is taken. */
    mdd_variant base = mdd_variant_vec_at(mdd_ecu_data_variants(root), 1);
    assert_int_equal(mdd_effective_services(mdd_variant_diag_layer(base),
                                            mdd_variant_parent_refs(base), NULL, &list, NULL),
                     MDD_OK);
    static const char *const base_want[] = {"Shared", "Hidden", "Session", "Routine",
                                            "Reset", "TesterPresent", "Anything"};
    assert_int_equal(list.count, sizeof base_want / sizeof base_want[0]);
    for (uint32_t i = 0; i < list.count; i++)
        assert_bytes(service_name(list.items[i]), base_want[i]);
    mdd_service_list_free(&list);
    assert_null(list.items);
}

static void test_layers_by_name(void **state)
{
    (void)state;
    mdd_db *db = open_built(&built);
    assert_int_equal(mdd_db_ecu_count(db), 1);
    const mdd_db_ecu *ecu = mdd_db_find_ecu(db, "BUILT");
    assert_ptr_equal(ecu, mdd_db_ecu_at(db, 0));
    assert_null(mdd_db_find_ecu(db, "BUIL"));
    assert_null(mdd_db_find_ecu(db, "BUILT2"));
    assert_null(mdd_db_ecu_at(db, 1));
    assert_null(mdd_db_ecu_path(ecu));
    assert_null(mdd_db_ecu_store(ecu));
    assert_int_equal(mdd_db_ecu_variant_count(ecu), 3);
    assert_bytes(mdd_db_layer_name(mdd_db_ecu_variant_at(ecu, 2)), "Alpha");
    assert_null(mdd_db_ecu_variant_at(ecu, 3));
    const mdd_db_layer *base = mdd_db_ecu_find_variant(ecu, "Base");
    assert_ptr_equal(base, mdd_db_ecu_variant_at(ecu, 1));
    assert_ptr_equal(mdd_db_ecu_base_variant(ecu), base);
    assert_ptr_equal(mdd_db_layer_ecu(base), ecu);
    assert_ptr_equal(mdd_db_ecu_find_variant(ecu, "Alpha"), mdd_db_ecu_variant_at(ecu, 2));
    assert_ptr_equal(mdd_db_ecu_find_variant(ecu, "Derived"), mdd_db_ecu_variant_at(ecu, 0));
    assert_null(mdd_db_ecu_find_variant(ecu, "Group"));
    assert_null(mdd_db_ecu_find_variant(ecu, ""));
    assert_true(mdd_present(mdd_db_layer_variant(base)));
    assert_false(mdd_present(mdd_db_layer_functional_group(base)));
    assert_int_equal(mdd_db_ecu_functional_group_count(ecu), 1);
    const mdd_db_layer *group = mdd_db_ecu_find_functional_group(ecu, "Group");
    assert_ptr_equal(group, mdd_db_ecu_functional_group_at(ecu, 0));
    assert_null(mdd_db_ecu_functional_group_at(ecu, 1));
    assert_null(mdd_db_ecu_find_functional_group(ecu, "Base"));
    assert_false(mdd_present(mdd_db_layer_variant(group)));
    assert_bytes(mdd_diag_layer_short_name(mdd_db_layer_diag_layer(group)), "Group");
    /* A functional group inherits from its shared data. */
    assert_int_equal(mdd_db_layer_service_count(group), 1);
    assert_bytes(service_name(mdd_db_layer_service_at(group, 0).service), "ClearAll");
    mdd_db_close(db);
}

static void test_services_by_name(void **state)
{
    (void)state;
    mdd_db *db = open_built(&built);
    const mdd_db_layer *derived = mdd_db_ecu_find_variant(mdd_db_ecu_at(db, 0), "Derived");
    static const char *const sorted[] = {"Anything", "Read_Special", "Reset", "Routine",
                                         "Session", "Session_Own", "Shared", "TesterPresent"};
    static const char *const prefixes[] = {"", "221234", "11", "31010002",
                                           "1001", "1001", "220001", "3e00"};
    assert_int_equal(mdd_db_layer_service_count(derived), 8);
    for (uint32_t i = 0; i < 8; i++) {
        mdd_db_service s = mdd_db_layer_service_at(derived, i);
        assert_bytes(service_name(s.service), sorted[i]);
        assert_prefix(&s.prefix, prefixes[i]);
        mdd_db_service found;
        assert_true(mdd_db_layer_find_service(derived, sorted[i], &found));
        assert_int_equal(found.service.t.pos, s.service.t.pos);
    }
    assert_false(mdd_present(mdd_db_layer_service_at(derived, 8).service));
    mdd_db_service none;
    assert_false(mdd_db_layer_find_service(derived, "Hidden", &none));
    assert_false(mdd_db_layer_find_service(derived, "ProtoSkipped", &none));
    assert_false(mdd_db_layer_find_service(derived, "Sessio", &none));
    assert_false(mdd_db_layer_find_service(derived, "Zzz", &none));
    mdd_db_close(db);
}

static void test_lookup_request(void **state)
{
    (void)state;
    mdd_db *db = open_built(&built);
    const mdd_db_ecu *ecu = mdd_db_ecu_at(db, 0);
    const mdd_db_layer *derived = mdd_db_ecu_find_variant(ecu, "Derived");
    /* Longest prefix first; the empty prefix matches every request. */
    LOOKUP(derived, "221234", "Read_Special", "Anything");
    LOOKUP(derived, "221234ffee", "Read_Special", "Anything");
    /* Equal prefixes by name, whether own or inherited. */
    LOOKUP(derived, "1001", "Session", "Session_Own", "Anything");
    /* A request shorter than a prefix matches on the bytes it has. */
    LOOKUP(derived, "22", "Shared", "Read_Special", "Anything");
    LOOKUP(derived, "2212", "Read_Special", "Anything");
    LOOKUP(derived, "31", "Routine", "Anything");
    LOOKUP(derived, "310100", "Routine", "Anything");
    LOOKUP(derived, "3101000299", "Routine", "Anything");
    LOOKUP(derived, "11", "Reset", "Anything");
    LOOKUP(derived, "1102", "Reset", "Anything");
    /* The empty request: by length, then by prefix bytes, then by name. */
    LOOKUP(derived, "", "Routine", "Shared", "Read_Special", "Session", "Session_Own",
           "TesterPresent", "Reset", "Anything");
    /* Not inherited: Hidden (22 0003) and ProtoSkipped (3e 80). */
    LOOKUP(derived, "220003", "Anything");
    LOOKUP(derived, "3e80", "Anything");
    /* The base variant has Hidden. */
    LOOKUP(mdd_db_ecu_find_variant(ecu, "Base"), "220003", "Hidden", "Anything");
    LOOKUP(mdd_db_ecu_find_variant(ecu, "Alpha"), "1400", "ClearAll");
    LOOKUP(mdd_db_ecu_find_variant(ecu, "Alpha"), "15");
    /* Too small an output: the total still counts every match. */
    mdd_db_service one;
    static const uint8_t session[] = {0x10, 0x01};
    assert_int_equal(mdd_db_layer_lookup_request(derived, session, 2, &one, 1), 3);
    assert_bytes(service_name(one.service), "Session");
    assert_prefix(&one.prefix, "1001");
    assert_int_equal(mdd_db_layer_lookup_request(derived, session, 2, NULL, 0), 3);
    mdd_db_close(db);
}

static void test_dtcs(void **state)
{
    (void)state;
    mdd_db *db = open_built(&built);
    const mdd_db_ecu *ecu = mdd_db_ecu_at(db, 0);
    assert_int_equal(mdd_db_ecu_dtc_count(ecu), 3);
    /* By trouble code; equal codes in EcuData order. */
    assert_bytes(mdd_dtc_short_name(mdd_db_ecu_dtc_at(ecu, 0)), "P2");
    assert_bytes(mdd_dtc_short_name(mdd_db_ecu_dtc_at(ecu, 1)), "P1");
    assert_bytes(mdd_dtc_short_name(mdd_db_ecu_dtc_at(ecu, 2)), "P3");
    assert_false(mdd_present(mdd_db_ecu_dtc_at(ecu, 3)));
    uint32_t first = 99;
    assert_int_equal(mdd_db_ecu_find_dtcs(ecu, 5, &first), 2);
    assert_int_equal(first, 1);
    assert_int_equal(mdd_db_ecu_find_dtcs(ecu, 3, &first), 1);
    assert_int_equal(first, 0);
    first = 99;
    assert_int_equal(mdd_db_ecu_find_dtcs(ecu, 4, &first), 0);
    assert_int_equal(mdd_db_ecu_find_dtcs(ecu, 0, &first), 0);
    assert_int_equal(mdd_db_ecu_find_dtcs(ecu, UINT32_MAX, &first), 0);
    assert_int_equal(first, 99);
    mdd_db_close(db);
}

/* ---- Limits and hostile input ---- */

static void test_inheritance_limits(void **state)
{
    (void)state;
    mdd_bytes payload = {built.buf, built.len};
    mdd_db_options opts = mdd_db_options_default();
    opts.inherit.max_depth = 1; /* Derived -> Base -> Proto needs 2 */
    mdd_db *opened = open_built(&built);
    mdd_db *db = opened; /* a failed open sets it to NULL */
    mdd_error err;
    assert_int_equal(mdd_db_open_payloads(&payload, 1, &opts, &db, &err), MDD_ERR_LIMIT);
    assert_null(db);
    mdd_db_close(opened);
    assert_string_equal(err.message,
                        "payload 0: EcuData.variants[0]: inheritance deeper than 1 parents");
    opts.inherit = mdd_inherit_limits_default();
    opts.inherit.max_steps = 10;
    assert_int_equal(mdd_db_open_payloads(&payload, 1, &opts, &db, &err), MDD_ERR_LIMIT);
    assert_string_equal(err.message,
                        "payload 0: EcuData.variants[0]: inheritance takes more than 10 steps");
}

static void test_duplicate_ecu_names(void **state)
{
    (void)state;
    /* Equal (absent) revisions: the first given is the default, the other is reported. */
    mdd_bytes payloads[] = {{built.buf, built.len}, {built.buf, built.len}};
    mdd_db *db;
    mdd_error err;
    assert_int_equal(mdd_db_open_payloads(payloads, 2, NULL, &db, &err), MDD_OK);
    assert_int_equal(mdd_db_ecu_count(db), 2);
    assert_ptr_equal(mdd_db_find_ecu(db, "BUILT"), mdd_db_ecu_at(db, 0));
    assert_true(mdd_db_ecu_is_default(mdd_db_ecu_at(db, 0)));
    assert_false(mdd_db_ecu_is_default(mdd_db_ecu_at(db, 1)));
    assert_int_equal(mdd_db_report_count(db), 1);
    assert_string_equal(mdd_db_report_at(db, 0)->source, "payload 1");
    assert_string_equal(mdd_db_report_at(db, 0)->chosen, "payload 0");
    mdd_db_close(db);
    assert_int_equal(mdd_db_open_payloads(NULL, 0, NULL, &db, &err), MDD_OK);
    assert_int_equal(mdd_db_ecu_count(db), 0);
    assert_null(mdd_db_find_ecu(db, "BUILT"));
    mdd_db_close(db);
    mdd_db_close(NULL);
}

/* Every lookup the API offers, on whatever the database holds. */
static void exercise(const mdd_db *db)
{
    static const uint8_t request[] = {0x22, 0x12, 0x34, 0x00, 0x01};
    for (size_t e = 0; e < mdd_db_ecu_count(db); e++) {
        const mdd_db_ecu *ecu = mdd_db_ecu_at(db, e);
        uint32_t layers = mdd_db_ecu_variant_count(ecu) + mdd_db_ecu_functional_group_count(ecu);
        for (uint32_t l = 0; l < layers; l++) {
            const mdd_db_layer *layer = l < mdd_db_ecu_variant_count(ecu)
                                            ? mdd_db_ecu_variant_at(ecu, l)
                                            : mdd_db_ecu_functional_group_at(
                                                  ecu, l - mdd_db_ecu_variant_count(ecu));
            mdd_db_service found[4];
            for (size_t n = 0; n <= sizeof request; n++)
                mdd_db_layer_lookup_request(layer, request, n, found, 4);
            for (uint32_t i = 0; i < mdd_db_layer_service_count(layer); i++)
                mdd_db_layer_find_service(layer, "Shared", found);
            mdd_db_ecu_find_variant(ecu, "Base");
        }
        uint32_t first;
        mdd_db_ecu_find_dtcs(ecu, 5, &first);
    }
}

static void test_unverified_payloads(void **state)
{
    (void)state;
    mdd_db_options opts = mdd_db_options_default();
    opts.store.verify = 0;
    /* Every truncation and a flipped byte at every place: never a crash, and verification
     * catches what the views would otherwise read as absent. */
    static uint8_t copy[TB_CAP];
    for (uint32_t cut = 0; cut <= built.len; cut += 7) {
        memcpy(copy, built.buf, built.len);
        for (uint32_t flip = 0; flip < 2; flip++) {
            if (flip)
                copy[cut % built.len] ^= 0xa5;
            mdd_bytes payload = {copy, flip ? built.len : cut};
            mdd_db *db;
            if (mdd_db_open_payloads(&payload, 1, &opts, &db, NULL) == MDD_OK) {
                exercise(db);
                mdd_db_close(db);
            }
        }
    }
    mdd_bytes garbage = {(const uint8_t *)"garbage!", 8};
    mdd_db *db;
    mdd_error err;
    assert_int_equal(mdd_db_open_payloads(&garbage, 1, NULL, &db, &err), MDD_ERR_FORMAT);
    assert_memory_equal(err.message, "payload 0: ", 11);
}

/* ---- Many threads ---- */

static void *lookups(void *arg)
{
    const mdd_db_layer *derived = arg;
    static const uint8_t session[] = {0x10, 0x01};
    for (int i = 0; i < 20000; i++) {
        mdd_db_service found[4];
        if (mdd_db_layer_lookup_request(derived, session, 2, found, 4) != 3 ||
            !mdd_bytes_equal_str(service_name(found[0].service), "Session"))
            return (void *)1;
        mdd_db_service s;
        if (!mdd_db_layer_find_service(derived, "TesterPresent", &s))
            return (void *)1;
    }
    return NULL;
}

static void test_threads(void **state)
{
    (void)state;
    mdd_db *db = open_built(&built);
    const mdd_db_layer *derived = mdd_db_ecu_find_variant(mdd_db_ecu_at(db, 0), "Derived");
    pthread_t threads[4];
    for (int i = 0; i < 4; i++)
        assert_int_equal(pthread_create(&threads[i], NULL, lookups, (void *)derived), 0);
    for (int i = 0; i < 4; i++) {
        void *result;
        assert_int_equal(pthread_join(threads[i], &result), 0);
        assert_null(result);
    }
    mdd_db_close(db);
}

/* ---- The real files ---- */

static void corpus_path(char *out, size_t size, const char *name)
{
    const char *dir = tu_corpus_dir();
    if (!dir)
        skip();
    snprintf(out, size, "%s/%s", dir, name);
}

static mdd_db *open_corpus_file(const char *path, mdd_strategy strategy)
{
    mdd_db_options opts = mdd_db_options_default();
    opts.store.strategy = strategy;
    mdd_db *db = NULL;
    mdd_error err;
    if (mdd_db_open(&path, 1, &opts, &db, &err) != MDD_OK)
        fail_msg("open: %s", err.message);
    return db;
}

/* The FLXC1000 figures, the same under every strategy. */
static void check_flxc1000(const mdd_db *db)
{
    const mdd_db_ecu *ecu = mdd_db_find_ecu(db, "FLXC1000");
    assert_non_null(ecu);
    const mdd_db_layer *base = mdd_db_ecu_base_variant(ecu);
    assert_bytes(mdd_db_layer_name(base), "FLXC1000");
    LOOKUP(base, "22F190", "VINDataIdentifier_Read");
    LOOKUP(base, "22f190ff", "VINDataIdentifier_Read");
    LOOKUP(base, "22", "Identification_Read", "ActiveDiagnosticSessionDataIdentifier_Read",
           "VINDataIdentifier_Read", "FluxCapacitorPowerConsumption_Read");
    LOOKUP(base, "1001", "Default_Start");
    LOOKUP(base, "22f191");
    const mdd_db_layer *boot = mdd_db_ecu_find_variant(ecu, "FLXC1000_Boot_Variant");
    assert_int_equal(mdd_db_layer_service_count(base), 38);
    assert_int_equal(mdd_db_layer_service_count(boot), 46);
    assert_int_equal(mdd_db_layer_service_count(mdd_db_ecu_find_variant(ecu, "FLXC1000_App_0101")),
                     38);
    LOOKUP(boot, "22f190", "VINDataIdentifier_Read");
    mdd_db_service s;
    assert_true(mdd_db_layer_find_service(boot, "VINDataIdentifier_Write", &s));
    assert_prefix(&s.prefix, "2ef190");
    assert_bytes(service_name(mdd_db_layer_service_at(base, 0).service),
                 "ActiveDiagnosticSessionDataIdentifier_Read");
    uint32_t first;
    assert_int_equal(mdd_db_ecu_find_dtcs(ecu, 234567, &first), 1);
    assert_int_equal(first, 5);
    assert_bytes(mdd_dtc_short_name(mdd_db_ecu_dtc_at(ecu, first)), "Code2");
    assert_int_equal(mdd_db_ecu_find_dtcs(ecu, 123456, &first), 1);
    assert_bytes(mdd_dtc_short_name(mdd_db_ecu_dtc_at(ecu, first)), "Code1");
}

/* The memory report of db, its store figures checked: payload, heap and cached bytes. */
static mdd_db_memory assert_store_memory(const mdd_db *db, uint64_t payload, uint64_t heap,
                                         uint64_t cached)
{
    mdd_db_memory m;
    assert_int_equal(mdd_db_memory_report(db, &m, NULL), MDD_OK);
    assert_int_equal(m.stores.payload_bytes, payload);
    assert_int_equal(m.stores.heap_bytes, heap);
    assert_int_equal(m.stores.cached_bytes, cached);
    return m;
}

static void test_corpus_heap(void **state)
{
    (void)state;
    char path[4096];
    corpus_path(path, sizeof path, "FLXC1000.mdd");
    mdd_db *db = open_corpus_file(path, MDD_STRATEGY_HEAP);
    check_flxc1000(db);
    const mdd_db_ecu *ecu = mdd_db_ecu_at(db, 0);
    assert_string_equal(mdd_db_ecu_path(ecu), path);
    assert_int_equal(mdd_store_strategy(mdd_db_ecu_store(ecu)), MDD_STRATEGY_HEAP);
    mdd_db_memory m = assert_store_memory(db, 39680, 39680, 0);
    assert_int_equal(m.stores.mapped_bytes, 11546);
    /* 122 effective services (24 bytes each: the request entry and three orders) and 6 DTCs
     * (8 each), plus the fixed parts, the prefixes and the functional classes. */
    assert_in_range(m.index_bytes, 122 * 24 + 6 * 8, 122 * 24 + 6 * 8 + 2048);
    mdd_db_close(db);
}

/* A scratch directory, for strategies that convert the files they open. */
static void make_temp_dir(char *dir, size_t size)
{
    assert_int_equal(tu_make_temp_dir(dir, size, "db"), 0);
}

/* Copies the file src into dir under its own name; out receives the copy's path. */
static void copy_into(const char *src, const char *dir, char *out, size_t size)
{
    const char *base = strrchr(src, '/');
    snprintf(out, size, "%s/%s", dir, base ? base + 1 : src);
    size_t len;
    uint8_t *bytes = tu_read_file(src, &len);
    FILE *f = fopen(out, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
    free(bytes);
}

/* Copies the corpus file name into a new temporary directory (dir); path receives the
 * copy's path. */
static void copy_corpus_file(const char *name, char *dir, size_t dir_size, char *path,
                             size_t path_size)
{
    char src[4096];
    corpus_path(src, sizeof src, name);
    make_temp_dir(dir, dir_size);
    copy_into(src, dir, path, path_size);
}

static void test_corpus_inplace(void **state)
{
    (void)state;
    char dir[4096];
    char path[8200];
    copy_corpus_file("FLXC1000.mdd", dir, sizeof dir, path, sizeof path);
    mdd_db *db = open_corpus_file(path, MDD_STRATEGY_INPLACE);
    check_flxc1000(db);
    assert_store_memory(db, 39680, 0, 0);
    mdd_db_close(db);
    /* The directory form finds the converted file. */
    mdd_db_options opts = mdd_db_options_default();
    assert_int_equal(mdd_db_open_dir(dir, &opts, &db, NULL), MDD_OK);
    check_flxc1000(db);
    mdd_db_close(db);
    tu_remove_tree(dir);
}

/* The forked child's half of test_corpus_pread(): 0 when the inherited database answers
 * from the inherited cache without reading again, else the number of the check that failed.
 * No cmocka here: its assertions would unwind into the child's copy of the test runner. */
static int forked_lookup(const mdd_db *db)
{
    const mdd_db_layer *base = mdd_db_ecu_base_variant(mdd_db_find_ecu(db, "FLXC1000"));
    static const uint8_t vin_read[] = {0x22, 0xf1, 0x90};
    mdd_db_service found[2];
    if (mdd_db_layer_lookup_request(base, vin_read, sizeof vin_read, found, 2) != 1)
        return 1;
    mdd_bytes name = service_name(found[0].service);
    if (name.len != strlen("VINDataIdentifier_Read") ||
        memcmp(name.ptr, "VINDataIdentifier_Read", name.len) != 0)
        return 2;
    mdd_cache_stats st;
    mdd_cache_stats_read(mdd_store_cache(mdd_db_ecu_store(mdd_db_ecu_at(db, 0))), &st);
    return st.misses == 1 && st.pinned_bytes == 39680 ? 0 : 3;
}

/* pread holds the EcuData payload pinned in the store's cache: the same answers, from the
 * process's own memory. */
static void test_corpus_pread(void **state)
{
    (void)state;
    char dir[4096];
    char path[8200];
    copy_corpus_file("FLXC1000.mdd", dir, sizeof dir, path, sizeof path);
    mdd_db *db = open_corpus_file(path, MDD_STRATEGY_PREAD);
    check_flxc1000(db);
    const mdd_store *store = mdd_db_ecu_store(mdd_db_ecu_at(db, 0));
    assert_int_equal(mdd_store_strategy(store), MDD_STRATEGY_PREAD);
    mdd_cache_stats st;
    mdd_cache_stats_read(mdd_store_cache(store), &st);
    assert_int_equal(st.pinned_bytes, 39680);
    assert_int_equal(st.misses, 1);
    assert_store_memory(db, 39680, 0, 39680);
    /* Opened before fork(), the database serves a child from the cache it inherits (its pages
     * shared until written, and nothing writes a pinned payload): the preforking model
     * docs/benchmarks.md measures. */
    fflush(NULL);
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0)
        _exit(forked_lookup(db));
    int status;
    assert_int_equal(waitpid(child, &status, 0), child);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    mdd_db_close(db);
    tu_remove_tree(dir);
}

/* Every corpus file under pread, through one shared cache that the report counts once. */
static void test_corpus_pread_shared(void **state)
{
    (void)state;
    char **paths;
    size_t count = tu_corpus_files(&paths);
    if (count == 0)
        skip();
    char dir[4096];
    make_temp_dir(dir, sizeof dir);
    for (size_t i = 0; i < count; i++) {
        char copy[8200];
        copy_into(paths[i], dir, copy, sizeof copy);
        free(paths[i]);
    }
    free(paths);
    mdd_cache *cache;
    mdd_cache_options co = mdd_cache_options_default();
    co.budget_bytes = 0;
    co.block_size = 4096;
    assert_int_equal(mdd_cache_create(&co, &cache, NULL), MDD_OK);
    mdd_db_options opts = mdd_db_options_default();
    opts.store.strategy = MDD_STRATEGY_PREAD;
    opts.store.cache = cache;
    mdd_db *db;
    mdd_error err;
    if (mdd_db_open_dir(dir, &opts, &db, &err) != MDD_OK)
        fail_msg("open: %s", err.message);
    assert_int_equal(mdd_db_ecu_count(db), count);
    check_flxc1000(db);
    mdd_cache_stats st;
    mdd_cache_stats_read(cache, &st);
    assert_int_equal(st.entries, count);
    mdd_db_memory m;
    assert_int_equal(mdd_db_memory_report(db, &m, NULL), MDD_OK);
    assert_int_equal(m.stores.cached_bytes, st.cached_bytes);
    assert_int_equal(st.pinned_bytes, st.cached_bytes);
    mdd_db_close(db);
    mdd_cache_stats_read(cache, &st);
    assert_int_equal(st.entries, 0);
    mdd_cache_free(cache);
    tu_remove_tree(dir);
}

static void test_corpus_dir(void **state)
{
    (void)state;
    const char *dir = tu_corpus_dir();
    if (!dir)
        skip();
    mdd_db_options opts = mdd_db_options_default();
    opts.store.strategy = MDD_STRATEGY_HEAP;
    mdd_db *db;
    mdd_error err;
    if (mdd_db_open_dir(dir, &opts, &db, &err) != MDD_OK)
        fail_msg("open: %s", err.message);
    static const char *const names[] = {"FLXC1000", "FLXCNG1000", "FSNR2000", "HOVR4000",
                                        "JGWT5000", "TMCC3000", "functional_groups"};
    assert_int_equal(mdd_db_ecu_count(db), 7);
    for (size_t i = 0; i < 7; i++)
        assert_bytes(mdd_db_ecu_name(mdd_db_ecu_at(db, i)), names[i]);
    check_flxc1000(db);
    const mdd_db_ecu *fg = mdd_db_find_ecu(db, "functional_groups");
    assert_int_equal(mdd_db_ecu_variant_count(fg), 0);
    assert_null(mdd_db_ecu_base_variant(fg));
    const mdd_db_layer *group = mdd_db_ecu_find_functional_group(fg, "FGL_UDS_Ethernet_DoIP_DOBT");
    assert_ptr_equal(group, mdd_db_ecu_functional_group_at(fg, 1));
    /* Its own services are none; those of its EcuSharedData parent are inherited. */
    assert_int_equal(mdd_diag_service_vec_count(
                         mdd_diag_layer_diag_services(mdd_db_layer_diag_layer(group))),
                     0);
    assert_int_equal(mdd_db_layer_service_count(group), 12);
    mdd_db_close(db);
}

static void test_open_errors(void **state)
{
    (void)state;
    mdd_db *db;
    mdd_error err;
    const char *missing = "/nonexistent/x.mdd";
    assert_int_equal(mdd_db_open(&missing, 1, NULL, &db, &err), MDD_ERR_IO);
    assert_memory_equal(err.message, "/nonexistent/x.mdd: ", 20);
    assert_int_equal(mdd_db_open_dir("/nonexistent", NULL, &db, &err), MDD_ERR_IO);
    assert_string_equal(err.message, "/nonexistent: open directory: No such file or directory");
    assert_int_equal(mdd_db_open(NULL, 1, NULL, &db, &err), MDD_ERR_ARG);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_effective_services),
        cmocka_unit_test(test_layers_by_name),
        cmocka_unit_test(test_services_by_name),
        cmocka_unit_test(test_lookup_request),
        cmocka_unit_test(test_dtcs),
        cmocka_unit_test(test_inheritance_limits),
        cmocka_unit_test(test_duplicate_ecu_names),
        cmocka_unit_test(test_unverified_payloads),
        cmocka_unit_test(test_threads),
        cmocka_unit_test(test_corpus_heap),
        cmocka_unit_test(test_corpus_inplace),
        cmocka_unit_test(test_corpus_pread),
        cmocka_unit_test(test_corpus_pread_shared),
        cmocka_unit_test(test_corpus_dir),
        cmocka_unit_test(test_open_errors),
    };
    return cmocka_run_group_tests(tests, build_ecu, NULL);
}
