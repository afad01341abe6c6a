/* SPDX-License-Identifier: Apache-2.0 */
/* Replies: JSON bodies written with the tool's JSON writer into memory, handed to evhttp
 * without a copy, and counted by status. */
#include "serve.h"

#include <event2/buffer.h>
#include <event2/http.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

const int serve_status_codes[SERVE_STATUS_KINDS] = {200, 400, 404, 405, 414, 431, 500, 503, 0};

void serve_count_response(serve_server *s, int code)
{
    /* The last slot counts every other code. */
    size_t i = 0;
    while (i + 1 < SERVE_STATUS_KINDS && serve_status_codes[i] != code)
        i++;
    s->counters.responses[i]++;
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

static void free_body(const void *data, size_t len, void *arg)
{
    (void)data;
    (void)len;
    free(arg);
}

/* Sends data[0..len) (malloc'd, or NULL for no body) with code; takes data. */
static void send_body(serve_server *s, struct evhttp_request *req, int code, char *data,
                      size_t len)
{
    struct evbuffer *buf = evbuffer_new();
    if (buf && data && evbuffer_add_reference(buf, data, len, free_body, data) == 0)
        data = NULL;
    free(data);
    struct evkeyvalq *headers = evhttp_request_get_output_headers(req);
    evhttp_add_header(headers, "Content-Type", "application/json");
    if (code == 405)
        evhttp_add_header(headers, "Allow", "GET, HEAD");
    serve_count_response(s, code);
    evhttp_send_reply(req, code, NULL, buf);
    if (buf)
        evbuffer_free(buf);
}

void serve_body_discard(serve_body *b)
{
    fclose(b->out);
    free(b->data);
}

void serve_reply_json(serve_server *s, struct evhttp_request *req, int code, serve_body *b)
{
    json_end_line(&b->json);
    /* A failed write shows as a body that is not all there: say so rather than send it. */
    int failed = ferror(b->out);
    if (fclose(b->out) != 0 || failed) {
        free(b->data);
        send_body(s, req, 500, NULL, 0);
        return;
    }
    send_body(s, req, code, b->data, b->len);
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
    if (body_open(&b) != 0) {
        send_body(s, req, code, NULL, 0);
        return;
    }
    json_object_begin(&b.json);
    json_key(&b.json, "error");
    json_cstring(&b.json, message);
    json_object_end(&b.json);
    serve_reply_json(s, req, code, &b);
}
