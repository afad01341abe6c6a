/* Routing: the method, the path split into percent-decoded segments, and the handler that
 * answers it. Every handler's time on the loop is measured. */
#include "serve.h"

#include <event2/http.h>

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Segments of /ecus/{ecu}/chunks/{name}: the longest path served. */
#define MAX_SEGMENTS 4

uint64_t serve_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

void serve_stall_end(serve_server *s, uint64_t start_us)
{
    uint64_t took = serve_now_us() - start_us;
    if (took > s->counters.max_loop_stall_us)
        s->counters.max_loop_stall_us = took;
}

typedef struct segments {
    char *items[MAX_SEGMENTS];
    size_t count;
} segments;

static void free_segments(segments *seg)
{
    for (size_t i = 0; i < seg->count; i++)
        free(seg->items[i]);
    seg->count = 0;
}

/* Splits path ("/a/b") into decoded segments. Returns 200, 404 for a path with an empty
 * segment or more than MAX_SEGMENTS of them, 400 for one that decodes to a NUL byte, or 500
 * when out of memory. */
static int split_path(const char *path, segments *seg)
{
    seg->count = 0;
    if (!path || path[0] != '/')
        return 404;
    const char *p = path + 1;
    while (*p) {
        const char *end = strchr(p, '/');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == 0 || seg->count == MAX_SEGMENTS)
            return 404;
        char *raw = strndup(p, len);
        size_t decoded_len = 0;
        char *decoded = raw ? evhttp_uridecode(raw, 0, &decoded_len) : NULL;
        free(raw);
        if (!decoded)
            return 500;
        seg->items[seg->count++] = decoded;
        if (strlen(decoded) != decoded_len)
            return 400;
        p += len + (end ? 1 : 0);
        if (end && !*p)
            return 404; /* a trailing slash */
    }
    return 200;
}

/* The routes under /ecus/{ecu}. */
static void route_ecu(serve_server *s, struct evhttp_request *req, const segments *seg,
                      const char *query)
{
    const serve_ecu *e = serve_tables_find(&s->tables, seg->items[1]);
    if (!e) {
        serve_reply_error(s, req, 404, "no ECU named '%s'", seg->items[1]);
        return;
    }
    const char *what = seg->count > 2 ? seg->items[2] : NULL;
    if (seg->count == 2)
        serve_get_ecu(s, req, e);
    else if (seg->count == 3 && strcmp(what, "lookup") == 0)
        serve_get_lookup(s, req, e, query);
    else if (seg->count == 3 && strcmp(what, "chunks") == 0)
        serve_get_chunks(s, req, e);
    else if (seg->count == 4 && strcmp(what, "chunks") == 0)
        serve_get_chunk_data(s, req, e, seg->items[3]);
    else if (seg->count == 4 && strcmp(what, "dtcs") == 0)
        serve_get_dtc(s, req, e, seg->items[3]);
    else
        serve_reply_error(s, req, 404, "no such resource");
}

static void dispatch(serve_server *s, struct evhttp_request *req)
{
    enum evhttp_cmd_type method = evhttp_request_get_command(req);
    if (method != EVHTTP_REQ_GET && method != EVHTTP_REQ_HEAD) {
        serve_reply_error(s, req, 405, "only GET and HEAD are served");
        return;
    }
    const struct evhttp_uri *uri = evhttp_request_get_evhttp_uri(req);
    segments seg;
    int rc = split_path(evhttp_uri_get_path(uri), &seg);
    const char *first = seg.count ? seg.items[0] : "";
    if (rc == 400)
        serve_reply_error(s, req, 400, "the path holds a NUL byte");
    else if (rc == 500)
        serve_reply_error(s, req, 500, "out of memory");
    else if (rc != 200 || seg.count == 0)
        serve_reply_error(s, req, 404, "no such resource");
    else if (seg.count == 1 && strcmp(first, "health") == 0)
        serve_get_health(s, req);
    else if (seg.count == 1 && strcmp(first, "metrics") == 0)
        serve_get_metrics(s, req);
    else if (seg.count == 1 && strcmp(first, "ecus") == 0)
        serve_get_ecus(s, req);
    else if (strcmp(first, "ecus") == 0)
        route_ecu(s, req, &seg, evhttp_uri_get_query(uri));
    else
        serve_reply_error(s, req, 404, "no such resource");
    free_segments(&seg);
}

void serve_route(struct evhttp_request *req, void *arg)
{
    serve_server *s = arg;
    uint64_t start = serve_now_us();
    s->counters.requests++;
    dispatch(s, req);
    serve_stall_end(s, start);
}
