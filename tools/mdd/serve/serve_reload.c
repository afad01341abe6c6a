/* SPDX-License-Identifier: Apache-2.0 */
/* mdd serve's reloads: the generations of the live database with their startup tables, held
 * by the requests that use them; a thread that reloads when asked; SIGHUP and inotify, which
 * ask; and the swap on the loop.
 *
 * Everything but the reload itself runs on the loop thread, so the generations' use counts
 * are plain integers. The thread and the loop meet under one mutex: the loop sets
 * `requested`, the thread takes it, reloads, leaves its outcome in `done` and writes a byte
 * to a pipe the loop watches; it takes the next request only once the loop has collected
 * the outcome, so requests that come meanwhile make one more reload, not one each. */
#include "cli_db.h"
#include "serve_reload.h"
#include "serve_server.h"
#include "serve_tables.h"
#include "serve_thread.h"

#include <event2/event.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/resource.h>
#include <unistd.h>

struct serve_gen {
    const mdd_db *db; /* held from the live database */
    serve_tables tables;
    unsigned users; /* jobs, streams and queued pieces, and 1 while it is the current one */
};

/* What one reload came to, for the loop. */
typedef struct reload_outcome {
    mdd_status status;
    mdd_error err;
    mdd_db_reload_stats stats;
    serve_gen *gen; /* the new generation when one was published, else NULL */
    uint64_t ticket; /* the requests it answers: those up to this one */
} reload_outcome;

struct serve_reload {
    serve_thread t; /* writes a byte to its pipe when an outcome waits */
    int requested;
    uint64_t asked; /* requests so far, the last one's ticket */
    int has_outcome; /* outcome waits for the loop */
    reload_outcome outcome;
    int inotify;
    struct event *hup_event;
    struct event *watch_event;
    /* serve_reload_then(): called once the reload of ticket then_ticket is collected. */
    void (*then)(serve_server *s, void *arg);
    void *then_arg;
    uint64_t then_ticket;
};

serve_ecu *serve_gen_ecu(serve_gen *g, const serve_ecu *e)
{
    return &g->tables.ecus[e - g->tables.ecus];
}

serve_gen *serve_gen_hold(serve_gen *g)
{
    g->users++;
    return g;
}

void serve_gen_drop(serve_gen *g)
{
    if (--g->users > 0)
        return;
    serve_tables_free(&g->tables);
    mdd_db_live_release(g->db);
    free(g);
}

/* The current generation of live with its tables, or NULL when out of memory. */
static serve_gen *gen_acquire(mdd_db_live *live)
{
    serve_gen *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->db = mdd_db_live_acquire(live);
    g->users = 1;
    if (serve_tables_build(g->db, &g->tables) != 0) {
        mdd_db_live_release(g->db);
        free(g);
        return NULL;
    }
    return g;
}

/* Makes g the generation new requests use. */
static void gen_make_current(serve_server *s, serve_gen *g)
{
    serve_gen *old = s->gen;
    s->gen = g;
    s->db = g->db;
    s->tables = g->tables;
    if (old)
        serve_gen_drop(old);
}

int serve_reload_open(serve_server *s, const char *dir, const mdd_db_options *opts)
{
    mdd_error err;
    if (mdd_db_live_open_dir(dir, opts, &s->live, &err) != MDD_OK) {
        /* The library's message starts with the file it is about. */
        fprintf(stderr, "mdd: %s\n", err.message);
        return CLI_EXIT_FAIL;
    }
    serve_gen *g = gen_acquire(s->live);
    if (!g)
        return cli_error(dir, "out of memory");
    cli_db_print_report(g->db);
    gen_make_current(s, g);
    return CLI_EXIT_OK;
}

/* ---- The reload thread ---- */

static void reload_once(serve_server *s, reload_outcome *out)
{
    *out = (reload_outcome){0};
    out->status = mdd_db_live_reload(s->live, &out->stats, &out->err);
    if (out->status == MDD_OK && out->stats.published) {
        out->gen = gen_acquire(s->live);
        if (!out->gen) {
            out->status = MDD_ERR_NOMEM;
            snprintf(out->err.message, sizeof out->err.message,
                     "out of memory for the new generation's tables");
        }
    }
}

static void *reload_thread(void *arg)
{
    serve_server *s = arg;
    serve_reload *r = s->reload;
    /* A reload is background work: at nice 10 (this thread alone) it takes the CPU the loop
     * and the reader threads leave. Where that is not allowed it runs as it is. */
    (void)setpriority(PRIO_PROCESS, (id_t)gettid(), 10);
    pthread_mutex_lock(&r->t.lock);
    for (;;) {
        while (!r->t.stopping && (!r->requested || r->has_outcome))
            pthread_cond_wait(&r->t.wake, &r->t.lock);
        if (r->t.stopping)
            break;
        r->requested = 0;
        uint64_t ticket = r->asked;
        pthread_mutex_unlock(&r->t.lock);
        reload_outcome outcome;
        reload_once(s, &outcome);
        outcome.ticket = ticket;
        pthread_mutex_lock(&r->t.lock);
        r->outcome = outcome;
        r->has_outcome = 1;
        serve_thread_notify(&r->t);
    }
    pthread_mutex_unlock(&r->t.lock);
    return NULL;
}

/* Returns the request's ticket. */
static uint64_t request_reload(serve_reload *r)
{
    pthread_mutex_lock(&r->t.lock);
    r->requested = 1;
    uint64_t ticket = ++r->asked;
    pthread_cond_signal(&r->t.wake);
    pthread_mutex_unlock(&r->t.lock);
    return ticket;
}

void serve_reload_then(serve_server *s, void (*done)(serve_server *s, void *arg), void *arg)
{
    serve_reload *r = s->reload;
    r->then = done;
    r->then_arg = arg;
    r->then_ticket = request_reload(r);
}

/* ---- On the loop ---- */

/* Says what a reload did: the notes of its generation's report on stderr, the counts on
 * stdout. */
static void print_outcome(const reload_outcome *o)
{
    if (o->status != MDD_OK) {
        fprintf(stderr, "mdd: reload failed, the files loaded before keep serving: %s\n",
                o->err.message);
        return;
    }
    if (o->gen)
        cli_db_print_report(o->gen->db);
    printf("reloaded: %zu loaded, %zu unchanged, %zu removed, %zu refused\n", o->stats.loaded,
           o->stats.unchanged, o->stats.removed, o->stats.refused);
    fflush(stdout);
}

static void on_reload_done(evutil_socket_t fd, short what, void *arg)
{
    (void)what;
    serve_server *s = arg;
    serve_reload *r = s->reload;
    serve_thread_take_notice(fd);
    pthread_mutex_lock(&r->t.lock);
    reload_outcome outcome = r->outcome;
    r->has_outcome = 0;
    pthread_cond_signal(&r->t.wake);
    pthread_mutex_unlock(&r->t.lock);
    serve_stall start = serve_stall_begin();
    if (outcome.gen)
        gen_make_current(s, outcome.gen);
    serve_stall_end(s, &start);
    print_outcome(&outcome);
    if (r->then && outcome.ticket >= r->then_ticket) {
        void (*then)(serve_server *, void *) = r->then;
        r->then = NULL;
        then(s, r->then_arg);
    }
}

static void on_hangup(evutil_socket_t sig, short what, void *arg)
{
    (void)sig;
    (void)what;
    request_reload(arg);
}

static int names_mdd_file(const struct inotify_event *e)
{
    size_t n = e->len ? strlen(e->name) : 0;
    return n > 4 && strcmp(e->name + n - 4, ".mdd") == 0;
}

/* Asks for a reload when any of the events read names a *.mdd file; temporary files of
 * writers (converters, installers, sidecars) are named otherwise and do not count. */
static void on_directory_change(evutil_socket_t fd, short what, void *arg)
{
    (void)what;
    char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
    int relevant = 0;
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) > 0) {
        for (char *p = buf; p < buf + n;) {
            const struct inotify_event *e = (const struct inotify_event *)p;
            relevant |= names_mdd_file(e) || (e->mask & IN_Q_OVERFLOW);
            p += sizeof *e + e->len;
        }
    }
    if (relevant)
        request_reload(arg);
}

/* Watches dir for files that appear (moved in, or written and closed), change or go. Where
 * inotify is not to be had, says so: SIGHUP still reloads. */
static int watch_dir(serve_server *s, const char *dir)
{
    serve_reload *r = s->reload;
    r->inotify = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    uint32_t mask = IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ONLYDIR;
    if (r->inotify < 0 || inotify_add_watch(r->inotify, dir, mask) < 0) {
        fprintf(stderr, "mdd: note: %s: not watched for changes (%s); SIGHUP reloads\n", dir,
                strerror(errno));
        return 0;
    }
    r->watch_event = event_new(s->base, r->inotify, EV_READ | EV_PERSIST, on_directory_change, r);
    return r->watch_event && event_add(r->watch_event, NULL) == 0 ? 0 : -1;
}

static int add_reload_events(serve_server *s, const char *dir)
{
    serve_reload *r = s->reload;
    r->hup_event = evsignal_new(s->base, SIGHUP, on_hangup, r);
    if (!r->hup_event || event_add(r->hup_event, NULL) != 0)
        return -1;
    return watch_dir(s, dir);
}

int serve_reload_start(serve_server *s, const char *dir)
{
    serve_reload *r = calloc(1, sizeof *r);
    if (!r)
        return -1;
    r->inotify = -1;
    s->reload = r;
    if (serve_thread_init(&r->t, s->base, on_reload_done, s) != 0 ||
        add_reload_events(s, dir) != 0)
        return -1;
    return serve_thread_start(&r->t, reload_thread, s);
}

static void free_event(struct event *e)
{
    if (e)
        event_free(e);
}

void serve_reload_stop(serve_server *s)
{
    serve_reload *r = s->reload;
    if (!r)
        return;
    serve_thread_stop(&r->t);
    /* A generation the loop never collected. */
    if (r->has_outcome && r->outcome.gen)
        serve_gen_drop(r->outcome.gen);
    free_event(r->hup_event);
    free_event(r->watch_event);
    if (r->inotify >= 0)
        close(r->inotify);
    free(r);
    s->reload = NULL;
}

void serve_reload_close(serve_server *s)
{
    if (s->gen)
        serve_gen_drop(s->gen);
    s->gen = NULL;
    s->db = NULL;
    mdd_db_live_close(s->live);
    s->live = NULL;
}
