/* SPDX-License-Identifier: Apache-2.0 */
/* The options, the opening and the service lookup that mdd states, jobs and sdgs share. */
#include "facts.h"

#include <stdio.h>
#include <string.h>

int facts_args_option(void *ctx, int option, const char *value)
{
    facts_args *a = ctx;
    switch (option) {
    case 'S': a->service = value; return CLI_EXIT_OK;
    case 'D': a->dtc = value; return CLI_EXIT_OK;
    default: return db_args_option(&a->db, option, value);
    }
}

/* Parses argv into a, opens FILE and chooses the variant. Returns -1 with *db open, *layer
 * set and *path the FILE, or the exit code when the command must stop, with nothing open. */
static int facts_open(int argc, char **argv, facts_args *a, const char **path, mdd_db **db,
                      const mdd_db_layer **layer)
{
    int first;
    int rc = cli_parse_options(a->db.cmd, argc, argv, facts_args_option, a, &first);
    if (rc >= 0)
        return rc;
    if (argc - first != 1)
        return cli_usage_error(a->db.cmd, "expected exactly one FILE");
    *path = argv[first];
    const mdd_db_ecu *ecu;
    rc = db_open_ecu(*path, &a->db, db, &ecu);
    if (rc != CLI_EXIT_OK)
        return rc;
    rc = db_choose_variant(*path, &a->db, ecu, layer);
    if (rc != CLI_EXIT_OK) {
        mdd_db_close(*db);
        return rc;
    }
    return -1;
}

int facts_run(int argc, char **argv, const cli_command *cmd, facts_answer answer)
{
    facts_args a = {.db = db_args_init(cmd)};
    const char *path = NULL;
    mdd_db *db = NULL;
    const mdd_db_layer *layer = NULL;
    int rc = facts_open(argc, argv, &a, &path, &db, &layer);
    if (rc >= 0)
        return rc;
    rc = answer(path, &a, layer);
    mdd_db_close(db);
    return rc;
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
    if (mdd_db_find_service(layer, name, &found)) {
        *service = found.service;
        *comm = mdd_diag_service_diag_comm(found.service);
        return MDD_OK;
    }
    mdd_single_ecu_job job;
    mdd_status st = mdd_query_find_job(layer, name, &job, err);
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
