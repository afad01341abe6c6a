/* SPDX-License-Identifier: Apache-2.0 */
/* The io_uring backend: each read is one IORING_OP_READ at a time, of at most max_read
 * bytes, submitted again for the rest after a piece or a short read; the kernel signals the
 * reader's eventfd (io_uring_register_eventfd) whenever it posts a completion. No thread of
 * ours blocks, and buffered reads that miss the page cache wait in the kernel. */
#include "async_impl.h"

#include <errno.h>
#include <liburing.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Submission entries at most: submit flushes them at once, so a small ring serves many
 * reads. */
#define URING_SQ_ENTRIES 256u

typedef struct uring_state {
    struct io_uring ring;
    size_t in_flight; /* submissions whose completion is not yet reaped */
} uring_state;

/* Flushes queued submissions; what the kernel does not take now stays queued for the next
 * flush (every start, reap and close flushes). */
static void flush(uring_state *u)
{
    if (io_uring_sq_ready(&u->ring) > 0)
        (void)io_uring_submit(&u->ring);
}

static struct io_uring_sqe *get_sqe(uring_state *u)
{
    struct io_uring_sqe *sqe = io_uring_get_sqe(&u->ring);
    if (!sqe) {
        (void)io_uring_submit(&u->ring);
        sqe = io_uring_get_sqe(&u->ring);
    }
    return sqe;
}

/* Marks a cancellation's user data: its target cannot be freed (and its address reused by
 * a new read the cancellation could then hit) before this completion is reaped too. */
#define CANCEL_TAG ((uintptr_t)1)

/* Queues the next piece of rd; returns 0 when no submission entry is free. */
static int queue_piece(const mdd_reader *reader, async_read *rd)
{
    uring_state *u = reader->state;
    struct io_uring_sqe *sqe = get_sqe(u);
    if (!sqe)
        return 0;
    size_t room = 0;
    uint8_t *to = async_piece(rd, reader->discard, &room);
    /* Each submission is a point where a cancellation takes effect; max_read also keeps
     * the length within the 32 bits a read takes. */
    unsigned piece = (unsigned)(room < reader->max_read ? room : reader->max_read);
    io_uring_prep_read(sqe, rd->io.fd, to, piece, rd->io.file_offset + rd->done);
    /* Without IOSQE_ASYNC the kernel tries the read inline, in io_uring_enter() on the
     * submitting thread: a cached read copies there, and a miss starts its read-ahead there.
     * The loop must do neither; the kernel's io-wq workers do. */
    io_uring_sqe_set_flags(sqe, IOSQE_ASYNC);
    io_uring_sqe_set_data(sqe, rd);
    rd->io_ops++;
    u->in_flight++;
    flush(u);
    return 1;
}

static mdd_status uring_start(mdd_reader *reader, async_read *rd, mdd_error *err)
{
    if (!queue_piece(reader, rd))
        return mdd_fail(err, MDD_ERR_BUSY, "the io_uring submission queue is full");
    return MDD_OK;
}

static void land_when_idle(mdd_reader *reader, async_read *rd)
{
    if (rd->io_finished && rd->io_ops == 0)
        async_landed(reader, rd);
}

/* The completion of one piece of rd: the next piece, or the read's outcome. */
static void piece_done(mdd_reader *reader, async_read *rd, int res)
{
    if (res > 0)
        rd->done += (size_t)res;
    int go_on = res > 0 || res == -EINTR || res == -EAGAIN;
    if (go_on && rd->done < rd->io.length && !rd->canceled && queue_piece(reader, rd))
        return;
    if (rd->done == rd->io.length)
        rd->io_status = MDD_OK;
    else /* a failure, the end of the file, or (canceled, no entry) a read left unfinished */
        async_io_failed(rd, res < 0 ? -res : res == 0 ? 0 : EBUSY);
    rd->io_finished = 1;
    land_when_idle(reader, rd);
}

static void uring_reap(mdd_reader *reader)
{
    uring_state *u = reader->state;
    flush(u);
    struct io_uring_cqe *cqe;
    while (io_uring_peek_cqe(&u->ring, &cqe) == 0) {
        uintptr_t data = (uintptr_t)io_uring_cqe_get_data(cqe);
        int res = cqe->res;
        io_uring_cqe_seen(&u->ring, cqe);
        async_read *rd = (async_read *)(data & ~CANCEL_TAG);
        u->in_flight--;
        rd->io_ops--;
        if (data & CANCEL_TAG)
            land_when_idle(reader, rd);
        else
            piece_done(reader, rd, res);
    }
}

static int uring_cancel(mdd_reader *reader, async_read *rd)
{
    uring_state *u = reader->state;
    /* Best effort: a read that cannot be stopped, or finds no entry to ask with, lands as
     * usual and its result is discarded. */
    struct io_uring_sqe *sqe = get_sqe(u);
    if (sqe) {
        io_uring_prep_cancel(sqe, rd, 0);
        io_uring_sqe_set_data(sqe, (void *)((uintptr_t)rd | CANCEL_TAG));
        rd->io_ops++;
        u->in_flight++;
        flush(u);
    }
    return 0;
}

static void uring_close(mdd_reader *reader)
{
    uring_state *u = reader->state;
    uring_reap(reader);
    while (u->in_flight > 0) {
        int rc = io_uring_submit_and_wait(&u->ring, 1);
        if (rc < 0 && rc != -EINTR && rc != -EAGAIN && rc != -EBUSY)
            break; /* the kernel may still write the buffers: leave them (reader.c) */
        uring_reap(reader);
    }
    io_uring_queue_exit(&u->ring);
    free(u);
    reader->state = NULL;
}

static const async_backend uring_backend = {
    .name = "io_uring",
    .start = uring_start,
    .reap = uring_reap,
    .cancel = uring_cancel,
    .close = uring_close,
};

static int supports_reads(struct io_uring *ring)
{
    struct io_uring_probe *probe = io_uring_get_probe_ring(ring);
    int ok = probe && io_uring_opcode_supported(probe, IORING_OP_READ) &&
             io_uring_opcode_supported(probe, IORING_OP_ASYNC_CANCEL);
    io_uring_free_probe(probe);
    return ok;
}

/* Sets up the ring: every held read has at most one read and one cancellation in flight, so
 * a completion ring of twice max_in_flight never overflows. */
static mdd_status setup_ring(uring_state *u, const mdd_reader_options *opts, int fd,
                             mdd_error *err)
{
    struct io_uring_params params;
    memset(&params, 0, sizeof params);
    params.flags = IORING_SETUP_CQSIZE | IORING_SETUP_CLAMP;
    params.cq_entries = 2 * opts->max_in_flight;
    /* The kernel wants no more submission entries than completion entries. */
    unsigned entries = opts->max_in_flight < URING_SQ_ENTRIES ? opts->max_in_flight
                                                               : URING_SQ_ENTRIES;
    int rc = io_uring_queue_init_params(entries, &u->ring, &params);
    if (rc < 0)
        return mdd_fail(err, MDD_ERR_UNSUPPORTED, "io_uring is not available: %s",
                        strerror(-rc));
    const char *why = NULL;
    if (!supports_reads(&u->ring))
        why = "the kernel lacks IORING_OP_READ or IORING_OP_ASYNC_CANCEL";
    else if ((rc = io_uring_register_eventfd(&u->ring, fd)) < 0)
        why = strerror(-rc);
    if (!why)
        return MDD_OK;
    io_uring_queue_exit(&u->ring);
    return mdd_fail(err, MDD_ERR_UNSUPPORTED, "io_uring is not usable: %s", why);
}

mdd_status async_uring_open(mdd_reader *reader, const mdd_reader_options *opts,
                            mdd_error *err)
{
    uring_state *u = calloc(1, sizeof *u);
    if (!u)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for an io_uring reader");
    mdd_status st = setup_ring(u, opts, reader->fd, err);
    if (st) {
        free(u);
        return st;
    }
    reader->backend = &uring_backend;
    reader->state = u;
    return MDD_OK;
}
