/* SPDX-License-Identifier: Apache-2.0 */
/* Tables: a TABLE_KEY parameter chooses a row of a TableDop (by the key it reads, or a row it
 * names), a TABLE_STRUCT parameter decodes that row's structure as {"<row>": {...}}. Both
 * directions. */
#include "walk.h"

#include <string.h>

/* The DataType the table's row keys are parsed with: its key DOP's physical type. */
static uint8_t key_type(mdd_table_dop td)
{
    return uds_normal_physical_type(mdd_dop_normal_dop(mdd_table_dop_key_dop(td)));
}

/* The row whose key equals key: 1 and *row, 0 for none. */
static mdd_status row_by_key(uds_walk *w, mdd_table_dop td, const uds_scalar *key, size_t byte,
                             mdd_table_row *row, int *found)
{
    mdd_table_row_vec rows = mdd_table_dop_rows(td);
    *found = 0;
    for (uint32_t i = 0; i < mdd_table_row_vec_count(rows); i++) {
        mdd_table_row r = mdd_table_row_vec_at(rows, i);
        uds_scalar k;
        mdd_status st = uds_parse_const(w, mdd_table_row_key(r), key_type(td), byte, &k);
        if (st != MDD_OK)
            return st;
        if (uds_scalar_equal(key, &k)) {
            *row = r;
            *found = 1;
            return MDD_OK;
        }
    }
    return MDD_OK;
}

static void record(uds_walk *w, mdd_param param, const uds_scalar *key, mdd_table_row row)
{
    uint64_t u = 0;
    int has = key && uds_scalar_as_u64(key, &u);
    uds_key_record(w, param, has, u)->row = row;
}

/* A row named by the key itself, which reads no bytes: reported as its key text. */
static mdd_status row_reference(uds_walk *w, mdd_param param, mdd_table_row row, uds_pos pos,
                                size_t *next)
{
    uds_scalar v;
    memset(&v, 0, sizeof v);
    v.kind = MDD_UDS_TEXT;
    v.as.text.bytes = mdd_table_row_key(row);
    v.as.text.encoding = MDD_UDS_TEXT_UTF8;
    record(w, param, NULL, row);
    *next = pos.byte;
    return uds_emit_scalar(w, param, &v, pos.byte, pos.byte);
}

mdd_status uds_decode_table_key(uds_walk *w, mdd_param param, uds_pos pos, size_t *next)
{
    mdd_table_key tk = mdd_param_table_key(param);
    if (mdd_table_key_table_key_reference_type(tk) == MDD_TABLE_KEY_REFERENCE_TABLE_ROW)
        return row_reference(w, param, mdd_table_key_table_row(tk), pos, next);
    mdd_table_dop td = mdd_table_key_table_dop(tk);
    if (!td.t.pos)
        return uds_fail(w, MDD_ERR_FORMAT, pos.byte, "the table key names no table");
    uds_scalar key;
    mdd_table_row row;
    int found;
    mdd_status st = uds_read_physical(w, mdd_table_dop_key_dop(td), pos, &key, next);
    if (st == MDD_OK)
        st = row_by_key(w, td, &key, pos.byte, &row, &found);
    if (st != MDD_OK)
        return st;
    if (!found)
        return uds_fail(w, MDD_ERR_FORMAT, pos.byte, "no row of the table has this key");
    record(w, param, &key, row);
    return uds_emit_scalar(w, param, &key, pos.byte, *next);
}

/* The row the TABLE_STRUCT's key chose. */
static mdd_status chosen_row(uds_walk *w, mdd_param param, size_t byte, mdd_table_row *row)
{
    mdd_param key = mdd_table_struct_table_key(mdd_param_table_struct(param));
    uds_key *k = uds_key_find(w, key);
    if (!k || !k->row.t.pos) {
        mdd_bytes name = mdd_param_short_name(key);
        return uds_fail(w, MDD_ERR_FORMAT, byte, "its table key '%.*s' chose no row before it",
                        (int)name.len, name.ptr ? (const char *)name.ptr : "");
    }
    *row = k->row;
    return MDD_OK;
}

static mdd_status decode_row(uds_walk *w, mdd_table_row row, uds_pos pos, size_t *next)
{
    mdd_param none = uds_no_param();
    mdd_dop structure = mdd_table_row_structure(row);
    if (structure.t.pos)
        return uds_decode_structure(w, structure, none, pos.byte, next);
    if (mdd_table_row_dop(row).t.pos)
        return uds_decode_dop(w, mdd_table_row_dop(row), none, pos, next);
    *next = pos.byte;
    mdd_status st = uds_emit_mark(w, MDD_UDS_OBJECT_BEGIN, none, pos.byte, pos.byte);
    return st == MDD_OK ? uds_emit_mark(w, MDD_UDS_OBJECT_END, none, pos.byte, pos.byte) : st;
}

mdd_status uds_decode_table_struct(uds_walk *w, mdd_param param, uds_pos pos, size_t *next)
{
    mdd_table_row row;
    mdd_status st = chosen_row(w, param, pos.byte, &row);
    if (st == MDD_OK)
        st = uds_enter(w, pos.byte);
    if (st == MDD_OK)
        st = uds_emit_mark(w, MDD_UDS_OBJECT_BEGIN, param, pos.byte, pos.byte);
    if (st == MDD_OK)
        st = uds_path_push(w, mdd_table_row_short_name(row));
    if (st == MDD_OK)
        st = decode_row(w, row, pos, next);
    if (st != MDD_OK)
        return st;
    uds_path_pop(w);
    uds_leave(w);
    return uds_emit_mark(w, MDD_UDS_OBJECT_END, param, pos.byte, *next);
}

/* ---- Encoding ---- */

static int names_row(mdd_table_row row, uds_json text)
{
    mdd_bytes n = mdd_table_row_short_name(row);
    /* text is a JSON string with its quotes. */
    return n.ptr && text.len == n.len + 2 && memcmp(n.ptr, text.ptr + 1, n.len) == 0;
}

/* The row a given key value chooses: a row short name (a string that is no key), else the
 * key through the key DOP's type. */
static mdd_status given_row(uds_walk *w, mdd_table_dop td, uds_json value, size_t byte,
                            uds_scalar *key, mdd_table_row *row)
{
    mdd_table_row_vec rows = mdd_table_dop_rows(td);
    if (uds_json_type_of(value) == UDS_JSON_STRING)
        for (uint32_t i = 0; i < mdd_table_row_vec_count(rows); i++)
            if (names_row(mdd_table_row_vec_at(rows, i), value)) {
                *row = mdd_table_row_vec_at(rows, i);
                return uds_parse_const(w, mdd_table_row_key(*row), key_type(td), byte, key);
            }
    int found;
    mdd_status st = uds_json_physical(w, value, key_type(td), key);
    if (st == MDD_OK)
        st = row_by_key(w, td, key, byte, row, &found);
    if (st == MDD_OK && !found)
        return uds_fail(w, MDD_ERR_ARG, byte, "no row of the table has this key");
    return st;
}

mdd_status uds_encode_table_key(uds_walk *w, mdd_param param, uds_json value, uds_pos pos,
                                int last, size_t *next)
{
    mdd_table_key tk = mdd_param_table_key(param);
    if (mdd_table_key_table_key_reference_type(tk) == MDD_TABLE_KEY_REFERENCE_TABLE_ROW) {
        record(w, param, NULL, mdd_table_key_table_row(tk));
        *next = pos.byte;
        return MDD_OK;
    }
    mdd_table_dop td = mdd_table_key_table_dop(tk);
    if (uds_json_absent(value))
        return uds_fail(w, MDD_ERR_ARG, pos.byte, "no value given");
    uds_scalar key;
    mdd_table_row row;
    mdd_status st = given_row(w, td, value, pos.byte, &key, &row);
    if (st == MDD_OK)
        st = uds_write_physical(w, mdd_table_dop_key_dop(td), pos, &key, last, 0, next);
    if (st == MDD_OK)
        record(w, param, &key, row);
    return st;
}

mdd_status uds_encode_table_struct(uds_walk *w, mdd_param param, uds_json value, uds_pos pos,
                                   int last, size_t *next)
{
    mdd_table_row row;
    uds_json row_value = {NULL, 0};
    mdd_status st = chosen_row(w, param, pos.byte, &row);
    if (st == MDD_OK && !uds_json_absent(value)) {
        st = uds_expect_object(w, value);
        uds_json_iter it = {0};
        uds_json key;
        while (st == MDD_OK && uds_json_next(value, &it, &key, &row_value)) {
            mdd_bytes n = mdd_table_row_short_name(row);
            if (!n.ptr || n.len != key.len || memcmp(n.ptr, key.ptr, key.len) != 0)
                st = uds_fail(w, MDD_ERR_ARG, pos.byte, "'%.*s' is not the row its key chose",
                              (int)key.len, key.ptr);
        }
    }
    if (st == MDD_OK)
        st = uds_enter(w, pos.byte);
    if (st == MDD_OK)
        st = uds_path_push(w, mdd_table_row_short_name(row));
    if (st != MDD_OK)
        return st;
    mdd_param none = uds_no_param();
    if (mdd_table_row_structure(row).t.pos)
        st = uds_encode_structure(w, mdd_table_row_structure(row), row_value, pos.byte, last,
                                  next);
    else if (mdd_table_row_dop(row).t.pos)
        st = uds_encode_dop(w, mdd_table_row_dop(row), none, row_value, pos, last, next);
    else
        *next = pos.byte;
    if (st != MDD_OK)
        return st;
    uds_path_pop(w);
    uds_leave(w);
    return MDD_OK;
}
