/* SPDX-License-Identifier: Apache-2.0 */
/* The options, the opening and the service lookup that mdd states, jobs and sdgs share. */
#include "facts.h"

#include <stdio.h>
#include <string.h>

const cli_option facts_service_options[] = {
    {'S', "service", "NAME", "the effective service or job named NAME", NULL},
    CLI_OPTIONS_END,
};

int facts_args_option(void *ctx, int option, const char *value)
{
    facts_args *a = ctx;
    switch (option) {
    case 'S': a->service = value; return CLI_EXIT_OK;
    case 'D': a->dtc = value; return CLI_EXIT_OK;
    default: return cli_db_args_option(&a->db, option, value);
    }
}

/* The cli_db_layer_command's view of a facts command. args comes first, so that a pointer to
 * the whole is one to args for facts_args_option(). */
typedef struct facts_command {
    facts_args args;
    facts_answer answer;
} facts_command;

static int answer_facts(const char *path, void *args, const mdd_db_layer *layer)
{
    const facts_command *f = args;
    return f->answer(path, &f->args, layer);
}

int facts_run(int argc, char **argv, const cli_command *cmd, facts_answer answer)
{
    facts_command f = {.args = {.db = cli_db_args_init(cmd)}, .answer = answer};
    cli_db_layer_command c = {.args = &f, .db = &f.args.db, .operand = "FILE",
                              .option = facts_args_option, .answer = answer_facts};
    return cli_db_run_layer_command(argc, argv, &c);
}

int facts_query_error(const char *path, const mdd_error *err)
{
    return cli_error(path, "%s", err->message);
}

int facts_query_exit(const char *path, mdd_status st, const mdd_error *err)
{
    return st == MDD_OK ? CLI_EXIT_OK : facts_query_error(path, err);
}

mdd_status facts_lookup_comm(const mdd_db_layer *layer, const char *name, mdd_diag_comm *comm,
                             mdd_diag_service *service, mdd_error *err)
{
    mdd_db_service found;
    if (mdd_db_layer_find_service(layer, name, &found)) {
        *service = found.service;
        *comm = mdd_diag_service_diag_comm(found.service);
        return MDD_OK;
    }
    mdd_single_ecu_job job;
    mdd_status st = mdd_db_layer_find_job(layer, name, &job, err);
    if (st == MDD_ERR_NOT_FOUND) {
        err->status = st;
        snprintf(err->message, sizeof err->message, "no service or job named '%s'", name);
    }
    if (st != MDD_OK)
        return st;
    *comm = mdd_single_ecu_job_diag_comm(job);
    *service = (mdd_diag_service){{comm->t.buf, comm->t.len, 0}};
    return MDD_OK;
}

int facts_find_comm(const char *path, const mdd_db_layer *layer, const char *name,
                    mdd_diag_comm *comm, mdd_diag_service *service)
{
    mdd_error err;
    if (facts_lookup_comm(layer, name, comm, service, &err) != MDD_OK)
        return facts_query_error(path, &err);
    return CLI_EXIT_OK;
}
