/* SPDX-License-Identifier: Apache-2.0 */
/* The facts of a layer as JSON, for mdd ecu, states, jobs, sdgs and serve. */
#include "facts.h"

#include <stdlib.h>

void facts_state_chart_json(json_writer *j, mdd_state_chart chart)
{
    json_object_begin(j);
    json_member_string(j, "name", mdd_state_chart_short_name(chart));
    json_member_string(j, "semantic", mdd_state_chart_semantic(chart));
    json_member_string(j, "start_state", mdd_state_chart_start_state_short_name_ref(chart));
    json_key(j, "states");
    json_array_begin(j);
    mdd_state_vec states = mdd_state_chart_states(chart);
    for (uint32_t i = 0; i < mdd_state_vec_count(states); i++)
        json_optional_string(j, mdd_state_short_name(mdd_state_vec_at(states, i)));
    json_array_end(j);
    json_key(j, "transitions");
    json_array_begin(j);
    mdd_state_transition_vec transitions = mdd_state_chart_state_transitions(chart);
    for (uint32_t i = 0; i < mdd_state_transition_vec_count(transitions); i++) {
        mdd_state_transition t = mdd_state_transition_vec_at(transitions, i);
        json_object_begin(j);
        json_member_string(j, "name", mdd_state_transition_short_name(t));
        json_member_string(j, "source", mdd_state_transition_source_short_name_ref(t));
        json_member_string(j, "target", mdd_state_transition_target_short_name_ref(t));
        json_object_end(j);
    }
    json_array_end(j);
    json_object_end(j);
}

mdd_status facts_state_charts_json(json_writer *j, const mdd_db_layer *layer, mdd_error *err)
{
    mdd_state_chart *charts;
    uint32_t total;
    mdd_status st = facts_state_charts(layer, &charts, &total, err);
    json_array_begin(j);
    for (uint32_t i = 0; i < total && st == MDD_OK; i++)
        facts_state_chart_json(j, charts[i]);
    json_array_end(j);
    free(charts);
    return st;
}

static void chart_name_json(json_writer *j, mdd_state_chart chart)
{
    json_member_string(j, "chart", mdd_state_chart_short_name(chart));
}

static mdd_status required_states_json(json_writer *j, const mdd_db_layer *layer,
                                       mdd_diag_comm comm, mdd_error *err)
{
    mdd_required_state *states;
    uint32_t total;
    mdd_status st = facts_required_states(layer, comm, &states, &total, err);
    json_key(j, "required_states");
    json_array_begin(j);
    for (uint32_t i = 0; i < total && st == MDD_OK; i++) {
        json_object_begin(j);
        chart_name_json(j, states[i].chart);
        json_member_string(j, "state", mdd_state_short_name(states[i].state));
        json_member_string(j, "value", states[i].value);
        json_object_end(j);
    }
    json_array_end(j);
    free(states);
    return st;
}

static mdd_status transitions_json(json_writer *j, const mdd_db_layer *layer,
                                   mdd_diag_comm comm, mdd_error *err)
{
    mdd_triggered_transition *transitions;
    uint32_t total;
    mdd_status st = facts_transitions(layer, comm, &transitions, &total, err);
    json_key(j, "transitions");
    json_array_begin(j);
    for (uint32_t i = 0; i < total && st == MDD_OK; i++) {
        mdd_state_transition t = transitions[i].transition;
        json_object_begin(j);
        chart_name_json(j, transitions[i].chart);
        json_member_string(j, "name", mdd_state_transition_short_name(t));
        json_member_string(j, "source", mdd_state_transition_source_short_name_ref(t));
        json_member_string(j, "target", mdd_state_transition_target_short_name_ref(t));
        json_object_end(j);
    }
    json_array_end(j);
    free(transitions);
    return st;
}

mdd_status facts_comm_states_json(json_writer *j, const mdd_db_layer *layer, mdd_diag_comm comm,
                                  mdd_error *err)
{
    mdd_status st = required_states_json(j, layer, comm, err);
    return st == MDD_OK ? transitions_json(j, layer, comm, err) : st;
}

static void job_params_json(json_writer *j, const char *key, mdd_job_param_vec params)
{
    json_key(j, key);
    json_array_begin(j);
    for (uint32_t i = 0; i < mdd_job_param_vec_count(params); i++) {
        mdd_job_param p = mdd_job_param_vec_at(params, i);
        json_object_begin(j);
        json_member_string(j, "name", mdd_job_param_short_name(p));
        json_member_string(j, "semantic", mdd_job_param_semantic(p));
        json_member_string(j, "default", mdd_job_param_physical_default_value(p));
        json_object_end(j);
    }
    json_array_end(j);
}

void facts_job_json(json_writer *j, mdd_single_ecu_job job)
{
    mdd_diag_comm comm = mdd_single_ecu_job_diag_comm(job);
    json_object_begin(j);
    json_member_string(j, "name", mdd_diag_comm_short_name(comm));
    json_member_string(j, "semantic", mdd_diag_comm_semantic(comm));
    job_params_json(j, "input_params", mdd_single_ecu_job_input_params(job));
    job_params_json(j, "output_params", mdd_single_ecu_job_output_params(job));
    job_params_json(j, "neg_output_params", mdd_single_ecu_job_neg_output_params(job));
    json_object_end(j);
}

mdd_status facts_jobs_json(json_writer *j, const mdd_db_layer *layer, mdd_error *err)
{
    mdd_single_ecu_job *jobs;
    uint32_t total;
    mdd_status st = facts_jobs(layer, &jobs, &total, err);
    json_array_begin(j);
    for (uint32_t i = 0; i < total && st == MDD_OK; i++)
        facts_job_json(j, jobs[i]);
    json_array_end(j);
    free(jobs);
    return st;
}

/* Closes open groups until depth are left: each an "items" array and its object. */
static void close_groups(json_writer *j, uint32_t *open, uint32_t depth)
{
    for (; *open > depth; (*open)--) {
        json_array_end(j);
        json_object_end(j);
    }
}

static void sdg_node_json(json_writer *j, const mdd_sdg_node *node)
{
    json_object_begin(j);
    if (mdd_present(node->sdg)) {
        json_member_string(j, "caption", mdd_sdg_caption_sn(node->sdg));
        json_member_string(j, "si", mdd_sdg_si(node->sdg));
        json_key(j, "items");
        json_array_begin(j);
        return; /* left open for the group's items */
    }
    json_member_string(j, "value", mdd_sd_value(node->sd));
    json_member_string(j, "si", mdd_sd_si(node->sd));
    json_member_string(j, "ti", mdd_sd_ti(node->sd));
    json_object_end(j);
}

mdd_status facts_sdgs_json(json_writer *j, mdd_sdgs sdgs, mdd_error *err)
{
    mdd_sdg_node *nodes;
    uint32_t count;
    mdd_status st = facts_sdg_nodes(sdgs, &nodes, &count, err);
    json_array_begin(j);
    /* Groups open: a node at depth d lies inside d of them and closes the others. */
    uint32_t open = 0;
    for (uint32_t i = 0; i < count && st == MDD_OK; i++) {
        close_groups(j, &open, nodes[i].depth);
        sdg_node_json(j, &nodes[i]);
        if (mdd_present(nodes[i].sdg))
            open++;
    }
    close_groups(j, &open, 0);
    json_array_end(j);
    free(nodes);
    return st;
}

static mdd_status responses_json(json_writer *j, const char *key, mdd_response_vec responses,
                                 mdd_error *err)
{
    json_key(j, key);
    json_array_begin(j);
    mdd_status st = MDD_OK;
    for (uint32_t i = 0; i < mdd_response_vec_count(responses) && st == MDD_OK; i++)
        st = facts_sdgs_json(j, mdd_response_sdgs(mdd_response_vec_at(responses, i)), err);
    json_array_end(j);
    return st;
}

mdd_status facts_comm_sdgs_json(json_writer *j, mdd_diag_comm comm, mdd_diag_service service,
                                mdd_error *err)
{
    json_key(j, "sdgs");
    mdd_status st = facts_sdgs_json(j, mdd_diag_comm_sdgs(comm), err);
    if (st != MDD_OK || !mdd_present(service))
        return st;
    json_key(j, "request");
    st = facts_sdgs_json(j, mdd_request_sdgs(mdd_diag_service_request(service)), err);
    if (st == MDD_OK)
        st = responses_json(j, "pos_responses", mdd_diag_service_pos_responses(service), err);
    if (st == MDD_OK)
        st = responses_json(j, "neg_responses", mdd_diag_service_neg_responses(service), err);
    return st;
}

mdd_status facts_variant_patterns_json(json_writer *j, const mdd_db_layer *layer,
                                       mdd_error *err)
{
    mdd_variant_match *matches;
    uint32_t total;
    mdd_status st = facts_variant_matches(layer, &matches, &total, err);
    json_array_begin(j);
    for (uint32_t i = 0; st == MDD_OK && i < total; i++) {
        if (i == 0 || matches[i].pattern != matches[i - 1].pattern) {
            if (i > 0)
                json_array_end(j);
            json_array_begin(j);
        }
        json_object_begin(j);
        json_member_string(j, "expected_value", matches[i].expected_value);
        json_key(j, "service");
        json_optional_string(
            j, mdd_diag_comm_short_name(mdd_diag_service_diag_comm(matches[i].service)));
        json_member_string(j, "out_param", mdd_param_short_name(matches[i].out_param));
        json_key(j, "physical_addressing");
        if (matches[i].physical_addressing < 0)
            json_null(j);
        else
            json_bool(j, matches[i].physical_addressing);
        json_object_end(j);
    }
    if (st == MDD_OK && total > 0)
        json_array_end(j);
    json_array_end(j);
    free(matches);
    return st;
}
