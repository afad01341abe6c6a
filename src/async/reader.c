/* SPDX-License-Identifier: Apache-2.0 */
/* The reader's public entry points: options, open and close, submit, cancel, dispatch. The
 * backends (uring.c, threads.c) only perform the I/O; ids, the held list, the ready list and
 * every callback live here. */
#include "async_impl.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>
#include <mdd_internal/async.h>

/* The layout of mdd_reader_options. */
static const options_member reader_members[] = {
    OPTIONS_SCALAR(mdd_reader_options, backend, mdd_reader_backend),
    OPTIONS_SCALAR(mdd_reader_options, max_in_flight, uint32_t),
    OPTIONS_SCALAR(mdd_reader_options, threads, uint32_t),
    OPTIONS_SCALAR(mdd_reader_options, max_read, uint32_t),
};
const options_layout options_layout_reader =
    OPTIONS_LAYOUT(mdd_reader_options, MDD_READER_OPTIONS_SIZE, reader_members);

static mdd_status check_options(const mdd_reader_options *o, mdd_error *err)
{
    if ((unsigned)o->backend > MDD_READER_THREADS)
        return mdd_fail(err, MDD_ERR_ARG, "unknown reader backend %d", (int)o->backend);
    if (o->max_in_flight == 0 || o->max_in_flight > ASYNC_MAX_IN_FLIGHT)
        return mdd_fail(err, MDD_ERR_ARG, "max_in_flight %u is not in 1..%u", o->max_in_flight,
                        ASYNC_MAX_IN_FLIGHT);
    if (o->threads == 0 || o->threads > ASYNC_MAX_THREADS)
        return mdd_fail(err, MDD_ERR_ARG, "threads %u is not in 1..%u", o->threads,
                        ASYNC_MAX_THREADS);
    if (o->max_read < ASYNC_MIN_READ || o->max_read > ASYNC_MAX_READ)
        return mdd_fail(err, MDD_ERR_ARG, "max_read %u is not in %u..%u", o->max_read,
                        ASYNC_MIN_READ, ASYNC_MAX_READ);
    return MDD_OK;
}

static mdd_status open_backend(mdd_reader *reader, const mdd_reader_options *o, mdd_error *err)
{
    if (o->backend != MDD_READER_THREADS) {
        mdd_status st = async_uring_open(reader, o, err);
        if (st == MDD_OK || o->backend == MDD_READER_IO_URING)
            return st;
    }
    return async_threads_open(reader, o, err);
}

mdd_status mdd_reader_open(const mdd_reader_options *opts, mdd_reader **out, mdd_error *err)
{
    if (!out)
        return mdd_fail(err, MDD_ERR_ARG, "no reader to fill");
    *out = NULL;
    mdd_reader_options o = mdd_reader_options_default();
    mdd_status st = options_read(&options_layout_reader, opts, &o, err);
    if (st == MDD_OK)
        st = check_options(&o, err);
    if (st)
        return st;
    mdd_reader *reader = calloc(1, sizeof *reader);
    if (!reader)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for a reader");
    reader->max_in_flight = o.max_in_flight;
    reader->max_read = o.max_read;
    reader->discard = malloc(ASYNC_DISCARD_SIZE);
    if (!reader->discard) {
        free(reader);
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for a reader");
    }
    reader->fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (reader->fd < 0) {
        st = mdd_fail(err, MDD_ERR_IO, "eventfd: %s", strerror(errno));
        free(reader->discard);
        free(reader);
        return st;
    }
    st = open_backend(reader, &o, err);
    if (st) {
        close(reader->fd);
        free(reader->discard);
        free(reader);
        return st;
    }
    *out = reader;
    return MDD_OK;
}

const char *mdd_reader_backend_name(const mdd_reader *reader) { return reader->backend->name; }

int mdd_reader_fd(const mdd_reader *reader) { return reader->fd; }

size_t mdd_reader_pending(const mdd_reader *reader) { return reader->pending; }

uint8_t *async_piece(const async_read *rd, uint8_t *discard, size_t *len)
{
    size_t left = rd->io.length - rd->done;
    if (rd->io.buf) {
        *len = left;
        return rd->io.buf + rd->done;
    }
    *len = left < ASYNC_DISCARD_SIZE ? left : ASYNC_DISCARD_SIZE;
    return discard;
}

void async_signal(const mdd_reader *reader)
{
    uint64_t one = 1;
    if (write(reader->fd, &one, sizeof one) < 0) {
        /* EAGAIN: the counter is saturated, so the descriptor is readable anyway. */
    }
}

/* Consumes the descriptor's readiness; what made it readable is looked at next. */
static void drain(const mdd_reader *reader)
{
    uint64_t count;
    if (read(reader->fd, &count, sizeof count) < 0) {
        /* EAGAIN: nothing was signalled since the last drain. */
    }
}

void async_io_failed(async_read *rd, int error)
{
    rd->io_status = mdd_fail(&rd->err, MDD_ERR_IO,
                             "reading %zu bytes at file offset %llu: %s", rd->io.length,
                             (unsigned long long)rd->io.file_offset,
                             error ? strerror(error) : "the file ends early");
}

/* ---- the held and ready lists ---- */

static void hold(mdd_reader *reader, async_read *rd)
{
    rd->next = reader->all;
    if (reader->all)
        reader->all->prev = rd;
    reader->all = rd;
    reader->held++;
    reader->pending++;
}

static void free_read(mdd_reader *reader, async_read *rd)
{
    if (rd->prev)
        rd->prev->next = rd->next;
    else
        reader->all = rd->next;
    if (rd->next)
        rd->next->prev = rd->prev;
    reader->held--;
    free(rd);
}

static void make_ready(mdd_reader *reader, async_read *rd)
{
    rd->ready = 1;
    rd->ready_next = NULL;
    if (reader->ready_tail)
        reader->ready_tail->ready_next = rd;
    else
        reader->ready_head = rd;
    reader->ready_tail = rd;
}

void async_landed(mdd_reader *reader, async_read *rd)
{
    rd->io_busy = 0;
    mdd_status outcome = rd->canceled ? MDD_ERR_CANCELED : rd->io_status;
    /* A failed read's reason is in rd->err already; store_io_end() names the file and chunk. */
    rd->status = store_io_end(rd->store, &rd->io, outcome, &rd->pin, &rd->err);
    if (rd->called)
        free_read(reader, rd);
    else if (!rd->ready)
        make_ready(reader, rd);
}

/* ---- submit and cancel ---- */

mdd_status mdd_reader_submit(mdd_reader *reader, const mdd_store *store, size_t index,
                             uint64_t offset, size_t len, mdd_read_callback cb, void *user,
                             mdd_read_id *id, mdd_error *err)
{
    if (!reader || !store || !cb)
        return mdd_fail(err, MDD_ERR_ARG, "no reader, store or callback");
    if (reader->closing)
        return mdd_fail(err, MDD_ERR_CANCELED, "the reader is closing");
    if (reader->held >= reader->max_in_flight)
        return mdd_fail(err, MDD_ERR_BUSY, "%u reads in flight: dispatch completions first",
                        reader->max_in_flight);
    async_read *rd = calloc(1, sizeof *rd);
    if (!rd)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for a read");
    mdd_status st = store_io_begin(store, index, offset, len, &rd->io, err);
    if (st) {
        free(rd);
        return st;
    }
    rd->store = store;
    rd->cb = cb;
    rd->user = user;
    if (rd->io.length > 0) {
        rd->io_busy = 1;
        st = reader->backend->start(reader, rd, err);
        if (st) {
            mdd_pin none = {0};
            (void)store_io_end(store, &rd->io, st, &none, NULL);
            free(rd);
            return st;
        }
    }
    rd->id = ++reader->last_id;
    hold(reader, rd);
    if (!rd->io_busy) {
        /* In memory already: the callback still waits for dispatch, as promised. */
        async_landed(reader, rd);
        async_signal(reader);
    }
    if (id)
        *id = rd->id;
    return MDD_OK;
}

/* Cancels rd, whose callback has not run: the callback will see MDD_ERR_CANCELED. A read
 * the backend had not started is ended here; one under way is ended when it lands, which may
 * be after its callback ran. */
static void cancel_read(mdd_reader *reader, async_read *rd)
{
    if (rd->canceled)
        return;
    rd->canceled = 1;
    if (rd->io_busy && reader->backend->cancel(reader, rd))
        async_landed(reader, rd);
    else if (!rd->ready)
        make_ready(reader, rd);
}

int mdd_reader_cancel(mdd_reader *reader, mdd_read_id id)
{
    for (async_read *rd = reader->all; rd; rd = rd->next) {
        if (rd->id != id)
            continue;
        if (rd->called)
            return 0;
        cancel_read(reader, rd);
        async_signal(reader);
        return 1;
    }
    return 0;
}

/* ---- callbacks ---- */

static void run_callback(mdd_reader *reader, async_read *rd)
{
    rd->ready = 0;
    rd->called = 1;
    reader->pending--;
    mdd_status status = rd->status;
    if (rd->canceled && status != MDD_ERR_CANCELED) {
        /* Canceled after landing, or before: the result, if any, is discarded. */
        mdd_pin_release(&rd->pin);
        status = mdd_fail(&rd->err, MDD_ERR_CANCELED, "read %llu canceled",
                          (unsigned long long)rd->id);
    }
    mdd_pin pin = rd->pin;
    memset(&rd->pin, 0, sizeof rd->pin);
    rd->cb(rd->user, status, &pin, &rd->err);
    if (!rd->io_busy)
        free_read(reader, rd);
}

/* Runs the callbacks of the reads ready now; those that callbacks make ready wait for the
 * next call, so a callback that keeps submitting resident reads cannot hold the loop. */
static size_t run_ready(mdd_reader *reader)
{
    async_read *batch = reader->ready_head;
    reader->ready_head = reader->ready_tail = NULL;
    size_t ran = 0;
    while (batch) {
        async_read *rd = batch;
        batch = rd->ready_next;
        run_callback(reader, rd);
        ran++;
    }
    return ran;
}

size_t mdd_reader_dispatch(mdd_reader *reader)
{
    /* Drain first: whatever lands after this signals again. */
    drain(reader);
    reader->backend->reap(reader);
    /* Callbacks' new reads wait for the next call, readable: submit and cancel signal. */
    return run_ready(reader);
}

void mdd_reader_close(mdd_reader *reader)
{
    if (!reader)
        return;
    reader->closing = 1;
    /* Reads that landed keep their result; the others are canceled. */
    reader->backend->reap(reader);
    for (async_read *rd = reader->all; rd; rd = rd->next)
        if (rd->io_busy && !rd->called)
            cancel_read(reader, rd);
    reader->backend->close(reader);
    while (reader->ready_head)
        run_ready(reader);
    /* Only reads whose I/O a failing kernel never returned remain: their buffers may still
     * be written, so they are left allocated rather than freed under the kernel. */
    close(reader->fd);
    if (!reader->all)
        free(reader->discard);
    free(reader);
}
