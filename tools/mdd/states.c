/* SPDX-License-Identifier: Apache-2.0 */
/* mdd states: a variant's state charts (sessions, security levels...), or what one service
 * requires and triggers. */
#include "facts.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>

static void print_or_none(mdd_bytes bytes)
{
    if (bytes.ptr)
        text_print(stdout, bytes);
    else
        fputs("(none)", stdout);
}

static void print_transition(mdd_state_transition t)
{
    print_or_none(mdd_state_transition_short_name(t));
    fputs(": ", stdout);
    print_or_none(mdd_state_transition_source_short_name_ref(t));
    fputs(" -> ", stdout);
    print_or_none(mdd_state_transition_target_short_name_ref(t));
    fputc('\n', stdout);
}

static void print_chart(mdd_state_chart chart)
{
    print_or_none(mdd_state_chart_short_name(chart));
    fputs(" (", stdout);
    print_or_none(mdd_state_chart_semantic(chart));
    fputs("), start ", stdout);
    print_or_none(mdd_state_chart_start_state_short_name_ref(chart));
    fputs("\n  states:", stdout);
    mdd_state_vec states = mdd_state_chart_states(chart);
    for (uint32_t i = 0; i < mdd_state_vec_count(states); i++) {
        fputc(' ', stdout);
        print_or_none(mdd_state_short_name(mdd_state_vec_at(states, i)));
    }
    fputc('\n', stdout);
    mdd_state_transition_vec transitions = mdd_state_chart_state_transitions(chart);
    for (uint32_t i = 0; i < mdd_state_transition_vec_count(transitions); i++) {
        fputs("  ", stdout);
        print_transition(mdd_state_transition_vec_at(transitions, i));
    }
}

static mdd_status print_charts(const mdd_db_layer *layer, mdd_error *err)
{
    mdd_state_chart *charts;
    uint32_t total;
    mdd_status st = facts_state_charts(layer, &charts, &total, err);
    for (uint32_t i = 0; i < total && st == MDD_OK; i++)
        print_chart(charts[i]);
    free(charts);
    return st;
}

static mdd_status print_required(const mdd_db_layer *layer, mdd_diag_comm comm, mdd_error *err)
{
    mdd_required_state *states;
    uint32_t total;
    mdd_status st = facts_required_states(layer, comm, &states, &total, err);
    for (uint32_t i = 0; i < total && st == MDD_OK; i++) {
        fputs("requires ", stdout);
        print_or_none(mdd_state_chart_short_name(states[i].chart));
        fputc('.', stdout);
        print_or_none(mdd_state_short_name(states[i].state));
        fputc('\n', stdout);
    }
    free(states);
    return st;
}

static mdd_status print_triggered(const mdd_db_layer *layer, mdd_diag_comm comm,
                                  mdd_error *err)
{
    mdd_triggered_transition *transitions;
    uint32_t total;
    mdd_status st = facts_transitions(layer, comm, &transitions, &total, err);
    for (uint32_t i = 0; i < total && st == MDD_OK; i++) {
        fputs("triggers ", stdout);
        print_or_none(mdd_state_chart_short_name(transitions[i].chart));
        fputc('.', stdout);
        print_transition(transitions[i].transition);
    }
    free(transitions);
    return st;
}

static mdd_status print_json(const facts_args *a, const mdd_db_layer *layer, mdd_diag_comm comm,
                             mdd_error *err)
{
    json_writer j;
    json_init(&j, stdout);
    json_object_begin(&j);
    json_key(&j, "variant");
    json_optional_string(&j, mdd_db_layer_name(layer));
    mdd_status st;
    if (a->service) {
        json_key(&j, "service");
        json_cstring(&j, a->service);
        st = facts_comm_states_json(&j, layer, comm, err);
    } else {
        json_key(&j, "state_charts");
        st = facts_state_charts_json(&j, layer, err);
    }
    json_object_end(&j);
    json_end_line(&j);
    return st;
}

static mdd_status print_text(const facts_args *a, const mdd_db_layer *layer, mdd_diag_comm comm,
                             mdd_error *err)
{
    if (!a->service)
        return print_charts(layer, err);
    mdd_status st = print_required(layer, comm, err);
    return st == MDD_OK ? print_triggered(layer, comm, err) : st;
}

static int answer(const char *path, const facts_args *a, const mdd_db_layer *layer)
{
    mdd_diag_comm comm = {{0}};
    mdd_diag_service service;
    int rc = a->service ? facts_find_comm(path, layer, a->service, &comm, &service) : CLI_EXIT_OK;
    if (rc != CLI_EXIT_OK)
        return rc;
    mdd_error err = {0};
    mdd_status st = a->db.json ? print_json(a, layer, comm, &err)
                               : print_text(a, layer, comm, &err);
    return facts_query_exit(path, st, &err);
}

static int run(int argc, char **argv)
{
    return facts_run(argc, argv, &cli_states_command, answer);
}

static const cli_option option_table[] = {
    CLI_INCLUDE(cli_db_ecu_options),
    CLI_INCLUDE(cli_db_variant_options),
    CLI_INCLUDE(facts_service_options),
    CLI_JSON_OPTION("print one JSON object instead: {\"variant\", \"state_charts\": [{\"name\", "
                    "\"semantic\", \"start_state\", \"states\", \"transitions\": [{\"name\", "
                    "\"source\", \"target\"}]}]}, or with --service {\"variant\", \"service\", "
                    "\"required_states\": [{\"chart\", \"state\", \"value\"}], \"transitions\": "
                    "[{\"chart\", \"name\", \"source\", \"target\"}]}"),
    CLI_INCLUDE(cli_db_load_options),
    CLI_OPTIONS_END,
};

const cli_command cli_states_command = {
    .name = "states",
    .summary = "Show a variant's state charts, or the states a service needs and sets",
    .synopsis = "[--ecu E] [--variant V] [--service NAME] [--json] [--strategy S]\n"
                "    [--cache-budget BYTES] [--skip-invalid] [--trust DIR [--require-signature]] FILE",
    .help = "Prints the effective state charts of a variant of FILE (its own, then its\n"
            "parents', the nearest of each name winning): each chart's name, semantic\n"
            "(SESSION, SECURITY...) and start state, its states, and one line per transition\n"
            "`NAME: SOURCE -> TARGET`. With --service, prints instead the states the service\n"
            "(or job) requires, one `requires CHART.STATE` line each, and the transitions it\n"
            "triggers, one `triggers CHART.NAME: SOURCE -> TARGET` line each.\n",
    .options = option_table,
    .run = run,
};
