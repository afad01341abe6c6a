/* SPDX-License-Identifier: Apache-2.0 */
/* Request heads: each must arrive within the header deadline, and none may pass the limits
 * on its request line and header fields.
 *
 * evhttp has neither: its one timeout restarts with every read (a client trickling a header
 * line now and then holds its connection for as long as it likes), and its one size limit
 * answers 400 whatever was too large. So the server follows each head as it arrives, from a
 * callback on the connection's input buffer, which runs as bytes are added and so before
 * evhttp parses them. A head over a limit is answered here, 414 or 431 (RFC 9110 15.5.15,
 * RFC 6585 5), and the connection taken from evhttp: the reply goes out, then what the
 * client still sends is read and dropped until it closes or the deadline passes, so that
 * closing with unread bytes does not reset the connection before the client read the reply
 * (ADR 0023). */
#include "serve.h"

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>

#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

/* The reply to a head over a limit; the connection closes after it. */
static void send_rejection(serve_conn *c, int status)
{
    char message[128];
    if (status == 414)
        snprintf(message, sizeof message,
                 "{\"error\": \"the request line is longer than %u bytes\"}\n",
                 SERVE_MAX_REQUEST_LINE);
    else
        snprintf(message, sizeof message,
                 "{\"error\": \"the header fields pass %u bytes or %u fields\"}\n",
                 SERVE_MAX_FIELD_BYTES, SERVE_MAX_FIELDS);
    evbuffer_add_printf(bufferevent_get_output(c->bev),
                        "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\n"
                        "Content-Length: %zu\r\nConnection: close\r\n\r\n%s",
                        status,
                        status == 414 ? "URI Too Long" : "Request Header Fields Too Large",
                        strlen(message), message);
    serve_count_response(c->server, status);
}

static void header_deadline(evutil_socket_t fd, short what, void *arg)
{
    (void)fd;
    (void)what;
    serve_conn *c = arg;
    c->server->counters.header_timeouts++;
    serve_conn_close(c);
}

/* The rejected connection's input: dropped. */
static void linger_read(struct bufferevent *bev, void *arg)
{
    (void)arg;
    struct evbuffer *in = bufferevent_get_input(bev);
    evbuffer_drain(in, evbuffer_get_length(in));
}

/* The reply is out: the client sees the end of it. */
static void linger_sent(struct bufferevent *bev, void *arg)
{
    (void)arg;
    shutdown(bufferevent_getfd(bev), SHUT_WR);
}

/* The client closed, the connection failed or the deadline passed. */
static void linger_end(struct bufferevent *bev, short what, void *arg)
{
    (void)bev;
    (void)what;
    serve_conn_close(arg);
}

/* Answers status and takes the connection from evhttp (whose read callback, which runs next,
 * finds nothing to parse). */
static void reject(serve_conn *c, struct evbuffer *in, int status)
{
    event_del(c->deadline);
    serve_conn_set_state(c, SERVE_CONN_REJECT);
    evbuffer_drain(in, evbuffer_get_length(in));
    struct timeval linger = {.tv_sec = (time_t)c->server->opts.header_timeout_s};
    bufferevent_setcb(c->bev, linger_read, linger_sent, linger_end, c);
    bufferevent_set_timeouts(c->bev, &linger, &linger);
    bufferevent_enable(c->bev, EV_READ | EV_WRITE);
    send_rejection(c, status);
}

static void head_started(serve_conn *c)
{
    c->scan.in_head = 1;
    /* A new connection's deadline runs from its accept already. */
    struct timeval tv = {.tv_sec = (time_t)c->server->opts.header_timeout_s};
    if (!evtimer_pending(c->deadline, NULL))
        event_add(c->deadline, &tv);
    if (c->state == SERVE_CONN_IDLE)
        serve_conn_set_state(c, SERVE_CONN_HEAD);
}

static void head_ended(serve_conn *c)
{
    c->scan = (serve_head_scan){0};
    event_del(c->deadline);
}

/* One byte of the stream (CR aside: lines end at LF, as evhttp reads them). Returns 0, or
 * the status a head over a limit is answered with. */
static int scan_byte(serve_conn *c, char ch)
{
    serve_head_scan *h = &c->scan;
    if (ch != '\n') {
        if (!h->in_head)
            head_started(c);
        h->line_bytes++;
        if (!h->in_fields)
            return h->line_bytes > SERVE_MAX_REQUEST_LINE ? 414 : 0;
        return h->field_bytes + h->line_bytes > SERVE_MAX_FIELD_BYTES ? 431 : 0;
    }
    if (!h->in_head) /* empty lines before a request are allowed */
        return 0;
    if (!h->in_fields) {
        h->in_fields = 1;
    } else if (h->line_bytes == 0) {
        head_ended(c);
        return 0;
    } else {
        h->field_bytes += h->line_bytes;
        if (++h->field_count > SERVE_MAX_FIELDS)
            return 431;
    }
    h->line_bytes = 0;
    return 0;
}

static int scan_bytes(serve_conn *c, const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (p[i] == '\r')
            continue;
        int status = scan_byte(c, p[i]);
        if (status)
            return status;
    }
    return 0;
}

/* Scans the added bytes, the last n_added of in. Returns 0 or a status, as scan_byte(). */
static int scan_added(serve_conn *c, struct evbuffer *in, size_t n_added)
{
    size_t len = evbuffer_get_length(in);
    struct evbuffer_ptr at;
    if (n_added > len || evbuffer_ptr_set(in, &at, len - n_added, EVBUFFER_PTR_SET) != 0)
        return 0;
    while (n_added > 0) {
        struct evbuffer_iovec v[4];
        int count = evbuffer_peek(in, (ev_ssize_t)n_added, &at, v, 4);
        if (count <= 0)
            return 0;
        size_t done = 0;
        for (int i = 0; i < count && i < 4 && done < n_added; i++) {
            size_t take = v[i].iov_len < n_added - done ? v[i].iov_len : n_added - done;
            int status = scan_bytes(c, v[i].iov_base, take);
            if (status)
                return status;
            done += take;
        }
        n_added -= done;
        evbuffer_ptr_set(in, &at, done, EVBUFFER_PTR_ADD);
    }
    return 0;
}

static void on_input(struct evbuffer *in, const struct evbuffer_cb_info *info, void *arg)
{
    serve_conn *c = arg;
    if (info->n_added == 0 || c->state == SERVE_CONN_REJECT)
        return;
    serve_stall start = serve_stall_begin();
    int status = scan_added(c, in, info->n_added);
    /* A connection answering a request keeps its reply; evhttp's own limit (the two added)
     * bounds what the next head holds. */
    if (status && c->state != SERVE_CONN_BUSY)
        reject(c, in, status);
    serve_stall_end(c->server, &start);
}

int serve_head_watch(serve_conn *c)
{
    c->deadline = evtimer_new(bufferevent_get_base(c->bev), header_deadline, c);
    if (!c->deadline)
        return -1;
    if (!evbuffer_add_cb(bufferevent_get_input(c->bev), on_input, c)) {
        event_free(c->deadline);
        return -1;
    }
    /* A new connection owes its first request's head. */
    c->state = SERVE_CONN_HEAD;
    struct timeval tv = {.tv_sec = (time_t)c->server->opts.header_timeout_s};
    event_add(c->deadline, &tv);
    return 0;
}

void serve_head_unwatch(serve_conn *c)
{
    evbuffer_remove_cb(bufferevent_get_input(c->bev), on_input, c);
    event_free(c->deadline);
}
