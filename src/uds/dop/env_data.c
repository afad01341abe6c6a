/* SPDX-License-Identifier: Apache-2.0 */
/* Environment data: an EnvDataDesc picks its EnvData by the value of an earlier parameter
 * (a trouble code): the one without dtc_values (ODX's ALL-VALUE) and then the one listing
 * the code, each a structure at the cursor, merged into one object (docs/adr/
 * 0021-uds-messages.md). Both directions. */
#include "walk.h"

/* Whether env lists code among its dtc_values (0 when it has none). */
static int lists_code(mdd_env_data env, uint64_t code)
{
    mdd_u32_vec values = mdd_env_data_dtc_values(env);
    for (uint32_t i = 0; i < mdd_u32_vec_count(values); i++)
        if (mdd_u32_vec_at(values, i) == code)
            return 1;
    return 0;
}

/* The EnvData for everything (first without dtc_values) and the one for code, either
 * absent. */
static void pick(mdd_env_data_desc desc, uint64_t code, mdd_env_data *all, mdd_env_data *one)
{
    mdd_dop_vec envs = mdd_env_data_desc_env_datas(desc);
    all->t.pos = 0;
    one->t.pos = 0;
    for (uint32_t i = 0; i < mdd_dop_vec_count(envs); i++) {
        mdd_env_data e = mdd_dop_env_data(mdd_dop_vec_at(envs, i));
        if (!e.t.pos)
            continue;
        if (!all->t.pos && mdd_u32_vec_count(mdd_env_data_dtc_values(e)) == 0)
            *all = e;
        else if (!one->t.pos && lists_code(e, code))
            *one = e;
    }
}

/* The value of the parameter the description follows. */
static mdd_status followed_code(uds_walk *w, mdd_env_data_desc desc, size_t byte,
                                uint64_t *code)
{
    mdd_bytes name = mdd_env_data_desc_param_short_name(desc);
    uds_key *k = uds_key_find_name(w, name);
    if (!k || !k->has_value)
        return uds_fail(w, MDD_ERR_FORMAT, byte,
                        "the environment data follows '%.*s', which has no value before it",
                        (int)name.len, name.ptr ? (const char *)name.ptr : "");
    *code = k->value;
    return MDD_OK;
}

mdd_status uds_decode_env_data_desc(uds_walk *w, mdd_env_data_desc desc, mdd_param param,
                                    size_t start, size_t *next)
{
    uint64_t code;
    mdd_env_data envs[2];
    mdd_status st = followed_code(w, desc, start, &code);
    if (st == MDD_OK)
        st = uds_enter(w, start);
    if (st == MDD_OK)
        st = uds_emit_mark(w, MDD_UDS_OBJECT_BEGIN, param, start, start);
    if (st != MDD_OK)
        return st;
    pick(desc, code, &envs[0], &envs[1]);
    uint32_t mark = uds_keys_mark(w);
    size_t cursor = start;
    for (int i = 0; i < 2 && st == MDD_OK; i++)
        if (envs[i].t.pos) {
            size_t origin = cursor;
            st = uds_decode_params(w, mdd_env_data_params(envs[i]), origin, &cursor);
        }
    uds_keys_restore(w, mark);
    if (st != MDD_OK)
        return st;
    uds_leave(w);
    *next = cursor;
    return uds_emit_mark(w, MDD_UDS_OBJECT_END, param, start, cursor);
}

mdd_status uds_encode_env_data_desc(uds_walk *w, mdd_env_data_desc desc, uds_json value,
                                    size_t start, int last, size_t *next)
{
    uint64_t code;
    mdd_env_data envs[2];
    mdd_status st = followed_code(w, desc, start, &code);
    if (st == MDD_OK && !uds_json_absent(value))
        st = uds_expect_object(w, value);
    if (st == MDD_OK)
        st = uds_enter(w, start);
    if (st != MDD_OK)
        return st;
    pick(desc, code, &envs[0], &envs[1]);
    mdd_param_vec lists[2] = {mdd_env_data_params(envs[0]), mdd_env_data_params(envs[1])};
    uint32_t mark = uds_keys_mark(w), used = 0;
    size_t cursor = start;
    for (int i = 0; i < 2 && st == MDD_OK; i++)
        if (envs[i].t.pos) {
            size_t origin = cursor;
            int ends = last && (i == 1 || !envs[1].t.pos);
            st = uds_encode_param_list(w, lists[i], value, origin, &cursor, ends, &used);
        }
    uds_keys_restore(w, mark);
    if (st == MDD_OK)
        st = uds_refuse_unknown(w, value, lists, 2, used, start);
    if (st != MDD_OK)
        return st;
    uds_leave(w);
    *next = cursor;
    return MDD_OK;
}
