/* SPDX-License-Identifier: Apache-2.0 */
/* Request prefixes (docs/format.md, "Request matching"): exact prefixes of real services and
 * of built ones for each rule (position order, gaps, the tests a param must pass, the 4-byte
 * bound), and how a prefix matches requests. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "ecu_builder.h"
#include "testutil.h"

#include <mdd/db.h>
#include <mdd/fb.h>
#include <mdd/fb_verify.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The longest prefix these tests expect, and its room as hex. */
#define LONGEST 16
#define HEX_SIZE (2 * LONGEST + 1)

/* Service s's prefix as lowercase hex, checking that a short buffer gets the bytes that fit
 * and the whole length. */
static void prefix_hex(mdd_diag_service s, char out[HEX_SIZE])
{
    uint8_t bytes[LONGEST];
    size_t len = mdd_diag_service_request_prefix(s, bytes, sizeof bytes);
    assert_true(len <= LONGEST);
    tu_hex(bytes, len, out);
    uint8_t shorter[LONGEST] = {0};
    assert_int_equal(mdd_diag_service_request_prefix(s, NULL, 0), len);
    if (len > 1) {
        assert_int_equal(mdd_diag_service_request_prefix(s, shorter, len - 1), len);
        assert_memory_equal(shorter, bytes, len - 1);
        assert_int_equal(shorter[len - 1], 0);
    }
}

/* The prefix of a service with the given request params, built and verified. */
static void built_prefix(const eb_param *params, uint32_t count, char out[HEX_SIZE])
{
    eb_service service = {.name = "S", .param_count = count};
    if (count)
        memcpy(service.params, params, count * sizeof *params);
    eb_layer layer = {.kind = EB_VARIANT, .name = "V", .services = &service, .service_count = 1};
    eb_ecu ecu = {.name = "ECU", .layers = &layer, .layer_count = 1};
    static tb b;
    eb_build(&b, &ecu);
    assert_int_equal(mdd_fb_verify_ecu_data(b.buf, b.len, NULL, NULL), MDD_OK);
    mdd_ecu_data root = mdd_ecu_data_root(b.buf, b.len);
    mdd_variant v = mdd_variant_vec_at(mdd_ecu_data_variants(root), 0);
    mdd_diag_service s =
        mdd_diag_service_vec_at(mdd_diag_layer_diag_services(mdd_variant_diag_layer(v)), 0);
    assert_true(mdd_present(s));
    prefix_hex(s, out);
}

#define ASSERT_PREFIX(expected, ...)                                                           \
    do {                                                                                       \
        const eb_param params_[] = {__VA_ARGS__};                                              \
        char hex_[HEX_SIZE];                                                                          \
        built_prefix(params_, sizeof params_ / sizeof params_[0], hex_);                       \
        assert_string_equal(hex_, expected);                                                   \
    } while (0)

#define SID(v) EB_CONST(v, 8, EB_ABSENT)

static void test_service_id_and_identifier(void **state)
{
    (void)state;
    ASSERT_PREFIX("22f190", SID("34"), EB_CONST("61840", 16, 1));
    /* Stored order does not matter: byte positions do. */
    ASSERT_PREFIX("22f190", EB_CONST("61840", 16, 1), SID("34"));
    ASSERT_PREFIX("31011002", SID("49"), EB_CONST("1", 8, 1), EB_CONST("4098", 16, 2));
    /* Leading zeros of the decimal text; a byte position of 0 stored explicitly. */
    ASSERT_PREFIX("0a", EB_CONST("0010", 8, 0));
}

static void test_sizes(void **state)
{
    (void)state;
    /* ceil(bit_length / 8) bytes, big-endian. */
    ASSERT_PREFIX("0fff", EB_CONST("4095", 12, EB_ABSENT));
    ASSERT_PREFIX("00000001", EB_CONST("1", 25, EB_ABSENT));
    ASSERT_PREFIX("ffffffff", EB_CONST("4294967295", 32, EB_ABSENT));
    /* No cap on the prefix: SID + sub-function + a 32-bit routine id is six bytes. */
    ASSERT_PREFIX("22010203", SID("34"), EB_CONST("66051", 24, 1));
    ASSERT_PREFIX("2200000001", SID("34"), EB_CONST("1", 32, 1));
    ASSERT_PREFIX("310101020304", SID("49"), EB_CONST("1", 8, 1), EB_CONST("16909060", 32, 2));
    ASSERT_PREFIX("3101ffffffff0a0b0c0d", SID("49"), EB_CONST("1", 8, 1),
                  EB_CONST("4294967295", 32, 2), EB_CONST("168496141", 32, 6));
    /* A single param wider than 32 bits still ends it. */
    ASSERT_PREFIX("3101", SID("49"), EB_CONST("1", 8, 1), EB_CONST("1", 33, 2));
}

static void test_stops(void **state)
{
    (void)state;
    /* Nothing at byte 1: the param at byte 2 is not reached. */
    ASSERT_PREFIX("10", SID("16"), EB_CONST("2", 8, 2));
    /* A VALUE param ends it. */
    ASSERT_PREFIX("2e", SID("46"), {.byte_pos = 1, .bit_pos = EB_ABSENT});
    /* No params at all, or none at byte 0. */
    char hex[HEX_SIZE];
    built_prefix(NULL, 0, hex);
    assert_string_equal(hex, "");
    ASSERT_PREFIX("", EB_CONST("5", 8, 1));
}

static void test_param_tests(void **state)
{
    (void)state;
    const eb_param base = EB_CONST("1", 8, 1);
    eb_param p = base;
    p.condensed = 1;
    ASSERT_PREFIX("22", SID("34"), p);
    p = base;
    p.masked = 1;
    ASSERT_PREFIX("22", SID("34"), p);
    p = base;
    p.signed_type = 1;
    ASSERT_PREFIX("22", SID("34"), p);
    p = base;
    p.leading_length = 1;
    ASSERT_PREFIX("22", SID("34"), p);
    p = base;
    p.bit_pos = 4;
    ASSERT_PREFIX("22", SID("34"), p);
    p = base;
    p.bit_pos = 0;
    ASSERT_PREFIX("2201", SID("34"), p);
    p = base;
    p.bits = 0; /* would take no bytes and never advance */
    ASSERT_PREFIX("22", SID("34"), p);
}

static void test_coded_values(void **state)
{
    (void)state;
    static const char *const bad[] = {"", "0x22", "-1", "+1", "12a", " 1", "256", "4294967296"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ASSERT_PREFIX("22", SID("34"), EB_CONST(bad[i], 8, 1));
    ASSERT_PREFIX("22ff", SID("34"), EB_CONST("255", 8, 1));
    /* 12 bits hold 4095, not 4096. */
    ASSERT_PREFIX("", EB_CONST("4096", 12, EB_ABSENT));
}

static void test_first_qualifying_param_at_a_position(void **state)
{
    (void)state;
    eb_param value = {.byte_pos = 1, .bit_pos = EB_ABSENT};
    ASSERT_PREFIX("2201", SID("34"), value, EB_CONST("1", 8, 1), EB_CONST("2", 8, 1));
}

static void test_matches(void **state)
{
    (void)state;
    static const uint8_t bytes[] = {0x22, 0xf1, 0x90};
    mdd_request_prefix p = {bytes, 3};
    static const uint8_t full[] = {0x22, 0xf1, 0x90, 0xaa, 0xbb};
    static const uint8_t other[] = {0x22, 0xf2};
    assert_true(mdd_request_prefix_matches(&p, full, sizeof full));
    assert_true(mdd_request_prefix_matches(&p, full, 3));
    assert_true(mdd_request_prefix_matches(&p, full, 2));
    assert_true(mdd_request_prefix_matches(&p, full, 1));
    assert_true(mdd_request_prefix_matches(&p, NULL, 0));
    assert_false(mdd_request_prefix_matches(&p, other, sizeof other));
    assert_false(mdd_request_prefix_matches(&p, other + 1, 1));
    mdd_request_prefix empty = {NULL, 0};
    assert_true(mdd_request_prefix_matches(&empty, other, sizeof other));
}

/* ---- Real services ---- */

static mdd_diag_service corpus_service(mdd_ecu_data root, const char *name)
{
    mdd_variant v = mdd_variant_vec_at(mdd_ecu_data_variants(root), 0);
    mdd_diag_service_vec own = mdd_diag_layer_diag_services(mdd_variant_diag_layer(v));
    for (uint32_t i = 0; i < mdd_diag_service_vec_count(own); i++) {
        mdd_diag_service s = mdd_diag_service_vec_at(own, i);
        if (mdd_bytes_equal_str(mdd_diag_comm_short_name(mdd_diag_service_diag_comm(s)), name))
            return s;
    }
    fail_msg("no service %s", name);
    return (mdd_diag_service){{NULL, 0, 0}};
}

static void test_corpus(void **state)
{
    (void)state;
    size_t file_len;
    size_t len;
    uint8_t *file = tu_read_corpus_file("FLXC1000.mdd", &file_len);
    if (!file)
        skip();
    uint8_t *payload = tb_corpus_payload(file, file_len, &len);
    free(file);
    assert_non_null(payload);
    mdd_ecu_data root = mdd_ecu_data_root(payload, len);
    static const struct {
        const char *name;
        const char *hex;
    } want[] = {
        {"VINDataIdentifier_Read", "22f190"},  {"VINDataIdentifier_Write", "2ef190"},
        {"FaultMem_ClearDTCs", "14"},          {"CalibrateSensors_Start", "31011002"},
        {"Authentication_Deauthenticate", "2900"}, {"HardReset", "1101"},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        char hex[HEX_SIZE];
        prefix_hex(corpus_service(root, want[i].name), hex);
        assert_string_equal(hex, want[i].hex);
    }
    free(payload);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_service_id_and_identifier),
        cmocka_unit_test(test_sizes),
        cmocka_unit_test(test_stops),
        cmocka_unit_test(test_param_tests),
        cmocka_unit_test(test_coded_values),
        cmocka_unit_test(test_first_qualifying_param_at_a_position),
        cmocka_unit_test(test_matches),
        cmocka_unit_test(test_corpus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
