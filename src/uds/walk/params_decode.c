/* SPDX-License-Identifier: Apache-2.0 */
/* Decoding parameters: each kind of docs/codec.md ("Parameters") in declaration order, with
 * the cursor rule of "Positions". */
#include "walk.h"

#include <string.h>

static mdd_status unsupported(uds_walk *w, size_t byte, const char *kind)
{
    return uds_fail(w, MDD_ERR_UNSUPPORTED, byte, "parameter kind %s is not supported", kind);
}

/* Fails naming what (a kind of constant), the value expected and the one read, when they
 * differ. */
static mdd_status check_const(uds_walk *w, const char *what, const uds_scalar *v,
                              const uds_scalar *want, size_t byte)
{
    if (uds_scalar_equal(v, want))
        return MDD_OK;
    char got[48], exp[48];
    uds_scalar_show(v, got, sizeof got);
    uds_scalar_show(want, exp, sizeof exp);
    return uds_fail(w, MDD_ERR_FORMAT, byte, "%s %s expected, read %s", what, exp, got);
}

static mdd_status coded_const(uds_walk *w, mdd_param p, mdd_coded_const cc, uds_pos pos,
                              size_t *next)
{
    mdd_diag_coded_type dct = mdd_coded_const_diag_coded_type(cc);
    uds_scalar v, want;
    mdd_status st = uds_read_coded(w, dct, pos, &v, next);
    if (st == MDD_OK)
        st = uds_parse_const(w, mdd_coded_const_coded_value(cc),
                             mdd_diag_coded_type_base_data_type(dct), pos.byte, &want);
    if (st == MDD_OK)
        st = check_const(w, "coded constant", &v, &want, pos.byte);
    if (st != MDD_OK)
        return st;
    uds_key_remember(w, p, &v);
    return uds_emit_scalar(w, p, &v, pos.byte, *next);
}

/* Whether v is one of the NRC_CONST's coded values. */
static mdd_status nrc_matches(uds_walk *w, mdd_nrc_const nc, const uds_scalar *v, size_t byte,
                              int *match)
{
    mdd_string_vec values = mdd_nrc_const_coded_values(nc);
    uint8_t type = mdd_diag_coded_type_base_data_type(mdd_nrc_const_diag_coded_type(nc));
    *match = 0;
    for (uint32_t i = 0; i < mdd_string_vec_count(values) && !*match; i++) {
        uds_scalar want;
        mdd_status st = uds_parse_const(w, mdd_string_vec_at(values, i), type, byte, &want);
        if (st != MDD_OK)
            return st;
        *match = uds_scalar_equal(v, &want);
    }
    return MDD_OK;
}

static mdd_status nrc_const(uds_walk *w, mdd_param p, mdd_nrc_const nc, uds_pos pos,
                            size_t *next)
{
    uds_scalar v;
    int match;
    mdd_status st = uds_read_coded(w, mdd_nrc_const_diag_coded_type(nc), pos, &v, next);
    if (st == MDD_OK)
        st = nrc_matches(w, nc, &v, pos.byte, &match);
    if (st != MDD_OK)
        return st;
    if (!match) {
        char got[48];
        uds_scalar_show(&v, got, sizeof got);
        return uds_fail(w, MDD_ERR_FORMAT, pos.byte, "%s is none of the NRC constant's values",
                        got);
    }
    return uds_emit_scalar(w, p, &v, pos.byte, *next);
}

static mdd_status phys_const(uds_walk *w, mdd_param p, mdd_phys_const pc, uds_pos pos,
                             size_t *next)
{
    mdd_dop dop = mdd_phys_const_dop(pc);
    uds_scalar v, want;
    mdd_status st = uds_read_physical(w, dop, pos, &v, next);
    if (st == MDD_OK)
        st = uds_parse_const(w, mdd_phys_const_phys_constant_value(pc),
                             uds_normal_physical_type(mdd_dop_normal_dop(dop)), pos.byte, &want);
    if (st == MDD_OK)
        st = check_const(w, "physical constant", &v, &want, pos.byte);
    if (st != MDD_OK)
        return st;
    return uds_emit_scalar(w, p, &v, pos.byte, *next);
}

mdd_status uds_report_value(uds_walk *w, mdd_param p, const uds_scalar *v, uds_pos pos,
                               size_t next)
{
    uds_key_remember(w, p, v);
    return uds_emit_scalar(w, p, v, pos.byte, next);
}

/* A parameter whose value a DOP gives: the DOP is field dop_id of its specific data of tag
 * (VALUE, LENGTH_KEY, SYSTEM). */
static mdd_status through_dop(uds_walk *w, const uds_param_view *pv, uint8_t tag,
                              uint32_t dop_id, uds_pos pos, size_t *next)
{
    fb_fields data = uds_param_view_child(pv, tag);
    fb_fields dop = fb_fields_child(&data, dop_id);
    mdd_param p = pv->param;
    if (fb_fields_u8(&dop, FID_DOP_SPECIFIC_DATA_TYPE, 0) != MDD_SPECIFIC_DOP_DATA_NORMAL_DOP)
        return uds_decode_dop(w, (mdd_dop){dop.t}, p, pos, next);
    uds_scalar v;
    mdd_status st = uds_read_physical_dop(w, &dop, pos, &v, next);
    return st == MDD_OK ? uds_report_value(w, p, &v, pos, *next) : st;
}

/* A VALUE whose read a memo's plan keeps. */
static mdd_status planned_value(uds_walk *w, mdd_param p, const uds_normal_read *r, uds_pos pos,
                                size_t *next)
{
    uds_scalar v;
    mdd_status st = uds_read_normal(w, r, pos, &v, next);
    return st == MDD_OK ? uds_report_value(w, p, &v, pos, *next) : st;
}

/* Unsigned bits as a number up to 64 bits, else as the bytes they cover. */
static mdd_status raw_value(uds_walk *w, mdd_param p, uds_pos pos, uint32_t bits, size_t *next)
{
    uds_scalar v;
    memset(&v, 0, sizeof v);
    if (bits > 64) {
        size_t n = ((size_t)pos.bit + bits + 7u) / 8u;
        if (pos.byte > w->msg.len || n > w->msg.len - pos.byte)
            return uds_fail(w, MDD_ERR_FORMAT, pos.byte, "%zu bytes wanted, the message has %zu",
                            n, pos.byte > w->msg.len ? 0 : w->msg.len - pos.byte);
        v.kind = MDD_UDS_BYTES;
        v.as.bytes.ptr = w->msg.ptr + pos.byte;
        v.as.bytes.len = n;
        *next = pos.byte + n;
        if (*next > w->high)
            w->high = *next;
    } else if (pos.bit == 0 && bits >= 8 && bits % 8 == 0 && pos.byte <= w->msg.len &&
               bits / 8 <= w->msg.len - pos.byte) {
        /* Whole bytes in the message (a repeated request's): read as uds_raw_read() would. */
        uds_window win = {pos.byte, bits / 8, 0, bits, false};
        v.kind = MDD_UDS_UINT;
        v.as.u = uds_window_read(w->msg.ptr, &win);
        *next = pos.byte + win.n;
        if (*next > w->high)
            w->high = *next;
    } else {
        v.kind = MDD_UDS_UINT;
        mdd_status st = uds_raw_read(w, w->msg, pos, bits, &v.as.u, next);
        if (st != MDD_OK)
            return st;
    }
    return uds_emit_scalar(w, p, &v, pos.byte, *next);
}

static mdd_status matching_request(uds_walk *w, mdd_param p, mdd_matching_request_param m,
                                   uds_pos pos, size_t *next)
{
    int32_t at = mdd_matching_request_param_request_byte_pos(m);
    uint32_t len = mdd_matching_request_param_byte_length(m);
    if (len == 0 || pos.byte > w->msg.len || len > w->msg.len - pos.byte)
        return uds_fail(w, MDD_ERR_FORMAT, pos.byte,
                        "%u bytes of the request wanted, the message has %zu", (unsigned)len,
                        pos.byte > w->msg.len ? 0 : w->msg.len - pos.byte);
    if (w->request.ptr) {
        if (at < 0 || (size_t)at > w->request.len || len > w->request.len - (size_t)at)
            return uds_fail(w, MDD_ERR_FORMAT, pos.byte,
                            "the request has no %u bytes at byte %d to match", (unsigned)len,
                            (int)at);
        if (memcmp(w->request.ptr + at, w->msg.ptr + pos.byte, len) != 0)
            return uds_fail(w, MDD_ERR_FORMAT, pos.byte,
                            "does not repeat the request's %u bytes at byte %d", (unsigned)len,
                            (int)at);
    }
    uds_pos whole = {pos.byte, 0};
    return raw_value(w, p, whole, 8 * len, next);
}

mdd_status uds_decode_kept(uds_walk *w, mdd_param p, const uds_matched *m, size_t *next)
{
    if (m->repeated) {
        uds_pos whole = {m->pos.byte, 0};
        return raw_value(w, p, whole, 8 * m->repeated, next);
    }
    *next = m->next;
    if (*next > w->high)
        w->high = *next;
    uds_key_remember(w, p, &m->value);
    return uds_emit_scalar(w, p, &m->value, m->pos.byte, *next);
}

mdd_status uds_decode_param(uds_walk *w, const uds_param_view *v, uds_pos pos, size_t *next)
{
    mdd_param p = v->param;
    switch (v->type) {
    case MDD_PARAM_TYPE_CODED_CONST: {
        mdd_coded_const cc = {uds_param_view_data(v, MDD_PARAM_SPECIFIC_DATA_CODED_CONST)};
        return coded_const(w, p, cc, pos, next);
    }
    case MDD_PARAM_TYPE_NRC_CONST: {
        mdd_nrc_const nc = {uds_param_view_data(v, MDD_PARAM_SPECIFIC_DATA_NRC_CONST)};
        return nrc_const(w, p, nc, pos, next);
    }
    case MDD_PARAM_TYPE_PHYS_CONST: {
        mdd_phys_const pc = {uds_param_view_data(v, MDD_PARAM_SPECIFIC_DATA_PHYS_CONST)};
        return phys_const(w, p, pc, pos, next);
    }
    case MDD_PARAM_TYPE_VALUE:
        return through_dop(w, v, MDD_PARAM_SPECIFIC_DATA_VALUE, FID_VALUE_DOP, pos, next);
    case MDD_PARAM_TYPE_LENGTH_KEY:
        return through_dop(w, v, MDD_PARAM_SPECIFIC_DATA_LENGTH_KEY_REF, FID_LENGTH_KEY_REF_DOP,
                           pos, next);
    case MDD_PARAM_TYPE_SYSTEM:
        return through_dop(w, v, MDD_PARAM_SPECIFIC_DATA_SYSTEM, FID_SYSTEM_DOP, pos, next);
    case MDD_PARAM_TYPE_RESERVED: {
        mdd_reserved r = {uds_param_view_data(v, MDD_PARAM_SPECIFIC_DATA_RESERVED)};
        return raw_value(w, p, pos, mdd_reserved_bit_length(r), next);
    }
    case MDD_PARAM_TYPE_MATCHING_REQUEST_PARAM: {
        mdd_matching_request_param m = {
            uds_param_view_data(v, MDD_PARAM_SPECIFIC_DATA_MATCHING_REQUEST_PARAM)};
        return matching_request(w, p, m, pos, next);
    }
    case MDD_PARAM_TYPE_TABLE_KEY: return uds_decode_table_key(w, p, pos, next);
    case MDD_PARAM_TYPE_TABLE_STRUCT: return uds_decode_table_struct(w, p, pos, next);
    case MDD_PARAM_TYPE_TABLE_ENTRY: return unsupported(w, pos.byte, "TABLE_ENTRY");
    case MDD_PARAM_TYPE_DYNAMIC: return unsupported(w, pos.byte, "DYNAMIC");
    default: break;
    }
    return uds_fail(w, MDD_ERR_FORMAT, pos.byte, "unknown parameter kind %u", (unsigned)v->type);
}

mdd_status uds_decode_params(uds_walk *w, mdd_param_vec params, size_t origin, size_t *cursor)
{
    for (uint32_t i = 0; i < mdd_param_vec_count(params); i++) {
        const uds_matched *m;
        uds_param_view read;
        const uds_param_view *v = uds_matched_view(w, params, i, &read, &m);
        uds_pos pos = uds_param_start(w, v, origin, *cursor);
        mdd_status st = uds_path_push(w, uds_param_view_name(v));
        if (st != MDD_OK)
            return st;
        if (m && m->has_read)
            st = planned_value(w, v->param, &m->read, pos, cursor);
        else if (m && m->pos.byte == pos.byte && m->pos.bit == pos.bit)
            st = uds_decode_kept(w, v->param, m, cursor);
        else
            st = uds_decode_param(w, v, pos, cursor);
        if (st != MDD_OK)
            return st;
        uds_path_pop(w);
    }
    return MDD_OK;
}
