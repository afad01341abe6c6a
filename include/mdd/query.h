/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd: the facts an adapter asks of a layer beyond request matching: its state charts
 * (sessions, security levels) and the states each service requires and the transitions it
 * triggers, its single-ECU jobs, special data groups, and a variant's identification patterns.
 *
 * Every answer is a view into the payload: nothing is copied and nothing allocated. Lists
 * come back in caller-provided arrays: a call writes the first min(total, cap) entries to out
 * (out may be NULL when cap is 0) and sets *total, so a total above cap means out was too
 * small. The handles come from a database (include/mdd/db.h) and stay valid until it closes.
 *
 * State charts and jobs are layer content like services and inherit as they do
 * (docs/format.md, "Inheritance"): a layer's own in stored order, then what each parent
 * reference passes down in reference order, the nearest of each short name winning. Jobs are
 * DiagComms, so a reference's not_inherited_diag_comm_short_names hides them as it hides
 * services; state charts have no not-inherited list. The walk is bounded by
 * mdd_inherit_limits_default(): a parent already on the chain (a cycle) is skipped, and a
 * chain too deep or too much work fails with MDD_ERR_LIMIT. */
#ifndef MDD_QUERY_H
#define MDD_QUERY_H

#include <mdd/db.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- State charts ---- */

/* The layer's effective state charts (see above) into out[0..cap), their number in *total.
 * Fails with MDD_ERR_LIMIT (depth or work); *total is then 0. */
mdd_status mdd_db_layer_state_charts(const mdd_db_layer *layer, mdd_state_chart *out,
                                     uint32_t cap, uint32_t *total, mdd_error *err);

/* A state that a service requires (one of its DiagComm.pre_condition_state_refs). */
typedef struct mdd_required_state {
    mdd_state state;       /* the referenced State; absent when the reference has none */
    mdd_state_chart chart; /* the effective chart of the layer that holds it, else absent */
    mdd_bytes value;       /* the reference's value, NULL when absent */
} mdd_required_state;

/* The states that comm requires, in stored order, each with the chart among the layer's
 * effective ones that lists it (the same table, else the first chart with a state of that
 * short name). Fails as mdd_db_layer_state_charts(). */
mdd_status mdd_db_layer_required_states(const mdd_db_layer *layer, mdd_diag_comm comm,
                                        mdd_required_state *out, uint32_t cap, uint32_t *total,
                                        mdd_error *err);

/* A transition that a service triggers (one of its DiagComm.state_transition_refs). */
typedef struct mdd_triggered_transition {
    mdd_state_transition transition; /* absent when the reference has none */
    mdd_state_chart chart;           /* the effective chart that lists it, else absent */
} mdd_triggered_transition;

/* The transitions that comm triggers, in stored order, each with its chart as for
 * mdd_db_layer_required_states(). Fails as mdd_db_layer_state_charts(). */
mdd_status mdd_db_layer_triggered_transitions(const mdd_db_layer *layer, mdd_diag_comm comm,
                                              mdd_triggered_transition *out, uint32_t cap,
                                              uint32_t *total, mdd_error *err);

/* ---- Single-ECU jobs ---- */

/* The layer's effective single-ECU jobs (see above) into out[0..cap), their number in
 * *total. A job's name is its DiagComm short_name; its parameters are the views
 * mdd_single_ecu_job_input_params(), _output_params() and _neg_output_params(). Fails as
 * mdd_db_layer_state_charts(). */
mdd_status mdd_db_layer_jobs(const mdd_db_layer *layer, mdd_single_ecu_job *out, uint32_t cap,
                             uint32_t *total, mdd_error *err);

/* The effective job whose short name equals name (bytewise, as services are named): MDD_OK
 * with *out set, MDD_ERR_NOT_FOUND when the layer has none, or the failures above. */
mdd_status mdd_db_layer_find_job(const mdd_db_layer *layer, const char *name,
                                 mdd_single_ecu_job *out, mdd_error *err);

/* ---- Special data groups ---- */

/* The deepest nesting of groups mdd_sdgs_nodes() follows, counting the outer groups
 * as depth 0. */
#define MDD_SDG_MAX_DEPTH 32u

/* The most nodes mdd_sdgs_nodes() visits: groups that many items share could otherwise
 * make a small payload an exponential tree. */
#define MDD_SDG_MAX_NODES (1u << 20)

/* One node of an SDG tree: a group (sdg present, sd absent) or a data item (sd present). */
typedef struct mdd_sdg_node {
    uint32_t depth; /* 0 for the groups of the SDGS; a group's items are one deeper */
    mdd_sdg sdg;
    mdd_sd sd;
} mdd_sdg_node;

/* The nodes of sdgs (from mdd_diag_layer_sdgs(), mdd_diag_comm_sdgs(), mdd_request_sdgs(),
 * mdd_response_sdgs(), mdd_dtc_sdgs()...) depth first in stored order: each group, then its
 * items, nested groups with their own items in place. An absent SDGS has no nodes, and an
 * SDOrSDG of tag NONE is skipped. Fails with MDD_ERR_FORMAT for an unknown SDxorSDG tag and
 * MDD_ERR_LIMIT for groups nested deeper than MDD_SDG_MAX_DEPTH or more than
 * MDD_SDG_MAX_NODES nodes, the message naming the path
 * (for example "sdgs[0].sds[3]: unknown SDxorSDG tag 7"); *total is then 0. */
mdd_status mdd_sdgs_nodes(mdd_sdgs sdgs, mdd_sdg_node *out, uint32_t cap,
                          uint32_t *total, mdd_error *err);

/* ---- Variant identification ---- */

/* One condition of a variant's identification: the response parameter out_param of service
 * must read expected_value. A variant is identified when every condition of one of its
 * patterns holds. */
typedef struct mdd_variant_match {
    uint32_t pattern;         /* the pattern's index in Variant.variant_pattern */
    mdd_bytes expected_value; /* NULL when absent */
    mdd_diag_service service;
    mdd_param out_param;
    int physical_addressing;  /* use_physical_addressing: 1, 0, or -1 when absent */
} mdd_variant_match;

/* The conditions of every identification pattern of layer's variant, pattern by pattern in
 * stored order, into out[0..cap); returns their number (0 for a functional group). */
uint32_t mdd_db_layer_variant_matches(const mdd_db_layer *layer, mdd_variant_match *out,
                                      uint32_t cap);

#ifdef __cplusplus
}
#endif

#endif
