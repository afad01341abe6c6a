/* SPDX-License-Identifier: Apache-2.0 */
/* Streaming a chunk's data: piece by piece, each brought into memory without blocking the
 * loop (resident already, or read by the reader), handed to the connection without a copy
 * (the piece's pin is released once the socket took its bytes), and the next piece only
 * once the previous one is flushed, so a slow client holds one piece, not the chunk. */
#include "serve_conns.h"
#include "serve_reload.h"
#include "serve_reply.h"
#include "serve_routes.h"
#include "serve_server.h"
#include "serve_tables.h"

#include <event2/buffer.h>
#include <event2/http.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Large enough to amortise a read and a callback, small enough to keep per-client memory
 * and a pread cache's pins modest. */
#define PIECE_BYTES (256u * 1024u)

struct serve_stream {
    serve_server *server;
    serve_gen *gen; /* held: the generation store belongs to */
    serve_conn *conn;
    struct evhttp_request *req; /* NULL once its connection closed */
    const mdd_store *store;
    size_t chunk;
    uint64_t offset;
    uint64_t size;
    mdd_read_id read; /* the read in flight, 0 when none */
};

static void stream_next(serve_stream *st);

static void stream_free(serve_stream *st)
{
    serve_gen_drop(st->gen);
    free(st);
}

/* A piece queued on a connection: its pin, and a hold of the generation its store is of. */
typedef struct held_piece {
    mdd_pin pin;
    serve_gen *gen;
} held_piece;

/* Ends the stream early. The status line went out already: closing the connection is the
 * only way left to tell the client, which sees fewer bytes than Content-Length said. */
static void stream_abort(serve_stream *st)
{
    struct evhttp_request *req = st->req;
    st->conn->stream = NULL;
    stream_free(st);
    struct evhttp_connection *evcon = evhttp_request_get_connection(req);
    if (evcon)
        evhttp_connection_free(evcon);
    else
        serve_forget_request(req);
}

static void stream_end(serve_stream *st)
{
    st->conn->stream = NULL;
    evhttp_send_reply_end(st->req);
    stream_free(st);
}

static void release_piece(const void *data, size_t len, void *arg)
{
    (void)data;
    (void)len;
    held_piece *held = arg;
    mdd_pin_release(&held->pin);
    serve_gen_drop(held->gen);
    free(held);
}

static void piece_flushed(struct evhttp_connection *evcon, void *arg)
{
    (void)evcon;
    serve_stream *st = arg;
    serve_server *s = st->server; /* the stream may end here */
    serve_stall start = serve_stall_begin();
    stream_next(st);
    serve_stall_end(s, &start);
}

/* Queues the pinned piece on the connection; the evbuffer releases the pin once sent. */
static void send_piece(serve_stream *st, mdd_pin *pin)
{
    held_piece *held = malloc(sizeof *held);
    struct evbuffer *buf = evbuffer_new();
    if (!held || !buf) {
        free(held);
        if (buf)
            evbuffer_free(buf);
        mdd_pin_release(pin);
        stream_abort(st);
        return;
    }
    *held = (held_piece){*pin, serve_gen_hold(st->gen)};
    size_t len = held->pin.bytes.len;
    if (evbuffer_add_reference(buf, held->pin.bytes.ptr, len, release_piece, held) != 0) {
        release_piece(NULL, 0, held);
        evbuffer_free(buf);
        stream_abort(st);
        return;
    }
    st->offset += len;
    st->server->counters.streamed_bytes += len;
    evhttp_send_reply_chunk_with_cb(st->req, buf, piece_flushed, st);
    evbuffer_free(buf);
}

static void piece_read(void *user, mdd_status status, mdd_pin *pin, const mdd_error *err)
{
    (void)err;
    serve_stream *st = user;
    st->read = 0;
    if (!st->req) {
        mdd_pin_release(pin);
        stream_free(st);
    } else if (status != MDD_OK) {
        stream_abort(st);
    } else {
        send_piece(st, pin);
    }
}

static void stream_next(serve_stream *st)
{
    if (st->offset == st->size) {
        stream_end(st);
        return;
    }
    uint64_t left = st->size - st->offset;
    size_t len = left < PIECE_BYTES ? (size_t)left : PIECE_BYTES;
    serve_server *s = st->server;
    mdd_pin pin = {0};
    mdd_error err;
    mdd_status status = mdd_store_try_read(st->store, st->chunk, st->offset, len, &pin, &err);
    if (status == MDD_OK) {
        s->counters.inline_answers++;
        send_piece(st, &pin);
        return;
    }
    if (status == MDD_ERR_WOULD_BLOCK)
        status = mdd_reader_submit(s->reader, st->store, st->chunk, st->offset, len, piece_read,
                                   st, &st->read, &err);
    if (status == MDD_OK)
        s->counters.async_reads++;
    else
        stream_abort(st);
}

void serve_stream_orphan(serve_server *s, serve_stream *st)
{
    st->conn = NULL;
    serve_forget_request(st->req);
    st->req = NULL;
    /* With a read in flight its callback frees the stream; otherwise the stream waited for
     * a flush that will not come. */
    if (st->read)
        mdd_reader_cancel(s->reader, st->read);
    else
        stream_free(st);
}

/* The first chunk named name, or SIZE_MAX. */
static size_t find_chunk(const serve_ecu *e, const char *name)
{
    for (size_t i = 0; i < e->chunk_count; i++)
        if (e->chunks[i].name && strcmp(e->chunks[i].name, name) == 0)
            return i;
    return SIZE_MAX;
}

void serve_get_chunk_data(serve_server *s, struct evhttp_request *req, const serve_ecu *e,
                      const char *name)
{
    size_t index = find_chunk(e, name);
    if (index == SIZE_MAX) {
        serve_reply_error(s, req, 404, "no chunk named '%s'", name);
        return;
    }
    serve_conn *conn = serve_conn_of(s, req);
    serve_stream *st = conn ? calloc(1, sizeof *st) : NULL;
    if (!st) {
        serve_reply_error(s, req, 503, "cannot stream on this connection");
        return;
    }
    char length[32];
    snprintf(length, sizeof length, "%" PRIu64, e->chunks[index].size);
    struct evkeyvalq *headers = evhttp_request_get_output_headers(req);
    evhttp_add_header(headers, "Content-Type", "application/octet-stream");
    evhttp_add_header(headers, "Content-Length", length);
    serve_count_response(s, 200);
    if (evhttp_request_get_command(req) == EVHTTP_REQ_HEAD || e->chunks[index].size == 0) {
        free(st);
        evhttp_send_reply(req, 200, NULL, NULL);
        return;
    }
    *st = (serve_stream){.server = s,
                         .gen = serve_gen_hold(s->gen),
                         .conn = conn,
                         .req = req,
                         .store = e->store,
                         .chunk = index,
                         .size = e->chunks[index].size};
    conn->stream = st;
    evhttp_send_reply_start(req, 200, NULL);
    stream_next(st);
}
