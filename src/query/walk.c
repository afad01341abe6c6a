/* SPDX-License-Identifier: Apache-2.0 */
/* Effective layer content without allocation (see query_impl.h). The walk visits the parent
 * DAG depth first as the effective services do (src/ecu/inherit.c), yielding candidates in
 * effective order; a candidate is effective when no earlier candidate has its name, which a
 * second walk over the earlier candidates decides. */
#include "query_impl.h"

#include <string.h>

/* The deepest chain the walk's fixed arrays hold, whatever the limits say. */
#define DEPTH_CAP 64u

typedef struct walk walk;

/* Receives each candidate that no reference on its path hides; nonzero ends the walk. */
typedef int (*walk_visit)(walk *w, mdd_fb_table item, mdd_bytes name);

struct walk {
    const query_content *content;
    mdd_inherit_limits limits;
    uint32_t *steps; /* shared by a walk and the walks it starts */
    mdd_error *err;
    walk_visit visit;
    void *ctx;
    uint32_t candidates; /* candidates visited so far */
    int stopped;
    uint32_t depth;                 /* references followed to the current layer */
    mdd_parent_ref path[DEPTH_CAP]; /* those references */
    uint32_t chain[DEPTH_CAP + 1];  /* DiagLayer positions from the start to here */
};

static int same_name(mdd_bytes a, mdd_bytes b)
{
    return a.len == b.len && (a.len == 0 || memcmp(a.ptr, b.ptr, a.len) == 0);
}

static mdd_status spend(walk *w, uint32_t steps)
{
    if (w->limits.max_steps - *w->steps < steps)
        return mdd_fail(w->err, MDD_ERR_LIMIT, "inheritance takes more than %u steps",
                        (unsigned)w->limits.max_steps);
    *w->steps += steps;
    return MDD_OK;
}

/* Whether a reference on the current path lists name as not inherited. */
static mdd_status hidden(walk *w, mdd_bytes name, int *is_hidden)
{
    *is_hidden = 0;
    if (!w->content->diag_comm)
        return MDD_OK;
    for (uint32_t d = 0; d < w->depth && !*is_hidden; d++) {
        mdd_string_vec skip = mdd_parent_ref_not_inherited_diag_comm_short_names(w->path[d]);
        uint32_t n = mdd_string_vec_count(skip);
        mdd_status st = spend(w, n);
        if (st != MDD_OK)
            return st;
        for (uint32_t i = 0; i < n && !*is_hidden; i++)
            *is_hidden = same_name(mdd_string_vec_at(skip, i), name);
    }
    return MDD_OK;
}

static mdd_status visit_own(walk *w, mdd_diag_layer layer)
{
    mdd_fb_vector own = w->content->items(layer);
    mdd_status st = MDD_OK;
    for (uint32_t i = 0; i < own.count && st == MDD_OK && !w->stopped; i++) {
        mdd_fb_table item = mdd_fb_vector_table(own, i);
        /* Only unverified bytes hold an item that does not fit; nothing could use it. */
        if (!item.pos)
            continue;
        mdd_bytes name = w->content->name(item);
        int is_hidden = 0;
        st = spend(w, 1);
        if (st == MDD_OK)
            st = hidden(w, name, &is_hidden);
        if (st == MDD_OK && !is_hidden) {
            w->stopped = w->visit(w, item, name);
            w->candidates++;
        }
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

static mdd_status visit_layer(walk *w, mdd_diag_layer layer, mdd_parent_ref_vec parents);

static mdd_status visit_parent(walk *w, mdd_parent_ref ref)
{
    mdd_diag_layer parent = mdd_parent_ref_diag_layer(ref);
    /* A TableDop or unknown reference has no content; a cycle adds nothing new. */
    if (!mdd_present(parent) || on_chain(w, parent.t.pos))
        return MDD_OK;
    if (w->depth >= w->limits.max_depth)
        return mdd_fail(w->err, MDD_ERR_LIMIT, "inheritance deeper than %u parents",
                        (unsigned)w->limits.max_depth);
    w->path[w->depth++] = ref;
    w->chain[w->depth] = parent.t.pos;
    mdd_status st = visit_layer(w, parent, mdd_parent_ref_parent_refs(ref));
    w->depth--;
    return st;
}

static mdd_status visit_layer(walk *w, mdd_diag_layer layer, mdd_parent_ref_vec parents)
{
    mdd_status st = spend(w, 1);
    if (st == MDD_OK)
        st = visit_own(w, layer);
    uint32_t n = mdd_parent_ref_vec_count(parents);
    for (uint32_t i = 0; i < n && st == MDD_OK && !w->stopped; i++)
        st = visit_parent(w, mdd_parent_ref_vec_at(parents, i));
    return st;
}

static mdd_parent_ref_vec layer_parents(const mdd_db_layer *layer)
{
    mdd_variant v = mdd_db_layer_variant(layer);
    if (mdd_present(v))
        return mdd_variant_parent_refs(v);
    return mdd_functional_group_parent_refs(mdd_db_layer_functional_group(layer));
}

static mdd_status run(walk *w, const mdd_db_layer *layer)
{
    mdd_diag_layer dl = mdd_db_layer_diag_layer(layer);
    w->limits = mdd_inherit_limits_default();
    if (w->limits.max_depth > DEPTH_CAP)
        w->limits.max_depth = DEPTH_CAP;
    w->depth = 0;
    w->chain[0] = dl.t.pos;
    return visit_layer(w, dl, layer_parents(layer));
}

/* The question a second walk answers: does a candidate before `before` have name? */
typedef struct earlier {
    mdd_bytes name;
    uint32_t before;
    int found;
} earlier;

static int find_earlier(walk *w, mdd_fb_table item, mdd_bytes name)
{
    (void)item;
    earlier *e = w->ctx;
    if (w->candidates >= e->before)
        return 1;
    e->found = same_name(name, e->name);
    return e->found;
}

typedef struct outer {
    const mdd_db_layer *layer;
    query_take take;
    void *ctx;
    mdd_status status; /* of the last second walk */
} outer;

static int take_if_first(walk *w, mdd_fb_table item, mdd_bytes name)
{
    outer *o = w->ctx;
    earlier e = {.name = name, .before = w->candidates};
    walk second = {.content = w->content, .steps = w->steps, .err = w->err,
                   .visit = find_earlier, .ctx = &e};
    o->status = run(&second, o->layer);
    if (o->status != MDD_OK)
        return 1;
    return e.found ? 0 : o->take(o->ctx, item);
}

mdd_status query_effective(const mdd_db_layer *layer, const query_content *content,
                           query_take take, void *ctx, mdd_error *err)
{
    uint32_t steps = 0;
    outer o = {.layer = layer, .take = take, .ctx = ctx, .status = MDD_OK};
    walk w = {.content = content, .steps = &steps, .err = err, .visit = take_if_first,
              .ctx = &o};
    mdd_status st = run(&w, layer);
    if (st == MDD_OK)
        st = o.status;
    if (st != MDD_OK) {
        mdd_bytes name = mdd_db_layer_name(layer);
        mdd_error_prefix(err, "%.*s: ", (int)(name.len > 200 ? 200 : name.len),
                         name.ptr ? (const char *)name.ptr : "");
    }
    return st;
}
