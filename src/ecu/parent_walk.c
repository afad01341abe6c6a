/* SPDX-License-Identifier: Apache-2.0 */
/* The walk over a layer's parent references (mdd_internal/ecu.h). */
#include <mdd_internal/ecu.h>

#include <mdd/ecu.h>


mdd_status ecu_parent_walk_spend(ecu_parent_walk *w, uint32_t steps)
{
    if (w->limits.max_steps - *w->steps < steps)
        return mdd_fail(w->err, MDD_ERR_LIMIT, "inheritance takes more than %u steps",
                        (unsigned)w->limits.max_steps);
    *w->steps += steps;
    return MDD_OK;
}

mdd_status ecu_parent_walk_hides(ecu_parent_walk *w, mdd_bytes name, int *hidden)
{
    *hidden = 0;
    for (uint32_t d = 0; d < w->depth && !*hidden; d++) {
        mdd_string_vec skip = mdd_parent_ref_not_inherited_diag_comm_short_names(w->path[d]);
        uint32_t n = mdd_string_vec_count(skip);
        mdd_status st = ecu_parent_walk_spend(w, n);
        if (st != MDD_OK)
            return st;
        for (uint32_t i = 0; i < n && !*hidden; i++)
            *hidden = ecu_name_compare(mdd_string_vec_at(skip, i), name) == 0;
    }
    return MDD_OK;
}

static int on_chain(const ecu_parent_walk *w, uint32_t layer_pos)
{
    for (uint32_t d = 0; d <= w->depth; d++)
        if (w->chain[d] == layer_pos)
            return 1;
    return 0;
}

static mdd_status visit_layer(ecu_parent_walk *w, mdd_diag_layer layer,
                              mdd_parent_ref_vec parents);

static mdd_status visit_parent(ecu_parent_walk *w, mdd_parent_ref ref)
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

static mdd_status visit_layer(ecu_parent_walk *w, mdd_diag_layer layer,
                              mdd_parent_ref_vec parents)
{
    mdd_status st = ecu_parent_walk_spend(w, 1);
    if (st == MDD_OK && !w->stopped)
        st = w->visit(w, layer);
    uint32_t n = mdd_parent_ref_vec_count(parents);
    for (uint32_t i = 0; i < n && st == MDD_OK && !w->stopped; i++)
        st = visit_parent(w, mdd_parent_ref_vec_at(parents, i));
    return st;
}

mdd_status ecu_parent_walk_run(ecu_parent_walk *w, mdd_diag_layer layer,
                               mdd_parent_ref_vec parents)
{
    if (w->limits.max_depth > ECU_WALK_DEPTH_CAP)
        w->limits.max_depth = ECU_WALK_DEPTH_CAP;
    w->stopped = 0;
    w->depth = 0;
    w->chain[0] = layer.t.pos;
    return visit_layer(w, layer, parents);
}

/* The layer a parent reference names, whatever its kind: what inheritance and the database
 * follow from a layer to its parents. */
mdd_diag_layer mdd_parent_ref_diag_layer(mdd_parent_ref r)
{
    switch (mdd_parent_ref_ref_type(r)) {
    case MDD_PARENT_REF_TYPE_VARIANT: return mdd_variant_diag_layer(mdd_parent_ref_variant(r));
    case MDD_PARENT_REF_TYPE_PROTOCOL: return mdd_protocol_diag_layer(mdd_parent_ref_protocol(r));
    case MDD_PARENT_REF_TYPE_FUNCTIONAL_GROUP:
        return mdd_functional_group_diag_layer(mdd_parent_ref_functional_group(r));
    case MDD_PARENT_REF_TYPE_ECU_SHARED_DATA:
        return mdd_ecu_shared_data_diag_layer(mdd_parent_ref_ecu_shared_data(r));
    default: return (mdd_diag_layer){{r.t.buf, r.t.len, 0}};
    }
}

mdd_parent_ref_vec mdd_parent_ref_parent_refs(mdd_parent_ref r)
{
    switch (mdd_parent_ref_ref_type(r)) {
    case MDD_PARENT_REF_TYPE_VARIANT: return mdd_variant_parent_refs(mdd_parent_ref_variant(r));
    case MDD_PARENT_REF_TYPE_PROTOCOL:
        return mdd_protocol_parent_refs(mdd_parent_ref_protocol(r));
    case MDD_PARENT_REF_TYPE_FUNCTIONAL_GROUP:
        return mdd_functional_group_parent_refs(mdd_parent_ref_functional_group(r));
    default: return (mdd_parent_ref_vec){{r.t.buf, r.t.len, 0, 0}};
    }
}
