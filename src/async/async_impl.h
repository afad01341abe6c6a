/* SPDX-License-Identifier: Apache-2.0 */
/* Private to the async layer: the reader, one read's state and the backend interface.
 *
 * Everything but the backend's I/O runs on the reader's thread (the loop's): submit, cancel,
 * dispatch and close, and with them every change to the ready list and the held list. A
 * backend may perform the I/O elsewhere (a pool thread, the kernel); it hands a read back
 * through async_landed(), which only ever runs on the reader's thread, from reap or close. */
#ifndef MDD_ASYNC_IMPL_H
#define MDD_ASYNC_IMPL_H

#include <mdd_internal/common.h>
#include <mdd_internal/store.h>

#include <mdd/async.h>

/* Bounds on the options: the io_uring completion ring holds two entries per read (the read
 * and its cancellation), and the kernel caps it at 65536. */
#define ASYNC_MAX_IN_FLIGHT 32768u
#define ASYNC_MAX_THREADS 64u
#define ASYNC_MIN_READ ((uint32_t)4 << 10)
#define ASYNC_MAX_READ ((uint32_t)1 << 30)
/* The scratch memory of reads that only warm the page cache (store_io buf NULL): one piece
 * at a time of at most this size, every such read in flight writing into the same bytes. */
#define ASYNC_DISCARD_SIZE ((size_t)1 << 20)

typedef struct async_read async_read;

/* One submitted read, allocated by submit and freed once its callback has run and its I/O
 * has landed (a canceled read's callback may run first: the buffer stays until the I/O is
 * done with it). */
struct async_read {
    mdd_read_id id;
    const mdd_store *store;
    mdd_read_callback cb;
    void *user;
    /* The backend's while io_busy: what to read, how far it got, the outcome. err holds the
     * reason of a failed read, and after landing that of a failed store_io_end(). */
    store_io io;
    size_t done;
    mdd_status io_status;
    mdd_error err;
    async_read *io_next; /* threads: the queue link */
    unsigned io_ops;     /* io_uring: submissions (a piece, a cancellation) not completed */
    int io_finished;     /* io_uring: the outcome is known; it lands once io_ops is 0 */
    /* The reader's. Plain ints, not bit-fields: a pool thread writes the fields above while
     * the reader's thread writes these. */
    int io_busy;  /* a backend holds the I/O */
    int ready;    /* on the ready list (or the batch a dispatch is running) */
    int canceled;
    int called;   /* the callback has run */
    mdd_status status; /* store_io_end()'s outcome, once landed */
    mdd_pin pin;
    async_read *ready_next;
    async_read *prev, *next; /* every read the reader holds */
};

/* What a backend does; every function runs on the reader's thread. */
typedef struct async_backend {
    const char *name;
    /* Starts reading rd->io (length > 0) into rd->io.buf; never blocks. On failure the read
     * was not started. */
    mdd_status (*start)(mdd_reader *reader, async_read *rd, mdd_error *err);
    /* Hands every read whose I/O has finished to async_landed(); never blocks. */
    void (*reap)(mdd_reader *reader);
    /* Asks to stop rd's I/O. Returns 1 when it had not started (the backend let go of rd
     * without reading), 0 when it is under way and will still land. */
    int (*cancel)(mdd_reader *reader, async_read *rd);
    /* Waits for every read's I/O to finish, hands each to async_landed() and frees the
     * backend. */
    void (*close)(mdd_reader *reader);
} async_backend;

struct mdd_reader {
    const async_backend *backend;
    void *state; /* the backend's */
    int fd;      /* the eventfd: immutable after open, so pool threads may signal it */
    uint8_t *discard; /* ASYNC_DISCARD_SIZE bytes nobody reads (io_uring's) */
    uint32_t max_in_flight;
    uint32_t max_read; /* io_uring: bytes one submission covers at most */
    int closing; /* inside mdd_reader_close(): submit refuses */
    mdd_read_id last_id;
    size_t held;    /* reads allocated */
    size_t pending; /* reads whose callback has not run */
    async_read *all;
    async_read *ready_head, *ready_tail;
};

/* reader.c */

/* Takes back rd, whose I/O has finished (or was never started): ends the store's side of the
 * read and queues the callback. Frees rd when its callback ran already. */
MDD_INTERNAL void async_landed(mdd_reader *reader, async_read *rd);

/* Records that rd's read failed: error is an errno value, or 0 when the file ended first. */
MDD_INTERNAL void async_io_failed(async_read *rd, int error);

/* Where the next piece of rd lands, and in *len how many bytes may go there: the rest of
 * rd's buffer, or discard (ASYNC_DISCARD_SIZE bytes) for a read without one. Whoever writes
 * into discard must be its only writer: concurrent writes are a data race even though nobody
 * reads them. Safe from any thread. */
MDD_INTERNAL uint8_t *async_piece(const async_read *rd, uint8_t *discard, size_t *len);

/* Makes the reader's descriptor readable. Safe from any thread. */
MDD_INTERNAL void async_signal(const mdd_reader *reader);

/* uring.c, threads.c: fill reader->backend and reader->state. The io_uring backend fails
 * (MDD_ERR_UNSUPPORTED) where the kernel refuses it. */
MDD_INTERNAL mdd_status async_uring_open(mdd_reader *reader, const mdd_reader_options *opts,
                                         mdd_error *err);
MDD_INTERNAL mdd_status async_threads_open(mdd_reader *reader, const mdd_reader_options *opts,
                                           mdd_error *err);

#endif
