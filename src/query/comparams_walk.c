/* SPDX-License-Identifier: Apache-2.0 */
/* The depth-first walk behind the ComParam queries: a layer's own items, then each parent's
 * in order, recursively. Unlike services, ComParams have no not-inherited lists, so a layer
 * reached twice only repeats items that lost already; the walk still revisits it (it keeps no
 * memory), and the shared step budget bounds what a hostile DAG can cost. */
#include "comparams_impl.h"

#include <mdd_internal/ecu.h>

#include <string.h>

typedef struct walk {
    cp_query *q;
    cp_item_fn fn;
    void *ctx;
    mdd_error *err;
    uint32_t index;                   /* items yielded so far */
    int stopped;                      /* fn asked to stop */
    uint32_t depth;                   /* references followed to the current layer */
    uint32_t chain[CP_DEPTH_CAP + 1]; /* DiagLayer positions from the root to here */
} walk;

void cp_query_init(cp_query *q, const mdd_db_layer *layer, cp_kind kind, const char *protocol)
{
    memset(q, 0, sizeof *q);
    q->root = mdd_db_layer_diag_layer(layer);
    mdd_variant v = mdd_db_layer_variant(layer);
    q->parents = mdd_present(v)
                     ? mdd_variant_parent_refs(v)
                     : mdd_functional_group_parent_refs(mdd_db_layer_functional_group(layer));
    q->kind = kind;
    q->protocol = protocol;
    q->limits = mdd_inherit_limits_default();
}

static mdd_status spend(walk *w, uint32_t steps)
{
    cp_query *q = w->q;
    if (q->limits.max_steps - q->steps < steps)
        return mdd_fail(w->err, MDD_ERR_LIMIT, "ComParam inheritance takes more than %u steps",
                        (unsigned)q->limits.max_steps);
    q->steps += steps;
    return MDD_OK;
}

static mdd_bytes ref_protocol_name(mdd_com_param_ref ref)
{
    mdd_protocol p = mdd_com_param_ref_protocol(ref);
    if (!mdd_present(p))
        return (mdd_bytes){NULL, 0};
    mdd_bytes name = mdd_diag_layer_short_name(mdd_protocol_diag_layer(p));
    /* A named protocol stays distinguishable from none even when its name is absent. */
    return name.ptr ? name : (mdd_bytes){(const uint8_t *)"", 0};
}

static void yield(walk *w, mdd_comparam cp)
{
    cp_item item = {cp, w->index++};
    w->stopped = w->fn(w->ctx, &item) != 0;
}

static mdd_comparam ref_comparam(const walk *w, mdd_diag_layer layer, mdd_com_param_ref ref)
{
    mdd_com_param def = mdd_com_param_ref_com_param(ref);
    return (mdd_comparam){.name = mdd_com_param_short_name(def),
                          .protocol = ref_protocol_name(ref),
                          .ref = ref,
                          .com_param = def,
                          .layer = layer,
                          .depth = w->depth};
}

/* Whether a ref naming protocol passes the filter in this pass: with a filter, the refs that
 * name it (pass 0) come before those naming none (pass 1). */
static int passes_filter(const char *filter, int pass, mdd_bytes protocol)
{
    if (!filter)
        return 1;
    if (pass == 0)
        return protocol.ptr && mdd_bytes_equal_str(protocol, filter);
    return protocol.ptr == NULL;
}

static mdd_status yield_refs(walk *w, mdd_diag_layer layer)
{
    mdd_com_param_ref_vec refs = mdd_diag_layer_com_param_refs(layer);
    uint32_t n = mdd_com_param_ref_vec_count(refs);
    int passes = w->q->protocol ? 2 : 1;
    for (int pass = 0; pass < passes; pass++) {
        mdd_status st = spend(w, n + 1);
        if (st != MDD_OK)
            return st;
        for (uint32_t i = 0; i < n && !w->stopped; i++) {
            mdd_comparam cp = ref_comparam(w, layer, mdd_com_param_ref_vec_at(refs, i));
            int wanted = w->q->kind == CP_ITEMS_COMPARAMS
                             ? passes_filter(w->q->protocol, pass, cp.protocol)
                             : cp.protocol.ptr != NULL;
            if (!wanted)
                continue;
            if (w->q->kind == CP_ITEMS_PROTOCOLS)
                cp = (mdd_comparam){.name = cp.protocol, .layer = layer, .depth = w->depth};
            yield(w, cp);
        }
    }
    return MDD_OK;
}

static mdd_status walk_layer(walk *w, mdd_diag_layer layer, mdd_parent_ref_vec parents);

static int on_chain(const walk *w, uint32_t layer_pos)
{
    for (uint32_t d = 0; d <= w->depth; d++)
        if (w->chain[d] == layer_pos)
            return 1;
    return 0;
}

static mdd_status walk_parent(walk *w, mdd_parent_ref ref)
{
    mdd_diag_layer parent = mdd_parent_ref_diag_layer(ref);
    if (!mdd_present(parent) || on_chain(w, parent.t.pos))
        return MDD_OK;
    uint32_t max_depth = w->q->limits.max_depth < CP_DEPTH_CAP ? w->q->limits.max_depth
                                                                : CP_DEPTH_CAP;
    if (w->depth >= max_depth)
        return mdd_fail(w->err, MDD_ERR_LIMIT, "ComParam inheritance deeper than %u parents",
                        (unsigned)max_depth);
    w->chain[++w->depth] = parent.t.pos;
    if (w->q->kind == CP_ITEMS_PROTOCOLS &&
        mdd_parent_ref_ref_type(ref) == MDD_PARENT_REF_TYPE_PROTOCOL)
        yield(w, (mdd_comparam){.name = mdd_diag_layer_short_name(parent),
                                .layer = parent,
                                .depth = w->depth});
    mdd_status st = w->stopped ? MDD_OK : walk_layer(w, parent, mdd_parent_ref_parent_refs(ref));
    w->depth--;
    return st;
}

static mdd_status walk_layer(walk *w, mdd_diag_layer layer, mdd_parent_ref_vec parents)
{
    mdd_status st = yield_refs(w, layer);
    uint32_t n = mdd_parent_ref_vec_count(parents);
    for (uint32_t i = 0; i < n && st == MDD_OK && !w->stopped; i++)
        st = walk_parent(w, mdd_parent_ref_vec_at(parents, i));
    return st;
}

mdd_status cp_walk(cp_query *q, cp_item_fn fn, void *ctx, mdd_error *err)
{
    walk w;
    memset(&w, 0, sizeof w);
    w.q = q;
    w.fn = fn;
    w.ctx = ctx;
    w.err = err;
    w.chain[0] = q->root.t.pos;
    return walk_layer(&w, q->root, q->parents);
}

int cp_same_key(const cp_query *q, const cp_item *a, const cp_item *b)
{
    if (ecu_name_compare(a->cp.name, b->cp.name) != 0)
        return 0;
    if (q->kind == CP_ITEMS_PROTOCOLS || q->protocol)
        return 1;
    /* No protocol and an empty protocol name are different keys. */
    return (a->cp.protocol.ptr == NULL) == (b->cp.protocol.ptr == NULL) &&
           ecu_name_compare(a->cp.protocol, b->cp.protocol) == 0;
}

typedef struct first_check {
    const cp_query *q;
    const cp_item *item;
    int first;
} first_check;

static int check_earlier(void *ctx, const cp_item *earlier)
{
    first_check *c = ctx;
    if (earlier->index >= c->item->index)
        return 1;
    if (cp_same_key(c->q, earlier, c->item)) {
        c->first = 0;
        return 1;
    }
    return 0;
}

mdd_status cp_is_first(cp_query *q, const cp_item *item, int *first, mdd_error *err)
{
    first_check c = {q, item, 1};
    mdd_status st = cp_walk(q, check_earlier, &c, err);
    *first = c.first;
    return st;
}

const char *cp_name_text(mdd_bytes name, char buf[CP_NAME_TEXT])
{
    size_t len = name.ptr ? name.len : 0;
    if (len > CP_NAME_TEXT - 1)
        len = CP_NAME_TEXT - 1;
    if (len)
        memcpy(buf, name.ptr, len);
    buf[len] = '\0';
    return buf;
}
