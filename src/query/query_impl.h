/* SPDX-License-Identifier: Apache-2.0 */
/* Private to the query layer: the walk that lists a layer's inherited content (state charts,
 * jobs) without allocating. */
#ifndef MDD_QUERY_IMPL_H
#define MDD_QUERY_IMPL_H

#include <mdd_internal/common.h>

#include <mdd/query.h>

/* What kind of content a walk lists. */
typedef struct query_content {
    mdd_fb_vector (*items)(mdd_diag_layer layer); /* a layer's own items, in stored order */
    mdd_bytes (*name)(mdd_fb_table item);         /* what makes two items the same */
    int diag_comm; /* nonzero: a reference's not_inherited_diag_comm_short_names hide items */
} query_content;

/* Receives each effective item in effective order; returns nonzero to end the walk. */
typedef int (*query_take)(void *ctx, mdd_fb_table item);

/* Calls take for each effective item of layer's content: own items in stored order, then
 * each parent reference's in order (depth first), skipping items that a reference on the way
 * hides and items whose name an earlier item has. Allocates nothing: a candidate is checked
 * against the earlier ones by walking them again, which costs quadratic time in the number
 * of items, all counted against mdd_inherit_limits_default().max_steps. Fails with
 * MDD_ERR_LIMIT naming the layer. */
MDD_INTERNAL mdd_status query_effective(const mdd_db_layer *layer, const query_content *content,
                                        query_take take, void *ctx, mdd_error *err);

/* The contents listed by query_effective(). */
MDD_INTERNAL extern const query_content query_state_charts;
MDD_INTERNAL extern const query_content query_jobs;

#endif
