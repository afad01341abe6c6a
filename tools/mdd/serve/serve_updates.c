/* SPDX-License-Identifier: Apache-2.0 */
/* mdd serve --updates: updates of the served directory over HTTP, thin over mdd_update_*.
 *
 * One update request is answered at a time (the update slot): another one gets 409 until it
 * is done, and so does one while `mdd update` or `mdd install` holds the directory's update
 * lock (mdd_update_open() says MDD_ERR_BUSY). An upload takes the slot when its head arrives
 * (serve_head.c), so that at most one body of up to --update-max-bytes is held in memory;
 * the body is then written to a file of a private directory in DIR/.mdd-update (which a
 * reload does not read) and staged from there.
 *
 * The library's calls copy, convert and verify files: they run on a worker thread, which
 * takes a job, runs it and writes a byte to a pipe the loop watches; the loop answers. An
 * apply or a rollback is answered once a reload asked for after it is collected, so that a
 * client that saw its answer is served the new set. The switch holds reloads out while it
 * renames the files, so the reload inotify starts during it sees the whole new set: one new
 * generation, and the reloads after it find nothing changed. */
#include "serve_updates.h"

#include "serve_conns.h"
#include "serve_reload.h"
#include "serve_reply.h"
#include "serve_thread.h"
#include "update_status.h"

#include <event2/buffer.h>
#include <event2/event.h>
#include <event2/http.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef enum update_op { OP_STATUS, OP_STAGE, OP_REMOVE, OP_APPLY, OP_ROLLBACK, OP_CLEANUP } update_op;

static const char *const op_names[] = {"status", "stage", "removal", "apply", "rollback",
                                       "cleanup"};

/* The update routes: the method each takes (HEAD too where it is GET) and the operation. */
static const struct {
    serve_route_kind route;
    enum evhttp_cmd_type method;
    const char *allow;
    update_op op;
} update_routes[] = {
    {SERVE_ROUTE_UPDATES, EVHTTP_REQ_GET, "GET, HEAD", OP_STATUS},
    {SERVE_ROUTE_UPDATE_FILE, EVHTTP_REQ_PUT, "PUT", OP_STAGE},
    {SERVE_ROUTE_UPDATE_ECU, EVHTTP_REQ_DELETE, "DELETE", OP_REMOVE},
    {SERVE_ROUTE_UPDATE_APPLY, EVHTTP_REQ_POST, "POST", OP_APPLY},
    {SERVE_ROUTE_UPDATE_ROLLBACK, EVHTTP_REQ_POST, "POST", OP_ROLLBACK},
    {SERVE_ROUTE_UPDATE_CLEANUP, EVHTTP_REQ_POST, "POST", OP_CLEANUP},
};
#define ROUTE_COUNT (sizeof update_routes / sizeof update_routes[0])

/* One request's operation, from the loop to the worker and back. */
typedef struct update_job {
    update_op op;
    struct evhttp_request *req; /* NULL once its connection closed */
    serve_conn *conn;
    char name[NAME_MAX + 1]; /* stage: NAME.mdd; removal: the ECU */
    struct evbuffer *body;   /* stage: the upload */
    mdd_status status;
    mdd_error err;
    char *json; /* status: the answer */
    size_t json_len;
} update_job;

struct serve_updates {
    serve_token token;
    uint64_t max_bytes;
    const char *dir;
    char upload_dir[PATH_MAX];
    mdd_db_options db;
    const char *busy;         /* what holds the update slot, NULL when it is free */
    serve_conn *upload_conn;  /* the connection of an admitted upload whose body comes */
    update_job *job;          /* given to the worker, until answered */
    serve_thread t;           /* writes a byte to its pipe when the job is done */
    int queued;
};

const serve_token *serve_updates_token(const serve_server *s)
{
    return s->updates ? &s->updates->token : NULL;
}

int serve_updates_has_route(serve_route_kind route)
{
    return route >= SERVE_ROUTE_UPDATES && route <= SERVE_ROUTE_UPDATE_CLEANUP;
}

int serve_updates_refusal(serve_server *s, int status, char *message, size_t size)
{
    serve_updates *u = s->updates;
    if (status == 413)
        snprintf(message, size, "the upload is longer than %llu bytes (--update-max-bytes)",
                 (unsigned long long)u->max_bytes);
    else if (status == 401)
        snprintf(message, size, "the update routes take a bearer token (Authorization: "
                                "Bearer TOKEN), and none or another came");
    else
        snprintf(message, size, "another update request is being answered (%s)",
                 u->busy ? u->busy : "an upload");
    return status;
}

int serve_updates_admit(serve_conn *c, uint64_t content_length, int authorized)
{
    serve_updates *u = c->server->updates;
    if (content_length > u->max_bytes)
        return 413;
    if (!authorized)
        return 401;
    if (u->busy)
        return 409;
    u->busy = "an upload";
    u->upload_conn = c;
    evhttp_connection_set_max_body_size(c->evcon, (ev_ssize_t)u->max_bytes);
    return 0;
}

/* Gives up c's admission: its connection takes bodies of the usual size again. */
static void end_upload(serve_updates *u)
{
    if (u->upload_conn)
        evhttp_connection_set_max_body_size(u->upload_conn->evcon, SERVE_MAX_BODY_BYTES);
    u->upload_conn = NULL;
}

void serve_updates_not_upload(serve_server *s, struct evhttp_request *req)
{
    serve_updates *u = s->updates;
    if (!u || !u->upload_conn || serve_conn_of(s, req) != u->upload_conn)
        return;
    end_upload(u);
    u->busy = NULL;
}

void serve_updates_conn_closed(serve_conn *c)
{
    serve_updates *u = c->server->updates;
    if (!u)
        return;
    if (u->upload_conn == c) {
        u->upload_conn = NULL;
        if (!u->job)
            u->busy = NULL;
    }
    if (u->job && u->job->conn == c) {
        serve_forget_request(u->job->req);
        u->job->req = NULL;
        u->job->conn = NULL;
    }
}

/* ---- The worker ---- */

/* The library names the uploaded file by its path in the upload directory (or not at all):
 * the message starts with the name the client knows it by. */
static void name_upload(const update_job *job, const char *path, mdd_error *err)
{
    size_t len = strlen(path);
    const char *rest = err->message;
    if (strncmp(rest, path, len) == 0)
        rest += len + (rest[len] == ':' && rest[len + 1] == ' ' ? 2 : 0);
    char text[sizeof err->message];
    if (snprintf(text, sizeof text, "%s: %s", job->name, rest) >= 0)
        memcpy(err->message, text, sizeof text);
}

/* Writes the upload to path. */
static mdd_status write_upload(update_job *job, const char *path, mdd_error *err)
{
    unlink(path); /* a file a killed server left */
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    int e = 0;
    while (fd >= 0 && !e && evbuffer_get_length(job->body) > 0)
        if (evbuffer_write(job->body, fd) < 0 && errno != EINTR)
            e = errno;
    if (fd < 0 || e || close(fd) != 0) {
        e = e ? e : errno;
        unlink(path);
        return mdd_fail(err, MDD_ERR_IO, "%s: %s", job->name, strerror(e));
    }
    return MDD_OK;
}

/* Stages the upload from a file of the upload directory, removed after. */
static mdd_status stage_upload(serve_updates *u, mdd_update *up, update_job *job,
                               mdd_error *err)
{
    char path[PATH_MAX + NAME_MAX + 2];
    snprintf(path, sizeof path, "%s/%s", u->upload_dir, job->name);
    mdd_status st = write_upload(job, path, err);
    if (st != MDD_OK)
        return st;
    st = mdd_update_stage_file(up, path, err);
    unlink(path);
    if (st != MDD_OK)
        name_upload(job, path, err);
    return st;
}

/* The status as JSON into job->json. */
static mdd_status status_json(mdd_update *up, update_job *job, mdd_error *err)
{
    FILE *out = open_memstream(&job->json, &job->json_len);
    if (!out)
        return mdd_fail(err, MDD_ERR_NOMEM, "out of memory");
    json_writer j;
    json_init(&j, out);
    mdd_status st = update_status_json(up, &j, err);
    json_end_line(&j);
    int failed = ferror(out);
    if (fclose(out) != 0 || failed)
        st = st != MDD_OK ? st : mdd_fail(err, MDD_ERR_NOMEM, "out of memory");
    return st;
}

static void run_job(serve_updates *u, update_job *job)
{
    mdd_update_options opts = mdd_update_options_default();
    opts.db = u->db;
    opts.read_only = job->op == OP_STATUS;
    char holder[64];
    snprintf(holder, sizeof holder, "mdd serve --updates: %s", op_names[job->op]);
    opts.holder = holder;
    mdd_update *up;
    mdd_error *err = &job->err;
    job->status = mdd_update_open(u->dir, &opts, &up, err);
    if (job->status != MDD_OK)
        return;
    switch (job->op) {
    case OP_STATUS: job->status = status_json(up, job, err); break;
    case OP_STAGE: job->status = stage_upload(u, up, job, err); break;
    case OP_REMOVE: job->status = mdd_update_stage_removal(up, job->name, err); break;
    case OP_APPLY: job->status = mdd_update_apply(up, err); break;
    case OP_ROLLBACK: job->status = mdd_update_rollback(up, err); break;
    default: job->status = mdd_update_cleanup(up, err); break;
    }
    mdd_update_close(up);
}

/* The job the loop queued (set before it was queued). */
static void run_queued(void *arg)
{
    serve_updates *u = arg;
    run_job(u, u->job);
}

static void *worker(void *arg)
{
    serve_updates *u = arg;
    serve_thread_run_jobs(&u->t, &u->queued, run_queued, u);
    return NULL;
}

/* ---- On the loop ---- */

/* The status that answers a library's failure. */
static int failure_status(mdd_status st)
{
    switch (st) {
    case MDD_ERR_BUSY: return 409;
    case MDD_ERR_NOT_FOUND: return 404;
    case MDD_ERR_NOMEM:
    case MDD_ERR_IO:
    case MDD_ERR_READ_ONLY: return 500;
    default: return 422;
    }
}

static void answer(serve_server *s, update_job *job)
{
    struct evhttp_request *req = job->req;
    serve_body b;
    if (job->status != MDD_OK) {
        serve_reply_error(s, req, failure_status(job->status), "%s", job->err.message);
    } else if (job->op == OP_STATUS) {
        char *json = job->json;
        job->json = NULL;
        serve_reply_json_text(s, req, 200, json, job->json_len);
    } else if (serve_body_start(s, req, &b) == 0) {
        json_object_begin(&b.json);
        json_key(&b.json, job->op == OP_STAGE    ? "staged"
                          : job->op == OP_REMOVE ? "staged_removal"
                                                 : "done");
        json_cstring(&b.json, job->op <= OP_REMOVE ? job->name : op_names[job->op]);
        json_object_end(&b.json);
        serve_reply_json(s, req, 200, &b);
    }
}

/* Answers the job done (unless its client left) and frees the update slot. */
static void finish(serve_server *s, void *arg)
{
    (void)arg;
    serve_updates *u = s->updates;
    update_job *job = u->job;
    if (job->req)
        answer(s, job);
    if (job->body)
        evbuffer_free(job->body);
    free(job->json);
    free(job);
    u->job = NULL;
    u->busy = NULL;
}

static void on_done(evutil_socket_t fd, short what, void *arg)
{
    (void)what;
    serve_server *s = arg;
    serve_thread_take_notice(fd);
    serve_updates *u = s->updates;
    update_job *job = u->job;
    if (!job || !serve_thread_job_done(&u->t, &u->queued))
        return;
    if (job->status == MDD_OK && (job->op == OP_APPLY || job->op == OP_ROLLBACK))
        serve_reload_then(s, finish, NULL);
    else
        finish(s, NULL);
}

/* Gives job to the worker; it holds the update slot until answered. */
static void start_job(serve_server *s, update_job *job)
{
    serve_updates *u = s->updates;
    u->busy = op_names[job->op];
    u->job = job;
    serve_thread_queue(&u->t, &u->queued);
}

/* Whether name is a file name an upload may have: NAME.mdd, no directory, no dot first. */
static int upload_name_ok(const char *name)
{
    size_t len = strlen(name);
    return len > 4 && len <= NAME_MAX && name[0] != '.' && !strchr(name, '/') &&
           strcmp(name + len - 4, ".mdd") == 0;
}

/* The body of an upload into job; 0, or the status after answering. */
static int take_upload(serve_server *s, struct evhttp_request *req, const serve_target *t,
                       update_job *job)
{
    const char *type =
        evhttp_find_header(evhttp_request_get_input_headers(req), "Content-Type");
    if (!upload_name_ok(t->segments[2])) {
        serve_reply_error(s, req, 400, "'%s' is not a file name to upload (NAME.mdd)",
                          t->segments[2]);
        return 400;
    }
    if (type && strcmp(type, "application/octet-stream") != 0) {
        serve_reply_error(s, req, 415, "an upload is application/octet-stream, not '%s'",
                          type);
        return 415;
    }
    job->body = evbuffer_new();
    if (!job->body || evbuffer_add_buffer(job->body, evhttp_request_get_input_buffer(req))) {
        serve_reply_error(s, req, 500, "out of memory");
        return 500;
    }
    snprintf(job->name, sizeof job->name, "%s", t->segments[2]);
    return 0;
}

/* The route's entry in update_routes. */
static size_t route_index(serve_route_kind route)
{
    size_t i = 0;
    while (i + 1 < ROUTE_COUNT && update_routes[i].route != route)
        i++;
    return i;
}

/* Answers what the request lacks before it may run (the token, the method, its target, the
 * update slot); returns 1 when it did. */
static int refused(serve_server *s, struct evhttp_request *req, const serve_target *t,
                   int admitted)
{
    serve_updates *u = s->updates;
    size_t r = route_index(t->route);
    enum evhttp_cmd_type method = evhttp_request_get_command(req);
    struct evkeyvalq *in = evhttp_request_get_input_headers(req);
    char message[SERVE_MESSAGE_MAX];
    int status = 0;
    if (!serve_token_check(&u->token, evhttp_find_header(in, "Authorization"))) {
        status = serve_updates_refusal(s, 401, message, sizeof message);
    } else if (!(method == update_routes[r].method ||
                 (method == EVHTTP_REQ_HEAD && update_routes[r].method == EVHTTP_REQ_GET))) {
        evhttp_add_header(evhttp_request_get_output_headers(req), "Allow",
                          update_routes[r].allow);
        status = 405;
        snprintf(message, sizeof message, "only %s is served", update_routes[r].allow);
    } else if (t->status != 200) {
        status = t->status;
        snprintf(message, sizeof message, "%s", t->message);
    } else if (method != EVHTTP_REQ_PUT &&
               evbuffer_get_length(evhttp_request_get_input_buffer(req)) > 0) {
        status = 400;
        snprintf(message, sizeof message, "a request to %s takes no body", t->spec->path);
    } else if (u->busy && !admitted) {
        status = serve_updates_refusal(s, 409, message, sizeof message);
    }
    if (status)
        serve_reply_error(s, req, status, "%s", message);
    return status != 0;
}

void serve_updates_route(serve_server *s, struct evhttp_request *req, const serve_target *t)
{
    serve_updates *u = s->updates;
    if (!u) {
        serve_reply_error(s, req, 404, "no such resource");
        return;
    }
    serve_conn *conn = serve_conn_of(s, req);
    int admitted = conn && conn == u->upload_conn;
    if (admitted)
        end_upload(u);
    update_job *job = NULL;
    if (refused(s, req, t, admitted)) {
        /* answered */
    } else if (!conn) {
        /* Its closing could not be noticed while the job runs. */
        serve_reply_error(s, req, 503, "cannot wait for an update on this connection");
    } else if (!(job = calloc(1, sizeof *job))) {
        serve_reply_error(s, req, 500, "out of memory");
    }
    if (job) {
        job->op = update_routes[route_index(t->route)].op;
        job->req = req;
        job->conn = conn;
        if (job->op == OP_REMOVE)
            snprintf(job->name, sizeof job->name, "%s", t->segments[2]);
        if (job->op != OP_STAGE || take_upload(s, req, t, job) == 0) {
            start_job(s, job);
            return;
        }
        if (job->body)
            evbuffer_free(job->body);
        free(job);
    }
    if (admitted)
        u->busy = NULL;
}

/* ---- Start and stop ---- */

/* Makes the private upload directory: DIR/.mdd-update/upload-XXXXXX, mode 0700. */
static int make_upload_dir(serve_updates *u, const char *dir)
{
    char work[PATH_MAX];
    int n = snprintf(work, sizeof work, "%s/.mdd-update", dir);
    if (n < 0 || (size_t)n + 16 >= sizeof work)
        return cli_error(dir, "the path is too long");
    if (mkdir(work, 0755) != 0 && errno != EEXIST)
        return cli_error(work, "%s", strerror(errno));
    if (snprintf(u->upload_dir, sizeof u->upload_dir, "%s/upload-XXXXXX", work) < 0 ||
        !mkdtemp(u->upload_dir)) {
        int e = errno;
        u->upload_dir[0] = '\0';
        return cli_error(work, "cannot make the upload directory: %s", strerror(e));
    }
    return CLI_EXIT_OK;
}

int serve_updates_start(serve_server *s, const char *dir)
{
    if (!s->opts.updates_token_file)
        return CLI_EXIT_OK;
    serve_updates *u = calloc(1, sizeof *u);
    if (!u)
        return cli_error("mdd serve", "out of memory");
    s->updates = u;
    u->max_bytes = s->opts.update_max_bytes;
    u->dir = dir;
    u->db = s->db_options;
    u->token = s->opts.update_token;
    if (serve_thread_init(&u->t, s->base, on_done, s) != 0)
        return cli_error("mdd serve", "cannot set up the update routes");
    int rc = make_upload_dir(u, dir);
    if (rc != CLI_EXIT_OK)
        return rc;
    if (serve_thread_start(&u->t, worker, u) != 0)
        return cli_error("mdd serve", "cannot start the update thread");
    return CLI_EXIT_OK;
}

void serve_updates_stop(serve_server *s)
{
    serve_updates *u = s->updates;
    if (!u)
        return;
    serve_thread_stop(&u->t);
    if (u->job) {
        u->job->req = NULL;
        finish(s, NULL);
    }
    if (u->upload_dir[0])
        rmdir(u->upload_dir);
    memset(&u->token, 0, sizeof u->token);
    free(u);
    s->updates = NULL;
}
