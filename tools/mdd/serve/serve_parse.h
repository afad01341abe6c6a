/* SPDX-License-Identifier: Apache-2.0 */
/* mdd serve's request targets (serve_parse.c): the table of routes, a query's parameters, and
 * a request's path and query parsed into what the route needs. Nothing of the server: the
 * request fuzz target builds this part alone. */
#ifndef MDD_TOOL_SERVE_PARSE_H
#define MDD_TOOL_SERVE_PARSE_H

#include <mdd/db.h>

#include <stddef.h>
#include <stdint.h>

/* Segments of /ecus/{ecu}/services/{name}/schema: the longest path served. */
#define SERVE_MAX_SEGMENTS 5

/* Room for an error message, as serve_reply_error() cuts it. */
#define SERVE_MESSAGE_MAX 512

/* What a request's path names. */
typedef enum serve_route_kind {
    SERVE_ROUTE_NONE, /* an error */
    SERVE_ROUTE_PAGE,    /* / and /ui/{name}: the page's files (serve_page.c) */
    SERVE_ROUTE_HEALTH,
    SERVE_ROUTE_METRICS,
    SERVE_ROUTE_ECUS,
    SERVE_ROUTE_DIFF,       /* /diff?a=ECU&b=ECU (serve_diff.c) */
    SERVE_ROUTE_ECU,        /* /ecus/{ecu} */
    SERVE_ROUTE_LOOKUP,     /* /ecus/{ecu}/lookup?request=HEX[&variant=V] */
    SERVE_ROUTE_CHUNKS,     /* /ecus/{ecu}/chunks */
    SERVE_ROUTE_CHUNK_DATA, /* /ecus/{ecu}/chunks/{name} */
    SERVE_ROUTE_DTCS,       /* /ecus/{ecu}/dtcs */
    SERVE_ROUTE_DTC,        /* /ecus/{ecu}/dtcs/{code} */
    SERVE_ROUTE_COMPARAMS,  /* /ecus/{ecu}/comparams[?variant=V][&protocol=P] */
    SERVE_ROUTE_STATES,     /* /ecus/{ecu}/states[?variant=V][&service=S] */
    SERVE_ROUTE_SDGS,       /* /ecus/{ecu}/sdgs[?variant=V][&service=S] */
    SERVE_ROUTE_JOBS,       /* /ecus/{ecu}/jobs[?variant=V] */
    SERVE_ROUTE_SERVICES,   /* /ecus/{ecu}/services?[variant=V|group=G][&name=N&sid=XX...] */
    SERVE_ROUTE_UDS,        /* /ecus/{ecu}/decode, /encode, /identify (serve_uds.c) */
    SERVE_ROUTE_DESCRIBE,   /* /ecus/{ecu}/services/{name}/schema and /layout
                             * [?message=M][&index=N][&variant=V|group=G] (serve_describe.c) */
    SERVE_ROUTE_SOVD,       /* /ecus/{ecu}/sovd[?variant=V|group=G] (serve_describe.c) */
    /* mdd serve --updates (serve_updates.c), in this order */
    SERVE_ROUTE_UPDATES,         /* /updates */
    SERVE_ROUTE_UPDATE_FILE,     /* /updates/files/{name} */
    SERVE_ROUTE_UPDATE_ECU,      /* /updates/ecus/{ecu} */
    SERVE_ROUTE_UPDATE_APPLY,    /* /updates/apply */
    SERVE_ROUTE_UPDATE_ROLLBACK, /* /updates/rollback */
    SERVE_ROUTE_UPDATE_CLEANUP,  /* /updates/cleanup */
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
    const char *service;  /* states, sdgs: the service parameter, NULL when absent;
                           * describe: the service the path names */
    const char *diff_a, *diff_b; /* diff: the ECUs compared (the a and b parameters) */
    int message_kind;     /* describe: the message parameter (enum mdd_uds_message_kind: 1
                           * request, 2 response, 3 negative) */
    uint32_t message_index; /* describe: the index parameter */
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

#endif
