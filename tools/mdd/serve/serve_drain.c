/* SPDX-License-Identifier: Apache-2.0 */
/* Draining on SIGTERM (or SIGINT): the listening socket closes, so new connections are
 * refused by the kernel; connections that are idle, or still sending a head, close at once;
 * a request being answered finishes (its reply says Connection: close when it had not
 * started), and its connection closes after it. The loop ends when the last connection
 * closed, or when --drain-timeout passed, or at a second signal. */
#include "serve_conns.h"
#include "serve_server.h"

#include <event2/event.h>
#include <event2/http.h>

/* Closes every connection not answering a request; ends the loop when none is left. */
static void sweep(evutil_socket_t fd, short what, void *arg)
{
    (void)fd;
    (void)what;
    serve_server *s = arg;
    serve_conn *c = s->conns;
    while (c) {
        serve_conn *next = c->next; /* closing c unlinks and frees it */
        if (c->state != SERVE_CONN_BUSY)
            serve_conn_close(c);
        c = next;
    }
    if (!s->conns && !s->pending)
        event_base_loopbreak(s->base);
}

static void drain_timed_out(evutil_socket_t fd, short what, void *arg)
{
    (void)fd;
    (void)what;
    serve_server *s = arg;
    event_base_loopbreak(s->base);
}

int serve_drain_start(serve_server *s)
{
    if (s->draining) {
        event_base_loopbreak(s->base);
        return 0;
    }
    s->draining = 1;
    if (s->bound) {
        evhttp_del_accept_socket(s->http, s->bound);
        s->bound = NULL;
        s->listener = NULL;
    }
    s->drain_event = event_new(s->base, -1, 0, sweep, s);
    s->drain_timer = evtimer_new(s->base, drain_timed_out, s);
    struct timeval tv = {.tv_sec = (time_t)s->opts.drain_timeout_s};
    if (!s->drain_event || !s->drain_timer || event_add(s->drain_timer, &tv) != 0) {
        event_base_loopbreak(s->base);
        return -1;
    }
    event_active(s->drain_event, EV_TIMEOUT, 0);
    return 0;
}

void serve_drain_check(serve_server *s)
{
    if (s->drain_event)
        event_active(s->drain_event, EV_TIMEOUT, 0);
}
