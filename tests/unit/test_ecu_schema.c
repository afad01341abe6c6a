/* SPDX-License-Identifier: Apache-2.0 */
/* The generated views and descriptors of the tables added with the complete schema: vectors
 * of unions (views and verifier), optional and 8-byte scalars, vectors of doubles and of
 * uint32, schema defaults, enum names. Payloads are laid out byte by byte with the tests' own
 * builder (fb_builder.h), independently of the library's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "fb_builder.h"

#include <mdd/ecu.h>
#include <mdd/fb.h>
#include <mdd/fb_verify.h>
#include <mdd_internal/ecu_fields.h>
#include <mdd_internal/fb.h>

#include <string.h>

static void assert_bytes(mdd_bytes actual, const char *expected)
{
    assert_non_null(actual.ptr);
    assert_int_equal(actual.len, strlen(expected));
    assert_memory_equal(actual.ptr, expected, actual.len);
}

/* A SimpleValue holding s. */
static uint32_t simple_value(tb *b, const char *s)
{
    uint32_t at[FIDS_SIMPLE_VALUE];
    uint32_t t = tb_table(b, FIDS_SIMPLE_VALUE,
                          (const uint8_t[FIDS_SIMPLE_VALUE]){[FID_SIMPLE_VALUE_VALUE] = 4}, at);
    tb_link(b, at[FID_SIMPLE_VALUE_VALUE], tb_string(b, s));
    return t;
}

/* A vector of count one-byte tags; returns the count's position. */
static uint32_t tag_vector(tb *b, const uint8_t *tags, uint32_t count)
{
    tb_align(b, 4);
    uint32_t at = tb_put(b, count, 4);
    tb_bytes(b, tags, count);
    tb_align(b, 4);
    return at;
}

/* A ComplexValue whose value vector has `values` slots (filled by the caller: slot i at
 * *slots + 4 * i) and whose tag vector holds tags[0..tag_count). */
static uint32_t complex_value(tb *b, const uint8_t *tags, uint32_t tag_count, uint32_t values,
                              uint32_t *slots)
{
    uint32_t at[FIDS_COMPLEX_VALUE];
    uint32_t t = tb_table(b, FIDS_COMPLEX_VALUE,
                          (const uint8_t[FIDS_COMPLEX_VALUE]){[FID_COMPLEX_VALUE_ENTRIES_TYPE] = 4,
                                                              [FID_COMPLEX_VALUE_ENTRIES] = 4},
                          at);
    tb_link(b, at[FID_COMPLEX_VALUE_ENTRIES_TYPE], tag_vector(b, tags, tag_count));
    uint32_t vec = tb_vector(b, values);
    tb_link(b, at[FID_COMPLEX_VALUE_ENTRIES], vec);
    *slots = vec + 4;
    return t;
}

enum { SIMPLE = MDD_SIMPLE_OR_COMPLEX_VALUE_ENTRY_SIMPLE_VALUE,
       COMPLEX = MDD_SIMPLE_OR_COMPLEX_VALUE_ENTRY_COMPLEX_VALUE };

/* ComplexValue [SimpleValue "a", ComplexValue [SimpleValue "b"], NONE, tag 7] as the root. */
static mdd_complex_value sample_complex(tb *b)
{
    tb_init(b);
    uint32_t outer_slots, inner_slots;
    const uint8_t outer_tags[] = {SIMPLE, COMPLEX, 0, 7};
    uint32_t outer = complex_value(b, outer_tags, 4, 4, &outer_slots);
    tb_link(b, 0, outer);
    tb_link(b, outer_slots, simple_value(b, "a"));
    const uint8_t inner_tags[] = {SIMPLE};
    tb_link(b, outer_slots + 4, complex_value(b, inner_tags, 1, 1, &inner_slots));
    tb_link(b, inner_slots, simple_value(b, "b"));
    tb_link(b, outer_slots + 12, simple_value(b, "c"));
    return (mdd_complex_value){mdd_fb_root(b->buf, b->len)};
}

static void test_union_vector_views(void **state)
{
    (void)state;
    static tb b;
    mdd_complex_value cv = sample_complex(&b);
    assert_int_equal(mdd_complex_value_entries_count(cv), 4);
    assert_int_equal(mdd_complex_value_entries_type_at(cv, 0), SIMPLE);
    assert_bytes(mdd_simple_value_value(mdd_complex_value_entries_simple_value_at(cv, 0)), "a");
    assert_false(mdd_present(mdd_complex_value_entries_complex_value_at(cv, 0)));

    assert_int_equal(mdd_complex_value_entries_type_at(cv, 1), COMPLEX);
    assert_false(mdd_present(mdd_complex_value_entries_simple_value_at(cv, 1)));
    mdd_complex_value inner = mdd_complex_value_entries_complex_value_at(cv, 1);
    assert_int_equal(mdd_complex_value_entries_count(inner), 1);
    assert_bytes(mdd_simple_value_value(mdd_complex_value_entries_simple_value_at(inner, 0)),
                 "b");

    /* NONE, a tag the schema does not define (its table is there but names no member), and
     * past the end. */
    for (uint32_t i = 2; i <= 4; i++) {
        assert_false(mdd_present(mdd_complex_value_entries_simple_value_at(cv, i)));
        assert_false(mdd_present(mdd_complex_value_entries_complex_value_at(cv, i)));
    }
    assert_int_equal(mdd_complex_value_entries_type_at(cv, 3), 7);
    assert_int_equal(mdd_complex_value_entries_type_at(cv, 4), 0);
}

static void test_union_vector_short_tags(void **state)
{
    (void)state;
    static tb b;
    tb_init(&b);
    uint32_t slots;
    const uint8_t tags[] = {SIMPLE};
    tb_link(&b, 0, complex_value(&b, tags, 1, 2, &slots));
    tb_link(&b, slots, simple_value(&b, "a"));
    tb_link(&b, slots + 4, simple_value(&b, "b"));
    mdd_complex_value cv = {mdd_fb_root(b.buf, b.len)};
    /* The values' count is the vector's length; an element without a tag reads as NONE. */
    assert_int_equal(mdd_complex_value_entries_count(cv), 2);
    assert_int_equal(mdd_complex_value_entries_type_at(cv, 1), 0);
    assert_false(mdd_present(mdd_complex_value_entries_simple_value_at(cv, 1)));
}

/* EcuData.variants[0].diag_layer.com_param_refs[0..refs) each with complex_value cv. */
static void ecu_with_complex_values(tb *b, uint32_t refs, uint32_t cv_of(tb *b, void *ctx),
                                    void *ctx)
{
    tb_init(b);
    uint32_t ecu[FIDS_ECU_DATA], variant[FIDS_VARIANT], layer[FIDS_DIAG_LAYER];
    tb_link(b, 0, tb_table(b, FIDS_ECU_DATA,
                           (const uint8_t[FIDS_ECU_DATA]){[FID_ECU_DATA_VARIANTS] = 4}, ecu));
    uint32_t variants = tb_vector(b, 1);
    tb_link(b, ecu[FID_ECU_DATA_VARIANTS], variants);
    tb_link(b, variants + 4, tb_table(b, FIDS_VARIANT,
                                      (const uint8_t[FIDS_VARIANT]){[FID_VARIANT_DIAG_LAYER] = 4},
                                      variant));
    tb_link(b, variant[FID_VARIANT_DIAG_LAYER],
            tb_table(b, FIDS_DIAG_LAYER,
                     (const uint8_t[FIDS_DIAG_LAYER]){[FID_DIAG_LAYER_COM_PARAM_REFS] = 4}, layer));
    uint32_t vec = tb_vector(b, refs);
    tb_link(b, layer[FID_DIAG_LAYER_COM_PARAM_REFS], vec);
    uint32_t value_at[8], ref[FIDS_COM_PARAM_REF];
    assert_true(refs <= 8);
    for (uint32_t i = 0; i < refs; i++) {
        tb_link(b, vec + 4 + 4 * i,
                tb_table(b, FIDS_COM_PARAM_REF,
                         (const uint8_t[FIDS_COM_PARAM_REF]){[FID_COM_PARAM_REF_COMPLEX_VALUE] = 4},
                         ref));
        value_at[i] = ref[FID_COM_PARAM_REF_COMPLEX_VALUE];
    }
    uint32_t cv = cv_of(b, ctx); /* after its parents: offsets point forward */
    for (uint32_t i = 0; i < refs; i++)
        tb_link(b, value_at[i], cv);
}

/* A ComplexValue of *(uint32_t *)ctx SimpleValues (tags all SIMPLE), each "v"; one shared
 * SimpleValue. */
static uint32_t long_complex_value(tb *b, void *ctx)
{
    uint32_t n = *(uint32_t *)ctx, slots;
    uint8_t tags[64];
    memset(tags, SIMPLE, sizeof tags);
    uint32_t t = complex_value(b, tags, n, n, &slots);
    uint32_t sv = simple_value(b, "v");
    for (uint32_t i = 0; i < n; i++)
        tb_link(b, slots + 4 * i, sv);
    return t;
}

/* Verifies with the fast pass and with the path-naming walk alone: both must agree. */
static mdd_status verify_both(const tb *b, const mdd_fb_verify_options *base, mdd_error *err)
{
    mdd_status quick = mdd_fb_verify_ecu_data(b->buf, b->len, base, err);
    mdd_status walk = fb_verify_ecu_data_mode(b->buf, b->len, base, FB_VERIFY_WALK_ONLY, err);
    assert_int_equal(quick, walk);
    return walk;
}

static void test_union_vector_verified(void **state)
{
    (void)state;
    static tb b;
    uint32_t n = 3;
    ecu_with_complex_values(&b, 1, long_complex_value, &n);
    mdd_error err;
    assert_int_equal(verify_both(&b, NULL, &err), MDD_OK);

    /* Each element counts as a table: 5 tables (EcuData, Variant, DiagLayer, ComParamRef,
     * ComplexValue), the shared SimpleValue once, and 3 elements per ComParamRef. With 4
     * ComParamRefs sharing the ComplexValue: 8 + 1 + 3 = 12 tables pass a limit of 12 (the
     * ComplexValue is verified once), and fail 11. */
    ecu_with_complex_values(&b, 4, long_complex_value, &n);
    mdd_fb_verify_options o = mdd_fb_verify_options_default();
    o.max_tables = 12;
    assert_int_equal(verify_both(&b, &o, &err), MDD_OK);
    o.max_tables = 11;
    assert_int_equal(verify_both(&b, &o, &err), MDD_ERR_LIMIT);
}

/* A ComplexValue whose two elements are one SimpleValue, tagged SimpleValue and then
 * ComplexValue: each element is verified as its tag says, so the second meets a table already
 * verified as another type. */
static uint32_t mistagged_complex_value(tb *b, void *ctx)
{
    (void)ctx;
    uint32_t slots;
    const uint8_t tags[] = {SIMPLE, COMPLEX};
    uint32_t t = complex_value(b, tags, 2, 2, &slots);
    uint32_t sv = simple_value(b, "a");
    tb_link(b, slots, sv);
    tb_link(b, slots + 4, sv);
    return t;
}

static void test_union_vector_member_checked(void **state)
{
    (void)state;
    static tb b;
    ecu_with_complex_values(&b, 1, mistagged_complex_value, NULL);
    mdd_error err;
    assert_int_equal(verify_both(&b, NULL, &err), MDD_ERR_FORMAT);
    const char *path = "EcuData.variants[0].diag_layer.com_param_refs[0].complex_value.entries[1]: "
                       "offset ";
    const char *reason = ": ComplexValue is also used as something of another type";
    if (strncmp(err.message, path, strlen(path)) != 0 || !strstr(err.message, reason))
        fail_msg("unexpected message: %s", err.message);
}

/* Appends the little-endian bytes of d. */
static void put_double(tb *b, double d)
{
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    tb_put(b, (uint32_t)bits, 4);
    tb_put(b, (uint32_t)(bits >> 32), 4);
}

/* A table of n ids whose only field, id, is the double d, 8-byte aligned in the buffer. */
static uint32_t double_table(tb *b, uint32_t n, uint32_t id, double d)
{
    tb_align(b, 2);
    uint32_t vt = tb_put(b, 4 + 2 * n, 2);
    tb_put(b, 4 + 4 + 8, 2); /* soffset, padding, the double */
    for (uint32_t i = 0; i < n; i++)
        tb_put(b, i == id ? 8 : 0, 2);
    while (b->len % 8 != 0)
        tb_put(b, 0, 1);
    uint32_t table = tb_put(b, 0, 4);
    tb_set32(b, table, table - vt);
    tb_put(b, 0, 4);
    put_double(b, d);
    return table;
}

static void test_optional_double(void **state)
{
    (void)state;
    static tb b;
    tb_init(&b);
    tb_link(&b, 0, double_table(&b, FIDS_UNIT, FID_UNIT_FACTORSITOUNIT, 0.000001));
    mdd_unit unit = {mdd_fb_root(b.buf, b.len)};
    double v = 0;
    assert_int_equal(mdd_unit_factorsitounit(unit, &v), 1);
    assert_true(v == 0.000001);
    v = 42;
    assert_int_equal(mdd_unit_offsetitounit(unit, &v), 0);
    assert_true(v == 42);
}

static void test_optional_int32_and_defaults(void **state)
{
    (void)state;
    static tb b;
    tb_init(&b);
    uint32_t at[FIDS_PHYSICAL_DIMENSION];
    tb_link(&b, 0, tb_table(&b, FIDS_PHYSICAL_DIMENSION,
                            (const uint8_t[FIDS_PHYSICAL_DIMENSION]){
                                [FID_PHYSICAL_DIMENSION_LENGTH_EXP] = 4},
                            at));
    tb_set32(&b, at[FID_PHYSICAL_DIMENSION_LENGTH_EXP], (uint32_t)-3);
    mdd_physical_dimension dim = {mdd_fb_root(b.buf, b.len)};
    int32_t v = 0;
    assert_int_equal(mdd_physical_dimension_length_exp(dim, &v), 1);
    assert_int_equal(v, -3);
    assert_int_equal(mdd_physical_dimension_mass_exp(dim, &v), 0);

    /* Absent fields read as the schema's defaults: `= true` ones as 1. */
    mdd_fb_table none = {b.buf, b.len, 0};
    assert_int_equal(mdd_diag_coded_type_is_high_low_byte_order((mdd_diag_coded_type){none}), 1);
    assert_int_equal(mdd_field_is_visible((mdd_field){none}), 1);
    assert_int_equal(mdd_structure_is_visible((mdd_structure){none}), 1);
    assert_int_equal(mdd_mux_dop_is_visible((mdd_mux_dop){none}), 0);
    assert_int_equal(mdd_table_row_is_executable((mdd_table_row){none}), 1);
    uint32_t max = 7;
    assert_int_equal(mdd_min_max_length_type_max_length((mdd_min_max_length_type){none}, &max), 0);
    assert_int_equal(max, 7);
}

static void test_scalar_vectors(void **state)
{
    (void)state;
    static tb b;
    tb_init(&b);
    uint32_t at[FIDS_COMPU_RATIONAL_CO_EFFS];
    tb_link(&b, 0, tb_table(&b, FIDS_COMPU_RATIONAL_CO_EFFS,
                            (const uint8_t[FIDS_COMPU_RATIONAL_CO_EFFS]){
                                [FID_COMPU_RATIONAL_CO_EFFS_NUMERATOR] = 4},
                            at));
    tb_align(&b, 8);
    tb_put(&b, 0, 4);
    uint32_t vec = tb_put(&b, 2, 4); /* the doubles that follow are 8-byte aligned */
    put_double(&b, 1.5);
    put_double(&b, -2.0);
    tb_link(&b, at[FID_COMPU_RATIONAL_CO_EFFS_NUMERATOR], vec);
    mdd_compu_rational_co_effs co = {mdd_fb_root(b.buf, b.len)};
    mdd_f64_vec num = mdd_compu_rational_co_effs_numerator(co);
    assert_int_equal(mdd_f64_vec_count(num), 2);
    assert_true(mdd_f64_vec_at(num, 0) == 1.5);
    assert_true(mdd_f64_vec_at(num, 1) == -2.0);
    assert_true(mdd_f64_vec_at(num, 2) == 0);
    assert_int_equal(mdd_f64_vec_count(mdd_compu_rational_co_effs_denominator(co)), 0);

    tb_init(&b);
    uint32_t env[FIDS_ENV_DATA];
    tb_link(&b, 0, tb_table(&b, FIDS_ENV_DATA,
                            (const uint8_t[FIDS_ENV_DATA]){[FID_ENV_DATA_DTC_VALUES] = 4}, env));
    uint32_t codes = tb_put(&b, 2, 4);
    tb_put(&b, 0x123456, 4);
    tb_put(&b, 0xC00100, 4);
    tb_link(&b, env[FID_ENV_DATA_DTC_VALUES], codes);
    mdd_u32_vec dtcs = mdd_env_data_dtc_values((mdd_env_data){mdd_fb_root(b.buf, b.len)});
    assert_int_equal(mdd_u32_vec_count(dtcs), 2);
    assert_int_equal(mdd_u32_vec_at(dtcs, 0), 0x123456);
    assert_int_equal(mdd_u32_vec_at(dtcs, 1), 0xC00100);
    assert_int_equal(mdd_u32_vec_at(dtcs, 2), 0);
}

static void test_enum_names(void **state)
{
    (void)state;
    assert_string_equal(mdd_ecu_enum_name(MDD_ENUM_COMPU_CATEGORY, MDD_COMPU_CATEGORY_SCALE_RAT_FUNC),
                        "SCALE_RAT_FUNC");
    assert_string_equal(mdd_ecu_enum_name(MDD_ENUM_DOP_TYPE, MDD_DOP_TYPE_DTC), "DTC");
    assert_string_equal(mdd_ecu_enum_name(MDD_ENUM_UNIT_GROUP_CATEGORY, 1), "EQUIV_UNITS");
    assert_string_equal(mdd_ecu_enum_name(MDD_ENUM_SPECIFIC_DOP_DATA, MDD_SPECIFIC_DOP_DATA_MUX_DOP),
                        "MUXDOP");
    assert_string_equal(mdd_ecu_enum_name(MDD_ENUM_SIMPLE_OR_COMPLEX_VALUE_ENTRY, 0), "NONE");
    assert_null(mdd_ecu_enum_name(MDD_ENUM_SIMPLE_OR_COMPLEX_VALUE_ENTRY, 3));
    assert_null(mdd_ecu_enum_name(MDD_ENUM_COM_PARAM_SPECIFIC_DATA + 1, 0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_union_vector_views),
        cmocka_unit_test(test_union_vector_short_tags),
        cmocka_unit_test(test_union_vector_verified),
        cmocka_unit_test(test_union_vector_member_checked),
        cmocka_unit_test(test_optional_double),
        cmocka_unit_test(test_optional_int32_and_defaults),
        cmocka_unit_test(test_scalar_vectors),
        cmocka_unit_test(test_enum_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
