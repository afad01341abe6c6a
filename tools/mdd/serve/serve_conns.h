/* SPDX-License-Identifier: Apache-2.0 */
/* mdd serve's connections (serve_conns.c): registered as they are accepted, held to
 * --max-connections, closed, and drained on SIGTERM (serve_drain.c). */
#ifndef MDD_TOOL_SERVE_CONNS_H
#define MDD_TOOL_SERVE_CONNS_H

#include "serve_head.h"
#include "serve_server.h"

#include <stdint.h>

/* Where a connection is between requests; what may close it early follows from it. */
typedef enum serve_conn_state {
    SERVE_CONN_IDLE,   /* waiting for a request: the keep-alive timeout (--timeout) runs */
    SERVE_CONN_HEAD,   /* a request's head is arriving: the header deadline runs */
    SERVE_CONN_BUSY,   /* a request is being answered */
    SERVE_CONN_REJECT, /* refused by the head scan: the reply goes out, what the client still
                        * sends is read and dropped until it closes */
} serve_conn_state;

/* One accepted connection. At most one request of it is in progress at a time (HTTP/1.1
 * without pipelining in parallel), so it holds at most one job or stream. */
struct serve_conn {
    serve_server *server;
    struct bufferevent *bev;
    struct evhttp_connection *evcon;
    serve_job *job;
    serve_stream *stream;
    serve_conn_state state;
    struct event *deadline; /* the header deadline */
    serve_head_scan scan;
    serve_conn *prev, *next;
};

/* Makes http count its connections, make room over the limit and tell the server when one
 * closes. Returns 0, or -1 when out of memory. */
int serve_conns_init(serve_server *s);

/* The connections the file descriptor limit leaves room for, with the descriptors open now
 * and a reserve set aside; raises the soft limit to the hard one first (epoll has no use
 * for the low soft limit kept for select()). At least 1. */
uint64_t serve_conns_fd_limit(void);

/* Grows the process's descriptor table now to room for connections more descriptors than are
 * open, using fd (any open descriptor) to reach that far. The kernel grows the table as
 * descriptors are allocated, and each growth waits for an RCU grace period (milliseconds) in
 * whichever call allocated it: the loop's accept(2) of the connection that crossed a power
 * of two. Best effort: the table grows later where this fails. */
void serve_conns_grow_fd_table(int fd, uint64_t connections);

/* The most connections served at once: the reader's queue holds one read for each. */
#define SERVE_MAX_CONNECTIONS 32768u

/* Sets conn's state and moves it to the end of the eviction order (it was active now). */
void serve_conn_set_state(serve_conn *conn, serve_conn_state state);

/* conn's request was answered: IDLE, or HEAD when the next request's head is arriving
 * already. */
void serve_conn_done(serve_conn *conn);

/* Closes conn now (its close callback frees it). Not from inside evhttp's callbacks of
 * conn's own requests. */
void serve_conn_close(serve_conn *conn);

/* Releases the connections accepted but not registered yet (when the loop stopped first). */
void serve_conns_drop_pending(serve_server *s);

/* The registered connection a request arrived on, or NULL. */
serve_conn *serve_conn_of(serve_server *s, struct evhttp_request *req);

/* Frees req when the library let go of it (its connection closed while the server still
 * held it); otherwise the library frees it with its connection. */
void serve_forget_request(struct evhttp_request *req);

/* Called when conn's connection closes with a job still waiting for its read
 * (serve_lookup.c) or a stream in progress (serve_stream.c). */
void serve_job_orphan(serve_server *s, serve_job *job);
void serve_stream_orphan(serve_server *s, serve_stream *stream);

/* ---- Draining on SIGTERM (serve_drain.c) ---- */

/* Stops accepting, closes what is idle and lets requests in flight finish (within
 * --drain-timeout), then breaks the loop. A second call breaks it at once. Returns 0, or -1
 * when it could not start (the loop is broken then too). */
int serve_drain_start(serve_server *s);

/* Tells a drain that conn may be closable now, or that a connection closed. */
void serve_drain_check(serve_server *s);

#endif
