/* SPDX-License-Identifier: Apache-2.0 */
/* Request heads: each must arrive within the header deadline, and none may pass the limits
 * on its request line and header fields.
 *
 * evhttp has neither: its one timeout restarts with every read (a client trickling a header
 * line now and then holds its connection for as long as it likes), and its one size limit
 * answers 400 whatever was too large; what it cannot parse it answers with an HTML page. So the
 * server follows each head as it arrives, from a callback on the connection's input buffer,
 * which runs as bytes are added and so before evhttp parses them. A head over a limit is
 * answered here, 414 or 431 (RFC 9110 15.5.15, RFC 6585 5), as is one evhttp would answer
 * itself (an unknown method, a request line or Content-Length it cannot parse, a
 * Transfer-Encoding, a body over the limit), and the connection taken from evhttp: the reply goes out, then what the
 * client still sends is read and dropped until it closes or the deadline passes, so that
 * closing with unread bytes does not reset the connection before the client read the reply
 * (ADR 0023). The body after a head is skipped by its Content-Length: its bytes are not a
 * head's. */
#include "serve_conns.h"
#include "serve_head.h"
#include "serve_reply.h"
#include "serve_server.h"
#include "serve_updates.h"

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>

#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

/* The targets of uploads (serve_updates.c), which are admitted by their heads. */
static const char upload_prefix[] = "/updates/files/";
#define UPLOAD_PREFIX_LEN (sizeof upload_prefix - 1)

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

/* What is wrong with a head. */
typedef enum head_fault {
    FAULT_NONE,
    FAULT_LINE_LONG,    /* 414 */
    FAULT_FIELDS,       /* 431 */
    FAULT_METHOD,       /* 501 */
    FAULT_REQUEST_LINE, /* 400 */
    FAULT_FIELD_SHAPE,  /* 400: no colon, or folded */
    FAULT_LENGTH,       /* 400 */
    FAULT_CODING,       /* 411 */
    FAULT_BODY,         /* 413 */
    FAULT_UPLOAD_LONG,  /* 413: an upload over --update-max-bytes */
    FAULT_TOKEN,        /* 401: an upload without the update token */
    FAULT_UPDATE_BUSY,  /* 409: an upload while an update request is being answered */
} head_fault;

/* The faults whose messages name nothing of the request or the limits. */
static const struct {
    int status;
    const char *message;
} plain_faults[] = {
    [FAULT_REQUEST_LINE] = {400, "a malformed request line (not METHOD TARGET HTTP/1.x)"},
    [FAULT_FIELD_SHAPE] = {400, "a malformed header field (no colon, or folded)"},
    [FAULT_LENGTH] = {400, "a malformed Content-Length (not one decimal number)"},
    [FAULT_CODING] = {411, "a body must come with a Content-Length, not a Transfer-Encoding"},
};

/* The status of fault, its message in message[0..size). */
static int fault_reply(serve_server *server, const serve_head_scan *h, head_fault fault,
                       char *message, size_t size)
{
    switch (fault) {
    case FAULT_LINE_LONG:
        snprintf(message, size, "the request line is longer than %u bytes",
                 SERVE_MAX_REQUEST_LINE);
        return 414;
    case FAULT_FIELDS:
        snprintf(message, size, "the header fields pass %u bytes or %u fields",
                 SERVE_MAX_FIELD_BYTES, SERVE_MAX_FIELDS);
        return 431;
    case FAULT_METHOD:
        snprintf(message, size, "unknown method '%s'", h->word);
        return 501;
    case FAULT_BODY:
        snprintf(message, size, "the body is longer than %u bytes", SERVE_MAX_BODY_BYTES);
        return 413;
    case FAULT_UPLOAD_LONG:
    case FAULT_TOKEN:
    case FAULT_UPDATE_BUSY:
        return serve_updates_refusal(server, fault == FAULT_UPLOAD_LONG ? 413
                                             : fault == FAULT_TOKEN     ? 401
                                                                        : 409,
                                     message, size);
    default:
        snprintf(message, size, "%s", plain_faults[fault].message);
        return plain_faults[fault].status;
    }
}

/* Answers fault and takes the connection from evhttp (whose read callback, which runs next,
 * finds nothing to parse). */
static void reject(serve_conn *c, struct evbuffer *in, head_fault fault)
{
    event_del(c->deadline);
    serve_conn_set_state(c, SERVE_CONN_REJECT);
    evbuffer_drain(in, evbuffer_get_length(in));
    struct timeval linger = {.tv_sec = (time_t)c->server->opts.header_timeout_s};
    bufferevent_setcb(c->bev, linger_read, linger_sent, linger_end, c);
    bufferevent_set_timeouts(c->bev, &linger, &linger);
    bufferevent_enable(c->bev, EV_READ | EV_WRITE);
    char message[160];
    int status = fault_reply(c->server, &c->scan, fault, message, sizeof message);
    serve_reply_raw_error(c->server, bufferevent_get_output(c->bev), status, message);
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

/* Keeps ch of a word (a method or a field's name), cut to fit. */
static void keep(char *word, uint32_t *len, size_t size, char ch)
{
    if (*len + 1 < size)
        word[*len] = ch;
    (*len)++;
}

static int is_word(const char *word, uint32_t len, size_t size, const char *expected)
{
    return len + 1 < size && strcmp(word, expected) == 0;
}

/* The methods evhttp parses; it answers any other 501. */
static int known_method(const serve_head_scan *h)
{
    static const char *const methods[] = {"GET", "HEAD", "POST", "PUT", "DELETE",
                                          "OPTIONS", "TRACE", "CONNECT", "PATCH"};
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
        if (is_word(h->word, h->word_len, sizeof h->word, methods[i]))
            return 1;
    return 0;
}

/* A byte of the request line: METHOD SP TARGET SP VERSION, the target running to the last
 * space (as evhttp splits it). */
static void request_line_byte(serve_head_scan *h, char ch)
{
    if (ch == ' ') {
        h->spaces++;
        h->version_len = 0;
        memset(h->version, 0, sizeof h->version);
    } else if (h->spaces == 0) {
        keep(h->word, &h->word_len, sizeof h->word, ch);
    } else if (h->spaces == 1) {
        if (h->target_prefix < UPLOAD_PREFIX_LEN)
            h->target_prefix =
                ch == upload_prefix[h->target_prefix] ? h->target_prefix + 1 : UINT32_MAX;
    } else {
        keep(h->version, &h->version_len, sizeof h->version, ch);
    }
}

static head_fault request_line_end(serve_head_scan *h)
{
    h->upload = h->target_prefix == UPLOAD_PREFIX_LEN &&
                is_word(h->word, h->word_len, sizeof h->word, "PUT");
    /* The target and the two spaces around it. */
    uint32_t middle = h->line_bytes - h->word_len - h->version_len;
    if (h->spaces < 2 || h->word_len == 0 || middle < 3 ||
        !(is_word(h->version, h->version_len, sizeof h->version, "HTTP/1.1") ||
          is_word(h->version, h->version_len, sizeof h->version, "HTTP/1.0")))
        return FAULT_REQUEST_LINE;
    return known_method(h) ? FAULT_NONE : FAULT_METHOD;
}

/* A byte of a Content-Length's value: one decimal number between optional blanks. */
static void length_byte(serve_head_scan *h, char ch)
{
    if (ch == ' ' || ch == '\t') {
        if (h->length_state == 1)
            h->length_state = 2;
    } else if (ch >= '0' && ch <= '9' && h->length_state < 2 &&
               h->length_value <= (UINT64_MAX - 9) / 10) {
        h->length_state = 1;
        h->length_value = h->length_value * 10 + (uint64_t)(ch - '0');
    } else {
        h->bad_length = 1;
    }
}

/* A byte of an Authorization value, compared with the update token (when there is one). */
static void auth_byte(serve_conn *c, char ch)
{
    serve_head_scan *h = &c->scan;
    const serve_token *token = serve_updates_token(c->server);
    if (!h->auth_started && (ch == ' ' || ch == '\t'))
        return;
    h->auth_started = 1;
    if (token)
        serve_token_feed(token, &h->auth, &ch, 1);
}

/* A byte of a header field line: its name (up to the colon), then its value. */
static head_fault field_byte(serve_conn *c, char ch)
{
    serve_head_scan *h = &c->scan;
    if (h->line_bytes == 0 && (ch == ' ' || ch == '\t'))
        return FAULT_FIELD_SHAPE; /* obs-fold (RFC 9112 5.2) */
    if (h->in_length) {
        length_byte(h, ch);
    } else if (h->in_auth) {
        auth_byte(c, ch);
    } else if (h->past_name) {
        /* a value not looked at */
    } else if (ch == ':') {
        h->past_name = 1;
        h->in_length = is_word(h->word, h->word_len, sizeof h->word, "content-length");
        if (is_word(h->word, h->word_len, sizeof h->word, "transfer-encoding"))
            h->transfer_coding = 1;
        h->in_auth = is_word(h->word, h->word_len, sizeof h->word, "authorization");
        h->auth_fields += h->in_auth ? 1 : 0;
    } else {
        keep(h->word, &h->word_len, sizeof h->word, ch >= 'A' && ch <= 'Z' ? (char)(ch + 32) : ch);
    }
    return FAULT_NONE;
}

static head_fault field_end(serve_head_scan *h)
{
    if (!h->past_name)
        return FAULT_FIELD_SHAPE;
    if (h->in_length) {
        /* Several are one length only when they agree (RFC 9112 6.3). */
        if (h->length_state == 0 || (h->length_fields && h->length_value != h->content_length))
            h->bad_length = 1;
        h->content_length = h->length_value;
        h->length_fields++;
    }
    return ++h->field_count > SERVE_MAX_FIELDS ? FAULT_FIELDS : FAULT_NONE;
}

/* An upload's head: admitted, with room for its body, or refused before its body comes. */
static head_fault upload_head(serve_conn *c)
{
    serve_head_scan *h = &c->scan;
    const serve_token *token = serve_updates_token(c->server);
    int authorized = h->auth_fields == 1 && serve_token_matched(token, &h->auth);
    int status = serve_updates_admit(c, h->content_length, authorized);
    return status == 413 ? FAULT_UPLOAD_LONG
           : status == 401 ? FAULT_TOKEN
           : status == 409 ? FAULT_UPDATE_BUSY
                           : FAULT_NONE;
}

/* The head ended: its body is skipped by its length. */
static head_fault head_ended(serve_conn *c)
{
    serve_head_scan *h = &c->scan;
    int upload = h->upload && serve_updates_token(c->server);
    head_fault fault = h->transfer_coding       ? FAULT_CODING
                       : h->bad_length          ? FAULT_LENGTH
                       : upload                 ? upload_head(c)
                       : h->content_length > SERVE_MAX_BODY_BYTES ? FAULT_BODY
                                                : FAULT_NONE;
    uint64_t body = h->content_length;
    *h = (serve_head_scan){.body_left = fault ? 0 : body};
    event_del(c->deadline);
    return fault;
}

/* The state a new line of the head starts from. */
static void line_start(serve_head_scan *h)
{
    h->line_bytes = 0;
    memset(h->word, 0, sizeof h->word);
    h->word_len = 0;
    h->past_name = 0;
    h->in_length = 0;
    h->length_state = 0;
    h->length_value = 0;
    h->in_auth = 0;
    h->auth_started = 0;
}

/* One byte of a head (CR aside: lines end at LF, as evhttp reads them). */
static head_fault scan_byte(serve_conn *c, char ch)
{
    serve_head_scan *h = &c->scan;
    if (ch != '\n') {
        if (!h->in_head)
            head_started(c);
        if (!h->in_fields) {
            request_line_byte(h, ch);
            return ++h->line_bytes > SERVE_MAX_REQUEST_LINE ? FAULT_LINE_LONG : FAULT_NONE;
        }
        head_fault fault = field_byte(c, ch);
        h->line_bytes++;
        if (fault)
            return fault;
        return h->field_bytes + h->line_bytes > SERVE_MAX_FIELD_BYTES ? FAULT_FIELDS
                                                                       : FAULT_NONE;
    }
    if (!h->in_head) /* empty lines before a request are allowed */
        return FAULT_NONE;
    head_fault fault;
    if (!h->in_fields) {
        h->in_fields = 1;
        fault = request_line_end(h);
    } else if (h->line_bytes == 0) {
        return head_ended(c);
    } else {
        h->field_bytes += h->line_bytes;
        fault = field_end(h);
    }
    if (!fault) /* a fault's reply names the line's word */
        line_start(h);
    return fault;
}

static head_fault scan_bytes(serve_conn *c, const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (c->scan.body_left) {
            size_t skip = c->scan.body_left < n - i ? (size_t)c->scan.body_left : n - i;
            c->scan.body_left -= skip;
            i += skip - 1;
            continue;
        }
        if (p[i] == '\r')
            continue;
        head_fault fault = scan_byte(c, p[i]);
        if (fault)
            return fault;
    }
    return FAULT_NONE;
}

/* Scans the added bytes, the last n_added of in. Returns a fault, as scan_byte(). */
static head_fault scan_added(serve_conn *c, struct evbuffer *in, size_t n_added)
{
    size_t len = evbuffer_get_length(in);
    struct evbuffer_ptr at;
    if (n_added > len || evbuffer_ptr_set(in, &at, len - n_added, EVBUFFER_PTR_SET) != 0)
        return FAULT_NONE;
    while (n_added > 0) {
        struct evbuffer_iovec v[4];
        int count = evbuffer_peek(in, (ev_ssize_t)n_added, &at, v, 4);
        if (count <= 0)
            return FAULT_NONE;
        size_t done = 0;
        for (int i = 0; i < count && i < 4 && done < n_added; i++) {
            size_t take = v[i].iov_len < n_added - done ? v[i].iov_len : n_added - done;
            head_fault fault = scan_bytes(c, v[i].iov_base, take);
            if (fault)
                return fault;
            done += take;
        }
        n_added -= done;
        evbuffer_ptr_set(in, &at, done, EVBUFFER_PTR_ADD);
    }
    return FAULT_NONE;
}

static void on_input(struct evbuffer *in, const struct evbuffer_cb_info *info, void *arg)
{
    serve_conn *c = arg;
    if (info->n_added == 0 || c->state == SERVE_CONN_REJECT)
        return;
    serve_stall start = serve_stall_begin();
    head_fault fault = scan_added(c, in, info->n_added);
    /* A connection answering a request keeps its reply; evhttp's own limit (the two added)
     * bounds what the next head holds. */
    if (fault && c->state != SERVE_CONN_BUSY)
        reject(c, in, fault);
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
