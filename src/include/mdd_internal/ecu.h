/* SPDX-License-Identifier: Apache-2.0 */
/* The ecu layer's internal interface, for the db and query layers. Its parts:
 *
 * - How libmdd compares and sorts short names. Names are compared as bytes (so UTF-8 sorts by
 *   code point), and an absent name counts as empty.
 * - The walk behind every inherited list (services, state charts, jobs; docs/format.md,
 *   "Inheritance"). It visits a layer, then, depth first in reference order, the layers its
 *   parent references pass content down from: each layer's own content before its parents'.
 *   It is bounded by mdd_inherit_limits (a chain too deep or too much work fails with
 *   MDD_ERR_LIMIT), skips a parent already on the chain (a cycle adds nothing new) and keeps
 *   the references followed to the current layer, so that a visitor can ask whether one of
 *   them hides a name. It allocates nothing. */
#ifndef MDD_INTERNAL_ECU_H
#define MDD_INTERNAL_ECU_H

#include <mdd_internal/ecu_fields.h>
#include <mdd_internal/common.h>

#include <mdd/ecu.h>

/* ---- Names ---- */

/* <0, 0 or >0 as a sorts before, equal to or after b. */
MDD_INTERNAL int ecu_name_compare(mdd_bytes a, mdd_bytes b);

/* As ecu_name_compare() with ASCII letters folded to lower case: how adapters address
 * services, classes and semantics (by lower-cased ids). */
MDD_INTERNAL int ecu_name_compare_folded(mdd_bytes a, mdd_bytes b);

/* A service's name: its DiagComm short_name. */
MDD_INTERNAL mdd_bytes ecu_service_name(mdd_diag_service s);

/* A name with the index of what it names, for sorting with qsort(). */
typedef struct ecu_name_key {
    const uint8_t *ptr;
    uint32_t len;
    uint32_t index;
} ecu_name_key;

/* Makes the key of name for index. Payload strings are shorter than MDD_FB_MAX_SIZE, so the
 * length fits. */
MDD_INTERNAL ecu_name_key ecu_name_key_make(mdd_bytes name, uint32_t index);

/* qsort() comparator of ecu_name_key: by name, then by index, so equal names keep their
 * order. */
MDD_INTERNAL int ecu_name_key_compare(const void *a, const void *b);

/* ---- The parent walk ---- */

/* The deepest chain the walk's fixed arrays hold, whatever the limits say. */
#define ECU_WALK_DEPTH_CAP 64u

typedef struct ecu_parent_walk ecu_parent_walk;

/* Visits the own content of a layer the walk reaches. */
typedef mdd_status (*ecu_layer_visit)(ecu_parent_walk *w, mdd_diag_layer layer);

struct ecu_parent_walk {
    mdd_inherit_limits limits;
    uint32_t *steps; /* spent so far; may be shared by a walk and the walks it starts */
    mdd_error *err;
    ecu_layer_visit visit;
    void *ctx;   /* the visitor's */
    int stopped; /* a visitor sets it to end the walk early, successfully */
    uint32_t depth;                          /* references followed to the current layer */
    mdd_parent_ref path[ECU_WALK_DEPTH_CAP]; /* those references */
    uint32_t chain[ECU_WALK_DEPTH_CAP + 1];  /* DiagLayer positions from the start to here */
};

/* Walks from layer, whose parent references are parents, calling w->visit for each layer
 * reached. w's limits (max_depth capped at ECU_WALK_DEPTH_CAP), steps, err, visit and ctx
 * are the caller's; the rest is set here. Fails with the visitor's status or
 * MDD_ERR_LIMIT. */
MDD_INTERNAL mdd_status ecu_parent_walk_run(ecu_parent_walk *w, mdd_diag_layer layer,
                                            mdd_parent_ref_vec parents);

/* Counts steps against the limit: MDD_ERR_LIMIT once the walk has done too much. */
MDD_INTERNAL mdd_status ecu_parent_walk_spend(ecu_parent_walk *w, uint32_t steps);

/* Sets *hidden when a reference followed to the current layer lists name among its
 * not_inherited_diag_comm_short_names. Fails as ecu_parent_walk_spend(). */
MDD_INTERNAL mdd_status ecu_parent_walk_hides(ecu_parent_walk *w, mdd_bytes name, int *hidden);

/* The layout of mdd_inherit_limits (options_read()), which mdd_db_options nests. */
MDD_INTERNAL extern const options_layout options_layout_inherit;

#endif
