/* SPDX-License-Identifier: Apache-2.0 */
/* /diff?a=ECU&b=ECU: the files of two served ECUs (the default file of each name) compared
 * by content, answered as `mdd diff --json` prints it.
 *
 * A comparison decodes both files' descriptions and walks them whole: it takes far longer
 * than the loop may stall and faults in pages, so it runs on a thread of its own, which reads
 * the files by path (held by the generation the request started in, kept until it is
 * answered). One comparison runs at a time; another request meanwhile gets 503. */
#include "serve_diff.h"

#include "diff_json.h"
#include "serve_conns.h"
#include "serve_reload.h"
#include "serve_reply.h"
#include "serve_routes.h"
#include "serve_thread.h"

#include <event2/http.h>

#include <stdio.h>
#include <stdlib.h>

struct serve_diff {
    serve_thread t;
    int queued;                 /* under t.lock: the comparison waits or runs */
    struct evhttp_request *req; /* the request being answered, NULL when none or it left */
    serve_conn *conn;
    serve_gen *gen;             /* held while the thread reads the files */
    const char *path_a, *path_b, *name_a, *name_b; /* the generation's */
    int failed;
    char *json; /* the answer */
    size_t json_len;
};

static void compare(void *arg)
{
    serve_diff *d = arg;
    FILE *out = open_memstream(&d->json, &d->json_len);
    d->failed = !out || diff_json_files(out, d->path_a, d->path_b, d->name_a, d->name_b) != 0;
    if (out && fclose(out) != 0)
        d->failed = 1;
}

static void *worker(void *arg)
{
    serve_diff *d = arg;
    serve_thread_run_jobs(&d->t, &d->queued, compare, d);
    return NULL;
}

/* Answers the comparison done (unless its client left) and frees the slot. */
static void finish(serve_server *s, serve_diff *d)
{
    if (d->req && d->failed)
        serve_reply_error(s, d->req, 500, "comparing '%s' with '%s' failed: %s", d->name_a,
                          d->name_b, "a file no longer opens as it did (see the server's log)");
    else if (d->req)
        serve_reply_json_text(s, d->req, 200, d->json, d->json_len);
    else
        free(d->json);
    d->json = NULL;
    d->req = NULL;
    d->conn = NULL;
    serve_gen_drop(d->gen);
    d->gen = NULL;
}

static void on_done(evutil_socket_t fd, short what, void *arg)
{
    (void)what;
    serve_server *s = arg;
    serve_diff *d = s->diff;
    serve_thread_take_notice(fd);
    if (d->gen && serve_thread_job_done(&d->t, &d->queued))
        finish(s, d);
}

void serve_get_diff(serve_server *s, struct evhttp_request *req, const serve_target *t)
{
    serve_diff *d = s->diff;
    const serve_ecu *a = serve_tables_find(&s->tables, t->diff_a);
    const serve_ecu *b = serve_tables_find(&s->tables, t->diff_b);
    serve_conn *conn = serve_conn_of(s, req);
    if (!a || !b)
        serve_reply_error(s, req, 404, "no ECU named '%s'", a ? t->diff_b : t->diff_a);
    else if (!d)
        serve_reply_error(s, req, 500, "comparisons are not available");
    else if (d->gen)
        serve_reply_error(s, req, 503, "another comparison is running: ask again later");
    else if (!conn) /* its closing could not be noticed while the thread runs */
        serve_reply_error(s, req, 503, "cannot wait for a comparison on this connection");
    else {
        d->req = req;
        d->conn = conn;
        d->gen = serve_gen_hold(s->gen);
        d->path_a = a->path;
        d->path_b = b->path;
        d->name_a = a->name;
        d->name_b = b->name;
        d->failed = 0;
        serve_thread_queue(&d->t, &d->queued);
    }
}

void serve_diff_conn_closed(serve_conn *c)
{
    serve_diff *d = c->server->diff;
    if (d && d->gen && d->conn == c) {
        serve_forget_request(d->req);
        d->req = NULL;
        d->conn = NULL;
    }
}

int serve_diff_start(serve_server *s)
{
    serve_diff *d = calloc(1, sizeof *d);
    if (!d)
        return -1;
    s->diff = d;
    if (serve_thread_init(&d->t, s->base, on_done, s) != 0 ||
        serve_thread_start(&d->t, worker, d) != 0)
        return -1;
    return 0;
}

void serve_diff_stop(serve_server *s)
{
    serve_diff *d = s->diff;
    if (!d)
        return;
    serve_thread_stop(&d->t);
    if (d->gen) {
        d->req = NULL;
        finish(s, d);
    }
    free(d);
    s->diff = NULL;
}
