/* SPDX-License-Identifier: Apache-2.0 */
/* Lookups, services, DTCs and ComParams: answers that read an ECU's payload. A job first
 * checks that the payload is resident (mdd_store_try_read()) and answers at once when it is;
 * otherwise it parks the request, the reader brings the payload in off the loop, and the read's
 * callback answers.
 * The pin held while answering keeps a pread cache's bytes in memory. */
#include "comparams_out.h"
#include "cli_db.h"
#include "json.h"
#include "serve_conns.h"
#include "serve_jobs.h"
#include "serve_parse.h"
#include "serve_reload.h"
#include "serve_reply.h"
#include "serve_routes.h"
#include "serve_server.h"
#include "serve_tables.h"

#include <event2/http.h>

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

serve_job *serve_job_new(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                         size_t request_len, size_t extra, void (*answer)(serve_job *))
{
    serve_job *job = calloc(1, sizeof *job + request_len * 3 + 1 + extra);
    if (!job)
        return NULL;
    job->server = s;
    job->gen = serve_gen_hold(s->gen);
    job->req = req;
    job->ecu = e;
    job->answer = answer;
    return job;
}

static void job_free(serve_job *job)
{
    serve_gen_drop(job->gen);
    free(job);
}

/* Maps the resident payload's pages into the process, once per ECU and generation. Every
 * request checks that the whole payload is resident (mincore(2)), and a lookup touches few of
 * its pages: for the others the kernel looks each page up in the page cache, which cost the
 * loop more than the rest of a lookup (tens of microseconds for a payload of megabytes); a
 * page in the page tables is one entry read. The pages are resident, so this reads no disk;
 * reclaim may still unmap them, which only makes the check slow again. */
static void map_payload_once(serve_job *job, const mdd_pin *pin)
{
    serve_ecu *e = serve_gen_ecu(job->gen, job->ecu);
    if (e->payload_mapped || pin->bytes.len == 0)
        return;
    e->payload_mapped = 1;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t start = (uintptr_t)pin->bytes.ptr & ~(page - 1);
    uintptr_t end = ((uintptr_t)pin->bytes.ptr + pin->bytes.len + page - 1) & ~(page - 1);
#ifdef MADV_POPULATE_READ
    if (madvise((void *)start, end - start, MADV_POPULATE_READ) == 0)
        return;
#endif
    for (uintptr_t p = start; p < end; p += page)
        (void)*(const volatile uint8_t *)p;
}

/* Answers with the payload resident, then frees the job. */
static void job_finish(serve_job *job, mdd_pin *pin)
{
    map_payload_once(job, pin);
    job->answer(job);
    mdd_pin_release(pin);
    job_free(job);
}

static void job_read_done(void *user, mdd_status status, mdd_pin *pin, const mdd_error *err)
{
    serve_job *job = user;
    job->read = 0;
    if (job->conn)
        job->conn->job = NULL;
    if (!job->req) {
        mdd_pin_release(pin);
        job_free(job);
    } else if (status != MDD_OK) {
        serve_reply_error(job->server, job->req, 500, "%s", err->message);
        job_free(job);
    } else {
        job_finish(job, pin);
    }
}

void serve_job_start(serve_server *s, serve_job *job)
{
    const serve_ecu *e = job->ecu;
    mdd_pin pin = {0};
    mdd_error err;
    mdd_status st =
        mdd_store_try_read(e->store, e->payload_chunk, 0, e->payload_len, &pin, &err);
    if (st == MDD_OK) {
        s->counters.inline_answers++;
        job_finish(job, &pin);
        return;
    }
    /* A parked request must be forgotten when its connection closes: only a registered
     * connection says so. */
    serve_conn *conn = serve_conn_of(s, job->req);
    if (st == MDD_ERR_WOULD_BLOCK && conn)
        st = mdd_reader_submit(s->reader, e->store, e->payload_chunk, 0, e->payload_len,
                               job_read_done, job, &job->read, &err);
    if (st == MDD_OK) {
        s->counters.async_reads++;
        job->conn = conn;
        conn->job = job;
        return;
    }
    if (st == MDD_ERR_BUSY || st == MDD_ERR_WOULD_BLOCK)
        serve_reply_error(s, job->req, 503, "no room to wait for a read");
    else
        serve_reply_error(s, job->req, 500, "%s", err.message);
    job_free(job);
}

void serve_job_orphan(serve_server *s, serve_job *job)
{
    job->conn = NULL;
    serve_forget_request(job->req);
    job->req = NULL;
    /* The callback still runs (canceled, or with the read's result) and frees the job. */
    mdd_reader_cancel(s->reader, job->read);
}

void serve_reader_ready(evutil_socket_t fd, short what, void *arg)
{
    (void)fd;
    (void)what;
    serve_server *s = arg;
    serve_stall start = serve_stall_begin();
    mdd_reader_dispatch(s->reader);
    serve_stall_end(s, &start);
}

/* ---- /ecus/{ecu}/lookup?request=HEX[&variant=V] ---- */

static void answer_lookup(serve_job *job)
{
    const serve_ecu *e = job->ecu;
    const mdd_db_layer *layer = mdd_db_ecu_variant_at(e->ecu, job->variant);
    const char *variant = e->variants[job->variant].name;
    size_t total = mdd_db_layer_lookup_request(layer, job->data, job->request_len, NULL, 0);
    if (total == 0) {
        serve_reply_error(job->server, job->req, 404,
                          "no service of variant '%s' matches request %s",
                          variant ? variant : "", job->hex);
        return;
    }
    mdd_db_service *matches = malloc(total * sizeof *matches);
    serve_body b;
    if (!matches) {
        serve_reply_error(job->server, job->req, 500, "out of memory");
        return;
    }
    if (serve_body_start(job->server, job->req, &b) != 0) {
        free(matches);
        return;
    }
    json_writer *j = &b.json;
    mdd_db_layer_lookup_request(layer, job->data, job->request_len, matches, total);
    json_object_begin(j);
    json_key(j, "ecu");
    json_cstring(j, e->name);
    json_key(j, "variant");
    json_cstring(j, variant ? variant : "");
    json_key(j, "request");
    json_cstring(j, job->hex);
    json_key(j, "services");
    json_array_begin(j);
    for (size_t i = 0; i < total; i++)
        cli_db_service_json(j, matches[i].service, &matches[i].prefix);
    json_array_end(j);
    json_object_end(j);
    free(matches);
    serve_reply_json(job->server, job->req, 200, &b);
}

uint32_t serve_find_variant(const serve_ecu *e, const char *name)
{
    for (uint32_t i = 0; i < e->variant_count; i++)
        if (e->variants[i].name && strcmp(e->variants[i].name, name) == 0)
            return i;
    return UINT32_MAX;
}

uint32_t serve_find_group(const serve_ecu *e, const char *name)
{
    for (uint32_t i = 0; i < e->group_count; i++)
        if (e->groups[i].name && strcmp(e->groups[i].name, name) == 0)
            return i;
    return UINT32_MAX;
}

uint32_t serve_target_variant(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                              const serve_target *t)
{
    uint32_t variant = t->variant ? serve_find_variant(e, t->variant) : e->base_variant;
    if (variant == UINT32_MAX && t->variant)
        serve_reply_error(s, req, 404, "no variant named '%s'", t->variant);
    else if (variant == UINT32_MAX)
        serve_reply_error(s, req, 404, "ECU '%s' has no variants", e->name);
    else if (t->status != 200)
        serve_reply_target_error(s, req, t);
    return t->status == 200 ? variant : UINT32_MAX;
}

void serve_get_lookup(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                      const serve_target *t)
{
    uint32_t variant = serve_target_variant(s, req, e, t);
    if (variant == UINT32_MAX)
        return;
    serve_job *job = serve_job_new(s, req, e, t->request_len, 0, answer_lookup);
    if (!job) {
        serve_reply_error(s, req, 500, "out of memory");
        return;
    }
    memcpy(job->data, t->request, t->request_len * 3 + 1);
    job->request_len = t->request_len;
    job->hex = (char *)job->data + t->request_len;
    job->variant = variant;
    serve_job_start(s, job);
}

/* ---- /ecus/{ecu}/dtcs and /ecus/{ecu}/dtcs/{code} ---- */

/* Every DTC (the list route), or those with the job's code. */
static void answer_dtc(serve_job *job)
{
    const serve_ecu *e = job->ecu;
    int all = job->route == SERVE_ROUTE_DTCS;
    uint32_t first = 0;
    uint32_t n = all ? mdd_db_ecu_dtc_count(e->ecu) : mdd_db_ecu_find_dtcs(e->ecu, job->code, &first);
    serve_body b;
    if (serve_body_start(job->server, job->req, &b) != 0)
        return;
    json_writer *j = &b.json;
    json_object_begin(j);
    json_key(j, "ecu");
    json_cstring(j, e->name);
    if (!all) {
        json_key(j, "code");
        json_uint(j, job->code);
    }
    json_key(j, "dtcs");
    json_array_begin(j);
    for (uint32_t i = first; i < first + n; i++)
        cli_db_dtc_json(j, mdd_db_ecu_dtc_at(e->ecu, i));
    json_array_end(j);
    json_object_end(j);
    serve_reply_json(job->server, job->req, 200, &b);
}

void serve_get_dtc(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                   const serve_target *t)
{
    /* The index of trouble codes is the database's own memory: a code without DTCs needs no
     * read. */
    uint32_t first;
    if (t->route == SERVE_ROUTE_DTC && mdd_db_ecu_find_dtcs(e->ecu, t->code, &first) == 0) {
        serve_reply_error(s, req, 404, "no DTC with trouble code %" PRIu32, t->code);
        return;
    }
    serve_job *job = serve_job_new(s, req, e, 0, 0, answer_dtc);
    if (!job) {
        serve_reply_error(s, req, 500, "out of memory");
        return;
    }
    job->code = t->code;
    job->route = t->route;
    serve_job_start(s, job);
}

/* ---- /ecus/{ecu}/comparams[?variant=V][&protocol=P] ---- */

static void answer_comparams(serve_job *job)
{
    const mdd_db_layer *layer = mdd_db_ecu_variant_at(job->ecu->ecu, job->variant);
    serve_body b;
    if (serve_body_start(job->server, job->req, &b) != 0)
        return;
    mdd_error err;
    mdd_status st = comparams_json(&b.json, layer, job->protocol, &err);
    if (st == MDD_OK) {
        serve_reply_json(job->server, job->req, 200, &b);
        return;
    }
    serve_body_discard(&b);
    /* An unknown protocol is a name the client chose; anything else is the file's fault. */
    serve_reply_error(job->server, job->req, st == MDD_ERR_NOT_FOUND ? 404 : 500, "%s",
                      err.message);
}

void serve_get_comparams(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                         const serve_target *t)
{
    uint32_t variant = serve_target_variant(s, req, e, t);
    if (variant == UINT32_MAX)
        return;
    size_t protocol_size = t->protocol ? strlen(t->protocol) + 1 : 0;
    serve_job *job = serve_job_new(s, req, e, 0, protocol_size, answer_comparams);
    if (!job) {
        serve_reply_error(s, req, 500, "out of memory");
        return;
    }
    job->variant = variant;
    if (t->protocol) /* data holds the empty request's hex, "", then the protocol */
        job->protocol = memcpy((char *)job->data + 1, t->protocol, protocol_size);
    serve_job_start(s, job);
}

/* ---- /ecus/{ecu}/services?[variant=V|group=G][&name=N&sid=XX&subfunction=XX&class=C
 *      &semantic=S] ---- */

static void answer_services(serve_job *job)
{
    const serve_ecu *e = job->ecu;
    const mdd_db_layer *layer = job->is_group ? mdd_db_ecu_functional_group_at(e->ecu, job->variant)
                                              : mdd_db_ecu_variant_at(e->ecu, job->variant);
    size_t total = mdd_db_layer_query_services(layer, &job->query, NULL, 0);
    mdd_db_service *found = malloc((total ? total : 1) * sizeof *found);
    serve_body b;
    if (!found) {
        serve_reply_error(job->server, job->req, 500, "out of memory");
        return;
    }
    if (serve_body_start(job->server, job->req, &b) != 0) {
        free(found);
        return;
    }
    mdd_db_layer_query_services(layer, &job->query, found, total);
    json_writer *j = &b.json;
    json_object_begin(j);
    json_key(j, "ecu");
    json_cstring(j, e->name);
    json_key(j, job->is_group ? "functional_group" : "variant");
    json_optional_string(j, mdd_db_layer_name(layer));
    json_key(j, "services");
    json_array_begin(j);
    for (size_t i = 0; i < total; i++)
        cli_db_service_json(j, found[i].service, &found[i].prefix);
    json_array_end(j);
    json_object_end(j);
    free(found);
    serve_reply_json(job->server, job->req, 200, &b);
}

/* The layer in e's tables that t names (a group, a variant, or the base variant): sets
 * *index and *is_group, or answers 404 and returns -1. */
static int find_layer(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                      const serve_target *t, uint32_t *index, int *is_group)
{
    *is_group = t->group != NULL;
    if (t->group) {
        *index = serve_find_group(e, t->group);
        if (*index != UINT32_MAX)
            return 0;
        serve_reply_error(s, req, 404, "no functional group named '%s'", t->group);
        return -1;
    }
    *index = t->variant ? serve_find_variant(e, t->variant) : e->base_variant;
    if (*index != UINT32_MAX)
        return 0;
    if (t->variant)
        serve_reply_error(s, req, 404, "no variant named '%s'", t->variant);
    else
        serve_reply_error(s, req, 404, "ECU '%s' has no variants", e->name);
    return -1;
}

/* Copies s (when not NULL) to *at and returns the copy, moving *at past it. */
static const char *copy_string(const char *s, char **at)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *copy = memcpy(*at, s, n);
    *at += n;
    return copy;
}

static size_t string_size(const char *s) { return s ? strlen(s) + 1 : 0; }

void serve_get_services(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                        const serve_target *t)
{
    uint32_t index;
    int is_group;
    if (find_layer(s, req, e, t, &index, &is_group) != 0)
        return;
    const mdd_db_service_query *q = &t->query;
    size_t size = string_size(q->name) + string_size(q->funct_class) + string_size(q->semantic);
    serve_job *job = serve_job_new(s, req, e, 0, size, answer_services);
    if (!job) {
        serve_reply_error(s, req, 500, "out of memory");
        return;
    }
    job->variant = index;
    job->is_group = is_group;
    /* The target goes when this returns; the job may wait for a read. */
    job->query = *q;
    char *at = (char *)job->data + 1; /* past the empty request's hex, "" */
    job->query.name = copy_string(q->name, &at);
    job->query.funct_class = copy_string(q->funct_class, &at);
    job->query.semantic = copy_string(q->semantic, &at);
    serve_job_start(s, job);
}
