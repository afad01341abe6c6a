/* SPDX-License-Identifier: Apache-2.0 */
/* The routes that describe services, answered as `mdd schema`, `mdd layout --json` and
 * `mdd sovd --json` print, once the ECU's payload is resident (serve_job_start()):
 *
 *   GET /ecus/{ecu}/services/{name}/schema[?message=M][&index=N][&variant=V|&group=G]
 *   GET /ecus/{ecu}/services/{name}/layout[?message=M][&index=N][&variant=V|&group=G]
 *   GET /ecus/{ecu}/sovd[?variant=V|&group=G]
 *
 * M is request (the default), response or negative. The job's data: 's' (schema), 'l'
 * (layout) or 'v' (the SOVD view), the message kind's digit, then the service's name and
 * NUL; its code is the message's index. */
#include "describe_out.h"
#include "serve_jobs.h"
#include "serve_parse.h"
#include "serve_reply.h"
#include "serve_routes.h"
#include "serve_server.h"
#include "sovd_out.h"
#include "cli_uds.h"

#include <stdlib.h>
#include <string.h>

/* 404 for a service or message the layer does not have, 500 for the rest. */
static void reply_error(serve_job *job, mdd_status st, const mdd_error *err)
{
    serve_reply_error(job->server, job->req, st == MDD_ERR_ARG ? 404 : 500, "%s", err->message);
}

/* The schema or the layout of the job's message into b. */
static mdd_status describe(serve_job *job, const mdd_db_service *s, serve_body *b,
                           mdd_error *err)
{
    mdd_uds_message m = {(mdd_uds_message_kind)(job->data[1] - '0'), job->code};
    mdd_sink sink = cli_uds_file_sink(b->out);
    if (job->data[0] == 's')
        return mdd_uds_schema(serve_job_layer(job), s, &m, NULL, &sink, err);
    uds_jw w;
    uds_jw_init(&w, &sink, err);
    mdd_status st = describe_layout_json(&w, serve_job_layer(job), s, &m, err);
    mdd_status flushed = uds_jw_flush(&w);
    return st != MDD_OK ? st : flushed;
}

/* Sends b when st is MDD_OK, else discards it and answers the error. */
static void reply(serve_job *job, serve_body *b, mdd_status st, const mdd_error *err)
{
    if (st == MDD_OK) {
        serve_reply_json(job->server, job->req, 200, b);
    } else {
        serve_body_discard(b);
        reply_error(job, st, err);
    }
}

static void answer_service(serve_job *job)
{
    mdd_db_service s;
    if (!mdd_db_layer_find_service(serve_job_layer(job), job->service, &s)) {
        serve_reply_error(job->server, job->req, 404, "no service named '%s'", job->service);
        return;
    }
    serve_body b;
    if (serve_body_start(job->server, job->req, &b) != 0)
        return;
    mdd_error err;
    mdd_status st = describe(job, &s, &b, &err);
    reply(job, &b, st, &err);
}

static void answer_sovd(serve_job *job)
{
    const mdd_db_layer *layer = serve_job_layer(job);
    sovd_view v;
    serve_body b;
    mdd_error err;
    mdd_status st = sovd_view_read(layer, &v, &err);
    if (st != MDD_OK) {
        sovd_view_free(&v);
        reply_error(job, st, &err);
        return;
    }
    if (serve_body_start(job->server, job->req, &b) != 0) {
        sovd_view_free(&v);
        return;
    }
    json_object_begin(&b.json);
    json_key(&b.json, "ecu");
    json_cstring(&b.json, job->ecu->name);
    json_key(&b.json, cli_db_layer_kind(layer));
    json_string(&b.json, mdd_db_layer_name(layer));
    st = sovd_view_json(&b.json, layer, &v, &err);
    json_object_end(&b.json);
    sovd_view_free(&v);
    reply(job, &b, st, &err);
}

static void answer(serve_job *job)
{
    if (job->data[0] == 'v')
        answer_sovd(job);
    else
        answer_service(job);
}

void serve_describe(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                    const serve_target *t)
{
    int is_group;
    uint32_t layer = serve_request_layer(s, req, e, t, &is_group);
    if (layer == UINT32_MAX)
        return;
    const char *service = t->route == SERVE_ROUTE_DESCRIBE ? t->service : "";
    size_t len = strlen(service);
    serve_job *job = serve_job_new(s, req, e, 0, len + 3, answer);
    if (!job) {
        serve_reply_error(s, req, 500, "out of memory");
        return;
    }
    job->data[0] = (uint8_t)(t->route == SERVE_ROUTE_SOVD ? 'v' : t->segments[4][0]);
    job->data[1] = (uint8_t)('0' + t->message_kind);
    memcpy(job->data + 2, service, len + 1);
    job->service = (const char *)job->data + 2;
    job->code = t->message_index;
    job->variant = layer;
    job->is_group = is_group;
    serve_job_start(s, job);
}
