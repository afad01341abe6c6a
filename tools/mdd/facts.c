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

int facts_open(int argc, char **argv, facts_args *a, const char **path, mdd_db **db,
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

int facts_query_error(const char *path, const mdd_error *err)
{
    return cli_error(path, "%s", err->message);
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
