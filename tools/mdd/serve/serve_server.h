/* SPDX-License-Identifier: Apache-2.0 */
/* mdd serve: an HTTP/1.1 server over a database of ECUs, on one libevent loop thread that
 * never touches a cold file mapping.
 *
 * Everything the cheap endpoints answer (ECU names, paths, layer names, chunk tables) is
 * copied at startup into the server's own memory. What needs an ECU's payload (lookups,
 * DTCs, a variant's facts, chunk data) first asks the store whether the bytes are resident
 * (mdd_store_try_read()); when they are not, the request waits while an mdd_reader brings
 * them in off the loop, and is answered from the reader's completion callback.
 *
 * This header: the server's options, counters and state, which every part of it shares,
 * and the loop's stall records. */
#ifndef MDD_TOOL_SERVE_SERVER_H
#define MDD_TOOL_SERVE_SERVER_H

#include "cli_sig.h"
#include "serve_tables.h"
#include "serve_token.h"

#include <mdd/async.h>
#include <mdd/uds.h>

#include <sys/socket.h>

struct event;
struct event_base;
struct evhttp;
struct evhttp_connection;
struct evhttp_request;
struct evconnlistener;
struct evhttp_bound_socket;
struct bufferevent;
struct evbuffer;

typedef struct serve_options {
    const char *listen;        /* ADDR:PORT */
    mdd_strategy strategy;
    int budget_given;
    uint64_t cache_budget; /* pread: the cache's budget, when given */
    const char *share_dir; /* pread: where whole chunks are shared, NULL for nowhere */
    int skip_invalid;      /* leave out files that do not open, with a note */
    uint64_t max_connections;  /* 0: what the file descriptor limit allows */
    uint64_t timeout_s;        /* idle and I/O timeout of a connection */
    uint64_t header_timeout_s; /* a request's head must arrive within this */
    uint64_t drain_timeout_s;  /* SIGTERM: how long in-flight requests may take to finish */
    mdd_reader_backend reader; /* how payload bytes are brought in */
    int allow_downgrade;       /* reloads take older revisions too */
    cli_sig_args sig;          /* --trust, --require-signature: held open while serving,
                                * every reload checks with it */
    const char *updates_token_file; /* --updates: the update routes' token, NULL for none */
    uint64_t update_max_bytes;      /* --update-max-bytes */
    serve_token update_token;       /* read from updates_token_file before anything starts */
} serve_options;

/* Status codes counted by /metrics: SERVE_STATUS_KINDS - 1 of them, and a slot for the rest. */
enum { SERVE_STATUS_KINDS = 16 };

/* The status /metrics counts in slot i (below SERVE_STATUS_KINDS), 0 for the slot of the
 * rest. */
int serve_status_code(size_t i);

typedef struct serve_counters {
    uint64_t requests;
    uint64_t responses[SERVE_STATUS_KINDS]; /* by serve_status_codes */
    uint64_t inline_answers;    /* payload resident: answered at once */
    uint64_t async_reads;       /* payload brought in by the reader first */
    uint64_t max_loop_stall_us; /* the longest callback the server ran on the loop */
    uint64_t max_loop_stall_own_us; /* its own part (serve_stall_end()), the longest */
    uint64_t connections;       /* open now */
    uint64_t accepted;
    uint64_t refused; /* over --max-connections with every connection busy: closed at once */
    uint64_t evicted; /* idle or incomplete, closed to make room for a new connection */
    uint64_t header_timeouts; /* closed because a request's head did not arrive in time */
    uint64_t streamed_bytes;
} serve_counters;

typedef struct serve_conn serve_conn;
typedef struct serve_job serve_job;
typedef struct serve_stream serve_stream;
typedef struct serve_gen serve_gen;
typedef struct serve_reload serve_reload;
typedef struct serve_updates serve_updates;
typedef struct serve_diff serve_diff;

typedef struct serve_server {
    serve_options opts;
    struct sockaddr_storage address; /* opts.listen, parsed */
    int address_len;
    struct event_base *base;
    struct evhttp *http;
    struct evconnlistener *listener;
    struct evhttp_bound_socket *bound; /* the listener, as evhttp holds it */
    struct event *reader_event;   /* mdd_reader_fd() readable */
    struct event *register_event; /* new connections to register */
    struct event *signals[2];
    struct event *drain_event; /* closes the connections a drain may close now */
    struct event *drain_timer; /* ends a drain that takes too long */
    int draining;              /* SIGTERM came: finish what is in flight, then stop */
    mdd_db_live *live;
    serve_gen *gen;        /* the generation new requests use (serve_reload.c) */
    serve_reload *reload;  /* reloads on SIGHUP and on changes to the directory */
    mdd_db_options db_options; /* how the database was opened: an update checks with them */
    serve_updates *updates;    /* --updates: the update routes (serve_updates.c), or NULL */
    serve_diff *diff;          /* /diff's thread (serve_diff.c) */
    const mdd_db *db;      /* gen's database and tables */
    mdd_reader *reader;
    /* The codec's options, with the loop's memo of requests: decodes run on the loop, one
     * at a time, and an ECU's identity outlives reloads. */
    mdd_uds_options codec;
    serve_tables tables;
    serve_counters counters;
    /* Registered connections, least recently active first (the order eviction takes). */
    serve_conn *conns, *conns_tail;
    serve_conn *pending; /* accepted, to be registered by register_event */
} serve_server;

/* ---- Loop stalls (serve_routes.c) ---- */

/* Where the loop's thread stood when a callback began: the clock, its CPU time, and how often
 * it had waited (voluntary context switches) or been preempted (involuntary ones). */
typedef struct serve_stall {
    uint64_t start_us, cpu_us;
    long waits, preemptions;
} serve_stall;

/* Marks the start of a callback on the loop. */
serve_stall serve_stall_begin(void);

/* Records the callback begun at mark as a loop stall: its whole time, and its own part (the
 * whole time when the thread waited, else its CPU time; none when it was preempted). */
void serve_stall_end(serve_server *s, const serve_stall *mark);

#endif
