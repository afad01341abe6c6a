/* SPDX-License-Identifier: Apache-2.0 */
/* Parameters that later ones refer to: length keys (PARAM_LENGTH_INFO), table keys
 * (TABLE_STRUCT) and the trouble code an environment data description follows. A ring of
 * the newest UDS_KEYS_CAP, scoped by composite, so a long response cannot grow it. */
#include "walk.h"

#include <string.h>

uint32_t uds_keys_mark(const uds_walk *w) { return w->key_count; }

void uds_keys_restore(uds_walk *w, uint32_t mark) { w->key_count = mark; }

uds_key *uds_key_record(uds_walk *w, mdd_param param, int has_value, uint64_t value)
{
    uds_key *k = &w->keys[w->key_count % UDS_KEYS_CAP];
    /* Every decoded integer comes here: the name is looked up only when a key is searched
     * by name. */
    k->param = param;
    k->has_value = has_value;
    k->value = value;
    k->row.t.pos = 0;
    k->pending = 0;
    w->key_count++;
    if (w->key_count > w->key_high)
        w->key_high = w->key_count;
    return k;
}

/* The oldest slot index still holding what was written there: a composite that wrote more
 * than the ring holds overwrote its parents' keys. */
static uint32_t oldest_valid(const uds_walk *w)
{
    return w->key_high > UDS_KEYS_CAP ? w->key_high - UDS_KEYS_CAP : 0;
}

static int same_name(mdd_bytes a, mdd_bytes b)
{
    return a.ptr && b.ptr && a.len == b.len && memcmp(a.ptr, b.ptr, a.len) == 0;
}

uds_key *uds_key_find_name(uds_walk *w, mdd_bytes name)
{
    for (uint32_t i = w->key_count; i > oldest_valid(w); i--) {
        uds_key *k = &w->keys[(i - 1) % UDS_KEYS_CAP];
        if (same_name(mdd_param_short_name(k->param), name))
            return k;
    }
    return NULL;
}

uds_key *uds_key_find(uds_walk *w, mdd_param param)
{
    for (uint32_t i = w->key_count; i > oldest_valid(w); i--) {
        uds_key *k = &w->keys[(i - 1) % UDS_KEYS_CAP];
        if (uds_same_table(k->param.t, param.t))
            return k;
    }
    return uds_key_find_name(w, mdd_param_short_name(param));
}

int uds_scalar_as_u64(const uds_scalar *v, uint64_t *out)
{
    if (v->kind == MDD_UDS_UINT) {
        *out = v->as.u;
        return 1;
    }
    if (v->kind == MDD_UDS_INT && v->as.i >= 0) {
        *out = (uint64_t)v->as.i;
        return 1;
    }
    if (v->kind == MDD_UDS_FLOAT && v->as.f >= 0 && v->as.f < 18446744073709551616.0 &&
        v->as.f == (double)(uint64_t)v->as.f) {
        *out = (uint64_t)v->as.f;
        return 1;
    }
    return 0;
}

void uds_key_remember(uds_walk *w, mdd_param p, const uds_scalar *v)
{
    uint64_t u;
    if (uds_scalar_as_u64(v, &u))
        uds_key_record(w, p, 1, u);
}
