/* SPDX-License-Identifier: Apache-2.0 */
/* Decoding a DOP of any kind (docs/codec.md, "DOP kinds"), and structures. */
#include "plan.h"

mdd_status uds_decode_src(uds_walk *w, const uds_params_src *src, size_t origin,
                             size_t *cursor)
{
    if (src->steps)
        return uds_plan_decode(w, src->steps, src->count, origin, cursor);
    return uds_decode_params(w, src->params, origin, cursor);
}

mdd_status uds_decode_structure_of(uds_walk *w, const uds_params_src *src, const uint32_t *size,
                                   mdd_param param, size_t start, size_t *next)
{
    mdd_status st = uds_enter(w, start);
    if (st != MDD_OK)
        return st;
    uint32_t mark = uds_keys_mark(w);
    size_t cursor = start;
    st = uds_emit_mark(w, MDD_UDS_OBJECT_BEGIN, param, start, start);
    if (st == MDD_OK)
        st = uds_decode_src(w, src, start, &cursor);
    uds_keys_restore(w, mark);
    if (st != MDD_OK)
        return st;
    if (size) {
        /* The structure's size, not its params, says where the next param starts; its bytes
         * must be there even when the params do not read them all. */
        if (cursor > start + *size)
            return uds_fail(w, MDD_ERR_FORMAT, start,
                            "the structure's params end at byte %zu, past its byte_size %u",
                            cursor, (unsigned)*size);
        cursor = start + *size;
        if (cursor > w->msg.len)
            return uds_fail(w, MDD_ERR_FORMAT, start,
                            "the structure's %u bytes run past the message end (%zu bytes)",
                            (unsigned)*size, w->msg.len);
        if (cursor > w->high)
            w->high = cursor;
    }
    uds_leave(w);
    *next = cursor;
    return uds_emit_mark(w, MDD_UDS_OBJECT_END, param, start, cursor);
}

mdd_status uds_decode_structure(uds_walk *w, mdd_dop dop, mdd_param param, size_t start,
                                size_t *next)
{
    mdd_structure s = mdd_dop_structure(dop);
    uds_params_src src = {mdd_structure_params(s), NULL, 0};
    uint32_t size;
    int sized = mdd_structure_byte_size(s, &size);
    return uds_decode_structure_of(w, &src, sized ? &size : NULL, param, start, next);
}

mdd_status uds_decode_dop(uds_walk *w, mdd_dop dop, mdd_param param, uds_pos pos, size_t *next)
{
    if (!dop.t.pos)
        return uds_fail(w, MDD_ERR_FORMAT, pos.byte, "the parameter has no DOP");
    uds_scalar v;
    mdd_status st;
    switch (mdd_dop_specific_data_type(dop)) {
    case MDD_SPECIFIC_DOP_DATA_NORMAL_DOP:
        if ((st = uds_read_physical(w, dop, pos, &v, next)) != MDD_OK)
            return st;
        return uds_emit_scalar(w, param, &v, pos.byte, *next);
    case MDD_SPECIFIC_DOP_DATA_DTC_DOP:
        return uds_decode_dtc(w, mdd_dop_dtc_dop(dop), param, pos, next);
    default:
        break;
    }
    if ((st = uds_whole_bytes(w, pos)) != MDD_OK)
        return st;
    switch (mdd_dop_specific_data_type(dop)) {
    case MDD_SPECIFIC_DOP_DATA_STRUCTURE:
        return uds_decode_structure(w, dop, param, pos.byte, next);
    case MDD_SPECIFIC_DOP_DATA_STATIC_FIELD:
        return uds_decode_static_field(w, mdd_dop_static_field(dop), param, pos.byte, next);
    case MDD_SPECIFIC_DOP_DATA_DYNAMIC_LENGTH_FIELD:
        return uds_decode_dynamic_field(w, mdd_dop_dynamic_length_field(dop), param, pos.byte,
                                        next);
    case MDD_SPECIFIC_DOP_DATA_END_OF_PDU_FIELD:
        return uds_decode_end_of_pdu_field(w, mdd_dop_end_of_pdu_field(dop), param, pos.byte,
                                           next);
    case MDD_SPECIFIC_DOP_DATA_MUX_DOP:
        return uds_decode_mux(w, mdd_dop_mux_dop(dop), param, pos.byte, next);
    case MDD_SPECIFIC_DOP_DATA_ENV_DATA_DESC:
        return uds_decode_env_data_desc(w, mdd_dop_env_data_desc(dop), param, pos.byte, next);
    default:
        break;
    }
    mdd_bytes name = mdd_dop_short_name(dop);
    return uds_fail(w, MDD_ERR_UNSUPPORTED, pos.byte, "DOP '%.*s' of kind %u cannot be decoded",
                    (int)name.len, name.ptr ? (const char *)name.ptr : "",
                    (unsigned)mdd_dop_specific_data_type(dop));
}
