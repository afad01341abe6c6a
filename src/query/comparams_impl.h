/* SPDX-License-Identifier: Apache-2.0 */
/* Private to the ComParam queries: a depth-first walk over a layer and its parents that
 * yields items (ComParamRefs or protocol names) in inheritance order, with one step budget
 * shared by nested walks so that resolving stays bounded on a hostile parent DAG. */
#ifndef MDD_QUERY_COMPARAMS_IMPL_H
#define MDD_QUERY_COMPARAMS_IMPL_H

#include <mdd_internal/common.h>

#include <mdd/comparams.h>

/* The deepest chain the walk's fixed arrays hold, whatever the limits say. */
#define CP_DEPTH_CAP 64u

typedef enum cp_kind {
    CP_ITEMS_COMPARAMS, /* every ComParamRef that passes the protocol filter */
    CP_ITEMS_PROTOCOLS  /* Protocol layers and the protocols ComParamRefs name */
} cp_kind;

/* What a walk starts from and looks for. */
typedef struct cp_query {
    mdd_diag_layer root;
    mdd_parent_ref_vec parents;
    cp_kind kind;
    const char *protocol; /* CP_ITEMS_COMPARAMS: only refs naming it or none; NULL for all */
    mdd_inherit_limits limits;
    uint32_t steps; /* spent so far by every walk of this query */
} cp_query;

/* One item of a walk: cp as mdd_db_layer_comparams() reports it, or for CP_ITEMS_PROTOCOLS
 * with cp.name the protocol's name. */
typedef struct cp_item {
    mdd_comparam cp;
    uint32_t index; /* position among the walk's items */
} cp_item;

/* Called for each item; returns nonzero to stop the walk. */
typedef int (*cp_item_fn)(void *ctx, const cp_item *item);

/* Sets up q for layer. */
MDD_INTERNAL void cp_query_init(cp_query *q, const mdd_db_layer *layer, cp_kind kind,
                                const char *protocol);

/* Walks q's items in inheritance order, calling fn until it returns nonzero. Fails with
 * MDD_ERR_LIMIT when the chain or the steps exceed q's limits. */
MDD_INTERNAL mdd_status cp_walk(cp_query *q, cp_item_fn fn, void *ctx, mdd_error *err);

/* Nonzero when a and b name the same thing for q: the same name and, when q names no
 * protocol, the same protocol. */
MDD_INTERNAL int cp_same_key(const cp_query *q, const cp_item *a, const cp_item *b);

/* Whether item is the first of its key in q's walk (the winner): *first is set. Walks again
 * up to item, spending q's steps. */
MDD_INTERNAL mdd_status cp_is_first(cp_query *q, const cp_item *item, int *first,
                                    mdd_error *err);

/* Room for a name in a message, as cp_name_text() cuts it. */
#define CP_NAME_TEXT 65u

/* name as a NUL-terminated string for a message, cut to 64 bytes (empty when absent), in buf;
 * returns buf. */
MDD_INTERNAL const char *cp_name_text(mdd_bytes name, char buf[CP_NAME_TEXT]);

/* Checks that protocol (when not NULL) is one of the layer's protocols; fails with
 * MDD_ERR_NOT_FOUND naming the ones it has otherwise. */
MDD_INTERNAL mdd_status cp_check_protocol(const mdd_db_layer *layer, const char *protocol,
                                          mdd_error *err);

#endif
