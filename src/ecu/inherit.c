/* SPDX-License-Identifier: Apache-2.0 */
/* Effective services (docs/format.md, "Inheritance"): a layer's own services, then what each
 * parent passes down. The walk visits the parent DAG depth first, which yields candidates in
 * effective order; a candidate is dropped when any reference on its path lists its name as
 * not inherited. Keeping the first candidate of each name then gives the same list as the
 * recursive definition, because a later candidate of a name was reached through at least the
 * references that an earlier one of the same subtree was. */
#include "names.h"

#include <mdd/db.h>

#include <stdlib.h>
#include <string.h>

/* The deepest chain the walk's fixed arrays hold, whatever the limits say. */
#define DEPTH_CAP 64u

typedef struct walk {
    mdd_inherit_limits limits;
    mdd_service_list *out;
    mdd_error *err;
    uint32_t steps;
    uint32_t depth;                    /* references followed to the current layer */
    mdd_parent_ref path[DEPTH_CAP];    /* those references */
    uint32_t chain[DEPTH_CAP + 1];     /* DiagLayer positions from the start to here */
} walk;

mdd_inherit_limits mdd_inherit_limits_default(void)
{
    return (mdd_inherit_limits){.max_depth = 32, .max_steps = 1u << 24};
}

void mdd_service_list_free(mdd_service_list *list)
{
    free(list->items);
    free(list->scratch);
    memset(list, 0, sizeof *list);
}

static mdd_status spend(walk *w, uint32_t steps)
{
    if (w->limits.max_steps - w->steps < steps)
        return mdd_fail(w->err, MDD_ERR_LIMIT, "inheritance takes more than %u steps",
                        (unsigned)w->limits.max_steps);
    w->steps += steps;
    return MDD_OK;
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

/* Whether no reference on the current path lists name as not inherited. */
static mdd_status passes_path(walk *w, mdd_bytes name, int *passes)
{
    *passes = 1;
    for (uint32_t d = 0; d < w->depth && *passes; d++) {
        mdd_string_vec skip = mdd_parent_ref_not_inherited_diag_comm_short_names(w->path[d]);
        uint32_t n = mdd_string_vec_count(skip);
        mdd_status st = spend(w, n);
        if (st != MDD_OK)
            return st;
        for (uint32_t i = 0; i < n && *passes; i++)
            *passes = ecu_name_compare(mdd_string_vec_at(skip, i), name) != 0;
    }
    return MDD_OK;
}

static mdd_status add_service(walk *w, mdd_diag_service s)
{
    int passes = 0;
    mdd_status st = spend(w, 1);
    if (st == MDD_OK)
        st = passes_path(w, ecu_service_name(s), &passes);
    if (st != MDD_OK || !passes)
        return st;
    if (w->out->count == w->out->cap && (st = grow(w->out, w->err)) != MDD_OK)
        return st;
    w->out->items[w->out->count++] = s;
    return MDD_OK;
}

static mdd_status add_own(walk *w, mdd_diag_layer layer)
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

static int on_chain(const walk *w, uint32_t layer_pos)
{
    for (uint32_t d = 0; d <= w->depth; d++)
        if (w->chain[d] == layer_pos)
            return 1;
    return 0;
}

static mdd_status add_layer(walk *w, mdd_diag_layer layer, mdd_parent_ref_vec parents);

static mdd_status add_parent(walk *w, mdd_parent_ref ref)
{
    mdd_diag_layer parent = mdd_parent_ref_diag_layer(ref);
    /* A TableDop or unknown reference has no services; a cycle adds nothing new. */
    if (!mdd_present(parent) || on_chain(w, parent.t.pos))
        return MDD_OK;
    if (w->depth >= w->limits.max_depth)
        return mdd_fail(w->err, MDD_ERR_LIMIT, "inheritance deeper than %u parents",
                        (unsigned)w->limits.max_depth);
    w->path[w->depth++] = ref;
    w->chain[w->depth] = parent.t.pos;
    mdd_status st = add_layer(w, parent, mdd_parent_ref_parent_refs(ref));
    w->depth--;
    return st;
}

static mdd_status add_layer(walk *w, mdd_diag_layer layer, mdd_parent_ref_vec parents)
{
    mdd_status st = spend(w, 1);
    if (st == MDD_OK)
        st = add_own(w, layer);
    uint32_t n = mdd_parent_ref_vec_count(parents);
    for (uint32_t i = 0; i < n && st == MDD_OK; i++)
        st = add_parent(w, mdd_parent_ref_vec_at(parents, i));
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
    walk w;
    memset(&w, 0, sizeof w);
    w.limits = limits ? *limits : mdd_inherit_limits_default();
    if (w.limits.max_depth > DEPTH_CAP)
        w.limits.max_depth = DEPTH_CAP;
    w.out = out;
    w.err = err;
    w.chain[0] = layer.t.pos;
    out->count = 0;
    mdd_status st = add_layer(&w, layer, parents);
    if (st != MDD_OK) {
        out->count = 0;
        return st;
    }
    keep_first_names(out);
    return MDD_OK;
}
