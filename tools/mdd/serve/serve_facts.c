/* SPDX-License-Identifier: Apache-2.0 */
/* /ecus/{ecu}/states, /sdgs and /jobs: a variant's state charts (or what a service requires
 * and triggers), its SDGs (or a service's), its jobs, as mdd states, sdgs and jobs --json
 * print them, with "ecu" added. */
#include "facts.h"
#include "json.h"
#include "serve_jobs.h"
#include "serve_parse.h"
#include "serve_reply.h"
#include "serve_routes.h"
#include "serve_server.h"
#include "serve_tables.h"

#include <stdlib.h>
#include <string.h>

/* The body for job's route, into the object being written. */
static mdd_status facts_json(json_writer *j, const serve_job *job, const mdd_db_layer *layer,
                             mdd_diag_comm comm, mdd_diag_service service, mdd_error *err)
{
    if (job->route == SERVE_ROUTE_JOBS) {
        json_key(j, "jobs");
        return facts_jobs_json(j, layer, err);
    }
    if (job->service) {
        json_key(j, "service");
        json_cstring(j, job->service);
    }
    if (job->route == SERVE_ROUTE_SDGS && job->service)
        return facts_comm_sdgs_json(j, comm, service, err);
    if (job->route == SERVE_ROUTE_SDGS) {
        json_key(j, "sdgs");
        return facts_sdgs_json(j, mdd_diag_layer_sdgs(mdd_db_layer_diag_layer(layer)), err);
    }
    if (job->service)
        return facts_comm_states_json(j, layer, comm, err);
    json_key(j, "state_charts");
    return facts_state_charts_json(j, layer, err);
}

static void answer_facts(serve_job *job)
{
    const serve_ecu *e = job->ecu;
    const mdd_db_layer *layer = mdd_db_ecu_variant_at(e->ecu, job->variant);
    const char *variant = e->variants[job->variant].name;
    mdd_diag_comm comm = {{0}};
    mdd_diag_service service = {{0}};
    mdd_error err;
    mdd_status st = MDD_OK;
    if (job->service && (st = facts_lookup_comm(layer, job->service, &comm, &service, &err)) !=
                            MDD_OK) {
        serve_reply_error(job->server, job->req, st == MDD_ERR_NOT_FOUND ? 404 : 500, "%s",
                          err.message);
        return;
    }
    serve_body b;
    if (serve_body_start(job->server, job->req, &b) != 0)
        return;
    json_object_begin(&b.json);
    json_key(&b.json, "ecu");
    json_cstring(&b.json, e->name);
    json_key(&b.json, "variant");
    json_cstring(&b.json, variant ? variant : "");
    st = facts_json(&b.json, job, layer, comm, service, &err);
    json_object_end(&b.json);
    if (st == MDD_OK) {
        serve_reply_json(job->server, job->req, 200, &b);
        return;
    }
    fclose(b.out);
    free(b.data);
    serve_reply_error(job->server, job->req, 500, "%s", err.message);
}

void serve_get_facts(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                     const serve_target *t)
{
    uint32_t variant = serve_target_variant(s, req, e, t);
    if (variant == UINT32_MAX)
        return;
    size_t service_size = t->service ? strlen(t->service) + 1 : 0;
    serve_job *job = serve_job_new(s, req, e, 0, service_size, answer_facts);
    if (!job) {
        serve_reply_error(s, req, 500, "out of memory");
        return;
    }
    job->variant = variant;
    job->route = t->route;
    if (t->service) {
        /* data holds the empty request's hex, "", then the service. */
        char *copy = (char *)job->data + 1;
        memcpy(copy, t->service, service_size);
        job->service = copy;
    }
    serve_job_start(s, job);
}
