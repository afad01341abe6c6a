/* SPDX-License-Identifier: Apache-2.0 */
/* Encoding parameters from a JSON object, each kind as docs/codec.md ("Encoding") says:
 * constants filled in (a given value must equal them), values given or defaulted, length
 * keys the caller left out written last, members that name no parameter refused. */
#include "walk.h"

#include <string.h>

static mdd_status need_value(uds_walk *w, size_t byte)
{
    return uds_fail(w, MDD_ERR_ARG, byte, "no value given");
}

/* Writes a constant coded value with dct, after checking a given one equals it. */
static mdd_status write_coded_const(uds_walk *w, mdd_param p, mdd_diag_coded_type dct,
                                    const uds_scalar *constant, uds_json value, uds_pos pos,
                                    int last, size_t *next)
{
    if (!uds_json_absent(value)) {
        uds_scalar given;
        mdd_status st = uds_json_physical(w, value, mdd_diag_coded_type_base_data_type(dct),
                                          &given);
        if (st != MDD_OK)
            return st;
        if (!uds_scalar_equal(&given, constant))
            return uds_fail(w, MDD_ERR_ARG, pos.byte, "the value given differs from the constant");
    }
    mdd_status st = uds_coded_write(dct, w->out, pos, constant, last, 0, next, w->err);
    if (st != MDD_OK)
        return uds_blame(w, st);
    uds_key_remember(w, p, constant);
    return uds_count_value(w, pos.byte);
}

static mdd_status coded_const(uds_walk *w, mdd_param p, uds_json value, uds_pos pos, int last,
                              size_t *next)
{
    mdd_coded_const cc = mdd_param_coded_const(p);
    mdd_diag_coded_type dct = mdd_coded_const_diag_coded_type(cc);
    uds_scalar c;
    mdd_status st = uds_parse_const(w, mdd_coded_const_coded_value(cc),
                                    mdd_diag_coded_type_base_data_type(dct), pos.byte, &c);
    return st == MDD_OK ? write_coded_const(w, p, dct, &c, value, pos, last, next) : st;
}

/* A given NRC must be one of the constant's values; none given fills in the first unless an
 * earlier parameter wrote those bytes (docs/adr/0021-uds-messages.md). */
static mdd_status nrc_const(uds_walk *w, mdd_param p, uds_json value, uds_pos pos, int last,
                            size_t *next)
{
    mdd_nrc_const nc = mdd_param_nrc_const(p);
    mdd_diag_coded_type dct = mdd_nrc_const_diag_coded_type(nc);
    uint8_t type = mdd_diag_coded_type_base_data_type(dct);
    mdd_string_vec values = mdd_nrc_const_coded_values(nc);
    uds_scalar c, given;
    mdd_status st;
    if (uds_json_absent(value)) {
        if ((st = uds_parse_const(w, mdd_string_vec_at(values, 0), type, pos.byte, &c)) != MDD_OK)
            return st;
        if (pos.byte >= w->out->len)
            return write_coded_const(w, p, dct, &c, value, pos, last, next);
        uds_out scratch = {NULL, 0, 0};
        st = uds_coded_write(dct, &scratch, pos, &c, last, 0, next, w->err);
        return st == MDD_OK ? MDD_OK : uds_blame(w, st);
    }
    if ((st = uds_json_physical(w, value, type, &given)) != MDD_OK)
        return st;
    for (uint32_t i = 0; i < mdd_string_vec_count(values); i++) {
        if ((st = uds_parse_const(w, mdd_string_vec_at(values, i), type, pos.byte, &c)) != MDD_OK)
            return st;
        if (uds_scalar_equal(&c, &given))
            return write_coded_const(w, p, dct, &c, value, pos, last, next);
    }
    return uds_fail(w, MDD_ERR_ARG, pos.byte, "the value given is none of the NRC constant's");
}

static mdd_status phys_const(uds_walk *w, mdd_param p, uds_json value, uds_pos pos, int last,
                             size_t *next)
{
    mdd_phys_const pc = mdd_param_phys_const(p);
    mdd_dop dop = mdd_phys_const_dop(pc);
    uint8_t type = uds_normal_physical_type(mdd_dop_normal_dop(dop));
    uds_scalar c, given;
    mdd_status st = uds_parse_const(w, mdd_phys_const_phys_constant_value(pc), type, pos.byte, &c);
    if (st == MDD_OK && !uds_json_absent(value)) {
        st = uds_json_physical(w, value, type, &given);
        if (st == MDD_OK && !uds_scalar_equal(&given, &c))
            return uds_fail(w, MDD_ERR_ARG, pos.byte, "the value given differs from the constant");
    }
    return st == MDD_OK ? uds_write_physical(w, dop, pos, &c, last, 0, next) : st;
}

/* A parameter a DOP encodes: the value given, else default_value (absent: none). */
static mdd_status through_dop(uds_walk *w, mdd_param p, mdd_dop dop, uds_json value,
                              mdd_bytes default_value, uds_pos pos, int last, size_t *next)
{
    if (mdd_dop_specific_data_type(dop) != MDD_SPECIFIC_DOP_DATA_NORMAL_DOP)
        return uds_encode_dop(w, dop, p, value, pos, last, next);
    uint8_t type = uds_normal_physical_type(mdd_dop_normal_dop(dop));
    uds_scalar v;
    mdd_status st;
    if (!uds_json_absent(value))
        st = uds_json_physical(w, value, type, &v);
    else if (default_value.ptr)
        st = uds_parse_const(w, default_value, type, pos.byte, &v);
    else
        return need_value(w, pos.byte);
    if (st == MDD_OK)
        st = uds_write_physical(w, dop, pos, &v, last, 0, next);
    if (st == MDD_OK)
        uds_key_remember(w, p, &v);
    return st;
}

/* A length key the caller left out: a placeholder now, its value once the parameter that
 * uses it is written (write_pending_keys()). */
static mdd_status length_key(uds_walk *w, mdd_param p, uds_json value, uds_pos pos, int last,
                             size_t *next)
{
    mdd_dop dop = mdd_length_key_ref_dop(mdd_param_length_key_ref(p));
    mdd_bytes none = {NULL, 0};
    if (!uds_json_absent(value))
        return through_dop(w, p, dop, value, none, pos, last, next);
    uds_scalar zero;
    memset(&zero, 0, sizeof zero);
    zero.kind = MDD_UDS_UINT;
    mdd_status st = uds_write_physical(w, dop, pos, &zero, last, 0, next);
    if (st != MDD_OK)
        return st;
    uds_key *k = uds_key_record(w, p, 0, 0);
    k->pending = 1;
    k->dop = dop;
    k->pos = pos;
    return MDD_OK;
}

static mdd_status reserved(uds_walk *w, mdd_param p, uds_json value, uds_pos pos, size_t *next)
{
    uint32_t bits = mdd_reserved_bit_length(mdd_param_reserved(p));
    uint64_t u = 0;
    if (!uds_json_absent(value) && bits <= 64) {
        uds_scalar v;
        mdd_status st = uds_json_physical(w, value, MDD_DATA_TYPE_A_UINT_32, &v);
        if (st != MDD_OK)
            return st;
        if (!uds_scalar_as_u64(&v, &u) || (bits < 64 && u >> bits))
            return uds_fail(w, MDD_ERR_ARG, pos.byte, "does not fit %u reserved bits",
                            (unsigned)bits);
    }
    if (bits > 64) {
        *next = pos.byte + ((size_t)pos.bit + bits + 7u) / 8u;
        uds_out_extend(w->out, *next);
    } else if (bits > 0) {
        mdd_status st = uds_raw_write(w, pos, bits, u, next);
        if (st != MDD_OK)
            return st;
    } else {
        *next = pos.byte;
    }
    return uds_count_value(w, pos.byte);
}

/* Repeats the request's bytes, else takes the value given (a number). */
static mdd_status matching_request(uds_walk *w, mdd_param p, uds_json value, uds_pos pos,
                                   size_t *next)
{
    mdd_matching_request_param m = mdd_param_matching_request_param(p);
    int32_t at = mdd_matching_request_param_request_byte_pos(m);
    uint32_t len = mdd_matching_request_param_byte_length(m);
    uds_pos whole = {pos.byte, 0};
    if (w->request.ptr) {
        if (at < 0 || (size_t)at > w->request.len || len > w->request.len - (size_t)at)
            return uds_fail(w, MDD_ERR_ARG, pos.byte, "the request has no %u bytes at byte %d",
                            (unsigned)len, (int)at);
        mdd_status st = MDD_OK;
        for (uint32_t i = 0; i < len && st == MDD_OK; i++) {
            uds_pos b = {pos.byte + i, 0};
            st = uds_raw_write(w, b, 8, w->request.ptr[(size_t)at + i], next);
        }
        return st == MDD_OK ? uds_count_value(w, pos.byte) : st;
    }
    if (uds_json_absent(value) || len == 0 || len > 8)
        return uds_fail(w, MDD_ERR_ARG, pos.byte,
                        "a matching-request parameter needs the request (or a number)");
    uds_scalar v;
    uint64_t u;
    mdd_status st = uds_json_physical(w, value, MDD_DATA_TYPE_A_UINT_32, &v);
    if (st != MDD_OK)
        return st;
    if (!uds_scalar_as_u64(&v, &u) || (len < 8 && u >> (8 * len)))
        return uds_fail(w, MDD_ERR_ARG, pos.byte, "does not fit %u bytes", (unsigned)len);
    st = uds_raw_write(w, whole, 8 * len, u, next);
    return st == MDD_OK ? uds_count_value(w, pos.byte) : st;
}

static mdd_status encode_param(uds_walk *w, mdd_param p, uds_json value, uds_pos pos, int last,
                               size_t *next)
{
    mdd_bytes none = {NULL, 0};
    switch (mdd_param_param_type(p)) {
    case MDD_PARAM_TYPE_CODED_CONST: return coded_const(w, p, value, pos, last, next);
    case MDD_PARAM_TYPE_NRC_CONST: return nrc_const(w, p, value, pos, last, next);
    case MDD_PARAM_TYPE_PHYS_CONST: return phys_const(w, p, value, pos, last, next);
    case MDD_PARAM_TYPE_VALUE: {
        mdd_value v = mdd_param_value(p);
        return through_dop(w, p, mdd_value_dop(v), value, mdd_value_physical_default_value(v),
                           pos, last, next);
    }
    case MDD_PARAM_TYPE_LENGTH_KEY: return length_key(w, p, value, pos, last, next);
    case MDD_PARAM_TYPE_SYSTEM:
        return through_dop(w, p, mdd_system_dop(mdd_param_system(p)), value, none, pos, last,
                           next);
    case MDD_PARAM_TYPE_RESERVED: return reserved(w, p, value, pos, next);
    case MDD_PARAM_TYPE_MATCHING_REQUEST_PARAM: return matching_request(w, p, value, pos, next);
    case MDD_PARAM_TYPE_TABLE_KEY: return uds_encode_table_key(w, p, value, pos, last, next);
    case MDD_PARAM_TYPE_TABLE_STRUCT: return uds_encode_table_struct(w, p, value, pos, last, next);
    case MDD_PARAM_TYPE_TABLE_ENTRY:
        return uds_fail(w, MDD_ERR_UNSUPPORTED, pos.byte,
                        "parameter kind TABLE_ENTRY is not supported");
    case MDD_PARAM_TYPE_DYNAMIC:
        return uds_fail(w, MDD_ERR_UNSUPPORTED, pos.byte, "parameter kind DYNAMIC is not supported");
    default: break;
    }
    return uds_fail(w, MDD_ERR_FORMAT, pos.byte, "unknown parameter kind %u",
                    (unsigned)mdd_param_param_type(p));
}

/* Writes the length keys recorded since mark that the caller left out. */
static mdd_status write_pending_keys(uds_walk *w, uint32_t mark)
{
    for (uint32_t i = mark; i < w->key_count; i++) {
        uds_key *k = &w->keys[i % UDS_KEYS_CAP];
        if (!k->pending)
            continue;
        mdd_bytes name = mdd_param_short_name(k->param);
        if (!k->has_value)
            return uds_fail(w, MDD_ERR_ARG, k->pos.byte,
                            "length key '%.*s': no parameter takes its length from it",
                            (int)name.len, name.ptr ? (const char *)name.ptr : "");
        uds_scalar v;
        memset(&v, 0, sizeof v);
        v.kind = MDD_UDS_UINT;
        v.as.u = k->value;
        size_t end;
        mdd_status st = uds_write_physical(w, k->dop, k->pos, &v, 0, 0, &end);
        if (st != MDD_OK)
            return st;
        k->pending = 0;
    }
    return MDD_OK;
}

mdd_status uds_encode_param_list(uds_walk *w, mdd_param_vec params, uds_json obj, size_t origin,
                                 size_t *cursor, int last, uint32_t *used)
{
    uint32_t count = mdd_param_vec_count(params);
    uint32_t mark = uds_keys_mark(w);
    for (uint32_t i = 0; i < count; i++) {
        uds_param_view view = uds_param_view_at(params, i);
        mdd_param p = view.param;
        mdd_bytes name = mdd_param_short_name(p);
        uds_json value = {NULL, 0};
        if (uds_json_absent(obj) || !name.ptr || !uds_json_member(obj, name, &value))
            value.ptr = NULL;
        else
            (*used)++;
        uds_pos pos = uds_param_start(w, &view, origin, *cursor);
        mdd_status st = uds_path_push(w, name);
        if (st == MDD_OK)
            st = encode_param(w, p, value, pos, last && i + 1 == count, cursor);
        if (st != MDD_OK)
            return st;
        uds_path_pop(w);
    }
    return write_pending_keys(w, mark);
}

static int names_param(mdd_param_vec params, uds_json key)
{
    for (uint32_t i = 0; i < mdd_param_vec_count(params); i++) {
        mdd_bytes n = mdd_param_short_name(mdd_param_vec_at(params, i));
        if (n.ptr && n.len == key.len && memcmp(n.ptr, key.ptr, key.len) == 0)
            return 1;
    }
    return 0;
}

/* The number of members of obj. */
static uint32_t member_count(uds_json obj)
{
    uds_json_iter it = {0};
    uds_json key, value;
    uint32_t n = 0;
    while (uds_json_next(obj, &it, &key, &value))
        n++;
    return n;
}

mdd_status uds_refuse_unknown(uds_walk *w, uds_json obj, const mdd_param_vec *lists,
                              uint32_t n, uint32_t used, size_t byte)
{
    /* Each param takes at most one member: all used means none is unknown, without
     * comparing every member with every param. */
    if (uds_json_absent(obj) || member_count(obj) == used)
        return MDD_OK;
    uds_json_iter it = {0};
    uds_json key, value;
    while (uds_json_next(obj, &it, &key, &value)) {
        int known = 0;
        for (uint32_t i = 0; i < n && !known; i++)
            known = names_param(lists[i], key);
        if (!known)
            return uds_fail(w, MDD_ERR_ARG, byte, "'%.*s' names no parameter here", (int)key.len,
                            key.ptr);
    }
    return MDD_OK;
}

mdd_status uds_encode_params(uds_walk *w, mdd_param_vec params, uds_json obj, size_t origin,
                             size_t *cursor, int last)
{
    uint32_t used = 0;
    mdd_status st = uds_encode_param_list(w, params, obj, origin, cursor, last, &used);
    return st == MDD_OK ? uds_refuse_unknown(w, obj, &params, 1, used, origin) : st;
}
