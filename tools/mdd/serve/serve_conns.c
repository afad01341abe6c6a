/* SPDX-License-Identifier: Apache-2.0 */
/* Counting connections, making room over the limit, and learning when one closes.
 *
 * evhttp accepts connections itself and has no hook that hands out a new connection, only
 * one that makes its bufferevent (evhttp_set_bevcb). So the server makes each bufferevent,
 * keeps a reference to it and, from an event of the highest priority (it runs before any I/O
 * of the new connection), finds the connection that owns it (evhttp passes the connection as
 * its bufferevent's callback argument, and its bufferevent must be ours), then registers it.
 *
 * At the limit a new connection takes the place of the least recently active one that is
 * idle or still sending its request's head: those cost the server nothing to drop, and a
 * client holding slots open without finishing requests can no longer lock others out (ADR
 * 0023). Only when every connection is answering a request is the new one closed. */
#include "serve_conns.h"
#include "serve_head.h"
#include "serve_server.h"
#include "serve_diff.h"
#include "serve_updates.h"

#include <event2/bufferevent.h>
#include <event2/event.h>
#include <event2/http.h>

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

/* Descriptors kept free of connections: the database's files, the reader's, the loop's,
 * and some room for what opens later (a shared image, a log). */
#define FD_RESERVE 64u

static void unlink_conn(serve_server *s, serve_conn *c)
{
    if (c->prev)
        c->prev->next = c->next;
    else
        s->conns = c->next;
    if (c->next)
        c->next->prev = c->prev;
    else
        s->conns_tail = c->prev;
    c->prev = c->next = NULL;
}

static void append_conn(serve_server *s, serve_conn *c)
{
    c->prev = s->conns_tail;
    c->next = NULL;
    if (s->conns_tail)
        s->conns_tail->next = c;
    else
        s->conns = c;
    s->conns_tail = c;
}

/* The connection closed (the client left, a timeout, the reply asked for it, or the server
 * is stopping): whatever waits for it must not touch its request once this returns, unless
 * the library let go of it. */
static void conn_closed(struct evhttp_connection *evcon, void *arg)
{
    (void)evcon;
    serve_conn *c = arg;
    serve_server *s = c->server;
    unlink_conn(s, c);
    s->counters.connections--;
    serve_head_unwatch(c);
    if (c->job)
        serve_job_orphan(s, c->job);
    if (c->stream)
        serve_stream_orphan(s, c->stream);
    serve_updates_conn_closed(c);
    serve_diff_conn_closed(c);
    free(c);
    serve_drain_check(s);
}

void serve_conn_close(serve_conn *conn) { evhttp_connection_free(conn->evcon); }

void serve_conn_set_state(serve_conn *conn, serve_conn_state state)
{
    conn->state = state;
    unlink_conn(conn->server, conn);
    append_conn(conn->server, conn);
}

void serve_conn_done(serve_conn *conn)
{
    serve_conn_set_state(conn, conn->scan.in_head ? SERVE_CONN_HEAD : SERVE_CONN_IDLE);
    serve_drain_check(conn->server);
}

/* The least recently active connection that is not answering a request, or NULL. */
static serve_conn *eviction_candidate(serve_server *s)
{
    for (serve_conn *c = s->conns; c; c = c->next)
        if (c->state != SERVE_CONN_BUSY)
            return c;
    return NULL;
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

/* Makes room for one more connection; returns 0 when there is none. */
static int make_room(serve_server *s)
{
    if (s->counters.connections < s->opts.max_connections)
        return 1;
    serve_conn *victim = eviction_candidate(s);
    if (!victim)
        return 0;
    s->counters.evicted++;
    serve_conn_close(victim);
    return 1;
}

static void register_one(serve_server *s, serve_conn *c)
{
    struct evhttp_connection *evcon = owner_of(c->bev);
    bufferevent_decref(c->bev);
    if (!evcon) {
        free(c);
        return;
    }
    if (s->draining || !make_room(s)) {
        s->counters.refused++;
        evhttp_connection_free(evcon);
        free(c);
        return;
    }
    c->evcon = evcon;
    if (serve_head_watch(c) != 0) {
        evhttp_connection_free(evcon);
        free(c);
        return;
    }
    append_conn(s, c);
    s->counters.connections++;
    evhttp_connection_set_closecb(evcon, conn_closed, c);
}

static void register_pending(evutil_socket_t fd, short what, void *arg)
{
    (void)fd;
    (void)what;
    serve_server *s = arg;
    serve_stall start = serve_stall_begin();
    /* The list is newest first: register in the order they came. */
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
        c->next = NULL;
        register_one(s, c);
    }
    serve_stall_end(s, &start);
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

/* The descriptors this process has open, or 0 when /proc does not say. */
static uint64_t open_descriptors(void)
{
    DIR *d = opendir("/proc/self/fd");
    if (!d)
        return 0;
    uint64_t n = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (e->d_name[0] != '.')
            n++;
    closedir(d);
    return n;
}

uint64_t serve_conns_fd_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
        return 1;
    if (rl.rlim_cur < rl.rlim_max) {
        struct rlimit raised = {.rlim_cur = rl.rlim_max, .rlim_max = rl.rlim_max};
        if (setrlimit(RLIMIT_NOFILE, &raised) == 0)
            rl = raised;
    }
    uint64_t used = open_descriptors() + FD_RESERVE;
    if (rl.rlim_cur == RLIM_INFINITY)
        return SERVE_MAX_CONNECTIONS;
    if (rl.rlim_cur <= used)
        return 1;
    uint64_t room = rl.rlim_cur - used;
    return room < SERVE_MAX_CONNECTIONS ? room : SERVE_MAX_CONNECTIONS;
}

void serve_conns_grow_fd_table(int fd, uint64_t connections)
{
    uint64_t top = open_descriptors() + FD_RESERVE + connections;
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
        top >= rl.rlim_cur)
        top = rl.rlim_cur - 1;
    if (top > INT_MAX)
        return;
    int high = fcntl(fd, F_DUPFD_CLOEXEC, (int)top);
    if (high >= 0)
        close(high);
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
    /* From the most recently active end: a request's connection just received its head. */
    struct evhttp_connection *evcon = evhttp_request_get_connection(req);
    for (serve_conn *c = s->conns_tail; c; c = c->prev)
        if (c->evcon == evcon)
            return c;
    return NULL;
}

void serve_forget_request(struct evhttp_request *req)
{
    if (req && !evhttp_request_get_connection(req))
        evhttp_request_free(req);
}
