/* SPDX-License-Identifier: Apache-2.0 */
/* The physical ranges of linear compu methods in request schemas (mdd_uds_schema(),
 * docs/codec.md "Schemas"): for each method below, the schema's minimum and maximum are the
 * values worked out here by hand from its formula, coded bits and limits; each bound encodes
 * to the coded value at that end of the coded range and decodes back to itself, and "one
 * past" each bound (the physical value of the coded value one step outside the range, beyond
 * the bits or the limits) is refused by the encoder. Methods whose range is not claimed
 * (a default value for the coded values the limits leave out, SCALE_LINEAR, a rational
 * function with phys_to_internal scales, an end the physical type cannot hold) have neither
 * bound. */
/* The database needs more room than fb_builder.h gives by default. */
#define TB_CAP 65536
#include "uds_msg_builder.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <mdd/uds_describe.h>

#define DOP(dop_name, dct, compu, physical)                                                   \
    {.kind = MB_NORMAL, .name = (dop_name), .normal = {dct, compu, physical}}
#define FLOAT64 MDD_PHYSICAL_TYPE_DATA_TYPE_A_FLOAT_64
#define LINEAR(...)                                                                           \
    {.category = MDD_COMPU_CATEGORY_LINEAR, .scales = {{__VA_ARGS__}}, .scale_count = 1}

static const ub_compu c_linear = LINEAR(.num = {-40, 0.5}, .num_count = 2);
static const ub_compu c_falling = LINEAR(.num = {100, -2}, .num_count = 2);
static const ub_compu c_tenths = LINEAR(.num = {0, 1}, .num_count = 2, .den = {10},
                                        .den_count = 1);
static const ub_compu c_limited = LINEAR(.num = {1, 2}, .num_count = 2, .lower = "10",
                                         .upper = "200");
static const ub_compu c_open = LINEAR(.num = {1, 2}, .num_count = 2, .lower = "10",
                                      .upper = "200", .lower_type = UB_OPEN,
                                      .upper_type = UB_OPEN);
static const ub_compu c_quarter = LINEAR(.num = {0, 0.25}, .num_count = 2);
static const ub_compu c_triple = LINEAR(.num = {-5, 3}, .num_count = 2);
static const ub_compu c_rat = {.category = MDD_COMPU_CATEGORY_RAT_FUNC,
                               .scales = {{.num = {1, 0.5}, .num_count = 2, .den = {2},
                                           .den_count = 1}},
                               .scale_count = 1};
static const ub_compu c_defaulted = {.category = MDD_COMPU_CATEGORY_LINEAR,
                                     .scales = {{.num = {1, 2}, .num_count = 2, .lower = "10",
                                                 .upper = "200"}},
                                     .scale_count = 1, .has_default_v = 1, .default_v = -1};
static const ub_compu c_scale_linear = {.category = MDD_COMPU_CATEGORY_SCALE_LINEAR,
                                        .scales = {{.num = {0, 1}, .num_count = 2,
                                                    .upper = "99"},
                                                   {.num = {-100, 2}, .num_count = 2,
                                                    .lower = "100"}},
                                        .scale_count = 2};
static const ub_compu c_rat_p2i = {.category = MDD_COMPU_CATEGORY_RAT_FUNC,
                                   .scales = {{.num = {0, 2}, .num_count = 2}},
                                   .scale_count = 1,
                                   .inverse_scales = {{.num = {0, 0.5}, .num_count = 2,
                                                       .lower = "0", .upper = "510"}},
                                   .inverse_count = 1};

static const mb_dop d_linear = DOP("Linear", MB_UINT(8), &c_linear, FLOAT64);
static const mb_dop d_falling = DOP("Falling", MB_UINT(8), &c_falling, FLOAT64);
static const mb_dop d_tenths = DOP("Tenths", MB_UINT(16), &c_tenths, FLOAT64);
static const mb_dop d_limited = DOP("Limited", MB_UINT(8), &c_limited, FLOAT64);
static const mb_dop d_open = DOP("Open", MB_UINT(8), &c_open, FLOAT64);
static const mb_dop d_signed = DOP("Signed", UB_STANDARD(MDD_DATA_TYPE_A_INT_32, 8), &c_quarter,
                                   FLOAT64);
static const mb_dop d_int = DOP("IntPhys", MB_UINT(8), &c_triple,
                                MDD_PHYSICAL_TYPE_DATA_TYPE_A_INT_32);
static const mb_dop d_rat = DOP("Rat", MB_UINT(8), &c_rat, FLOAT64);
static const mb_dop d_uint = DOP("UintPhys", MB_UINT(8), &c_linear,
                                 MDD_PHYSICAL_TYPE_DATA_TYPE_A_UINT_32);
static const mb_dop d_defaulted = DOP("Defaulted", MB_UINT(8), &c_defaulted, FLOAT64);
static const mb_dop d_scale_linear = DOP("ScaleLinear", MB_UINT(8), &c_scale_linear, FLOAT64);
static const mb_dop d_rat_p2i = DOP("RatP2i", MB_UINT(8), &c_rat_p2i, FLOAT64);

/* One service per method: 2E <DID> <X through the DOP>. */
#define REQUEST_OF(array, did, dop)                                                           \
    static const mb_param array[] = {MB_CONST("SID", "46", 8, 0), MB_CONST("DID", did, 16, 1), \
                                     MB_VALUE("X", &dop, MB_AT(3))}
REQUEST_OF(r_linear, "1", d_linear);
REQUEST_OF(r_falling, "2", d_falling);
REQUEST_OF(r_tenths, "3", d_tenths);
REQUEST_OF(r_limited, "4", d_limited);
REQUEST_OF(r_open, "5", d_open);
REQUEST_OF(r_signed, "6", d_signed);
REQUEST_OF(r_int, "7", d_int);
REQUEST_OF(r_rat, "8", d_rat);
REQUEST_OF(r_uint, "9", d_uint);
REQUEST_OF(r_defaulted, "10", d_defaulted);
REQUEST_OF(r_scale_linear, "11", d_scale_linear);
REQUEST_OF(r_rat_p2i, "12", d_rat_p2i);

#define SERVICE(service_name, request) {service_name, request, 3, NULL, 0, NULL, 0}
static const mb_service services[] = {
    SERVICE("Linear", r_linear),
    SERVICE("Falling", r_falling),
    SERVICE("Tenths", r_tenths),
    SERVICE("Limited", r_limited),
    SERVICE("Open", r_open),
    SERVICE("Signed", r_signed),
    SERVICE("IntPhys", r_int),
    SERVICE("Rat", r_rat),
    SERVICE("UintPhys", r_uint),
    SERVICE("Defaulted", r_defaulted),
    SERVICE("ScaleLinear", r_scale_linear),
    SERVICE("RatP2i", r_rat_p2i),
};
static const mb_ecu ecu = {"ECU", services, sizeof services / sizeof services[0], NULL, 0};

/* A service's expected bounds: whether claimed, the bound, the coded value (the message's
 * bytes from byte 3, big-endian) it encodes to, and the physical value one coded step past. */
typedef struct bound {
    int claimed;
    double value;
    uint32_t coded, coded_len;
    double past;
} bound;

typedef struct limit_case {
    const char *service;
    bound min, max;
} limit_case;

#define NONE {0, 0, 0, 0, 0}
static const limit_case cases[] = {
    /* -40 + 0.5 x over 0..255. */
    {"Linear", {1, -40, 0, 1, -40.5}, {1, 87.5, 255, 1, 88}},
    /* 100 - 2 x falls: 255 gives the minimum. */
    {"Falling", {1, -410, 255, 1, -412}, {1, 100, 0, 1, 102}},
    /* x / 10 over 16 bits. */
    {"Tenths", {1, 0, 0, 2, -0.1}, {1, 6553.5, 65535, 2, 6553.6}},
    /* 1 + 2 x within the limits [10, 200]: 21..401; 9 and 201 are outside them. */
    {"Limited", {1, 21, 10, 1, 19}, {1, 401, 200, 1, 403}},
    /* Open limits (10, 200): 11..199. */
    {"Open", {1, 23, 11, 1, 21}, {1, 399, 199, 1, 401}},
    /* 0.25 x over a signed byte, -128..127. */
    {"Signed", {1, -32, 0x80, 1, -32.25}, {1, 31.75, 0x7F, 1, 32}},
    /* -5 + 3 x into an integer physical type. */
    {"IntPhys", {1, -5, 0, 1, -8}, {1, 760, 255, 1, 763}},
    /* A rational function of degree 1 over a constant: (1 + 0.5 x) / 2. */
    {"Rat", {1, 0.5, 0, 1, 0.25}, {1, 64.25, 255, 1, 64.5}},
    /* An unsigned physical type: -40 is not one, and 87.5 is written 88, which encodes to
     * 256; neither end is claimed. */
    {"UintPhys", NONE, NONE},
    {"Defaulted", NONE, NONE},
    {"ScaleLinear", NONE, NONE},
    {"RatP2i", NONE, NONE},
};

static tb layout;
static mdd_db *db;
static const mdd_db_layer *layer;

static int setup(void **state)
{
    (void)state;
    layer = mb_open(&layout, &ecu, 1, &db);
    return layer ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    mdd_db_close(db);
    return 0;
}

static mdd_db_service service_named(const char *name)
{
    mdd_db_service s;
    if (!mdd_db_layer_find_service(layer, name, &s))
        fail_msg("no service %s", name);
    return s;
}

/* The number after "key": in the schema of X, or 0 when it has none. */
static int schema_number(const char *x_schema, const char *key, double *out)
{
    const char *end = strchr(x_schema, '}');
    const char *at = strstr(x_schema, key);
    if (!at || at > end)
        return 0;
    *out = strtod(at + strlen(key), NULL);
    return 1;
}

/* Encodes {"X": value}: the status, and on success the coded value after byte 3. */
static mdd_status encode_x(const mdd_db_service *s, double value, uint8_t *out, size_t *len)
{
    char json[64];
    snprintf(json, sizeof json, "{\"X\": %.17g}", value);
    const mdd_uds_message request = {MDD_UDS_REQUEST, 0};
    mdd_error err;
    return mdd_uds_encode(layer, s, &request, NULL, 0, json, strlen(json), NULL, out, 16, len,
                          &err);
}

/* The value of X that the request msg decodes to. */
static double decoded_x(const mdd_db_service *s, const uint8_t *msg, size_t len)
{
    mdd_buffer b = {0};
    mdd_sink sink = mdd_buffer_sink(&b);
    const mdd_uds_message request = {MDD_UDS_REQUEST, 0};
    mdd_error err;
    assert_int_equal(mdd_uds_decode_message_json(layer, s, &request, NULL, 0, msg, len, NULL,
                                                 &sink, &err),
                     MDD_OK);
    assert_int_equal(mdd_sink_write(&sink, (const uint8_t *)"", 1, &err), MDD_OK);
    const char *x = strstr((const char *)b.data, "\"X\":");
    assert_non_null(x);
    double v = strtod(x + 4, NULL);
    mdd_buffer_free(&b);
    return v;
}

static void expect_bound(const limit_case *c, const mdd_db_service *s, const char *x_schema,
                         const char *key, const bound *want)
{
    double got;
    if (!want->claimed) {
        if (schema_number(x_schema, key, &got))
            fail_msg("%s: %s %.17g claimed", c->service, key, got);
        return;
    }
    if (!schema_number(x_schema, key, &got))
        fail_msg("%s: no %s in %.80s", c->service, key, x_schema);
    if (got != want->value)
        fail_msg("%s: %s %.17g, not %.17g", c->service, key, got, want->value);
    uint8_t msg[16];
    size_t len = 0;
    assert_int_equal(encode_x(s, got, msg, &len), MDD_OK);
    assert_int_equal(len, 3 + want->coded_len);
    uint32_t coded = 0;
    for (size_t i = 3; i < len; i++)
        coded = coded << 8 | msg[i];
    if (coded != want->coded)
        fail_msg("%s: %s encodes to %u, not %u", c->service, key, coded, want->coded);
    if (decoded_x(s, msg, len) != got)
        fail_msg("%s: %s does not decode back", c->service, key);
    if (encode_x(s, want->past, msg, &len) != MDD_ERR_ARG)
        fail_msg("%s: one past the %s (%.17g) is not refused", c->service, key, want->past);
}

static void test_limits(void **state)
{
    (void)state;
    uint32_t claimed = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const limit_case *c = &cases[i];
        mdd_db_service s = service_named(c->service);
        mdd_buffer b = {0};
        mdd_sink sink = mdd_buffer_sink(&b);
        const mdd_uds_message request = {MDD_UDS_REQUEST, 0};
        mdd_error err;
        assert_int_equal(mdd_uds_schema(layer, &s, &request, NULL, &sink, &err), MDD_OK);
        assert_int_equal(mdd_sink_write(&sink, (const uint8_t *)"", 1, &err), MDD_OK);
        const char *x = strstr((const char *)b.data, "\"X\":{\"type\":\"number\"");
        if (!x)
            fail_msg("%s: X is no number: %s", c->service, (const char *)b.data);
        expect_bound(c, &s, x, "\"minimum\":", &c->min);
        expect_bound(c, &s, x, "\"maximum\":", &c->max);
        claimed += (uint32_t)(c->min.claimed + c->max.claimed);
        mdd_buffer_free(&b);
    }
    assert_int_equal(claimed, 16);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_limits),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
