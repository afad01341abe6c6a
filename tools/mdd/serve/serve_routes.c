/* SPDX-License-Identifier: Apache-2.0 */
/* Routing: the method, the parsed target (serve_parse.c) checked against the server's
 * tables, and the handler that answers it. Every handler's time on the loop is measured. */
#include "serve_conns.h"
#include "serve_parse.h"
#include "serve_reply.h"
#include "serve_routes.h"
#include "serve_server.h"
#include "serve_tables.h"
#include "serve_updates.h"

#include <event2/buffer.h>
#include <event2/http.h>

#include <sys/resource.h>
#include <time.h>

/* A monotonic clock in microseconds. */
static uint64_t serve_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* The thread's mark now, with the clock read at now_us. */
static serve_stall thread_mark(uint64_t now_us)
{
    struct rusage ru = {0};
    (void)getrusage(RUSAGE_THREAD, &ru); /* cannot fail for this thread */
    uint64_t cpu = (uint64_t)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000u +
                   (uint64_t)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
    return (serve_stall){now_us, cpu, ru.ru_nvcsw, ru.ru_nivcsw};
}

serve_stall serve_stall_begin(void) { return thread_mark(serve_now_us()); }

/* A callback's whole time counts when the loop's thread waited in it (a fault, a lock, I/O:
 * the loop's own doing). When it was preempted, the time says more of the other programs on
 * the machine than of the loop: none counts. Otherwise only its CPU time does, for what
 * kept a thread that never gave up its CPU from running was the hypervisor. */
void serve_stall_end(serve_server *s, const serve_stall *mark)
{
    uint64_t now = serve_now_us();
    uint64_t took = now - mark->start_us;
    if (took > s->counters.max_loop_stall_us)
        s->counters.max_loop_stall_us = took;
    /* The second getrusage() only for a callback that could be the longest. */
    if (took <= s->counters.max_loop_stall_own_us)
        return;
    serve_stall end = thread_mark(now);
    uint64_t own = end.preemptions != mark->preemptions ? 0
                   : end.waits != mark->waits          ? took
                                                       : end.cpu_us - mark->cpu_us;
    if (own > s->counters.max_loop_stall_own_us)
        s->counters.max_loop_stall_own_us = own;
}

void serve_reply_target_error(serve_server *s, struct evhttp_request *req,
                              const serve_target *t)
{
    serve_reply_error(s, req, t->status, "%s", t->message);
}

/* The routes under /ecus/{ecu}: a missing ECU is answered before what else is wrong. */
static void route_ecu(serve_server *s, struct evhttp_request *req, const serve_target *t)
{
    const serve_ecu *e = serve_tables_find(&s->tables, t->ecu);
    if (!e)
        serve_reply_error(s, req, 404, "no ECU named '%s'", t->ecu);
    else if (t->status != 200 && t->stage == SERVE_ERROR_AFTER_ECU)
        serve_reply_target_error(s, req, t);
    else if (t->route == SERVE_ROUTE_ECU)
        serve_get_ecu(s, req, e);
    else if (t->route == SERVE_ROUTE_LOOKUP)
        serve_get_lookup(s, req, e, t);
    else if (t->route == SERVE_ROUTE_CHUNKS)
        serve_get_chunks(s, req, e);
    else if (t->route == SERVE_ROUTE_CHUNK_DATA)
        serve_get_chunk_data(s, req, e, t->name);
    else if (t->route == SERVE_ROUTE_COMPARAMS)
        serve_get_comparams(s, req, e, t);
    else if (t->route == SERVE_ROUTE_SERVICES)
        serve_get_services(s, req, e, t);
    else if (t->route == SERVE_ROUTE_UDS)
        serve_uds(s, req, e, t);
    else if (t->route == SERVE_ROUTE_DESCRIBE || t->route == SERVE_ROUTE_SOVD)
        serve_describe(s, req, e, t);
    else if (t->route >= SERVE_ROUTE_STATES && t->route <= SERVE_ROUTE_JOBS)
        serve_get_facts(s, req, e, t);
    else /* the DTC routes */
        serve_get_dtc(s, req, e, t);
}

/* Whether the route takes method. */
static int takes_method(const serve_route_spec *r, enum evhttp_cmd_type method)
{
    return method == EVHTTP_REQ_GET || method == EVHTTP_REQ_HEAD ||
           (method == EVHTTP_REQ_POST && r->takes_post);
}

/* 405 with the methods the route takes, in its Allow header and its message. */
static void reply_method_not_allowed(serve_server *s, struct evhttp_request *req,
                                     const serve_route_spec *r)
{
    evhttp_add_header(evhttp_request_get_output_headers(req), "Allow",
                      r->takes_post ? "GET, HEAD, POST" : "GET, HEAD");
    serve_reply_error(s, req, 405, "only %s are served",
                      r->takes_post ? "GET, HEAD and POST" : "GET and HEAD");
}

/* Whether req came with a body, which only a POST may have. */
static int has_body(struct evhttp_request *req)
{
    struct evbuffer *input = evhttp_request_get_input_buffer(req);
    return input && evbuffer_get_length(input) > 0;
}

/* A route other than the update routes. */
static void dispatch_read(serve_server *s, struct evhttp_request *req, const serve_target *t)
{
    enum evhttp_cmd_type method = evhttp_request_get_command(req);
    serve_updates_not_upload(s, req);
    /* A route's method and body are answered before its query (and its ECU). */
    if (t->spec && !takes_method(t->spec, method))
        reply_method_not_allowed(s, req, t->spec);
    else if (t->spec && method != EVHTTP_REQ_POST && has_body(req))
        serve_reply_error(s, req, 400, "a %s request takes no body",
                          method == EVHTTP_REQ_GET ? "GET" : "HEAD");
    else if (t->status != 200 && (t->stage == SERVE_ERROR_AT_ONCE || !t->ecu))
        serve_reply_target_error(s, req, t);
    else if (t->ecu)
        route_ecu(s, req, t);
    else if (t->route == SERVE_ROUTE_HEALTH)
        serve_get_health(s, req);
    else if (t->route == SERVE_ROUTE_METRICS)
        serve_get_metrics(s, req);
    else if (t->route == SERVE_ROUTE_PAGE)
        serve_get_page(s, req, t);
    else if (t->route == SERVE_ROUTE_DIFF)
        serve_get_diff(s, req, t);
    else /* the last route outside /ecus/{ecu} */
        serve_get_ecus(s, req);
}

static void dispatch(serve_server *s, struct evhttp_request *req)
{
    enum evhttp_cmd_type method = evhttp_request_get_command(req);
    /* evhttp reads a CONNECT's target as an authority, with no path: the route is that of
     * the target as a path, to be answered 405. */
    struct evhttp_uri *connect_uri =
        method == EVHTTP_REQ_CONNECT ? evhttp_uri_parse(evhttp_request_get_uri(req)) : NULL;
    const struct evhttp_uri *uri =
        connect_uri ? connect_uri : evhttp_request_get_evhttp_uri(req);
    serve_target t;
    serve_parse_target(evhttp_uri_get_path(uri), evhttp_uri_get_query(uri), &t);
    if (connect_uri)
        evhttp_uri_free(connect_uri);
    /* An update route answers its token first (serve_updates.c). */
    if (t.spec && serve_updates_has_route(t.route))
        serve_updates_route(s, req, &t);
    else
        dispatch_read(s, req, &t);
    serve_target_free(&t);
}

/* The reply went out: the connection may take its next request. */
static void request_done(struct evhttp_request *req, void *arg)
{
    (void)req;
    serve_conn_done(arg);
}

void serve_route(struct evhttp_request *req, void *arg)
{
    serve_server *s = arg;
    serve_stall start = serve_stall_begin();
    s->counters.requests++;
    serve_conn *conn = serve_conn_of(s, req);
    if (conn) {
        serve_conn_set_state(conn, SERVE_CONN_BUSY);
        evhttp_request_set_on_complete_cb(req, request_done, conn);
    }
    if (s->draining)
        evhttp_add_header(evhttp_request_get_output_headers(req), "Connection", "close");
    dispatch(s, req);
    serve_stall_end(s, &start);
}
