/* SPDX-License-Identifier: Apache-2.0 */
/* mdd serve: an HTTP/1.1 server over a database of ECUs, on one libevent loop thread that
 * never touches a cold file mapping.
 *
 * Everything the cheap endpoints answer (ECU names, paths, layer names, chunk tables) is
 * copied at startup into the server's own memory. What needs an ECU's payload (lookups,
 * DTCs, a variant's facts, chunk data) first asks the store whether the bytes are resident
 * (mdd_store_try_read()); when they are not, the request waits while an mdd_reader brings
 * them in off the loop, and is answered from the reader's completion callback. */
#ifndef MDD_TOOL_SERVE_H
#define MDD_TOOL_SERVE_H

#include "cli_db.h"

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

/* ---- Startup tables (serve_tables.c) ---- */

typedef struct serve_chunk {
    char *name; /* NULL when the chunk has none */
    int32_t type;
    uint64_t size; /* uncompressed bytes */
} serve_chunk;

typedef struct serve_layer {
    char *name;
    int is_base;
} serve_layer;

typedef struct serve_ecu {
    char *name;
    const char *path; /* owned by the database */
    char *version;    /* NULL when absent */
    char *revision;
    const mdd_db_ecu *ecu;
    int is_default; /* the default of its name (several files may declare one ECU) */
    const mdd_store *store;
    size_t payload_chunk; /* the DIAGNOSTIC_DESCRIPTION chunk the database reads */
    size_t payload_len;
    serve_layer *variants; /* in EcuData order, as mdd_db_ecu_variant_at() */
    uint32_t variant_count;
    uint32_t base_variant; /* an index into variants, or UINT32_MAX when there is none */
    serve_layer *groups;
    uint32_t group_count;
    uint32_t dtc_count;
    serve_chunk *chunks;
    size_t chunk_count;
    /* The loop's: the payload's pages were mapped into the process once, resident
     * (serve_lookup.c), so that later residency checks find them in the page tables. */
    int payload_mapped;
} serve_ecu;

typedef struct serve_tables {
    serve_ecu *ecus; /* in the database's order: by name, the default first */
    size_t count;
} serve_tables;

/* Copies what the cheap endpoints need out of db (this touches the payloads: startup may
 * block). Returns 0, or -1 when out of memory (with nothing left allocated). */
int serve_tables_build(const mdd_db *db, serve_tables *out);

void serve_tables_free(serve_tables *t);

/* The ECU named name (bytewise), or NULL. */
const serve_ecu *serve_tables_find(const serve_tables *t, const char *name);

/* ---- The server ---- */

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
} serve_options;

/* Status codes counted by /metrics: SERVE_STATUS_KINDS - 1 of them, and a slot for the rest. */
enum { SERVE_STATUS_KINDS = 12 };

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

/* Where a connection is between requests; what may close it early follows from it. */
typedef enum serve_conn_state {
    SERVE_CONN_IDLE,   /* waiting for a request: the keep-alive timeout (--timeout) runs */
    SERVE_CONN_HEAD,   /* a request's head is arriving: the header deadline runs */
    SERVE_CONN_BUSY,   /* a request is being answered */
    SERVE_CONN_REJECT, /* refused by the head scan: the reply goes out, what the client still
                        * sends is read and dropped until it closes */
} serve_conn_state;

/* The request heads of a connection as they arrive (serve_head.c): lines of the request
 * line and header fields, counted before evhttp parses them, and what the head says of the
 * body that follows it, which is skipped by its length. */
typedef struct serve_head_scan {
    int in_head;           /* a head started and has not ended */
    int in_fields;         /* past the request line */
    uint32_t line_bytes;   /* of the line being read, without CR and LF */
    uint32_t field_bytes;  /* of the header fields so far */
    uint32_t field_count;
    char word[24];         /* the line's first word: the method, or a field's name (lowercase),
                            * cut to fit */
    uint32_t word_len;     /* its length, uncut */
    uint32_t spaces;       /* in the request line */
    char version[12];      /* the request line after its second space, cut to fit */
    uint32_t version_len;
    int past_name;         /* a field line: its colon was read */
    int in_length;         /* the field line is a Content-Length */
    int length_state;      /* of its value: 0 before the digits, 1 in them, 2 after them */
    uint64_t length_value; /* of the line being read */
    int length_fields;     /* Content-Length fields so far */
    int bad_length;        /* a Content-Length that is not one decimal number in range */
    uint64_t content_length;
    int transfer_coding;   /* a Transfer-Encoding field came */
    uint64_t body_left;    /* bytes of the last head's body still to come: not scanned */
} serve_head_scan;

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

/* ---- Connections and limits (serve_conns.c) ---- */

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

/* ---- Request heads: limits and deadline (serve_head.c) ---- */

/* Request line, header fields (their bytes, their count): the limits a head is held to. */
#define SERVE_MAX_REQUEST_LINE 8192u
#define SERVE_MAX_FIELD_BYTES 8192u
#define SERVE_MAX_FIELDS 100u

/* The longest request body taken (a POST's). */
#define SERVE_MAX_BODY_BYTES 65536u

/* Starts watching conn's request heads: each must arrive within the header deadline, and
 * one over a limit is answered 414 or 431, one with an unknown method 501, one evhttp could
 * not parse or frame 400, 411 or 413, and the connection closed. Arms the deadline (a
 * new connection owes its first request). Returns 0, or -1 when out of memory. */
int serve_head_watch(serve_conn *conn);

/* Stops watching (conn is closing). */
void serve_head_unwatch(serve_conn *conn);

/* ---- Draining on SIGTERM (serve_drain.c) ---- */

/* Stops accepting, closes what is idle and lets requests in flight finish (within
 * --drain-timeout), then breaks the loop. A second call breaks it at once. Returns 0, or -1
 * when it could not start (the loop is broken then too). */
int serve_drain_start(serve_server *s);

/* Tells a drain that conn may be closable now, or that a connection closed. */
void serve_drain_check(serve_server *s);

/* Releases the connections accepted but not registered yet (when the loop stopped first). */
void serve_conns_drop_pending(serve_server *s);

/* The registered connection a request arrived on, or NULL. */
serve_conn *serve_conn_of(serve_server *s, struct evhttp_request *req);

/* Frees req when the library let go of it (its connection closed while the server still
 * held it); otherwise the library frees it with its connection. */
void serve_forget_request(struct evhttp_request *req);

/* ---- The request target (serve_parse.c) ---- */

/* Segments of /ecus/{ecu}/chunks/{name}: the longest path served. */
#define SERVE_MAX_SEGMENTS 4

/* Room for an error message, as serve_reply_error() cuts it. */
#define SERVE_MESSAGE_MAX 512

/* What a request's path names. */
typedef enum serve_route_kind {
    SERVE_ROUTE_NONE, /* an error */
    SERVE_ROUTE_HEALTH,
    SERVE_ROUTE_METRICS,
    SERVE_ROUTE_ECUS,
    SERVE_ROUTE_ECU,        /* /ecus/{ecu} */
    SERVE_ROUTE_LOOKUP,     /* /ecus/{ecu}/lookup?request=HEX[&variant=V] */
    SERVE_ROUTE_CHUNKS,     /* /ecus/{ecu}/chunks */
    SERVE_ROUTE_CHUNK_DATA, /* /ecus/{ecu}/chunks/{name} */
    SERVE_ROUTE_DTC,        /* /ecus/{ecu}/dtcs/{code} */
    SERVE_ROUTE_COMPARAMS,  /* /ecus/{ecu}/comparams[?variant=V][&protocol=P] */
    SERVE_ROUTE_STATES,     /* /ecus/{ecu}/states[?variant=V][&service=S] */
    SERVE_ROUTE_SDGS,       /* /ecus/{ecu}/sdgs[?variant=V][&service=S] */
    SERVE_ROUTE_JOBS,       /* /ecus/{ecu}/jobs[?variant=V] */
    SERVE_ROUTE_SERVICES,   /* /ecus/{ecu}/services?[variant=V|group=G][&name=N&sid=XX...] */
    SERVE_ROUTE_UDS,        /* /ecus/{ecu}/decode, /encode, /identify (serve_uds.c) */
} serve_route_kind;

/* When an error found in the target is answered: some errors wait for checks against the
 * server's tables, which answer first when they fail. */
typedef enum serve_error_stage {
    SERVE_ERROR_AT_ONCE,
    SERVE_ERROR_AFTER_ECU,     /* once the ECU the path names exists */
    SERVE_ERROR_AFTER_VARIANT, /* lookup: once the variant (or a base variant) exists */
} serve_error_stage;

/* The parameters of a query, percent-decoded ('+' a space), in the query's order. */
#define SERVE_MAX_PARAMS 64
typedef struct serve_params {
    size_t count;
    char *keys[SERVE_MAX_PARAMS];
    char *values[SERVE_MAX_PARAMS];
} serve_params;

/* A route of the server's table (serve_parse.c): what it matches, the methods and the query
 * parameters it takes. */
typedef struct serve_route_spec {
    const char *path;     /* as docs/cli.md lists it, {NAME} for any segment: "/ecus/{ecu}" */
    serve_route_kind kind;
    int takes_post;       /* POST (with a body) besides GET and HEAD */
    const char *const *params; /* NULL-terminated; NULL for any (identify's REQUEST=RESPONSE) */
} serve_route_spec;

/* The table of routes, *count of them. */
const serve_route_spec *serve_routes(size_t *count);

/* Parses query (NULL or "" for none) into out as route r takes it: each parameter KEY=VALUE,
 * none decoding to a NUL byte, none that r does not take, none twice. Returns 0, or the
 * status (400, or 500 when out of memory) after writing why to message[0..size). out holds
 * memory whatever the result: serve_params_free() releases it. */
int serve_params_parse(const serve_route_spec *r, const char *query, serve_params *out,
                       char *message, size_t size);

/* The value of parameter key in p, or NULL. */
const char *serve_param(const serve_params *p, const char *key);

/* Frees what p holds and clears it. */
void serve_params_free(serve_params *p);

/* A request's path and query, parsed. The strings of its parameters are inside params. */
typedef struct serve_target {
    const serve_route_spec *spec; /* the route the path matched, NULL for none */
    serve_route_kind route; /* kept with an error found after the route was known */
    int status;             /* 200, or the error's status: 400, 404, or 500 */
    serve_error_stage stage;
    char message[SERVE_MESSAGE_MAX];    /* the error, "" with status 200 */
    char *segments[SERVE_MAX_SEGMENTS]; /* percent-decoded, none holding a NUL byte */
    size_t segment_count;
    serve_params params;
    const char *ecu;   /* /ecus/{ecu}...: segments[1], else NULL */
    const char *name;  /* chunk data: segments[3] */
    const char *variant;  /* lookup, comparams, facts: the variant parameter, NULL for the
                           * base variant */
    const char *protocol; /* comparams: the protocol parameter, NULL for all */
    const char *service;  /* states, sdgs: the service parameter, NULL when absent */
    uint8_t *request;  /* lookup: the request's bytes, then request_hex */
    size_t request_len;
    char *request_hex; /* lookup: the request as lowercase hex, inside request */
    uint32_t code;     /* dtc: the trouble code */
    const char *group; /* services: the group parameter, NULL for a variant */
    mdd_db_service_query query; /* services: the criteria */
} serve_target;

/* Parses path (as the request line has it, NULL when absent) and query (NULL when there is
 * none) into out: the route of the table the path matches and the parameters it takes.
 * Errors are in out->status and out->message, as the server answers them. out holds memory
 * whatever the result: serve_target_free() releases it. */
void serve_parse_target(const char *path, const char *query, serve_target *out);

/* Frees what t holds and clears it. */
void serve_target_free(serve_target *t);

/* ---- Timing (serve_routes.c) ---- */

/* A monotonic clock in microseconds. */
uint64_t serve_now_us(void);

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

/* ---- Replies (serve_reply.c) ---- */

/* A JSON body being written. */
typedef struct serve_body {
    FILE *out;
    char *data;
    size_t len;
    json_writer json;
} serve_body;

/* Starts a body for req; when out of memory answers 500 instead and returns -1. */
int serve_body_start(serve_server *s, struct evhttp_request *req, serve_body *b);

/* Drops a body that will not be sent. */
void serve_body_discard(serve_body *b);

/* Ends the body's line and sends it with code; the body is consumed. */
void serve_reply_json(serve_server *s, struct evhttp_request *req, int code, serve_body *b);

/* Sends {"error": message} with code and its length (for HEAD too). A 405's caller adds its
 * Allow header first. */
void serve_reply_error(serve_server *s, struct evhttp_request *req, int code, const char *fmt,
                       ...) __attribute__((format(printf, 4, 5)));

/* Writes a whole reply of code with the body {"error": message} to out, the output of a
 * connection taken from evhttp that closes after it (serve_head.c), and counts it. */
void serve_reply_raw_error(serve_server *s, struct evbuffer *out, int code,
                           const char *message);

/* Counts a response sent with code. */
void serve_count_response(serve_server *s, int code);

/* ---- Handlers ---- */

/* The request router, installed as the evhttp general callback. */
void serve_route(struct evhttp_request *req, void *arg);

/* /health, /metrics, /ecus, /ecus/{ecu}, /ecus/{ecu}/chunks: from the startup tables
 * (serve_info.c). */
void serve_get_health(serve_server *s, struct evhttp_request *req);
void serve_get_metrics(serve_server *s, struct evhttp_request *req);
void serve_get_ecus(serve_server *s, struct evhttp_request *req);
void serve_get_ecu(serve_server *s, struct evhttp_request *req, const serve_ecu *e);
void serve_get_chunks(serve_server *s, struct evhttp_request *req, const serve_ecu *e);

/* Sends t's error (t->status is not 200) (serve_routes.c). */
void serve_reply_target_error(serve_server *s, struct evhttp_request *req,
                              const serve_target *t);

/* /ecus/{ecu}/lookup and /ecus/{ecu}/dtcs/{code}: answered once the payload is resident
 * (serve_lookup.c). t is the lookup's target: its variant is looked for before its error
 * (SERVE_ERROR_AFTER_VARIANT) is answered. */
void serve_get_lookup(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                      const serve_target *t);
void serve_get_dtc(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                   uint32_t code);
/* /ecus/{ecu}/comparams: the variant's ComParams as `mdd comparams --json` prints them; 404
 * for an unknown variant or protocol (serve_lookup.c). */
void serve_get_comparams(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                         const serve_target *t);

/* A request that waits for its ECU's payload (serve_lookup.c). */
struct serve_job {
    serve_server *server;
    serve_gen *gen; /* held: the generation ecu belongs to */
    serve_conn *conn;
    struct evhttp_request *req; /* NULL once its connection closed */
    const serve_ecu *ecu;
    mdd_read_id read; /* the read in flight, 0 when none */
    void (*answer)(serve_job *job);
    uint32_t variant; /* lookup, services, comparams, facts and the codec: an index into
                       * ecu->variants */
    int is_group;     /* services and the codec: variant is an index into ecu->groups instead */
    mdd_db_service_query query; /* services: its strings inside data */
    uint32_t code;    /* dtc */
    serve_route_kind route; /* facts: which of them */
    const serve_route_spec *spec; /* codec: the route, whose parameters it parses again */
    const char *service;    /* facts: the service parameter, inside data, or NULL */
    const char *protocol;   /* comparams: the protocol parameter, inside data, or NULL */
    size_t request_len;
    char *hex;        /* the request as lowercase hex, inside data */
    uint8_t data[];   /* the request's bytes, then hex, then the extra room */
};

/* A job for req on e with room in data for a request of request_len bytes (and its hex) and
 * extra more bytes, answered by answer; NULL when out of memory. */
serve_job *serve_job_new(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                         size_t request_len, size_t extra, void (*answer)(serve_job *));

/* Answers job now when the payload is resident, or parks it until the reader brought the
 * payload in. Takes job. */
void serve_job_start(serve_server *s, serve_job *job);

/* The variant named name (the first in EcuData order), or UINT32_MAX. */
uint32_t serve_find_variant(const serve_ecu *e, const char *name);

/* The functional group named name (the first in EcuData order), or UINT32_MAX. */
uint32_t serve_find_group(const serve_ecu *e, const char *name);

/* The variant t names (its variant parameter, else the base variant), checked before t's
 * error: returns its index, or UINT32_MAX after answering 404 (no such variant) or t's
 * error. */
uint32_t serve_target_variant(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                              const serve_target *t);

/* /ecus/{ecu}/states, /sdgs and /jobs: a variant's facts as mdd states, sdgs and jobs --json
 * print them, answered once the payload is resident (serve_facts.c). */
void serve_get_facts(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                     const serve_target *t);

/* /ecus/{ecu}/services: the effective services of the variant or functional group t names
 * that meet t's criteria, answered once the payload is resident (serve_lookup.c). */
void serve_get_services(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                        const serve_target *t);

/* /ecus/{ecu}/chunks/{name}: the chunk's data, streamed piece by piece (serve_stream.c). */
void serve_get_chunk_data(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                      const char *name);

/* /ecus/{ecu}/decode, /encode and /identify: the codec, answered once the payload is
 * resident; t->segments[2] names the operation, the query (and a POST's body) its arguments
 * (serve_uds.c). */
void serve_uds(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
               const serve_target *t);

/* Called when conn's connection closes with a job still waiting for its read
 * (serve_lookup.c) or a stream in progress (serve_stream.c). */
void serve_job_orphan(serve_server *s, serve_job *job);
void serve_stream_orphan(serve_server *s, serve_stream *stream);

/* Runs the completion callbacks of the reader (the event on mdd_reader_fd()). */
void serve_reader_ready(int fd, short what, void *arg);

/* ---- Reloads (serve_reload.c) ----
 *
 * The database is a live one (mdd_db_live_open_dir()). A reload, asked for by SIGHUP or by a
 * change to a *.mdd file of the directory (inotify), runs on a thread of its own: the
 * library's reload, then the startup tables of the new generation. The loop then swaps the
 * new generation in between two callbacks. Whatever a request started on (its ECU's table
 * entry, its store, the pins a stream queued) belongs to the generation it started in, which
 * stays open until the last of them lets go. */

/* Opens dir as a live database under opts and its first generation (with its tables) as
 * s->gen; prints the report as startup does. Returns CLI_EXIT_OK or the exit code after
 * printing why. */
int serve_reload_open(serve_server *s, const char *dir, const mdd_db_options *opts);

/* Starts the reload thread and the events that ask for reloads (SIGHUP, inotify on dir).
 * Returns 0, or -1 when that cannot be set up. */
int serve_reload_start(serve_server *s, const char *dir);

/* Stops the reload thread and frees the events; before the loop is freed. */
void serve_reload_stop(serve_server *s);

/* Gives up the current generation and closes the live database; last of all. */
void serve_reload_close(serve_server *s);

/* Counts one more user of g (a job, a stream, a queued piece); returns g. */
serve_gen *serve_gen_hold(serve_gen *g);

/* Gives up a use of g: a generation that is no longer current is closed with its last. */
void serve_gen_drop(serve_gen *g);

/* The loop's own, writable, entry of e, one of g's ECUs. */
serve_ecu *serve_gen_ecu(serve_gen *g, const serve_ecu *e);

#endif
