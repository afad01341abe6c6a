/* SPDX-License-Identifier: Apache-2.0 */
/* Sample values for a message's description, as the JSON the encoder takes: walks the params
 * and their DOPs and writes one plausible value for each parameter that needs one (constants,
 * matching-request parameters, reserved bits and lengths are left to the encoder). Numbers
 * are 1 (-1 signed, 0.5 float); texts and byte fields fill the length their coded type
 * allows ('A', 0x01 0x02 ...); a text table takes its first text; repeated items come twice
 * (a static field its fixed number); a MUX takes its first case (else its default case at
 * 0); a DTC its DOP's first code;
 * a table key and struct their first row. What it cannot sample (environment data, compu
 * methods beyond identical and text tables, unknown kinds) it names in why. Header-only, for
 * the corpus round trip. */
#ifndef MDD_TEST_UDS_SAMPLE_H
#define MDD_TEST_UDS_SAMPLE_H

#include <mdd/ecu_views.h>
#include <mdd_internal/uds.h>

#include <stdio.h>
#include <string.h>

#define UDS_SAMPLE_WHY 160
#define UDS_SAMPLE_DEPTH 16

typedef struct uds_sample {
    uds_jw *w;
    char why[UDS_SAMPLE_WHY]; /* "" while every value could be sampled */
    uint32_t depth;
    /* When set: the parameter of this name gets this JSON value instead of a sample. */
    const char *override_name;
    const char *override_json;
} uds_sample;

static int uds_sample_params(uds_sample *s, mdd_param_vec params);
static void uds_sample_dop(uds_sample *s, mdd_dop dop);

static void uds_sample_fail(uds_sample *s, const char *what, mdd_bytes name)
{
    if (!s->why[0])
        snprintf(s->why, sizeof s->why, "%s (%.*s)", what, (int)name.len,
                 name.ptr ? (const char *)name.ptr : "");
}

/* The bytes a coded type holds for a text or byte field of free length. */
static size_t uds_sample_length(mdd_diag_coded_type dct)
{
    switch (mdd_diag_coded_type_specific_data_type(dct)) {
    case MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE:
        return mdd_standard_length_type_bit_length(mdd_diag_coded_type_standard_length_type(dct)) / 8;
    case MDD_SPECIFIC_DATA_TYPE_MIN_MAX_LENGTH_TYPE: {
        mdd_min_max_length_type m = mdd_diag_coded_type_min_max_length_type(dct);
        uint32_t max, min = mdd_min_max_length_type_min_length(m);
        size_t n = min > 2 ? min : 2;
        return mdd_min_max_length_type_max_length(m, &max) && max < n ? max : n;
    }
    default:
        return 3;
    }
}

static void uds_sample_identical(uds_sample *s, mdd_diag_coded_type dct, mdd_physical_type pt)
{
    uint8_t type = mdd_physical_type_base_data_type(pt);
    if (!pt.t.pos)
        type = mdd_diag_coded_type_base_data_type(dct);
    size_t len = uds_sample_length(dct);
    switch (type) {
    case MDD_DATA_TYPE_A_UINT_32:
        uds_jw_uint(s->w, 1);
        break;
    case MDD_DATA_TYPE_A_INT_32:
        uds_jw_int(s->w, -1);
        break;
    case MDD_DATA_TYPE_A_FLOAT_32:
    case MDD_DATA_TYPE_A_FLOAT_64:
        uds_jw_double(s->w, 0.5);
        break;
    case MDD_DATA_TYPE_A_BYTEFIELD: {
        uint8_t bytes[256];
        len = len < sizeof bytes ? len : sizeof bytes;
        for (size_t i = 0; i < len; i++)
            bytes[i] = (uint8_t)(i + 1);
        uds_jw_bytes(s->w, (mdd_bytes){bytes, len});
        break;
    }
    default: {
        /* A coded UTF-16 text holds a character in two bytes. */
        if (mdd_diag_coded_type_base_data_type(dct) == MDD_DATA_TYPE_A_UNICODE_2_STRING)
            len /= 2;
        uds_jw_raw(s->w, "\"", 1);
        for (size_t i = 0; i < len; i++)
            uds_jw_raw(s->w, "A", 1);
        uds_jw_raw(s->w, "\"", 1);
        break;
    }
    }
}

static void uds_sample_normal(uds_sample *s, mdd_dop dop)
{
    mdd_normal_dop n = mdd_dop_normal_dop(dop);
    mdd_compu_method cm = mdd_normal_dop_compu_method(n);
    uint8_t category = cm.t.pos ? mdd_compu_method_category(cm) : MDD_COMPU_CATEGORY_IDENTICAL;
    if (category == MDD_COMPU_CATEGORY_IDENTICAL) {
        uds_sample_identical(s, mdd_normal_dop_diag_coded_type(n), mdd_normal_dop_physical_type(n));
        return;
    }
    if (category == MDD_COMPU_CATEGORY_TEXT_TABLE) {
        mdd_compu_scale_vec scales =
            mdd_compu_internal_to_phys_compu_scales(mdd_compu_method_internal_to_phys(cm));
        for (uint32_t i = 0; i < mdd_compu_scale_vec_count(scales); i++) {
            mdd_bytes vt = mdd_compu_values_vt(mdd_compu_scale_consts(mdd_compu_scale_vec_at(scales, i)));
            if (vt.ptr) {
                uds_jw_string(s->w, vt);
                return;
            }
        }
        uds_sample_fail(s, "a text table without texts", mdd_dop_short_name(dop));
        return;
    }
    uds_sample_fail(s, "a compu method other than IDENTICAL and TEXT_TABLE",
                    mdd_dop_short_name(dop));
}

static void uds_sample_items(uds_sample *s, mdd_field field, uint32_t count)
{
    uds_jw_raw(s->w, "[", 1);
    for (uint32_t i = 0; i < count; i++) {
        if (i)
            uds_jw_raw(s->w, ",", 1);
        uds_sample_dop(s, mdd_field_basic_structure(field));
    }
    uds_jw_raw(s->w, "]", 1);
}

/* The case's structure, or {} for a case without one. */
static void uds_sample_case(uds_sample *s, mdd_bytes name, mdd_dop structure)
{
    uds_jw_string(s->w, name);
    uds_jw_raw(s->w, ":", 1);
    if (structure.t.pos)
        uds_sample_dop(s, structure);
    else
        uds_jw_raw(s->w, "{}", 2);
}

/* The first case at its lower limit; without cases, the default case at 0. */
static void uds_sample_mux(uds_sample *s, mdd_dop dop)
{
    mdd_mux_dop mux = mdd_dop_mux_dop(dop);
    mdd_case_vec cases = mdd_mux_dop_cases(mux);
    mdd_default_case def = mdd_mux_dop_default_case(mux);
    if (mdd_case_vec_count(cases) == 0 && !def.t.pos) {
        uds_sample_fail(s, "a MUX without cases", mdd_dop_short_name(dop));
        uds_jw_raw(s->w, "null", 4);
        return;
    }
    uds_jw_cstr(s->w, "{\"Selector\":");
    if (mdd_case_vec_count(cases) == 0) {
        uds_jw_raw(s->w, "0,", 2);
        uds_sample_case(s, mdd_default_case_short_name(def), mdd_default_case_structure(def));
    } else {
        mdd_case c = mdd_case_vec_at(cases, 0);
        mdd_bytes key = mdd_limit_value(mdd_case_lower_limit(c));
        uds_jw_raw(s->w, (const char *)key.ptr, key.len);
        uds_jw_raw(s->w, ",", 1);
        uds_sample_case(s, mdd_case_short_name(c), mdd_case_structure(c));
    }
    uds_jw_raw(s->w, "}", 1);
}

static void uds_sample_dtc(uds_sample *s, mdd_dop dop)
{
    mdd_dtc_vec dtcs = mdd_dtc_dop_dtcs(mdd_dop_dtc_dop(dop));
    uds_jw_cstr(s->w, "{\"code\":");
    uds_jw_uint(s->w, mdd_dtc_vec_count(dtcs) ? mdd_dtc_trouble_code(mdd_dtc_vec_at(dtcs, 0)) : 1);
    uds_jw_raw(s->w, "}", 1);
}

static void uds_sample_dop(uds_sample *s, mdd_dop dop)
{
    if (++s->depth > UDS_SAMPLE_DEPTH) {
        uds_sample_fail(s, "nesting too deep", mdd_dop_short_name(dop));
        uds_jw_raw(s->w, "null", 4);
        s->depth--;
        return;
    }
    switch (mdd_dop_specific_data_type(dop)) {
    case MDD_SPECIFIC_DOP_DATA_NORMAL_DOP:
        uds_sample_normal(s, dop);
        break;
    case MDD_SPECIFIC_DOP_DATA_STRUCTURE:
        uds_sample_params(s, mdd_structure_params(mdd_dop_structure(dop)));
        break;
    case MDD_SPECIFIC_DOP_DATA_END_OF_PDU_FIELD: {
        mdd_end_of_pdu_field f = mdd_dop_end_of_pdu_field(dop);
        uint32_t min = 0;
        mdd_end_of_pdu_field_min_number_of_items(f, &min);
        uds_sample_items(s, mdd_end_of_pdu_field_field(f), min > 2 ? min : 2);
        break;
    }
    case MDD_SPECIFIC_DOP_DATA_DYNAMIC_LENGTH_FIELD:
        uds_sample_items(s, mdd_dynamic_length_field_field(mdd_dop_dynamic_length_field(dop)), 2);
        break;
    case MDD_SPECIFIC_DOP_DATA_STATIC_FIELD: {
        mdd_static_field f = mdd_dop_static_field(dop);
        uds_sample_items(s, mdd_static_field_field(f), mdd_static_field_fixed_number_of_items(f));
        break;
    }
    case MDD_SPECIFIC_DOP_DATA_MUX_DOP:
        uds_sample_mux(s, dop);
        break;
    case MDD_SPECIFIC_DOP_DATA_DTC_DOP:
        uds_sample_dtc(s, dop);
        break;
    default:
        uds_sample_fail(s, "environment data or an unknown DOP kind", mdd_dop_short_name(dop));
        uds_jw_raw(s->w, "null", 4);
        break;
    }
    s->depth--;
}

/* The first row of a table key's table (or the row it names). */
static mdd_table_row uds_sample_row(mdd_param key)
{
    mdd_table_key k = mdd_param_table_key(key);
    if (mdd_table_key_table_row(k).t.pos)
        return mdd_table_key_table_row(k);
    mdd_table_row_vec rows = mdd_table_dop_rows(mdd_table_key_table_dop(k));
    mdd_table_row none = {{0}};
    return mdd_table_row_vec_count(rows) ? mdd_table_row_vec_at(rows, 0) : none;
}

/* Writes the member of one parameter, after a comma unless first; returns whether it wrote
 * one. */
static int uds_sample_param(uds_sample *s, mdd_param p, int first)
{
    uint8_t type = mdd_param_param_type(p);
    if (type != MDD_PARAM_TYPE_VALUE && type != MDD_PARAM_TYPE_TABLE_KEY &&
        type != MDD_PARAM_TYPE_TABLE_STRUCT)
        return 0;
    if (!first)
        uds_jw_raw(s->w, ",", 1);
    uds_jw_string(s->w, mdd_param_short_name(p));
    uds_jw_raw(s->w, ":", 1);
    if (s->override_name && mdd_bytes_equal_str(mdd_param_short_name(p), s->override_name)) {
        uds_jw_cstr(s->w, s->override_json);
        return 1;
    }
    if (type == MDD_PARAM_TYPE_VALUE) {
        uds_sample_dop(s, mdd_value_dop(mdd_param_value(p)));
        return 1;
    }
    mdd_param key = type == MDD_PARAM_TYPE_TABLE_KEY
                        ? p
                        : mdd_table_struct_table_key(mdd_param_table_struct(p));
    mdd_table_row row = uds_sample_row(key);
    if (!row.t.pos) {
        uds_sample_fail(s, "a table without rows", mdd_param_short_name(p));
        uds_jw_raw(s->w, "null", 4);
    } else if (type == MDD_PARAM_TYPE_TABLE_KEY) {
        uds_jw_string(s->w, mdd_table_row_key(row));
    } else {
        uds_jw_raw(s->w, "{", 1);
        uds_jw_string(s->w, mdd_table_row_short_name(row));
        uds_jw_raw(s->w, ":", 1);
        if (mdd_table_row_structure(row).t.pos)
            uds_sample_dop(s, mdd_table_row_structure(row));
        else
            uds_jw_raw(s->w, "{}", 2);
        uds_jw_raw(s->w, "}", 1);
    }
    return 1;
}

/* Writes the object of values for params; returns 0, or -1 with the reason in s->why. */
static int uds_sample_params(uds_sample *s, mdd_param_vec params)
{
    uds_jw_raw(s->w, "{", 1);
    int first = 1;
    for (uint32_t i = 0; i < mdd_param_vec_count(params); i++)
        if (uds_sample_param(s, mdd_param_vec_at(params, i), first))
            first = 0;
    uds_jw_raw(s->w, "}", 1);
    return s->why[0] ? -1 : 0;
}

#endif
