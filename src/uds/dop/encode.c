/* SPDX-License-Identifier: Apache-2.0 */
/* Encoding a DOP of any kind from its JSON value, structures, and the checks of JSON
 * shapes. */
#include "walk.h"

static const char *type_name(uds_json_type t)
{
    switch (t) {
    case UDS_JSON_OBJECT: return "an object";
    case UDS_JSON_ARRAY: return "an array";
    case UDS_JSON_STRING: return "a string";
    case UDS_JSON_NUMBER: return "a number";
    case UDS_JSON_TRUE:
    case UDS_JSON_FALSE: return "a boolean";
    case UDS_JSON_NULL: return "null";
    default: break;
    }
    return "not a value";
}

static mdd_status expect(uds_walk *w, uds_json value, uds_json_type want, const char *what)
{
    uds_json_type t = uds_json_type_of(value);
    if (t == want)
        return MDD_OK;
    return uds_fail(w, MDD_ERR_ARG, w->out ? w->out->len : 0, "%s wanted, %s given", what,
                    type_name(t));
}

mdd_status uds_expect_object(uds_walk *w, uds_json value)
{
    return expect(w, value, UDS_JSON_OBJECT, "an object");
}

mdd_status uds_expect_array(uds_walk *w, uds_json value)
{
    return expect(w, value, UDS_JSON_ARRAY, "an array");
}

mdd_status uds_json_physical(uds_walk *w, uds_json value, uint8_t type, uds_scalar *out)
{
    uds_json_type t = uds_json_type_of(value);
    if (t != UDS_JSON_STRING && t != UDS_JSON_NUMBER)
        return uds_fail(w, MDD_ERR_ARG, w->out ? w->out->len : 0,
                        "a number or a string wanted, %s given", type_name(t));
    mdd_status st = uds_json_scalar(value, out, w->err);
    if (st != MDD_OK)
        return uds_blame(w, st);
    if (type == MDD_DATA_TYPE_A_BYTEFIELD && out->kind == MDD_UDS_TEXT) {
        out->kind = MDD_UDS_BYTES;
        out->hex_text = 1;
    }
    return MDD_OK;
}

mdd_status uds_encode_structure(uds_walk *w, mdd_dop dop, uds_json value, size_t start, int last,
                                size_t *next)
{
    mdd_structure s = mdd_dop_structure(dop);
    mdd_status st = uds_json_absent(value) ? MDD_OK : uds_expect_object(w, value);
    if (st == MDD_OK)
        st = uds_enter(w, start);
    if (st != MDD_OK)
        return st;
    uint32_t mark = uds_keys_mark(w);
    size_t cursor = start;
    uint32_t size;
    int sized = mdd_structure_byte_size(s, &size);
    /* A sized structure is padded to its size: its last param does not end the PDU. */
    st = uds_encode_params(w, mdd_structure_params(s), value, start, &cursor, last && !sized);
    uds_keys_restore(w, mark);
    if (st != MDD_OK)
        return st;
    if (sized) {
        if (cursor > start + size)
            return uds_fail(w, MDD_ERR_ARG, start,
                            "the structure's params end at byte %zu, past its byte_size %u",
                            cursor, (unsigned)size);
        cursor = start + size;
        uds_out_extend(w->out, cursor);
    }
    uds_leave(w);
    *next = cursor;
    return MDD_OK;
}

mdd_status uds_encode_dop(uds_walk *w, mdd_dop dop, mdd_param param, uds_json value, uds_pos pos,
                          int last, size_t *next)
{
    if (!dop.t.pos)
        return uds_fail(w, MDD_ERR_FORMAT, pos.byte, "the parameter has no DOP");
    uint8_t kind = mdd_dop_specific_data_type(dop);
    if (kind == MDD_SPECIFIC_DOP_DATA_NORMAL_DOP) {
        uds_scalar v;
        if (uds_json_absent(value))
            return uds_fail(w, MDD_ERR_ARG, pos.byte, "no value given");
        mdd_status st = uds_json_physical(w, value, uds_normal_physical_type(mdd_dop_normal_dop(dop)),
                                          &v);
        return st == MDD_OK ? uds_write_physical(w, dop, pos, &v, last, 0, next) : st;
    }
    if (kind == MDD_SPECIFIC_DOP_DATA_DTC_DOP)
        return uds_encode_dtc(w, mdd_dop_dtc_dop(dop), param, value, pos, last, next);
    mdd_status st = uds_whole_bytes(w, pos);
    if (st != MDD_OK)
        return st;
    switch (kind) {
    case MDD_SPECIFIC_DOP_DATA_STRUCTURE:
        return uds_encode_structure(w, dop, value, pos.byte, last, next);
    case MDD_SPECIFIC_DOP_DATA_STATIC_FIELD:
        return uds_encode_static_field(w, mdd_dop_static_field(dop), value, pos.byte, last, next);
    case MDD_SPECIFIC_DOP_DATA_DYNAMIC_LENGTH_FIELD:
        return uds_encode_dynamic_field(w, mdd_dop_dynamic_length_field(dop), value, pos.byte,
                                        last, next);
    case MDD_SPECIFIC_DOP_DATA_END_OF_PDU_FIELD:
        return uds_encode_end_of_pdu_field(w, mdd_dop_end_of_pdu_field(dop), value, pos.byte,
                                           last, next);
    case MDD_SPECIFIC_DOP_DATA_MUX_DOP:
        return uds_encode_mux(w, mdd_dop_mux_dop(dop), value, pos.byte, last, next);
    case MDD_SPECIFIC_DOP_DATA_ENV_DATA_DESC:
        return uds_encode_env_data_desc(w, mdd_dop_env_data_desc(dop), value, pos.byte, last,
                                        next);
    default:
        break;
    }
    mdd_bytes name = mdd_dop_short_name(dop);
    return uds_fail(w, MDD_ERR_UNSUPPORTED, pos.byte, "DOP '%.*s' of kind %u cannot be encoded",
                    (int)name.len, name.ptr ? (const char *)name.ptr : "", (unsigned)kind);
}
