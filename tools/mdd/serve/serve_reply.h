/* SPDX-License-Identifier: Apache-2.0 */
/* mdd serve's replies (serve_reply.c): JSON bodies, errors, and the responses /metrics
 * counts. */
#ifndef MDD_TOOL_SERVE_REPLY_H
#define MDD_TOOL_SERVE_REPLY_H

#include "json.h"
#include "serve_server.h"

#include <stddef.h>
#include <stdio.h>

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

/* Sends the JSON text data[0..len) (malloc'd, taken; one line with its newline) with code. */
void serve_reply_json_text(serve_server *s, struct evhttp_request *req, int code, char *data,
                           size_t len);

/* Sends data[0..len) (static: not copied, not freed) as type with 200 and the page's
 * Content-Security-Policy. */
void serve_reply_asset(serve_server *s, struct evhttp_request *req, const char *type,
                       const void *data, size_t len);

/* Sends {"error": message} with code and its length (for HEAD too). A 405's caller adds its
 * Allow header first; a 401 says WWW-Authenticate: Bearer. */
void serve_reply_error(serve_server *s, struct evhttp_request *req, int code, const char *fmt,
                       ...) __attribute__((format(printf, 4, 5)));

/* Writes a whole reply of code with the body {"error": message} to out, the output of a
 * connection taken from evhttp that closes after it (serve_head.c), and counts it. */
void serve_reply_raw_error(serve_server *s, struct evbuffer *out, int code,
                           const char *message);

/* Counts a response sent with code. */
void serve_count_response(serve_server *s, int code);

#endif
