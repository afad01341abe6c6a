/* SPDX-License-Identifier: Apache-2.0 */
/* mdd_uds_layout(): a message's parameters walked as the decoder walks them (docs/codec.md,
 * "Positions"), without a message: a position is known from the message's start until a
 * value whose length the message decides, and from that value's end (its ordinal, the
 * anchor) after it. Every MUX case and table row is walked, each field's first item. */
#include "describe.h"

#include <string.h>

/* A position: off bytes after the message's start (anchor -1) or after the end of the item
 * numbered anchor. */
typedef struct lay_pos {
    int64_t anchor;
    size_t off;
} lay_pos;

typedef struct layout_walk {
    uds_walk w;
    const mdd_uds_layout_visitor *visitor;
    uint32_t ordinal;
    uint32_t conditional; /* how many conditional composites the walk is inside */
} layout_walk;

static mdd_status layout_params(layout_walk *l, mdd_param_vec params, lay_pos origin,
                                lay_pos *cursor);
static mdd_status layout_dop(layout_walk *l, mdd_dop dop, mdd_param param, lay_pos pos,
                             uint8_t bit, lay_pos *next);

static mdd_uds_layout_item item_of(mdd_uds_kind kind, mdd_param param, uint8_t bit)
{
    mdd_uds_layout_item it;
    memset(&it, 0, sizeof it);
    it.kind = kind;
    it.param = param;
    it.param_type = param.t.pos ? mdd_param_param_type(param) : 0;
    it.compu_category = -1;
    it.bit = bit;
    return it;
}

/* Where an item ends: its start and length, or, for a variable one, its own end. */
static lay_pos end_of(const mdd_uds_layout_item *it)
{
    lay_pos p = {it->anchor, it->byte + it->byte_count};
    if (it->variable) {
        p.anchor = it->ordinal;
        p.off = 0;
    }
    return p;
}

static mdd_status emit(layout_walk *l, mdd_uds_layout_item *it, lay_pos at)
{
    mdd_status st = uds_count_value(&l->w, at.off);
    if (st != MDD_OK)
        return st;
    it->path = l->w.path;
    it->depth = l->w.path_len;
    it->ordinal = l->ordinal++;
    it->anchor = at.anchor;
    it->byte = at.off;
    it->conditional = l->conditional > 0;
    return l->visitor ? l->visitor->visit(l->visitor->ctx, it, l->w.err) : MDD_OK;
}

/* A scalar item; *next after it. */
static mdd_status scalar(layout_walk *l, mdd_uds_layout_item *it, lay_pos pos, lay_pos *next)
{
    mdd_status st = emit(l, it, pos);
    if (st == MDD_OK)
        *next = end_of(it);
    return st;
}

/* A value read with a coded type dct (a constant: constant is its value). */
static mdd_status coded(layout_walk *l, mdd_param p, mdd_diag_coded_type dct, mdd_bytes constant,
                        lay_pos pos, uint8_t bit, lay_pos *next)
{
    mdd_uds_layout_item it = item_of(MDD_UDS_UINT, p, bit);
    uds_length_of(dct, &it);
    it.kind = uds_kind_of_type(it.coded_type);
    it.constant = constant;
    return scalar(l, &it, pos, next);
}

/* Bits without a coded type: unsigned up to 64 bits, bytes beyond. */
static mdd_status raw(layout_walk *l, mdd_param p, uint32_t bits, lay_pos pos, uint8_t bit,
                      lay_pos *next)
{
    mdd_uds_layout_item it = item_of(bits > 64 ? MDD_UDS_BYTES : MDD_UDS_UINT, p, bit);
    it.rule = MDD_UDS_LENGTH_FIXED;
    it.bit_length = bits;
    it.coded_type = bits > 64 ? MDD_DATA_TYPE_A_BYTEFIELD : MDD_DATA_TYPE_A_UINT_32;
    it.byte_count = ((size_t)bit + bits + 7u) / 8u;
    return scalar(l, &it, pos, next);
}

/* A value through a NormalDOP or a DTC DOP. */
static mdd_status through(layout_walk *l, mdd_dop dop, mdd_param p, mdd_bytes constant,
                          lay_pos pos, uint8_t bit, lay_pos *next)
{
    mdd_uds_layout_item it = item_of(MDD_UDS_DTC, p, bit);
    mdd_compu_method cm;
    if (mdd_dop_specific_data_type(dop) == MDD_SPECIFIC_DOP_DATA_DTC_DOP) {
        mdd_dtc_dop d = mdd_dop_dtc_dop(dop);
        uds_length_of(mdd_dtc_dop_diag_coded_type(d), &it);
        cm = mdd_dtc_dop_compu_method(d);
    } else {
        mdd_normal_dop n = mdd_dop_normal_dop(dop);
        uds_length_of(mdd_normal_dop_diag_coded_type(n), &it);
        it.kind = uds_normal_kind(n);
        cm = mdd_normal_dop_compu_method(n);
    }
    it.dop = dop;
    it.constant = constant;
    it.compu_category = cm.t.pos ? mdd_compu_method_category(cm) : -1;
    return scalar(l, &it, pos, next);
}

/* The BEGIN item of a composite. */
static mdd_uds_layout_item composite(mdd_uds_kind kind, mdd_param p, mdd_dop dop)
{
    mdd_uds_layout_item it = item_of(kind, p, 0);
    it.dop = dop;
    it.rule = kind == MDD_UDS_ARRAY_BEGIN ? MDD_UDS_LENGTH_ITEMS : MDD_UDS_LENGTH_MEMBERS;
    return it;
}

/* Reports the BEGIN item it at pos and enters it; the caller walks its members, then end(). */
static mdd_status open_item(layout_walk *l, mdd_uds_layout_item *it, lay_pos pos)
{
    mdd_status st = uds_enter(&l->w, pos.off);
    return st == MDD_OK ? emit(l, it, pos) : st;
}

/* composite() and open_item(). */
static mdd_status begin(layout_walk *l, mdd_uds_kind kind, mdd_param p, mdd_dop dop,
                        mdd_uds_layout_item *it, lay_pos pos)
{
    *it = composite(kind, p, dop);
    return open_item(l, it, pos);
}

/* The END of the composite begun at pos, which ends at end when it is on the same anchor
 * (else its extent depends on the message). */
static mdd_status end(layout_walk *l, mdd_uds_layout_item *it, lay_pos pos, const lay_pos *at,
                      lay_pos *next)
{
    uds_leave(&l->w);
    it->kind = it->kind == MDD_UDS_ARRAY_BEGIN ? MDD_UDS_ARRAY_END : MDD_UDS_OBJECT_END;
    it->variable = !at || at->anchor != pos.anchor || at->off < pos.off;
    it->byte_count = it->variable ? 0 : at->off - pos.off;
    return scalar(l, it, pos, next);
}

static mdd_status structure(layout_walk *l, mdd_dop dop, mdd_param p, lay_pos pos,
                            lay_pos *next)
{
    mdd_uds_layout_item it;
    mdd_structure s = mdd_dop_structure(dop);
    mdd_status st = begin(l, MDD_UDS_OBJECT_BEGIN, p, dop, &it, pos);
    lay_pos cursor = pos;
    uint32_t mark = uds_keys_mark(&l->w);
    if (st == MDD_OK)
        st = layout_params(l, mdd_structure_params(s), pos, &cursor);
    uds_keys_restore(&l->w, mark);
    if (st != MDD_OK)
        return st;
    uint32_t size;
    if (mdd_structure_byte_size(s, &size)) {
        cursor = pos;
        cursor.off += size;
    }
    return end(l, &it, pos, &cursor, next);
}

/* What a case, a row or an item holds, named (or indexed, name.ptr NULL) and conditional. */
static mdd_status part(layout_walk *l, mdd_bytes name, uint32_t index, int conditional,
                       mdd_dop dop, lay_pos pos, lay_pos *next)
{
    mdd_status st = name.ptr ? uds_path_push(&l->w, name) : uds_path_push_index(&l->w, index);
    if (st != MDD_OK)
        return st;
    l->conditional += conditional ? 1u : 0u;
    mdd_param none = uds_no_param();
    if (!dop.t.pos) {
        /* A case or row without a structure: an empty object. */
        mdd_uds_layout_item it;
        st = begin(l, MDD_UDS_OBJECT_BEGIN, none, dop, &it, pos);
        if (st == MDD_OK)
            st = end(l, &it, pos, &pos, next);
    } else {
        st = layout_dop(l, dop, none, pos, 0, next);
    }
    l->conditional -= conditional ? 1u : 0u;
    if (st == MDD_OK)
        uds_path_pop(&l->w);
    return st;
}

static mdd_status field(layout_walk *l, mdd_dop dop, mdd_param p, lay_pos pos, lay_pos *next)
{
    mdd_field f;
    lay_pos items = pos, after;
    uint32_t n = 0, bound = 0;
    uint8_t kind = mdd_dop_specific_data_type(dop);
    mdd_uds_layout_item it = composite(MDD_UDS_ARRAY_BEGIN, p, dop);
    if (kind == MDD_SPECIFIC_DOP_DATA_STATIC_FIELD) {
        mdd_static_field s = mdd_dop_static_field(dop);
        f = mdd_static_field_field(s);
        n = mdd_static_field_fixed_number_of_items(s);
        it.min_bytes = it.max_bytes = n;
        after = pos;
        after.off += (size_t)n * mdd_static_field_item_byte_size(s);
    } else if (kind == MDD_SPECIFIC_DOP_DATA_DYNAMIC_LENGTH_FIELD) {
        mdd_dynamic_length_field d = mdd_dop_dynamic_length_field(dop);
        f = mdd_dynamic_length_field_field(d);
        it.count_byte = mdd_determine_number_of_items_byte_position(
            mdd_dynamic_length_field_determine_number_of_items(d));
        items.off += mdd_dynamic_length_field_offset(d);
    } else {
        mdd_end_of_pdu_field e = mdd_dop_end_of_pdu_field(dop);
        f = mdd_end_of_pdu_field_field(e);
        if (mdd_end_of_pdu_field_min_number_of_items(e, &bound))
            it.min_bytes = bound;
        if (mdd_end_of_pdu_field_max_number_of_items(e, &bound))
            it.max_bytes = bound;
    }
    lay_pos item_end;
    mdd_dop item = uds_field_item_dop(f);
    mdd_status st = open_item(l, &it, pos);
    if (st == MDD_OK && !item.t.pos)
        st = uds_fail(&l->w, MDD_ERR_FORMAT, pos.off, "the field has no item structure");
    if (st == MDD_OK)
        st = part(l, (mdd_bytes){NULL, 0}, 0, n == 0, item, items, &item_end);
    if (st != MDD_OK)
        return st;
    return end(l, &it, pos, kind == MDD_SPECIFIC_DOP_DATA_STATIC_FIELD ? &after : NULL, next);
}

static mdd_status mux(layout_walk *l, mdd_dop dop, mdd_param p, lay_pos pos, lay_pos *next)
{
    static const char selector[] = "Selector";
    mdd_uds_layout_item it;
    mdd_mux_dop m = mdd_dop_mux_dop(dop);
    mdd_switch_key key = mdd_mux_dop_switch_key(m);
    uint32_t bit = 0;
    mdd_switch_key_bit_position(key, &bit);
    lay_pos key_pos = {pos.anchor, pos.off + mdd_switch_key_byte_position(key)}, after;
    lay_pos cases = {pos.anchor, pos.off + mdd_mux_dop_byte_position(m)};
    mdd_status st = begin(l, MDD_UDS_OBJECT_BEGIN, p, dop, &it, pos);
    if (st == MDD_OK)
        st = uds_path_push(&l->w, (mdd_bytes){(const uint8_t *)selector, sizeof selector - 1});
    if (st == MDD_OK)
        st = through(l, mdd_switch_key_dop(key), uds_no_param(), (mdd_bytes){NULL, 0}, key_pos,
                     (uint8_t)(bit & 7u), &after);
    if (st != MDD_OK)
        return st;
    uds_path_pop(&l->w);
    mdd_case_vec cs = mdd_mux_dop_cases(m);
    for (uint32_t i = 0; i < mdd_case_vec_count(cs) && st == MDD_OK; i++) {
        mdd_case c = mdd_case_vec_at(cs, i);
        st = part(l, uds_case_name(c), 0, 1, mdd_case_structure(c), cases, &after);
    }
    mdd_default_case d = mdd_mux_dop_default_case(m);
    if (st == MDD_OK && d.t.pos)
        st = part(l, uds_default_case_name(d), 0, 1, mdd_default_case_structure(d), cases,
                  &after);
    return st == MDD_OK ? end(l, &it, pos, NULL, next) : st;
}

/* Environment data: the data for every code, then each code's, after it. */
static mdd_status env_data(layout_walk *l, mdd_dop dop, mdd_param p, lay_pos pos, lay_pos *next)
{
    mdd_uds_layout_item it;
    mdd_dop_vec envs = mdd_env_data_desc_env_datas(mdd_dop_env_data_desc(dop));
    mdd_status st = begin(l, MDD_UDS_OBJECT_BEGIN, p, dop, &it, pos);
    lay_pos after_all = pos;
    for (int all = 1; all >= 0 && st == MDD_OK; all--) {
        for (uint32_t i = 0; i < mdd_dop_vec_count(envs) && st == MDD_OK; i++) {
            mdd_env_data e = mdd_dop_env_data(mdd_dop_vec_at(envs, i));
            if (!e.t.pos || (mdd_u32_vec_count(mdd_env_data_dtc_values(e)) == 0) != all)
                continue;
            lay_pos origin = all ? pos : after_all, cursor = origin;
            l->conditional++;
            st = layout_params(l, mdd_env_data_params(e), origin, &cursor);
            l->conditional--;
            if (all)
                after_all = cursor;
        }
    }
    return st == MDD_OK ? end(l, &it, pos, NULL, next) : st;
}

static mdd_status layout_dop(layout_walk *l, mdd_dop dop, mdd_param param, lay_pos pos,
                             uint8_t bit, lay_pos *next)
{
    if (!dop.t.pos)
        return uds_fail(&l->w, MDD_ERR_FORMAT, pos.off, "the parameter has no DOP");
    switch (mdd_dop_specific_data_type(dop)) {
    case MDD_SPECIFIC_DOP_DATA_NORMAL_DOP:
    case MDD_SPECIFIC_DOP_DATA_DTC_DOP:
        return through(l, dop, param, (mdd_bytes){NULL, 0}, pos, bit, next);
    case MDD_SPECIFIC_DOP_DATA_STRUCTURE: return structure(l, dop, param, pos, next);
    case MDD_SPECIFIC_DOP_DATA_STATIC_FIELD:
    case MDD_SPECIFIC_DOP_DATA_DYNAMIC_LENGTH_FIELD:
    case MDD_SPECIFIC_DOP_DATA_END_OF_PDU_FIELD: return field(l, dop, param, pos, next);
    case MDD_SPECIFIC_DOP_DATA_MUX_DOP: return mux(l, dop, param, pos, next);
    case MDD_SPECIFIC_DOP_DATA_ENV_DATA_DESC: return env_data(l, dop, param, pos, next);
    default: break;
    }
    mdd_bytes name = mdd_dop_short_name(dop);
    return uds_fail(&l->w, MDD_ERR_UNSUPPORTED, pos.off, "DOP '%.*s' of kind %u cannot be decoded",
                    (int)name.len, name.ptr ? (const char *)name.ptr : "",
                    (unsigned)mdd_dop_specific_data_type(dop));
}

/* A TABLE_KEY: a row it names (no bytes, its key as text), or its table's key DOP. */
static mdd_status table_key(layout_walk *l, mdd_param p, lay_pos pos, uint8_t bit, lay_pos *next)
{
    mdd_table_key tk = mdd_param_table_key(p);
    uds_key_record(&l->w, p, 0, 0);
    if (mdd_table_key_table_key_reference_type(tk) == MDD_TABLE_KEY_REFERENCE_TABLE_ROW) {
        mdd_uds_layout_item it = item_of(MDD_UDS_TEXT, p, bit);
        it.rule = MDD_UDS_LENGTH_FIXED;
        it.constant = mdd_table_row_key(mdd_table_key_table_row(tk));
        return scalar(l, &it, pos, next);
    }
    mdd_dop key = mdd_table_dop_key_dop(mdd_table_key_table_dop(tk));
    if (!key.t.pos)
        return uds_fail(&l->w, MDD_ERR_FORMAT, pos.off, "the table key names no table");
    return through(l, key, p, (mdd_bytes){NULL, 0}, pos, bit, next);
}

/* A TABLE_STRUCT: every row its key may choose, each conditional. */
static mdd_status table_struct(layout_walk *l, mdd_param p, lay_pos pos, lay_pos *next)
{
    mdd_uds_layout_item it;
    mdd_table_row one, row;
    mdd_table_row_vec rows = uds_struct_rows(&l->w, p, &one);
    mdd_dop none = {{NULL, 0, 0}};
    mdd_status st = begin(l, MDD_UDS_OBJECT_BEGIN, p, none, &it, pos);
    uint32_t n = one.t.pos ? 1 : mdd_table_row_vec_count(rows);
    lay_pos after;
    for (uint32_t i = 0; i < n && st == MDD_OK; i++) {
        row = one.t.pos ? one : mdd_table_row_vec_at(rows, i);
        mdd_dop d = mdd_table_row_structure(row);
        st = part(l, mdd_table_row_short_name(row), 0, 1, d.t.pos ? d : mdd_table_row_dop(row),
                  pos, &after);
    }
    return st == MDD_OK ? end(l, &it, pos, NULL, next) : st;
}

static mdd_status layout_param(layout_walk *l, const uds_param_view *v, lay_pos pos,
                               lay_pos *next)
{
    mdd_param p = v->param;
    mdd_bytes none = {NULL, 0};
    switch (v->type) {
    case MDD_PARAM_TYPE_CODED_CONST: {
        mdd_coded_const cc = mdd_param_coded_const(p);
        return coded(l, p, mdd_coded_const_diag_coded_type(cc), mdd_coded_const_coded_value(cc),
                     pos, v->bit, next);
    }
    case MDD_PARAM_TYPE_NRC_CONST: {
        mdd_nrc_const nc = mdd_param_nrc_const(p);
        mdd_string_vec values = mdd_nrc_const_coded_values(nc);
        return coded(l, p, mdd_nrc_const_diag_coded_type(nc),
                     mdd_string_vec_count(values) ? mdd_string_vec_at(values, 0) : none, pos,
                     v->bit, next);
    }
    case MDD_PARAM_TYPE_PHYS_CONST:
        return through(l, uds_param_dop(p), p,
                       mdd_phys_const_phys_constant_value(mdd_param_phys_const(p)), pos, v->bit,
                       next);
    case MDD_PARAM_TYPE_VALUE:
    case MDD_PARAM_TYPE_LENGTH_KEY:
    case MDD_PARAM_TYPE_SYSTEM: return layout_dop(l, uds_param_dop(p), p, pos, v->bit, next);
    case MDD_PARAM_TYPE_RESERVED:
        return raw(l, p, mdd_reserved_bit_length(mdd_param_reserved(p)), pos, v->bit, next);
    case MDD_PARAM_TYPE_MATCHING_REQUEST_PARAM:
        return raw(l, p,
                   8u * mdd_matching_request_param_byte_length(
                            mdd_param_matching_request_param(p)),
                   pos, 0, next);
    case MDD_PARAM_TYPE_TABLE_KEY: return table_key(l, p, pos, v->bit, next);
    case MDD_PARAM_TYPE_TABLE_STRUCT: return table_struct(l, p, pos, next);
    case MDD_PARAM_TYPE_TABLE_ENTRY:
    case MDD_PARAM_TYPE_DYNAMIC:
        return uds_fail(&l->w, MDD_ERR_UNSUPPORTED, pos.off, "parameter kind %s is not supported",
                        v->type == MDD_PARAM_TYPE_DYNAMIC ? "DYNAMIC" : "TABLE_ENTRY");
    default: break;
    }
    return uds_fail(&l->w, MDD_ERR_FORMAT, pos.off, "unknown parameter kind %u",
                    (unsigned)v->type);
}

static mdd_status layout_params(layout_walk *l, mdd_param_vec params, lay_pos origin,
                                lay_pos *cursor)
{
    for (uint32_t i = 0; i < mdd_param_vec_count(params); i++) {
        uds_param_view v = uds_param_view_at(params, i);
        lay_pos pos = *cursor;
        if (v.positioned)
            pos = (lay_pos){origin.anchor, origin.off + v.byte};
        else if (uds_param_at_origin(&l->w, &v))
            pos = origin;
        mdd_status st = uds_path_push(&l->w, uds_param_view_name(&v));
        if (st == MDD_OK)
            st = layout_param(l, &v, pos, cursor);
        if (st != MDD_OK)
            return st;
        uds_path_pop(&l->w);
    }
    return MDD_OK;
}

mdd_status mdd_uds_layout(const mdd_db_layer *layer, const mdd_db_service *service,
                          const mdd_uds_message *message, const mdd_uds_layout_visitor *visitor,
                          const mdd_uds_options *opts, mdd_error *err)
{
    if (!layer || !service)
        return mdd_fail(err, MDD_ERR_ARG, "mdd_uds_layout: no layer or service");
    layout_walk l;
    l.visitor = visitor;
    l.ordinal = 0;
    l.conditional = 0;
    mdd_param_vec params;
    mdd_status st = uds_walk_init(&l.w, layer, opts, err);
    if (st == MDD_OK)
        st = uds_message_params(&l.w, service->service, message, &params);
    lay_pos start = {-1, 0}, cursor = start;
    return st == MDD_OK ? layout_params(&l, params, start, &cursor) : st;
}
