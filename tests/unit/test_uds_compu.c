/* SPDX-License-Identifier: Apache-2.0 */
/* Compu methods both ways, all eight categories, with the examples of the codec rules (§4)
 * as expected values; limits (CLOSED, OPEN, INFINITE, one-sided), default values, and the
 * bad input of the issue (NaN, infinities, division by zero, text-table misses). Also the
 * scalars: constants and limits parsed by type, and compared. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "uds_builder.h"

#include "../../src/uds/uds_impl.h"

#include <string.h>

static tb b;

/* Builds c (NULL: no compu method) and a physical type (UB_ABSENT: none) in a fresh buffer. */
static void build(const ub_compu *c, int physical, mdd_compu_method *cm, mdd_physical_type *pt)
{
    tb_init(&b);
    uint32_t cm_pos = c ? ub_compu_table(&b, c) : 0;
    uint32_t pt_pos = physical == UB_ABSENT ? 0 : ub_physical_type_table(&b, (uint8_t)physical);
    cm->t = ub_view(&b, cm_pos);
    pt->t = ub_view(&b, pt_pos);
}

static uds_scalar uint_value(uint64_t u) { return (uds_scalar){.kind = MDD_UDS_UINT, .as.u = u}; }

static uds_scalar int_value(int64_t i) { return (uds_scalar){.kind = MDD_UDS_INT, .as.i = i}; }

static uds_scalar float_value(double f) { return (uds_scalar){.kind = MDD_UDS_FLOAT, .as.f = f}; }

static uds_scalar text_value(const char *s, mdd_uds_text_encoding encoding)
{
    uds_scalar v = {.kind = MDD_UDS_TEXT};
    v.as.text.bytes = (mdd_bytes){(const uint8_t *)s, strlen(s)};
    v.as.text.encoding = encoding;
    return v;
}

/* Decodes coded with c and the physical type; returns the status and *out. */
static mdd_status decode(const ub_compu *c, uint8_t coded_type, int physical,
                         const uds_scalar *coded, uds_scalar *out, mdd_error *err)
{
    mdd_compu_method cm;
    mdd_physical_type pt;
    build(c, physical, &cm, &pt);
    return uds_compu_to_physical(cm, coded_type, pt, coded, out, err);
}

static mdd_status encode(const ub_compu *c, uint8_t coded_type, int physical,
                         const uds_scalar *value, uds_scalar *out, mdd_error *err)
{
    mdd_compu_method cm;
    mdd_physical_type pt;
    build(c, physical, &cm, &pt);
    return uds_compu_to_coded(cm, coded_type, pt, value, out, err);
}

static double decode_float(const ub_compu *c, uint64_t coded)
{
    uds_scalar in = uint_value(coded), out;
    mdd_error err;
    assert_int_equal(decode(c, MDD_DATA_TYPE_A_UINT_32, MDD_PHYSICAL_TYPE_DATA_TYPE_A_FLOAT_64,
                            &in, &out, &err),
                     MDD_OK);
    assert_int_equal(out.kind, MDD_UDS_FLOAT);
    return out.as.f;
}

static uint64_t encode_uint(const ub_compu *c, int physical, const uds_scalar *value)
{
    uds_scalar out;
    mdd_error err;
    assert_int_equal(encode(c, MDD_DATA_TYPE_A_UINT_32, physical, value, &out, &err), MDD_OK);
    assert_int_equal(out.kind, MDD_UDS_UINT);
    return out.as.u;
}

/* Whether a text value holds exactly the UTF-8 text want. */
static void assert_text(const uds_scalar *v, const char *want)
{
    assert_int_equal(v->kind, MDD_UDS_TEXT);
    uds_scalar w = text_value(want, MDD_UDS_TEXT_UTF8);
    int order = 2;
    assert_int_equal(uds_scalar_compare(v, &w, &order), 1);
    assert_int_equal(order, 0);
}

/* ---- IDENTICAL ---- */

static void identical_types_the_value(void **state)
{
    (void)state;
    uds_scalar in = uint_value(5), out;
    mdd_error err;
    assert_int_equal(decode(NULL, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &in, &out, &err), MDD_OK);
    assert_int_equal(out.kind, MDD_UDS_UINT);
    assert_int_equal(out.as.u, 5);
    ub_compu id = {.category = MDD_COMPU_CATEGORY_IDENTICAL};
    assert_int_equal(decode(&id, MDD_DATA_TYPE_A_UINT_32, MDD_PHYSICAL_TYPE_DATA_TYPE_A_FLOAT_64,
                            &in, &out, &err),
                     MDD_OK);
    assert_int_equal(out.kind, MDD_UDS_FLOAT);
    assert_true(out.as.f == 5.0);

    uds_scalar five = float_value(5.0), half = float_value(5.5), minus = int_value(-1);
    assert_int_equal(encode_uint(&id, MDD_PHYSICAL_TYPE_DATA_TYPE_A_FLOAT_64, &five), 5);
    assert_int_equal(encode(&id, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &half, &out, &err),
                     MDD_ERR_ARG);
    assert_int_equal(encode(&id, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &minus, &out, &err),
                     MDD_ERR_ARG);

    /* a byte field from its hex text, as decoding prints it */
    uds_scalar hex = text_value("0xAA 0xBB", UDS_TEXT_JSON);
    assert_int_equal(encode(NULL, MDD_DATA_TYPE_A_BYTEFIELD, UB_ABSENT, &hex, &out, &err), MDD_OK);
    assert_int_equal(out.kind, MDD_UDS_BYTES);
    assert_true(out.hex_text);
    uds_scalar raw = {.kind = MDD_UDS_BYTES, .as.bytes = {(const uint8_t[]){0xAA, 0xBB}, 2}};
    int order = 2;
    assert_int_equal(uds_scalar_compare(&out, &raw, &order), 1);
    assert_int_equal(order, 0);
    uds_scalar not_hex = text_value("0xAG", UDS_TEXT_JSON);
    assert_int_equal(encode(NULL, MDD_DATA_TYPE_A_BYTEFIELD, UB_ABSENT, &not_hex, &out, &err),
                     MDD_ERR_ARG);
}

/* ---- LINEAR, SCALE_LINEAR ---- */

static const ub_compu TEMPERATURE = {
    .category = MDD_COMPU_CATEGORY_LINEAR,
    .scales = {{.num = {-40, 0.5}, .num_count = 2}},
    .scale_count = 1,
};

static void linear_both_ways(void **state)
{
    (void)state;
    assert_true(decode_float(&TEMPERATURE, 125) == 22.5);
    uds_scalar y = float_value(22.7);
    assert_int_equal(encode_uint(&TEMPERATURE, MDD_PHYSICAL_TYPE_DATA_TYPE_A_FLOAT_64, &y), 125);
    y = float_value(22.75); /* 125.5: ties to even */
    assert_int_equal(encode_uint(&TEMPERATURE, MDD_PHYSICAL_TYPE_DATA_TYPE_A_FLOAT_64, &y), 126);
    y = float_value(22.25); /* 124.5 */
    assert_int_equal(encode_uint(&TEMPERATURE, MDD_PHYSICAL_TYPE_DATA_TYPE_A_FLOAT_64, &y), 124);

    ub_compu tenth = {.category = MDD_COMPU_CATEGORY_LINEAR,
                      .scales = {{.num = {0, 1}, .num_count = 2, .den = {10}, .den_count = 1}},
                      .scale_count = 1};
    assert_true(decode_float(&tenth, 1234) == 123.4);
}

static void linear_rounds_to_an_integer_physical_type(void **state)
{
    (void)state;
    ub_compu half = {.category = MDD_COMPU_CATEGORY_LINEAR,
                     .scales = {{.num = {0, 0.5}, .num_count = 2}},
                     .scale_count = 1};
    static const struct {
        uint64_t coded, physical;
    } cases[] = {{5, 2}, {7, 4}, {3, 2}, {8, 4}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uds_scalar in = uint_value(cases[i].coded), out;
        mdd_error err;
        assert_int_equal(decode(&half, MDD_DATA_TYPE_A_UINT_32,
                                MDD_PHYSICAL_TYPE_DATA_TYPE_A_UINT_32, &in, &out, &err),
                         MDD_OK);
        assert_int_equal(out.kind, MDD_UDS_UINT);
        assert_int_equal(out.as.u, cases[i].physical);
    }
    /* a negative result for an unsigned physical type */
    ub_compu offset = {.category = MDD_COMPU_CATEGORY_LINEAR,
                       .scales = {{.num = {-10, 1}, .num_count = 2}},
                       .scale_count = 1};
    uds_scalar in = uint_value(3), out;
    mdd_error err;
    assert_int_equal(decode(&offset, MDD_DATA_TYPE_A_UINT_32, MDD_PHYSICAL_TYPE_DATA_TYPE_A_UINT_32,
                            &in, &out, &err),
                     MDD_ERR_FORMAT);
    assert_int_equal(decode(&offset, MDD_DATA_TYPE_A_UINT_32, MDD_PHYSICAL_TYPE_DATA_TYPE_A_INT_32,
                            &in, &out, &err),
                     MDD_OK);
    assert_int_equal(out.as.i, -7);
}

static void linear_constant_and_division_by_zero(void **state)
{
    (void)state;
    ub_compu constant = {.category = MDD_COMPU_CATEGORY_LINEAR,
                         .scales = {{.num = {7}, .num_count = 1, .has_inverse = 1, .inverse = 3}},
                         .scale_count = 1};
    assert_true(decode_float(&constant, 99) == 7.0);
    uds_scalar seven = float_value(7), eight = float_value(8), out;
    mdd_error err;
    assert_int_equal(encode_uint(&constant, UB_ABSENT, &seven), 3);
    assert_int_equal(encode(&constant, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &eight, &out, &err),
                     MDD_ERR_ARG);

    ub_compu zero = {.category = MDD_COMPU_CATEGORY_LINEAR,
                     .scales = {{.num = {1, 1}, .num_count = 2, .den = {0}, .den_count = 1}},
                     .scale_count = 1};
    uds_scalar in = uint_value(1);
    assert_int_equal(decode(&zero, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &in, &out, &err),
                     MDD_ERR_FORMAT);
    assert_non_null(strstr(err.message, "divides by zero"));
    assert_int_equal(encode(&zero, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &seven, &out, &err),
                     MDD_ERR_ARG);
}

static void linear_limits_bound_the_domain(void **state)
{
    (void)state;
    ub_compu bounded = TEMPERATURE;
    bounded.scales[0].lower = "0";
    bounded.scales[0].upper = "200";
    uds_scalar in = uint_value(201), out;
    mdd_error err;
    assert_int_equal(decode(&bounded, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &in, &out, &err),
                     MDD_ERR_FORMAT);
    assert_non_null(strstr(err.message, "coded value 201 fits no scale of the LINEAR"));
    bounded.has_default_v = 1;
    bounded.default_v = -1;
    assert_int_equal(decode(&bounded, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &in, &out, &err), MDD_OK);
    assert_true(out.as.f == -1.0);
    uds_scalar hot = float_value(61); /* 202: beyond the upper limit */
    assert_int_equal(encode(&bounded, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &hot, &out, &err),
                     MDD_ERR_ARG);
    assert_non_null(strstr(err.message, "outside every scale"));
    /* a one-sided limit bounds one side only */
    bounded.scales[0].upper = NULL;
    in = uint_value(100000);
    assert_int_equal(decode(&bounded, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &in, &out, &err), MDD_OK);
    assert_true(out.as.f == 49960.0);
}

static const ub_compu TWO_PIECES = {
    .category = MDD_COMPU_CATEGORY_SCALE_LINEAR,
    .scales = {{.lower = "0", .upper = "100", .upper_type = UB_OPEN, .num = {0, 1}, .num_count = 2},
               {.lower = "100", .upper = "200", .num = {-100, 2}, .num_count = 2}},
    .scale_count = 2,
};

static void scale_linear_both_ways(void **state)
{
    (void)state;
    assert_true(decode_float(&TWO_PIECES, 99) == 99.0);
    assert_true(decode_float(&TWO_PIECES, 100) == 100.0);
    assert_true(decode_float(&TWO_PIECES, 150) == 200.0);
    uds_scalar in = uint_value(201), out;
    mdd_error err;
    assert_int_equal(decode(&TWO_PIECES, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &in, &out, &err),
                     MDD_ERR_FORMAT);
    uds_scalar y = float_value(99);
    assert_int_equal(encode_uint(&TWO_PIECES, UB_ABSENT, &y), 99);
    y = float_value(100);
    assert_int_equal(encode_uint(&TWO_PIECES, UB_ABSENT, &y), 100);
    y = float_value(200);
    assert_int_equal(encode_uint(&TWO_PIECES, UB_ABSENT, &y), 150);
    y = float_value(301);
    assert_int_equal(encode(&TWO_PIECES, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &y, &out, &err),
                     MDD_ERR_ARG);

    /* a falling scale: 100 - 10 x on [0, 10] */
    ub_compu falling = {.category = MDD_COMPU_CATEGORY_SCALE_LINEAR,
                        .scales = {{.lower = "0", .upper = "10", .num = {100, -10},
                                    .num_count = 2}},
                        .scale_count = 1};
    y = float_value(40);
    assert_int_equal(encode_uint(&falling, UB_ABSENT, &y), 6);
}

/* ---- TEXT_TABLE ---- */

static const ub_compu SWITCH = {
    .category = MDD_COMPU_CATEGORY_TEXT_TABLE,
    .scales = {{.lower = "0", .upper = "0", .vt = "Off"},
               {.lower = "1", .upper = "3", .vt = "On", .has_inverse = 1, .inverse = 2},
               {.lower = "5", .vt = "Five"}},
    .scale_count = 3,
    .default_vt = "Unknown",
};

static void text_table_decodes(void **state)
{
    (void)state;
    static const struct {
        uint64_t coded;
        const char *text;
    } cases[] = {{0, "Off"}, {3, "On"}, {4, "Unknown"}, {5, "Five"}, {6, "Unknown"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uds_scalar in = uint_value(cases[i].coded), out;
        mdd_error err;
        assert_int_equal(decode(&SWITCH, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &in, &out, &err),
                         MDD_OK);
        assert_text(&out, cases[i].text);
    }
    /* a text coded value matches a limit by equality only */
    ub_compu letters = {.category = MDD_COMPU_CATEGORY_TEXT_TABLE,
                        .scales = {{.lower = "A", .upper = "A", .vt = "Letter A"},
                                   {.lower = "B", .vt = "Letter B"}},
                        .scale_count = 2,
                        .default_vt = "Other"};
    static const struct {
        const char *coded, *text;
    } texts[] = {{"A", "Letter A"}, {"B", "Letter B"}, {"C", "Other"}, {"", "Other"}};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        uds_scalar in = text_value(texts[i].coded, MDD_UDS_TEXT_LATIN1), out;
        mdd_error err;
        assert_int_equal(decode(&letters, MDD_DATA_TYPE_A_ASCIISTRING, UB_ABSENT, &in, &out, &err),
                         MDD_OK);
        assert_text(&out, texts[i].text);
    }

    ub_compu no_default = SWITCH;
    no_default.default_vt = NULL;
    uds_scalar in = uint_value(4), out;
    mdd_error err;
    assert_int_equal(decode(&no_default, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &in, &out, &err),
                     MDD_ERR_FORMAT);
    assert_non_null(strstr(err.message, "coded value 4 fits no scale of the TEXT_TABLE"));
}

static void text_table_encodes(void **state)
{
    (void)state;
    uds_scalar on = text_value("On", MDD_UDS_TEXT_UTF8);
    assert_int_equal(encode_uint(&SWITCH, UB_ABSENT, &on), 2);
    uds_scalar escaped = text_value("O\\u006e", UDS_TEXT_JSON); /* "On" as JSON writes it */
    assert_int_equal(encode_uint(&SWITCH, UB_ABSENT, &escaped), 2);
    uds_scalar off = text_value("Off", MDD_UDS_TEXT_UTF8);
    assert_int_equal(encode_uint(&SWITCH, UB_ABSENT, &off), 0);
    uds_scalar five = text_value("Five", MDD_UDS_TEXT_UTF8);
    assert_int_equal(encode_uint(&SWITCH, UB_ABSENT, &five), 5);

    uds_scalar nope = text_value("Nope", MDD_UDS_TEXT_UTF8), out, number = uint_value(1);
    mdd_error err;
    assert_int_equal(encode(&SWITCH, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &nope, &out, &err),
                     MDD_ERR_ARG);
    assert_non_null(strstr(err.message, "\"Nope\" is not a text of the TEXT_TABLE"));
    assert_int_equal(encode(&SWITCH, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &number, &out, &err),
                     MDD_ERR_ARG);
    ub_compu with_default = SWITCH;
    with_default.has_inverse_default = 1;
    with_default.inverse_default = 255;
    assert_int_equal(encode_uint(&with_default, UB_ABSENT, &nope), 255);
}

/* ---- TAB_INTP ---- */

static const ub_compu TABLE = {
    .category = MDD_COMPU_CATEGORY_TAB_INTP,
    .scales = {{.lower = "0", .has_v = 1, .v = -40},
               {.lower = "100", .has_v = 1, .v = 10},
               {.lower = "200", .has_v = 1, .v = 110}},
    .scale_count = 3,
};

static void tab_intp_both_ways(void **state)
{
    (void)state;
    assert_true(decode_float(&TABLE, 50) == -15.0);
    assert_true(decode_float(&TABLE, 150) == 60.0);
    assert_true(decode_float(&TABLE, 200) == 110.0);
    uds_scalar in = uint_value(250), out;
    mdd_error err;
    assert_int_equal(decode(&TABLE, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &in, &out, &err),
                     MDD_ERR_FORMAT);
    uds_scalar y = float_value(60);
    assert_int_equal(encode_uint(&TABLE, UB_ABSENT, &y), 150);
    y = float_value(-15);
    assert_int_equal(encode_uint(&TABLE, UB_ABSENT, &y), 50);
    y = float_value(111);
    assert_int_equal(encode(&TABLE, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &y, &out, &err),
                     MDD_ERR_ARG);
}

/* ---- RAT_FUNC, SCALE_RAT_FUNC ---- */

static void rat_func_decodes(void **state)
{
    (void)state;
    ub_compu rat = {.category = MDD_COMPU_CATEGORY_RAT_FUNC,
                    .scales = {{.num = {1, 2, 3}, .num_count = 3, .den = {2}, .den_count = 1}},
                    .scale_count = 1};
    assert_true(decode_float(&rat, 3) == 17.0);
    uds_scalar in = uint_value(3), out;
    mdd_error err;
    assert_int_equal(decode(&rat, MDD_DATA_TYPE_A_UINT_32, MDD_PHYSICAL_TYPE_DATA_TYPE_A_UINT_32,
                            &in, &out, &err),
                     MDD_OK);
    assert_int_equal(out.as.u, 17);
    /* not invertible without phys_to_internal scales */
    uds_scalar y = float_value(17);
    assert_int_equal(encode(&rat, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &y, &out, &err),
                     MDD_ERR_ARG);

    ub_compu pole = {.category = MDD_COMPU_CATEGORY_RAT_FUNC,
                     .scales = {{.num = {1}, .num_count = 1, .den = {-3, 1}, .den_count = 2}},
                     .scale_count = 1};
    assert_int_equal(decode(&pole, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &in, &out, &err),
                     MDD_ERR_FORMAT);
    assert_non_null(strstr(err.message, "RAT_FUNC compu method divides by zero at 3"));

    ub_compu huge = {.category = MDD_COMPU_CATEGORY_RAT_FUNC,
                     .scales = {{.num = {1e308, 1e308}, .num_count = 2}},
                     .scale_count = 1};
    in = uint_value(10);
    assert_int_equal(decode(&huge, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &in, &out, &err),
                     MDD_ERR_FORMAT);
    assert_non_null(strstr(err.message, "not a finite number"));
}

static void rat_func_encodes(void **state)
{
    (void)state;
    /* 1 / x both ways through phys_to_internal */
    ub_compu inverse = {.category = MDD_COMPU_CATEGORY_RAT_FUNC,
                        .scales = {{.num = {1}, .num_count = 1, .den = {0, 1}, .den_count = 2}},
                        .scale_count = 1,
                        .inverse_scales = {{.num = {1}, .num_count = 1, .den = {0, 1},
                                            .den_count = 2}},
                        .inverse_count = 1};
    assert_true(decode_float(&inverse, 4) == 0.25);
    uds_scalar y = float_value(0.25);
    assert_int_equal(encode_uint(&inverse, UB_ABSENT, &y), 4);
    /* a linear rational function inverts without them: (1 + 2x) / 4 */
    ub_compu linear = {.category = MDD_COMPU_CATEGORY_RAT_FUNC,
                       .scales = {{.num = {1, 2}, .num_count = 2, .den = {4}, .den_count = 1}},
                       .scale_count = 1};
    assert_true(decode_float(&linear, 3) == 1.75);
    y = float_value(1.75);
    assert_int_equal(encode_uint(&linear, UB_ABSENT, &y), 3);
}

static void scale_rat_func_picks_by_limits(void **state)
{
    (void)state;
    ub_compu pieces = {.category = MDD_COMPU_CATEGORY_SCALE_RAT_FUNC,
                       .scales = {{.lower = "0", .upper = "9", .num = {0, 0, 1}, .num_count = 3},
                                  {.lower = "10", .upper_type = UB_INFINITE, .num = {1000},
                                   .num_count = 1}},
                       .scale_count = 2};
    assert_true(decode_float(&pieces, 3) == 9.0);
    assert_true(decode_float(&pieces, 4000000000u) == 1000.0);
}

/* ---- COMPU_CODE ---- */

static void compu_code_is_unsupported(void **state)
{
    (void)state;
    ub_compu code = {.category = MDD_COMPU_CATEGORY_COMPU_CODE, .prog_entry = "convert"};
    uds_scalar in = uint_value(1), out;
    mdd_error err;
    assert_int_equal(decode(&code, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &in, &out, &err),
                     MDD_ERR_UNSUPPORTED);
    assert_non_null(strstr(err.message, "COMPU_CODE compu method convert is not supported"));
    assert_int_equal(encode(&code, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &in, &out, &err),
                     MDD_ERR_UNSUPPORTED);
}

/* ---- Limits ---- */

static void limit_interval_types(void **state)
{
    (void)state;
    static const struct {
        int lower_type, upper_type;
        uint64_t value;
        int inside;
    } cases[] = {
        {UB_CLOSED, UB_CLOSED, 10, 1}, {UB_CLOSED, UB_CLOSED, 20, 1},
        {UB_OPEN, UB_CLOSED, 10, 0},   {UB_CLOSED, UB_OPEN, 20, 0},
        {UB_OPEN, UB_OPEN, 15, 1},     {UB_INFINITE, UB_CLOSED, 0, 1},
        {UB_CLOSED, UB_INFINITE, 999999, 1}, {UB_CLOSED, UB_CLOSED, 21, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ub_compu c = {.category = MDD_COMPU_CATEGORY_TEXT_TABLE,
                      .scales = {{.lower = "10", .upper = "20", .lower_type = cases[i].lower_type,
                                  .upper_type = cases[i].upper_type, .vt = "in"}},
                      .scale_count = 1,
                      .default_vt = "out"};
        uds_scalar in = uint_value(cases[i].value), out;
        mdd_error err;
        assert_int_equal(decode(&c, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &in, &out, &err), MDD_OK);
        assert_text(&out, cases[i].inside ? "in" : "out");
    }
}

static void limits_parse_by_the_coded_type(void **state)
{
    (void)state;
    ub_compu hex = {.category = MDD_COMPU_CATEGORY_TEXT_TABLE,
                    .scales = {{.lower = "0x10", .upper = "2.0E1", .vt = "teen"}},
                    .scale_count = 1};
    uds_scalar in = uint_value(16), out;
    mdd_error err;
    assert_int_equal(decode(&hex, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &in, &out, &err), MDD_OK);
    assert_text(&out, "teen");
    in = uint_value(20);
    assert_int_equal(decode(&hex, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &in, &out, &err), MDD_OK);

    ub_compu bad = {.category = MDD_COMPU_CATEGORY_TEXT_TABLE,
                    .scales = {{.lower = "ten", .vt = "x"}},
                    .scale_count = 1};
    assert_int_equal(decode(&bad, MDD_DATA_TYPE_A_UINT_32, UB_ABSENT, &in, &out, &err),
                     MDD_ERR_FORMAT);
    assert_non_null(strstr(err.message, "compu_scales[0]: CompuScale lower limit"));
    assert_non_null(strstr(err.message, "\"ten\" is not a value of A_UINT_32"));

    /* byte fields compare as numbers padded at their end */
    ub_compu bytes = {.category = MDD_COMPU_CATEGORY_TEXT_TABLE,
                      .scales = {{.lower = "0A", .upper = "0A10", .vt = "low"}},
                      .scale_count = 1,
                      .default_vt = "high"};
    uds_scalar b1 = {.kind = MDD_UDS_BYTES, .as.bytes = {(const uint8_t[]){0x0A, 0x05}, 2}};
    assert_int_equal(decode(&bytes, MDD_DATA_TYPE_A_BYTEFIELD, UB_ABSENT, &b1, &out, &err), MDD_OK);
    assert_text(&out, "low");
    uds_scalar b2 = {.kind = MDD_UDS_BYTES, .as.bytes = {(const uint8_t[]){0x0A, 0x11}, 2}};
    assert_int_equal(decode(&bytes, MDD_DATA_TYPE_A_BYTEFIELD, UB_ABSENT, &b2, &out, &err), MDD_OK);
    assert_text(&out, "high");
}

/* ---- Scalars ---- */

static void scalars_parse_by_type(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        uint8_t type;
        mdd_status st;
        uds_scalar want;
    } cases[] = {
        {"0x10", MDD_DATA_TYPE_A_UINT_32, MDD_OK, {.kind = MDD_UDS_UINT, .as.u = 16}},
        {"2.0E1", MDD_DATA_TYPE_A_UINT_32, MDD_OK, {.kind = MDD_UDS_UINT, .as.u = 20}},
        {"18446744073709551615", MDD_DATA_TYPE_A_UINT_32, MDD_OK,
         {.kind = MDD_UDS_UINT, .as.u = UINT64_MAX}},
        {"-5", MDD_DATA_TYPE_A_INT_32, MDD_OK, {.kind = MDD_UDS_INT, .as.i = -5}},
        {"-0x10", MDD_DATA_TYPE_A_INT_32, MDD_OK, {.kind = MDD_UDS_INT, .as.i = -16}},
        {"1.5", MDD_DATA_TYPE_A_FLOAT_64, MDD_OK, {.kind = MDD_UDS_FLOAT, .as.f = 1.5}},
        {"-5", MDD_DATA_TYPE_A_UINT_32, MDD_ERR_FORMAT, {0}},
        {"1.5", MDD_DATA_TYPE_A_UINT_32, MDD_ERR_FORMAT, {0}},
        {"18446744073709551616", MDD_DATA_TYPE_A_UINT_32, MDD_ERR_FORMAT, {0}},
        {"nan", MDD_DATA_TYPE_A_FLOAT_64, MDD_ERR_FORMAT, {0}},
        {"1e999", MDD_DATA_TYPE_A_FLOAT_64, MDD_ERR_FORMAT, {0}},
        {"", MDD_DATA_TYPE_A_INT_32, MDD_ERR_FORMAT, {0}},
        {"0A0Z", MDD_DATA_TYPE_A_BYTEFIELD, MDD_ERR_FORMAT, {0}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mdd_bytes text = {(const uint8_t *)cases[i].text, strlen(cases[i].text)};
        uds_scalar out;
        mdd_error err;
        assert_int_equal(uds_scalar_parse(text, cases[i].type, &out, &err), cases[i].st);
        if (cases[i].st != MDD_OK)
            continue;
        int order = 2;
        assert_int_equal(out.kind, cases[i].want.kind);
        assert_int_equal(uds_scalar_compare(&out, &cases[i].want, &order), 1);
        assert_int_equal(order, 0);
    }
    uds_scalar bytes;
    mdd_bytes hex = {(const uint8_t *)"0A0B", 4};
    assert_int_equal(uds_scalar_parse(hex, MDD_DATA_TYPE_A_BYTEFIELD, &bytes, NULL), MDD_OK);
    assert_int_equal(bytes.kind, MDD_UDS_BYTES);
    uds_scalar raw = {.kind = MDD_UDS_BYTES, .as.bytes = {(const uint8_t[]){0x0A, 0x0B}, 2}};
    int order = 2;
    assert_int_equal(uds_scalar_compare(&bytes, &raw, &order), 1);
    assert_int_equal(order, 0);
}

static void scalars_compare(void **state)
{
    (void)state;
    int order;
    uds_scalar u5 = uint_value(5), im1 = int_value(-1), f2 = float_value(2.0), u2 = uint_value(2);
    assert_int_equal(uds_scalar_compare(&u5, &im1, &order), 1);
    assert_int_equal(order, 1);
    assert_int_equal(uds_scalar_compare(&f2, &u2, &order), 1);
    assert_int_equal(order, 0);
    uds_scalar big = uint_value(UINT64_C(9007199254740993)), near = float_value(9007199254740992.0);
    assert_int_equal(uds_scalar_compare(&near, &big, &order), 1);
    assert_int_equal(order, -1);

    uds_scalar hi8 = text_value("Hi", MDD_UDS_TEXT_UTF8);
    uds_scalar hi16 = {.kind = MDD_UDS_TEXT,
                       .as.text = {{(const uint8_t[]){0x00, 0x48, 0x00, 0x69}, 4},
                                   MDD_UDS_TEXT_UTF16BE}};
    assert_int_equal(uds_scalar_compare(&hi8, &hi16, &order), 1);
    assert_int_equal(order, 0);
    uds_scalar ho = text_value("Ho", MDD_UDS_TEXT_UTF8);
    assert_int_equal(uds_scalar_compare(&hi8, &ho, &order), 1);
    assert_int_equal(order, 1);
    assert_int_equal(uds_scalar_compare(&hi8, &u5, &order), 0);

    uds_scalar padded = {.kind = MDD_UDS_BYTES, .as.bytes = {(const uint8_t[]){0x0A, 0x00}, 2}};
    uds_scalar hex = text_value("0x0A", MDD_UDS_TEXT_UTF8);
    hex.kind = MDD_UDS_BYTES;
    hex.hex_text = 1;
    assert_int_equal(uds_scalar_compare(&padded, &hex, &order), 1);
    assert_int_equal(order, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(identical_types_the_value),
        cmocka_unit_test(linear_both_ways),
        cmocka_unit_test(linear_rounds_to_an_integer_physical_type),
        cmocka_unit_test(linear_constant_and_division_by_zero),
        cmocka_unit_test(linear_limits_bound_the_domain),
        cmocka_unit_test(scale_linear_both_ways),
        cmocka_unit_test(text_table_decodes),
        cmocka_unit_test(text_table_encodes),
        cmocka_unit_test(tab_intp_both_ways),
        cmocka_unit_test(rat_func_decodes),
        cmocka_unit_test(rat_func_encodes),
        cmocka_unit_test(scale_rat_func_picks_by_limits),
        cmocka_unit_test(compu_code_is_unsupported),
        cmocka_unit_test(limit_interval_types),
        cmocka_unit_test(limits_parse_by_the_coded_type),
        cmocka_unit_test(scalars_parse_by_type),
        cmocka_unit_test(scalars_compare),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
