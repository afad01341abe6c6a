/* SPDX-License-Identifier: Apache-2.0 */
/* mdd serve: the command, its options, startup (which may block: it opens and indexes the
 * database and copies the startup tables), the loop, and a drain on SIGINT or SIGTERM
 * (serve_drain.c). Reloads are in serve_reload.c. */
#include "serve.h"

#include "cli_db.h"
#include "serve_conns.h"
#include "serve_head.h"
#include "serve_jobs.h"
#include "serve_reload.h"
#include "serve_routes.h"
#include "serve_server.h"
#include "serve_diff.h"
#include "serve_updates.h"

#include <event2/event.h>
#include <event2/http.h>
#include <event2/listener.h>
#include <event2/util.h>

#include <arpa/inet.h>
#include <errno.h>
#include <inttypes.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

/* The keys of the options with a long name only. */
enum {
    KEY_SHARE_DIR = CLI_KEY_OWN,
    KEY_HEADER_TIMEOUT,
    KEY_DRAIN_TIMEOUT,
    KEY_ALLOW_DOWNGRADE,
    KEY_UPDATES,
    KEY_UPDATE_MAX_BYTES
};

/* evhttp's own limit on a head, looser than the server's (serve_head.c), which answers
 * first: evhttp's bounds what a head that arrives while a request is answered may hold. */
#define EVHTTP_MAX_HEAD_BYTES (SERVE_MAX_REQUEST_LINE + SERVE_MAX_FIELD_BYTES + 1024)

/* A timeout's option: 1 to 86400 seconds. */
static int parse_seconds(const char *option, const char *value, uint64_t *out)
{
    if (cli_parse_uint(value, 86400, out) != 0 || *out == 0)
        return cli_usage_error(&cli_serve_command, "%s takes 1 to 86400 seconds, not %s",
                               option, cli_quote(value));
    return CLI_EXIT_OK;
}
/* The memo's slots: requests of many ECUs met again, about 23 KB each with their plans,
 * touched only when used. */
#define SERVE_MEMO_SLOTS 256

static int on_option(void *ctx, int option, const char *value)
{
    serve_options *o = ctx;
    const cli_command *cmd = &cli_serve_command;
    if (cli_sig_option(&o->sig, option, value))
        return CLI_EXIT_OK;
    switch (option) {
    case 'l': o->listen = value; return CLI_EXIT_OK;
    case 's': return cli_parse_strategy(cmd, "--strategy", value, &o->strategy);
    case CLI_KEY_CACHE_BUDGET:
        o->budget_given = 1;
        return cli_parse_cache_budget(cmd, value, &o->cache_budget);
    case KEY_SHARE_DIR: o->share_dir = value; return CLI_EXIT_OK;
    case CLI_KEY_SKIP_INVALID: o->skip_invalid = 1; return CLI_EXIT_OK;
    case KEY_ALLOW_DOWNGRADE: o->allow_downgrade = 1; return CLI_EXIT_OK;
    case KEY_UPDATES: o->updates_token_file = value; return CLI_EXIT_OK;
    case KEY_UPDATE_MAX_BYTES:
        if (cli_parse_size(value, &o->update_max_bytes) != 0 || o->update_max_bytes == 0 ||
            o->update_max_bytes > ((uint64_t)4 << 30))
            return cli_usage_error(cmd, "--update-max-bytes takes 1 byte to 4G, not %s",
                                   cli_quote(value));
        return CLI_EXIT_OK;
    case 'c':
        if (cli_parse_uint(value, SERVE_MAX_CONNECTIONS, &o->max_connections) != 0 ||
            o->max_connections == 0)
            return cli_usage_error(cmd, "--max-connections takes 1 to %u, not %s",
                                   SERVE_MAX_CONNECTIONS, cli_quote(value));
        return CLI_EXIT_OK;
    case 't': return parse_seconds("--timeout", value, &o->timeout_s);
    case KEY_HEADER_TIMEOUT: return parse_seconds("--header-timeout", value, &o->header_timeout_s);
    case KEY_DRAIN_TIMEOUT: return parse_seconds("--drain-timeout", value, &o->drain_timeout_s);
    case 'r':
        if (strcmp(value, "auto") == 0)
            o->reader = MDD_READER_AUTO;
        else if (strcmp(value, "io_uring") == 0)
            o->reader = MDD_READER_IO_URING;
        else if (strcmp(value, "threads") == 0)
            o->reader = MDD_READER_THREADS;
        else
            return cli_usage_error(cmd, "--reader takes auto, io_uring or threads, not %s",
                                   cli_quote(value));
        return CLI_EXIT_OK;
    default: return cli_usage_error(cmd, "unexpected option");
    }
}

/* Opens the database, the reader and the startup tables. */
static int open_data(serve_server *s, const char *dir)
{
    mdd_db_options opts = mdd_db_options_default();
    opts.store.strategy = s->opts.strategy;
    if (s->opts.budget_given)
        opts.store.cache_options.budget_bytes = s->opts.cache_budget;
    opts.store.share_dir = s->opts.share_dir;
    opts.skip_invalid = s->opts.skip_invalid;
    opts.allow_downgrade = s->opts.allow_downgrade;
    int rc = cli_sig_open(&cli_serve_command, &s->opts.sig, &opts.store.sig);
    s->db_options = opts;
    if (rc == CLI_EXIT_OK)
        rc = serve_reload_open(s, dir, &opts);
    if (rc != CLI_EXIT_OK)
        return rc;
    mdd_error err;
    /* After the database's files: they count against the descriptors left. Beyond what
     * they allow, accept(2) would fail with EMFILE, which libevent retries at once, forever:
     * at the limit the server evicts instead. */
    uint64_t fd_limit = serve_conns_fd_limit();
    if (s->opts.max_connections > fd_limit)
        fprintf(stderr,
                "mdd: note: --max-connections %" PRIu64 " is more than the descriptor limit "
                "leaves room for: %" PRIu64 " are served\n",
                s->opts.max_connections, fd_limit);
    if (s->opts.max_connections == 0 || s->opts.max_connections > fd_limit)
        s->opts.max_connections = fd_limit;
    mdd_reader_options ro = mdd_reader_options_default();
    ro.backend = s->opts.reader;
    /* A connection has at most one read in flight: the queue never refuses one. */
    if (ro.max_in_flight < s->opts.max_connections)
        ro.max_in_flight = (uint32_t)s->opts.max_connections;
    if (mdd_reader_open(&ro, &s->reader, &err) != MDD_OK)
        return cli_error(dir, "%s", err.message);
    serve_conns_grow_fd_table(mdd_reader_fd(s->reader), s->opts.max_connections);
    return CLI_EXIT_OK;
}

static void on_signal(evutil_socket_t sig, short what, void *arg)
{
    (void)sig;
    (void)what;
    serve_drain_start(arg);
}

/* Prints `listening on http://ADDR:PORT` with the port actually bound. */
static int print_address(serve_server *s)
{
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    if (getsockname(evconnlistener_get_fd(s->listener), (struct sockaddr *)&ss, &len) != 0)
        return cli_error(s->opts.listen, "getsockname: %s", strerror(errno));
    char host[INET6_ADDRSTRLEN];
    unsigned port;
    if (ss.ss_family == AF_INET6) {
        const struct sockaddr_in6 *a = (const struct sockaddr_in6 *)&ss;
        inet_ntop(AF_INET6, &a->sin6_addr, host, sizeof host);
        port = ntohs(a->sin6_port);
        printf("listening on http://[%s]:%u\n", host, port);
    } else {
        const struct sockaddr_in *a = (const struct sockaddr_in *)&ss;
        inet_ntop(AF_INET, &a->sin_addr, host, sizeof host);
        port = ntohs(a->sin_port);
        printf("listening on http://%s:%u\n", host, port);
    }
    fflush(stdout);
    return CLI_EXIT_OK;
}

/* Parses ADDR:PORT (an IPv4 address, or an IPv6 one in brackets) into ss; port 0 is
 * allowed, which evutil_parse_sockaddr_port() refuses. Returns the address's length, or 0. */
static int parse_listen(const char *spec, struct sockaddr_storage *ss)
{
    const char *colon = strrchr(spec, ':');
    uint64_t port;
    if (!colon || cli_parse_uint(colon + 1, 65535, &port) != 0)
        return 0;
    char host[INET6_ADDRSTRLEN + 2];
    size_t len = (size_t)(colon - spec);
    if (len >= sizeof host)
        return 0;
    memcpy(host, spec, len);
    host[len] = '\0';
    memset(ss, 0, sizeof *ss);
    if (len > 2 && host[0] == '[' && host[len - 1] == ']') {
        struct sockaddr_in6 *a = (struct sockaddr_in6 *)ss;
        host[len - 1] = '\0';
        a->sin6_family = AF_INET6;
        a->sin6_port = htons((uint16_t)port);
        return inet_pton(AF_INET6, host + 1, &a->sin6_addr) == 1 ? (int)sizeof *a : 0;
    }
    struct sockaddr_in *a = (struct sockaddr_in *)ss;
    a->sin_family = AF_INET;
    a->sin_port = htons((uint16_t)port);
    return inet_pton(AF_INET, host, &a->sin_addr) == 1 ? (int)sizeof *a : 0;
}

static int listen_on(serve_server *s)
{
    /* The kernel's largest backlog, not libevent's 128: a burst of connections waits to be
     * accepted instead of having its SYNs dropped (clients then retry a second later). */
    s->listener = evconnlistener_new_bind(s->base, NULL, NULL,
                                          LEV_OPT_CLOSE_ON_FREE | LEV_OPT_REUSEABLE, SOMAXCONN,
                                          (struct sockaddr *)&s->address, s->address_len);
    if (!s->listener)
        return cli_error(s->opts.listen, "cannot listen: %s", strerror(errno));
    s->bound = evhttp_bind_listener(s->http, s->listener);
    if (!s->bound) {
        evconnlistener_free(s->listener);
        return cli_error(s->opts.listen, "cannot serve HTTP on the listener");
    }
    return print_address(s);
}

static int add_events(serve_server *s)
{
    static const int signals[2] = {SIGINT, SIGTERM};
    for (int i = 0; i < 2; i++) {
        s->signals[i] = evsignal_new(s->base, signals[i], on_signal, s);
        if (!s->signals[i] || event_add(s->signals[i], NULL) != 0)
            return -1;
    }
    s->reader_event = event_new(s->base, mdd_reader_fd(s->reader), EV_READ | EV_PERSIST,
                                serve_reader_ready, s);
    if (!s->reader_event || event_add(s->reader_event, NULL) != 0)
        return -1;
    return 0;
}

/* The loop, evhttp and their settings. The highest of two priorities is for registering
 * new connections (serve_conns.c); everything else gets the default, the lower one. */
static int start_http(serve_server *s, const char *dir)
{
    s->base = event_base_new();
    if (!s->base || event_base_priority_init(s->base, 2) != 0)
        return cli_error("mdd serve", "cannot create an event loop");
    s->http = evhttp_new(s->base);
    s->codec = mdd_uds_options_default();
    mdd_error err;
    if (mdd_uds_memo_create(SERVE_MEMO_SLOTS, &s->codec.memo, &err) != MDD_OK)
        return cli_error("mdd serve", "%s", err.message);
    if (!s->http || serve_conns_init(s) != 0 || add_events(s) != 0 ||
        serve_reload_start(s, dir) != 0 || serve_diff_start(s) != 0)
        return cli_error("mdd serve", "cannot set up the server");
    int rc = serve_updates_start(s, dir);
    if (rc != CLI_EXIT_OK)
        return rc;
    /* Every method reaches the router, which answers 405 to all but GET and HEAD, and POST
     * to /ecus/{ecu}/encode (evhttp would answer 501). */
    evhttp_set_allowed_methods(s->http, EVHTTP_REQ_GET | EVHTTP_REQ_POST | EVHTTP_REQ_HEAD |
                                            EVHTTP_REQ_PUT | EVHTTP_REQ_DELETE |
                                            EVHTTP_REQ_OPTIONS | EVHTTP_REQ_TRACE |
                                            EVHTTP_REQ_CONNECT | EVHTTP_REQ_PATCH);
    evhttp_set_max_headers_size(s->http, EVHTTP_MAX_HEAD_BYTES);
    evhttp_set_max_body_size(s->http, SERVE_MAX_BODY_BYTES);
    evhttp_set_timeout(s->http, (int)s->opts.timeout_s);
    evhttp_set_gencb(s->http, serve_route, s);
    return listen_on(s);
}

/* Closes everything in the order the pieces depend on each other: connections first (their
 * parked jobs and streams let go of their requests), then the reader (running the callbacks
 * left, which free them), the reload thread, the loop (whose finalizers free the
 * connections' buffers and so release the pins they hold), and the database last. */
static void stop(serve_server *s)
{
    if (s->http)
        evhttp_free(s->http);
    serve_conns_drop_pending(s);
    mdd_reader_close(s->reader);
    for (int i = 0; i < 2; i++)
        if (s->signals[i])
            event_free(s->signals[i]);
    if (s->reader_event)
        event_free(s->reader_event);
    if (s->register_event)
        event_free(s->register_event);
    if (s->drain_event)
        event_free(s->drain_event);
    if (s->drain_timer)
        event_free(s->drain_timer);
    serve_reload_stop(s);
    serve_updates_stop(s);
    serve_diff_stop(s);
    if (s->base)
        event_base_free(s->base);
    serve_reload_close(s);
    cli_sig_close(&s->opts.sig);
    mdd_uds_memo_free(s->codec.memo);
    memset(&s->opts.update_token, 0, sizeof s->opts.update_token);
}

static int serve(serve_server *s, const char *dir)
{
    int rc = open_data(s, dir);
    if (rc == CLI_EXIT_OK)
        rc = start_http(s, dir);
    if (rc == CLI_EXIT_OK && event_base_dispatch(s->base) < 0)
        rc = cli_error("mdd serve", "the event loop failed");
    stop(s);
    return rc;
}

static int run(int argc, char **argv)
{
    serve_server s = {.opts = {.listen = "127.0.0.1:8080",
                               .strategy = MDD_STRATEGY_INPLACE,
                               .timeout_s = 30,
                               .header_timeout_s = 5,
                               .drain_timeout_s = 10,
                               .update_max_bytes = SERVE_UPDATE_MAX_BYTES,
                               .reader = MDD_READER_AUTO}};
    int first;
    int rc = cli_parse_options(&cli_serve_command, argc, argv, on_option, &s.opts, &first);
    if (rc >= 0)
        return rc;
    if (argc - first != 1)
        return cli_usage_error(&cli_serve_command, "expected exactly one DIR");
    const cli_command *cmd = &cli_serve_command;
    int pread_rc = cli_check_pread_option(cmd, "--cache-budget", s.opts.budget_given,
                                          s.opts.strategy);
    if (pread_rc == CLI_EXIT_OK)
        pread_rc = cli_check_pread_option(cmd, "--share-dir", s.opts.share_dir != NULL,
                                          s.opts.strategy);
    if (pread_rc != CLI_EXIT_OK)
        return pread_rc;
    if (s.opts.update_max_bytes != SERVE_UPDATE_MAX_BYTES && !s.opts.updates_token_file)
        return cli_usage_error(cmd, "--update-max-bytes is for --updates");
    if (s.opts.updates_token_file &&
        serve_token_read(s.opts.updates_token_file, &s.opts.update_token) != 0)
        return CLI_EXIT_FAIL;
    s.address_len = parse_listen(s.opts.listen, &s.address);
    if (s.address_len == 0)
        return cli_usage_error(&cli_serve_command,
                               "--listen takes ADDR:PORT (e.g. 127.0.0.1:8080), not %s",
                               cli_quote(s.opts.listen));
    /* A client that leaves mid-reply must cost a failed write, not the process. */
    signal(SIGPIPE, SIG_IGN);
    return serve(&s, argv[first]);
}

static const cli_option option_table[] = {
    {'l', "listen", "ADDR:PORT",
     "where to listen (default 127.0.0.1:8080; port 0 picks a free one)", NULL},
    {'s', "strategy", "S", "load the files as heap, sidecar, inplace (default) or pread", NULL},
    CLI_INCLUDE(cli_cache_budget_options),
    {KEY_SHARE_DIR, "share-dir", "DIR",
     "with pread: keep the payloads in images in DIR (best on tmpfs) that other processes of "
     "this user serving the same files map too, one copy for all", NULL},
    {'c', "max-connections", "N",
     "connections open at once (default: what the file descriptor limit allows); a new one "
     "over the limit closes the longest idle or incomplete one, or is closed itself when all "
     "are answering requests", NULL},
    {'t', "timeout", "SECONDS", "close a connection idle that long (default 30)", NULL},
    {KEY_HEADER_TIMEOUT, "header-timeout", "SECONDS",
     "close a connection whose request line and headers took longer to arrive (default 5)",
     NULL},
    {KEY_DRAIN_TIMEOUT, "drain-timeout", "SECONDS",
     "on SIGTERM, wait at most that long for requests in flight (default 10)", NULL},
    {'r', "reader", "B", "how payloads are read: auto (default), io_uring or threads", NULL},
    {CLI_KEY_SKIP_INVALID, "skip-invalid", NULL,
     "leave out (with a note) files that do not open or verify, instead of failing", NULL},
    {KEY_ALLOW_DOWNGRADE, "allow-downgrade", NULL,
     "let a reload take a file older than the loaded one", NULL},
    CLI_INCLUDE(cli_sig_options),
    {KEY_UPDATES, "updates", "TOKEN_FILE",
     "serve the update routes (/updates...) to requests that send the token in TOKEN_FILE "
     "(Authorization: Bearer TOKEN)", NULL},
    {KEY_UPDATE_MAX_BYTES, "update-max-bytes", "BYTES",
     "with --updates: the largest file uploaded (default 64M)", NULL},
    CLI_OPTIONS_END,
};

const cli_command cli_serve_command = {
    .name = "serve",
    .summary = "Serve a directory of MDD files over HTTP",
    .synopsis = "[--listen ADDR:PORT] [--strategy S] [--cache-budget BYTES]\n"
                "                 [--share-dir DIR] [--max-connections N] [--timeout SECONDS]\n"
                "                 [--header-timeout SECONDS] [--drain-timeout SECONDS] [--reader B]\n"
                "                 [--skip-invalid] [--allow-downgrade]\n"
                "                 [--trust DIR [--require-signature]]\n"
                "                 [--updates TOKEN_FILE [--update-max-bytes BYTES]] DIR",
    .help = "Opens the *.mdd files of DIR as a database and answers HTTP/1.1 requests on one\n"
            "event loop thread that never waits for a page fault: a lookup whose payload is\n"
            "not in memory waits while a reader brings it in off the loop. Prints\n"
            "`listening on http://ADDR:PORT` once it accepts connections. SIGINT or SIGTERM\n"
            "drain it: new connections are refused, requests in flight finish, then it\n"
            "exits 0 (a second signal stops it at once). SIGHUP, and any change to a *.mdd\n"
            "file of DIR (inotify), reload: new and changed files are opened and verified off\n"
            "the loop, then swapped in at once (requests under way finish on the files they\n"
            "started on); a file that fails, or goes back to an older revision, is refused and\n"
            "the loaded one keeps serving. Each reload prints `reloaded: N loaded, N\n"
            "unchanged, N removed, N refused` on stdout. What opening or a reload decided\n"
            "(files skipped or refused, which of several files of one ECU is its default,\n"
            "parent references that name no layer) is printed as `mdd: note: ...` lines on\n"
            "stderr. Endpoints (GET or HEAD; JSON unless noted):\n"
            "  /health  /metrics  /ecus  /ecus/ECU  /ecus/ECU/chunks\n"
            "  /ecus/ECU/lookup?request=HEX[&variant=V]  /ecus/ECU/dtcs/CODE\n"
            "  /ecus/ECU/chunks/NAME (the chunk's data, application/octet-stream)\n"
            "With --updates TOKEN_FILE, requests with Authorization: Bearer TOKEN change DIR\n"
            "as `mdd update` does: PUT /updates/files/NAME.mdd (stage the body), DELETE\n"
            "/updates/ecus/ECU, GET /updates (the status), POST /updates/apply, /rollback,\n"
            "/cleanup.\n",
    .options = option_table,
    .run = run,
};
