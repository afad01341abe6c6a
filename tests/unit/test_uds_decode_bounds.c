/* SPDX-License-Identifier: Apache-2.0 */
/* What decoding and encoding cost besides time, and how hostile databases are bounded: no
 * heap allocation (every allocation of the program goes through the counting wrappers,
 * linked with --wrap, tests/CMakeLists.txt), nesting deeper than max_depth and trees that
 * share their subtrees (exponential when expanded) stop with MDD_ERR_LIMIT. */
#define TB_CAP 65536
#include "uds_msg_fixture.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "alloc_count.h"

static tb layout;

static void test_no_allocation(void **state)
{
    (void)state;
    mdd_db *db;
    const mdd_db_layer *layer = mb_open(&layout, &um_ecu, 1, &db);
    assert_non_null(layer);
    mb_record rec;
    mdd_uds_visitor v = mb_recorder(&rec);
    mdd_db_service s;
    assert_true(mdd_db_layer_find_service(layer, "ReadDtc", &s));
    const uint8_t req[] = {0x19, 0x04}, resp[] = {0x59, 0x01, 0x01, 0x00, 0x12, 0x34, 0x55};
    const char *json = "{\"DTC\": 65792, \"Env\": {\"Odo\": 4660, \"Temp\": 85}}";
    const mdd_uds_message positive = {MDD_UDS_POSITIVE, 0};
    uint8_t out[16];
    size_t needed;
    unsigned long before = tu_allocations();
    for (int i = 0; i < 100; i++) {
        rec.len = 0;
        assert_int_equal(mdd_uds_decode(layer, req, sizeof req, resp, sizeof resp, &v, NULL,
                                        NULL, NULL),
                         MDD_OK);
        assert_int_equal(mdd_uds_encode(layer, &s, &positive, req, sizeof req, json,
                                        strlen(json), NULL, out, sizeof out, &needed, NULL),
                         MDD_OK);
    }
    assert_int_equal(tu_allocations() - before, 0);
    assert_int_equal(needed, sizeof resp);
    assert_memory_equal(out, resp, sizeof resp);
    mdd_db_close(db);
}

#define CHAIN 40

/* A structure nested CHAIN deep, each holding the next at byte 0, the last a byte. */
static mb_dop chain[CHAIN];
static mb_param chain_params[CHAIN];
static const mb_param top_req[] = {MB_CONST("SID", "38", 8, 0)};
static mb_param top_pos[2] = {MB_CONST("SID", "102", 8, 0)};
static mb_response top_pos_r[1];
static mb_service top_service[1];

static const mdd_db_layer *open_nested(mdd_db **db, uint32_t levels, const char *param_name,
                                       uint32_t params_per_level)
{
    static mb_param pairs[CHAIN][2];
    for (uint32_t i = 0; i < levels; i++) {
        int leaf = i + 1 == levels;
        mb_param p = {.name = leaf ? "x" : param_name, .type = MDD_PARAM_TYPE_VALUE,
                      .byte = MB_AT(0), .dop = leaf ? &um_u8 : &chain[i + 1]};
        chain_params[i] = p;
        pairs[i][0] = p;
        pairs[i][1] = p;
        pairs[i][1].name = "R";
        chain[i] = (mb_dop){.kind = MB_STRUCTURE, .name = "S",
                            .params = params_per_level == 2 && !leaf ? pairs[i] : &chain_params[i],
                            .param_count = params_per_level == 2 && !leaf ? 2 : 1};
    }
    top_pos[1] = (mb_param)MB_VALUE("Top", &chain[0], MB_AT(1));
    top_pos_r[0] = (mb_response){top_pos, 2, 0};
    top_service[0] = (mb_service){.name = "Deep", .request = top_req, .request_count = 1,
                                  .pos = top_pos_r, .pos_count = 1};
    mb_ecu e = {"ECU", top_service, 1, NULL, 0};
    return mb_open(&layout, &e, 0, db);
}

static void test_nesting_is_bounded(void **state)
{
    (void)state;
    mdd_db *db;
    const mdd_db_layer *layer = open_nested(&db, CHAIN, "C", 1);
    assert_non_null(layer);
    const uint8_t req[] = {0x26}, resp[] = {0x66, 0x07};
    mdd_error err;
    assert_int_equal(mdd_uds_decode(layer, req, 1, resp, 2, NULL, NULL, NULL, &err),
                     MDD_ERR_LIMIT);
    /* The 33rd structure is one too many: its path is Top and 32 Cs. */
    char want[256] = "/Top";
    for (int i = 0; i < 32; i++)
        strcat(want, "/C");
    strcat(want, " at byte 1: nested deeper than max_depth 32");
    assert_string_equal(err.message, want);
    /* Deep enough bounds let it through: 39 structures and the byte. */
    mdd_uds_options opts = mdd_uds_options_default();
    opts.max_depth = 64;
    mb_record rec;
    mdd_uds_visitor v = mb_recorder(&rec);
    assert_int_equal(mdd_uds_decode(layer, req, 1, resp, 2, &v, &opts, NULL, &err), MDD_OK);
    assert_non_null(strstr(rec.text, "/x=7@1+1"));
    /* Encoding stops the same way. */
    mdd_db_service s;
    assert_true(mdd_db_layer_find_service(layer, "Deep", &s));
    const mdd_uds_message positive = {MDD_UDS_POSITIVE, 0};
    size_t needed;
    uint8_t out[8];
    assert_int_equal(mdd_uds_encode(layer, &s, &positive, NULL, 0, "{}", 2, NULL, out, sizeof out,
                                    &needed, &err),
                     MDD_ERR_LIMIT);
    assert_non_null(strstr(err.message, "nested deeper than max_depth 32"));
    mdd_db_close(db);
}

static void test_shared_subtrees_are_bounded(void **state)
{
    (void)state;
    mdd_db *db;
    /* 2^19 leaves if expanded; the payload holds each level once. */
    const mdd_db_layer *layer = open_nested(&db, 20, "L", 2);
    assert_non_null(layer);
    const uint8_t req[] = {0x26}, resp[] = {0x66, 0x07};
    mdd_uds_options opts = mdd_uds_options_default();
    opts.max_values = 1000;
    mdd_error err;
    assert_int_equal(mdd_uds_decode(layer, req, 1, resp, 2, NULL, &opts, NULL, &err),
                     MDD_ERR_LIMIT);
    assert_non_null(strstr(err.message, "more than max_values 1000 values"));
    mdd_db_close(db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_allocation),
        cmocka_unit_test(test_nesting_is_bounded),
        cmocka_unit_test(test_shared_subtrees_are_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
