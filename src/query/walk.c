/* SPDX-License-Identifier: Apache-2.0 */
/* Effective layer content without allocation (see query_impl.h). The walk visits the parent
 * DAG as the effective services do (mdd_internal/ecu.h), yielding candidates in
 * effective order; a candidate is effective when no earlier candidate has its name, which a
 * second walk over the earlier candidates decides. */
#include "query_impl.h"

#include <mdd_internal/ecu.h>

typedef struct walk walk;

/* Receives each candidate that no reference on its path hides; nonzero ends the walk. */
typedef int (*walk_visit)(walk *w, mdd_fb_table item, mdd_bytes name);

struct walk {
    ecu_parent_walk parents; /* its ctx is this walk */
    const query_content *content;
    walk_visit visit;
    void *ctx;
    uint32_t candidates; /* candidates visited so far */
};

static mdd_status visit_candidate(walk *w, mdd_fb_table item)
{
    mdd_bytes name = w->content->name(item);
    int hidden = 0;
    mdd_status st = ecu_parent_walk_spend(&w->parents, 1);
    if (st == MDD_OK && w->content->diag_comm)
        st = ecu_parent_walk_hides(&w->parents, name, &hidden);
    if (st == MDD_OK && !hidden) {
        w->parents.stopped = w->visit(w, item, name);
        w->candidates++;
    }
    return st;
}

static mdd_status visit_own(ecu_parent_walk *pw, mdd_diag_layer layer)
{
    walk *w = pw->ctx;
    mdd_fb_vector own = w->content->items(layer);
    mdd_status st = MDD_OK;
    for (uint32_t i = 0; i < own.count && st == MDD_OK && !pw->stopped; i++) {
        mdd_fb_table item = mdd_fb_vector_table(own, i);
        /* Only unverified bytes hold an item that does not fit; nothing could use it. */
        if (item.pos)
            st = visit_candidate(w, item);
    }
    return st;
}

static mdd_parent_ref_vec layer_parents(const mdd_db_layer *layer)
{
    mdd_variant v = mdd_db_layer_variant(layer);
    if (mdd_present(v))
        return mdd_variant_parent_refs(v);
    return mdd_functional_group_parent_refs(mdd_db_layer_functional_group(layer));
}

static mdd_status run(walk *w, const mdd_db_layer *layer, uint32_t *steps, mdd_error *err)
{
    w->parents = (ecu_parent_walk){.limits = mdd_inherit_limits_default(), .steps = steps,
                                   .err = err, .visit = visit_own, .ctx = w};
    return ecu_parent_walk_run(&w->parents, mdd_db_layer_diag_layer(layer),
                               layer_parents(layer));
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
    e->found = ecu_name_compare(name, e->name) == 0;
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
    walk second = {.content = w->content, .visit = find_earlier, .ctx = &e};
    o->status = run(&second, o->layer, w->parents.steps, w->parents.err);
    if (o->status != MDD_OK)
        return 1;
    return e.found ? 0 : o->take(o->ctx, item);
}

mdd_status query_effective(const mdd_db_layer *layer, const query_content *content,
                           query_take take, void *ctx, mdd_error *err)
{
    uint32_t steps = 0;
    outer o = {.layer = layer, .take = take, .ctx = ctx, .status = MDD_OK};
    walk w = {.content = content, .visit = take_if_first, .ctx = &o};
    mdd_status st = run(&w, layer, &steps, err);
    if (st == MDD_OK)
        st = o.status;
    if (st != MDD_OK) {
        mdd_bytes name = mdd_db_layer_name(layer);
        mdd_error_prefix(err, "%.*s: ", (int)(name.len > 200 ? 200 : name.len),
                         name.ptr ? (const char *)name.ptr : "");
    }
    return st;
}
