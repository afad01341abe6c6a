/* SPDX-License-Identifier: Apache-2.0 */
/* mdd serve's requests that need an ECU's payload (serve_lookup.c): answered at once when it
 * is resident, else parked until the reader brought it in. */
#ifndef MDD_TOOL_SERVE_JOBS_H
#define MDD_TOOL_SERVE_JOBS_H

#include "serve_parse.h"
#include "serve_server.h"
#include "serve_tables.h"

#include <mdd/async.h>
#include <mdd/db.h>

#include <stddef.h>
#include <stdint.h>

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

/* The group parameter's index into e's groups (*is_group set), else the variant parameter's,
 * else the base variant's; UINT32_MAX after answering 404 or 400. A route that takes any
 * parameter (identification) takes no layer: the base variant's (serve_uds.c). */
uint32_t serve_request_layer(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                             const serve_target *t, int *is_group);

/* The layer a job of the codec's routes names: its functional group or variant. */
const mdd_db_layer *serve_job_layer(const serve_job *job);

/* Runs the completion callbacks of the reader (the event on mdd_reader_fd()). */
void serve_reader_ready(int fd, short what, void *arg);

#endif
