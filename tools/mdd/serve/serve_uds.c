/* SPDX-License-Identifier: Apache-2.0 */
/* The codec's routes: /ecus/{ecu}/decode, /encode and /identify, answered as `mdd decode
 * --json`, `mdd encode --json` and `mdd identify --json` print, once the ECU's payload is
 * resident (serve_job_start()).
 *
 *   GET  /ecus/{ecu}/decode?request=HEX&response=HEX[&variant=V|&group=G][&view=json|values]
 *   POST /ecus/{ecu}/encode?service=S[&variant=V|&group=G]  with the values as the body
 *   GET  /ecus/{ecu}/encode?service=S&params=JSON[&variant=V|&group=G]
 *   GET  /ecus/{ecu}/identify                               the requests to send
 *   GET  /ecus/{ecu}/identify?REQUEST=RESPONSE&...          the variant they identify
 *
 * The job carries the query string and the body; they are parsed again when it is answered,
 * which costs less than keeping a parsed copy. Its data: the operation's letter, the query,
 * NUL, the body, NUL. */
#include "cli_db.h"
#include "decode_values.h"
#include "json.h"
#include "serve_jobs.h"
#include "serve_parse.h"
#include "serve_reply.h"
#include "serve_routes.h"
#include "serve_server.h"
#include "serve_tables.h"
#include "cli_uds.h"

#include <event2/buffer.h>
#include <event2/http.h>

#include <stdlib.h>
#include <string.h>

/* The most exchanges one identify request takes. */
#define IDENTIFY_EXCHANGES_MAX 64

/* The job's query and body. */
static const char *job_query(const serve_job *job) { return (const char *)job->data + 1; }

static const char *job_body(const serve_job *job)
{
    const char *query = job_query(job);
    return query + strlen(query) + 1;
}

/* Parameter key of q as bytes, answering 400 when it is absent or not hex. */
static int hex_param(serve_job *job, const serve_params *q, const char *key, cli_uds_hex *out)
{
    const char *hex = serve_param(q, key);
    mdd_status st = hex ? cli_uds_hex_parse(hex, out) : MDD_ERR_ARG;
    if (st == MDD_ERR_NOMEM)
        serve_reply_error(job->server, job->req, 500, "out of memory");
    else if (!hex)
        serve_reply_error(job->server, job->req, 400, "no %s parameter (hex)", key);
    else if (st != MDD_OK)
        serve_reply_error(job->server, job->req, 400,
                          "'%s' is not a %s in hex (pairs of hex digits)", hex, key);
    return st == MDD_OK ? 0 : -1;
}

/* 404 for a message no service or response describes, 400 for one that does not decode or a
 * value that does not encode, 500 for the rest. */
static void reply_codec_error(serve_job *job, mdd_status st, const mdd_error *err)
{
    int code = st == MDD_ERR_NOT_FOUND ? 404
               : st == MDD_ERR_NOMEM   ? 500
                                       : 400;
    serve_reply_error(job->server, job->req, code, "%s", err->message);
}

const mdd_db_layer *serve_job_layer(const serve_job *job)
{
    return job->is_group ? mdd_db_ecu_functional_group_at(job->ecu->ecu, job->variant)
                         : mdd_db_ecu_variant_at(job->ecu->ecu, job->variant);
}

/* The view parameter: 0 for json (the default), 1 for values; -1 after answering 400. */
static int decode_view(serve_job *job, const serve_params *q)
{
    const char *view = serve_param(q, "view");
    if (!view || strcmp(view, "json") == 0)
        return 0;
    if (strcmp(view, "values") == 0)
        return 1;
    serve_reply_error(job->server, job->req, 400, "view '%s' is neither json nor values", view);
    return -1;
}

static void answer_decode(serve_job *job, const serve_params *q)
{
    cli_uds_hex req = {0}, resp = {0};
    int view = decode_view(job, q);
    if (view >= 0 && hex_param(job, q, "request", &req) == 0 &&
        hex_param(job, q, "response", &resp) == 0) {
        serve_body b;
        if (serve_body_start(job->server, job->req, &b) == 0) {
            mdd_sink sink = cli_uds_file_sink(b.out);
            mdd_error err;
            const mdd_db_layer *layer = serve_job_layer(job);
            mdd_status st =
                view ? decode_values_json(layer, req.bytes, req.len, resp.bytes, resp.len,
                                          &sink, &err)
                     : mdd_uds_decode_json(layer, req.bytes, req.len, resp.bytes, resp.len,
                                           &job->server->codec, &sink, &err);
            if (st == MDD_OK) {
                serve_reply_json(job->server, job->req, 200, &b);
            } else {
                serve_body_discard(&b);
                reply_codec_error(job, st, &err);
            }
        }
    }
    free(req.bytes);
    free(resp.bytes);
}

static void reply_request(serve_job *job, const char *service, const uint8_t *bytes,
                          size_t len)
{
    serve_body b;
    if (serve_body_start(job->server, job->req, &b) != 0)
        return;
    json_writer *j = &b.json;
    json_object_begin(j);
    json_key(j, "ecu");
    json_cstring(j, job->ecu->name);
    json_key(j, cli_db_layer_kind(serve_job_layer(job)));
    json_string(j, mdd_db_layer_name(serve_job_layer(job)));
    json_key(j, "service");
    json_cstring(j, service);
    json_key(j, "request");
    json_hex(j, bytes, len);
    json_object_end(j);
    serve_reply_json(job->server, job->req, 200, &b);
}

static void answer_encode(serve_job *job, const serve_params *q)
{
    const char *service = serve_param(q, "service");
    const char *values = serve_param(q, "params");
    if (!values)
        values = *job_body(job) ? job_body(job) : "{}";
    mdd_db_service s;
    if (!service) {
        serve_reply_error(job->server, job->req, 400, "no service parameter");
        return;
    }
    if (!mdd_db_layer_find_service(serve_job_layer(job), service, &s)) {
        serve_reply_error(job->server, job->req, 404, "no service named '%s'", service);
        return;
    }
    uint8_t *bytes;
    size_t len;
    mdd_error err;
    mdd_status st = cli_uds_encode_request(serve_job_layer(job), &s, values, strlen(values),
                                           &bytes, &len, &err);
    if (st != MDD_OK) {
        reply_codec_error(job, st, &err);
        return;
    }
    reply_request(job, service, bytes, len);
    free(bytes);
}

/* {"ecu", "requests": [{"service", "request"}]} */
static void reply_identify_requests(serve_job *job)
{
    const mdd_db_ecu *ecu = job->ecu->ecu;
    size_t count = mdd_uds_identify_requests(ecu, NULL, 0);
    mdd_uds_identify_request *reqs = calloc(count ? count : 1, sizeof *reqs);
    serve_body b;
    if (!reqs) {
        serve_reply_error(job->server, job->req, 500, "out of memory");
        return;
    }
    mdd_uds_identify_requests(ecu, reqs, count);
    if (serve_body_start(job->server, job->req, &b) != 0) {
        free(reqs);
        return;
    }
    json_writer *j = &b.json;
    json_object_begin(j);
    json_key(j, "ecu");
    json_cstring(j, job->ecu->name);
    json_key(j, "requests");
    json_array_begin(j);
    for (size_t i = 0; i < count; i++) {
        uint8_t *bytes;
        size_t len;
        mdd_error err;
        if (cli_uds_encode_request(reqs[i].layer, &reqs[i].service, "{}", 2, &bytes, &len,
                                   &err) != MDD_OK)
            continue;
        json_object_begin(j);
        json_key(j, "service");
        json_string(j, mdd_diag_comm_short_name(mdd_diag_service_diag_comm(reqs[i].service.service)));
        json_key(j, "request");
        json_hex(j, bytes, len);
        json_object_end(j);
        free(bytes);
    }
    json_array_end(j);
    json_object_end(j);
    free(reqs);
    serve_reply_json(job->server, job->req, 200, &b);
}

static void reply_identity(serve_job *job, const mdd_uds_identity *id)
{
    serve_body b;
    if (serve_body_start(job->server, job->req, &b) != 0)
        return;
    json_object_begin(&b.json);
    json_key(&b.json, "ecu");
    json_cstring(&b.json, job->ecu->name);
    json_key(&b.json, "variant");
    json_string(&b.json, mdd_db_layer_name(id->variant));
    json_key(&b.json, "matched");
    json_bool(&b.json, id->matched);
    json_object_end(&b.json);
    serve_reply_json(job->server, job->req, 200, &b);
}

/* The exchanges of q, each parameter REQUEST=RESPONSE; their bytes go to args. Returns the
 * status of the first that does not parse. */
static mdd_status parse_exchanges(const serve_params *q, cli_uds_hex *args,
                                  mdd_uds_exchange *exchanges, size_t *n)
{
    *n = 0;
    for (size_t i = 0; i < q->count; i++) {
        if (*n == IDENTIFY_EXCHANGES_MAX)
            return MDD_ERR_LIMIT;
        cli_uds_hex *a = &args[2 * *n];
        mdd_status st = cli_uds_hex_parse(q->keys[i], &a[0]);
        if (st == MDD_OK)
            st = cli_uds_hex_parse(q->values[i], &a[1]);
        exchanges[(*n)++] = (mdd_uds_exchange){a[0].bytes, a[0].len, a[1].bytes, a[1].len};
        if (st != MDD_OK)
            return st;
    }
    return MDD_OK;
}

/* Without parameters the requests to send; else every parameter REQUEST=RESPONSE is an
 * exchange, and the answer is the variant they identify. */
static void answer_identify(serve_job *job, const serve_params *q)
{
    if (q->count == 0) {
        reply_identify_requests(job);
        return;
    }
    mdd_uds_exchange exchanges[IDENTIFY_EXCHANGES_MAX];
    cli_uds_hex args[2 * IDENTIFY_EXCHANGES_MAX] = {{0}};
    size_t n;
    mdd_status st = parse_exchanges(q, args, exchanges, &n);
    mdd_uds_identity id;
    mdd_error err;
    if (st == MDD_ERR_NOMEM)
        serve_reply_error(job->server, job->req, 500, "out of memory");
    else if (st != MDD_OK)
        serve_reply_error(job->server, job->req, 400,
                          "the parameters are not up to %d REQUEST=RESPONSE pairs in hex",
                          IDENTIFY_EXCHANGES_MAX);
    else if ((st = mdd_uds_identify(job->ecu->ecu, exchanges, n, NULL, &id, &err)) != MDD_OK)
        reply_codec_error(job, st, &err);
    else
        reply_identity(job, &id);
    for (size_t i = 0; i < 2 * n; i++)
        free(args[i].bytes);
}

static void answer(serve_job *job)
{
    serve_params q;
    char message[SERVE_MESSAGE_MAX];
    int status = serve_params_parse(job->spec, job_query(job), &q, message, sizeof message);
    if (status)
        serve_reply_error(job->server, job->req, status, "%s", message);
    else if (job->data[0] == 'd')
        answer_decode(job, &q);
    else if (job->data[0] == 'e')
        answer_encode(job, &q);
    else
        answer_identify(job, &q);
    serve_params_free(&q);
}

uint32_t serve_request_layer(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                             const serve_target *t, int *is_group)
{
    int takes_layer = t->spec->params != NULL;
    const char *name = takes_layer ? serve_param(&t->params, "variant") : NULL;
    const char *group = takes_layer ? serve_param(&t->params, "group") : NULL;
    uint32_t index = group  ? serve_find_group(e, group)
                     : name ? serve_find_variant(e, name)
                            : e->base_variant;
    *is_group = group != NULL;
    if (group && name)
        serve_reply_error(s, req, 400, "a variant and a group: name one of them");
    else if (index == UINT32_MAX && group)
        serve_reply_error(s, req, 404, "no functional group named '%s'", group);
    else if (index == UINT32_MAX && name)
        serve_reply_error(s, req, 404, "no variant named '%s'", name);
    else if (index == UINT32_MAX)
        serve_reply_error(s, req, 404, "ECU '%s' has no variants", e->name);
    return group && name ? UINT32_MAX : index;
}

void serve_uds(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
               const serve_target *t)
{
    const char *what = t->segments[2];
    const char *query = evhttp_uri_get_query(evhttp_request_get_evhttp_uri(req));
    query = query ? query : "";
    int is_group;
    uint32_t layer = serve_request_layer(s, req, e, t, &is_group);
    if (layer == UINT32_MAX)
        return;
    struct evbuffer *input = evhttp_request_get_input_buffer(req);
    size_t body_len = input ? evbuffer_get_length(input) : 0;
    if (body_len && serve_param(&t->params, "params")) {
        serve_reply_error(s, req, 400, "values in params and in the body: send one of them");
        return;
    }
    size_t query_len = strlen(query);
    serve_job *job = serve_job_new(s, req, e, 0, query_len + body_len + 3, answer);
    if (!job) {
        serve_reply_error(s, req, 500, "out of memory");
        return;
    }
    job->data[0] = (uint8_t)what[0];
    memcpy(job->data + 1, query, query_len + 1);
    if (body_len)
        evbuffer_copyout(input, job->data + query_len + 2, body_len);
    job->variant = layer;
    job->is_group = is_group;
    job->spec = t->spec;
    serve_job_start(s, job);
}
