/* SPDX-License-Identifier: Apache-2.0 */
/* Replies: JSON bodies written with the tool's JSON writer into memory, handed to evhttp
 * without a copy, and counted by status. Every error, whether evhttp sends it or the head
 * scan writes it to the socket itself (serve_head.c), has one body, {"error": message}, and
 * the same fields. */
#include "json.h"
#include "serve_parse.h"
#include "serve_reply.h"
#include "serve_server.h"

#include <event2/buffer.h>
#include <event2/http.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* The statuses the server answers, with their reason phrases; the last counts the rest. */
static const struct {
    int code;
    const char *reason;
} statuses[SERVE_STATUS_KINDS] = {
    {200, "OK"},
    {400, "Bad Request"},
    {401, "Unauthorized"},
    {404, "Not Found"},
    {405, "Method Not Allowed"},
    {409, "Conflict"},
    {411, "Length Required"},
    {413, "Content Too Large"},
    {414, "URI Too Long"},
    {415, "Unsupported Media Type"},
    {422, "Unprocessable Content"},
    {431, "Request Header Fields Too Large"},
    {500, "Internal Server Error"},
    {501, "Not Implemented"},
    {503, "Service Unavailable"},
    {0, "Error"},
};

int serve_status_code(size_t i) { return statuses[i].code; }

/* The index of code in statuses (the last slot for any other). */
static size_t status_index(int code)
{
    size_t i = 0;
    while (i + 1 < SERVE_STATUS_KINDS && statuses[i].code != code)
        i++;
    return i;
}

void serve_count_response(serve_server *s, int code)
{
    s->counters.responses[status_index(code)]++;
}

/* Starts a body. Returns 0, or -1 when out of memory. */
static int body_open(serve_body *b)
{
    b->data = NULL;
    b->len = 0;
    b->out = open_memstream(&b->data, &b->len);
    if (!b->out)
        return -1;
    json_init(&b->json, b->out);
    return 0;
}

int serve_body_start(serve_server *s, struct evhttp_request *req, serve_body *b)
{
    if (body_open(b) == 0)
        return 0;
    serve_reply_error(s, req, 500, "out of memory");
    return -1;
}

/* Ends b's line and closes it. Returns 0, or -1 (b's data freed) when a write failed: a
 * body that is not all there. */
static int body_close(serve_body *b)
{
    json_end_line(&b->json);
    int failed = ferror(b->out);
    if (fclose(b->out) != 0 || failed) {
        free(b->data);
        b->data = NULL;
        return -1;
    }
    return 0;
}

/* The error body of message into b. Returns 0, or -1 when out of memory. */
static int error_body(const char *message, serve_body *b)
{
    if (body_open(b) != 0)
        return -1;
    json_object_begin(&b->json);
    json_key(&b->json, "error");
    json_cstring(&b->json, message);
    json_object_end(&b->json);
    return body_close(b);
}

static void free_body(const void *data, size_t len, void *arg)
{
    (void)data;
    (void)len;
    free(arg);
}

/* What a JSON reply may do in a browser that opened it: nothing (it is data, not a page). */
#define JSON_POLICY "default-src 'none'; frame-ancestors 'none'"

/* The page's policy: its own script, style and routes, nothing inline, no other origin. */
#define PAGE_POLICY                                                                            \
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "             \
    "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/* Sends buf (NULL for no body; freed here) of len bytes as type with code, under policy. The
 * length is given for HEAD too, for which evhttp would leave it out; a HEAD's body is not
 * handed to evhttp at all, which sent part of one over 64 KiB after the head. */
static void send_reply(serve_server *s, struct evhttp_request *req, int code, const char *type,
                       const char *policy, struct evbuffer *buf, size_t len)
{
    struct evkeyvalq *headers = evhttp_request_get_output_headers(req);
    char length[24];
    int head = evhttp_request_get_command(req) == EVHTTP_REQ_HEAD;
    snprintf(length, sizeof length, "%zu", buf ? evbuffer_get_length(buf) : head ? len : 0);
    evhttp_add_header(headers, "Content-Type", type);
    evhttp_add_header(headers, "Content-Length", length);
    evhttp_add_header(headers, "Content-Security-Policy", policy);
    evhttp_add_header(headers, "X-Content-Type-Options", "nosniff");
    evhttp_add_header(headers, "Referrer-Policy", "no-referrer");
    if (code == 401)
        evhttp_add_header(headers, "WWW-Authenticate", "Bearer");
    serve_count_response(s, code);
    evhttp_send_reply(req, code, NULL, buf);
    if (buf)
        evbuffer_free(buf);
}

/* A buffer for a reply's body, NULL for a HEAD's (which has none) or when out of memory. */
static struct evbuffer *body_buffer(struct evhttp_request *req)
{
    return evhttp_request_get_command(req) == EVHTTP_REQ_HEAD ? NULL : evbuffer_new();
}

/* Sends the JSON text data[0..len) (malloc'd, or NULL for no body) with code; takes data. */
static void send_body(serve_server *s, struct evhttp_request *req, int code, char *data,
                      size_t len)
{
    struct evbuffer *buf = body_buffer(req);
    if (buf && data && evbuffer_add_reference(buf, data, len, free_body, data) == 0)
        data = NULL;
    free(data);
    send_reply(s, req, code, "application/json", JSON_POLICY, buf, len);
}

void serve_reply_asset(serve_server *s, struct evhttp_request *req, const char *type,
                       const void *data, size_t len)
{
    struct evbuffer *buf = body_buffer(req);
    if (buf && evbuffer_add_reference(buf, data, len, NULL, NULL) != 0) {
        evbuffer_free(buf);
        send_body(s, req, 500, NULL, 0);
        return;
    }
    evhttp_add_header(evhttp_request_get_output_headers(req), "Cache-Control", "no-cache");
    send_reply(s, req, 200, type, PAGE_POLICY, buf, len);
}

void serve_body_discard(serve_body *b)
{
    fclose(b->out);
    free(b->data);
}

void serve_reply_json(serve_server *s, struct evhttp_request *req, int code, serve_body *b)
{
    if (body_close(b) != 0)
        send_body(s, req, 500, NULL, 0);
    else
        send_body(s, req, code, b->data, b->len);
}

void serve_reply_json_text(serve_server *s, struct evhttp_request *req, int code, char *data,
                           size_t len)
{
    send_body(s, req, code, data, len);
}

void serve_reply_error(serve_server *s, struct evhttp_request *req, int code, const char *fmt,
                       ...)
{
    char message[SERVE_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    serve_body b;
    if (error_body(message, &b) != 0)
        send_body(s, req, code, NULL, 0);
    else
        send_body(s, req, code, b.data, b.len);
}

void serve_reply_raw_error(serve_server *s, struct evbuffer *out, int code, const char *message)
{
    serve_body b;
    int have_body = error_body(message, &b) == 0;
    evbuffer_add_printf(out,
                        "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\n"
                        "Content-Length: %zu\r\n%sConnection: close\r\n\r\n",
                        code, statuses[status_index(code)].reason, have_body ? b.len : 0,
                        code == 401 ? "WWW-Authenticate: Bearer\r\n" : "");
    if (have_body) {
        evbuffer_add(out, b.data, b.len);
        free(b.data);
    }
    serve_count_response(s, code);
}
