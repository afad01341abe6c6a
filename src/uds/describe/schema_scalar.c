/* SPDX-License-Identifier: Apache-2.0 */
/* The JSON Schema of one value (docs/codec.md, "Schemas"): a NormalDOP's by its compu method
 * and types, a constant's, raw bits', a DTC's. */
#include "schema.h"

#include <string.h>

/* A byte field as decoding prints it ("0xAA 0xBB") or encoding also takes it ("AABB"). */
static const char bytes_pattern[] =
    "^(0x[0-9A-Fa-f]{2}( 0x[0-9A-Fa-f]{2})*|([0-9A-Fa-f]{2})*)$";

void uds_schema_bytes(uds_jw *j)
{
    uds_jw_cstr(j, "{\"type\":\"string\",\"pattern\":\"");
    for (const char *p = bytes_pattern; *p; p++) {
        if (*p == '\\')
            uds_jw_raw(j, "\\", 1);
        uds_jw_raw(j, p, 1);
    }
    uds_jw_cstr(j, "\"}");
}

/* {"type": "integer", "minimum": 0, "maximum": 2^bits - 1}. */
static void unsigned_bits(uds_jw *j, uint32_t bits)
{
    uds_jw_cstr(j, "{\"type\":\"integer\",\"minimum\":0,\"maximum\":");
    uds_jw_uint(j, bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1);
    uds_jw_raw(j, "}", 1);
}

void uds_schema_raw(uds_jw *j, uint32_t bits)
{
    if (bits > 64)
        uds_schema_bytes(j);
    else
        unsigned_bits(j, bits);
}

uint32_t uds_schema_plain_bits(mdd_diag_coded_type dct)
{
    if (mdd_diag_coded_type_specific_data_type(dct) != MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE)
        return 0;
    mdd_standard_length_type s = mdd_diag_coded_type_standard_length_type(dct);
    if (mdd_standard_length_type_bit_mask(s).ptr || mdd_standard_length_type_condensed(s))
        return 0;
    return mdd_standard_length_type_bit_length(s);
}

/* The most characters a text of coded type dct holds (0: unknown): a Latin-1 text one per
 * byte, a UTF-16 one per two; a UTF-8 text's bytes bound its characters only loosely, so
 * none is claimed. */
static uint32_t max_chars(mdd_diag_coded_type dct)
{
    uint8_t base = mdd_diag_coded_type_base_data_type(dct);
    uint32_t bytes = uds_schema_plain_bits(dct) / 8, max;
    if (mdd_diag_coded_type_specific_data_type(dct) == MDD_SPECIFIC_DATA_TYPE_MIN_MAX_LENGTH_TYPE &&
        mdd_min_max_length_type_max_length(mdd_diag_coded_type_min_max_length_type(dct), &max))
        bytes = max;
    if (base == MDD_DATA_TYPE_A_ASCIISTRING)
        return bytes;
    return base == MDD_DATA_TYPE_A_UNICODE_2_STRING ? bytes / 2 : 0;
}

/* An IDENTICAL NormalDOP: the physical type's JSON type, integers bounded by the coded bits. */
static void identical(uds_jw *j, mdd_normal_dop n)
{
    mdd_diag_coded_type dct = mdd_normal_dop_diag_coded_type(n);
    uint8_t type = uds_normal_physical_type(n);
    uint8_t coded = mdd_diag_coded_type_base_data_type(dct);
    uint32_t bits = uds_schema_plain_bits(dct), chars;
    switch (type) {
    case MDD_DATA_TYPE_A_UINT_32:
        if (coded == MDD_DATA_TYPE_A_UINT_32 && bits > 0 && bits <= 32)
            unsigned_bits(j, bits);
        else
            uds_jw_cstr(j, "{\"type\":\"integer\"}");
        return;
    case MDD_DATA_TYPE_A_INT_32:
        if (coded == MDD_DATA_TYPE_A_INT_32 && bits > 0 && bits <= 32) {
            uds_jw_cstr(j, "{\"type\":\"integer\",\"minimum\":");
            uds_jw_int(j, -(INT64_C(1) << (bits - 1)));
            uds_jw_cstr(j, ",\"maximum\":");
            uds_jw_int(j, (INT64_C(1) << (bits - 1)) - 1);
            uds_jw_raw(j, "}", 1);
        } else {
            uds_jw_cstr(j, "{\"type\":\"integer\"}");
        }
        return;
    case MDD_DATA_TYPE_A_FLOAT_32:
    case MDD_DATA_TYPE_A_FLOAT_64: uds_jw_cstr(j, "{\"type\":\"number\"}"); return;
    case MDD_DATA_TYPE_A_BYTEFIELD: uds_schema_bytes(j); return;
    default: break;
    }
    chars = max_chars(dct);
    uds_jw_cstr(j, "{\"type\":\"string\"");
    if (chars) {
        uds_jw_cstr(j, ",\"maxLength\":");
        uds_jw_uint(j, chars);
    }
    uds_jw_raw(j, "}", 1);
}

/* A text table: the enum of its texts (and its default's). */
static void text_table(uds_jw *j, mdd_compu_method cm)
{
    mdd_compu_internal_to_phys itp = mdd_compu_method_internal_to_phys(cm);
    mdd_compu_scale_vec scales = mdd_compu_internal_to_phys_compu_scales(itp);
    uds_jw_cstr(j, "{\"type\":\"string\",\"enum\":[");
    int first = 1;
    for (uint32_t i = 0; i < mdd_compu_scale_vec_count(scales); i++) {
        mdd_compu_scale scale = mdd_compu_scale_vec_at(scales, i);
        mdd_bytes vt = mdd_compu_values_vt(mdd_compu_scale_consts(scale));
        if (!vt.ptr)
            continue;
        if (!first)
            uds_jw_raw(j, ",", 1);
        first = 0;
        uds_jw_string(j, vt);
    }
    mdd_bytes d = mdd_compu_values_vt(
        mdd_compu_default_value_values(mdd_compu_internal_to_phys_compu_default_value(itp)));
    if (d.ptr) {
        if (!first)
            uds_jw_raw(j, ",", 1);
        uds_jw_string(j, d);
    }
    uds_jw_cstr(j, "]}");
}

void uds_schema_normal(uds_jw *j, mdd_normal_dop n)
{
    mdd_compu_method cm = mdd_normal_dop_compu_method(n);
    uint8_t category = cm.t.pos ? mdd_compu_method_category(cm) : MDD_COMPU_CATEGORY_IDENTICAL;
    if (category == MDD_COMPU_CATEGORY_IDENTICAL)
        identical(j, n);
    else if (category == MDD_COMPU_CATEGORY_TEXT_TABLE)
        text_table(j, cm);
    else if (uds_normal_physical_type(n) == MDD_DATA_TYPE_A_BYTEFIELD)
        uds_schema_bytes(j);
    else if (uds_kind_of_type(uds_normal_physical_type(n)) == MDD_UDS_TEXT)
        uds_jw_cstr(j, "{\"type\":\"string\"}");
    else {
        uds_jw_cstr(j, "{\"type\":\"number\"");
        uds_schema_linear_limits(j, n);
        uds_jw_raw(j, "}", 1);
    }
}

void uds_schema_const(uds_jw *j, mdd_bytes text, uint8_t data_type)
{
    uds_scalar v;
    if (uds_scalar_parse(text, data_type, &v, NULL) != MDD_OK || v.kind == MDD_UDS_BYTES) {
        uds_schema_bytes(j);
        return;
    }
    uds_jw_cstr(j, "{\"const\":");
    switch (v.kind) {
    case MDD_UDS_UINT: uds_jw_uint(j, v.as.u); break;
    case MDD_UDS_INT: uds_jw_int(j, v.as.i); break;
    case MDD_UDS_FLOAT: uds_jw_double(j, v.as.f); break;
    default: uds_jw_text(j, &v.as.text); break;
    }
    uds_jw_raw(j, "}", 1);
}

void uds_schema_dtc(uds_jw *j, int input)
{
    static const char object[] =
        "{\"type\":\"object\",\"properties\":{\"code\":{\"type\":\"integer\",\"minimum\":0},"
        "\"display_code\":{\"type\":\"string\"},\"fault_name\":{\"type\":\"string\"},"
        "\"severity\":{\"type\":\"integer\",\"minimum\":0}},";
    if (input) {
        uds_jw_cstr(j, "{\"anyOf\":[{\"type\":\"integer\",\"minimum\":0},");
        uds_jw_cstr(j, object);
        uds_jw_cstr(j, "\"required\":[\"code\"]}]}");
    } else {
        uds_jw_cstr(j, object);
        uds_jw_cstr(j, "\"required\":[\"code\",\"fault_name\",\"severity\"],"
                       "\"additionalProperties\":false}");
    }
}
