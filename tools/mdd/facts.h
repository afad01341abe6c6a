/* SPDX-License-Identifier: Apache-2.0 */
/* What the commands over a layer's facts (states, jobs, sdgs) share with each other, mdd ecu
 * and mdd serve: their options, finding the service they ask about, and the facts as JSON. */
#ifndef MDD_TOOL_FACTS_H
#define MDD_TOOL_FACTS_H

#include "cli_db.h"

#include <mdd/query.h>

/* The options of those commands: the database's, plus the service (-S) and DTC (-D) a
 * command asks about. */
typedef struct facts_args {
    cli_db_args db;
    const char *service;
    const char *dtc;
} facts_args;

/* -S/--service NAME, the option of the commands that ask about one service. */
extern const cli_option facts_service_options[];

/* cli_option_fn for facts_args: -S/--service, -D/--dtc, else cli_db_args_option(). */
int facts_args_option(void *ctx, int option, const char *value);

/* Answers a command's question about layer, the variant chosen in FILE path: prints the
 * answer and returns the exit code. */
typedef int (*facts_answer)(const char *path, const facts_args *a, const mdd_db_layer *layer);

/* The whole of command cmd over one FILE: parses argv, opens FILE, chooses the variant, calls
 * answer and closes. Returns the exit code (the help, a usage error, a failed open, or
 * answer's). */
int facts_run(int argc, char **argv, const cli_command *cmd, facts_answer answer);

/* The DiagComm of the effective service or, failing that, the effective job of layer named
 * name, and in *service the service (absent for a job). Fails with MDD_ERR_NOT_FOUND ("no
 * service or job named 'NAME'") or as mdd_db_layer_find_job(). */
mdd_status facts_lookup_comm(const mdd_db_layer *layer, const char *name, mdd_diag_comm *comm,
                             mdd_diag_service *service, mdd_error *err);

/* facts_lookup_comm() for a command on path: CLI_EXIT_OK, or the exit code after printing
 * why. */
int facts_find_comm(const char *path, const mdd_db_layer *layer, const char *name,
                    mdd_diag_comm *comm, mdd_diag_service *service);

/* Prints `mdd: PATH: message` for a failed query and returns CLI_EXIT_FAIL. */
int facts_query_error(const char *path, const mdd_error *err);

/* The exit code of a query that ended with st: CLI_EXIT_OK, or facts_query_error(). */
int facts_query_exit(const char *path, mdd_status st, const mdd_error *err);

/* ---- The answers of include/mdd/query.h in new arrays (facts_fetch.c) ----
 * Each sets *out to an array the caller frees (also after a failure) and *count to its
 * entries; fails as the query does, or with MDD_ERR_NOMEM. */

mdd_status facts_state_charts(const mdd_db_layer *layer, mdd_state_chart **out, uint32_t *count,
                              mdd_error *err);
mdd_status facts_required_states(const mdd_db_layer *layer, mdd_diag_comm comm,
                                 mdd_required_state **out, uint32_t *count, mdd_error *err);
mdd_status facts_transitions(const mdd_db_layer *layer, mdd_diag_comm comm,
                             mdd_triggered_transition **out, uint32_t *count, mdd_error *err);
mdd_status facts_jobs(const mdd_db_layer *layer, mdd_single_ecu_job **out, uint32_t *count,
                      mdd_error *err);
mdd_status facts_sdg_nodes(mdd_sdgs sdgs, mdd_sdg_node **out, uint32_t *count, mdd_error *err);
mdd_status facts_variant_matches(const mdd_db_layer *layer, mdd_variant_match **out,
                                 uint32_t *count, mdd_error *err);

/* ---- The facts as JSON (facts_json.c) ---- */

/* A state chart: {"name", "semantic", "start_state", "states": [names], "transitions":
 * [{"name", "source", "target"}]}. */
void facts_state_chart_json(json_writer *j, mdd_state_chart chart);

/* The layer's effective state charts as an array. */
mdd_status facts_state_charts_json(json_writer *j, const mdd_db_layer *layer, mdd_error *err);

/* What comm requires and triggers: the keys "required_states": [{"chart", "state",
 * "value"}] and "transitions": [{"chart", "name", "source", "target"}], into the object being
 * written. */
mdd_status facts_comm_states_json(json_writer *j, const mdd_db_layer *layer, mdd_diag_comm comm,
                                  mdd_error *err);

/* A job: {"name", "semantic", "input_params", "output_params", "neg_output_params"}, each
 * param {"name", "semantic", "default"}. */
void facts_job_json(json_writer *j, mdd_single_ecu_job job);

/* The layer's effective jobs as an array. */
mdd_status facts_jobs_json(json_writer *j, const mdd_db_layer *layer, mdd_error *err);

/* An SDGS as an array of groups {"caption", "si", "items"}, an item being a group or an SD
 * {"value", "si", "ti"}. Allocates the nodes while writing. */
mdd_status facts_sdgs_json(json_writer *j, mdd_sdgs sdgs, mdd_error *err);

/* The SDGs of comm under "sdgs" and, when service is present (comm being its DiagComm),
 * those of its request and responses under "request", "pos_responses" and "neg_responses",
 * into the object being written. */
mdd_status facts_comm_sdgs_json(json_writer *j, mdd_diag_comm comm, mdd_diag_service service,
                                mdd_error *err);

/* The variant's identification patterns: an array of patterns, each an array of conditions
 * {"expected_value", "service", "out_param", "physical_addressing"} (the last null when
 * absent). */
mdd_status facts_variant_patterns_json(json_writer *j, const mdd_db_layer *layer,
                                       mdd_error *err);


#endif
