/* SPDX-License-Identifier: Apache-2.0 */
/* Effective services (docs/format.md, "Inheritance"): a layer's own services, then what each
 * parent passes down. The walk visits the parent DAG depth first, which yields candidates in
 * effective order; a candidate is dropped when any reference on its path lists its name as
 * not inherited. Keeping the first candidate of each name then gives the same list as the
 * recursive definition, because a later candidate of a name was reached through at least the
 * references that an earlier one of the same subtree was. */
#include <mdd_internal/ecu.h>

#include <mdd/ecu.h>
#include <mdd_internal/common.h>

#include <stdlib.h>
#include <string.h>

/* The layout of mdd_inherit_limits, which mdd_db_options nests. */
static const options_member inherit_members[] = {
    OPTIONS_SCALAR(mdd_inherit_limits, max_depth, uint32_t),
    OPTIONS_SCALAR(mdd_inherit_limits, max_steps, uint32_t),
};
const options_layout options_layout_inherit =
    OPTIONS_LAYOUT(mdd_inherit_limits, MDD_INHERIT_LIMITS_SIZE, inherit_members);

/* The walk's visitor state: the list it fills. */
typedef struct collect {
    mdd_service_list *out;
    mdd_error *err;
} collect;

void mdd_service_list_free(mdd_service_list *list)
{
    free(list->items);
    free(list->scratch);
    memset(list, 0, sizeof *list);
}

/* Doubles the list's room; items and scratch always have the same capacity. */
static mdd_status grow(mdd_service_list *l, mdd_error *err)
{
    uint32_t cap = l->cap ? 2 * l->cap : 64;
    /* Keeps the byte sizes below 4 GiB, which fits size_t everywhere. */
    if (cap <= l->cap || cap > UINT32_MAX / sizeof(mdd_diag_service))
        return mdd_fail(err, MDD_ERR_LIMIT, "too many inherited services");
    mdd_diag_service *items = realloc(l->items, (size_t)cap * sizeof *items);
    if (!items)
        return mdd_fail(err, MDD_ERR_NOMEM, "out of memory for %u services", (unsigned)cap);
    l->items = items;
    ecu_name_key *keys = realloc(l->scratch, (size_t)cap * sizeof *keys);
    if (!keys)
        return mdd_fail(err, MDD_ERR_NOMEM, "out of memory for %u services", (unsigned)cap);
    l->scratch = keys;
    l->cap = cap;
    return MDD_OK;
}

static mdd_status add_service(ecu_parent_walk *w, mdd_diag_service s)
{
    collect *c = w->ctx;
    int hidden = 0;
    mdd_status st = ecu_parent_walk_spend(w, 1);
    if (st == MDD_OK)
        st = ecu_parent_walk_hides(w, ecu_service_name(s), &hidden);
    if (st != MDD_OK || hidden)
        return st;
    if (c->out->count == c->out->cap && (st = grow(c->out, c->err)) != MDD_OK)
        return st;
    c->out->items[c->out->count++] = s;
    return MDD_OK;
}

static mdd_status add_own(ecu_parent_walk *w, mdd_diag_layer layer)
{
    mdd_diag_service_vec own = mdd_diag_layer_diag_services(layer);
    uint32_t n = mdd_diag_service_vec_count(own);
    mdd_status st = MDD_OK;
    for (uint32_t i = 0; i < n && st == MDD_OK; i++) {
        mdd_diag_service s = mdd_diag_service_vec_at(own, i);
        /* Only unverified bytes hold a service that does not fit; nothing could use it. */
        if (mdd_present(s))
            st = add_service(w, s);
    }
    return st;
}

/* Keeps the first service of each name, in order: sorting (name, position) puts each name's
 * first service at the head of its run. */
static void keep_first_names(mdd_service_list *l)
{
    /* Also keeps qsort() away from the NULL scratch of a list that never grew. */
    if (l->count < 2)
        return;
    ecu_name_key *keys = l->scratch;
    for (uint32_t i = 0; i < l->count; i++)
        keys[i] = ecu_name_key_make(ecu_service_name(l->items[i]), i);
    qsort(keys, l->count, sizeof *keys, ecu_name_key_compare);
    for (uint32_t i = 1; i < l->count; i++)
        if (ecu_name_compare((mdd_bytes){keys[i - 1].ptr, keys[i - 1].len},
                             (mdd_bytes){keys[i].ptr, keys[i].len}) == 0)
            l->items[keys[i].index].t.pos = 0;
    uint32_t kept = 0;
    for (uint32_t i = 0; i < l->count; i++)
        if (l->items[i].t.pos != 0)
            l->items[kept++] = l->items[i];
    l->count = kept;
}

mdd_status mdd_effective_services(mdd_diag_layer layer, mdd_parent_ref_vec parents,
                                  const mdd_inherit_limits *limits, mdd_service_list *out,
                                  mdd_error *err)
{
    uint32_t steps = 0;
    collect c = {.out = out, .err = err};
    ecu_parent_walk w = {.limits = mdd_inherit_limits_default(),
                         .steps = &steps, .err = err, .visit = add_own, .ctx = &c};
    out->count = 0;
    mdd_status st = options_read(&options_layout_inherit, limits, &w.limits, err);
    if (st == MDD_OK)
        st = ecu_parent_walk_run(&w, layer, parents);
    if (st != MDD_OK) {
        out->count = 0;
        return st;
    }
    keep_first_names(out);
    return MDD_OK;
}
