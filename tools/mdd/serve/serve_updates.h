/* SPDX-License-Identifier: Apache-2.0 */
/* mdd serve --updates (serve_updates.c): the update routes, which stage uploaded files and
 * removals, show the status, apply, roll back and clean up with mdd_update_* (include/mdd/
 * update.h) on a worker thread, each behind the bearer token. */
#ifndef MDD_TOOL_SERVE_UPDATES_H
#define MDD_TOOL_SERVE_UPDATES_H

#include "serve_parse.h"
#include "serve_server.h"
#include "serve_token.h"

#include <stddef.h>
#include <stdint.h>

/* The default of --update-max-bytes: 64 MiB. */
#define SERVE_UPDATE_MAX_BYTES (64u << 20)

/* With --updates (its token read already): makes a private upload directory in DIR/.mdd-update
 * and starts the worker thread; after the loop was made. Returns CLI_EXIT_OK (also without
 * --updates) or the exit code after printing why. */
int serve_updates_start(serve_server *s, const char *dir);

/* Waits for the operation in flight, stops the worker, removes the upload directory; before
 * the loop is freed. Safe when never started. */
void serve_updates_stop(serve_server *s);

/* The token, or NULL when the update routes are off. */
const serve_token *serve_updates_token(const serve_server *s);

/* The head of an upload (PUT /updates/files/...) on c ended, announcing content_length
 * bytes, with the token (authorized) or without. Returns 0 when it is admitted: the update
 * slot is c's and its connection takes a body of up to --update-max-bytes; else the status
 * to answer at once (413, 401 or 409, see serve_updates_refusal()). */
int serve_updates_admit(serve_conn *c, uint64_t content_length, int authorized);

/* The message of a refusal by status (413, 401, 409) into message[0..size); returns status. */
int serve_updates_refusal(serve_server *s, int status, char *message, size_t size);

/* Whether route is one of the update routes. */
int serve_updates_has_route(serve_route_kind route);

/* Answers a request on an update route: 404 when they are off, then 401 without the token,
 * 405 for another method, t's error, 409 while another update request is answered; else
 * runs it on the worker and answers when it is done. */
void serve_updates_route(serve_server *s, struct evhttp_request *req, const serve_target *t);

/* A request that is not on an update route arrived: when its head was admitted as an upload
 * (PUT /updates/files/A/B), the update slot is free again. */
void serve_updates_not_upload(serve_server *s, struct evhttp_request *req);

/* c is closing: its admitted upload or its request waiting for the worker goes. */
void serve_updates_conn_closed(serve_conn *c);

#endif
