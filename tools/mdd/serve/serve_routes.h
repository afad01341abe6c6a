/* SPDX-License-Identifier: Apache-2.0 */
/* mdd serve's router (serve_routes.c) and the handlers it dispatches a request's route to. */
#ifndef MDD_TOOL_SERVE_ROUTES_H
#define MDD_TOOL_SERVE_ROUTES_H

#include "serve_parse.h"
#include "serve_server.h"
#include "serve_tables.h"

#include <stdint.h>

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

/* /ecus/{ecu}/lookup, /ecus/{ecu}/dtcs and /ecus/{ecu}/dtcs/{code}: answered once the
 * payload is resident (serve_lookup.c). t is the lookup's target: its variant is looked for
 * before its error (SERVE_ERROR_AFTER_VARIANT) is answered. */
void serve_get_lookup(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                      const serve_target *t);
void serve_get_dtc(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                   const serve_target *t);
/* /ecus/{ecu}/comparams: the variant's ComParams as `mdd comparams --json` prints them; 404
 * for an unknown variant or protocol (serve_lookup.c). */
void serve_get_comparams(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
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

/* /ecus/{ecu}/services/{name}/schema and /layout, /ecus/{ecu}/sovd: a service's message
 * described, the layer's SOVD view, answered once the payload is resident
 * (serve_describe.c). */
void serve_describe(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                    const serve_target *t);

/* / and /ui/{name}: the page's files, embedded in the binary (serve_page.c). */
void serve_get_page(serve_server *s, struct evhttp_request *req, const serve_target *t);

/* /diff?a=ECU&b=ECU: the two ECUs' files compared as `mdd diff --json` compares them, on a
 * thread of its own (serve_diff.c). */
void serve_get_diff(serve_server *s, struct evhttp_request *req, const serve_target *t);

#endif
