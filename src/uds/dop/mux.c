/* SPDX-License-Identifier: Apache-2.0 */
/* MUX DOPs: a switch key chooses a case (by its limits, else the default case) whose
 * structure follows. Reported as an object {"Selector": key, "<case structure name>": {..}}
 * (docs/adr/0021-uds-messages.md), in both directions. */
#include "walk.h"

#include <string.h>

static const char selector_name[] = "Selector";

static mdd_bytes selector(void)
{
    mdd_bytes b = {(const uint8_t *)selector_name, sizeof selector_name - 1};
    return b;
}

static uds_pos key_pos(mdd_switch_key key, size_t start)
{
    uint32_t bit = 0;
    mdd_switch_key_bit_position(key, &bit);
    uds_pos pos = {start + mdd_switch_key_byte_position(key), (uint8_t)(bit & 7u)};
    return pos;
}

/* The DataType the key's limits are parsed with: the switch key's physical type. */
static uint8_t key_type(mdd_switch_key key)
{
    return uds_normal_physical_type(mdd_dop_normal_dop(mdd_switch_key_dop(key)));
}

mdd_bytes uds_case_name(mdd_case c)
{
    mdd_bytes n = mdd_dop_short_name(mdd_case_structure(c));
    return n.ptr && n.len ? n : mdd_case_short_name(c);
}

mdd_bytes uds_default_case_name(mdd_default_case d)
{
    mdd_bytes n = mdd_dop_short_name(mdd_default_case_structure(d));
    return n.ptr && n.len ? n : mdd_default_case_short_name(d);
}

/* The case whose limits hold key: its index, or count for the default case; -1 when there
 * is neither. */
static mdd_status choose_case(uds_walk *w, mdd_mux_dop mux, const uds_scalar *key, size_t byte,
                              int64_t *chosen)
{
    mdd_case_vec cases = mdd_mux_dop_cases(mux);
    uint8_t type = key_type(mdd_mux_dop_switch_key(mux));
    for (uint32_t i = 0; i < mdd_case_vec_count(cases); i++) {
        mdd_case c = mdd_case_vec_at(cases, i);
        int inside;
        mdd_status st = uds_within_limits(w, key, mdd_case_lower_limit(c),
                                          mdd_case_upper_limit(c), type, byte, &inside);
        if (st != MDD_OK)
            return st;
        if (inside) {
            *chosen = i;
            return MDD_OK;
        }
    }
    *chosen = mdd_mux_dop_default_case(mux).t.pos ? (int64_t)mdd_case_vec_count(cases) : -1;
    return MDD_OK;
}

/* The chosen case's structure (absent for none) and name. */
static void case_at(mdd_mux_dop mux, int64_t chosen, mdd_dop *structure, mdd_bytes *name)
{
    mdd_case_vec cases = mdd_mux_dop_cases(mux);
    if (chosen < (int64_t)mdd_case_vec_count(cases)) {
        mdd_case c = mdd_case_vec_at(cases, (uint32_t)chosen);
        *structure = mdd_case_structure(c);
        *name = uds_case_name(c);
    } else {
        *structure = mdd_default_case_structure(mdd_mux_dop_default_case(mux));
        *name = uds_default_case_name(mdd_mux_dop_default_case(mux));
    }
}

/* Decodes the key and reports it as "Selector". */
static mdd_status decode_key(uds_walk *w, mdd_switch_key key, size_t start, uds_scalar *v,
                             size_t *end)
{
    uds_pos pos = key_pos(key, start);
    mdd_param none = uds_no_param();
    mdd_status st = uds_read_physical(w, mdd_switch_key_dop(key), pos, v, end);
    if (st == MDD_OK)
        st = uds_path_push(w, selector());
    if (st == MDD_OK)
        st = uds_emit_scalar(w, none, v, pos.byte, *end);
    if (st == MDD_OK)
        uds_path_pop(w);
    return st;
}

static mdd_status decode_case(uds_walk *w, mdd_dop structure, mdd_bytes name, size_t start,
                              size_t *next)
{
    mdd_param none = uds_no_param();
    mdd_status st = uds_path_push(w, name);
    if (st == MDD_OK)
        st = uds_decode_structure(w, structure, none, start, next);
    if (st == MDD_OK)
        uds_path_pop(w);
    return st;
}

mdd_status uds_decode_mux(uds_walk *w, mdd_mux_dop mux, mdd_param param, size_t start,
                          size_t *next)
{
    mdd_status st = uds_enter(w, start);
    if (st == MDD_OK)
        st = uds_emit_mark(w, MDD_UDS_OBJECT_BEGIN, param, start, start);
    uds_scalar key;
    size_t end = start;
    if (st == MDD_OK)
        st = decode_key(w, mdd_mux_dop_switch_key(mux), start, &key, &end);
    int64_t chosen = -1;
    if (st == MDD_OK)
        st = choose_case(w, mux, &key, start, &chosen);
    if (st != MDD_OK)
        return st;
    if (chosen < 0)
        return uds_fail(w, MDD_ERR_FORMAT, start, "no case of the MUX takes its switch key");
    mdd_dop structure;
    mdd_bytes name;
    case_at(mux, chosen, &structure, &name);
    if (structure.t.pos) {
        size_t case_end;
        st = decode_case(w, structure, name, start + mdd_mux_dop_byte_position(mux), &case_end);
        if (st != MDD_OK)
            return st;
        if (case_end > end)
            end = case_end;
    }
    uds_leave(w);
    *next = end;
    return uds_emit_mark(w, MDD_UDS_OBJECT_END, param, start, end);
}

/* ---- Encoding ---- */

static int same_text(mdd_bytes a, uds_json key)
{
    return a.ptr && a.len == key.len && memcmp(a.ptr, key.ptr, key.len) == 0;
}

/* The case a JSON member names (by structure or case short name): its index, count for the
 * default case, -1 for none. */
static int64_t case_named(mdd_mux_dop mux, uds_json key)
{
    mdd_case_vec cases = mdd_mux_dop_cases(mux);
    for (uint32_t i = 0; i < mdd_case_vec_count(cases); i++) {
        mdd_case c = mdd_case_vec_at(cases, i);
        if (same_text(uds_case_name(c), key) || same_text(mdd_case_short_name(c), key))
            return i;
    }
    mdd_default_case d = mdd_mux_dop_default_case(mux);
    if (d.t.pos && (same_text(uds_default_case_name(d), key) ||
                    same_text(mdd_default_case_short_name(d), key)))
        return mdd_case_vec_count(cases);
    return -1;
}

/* Finds the case the object names, and its value: *chosen -1 when it names none. */
static mdd_status named_case(uds_walk *w, mdd_mux_dop mux, uds_json obj, size_t byte,
                             int64_t *chosen, uds_json *value)
{
    uds_json_iter it = {0};
    uds_json key, v;
    *chosen = -1;
    value->ptr = NULL;
    while (uds_json_next(obj, &it, &key, &v)) {
        if (same_text(selector(), key))
            continue;
        int64_t c = case_named(mux, key);
        if (c < 0)
            return uds_fail(w, MDD_ERR_ARG, byte, "'%.*s' names no case of the MUX",
                            (int)key.len, key.ptr);
        if (*chosen >= 0)
            return uds_fail(w, MDD_ERR_ARG, byte, "more than one case given");
        *chosen = c;
        *value = v;
    }
    return MDD_OK;
}

/* The key for a case given by name alone: its lower limit, else its upper one. */
static mdd_status key_of_case(uds_walk *w, mdd_mux_dop mux, int64_t chosen, size_t byte,
                              uds_scalar *key)
{
    mdd_case_vec cases = mdd_mux_dop_cases(mux);
    if (chosen >= (int64_t)mdd_case_vec_count(cases))
        return uds_fail(w, MDD_ERR_ARG, byte, "the default case needs a Selector");
    mdd_case c = mdd_case_vec_at(cases, (uint32_t)chosen);
    mdd_limit l = mdd_case_lower_limit(c);
    if (!mdd_limit_value(l).ptr)
        l = mdd_case_upper_limit(c);
    return uds_parse_const(w, mdd_limit_value(l), key_type(mdd_mux_dop_switch_key(mux)), byte,
                           key);
}

mdd_status uds_encode_mux(uds_walk *w, mdd_mux_dop mux, uds_json value, size_t start, int last,
                          size_t *next)
{
    mdd_switch_key sk = mdd_mux_dop_switch_key(mux);
    int64_t chosen, by_key;
    uds_json case_value, sel;
    uds_scalar key;
    mdd_status st = uds_json_absent(value) ? uds_fail(w, MDD_ERR_ARG, start, "no value given")
                                           : uds_expect_object(w, value);
    if (st == MDD_OK)
        st = uds_enter(w, start);
    if (st == MDD_OK)
        st = named_case(w, mux, value, start, &chosen, &case_value);
    if (st != MDD_OK)
        return st;
    if (uds_json_member(value, selector(), &sel)) {
        if ((st = uds_path_push(w, selector())) != MDD_OK ||
            (st = uds_json_physical(w, sel, key_type(sk), &key)) != MDD_OK ||
            (st = choose_case(w, mux, &key, start, &by_key)) != MDD_OK)
            return st;
        uds_path_pop(w);
        if (chosen >= 0 && by_key != chosen)
            return uds_fail(w, MDD_ERR_ARG, start, "the Selector chooses another case");
        chosen = by_key;
    } else if (chosen < 0) {
        return uds_fail(w, MDD_ERR_ARG, start, "neither a Selector nor a case given");
    } else if ((st = key_of_case(w, mux, chosen, start, &key)) != MDD_OK) {
        return st;
    }
    if (chosen < 0)
        return uds_fail(w, MDD_ERR_ARG, start, "no case of the MUX takes the Selector");
    size_t end;
    if ((st = uds_write_physical(w, mdd_switch_key_dop(sk), key_pos(sk, start), &key, 0, 0,
                                 &end)) != MDD_OK)
        return st;
    mdd_dop structure;
    mdd_bytes name;
    case_at(mux, chosen, &structure, &name);
    if (structure.t.pos) {
        size_t case_end;
        if ((st = uds_path_push(w, name)) != MDD_OK ||
            (st = uds_encode_structure(w, structure, case_value,
                                       start + mdd_mux_dop_byte_position(mux), last,
                                       &case_end)) != MDD_OK)
            return st;
        uds_path_pop(w);
        if (case_end > end)
            end = case_end;
    }
    uds_leave(w);
    *next = end;
    return MDD_OK;
}
