/* SPDX-License-Identifier: Apache-2.0 */
/* The SOVD view (include/mdd/sovd.h): the naming convention's stripping, and FLXC1000's boot
 * variant (skipped without the corpus) as its services and state charts say (mdd services
 * and mdd states list them): the VIN read and write as one data resource, the routines as
 * operations by identifier, the sessions and security levels as modes with the service that
 * enters each, a level's seed by its sub-function (Level_7's services are named
 * Request_Seed_Level_7 and Send_Key_Level_7, unlike the others), the fault services; with a
 * naming that makes Ident a coding class, the identifiers become configurations. On an ECU
 * built here (tests/support/states_ecu.h), the required states both ways: each session and
 * security level with the service that enters it and its request bytes, and each service's
 * required states, each the value and chart of the entry that enters it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "states_ecu.h"
#include "testutil.h"

#include <mdd/sovd.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ENTRIES_MAX 128

static mdd_bytes text(const char *s)
{
    mdd_bytes b = {(const uint8_t *)s, strlen(s)};
    return b;
}

static void expect_stripped(const char *name, const char *want)
{
    mdd_sovd_naming n = mdd_sovd_naming_default();
    mdd_bytes got = mdd_sovd_strip(text(name), n.suffixes, n.suffix_count);
    if (got.len != strlen(want) || memcmp(got.ptr, want, got.len) != 0)
        fail_msg("%s stripped to %.*s, not %s", name, (int)got.len, (const char *)got.ptr, want);
}

static void test_strip(void **state)
{
    (void)state;
    expect_stripped("VINDataIdentifier_Read", "VINDataIdentifier");
    expect_stripped("VINDataIdentifier_WRITE", "VINDataIdentifier");
    /* The first suffix of the list that ends the name wins, compared without case. */
    expect_stripped("Odometer_Read_Dump", "Odometer");
    expect_stripped("Odometer_Dump", "Odometer");
    expect_stripped("EnableRxAndEnableTx_Control", "EnableRxAndEnableTx");
    expect_stripped("HardReset", "HardReset");
    expect_stripped("_read", "");
    mdd_sovd_naming n = mdd_sovd_naming_default();
    mdd_bytes r = mdd_sovd_strip(text("CalibrateSensors_RequestResults"), n.routine_suffixes,
                                 n.routine_suffix_count);
    assert_int_equal(r.len, strlen("CalibrateSensors"));
}

typedef struct view {
    mdd_db *db;
    const mdd_db_layer *layer;
    mdd_sovd_entry e[ENTRIES_MAX];
    uint32_t n;
} view;

static int open_view(view *v, const mdd_sovd_naming *naming)
{
    const char *dir = tu_corpus_dir();
    if (!dir)
        return 0;
    char path[4096];
    snprintf(path, sizeof path, "%s/FLXC1000.mdd", dir);
    const char *p = path;
    mdd_db_options opts = mdd_db_options_default();
    opts.store.strategy = MDD_STRATEGY_HEAP;
    mdd_error err;
    assert_int_equal(mdd_db_open(&p, 1, &opts, &v->db, &err), MDD_OK);
    v->layer = mdd_db_ecu_find_variant(mdd_db_ecu_at(v->db, 0), "FLXC1000_Boot_Variant");
    assert_non_null(v->layer);
    assert_int_equal(mdd_sovd_entries(v->layer, naming, v->e, ENTRIES_MAX, &v->n, &err), MDD_OK);
    assert_true(v->n <= ENTRIES_MAX);
    return 1;
}

/* The entry of service name: its index, failing when there is none. */
static const mdd_sovd_entry *entry(const view *v, const char *name)
{
    for (uint32_t i = 0; i < v->n; i++)
        if (mdd_bytes_equal_str(mdd_diag_comm_short_name(mdd_diag_service_diag_comm(
                                    v->e[i].service.service)),
                                name))
            return &v->e[i];
    fail_msg("no entry for %s", name);
    return NULL;
}

static void expect_entry(const view *v, const char *name, mdd_sovd_category category,
                         mdd_sovd_role role, const char *id, const char *value,
                         uint32_t identifier)
{
    const mdd_sovd_entry *e = entry(v, name);
    assert_int_equal(e->category, category);
    assert_int_equal(e->role, role);
    assert_true(mdd_bytes_equal_str(e->id, id));
    if (value)
        assert_true(mdd_bytes_equal_str(e->value, value));
    assert_int_equal(e->identifier, identifier);
}

/* The key service of a level, its seed by name. */
static void expect_level(const view *v, const char *key, const char *seed, const char *level,
                         uint32_t sub_function)
{
    expect_entry(v, key, MDD_SOVD_MODE, MDD_SOVD_ENTER, "security", level, sub_function);
    expect_entry(v, seed, MDD_SOVD_MODE, MDD_SOVD_SEED, "security", level, sub_function - 1);
    const mdd_sovd_entry *e = entry(v, key);
    assert_true(mdd_bytes_equal_str(mdd_diag_comm_short_name(mdd_diag_service_diag_comm(
                                        e->seed.service)),
                                    seed));
    assert_true(mdd_bytes_equal_str(mdd_state_chart_short_name(e->chart), "SecurityAccess"));
}

static void test_flxc1000(void **state)
{
    (void)state;
    view *v = calloc(1, sizeof *v);
    assert_non_null(v);
    if (!open_view(v, NULL)) {
        free(v);
        skip();
    }
    /* 46 effective services: 39 are resources (not the resets, the flash transfer and
     * authentication services). */
    assert_int_equal(v->n, 46 - 2 - 3 - 2);
    expect_entry(v, "VINDataIdentifier_Read", MDD_SOVD_DATA, MDD_SOVD_READ, "VINDataIdentifier",
                 NULL, 0xF190);
    expect_entry(v, "VINDataIdentifier_Write", MDD_SOVD_DATA, MDD_SOVD_WRITE,
                 "VINDataIdentifier", NULL, 0xF190);
    assert_true(mdd_bytes_equal_str(entry(v, "VINDataIdentifier_Read")->group, "Ident"));
    expect_entry(v, "CalibrateSensors_Start", MDD_SOVD_OPERATION, MDD_SOVD_START,
                 "CalibrateSensors", NULL, 0x1002);
    expect_entry(v, "CalibrateSensors_Stop", MDD_SOVD_OPERATION, MDD_SOVD_STOP,
                 "CalibrateSensors", NULL, 0x1002);
    expect_entry(v, "CalibrateSensors_RequestResults", MDD_SOVD_OPERATION,
                 MDD_SOVD_REQUEST_RESULTS, "CalibrateSensors", NULL, 0x1002);
    expect_entry(v, "SelfTest_Start", MDD_SOVD_OPERATION, MDD_SOVD_START, "SelfTest", NULL,
                 0x1001);
    expect_entry(v, "Default_Start", MDD_SOVD_MODE, MDD_SOVD_ENTER, "session", "Default", 1);
    expect_entry(v, "Programming_Start", MDD_SOVD_MODE, MDD_SOVD_ENTER, "session", "Programming",
                 2);
    expect_entry(v, "Extended_Start", MDD_SOVD_MODE, MDD_SOVD_ENTER, "session", "Extended", 3);
    expect_entry(v, "Custom_Start", MDD_SOVD_MODE, MDD_SOVD_ENTER, "session", "Custom", 0x44);
    assert_true(mdd_bytes_equal_str(mdd_state_chart_short_name(entry(v, "Extended_Start")->chart),
                                    "Session"));
    expect_level(v, "SendKey_Level_3", "RequestSeed_Level_3", "Level_3", 4);
    expect_level(v, "SendKey_Level_5", "RequestSeed_Level_5", "Level_5", 6);
    expect_level(v, "Send_Key_Level_7", "Request_Seed_Level_7", "Level_7", 8);
    expect_level(v, "SendKey_Supplier", "RequestSeed_Supplier", "Supplier", 0x0A);
    expect_entry(v, "EnableRxAndEnableTx_Control", MDD_SOVD_MODE, MDD_SOVD_ENTER,
                 "communication_control", "EnableRxAndEnableTx", 0);
    expect_entry(v, "DTC_Setting_Mode_Off", MDD_SOVD_MODE, MDD_SOVD_ENTER, "dtc_setting", "Off",
                 2);
    expect_entry(v, "FaultMem_ReportDTCByStatusMask", MDD_SOVD_FAULT, MDD_SOVD_READ_STATUS,
                 "faults", NULL, 2);
    expect_entry(v, "FaultMem_ReportDTCSnapshotRecordByDtcNumber", MDD_SOVD_FAULT,
                 MDD_SOVD_READ_SNAPSHOTS, "faults", NULL, 4);
    expect_entry(v, "FaultMem_ReportDTCExtDataRecordByDtcNumber", MDD_SOVD_FAULT,
                 MDD_SOVD_READ_EXTENDED, "faults", NULL, 6);
    expect_entry(v, "FaultMem_ClearDTCs", MDD_SOVD_FAULT, MDD_SOVD_CLEAR_FAULTS, "faults", NULL,
                 0);
    /* In the order of the categories. */
    for (uint32_t i = 1; i < v->n; i++)
        assert_true(v->e[i - 1].category <= v->e[i].category);
    /* A short array gets the first entries and the same total. */
    uint32_t total = 0;
    mdd_sovd_entry two[2];
    mdd_error err;
    assert_int_equal(mdd_sovd_entries(v->layer, NULL, two, 2, &total, &err), MDD_OK);
    assert_int_equal(total, v->n);
    assert_int_equal(two[1].service.service.t.pos, v->e[1].service.service.t.pos);
    mdd_db_close(v->db);
    free(v);
}

static void test_naming(void **state)
{
    (void)state;
    static const char *const classes[] = {"IDENT"};
    mdd_sovd_naming naming = mdd_sovd_naming_default();
    naming.configuration_classes = classes;
    naming.configuration_class_count = 1;
    naming.suffix_count = 0; /* nothing stripped */
    view *v = calloc(1, sizeof *v);
    assert_non_null(v);
    if (!open_view(v, &naming)) {
        free(v);
        skip();
    }
    expect_entry(v, "VINDataIdentifier_Read", MDD_SOVD_CONFIGURATION, MDD_SOVD_READ,
                 "VINDataIdentifier_Read", NULL, 0xF190);
    expect_entry(v, "VINDataIdentifier_Write", MDD_SOVD_CONFIGURATION, MDD_SOVD_WRITE,
                 "VINDataIdentifier_Write", NULL, 0xF190);
    expect_entry(v, "CalibrateSensors_Stop", MDD_SOVD_OPERATION, MDD_SOVD_STOP,
                 "CalibrateSensors", NULL, 0x1002);
    mdd_error err;
    uint32_t total = 7;
    naming.size = MDD_SOVD_NAMING_SIZE + 8;
    assert_int_equal(mdd_sovd_entries(v->layer, &naming, NULL, 0, &total, &err),
                     MDD_ERR_UNSUPPORTED);
    assert_int_equal(total, 0);
    mdd_db_close(v->db);
    free(v);
}

static int same(mdd_bytes a, mdd_bytes b)
{
    return a.len == b.len && (a.len == 0 || memcmp(a.ptr, b.ptr, a.len) == 0);
}

static void expect_prefix(const mdd_db_service *s, const uint8_t *bytes, size_t n)
{
    assert_int_equal(s->prefix.len, n);
    assert_memory_equal(s->prefix.bytes, bytes, n);
}

/* The view of states_ecu's variant V; the payload lives in b. */
static void open_states(view *v, tb *b)
{
    eb_build(b, &states_ecu);
    mdd_bytes payload = {b->buf, b->len};
    mdd_error err;
    assert_int_equal(mdd_db_open_payloads(&payload, 1, NULL, &v->db, &err), MDD_OK);
    v->layer = mdd_db_ecu_find_variant(mdd_db_ecu_at(v->db, 0), "V");
    assert_non_null(v->layer);
    assert_int_equal(mdd_sovd_entries(v->layer, NULL, v->e, ENTRIES_MAX, &v->n, &err), MDD_OK);
}

/* The states service requires: chart and state names in order, each entered by the service
 * enters[i] (NULL: by none), whose entry's value and chart are that state and chart. */
static void expect_needs(const view *v, const char *service, const char *const *charts,
                         const char *const *states, const char *const *enters, uint32_t n)
{
    mdd_required_state r[EB_MAX_STATES];
    uint32_t total = 0;
    mdd_error err;
    const mdd_sovd_entry *e = entry(v, service);
    assert_int_equal(mdd_db_layer_required_states(
                         v->layer, mdd_diag_service_diag_comm(e->service.service), r,
                         EB_MAX_STATES, &total, &err),
                     MDD_OK);
    assert_int_equal(total, n);
    for (uint32_t i = 0; i < n; i++) {
        mdd_bytes chart = mdd_state_chart_short_name(r[i].chart);
        mdd_bytes state = mdd_state_short_name(r[i].state);
        assert_true(mdd_bytes_equal_str(chart, charts[i]));
        assert_true(mdd_bytes_equal_str(state, states[i]));
        uint32_t entering = 0;
        for (uint32_t k = 0; k < v->n; k++)
            entering += v->e[k].role == MDD_SOVD_ENTER && same(v->e[k].value, state) &&
                        same(mdd_state_chart_short_name(v->e[k].chart), chart);
        assert_int_equal(entering, enters[i] ? 1 : 0);
        if (enters[i]) {
            const mdd_sovd_entry *by = entry(v, enters[i]);
            assert_true(same(by->value, state));
            assert_true(same(mdd_state_chart_short_name(by->chart), chart));
        }
    }
}

static void test_required_states(void **state)
{
    (void)state;
    static tb b;
    view *v = calloc(1, sizeof *v);
    assert_non_null(v);
    open_states(v, &b);
    /* Every service is a resource: 2 data, 2 operations, 4 modes. */
    assert_int_equal(v->n, 8);
    /* A state's entering service and its request bytes. */
    expect_entry(v, "ExtendedSession_Start", MDD_SOVD_MODE, MDD_SOVD_ENTER, "session",
                 "Extended", 3);
    assert_true(mdd_bytes_equal_str(
        mdd_state_chart_short_name(entry(v, "ExtendedSession_Start")->chart), "Session"));
    expect_prefix(&entry(v, "ExtendedSession_Start")->service, (const uint8_t[]){0x10, 0x03}, 2);
    expect_entry(v, "ProgrammingSession_Start", MDD_SOVD_MODE, MDD_SOVD_ENTER, "session",
                 "Programming", 2);
    expect_prefix(&entry(v, "ProgrammingSession_Start")->service, (const uint8_t[]){0x10, 0x02},
                  2);
    expect_level(v, "SendKey_Level_1", "RequestSeed_Level_1", "Level_1", 2);
    expect_prefix(&entry(v, "SendKey_Level_1")->service, (const uint8_t[]){0x27, 0x02}, 2);
    expect_prefix(&entry(v, "SendKey_Level_1")->seed, (const uint8_t[]){0x27, 0x01}, 2);
    expect_entry(v, "Erase_Start", MDD_SOVD_OPERATION, MDD_SOVD_START, "Erase", NULL, 0xFF00);
    /* A service's required states and the service that enters each. */
    expect_needs(v, "VIN_Write", (const char *const[]){"Session", "SecurityAccess"},
                 (const char *const[]){"Extended", "Level_1"},
                 (const char *const[]){"ExtendedSession_Start", "SendKey_Level_1"}, 2);
    expect_needs(v, "Erase_Start", (const char *const[]){"Session", "SecurityAccess"},
                 (const char *const[]){"Programming", "Level_1"},
                 (const char *const[]){"ProgrammingSession_Start", "SendKey_Level_1"}, 2);
    expect_needs(v, "SendKey_Level_1", (const char *const[]){"Session"},
                 (const char *const[]){"Extended"},
                 (const char *const[]){"ExtendedSession_Start"}, 1);
    /* The start state: required, entered by no service. */
    expect_needs(v, "Check_Start", (const char *const[]){"Session"},
                 (const char *const[]){"Default"}, (const char *const[]){NULL}, 1);
    expect_needs(v, "VIN_Read", NULL, NULL, NULL, 0);
    mdd_db_close(v->db);
    free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strip),
        cmocka_unit_test(test_flxc1000),
        cmocka_unit_test(test_naming),
        cmocka_unit_test(test_required_states),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
