/* SPDX-License-Identifier: Apache-2.0 */
/* Counting connections, refusing those over the limit, and learning when one closes.
 *
 * evhttp accepts connections itself and has no hook that hands out a new connection, only
 * one that makes its bufferevent (evhttp_set_bevcb). So the server makes each bufferevent,
 * keeps a reference to it and, from an event of the highest priority (it runs before any I/O
 * of the new connection), finds the connection that owns it (evhttp passes the connection as
 * its bufferevent's callback argument, and its bufferevent must be ours), then either sets
 * its close callback or, over the limit, closes it at once. */
#include "serve.h"

#include <event2/bufferevent.h>
#include <event2/event.h>
#include <event2/http.h>

#include <stdlib.h>

/* The connection closed (the client left, a timeout, the reply asked for it, or the server
 * is stopping): whatever waits for it must not touch its request once this returns, unless
 * the library let go of it. */
static void conn_closed(struct evhttp_connection *evcon, void *arg)
{
    (void)evcon;
    serve_conn *c = arg;
    serve_server *s = c->server;
    for (serve_conn **p = &s->conns; *p; p = &(*p)->next) {
        if (*p == c) {
            *p = c->next;
            break;
        }
    }
    s->counters.connections--;
    if (c->job)
        serve_job_orphan(s, c->job);
    if (c->stream)
        serve_stream_orphan(s, c->stream);
    free(c);
}

/* The connection whose bufferevent bev is, or NULL when it is gone already. */
static struct evhttp_connection *owner_of(struct bufferevent *bev)
{
    void *arg = NULL;
    bufferevent_getcb(bev, NULL, NULL, NULL, &arg);
    struct evhttp_connection *evcon = arg;
    if (!evcon || evhttp_connection_get_bufferevent(evcon) != bev)
        return NULL;
    return evcon;
}

static void register_one(serve_server *s, serve_conn *c)
{
    struct evhttp_connection *evcon = owner_of(c->bev);
    bufferevent_decref(c->bev);
    if (!evcon) {
        free(c);
        return;
    }
    if (s->counters.connections >= s->opts.max_connections) {
        s->counters.refused++;
        evhttp_connection_free(evcon);
        free(c);
        return;
    }
    c->evcon = evcon;
    c->next = s->conns;
    s->conns = c;
    s->counters.connections++;
    evhttp_connection_set_closecb(evcon, conn_closed, c);
}

static void register_pending(evutil_socket_t fd, short what, void *arg)
{
    (void)fd;
    (void)what;
    serve_server *s = arg;
    uint64_t start = serve_now_us();
    /* The list is newest first: the limit must refuse the latest connections. */
    serve_conn *oldest = NULL;
    while (s->pending) {
        serve_conn *c = s->pending;
        s->pending = c->next;
        c->next = oldest;
        oldest = c;
    }
    while (oldest) {
        serve_conn *c = oldest;
        oldest = c->next;
        register_one(s, c);
    }
    serve_stall_end(s, start);
}

/* evhttp's bufferevent factory: called once per accepted connection, before evhttp wraps
 * it. */
static struct bufferevent *make_bufferevent(struct event_base *base, void *arg)
{
    serve_server *s = arg;
    struct bufferevent *bev = bufferevent_socket_new(base, -1, BEV_OPT_CLOSE_ON_FREE);
    serve_conn *c = calloc(1, sizeof *c);
    if (!bev || !c) {
        /* evhttp then makes a bufferevent of its own: the connection goes uncounted. */
        if (bev)
            bufferevent_free(bev);
        free(c);
        return NULL;
    }
    /* Held until registration, so that a connection evhttp drops at once leaves a valid
     * bufferevent whose callbacks are cleared. */
    bufferevent_incref(bev);
    c->server = s;
    c->bev = bev;
    c->next = s->pending;
    s->pending = c;
    s->counters.accepted++;
    event_active(s->register_event, EV_TIMEOUT, 0);
    return bev;
}

int serve_conns_init(serve_server *s)
{
    s->register_event = event_new(s->base, -1, 0, register_pending, s);
    if (!s->register_event || event_priority_set(s->register_event, 0) != 0)
        return -1;
    evhttp_set_bevcb(s->http, make_bufferevent, s);
    return 0;
}

void serve_conns_drop_pending(serve_server *s)
{
    while (s->pending) {
        serve_conn *c = s->pending;
        s->pending = c->next;
        bufferevent_decref(c->bev);
        free(c);
    }
}

serve_conn *serve_conn_of(serve_server *s, struct evhttp_request *req)
{
    struct evhttp_connection *evcon = evhttp_request_get_connection(req);
    for (serve_conn *c = s->conns; c; c = c->next)
        if (c->evcon == evcon)
            return c;
    return NULL;
}

void serve_forget_request(struct evhttp_request *req)
{
    if (req && !evhttp_request_get_connection(req))
        evhttp_request_free(req);
}
