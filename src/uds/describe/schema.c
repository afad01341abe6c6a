/* SPDX-License-Identifier: Apache-2.0 */
/* mdd_uds_schema(): the JSON Schema (draft 2020-12) of a message, walked over its params and
 * DOPs as the decoder walks them (docs/codec.md, "Schemas"): composites as objects of their
 * params, fields as arrays, a MUX as {"Selector", "<case>"}, table structs by row. */
#include "schema.h"

#include <string.h>

typedef struct schema_walk {
    uds_walk w;
    uds_jw j;
    int input; /* the encoder's input (a request), else what decoding writes */
} schema_walk;

static mdd_status dop_schema(schema_walk *s, mdd_dop dop);

/* Whether decoding shows a response's top-level param (json/out.c: no semantic, DATA or
 * SERVICEIDRQ). */
static int shown_at_top(mdd_param p)
{
    mdd_bytes semantic = mdd_param_semantic(p);
    return !semantic.ptr || mdd_bytes_equal_str(semantic, "DATA") ||
           mdd_bytes_equal_str(semantic, "SERVICEIDRQ");
}

/* Whether the encoder needs a value for p (it has no constant, default or derivation). */
static int needed(mdd_param p)
{
    mdd_dop dop = uds_param_dop(p);
    uint8_t kind = dop.t.pos ? mdd_dop_specific_data_type(dop) : 0;
    switch (mdd_param_param_type(p)) {
    case MDD_PARAM_TYPE_VALUE:
        if (kind == MDD_SPECIFIC_DOP_DATA_NORMAL_DOP)
            return !mdd_value_physical_default_value(mdd_param_value(p)).ptr;
        return kind != MDD_SPECIFIC_DOP_DATA_STRUCTURE &&
               kind != MDD_SPECIFIC_DOP_DATA_ENV_DATA_DESC;
    case MDD_PARAM_TYPE_SYSTEM:
    case MDD_PARAM_TYPE_TABLE_KEY:
    case MDD_PARAM_TYPE_TABLE_STRUCT: return 1;
    default: return 0;
    }
}

/* Whether p is listed (top: the params of a response's top level) and required. */
static int listed(const schema_walk *s, mdd_param p, int top)
{
    return s->input || !top || shown_at_top(p);
}

static int required(const schema_walk *s, mdd_param p, int top)
{
    return s->input ? needed(p) : listed(s, p, top);
}

/* A TABLE_KEY: the key's value, or (encoding) a row's short name. */
static mdd_status table_key_schema(schema_walk *s, mdd_param p)
{
    mdd_table_row one;
    mdd_table_row_vec rows = uds_key_rows(p, &one);
    uds_key_record(&s->w, p, 0, 0);
    if (one.t.pos) {
        uds_jw_cstr(&s->j, "{\"const\":");
        uds_jw_string(&s->j, mdd_table_row_key(one));
        uds_jw_raw(&s->j, "}", 1);
        return MDD_OK;
    }
    mdd_dop key = mdd_table_dop_key_dop(mdd_table_key_table_dop(mdd_param_table_key(p)));
    uds_jw_cstr(&s->j, "{\"anyOf\":[");
    mdd_status st = key.t.pos ? dop_schema(s, key) : MDD_OK;
    if (!key.t.pos)
        uds_jw_cstr(&s->j, "{}");
    uds_jw_cstr(&s->j, ",{\"enum\":[");
    for (uint32_t i = 0; i < mdd_table_row_vec_count(rows); i++) {
        if (i)
            uds_jw_raw(&s->j, ",", 1);
        uds_jw_string(&s->j, mdd_table_row_short_name(mdd_table_row_vec_at(rows, i)));
    }
    uds_jw_cstr(&s->j, "]}]}");
    return st;
}

/* An object whose one member is named name: {"type": "object", "properties": {name: ...},
 * "required": [name], "additionalProperties": false}, the member's schema from dop (absent:
 * an empty object). */
static mdd_status one_member(schema_walk *s, mdd_bytes name, mdd_dop dop)
{
    uds_jw_cstr(&s->j, "{\"type\":\"object\",\"properties\":{");
    uds_jw_string(&s->j, name);
    uds_jw_raw(&s->j, ":", 1);
    mdd_status st = MDD_OK;
    if (dop.t.pos)
        st = dop_schema(s, dop);
    else
        uds_jw_cstr(&s->j, "{\"type\":\"object\",\"maxProperties\":0}");
    uds_jw_cstr(&s->j, "},\"required\":[");
    uds_jw_string(&s->j, name);
    uds_jw_cstr(&s->j, "],\"additionalProperties\":false}");
    return st;
}

/* A TABLE_STRUCT: {"<row>": ...}, one of the rows its key may choose. */
static mdd_status table_struct_schema(schema_walk *s, mdd_param p)
{
    mdd_table_row one;
    mdd_table_row_vec rows = uds_struct_rows(&s->w, p, &one);
    uint32_t n = one.t.pos ? 1 : mdd_table_row_vec_count(rows);
    mdd_status st = MDD_OK;
    uds_jw_cstr(&s->j, "{\"oneOf\":[");
    for (uint32_t i = 0; i < n && st == MDD_OK; i++) {
        mdd_table_row row = one.t.pos ? one : mdd_table_row_vec_at(rows, i);
        mdd_dop d = mdd_table_row_structure(row);
        if (i)
            uds_jw_raw(&s->j, ",", 1);
        st = one_member(s, mdd_table_row_short_name(row), d.t.pos ? d : mdd_table_row_dop(row));
    }
    uds_jw_cstr(&s->j, "]}");
    return st;
}

static mdd_status param_schema(schema_walk *s, mdd_param p)
{
    switch (mdd_param_param_type(p)) {
    case MDD_PARAM_TYPE_CODED_CONST: {
        mdd_coded_const cc = mdd_param_coded_const(p);
        uds_schema_const(&s->j, mdd_coded_const_coded_value(cc),
                         mdd_diag_coded_type_base_data_type(mdd_coded_const_diag_coded_type(cc)));
        return MDD_OK;
    }
    case MDD_PARAM_TYPE_NRC_CONST: {
        mdd_nrc_const nc = mdd_param_nrc_const(p);
        mdd_string_vec values = mdd_nrc_const_coded_values(nc);
        uint8_t type = mdd_diag_coded_type_base_data_type(mdd_nrc_const_diag_coded_type(nc));
        uds_jw_cstr(&s->j, "{\"anyOf\":[");
        for (uint32_t i = 0; i < mdd_string_vec_count(values); i++) {
            if (i)
                uds_jw_raw(&s->j, ",", 1);
            uds_schema_const(&s->j, mdd_string_vec_at(values, i), type);
        }
        uds_jw_cstr(&s->j, "]}");
        return MDD_OK;
    }
    case MDD_PARAM_TYPE_PHYS_CONST:
        uds_schema_const(&s->j, mdd_phys_const_phys_constant_value(mdd_param_phys_const(p)),
                         uds_normal_physical_type(mdd_dop_normal_dop(uds_param_dop(p))));
        return MDD_OK;
    case MDD_PARAM_TYPE_VALUE:
    case MDD_PARAM_TYPE_LENGTH_KEY:
    case MDD_PARAM_TYPE_SYSTEM: return dop_schema(s, uds_param_dop(p));
    case MDD_PARAM_TYPE_RESERVED:
        uds_schema_raw(&s->j, mdd_reserved_bit_length(mdd_param_reserved(p)));
        return MDD_OK;
    case MDD_PARAM_TYPE_MATCHING_REQUEST_PARAM:
        uds_schema_raw(&s->j, 8u * mdd_matching_request_param_byte_length(
                                       mdd_param_matching_request_param(p)));
        return MDD_OK;
    case MDD_PARAM_TYPE_TABLE_KEY: return table_key_schema(s, p);
    case MDD_PARAM_TYPE_TABLE_STRUCT: return table_struct_schema(s, p);
    default: break;
    }
    return uds_fail(&s->w, MDD_ERR_UNSUPPORTED, 0, "parameter kind %s is not supported",
                    mdd_ecu_enum_name(MDD_ENUM_PARAM_TYPE, mdd_param_param_type(p)));
}

/* The members of params into "properties" (*first: none written yet). */
static mdd_status properties(schema_walk *s, mdd_param_vec params, int top, int *first)
{
    for (uint32_t i = 0; i < mdd_param_vec_count(params); i++) {
        mdd_param p = mdd_param_vec_at(params, i);
        if (!listed(s, p, top))
            continue;
        mdd_bytes name = mdd_param_short_name(p);
        mdd_status st = uds_path_push(&s->w, name);
        if (st == MDD_OK)
            st = uds_count_value(&s->w, 0);
        if (st != MDD_OK)
            return st;
        if (!*first)
            uds_jw_raw(&s->j, ",", 1);
        *first = 0;
        uds_jw_string(&s->j, name);
        uds_jw_raw(&s->j, ":", 1);
        if ((st = param_schema(s, p)) != MDD_OK)
            return st;
        uds_path_pop(&s->w);
    }
    return MDD_OK;
}

static void required_names(schema_walk *s, mdd_param_vec params, int top)
{
    int first = 1;
    uds_jw_cstr(&s->j, ",\"required\":[");
    for (uint32_t i = 0; i < mdd_param_vec_count(params); i++) {
        mdd_param p = mdd_param_vec_at(params, i);
        if (!required(s, p, top))
            continue;
        if (!first)
            uds_jw_raw(&s->j, ",", 1);
        first = 0;
        uds_jw_string(&s->j, mdd_param_short_name(p));
    }
    uds_jw_raw(&s->j, "]", 1);
}

/* The object of params' values (top: a message's own params). */
static mdd_status params_schema(schema_walk *s, mdd_param_vec params, int top)
{
    int first = 1;
    uds_jw_cstr(&s->j, "{\"type\":\"object\",\"properties\":{");
    mdd_status st = properties(s, params, top, &first);
    uds_jw_raw(&s->j, "}", 1);
    required_names(s, params, top);
    uds_jw_cstr(&s->j, ",\"additionalProperties\":false}");
    return st;
}

static mdd_status field_schema(schema_walk *s, mdd_dop dop)
{
    uint8_t kind = mdd_dop_specific_data_type(dop);
    mdd_field f;
    uint32_t min = 0, max = 0;
    int has_min = 0, has_max = 0;
    if (kind == MDD_SPECIFIC_DOP_DATA_STATIC_FIELD) {
        f = mdd_static_field_field(mdd_dop_static_field(dop));
        min = max = mdd_static_field_fixed_number_of_items(mdd_dop_static_field(dop));
        has_min = has_max = 1;
    } else if (kind == MDD_SPECIFIC_DOP_DATA_DYNAMIC_LENGTH_FIELD) {
        f = mdd_dynamic_length_field_field(mdd_dop_dynamic_length_field(dop));
    } else {
        mdd_end_of_pdu_field e = mdd_dop_end_of_pdu_field(dop);
        f = mdd_end_of_pdu_field_field(e);
        has_min = mdd_end_of_pdu_field_min_number_of_items(e, &min);
        has_max = mdd_end_of_pdu_field_max_number_of_items(e, &max);
    }
    mdd_dop item = uds_field_item_dop(f);
    if (!item.t.pos)
        return uds_fail(&s->w, MDD_ERR_FORMAT, 0, "the field has no item structure");
    uds_jw_cstr(&s->j, "{\"type\":\"array\"");
    if (has_min) {
        uds_jw_cstr(&s->j, ",\"minItems\":");
        uds_jw_uint(&s->j, min);
    }
    if (has_max) {
        uds_jw_cstr(&s->j, ",\"maxItems\":");
        uds_jw_uint(&s->j, max);
    }
    uds_jw_cstr(&s->j, ",\"items\":");
    mdd_status st = dop_schema(s, item);
    uds_jw_raw(&s->j, "}", 1);
    return st;
}

/* A MUX: the Selector and at most one case (by its structure's name). */
static mdd_status mux_schema(schema_walk *s, mdd_mux_dop mux)
{
    uds_jw_cstr(&s->j, "{\"type\":\"object\",\"properties\":{\"Selector\":");
    uds_schema_normal(&s->j, mdd_dop_normal_dop(mdd_switch_key_dop(mdd_mux_dop_switch_key(mux))));
    mdd_case_vec cases = mdd_mux_dop_cases(mux);
    mdd_status st = MDD_OK;
    for (uint32_t i = 0; i < mdd_case_vec_count(cases) && st == MDD_OK; i++) {
        mdd_case c = mdd_case_vec_at(cases, i);
        if (!mdd_case_structure(c).t.pos)
            continue;
        uds_jw_raw(&s->j, ",", 1);
        uds_jw_string(&s->j, uds_case_name(c));
        uds_jw_raw(&s->j, ":", 1);
        st = dop_schema(s, mdd_case_structure(c));
    }
    mdd_default_case d = mdd_mux_dop_default_case(mux);
    if (st == MDD_OK && d.t.pos && mdd_default_case_structure(d).t.pos) {
        uds_jw_raw(&s->j, ",", 1);
        uds_jw_string(&s->j, uds_default_case_name(d));
        uds_jw_raw(&s->j, ":", 1);
        st = dop_schema(s, mdd_default_case_structure(d));
    }
    uds_jw_cstr(&s->j, s->input ? "},\"maxProperties\":2,\"additionalProperties\":false}"
                                : "},\"required\":[\"Selector\"],\"maxProperties\":2,"
                                  "\"additionalProperties\":false}");
    return st;
}

/* Environment data: every EnvData's params, none required (which are there depends on the
 * trouble code). */
static mdd_status env_data_schema(schema_walk *s, mdd_env_data_desc desc)
{
    int first = 1;
    mdd_dop_vec envs = mdd_env_data_desc_env_datas(desc);
    mdd_status st = MDD_OK;
    uds_jw_cstr(&s->j, "{\"type\":\"object\",\"properties\":{");
    for (uint32_t i = 0; i < mdd_dop_vec_count(envs) && st == MDD_OK; i++) {
        mdd_env_data e = mdd_dop_env_data(mdd_dop_vec_at(envs, i));
        if (e.t.pos)
            st = properties(s, mdd_env_data_params(e), 0, &first);
    }
    uds_jw_cstr(&s->j, "},\"additionalProperties\":false}");
    return st;
}

static mdd_status composite_schema(schema_walk *s, mdd_dop dop)
{
    switch (mdd_dop_specific_data_type(dop)) {
    case MDD_SPECIFIC_DOP_DATA_STRUCTURE: {
        uint32_t mark = uds_keys_mark(&s->w);
        mdd_status st = params_schema(s, mdd_structure_params(mdd_dop_structure(dop)), 0);
        uds_keys_restore(&s->w, mark);
        return st;
    }
    case MDD_SPECIFIC_DOP_DATA_STATIC_FIELD:
    case MDD_SPECIFIC_DOP_DATA_DYNAMIC_LENGTH_FIELD:
    case MDD_SPECIFIC_DOP_DATA_END_OF_PDU_FIELD: return field_schema(s, dop);
    case MDD_SPECIFIC_DOP_DATA_MUX_DOP: return mux_schema(s, mdd_dop_mux_dop(dop));
    case MDD_SPECIFIC_DOP_DATA_ENV_DATA_DESC:
        return env_data_schema(s, mdd_dop_env_data_desc(dop));
    default: break;
    }
    mdd_bytes name = mdd_dop_short_name(dop);
    return uds_fail(&s->w, MDD_ERR_UNSUPPORTED, 0, "DOP '%.*s' of kind %u cannot be decoded",
                    (int)name.len, name.ptr ? (const char *)name.ptr : "",
                    (unsigned)mdd_dop_specific_data_type(dop));
}

static mdd_status dop_schema(schema_walk *s, mdd_dop dop)
{
    if (!dop.t.pos)
        return uds_fail(&s->w, MDD_ERR_FORMAT, 0, "the parameter has no DOP");
    switch (mdd_dop_specific_data_type(dop)) {
    case MDD_SPECIFIC_DOP_DATA_NORMAL_DOP:
        uds_schema_normal(&s->j, mdd_dop_normal_dop(dop));
        return MDD_OK;
    case MDD_SPECIFIC_DOP_DATA_DTC_DOP: uds_schema_dtc(&s->j, s->input); return MDD_OK;
    default: break;
    }
    mdd_status st = uds_enter(&s->w, 0);
    if (st == MDD_OK)
        st = composite_schema(s, dop);
    if (st == MDD_OK)
        uds_leave(&s->w);
    return st;
}

/* "$schema" and "title": SERVICE request / positive response N / negative response N. */
static void preamble(schema_walk *s, mdd_diag_service svc, const mdd_uds_message *message)
{
    uds_jw_cstr(&s->j, "\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","
                       "\"title\":\"");
    mdd_uds_text name = {mdd_diag_comm_short_name(mdd_diag_service_diag_comm(svc)),
                         MDD_UDS_TEXT_UTF8};
    uds_jw_text_content(&s->j, &name);
    if (message->kind == MDD_UDS_REQUEST) {
        uds_jw_cstr(&s->j, " request\",");
        return;
    }
    uds_jw_cstr(&s->j, message->kind == MDD_UDS_POSITIVE ? " positive response "
                                                         : " negative response ");
    uds_jw_uint(&s->j, message->index);
    uds_jw_cstr(&s->j, "\",");
}

/* The object decoding writes around the params: {"ecu", "variant" or "functional_group",
 * "service", "response", "params", "trailing"}. */
static mdd_status response_schema(schema_walk *s, mdd_diag_service svc,
                                  const mdd_uds_message *message, mdd_param_vec params)
{
    const mdd_db_layer *layer = s->w.layer;
    const char *kind = mdd_present(mdd_db_layer_variant(layer)) ? "variant" : "functional_group";
    uds_jw_cstr(&s->j, "\"type\":\"object\",\"properties\":{\"ecu\":{\"const\":");
    uds_jw_string(&s->j, mdd_db_ecu_name(mdd_db_layer_ecu(layer)));
    uds_jw_cstr(&s->j, "},\"");
    uds_jw_cstr(&s->j, kind);
    uds_jw_cstr(&s->j, "\":{\"const\":");
    uds_jw_string(&s->j, mdd_db_layer_name(layer));
    uds_jw_cstr(&s->j, "},\"service\":{\"const\":");
    uds_jw_string(&s->j, mdd_diag_comm_short_name(mdd_diag_service_diag_comm(svc)));
    uds_jw_cstr(&s->j, "},\"response\":{\"const\":");
    uds_jw_cstr(&s->j, message->kind == MDD_UDS_POSITIVE ? "\"positive\"}" : "\"negative\"}");
    uds_jw_cstr(&s->j, ",\"params\":");
    mdd_status st = params_schema(s, params, 1);
    uds_jw_cstr(&s->j, ",\"trailing\":");
    uds_schema_bytes(&s->j);
    uds_jw_cstr(&s->j, "},\"required\":[\"ecu\",\"");
    uds_jw_cstr(&s->j, kind);
    uds_jw_cstr(&s->j, "\",\"service\",\"response\",\"params\"],\"additionalProperties\":false");
    return st;
}

mdd_status mdd_uds_schema(const mdd_db_layer *layer, const mdd_db_service *service,
                          const mdd_uds_message *message, const mdd_uds_options *opts,
                          mdd_sink *sink, mdd_error *err)
{
    if (!layer || !service || !sink)
        return mdd_fail(err, MDD_ERR_ARG, "mdd_uds_schema: no layer, service or sink");
    schema_walk s;
    mdd_param_vec params;
    mdd_status st = uds_walk_init(&s.w, layer, opts, err);
    if (st == MDD_OK)
        st = uds_message_params(&s.w, service->service, message, &params);
    if (st != MDD_OK)
        return st;
    uds_jw_init(&s.j, sink, err);
    s.input = message->kind == MDD_UDS_REQUEST;
    uds_jw_raw(&s.j, "{", 1);
    preamble(&s, service->service, message);
    if (s.input) {
        /* The params object itself, with the preamble in front. */
        uds_jw_cstr(&s.j, "\"allOf\":[");
        st = params_schema(&s, params, 1);
        uds_jw_raw(&s.j, "]", 1);
    } else {
        st = response_schema(&s, service->service, message, params);
    }
    uds_jw_raw(&s.j, "}", 1);
    mdd_status flushed = uds_jw_flush(&s.j);
    return st != MDD_OK ? st : flushed;
}
