/* SPDX-License-Identifier: Apache-2.0 */
/* read_async: read every chunk of an MDD file from an epoll loop without ever blocking the
 * loop on the disk. Resident bytes are used inline; the rest arrive through an mdd_reader,
 * whose descriptor the loop watches like any socket.
 * Usage: read_async FILE [heap|sidecar|inplace|pread] */
/* The container, chunk codecs, stores and asynchronous reads are the advanced API. */
#define MDD_ADVANCED_API
#include <mdd/mdd.h>

#include <inttypes.h>
#include <stdio.h>
#include <sys/epoll.h>

#define PIECE (256u * 1024u)

typedef struct progress {
    uint64_t sum;        /* of every byte read, to show they all arrived */
    uint64_t bytes;
    unsigned inline_reads;
    unsigned async_reads;
    unsigned failures;
} progress;

static void consume(progress *p, const mdd_pin *pin)
{
    for (size_t i = 0; i < pin->bytes.len; i++)
        p->sum += pin->bytes.ptr[i];
    p->bytes += pin->bytes.len;
}

/* Runs on the loop thread, from mdd_reader_dispatch(). The pin is ours to release. */
static void on_read(void *user, mdd_status status, mdd_pin *pin, const mdd_error *err)
{
    progress *p = user;
    if (status != MDD_OK) {
        fprintf(stderr, "read_async: %s\n", err->message);
        p->failures++;
        return;
    }
    consume(p, pin);
    mdd_pin_release(pin);
}

/* Asks for one piece: inline when resident, through the reader otherwise. */
static mdd_status request(mdd_reader *reader, const mdd_store *store, size_t chunk,
                          uint64_t offset, size_t len, progress *p, mdd_error *err)
{
    mdd_pin pin = {0};
    if (mdd_store_try_read(store, chunk, offset, len, &pin, err) == MDD_OK) {
        consume(p, &pin);
        mdd_pin_release(&pin);
        p->inline_reads++;
        return MDD_OK;
    }
    p->async_reads++;
    return mdd_reader_submit(reader, store, chunk, offset, len, on_read, p, NULL, err);
}

static mdd_status request_all(mdd_reader *reader, const mdd_store *store, progress *p,
                              mdd_error *err)
{
    const mdd_file *file = mdd_store_file(store);
    for (size_t c = 0; c < file->chunk_count; c++) {
        uint64_t size;
        mdd_status st = mdd_store_chunk_size(store, c, &size, err);
        if (st != MDD_OK)
            return st;
        for (uint64_t off = 0; off < size; off += PIECE) {
            size_t len = (size_t)(size - off < PIECE ? size - off : PIECE);
            st = request(reader, store, c, off, len, p, err);
            if (st != MDD_OK)
                return st;
        }
    }
    return MDD_OK;
}

/* The event loop: wait for the reader's descriptor, dispatch, until nothing is pending. */
static int run_loop(mdd_reader *reader)
{
    int ep = epoll_create1(EPOLL_CLOEXEC);
    struct epoll_event ev = {.events = EPOLLIN};
    if (ep < 0 || epoll_ctl(ep, EPOLL_CTL_ADD, mdd_reader_fd(reader), &ev) != 0)
        return -1;
    while (mdd_reader_pending(reader) > 0) {
        struct epoll_event got;
        if (epoll_wait(ep, &got, 1, -1) == 1)
            mdd_reader_dispatch(reader);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fputs("usage: read_async FILE [heap|sidecar|inplace|pread]\n", stderr);
        return 2;
    }
    mdd_store_options opts = mdd_store_options_default();
    opts.strategy = MDD_STRATEGY_PREAD;
    if (argc == 3 && mdd_strategy_parse(argv[2], &opts.strategy, NULL) != MDD_OK) {
        fprintf(stderr, "read_async: unknown strategy %s\n", argv[2]);
        return 2;
    }
    mdd_error err = {0};
    mdd_store *store = NULL;
    mdd_reader *reader = NULL;
    progress p = {0};
    mdd_status st = mdd_store_open(argv[1], &opts, &store, &err);
    if (st == MDD_OK)
        st = mdd_reader_open(NULL, &reader, &err);
    if (st == MDD_OK)
        st = request_all(reader, store, &p, &err);
    if (st == MDD_OK && run_loop(reader) != 0)
        st = MDD_ERR_IO;
    if (st == MDD_OK)
        printf("%" PRIu64 " bytes, sum %" PRIu64 ", %u inline and %u asynchronous reads (%s)\n",
               p.bytes, p.sum, p.inline_reads, p.async_reads, mdd_reader_backend_name(reader));
    else if (err.message[0])
        fprintf(stderr, "read_async: %s: %s\n", argv[1], err.message);
    else
        fprintf(stderr, "read_async: %s: %s\n", argv[1], mdd_strerror(st));
    mdd_reader_close(reader);
    mdd_store_close(store);
    return st == MDD_OK && p.failures == 0 ? 0 : 1;
}
