/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd (advanced API): reads that never block the calling thread, for event loops.
 *
 * A page fault on a cold file mapping blocks the thread that touches it, invisibly: on an
 * event loop it stalls every connection. An mdd_reader brings a byte range of a store's chunk
 * into memory off the caller's thread and reports completion through a file descriptor that
 * becomes readable, to be watched with epoll, libevent or libuv:
 *
 *   1. mdd_store_try_read(): when the bytes are resident, use them inline and stop here.
 *   2. mdd_reader_submit(): the reader brings them in (io_uring, or a thread pool).
 *   3. When mdd_reader_fd() is readable, mdd_reader_dispatch() runs the callbacks of
 *      completed reads on the calling thread.
 *
 * What "brings in" means per strategy: pread reads into the store's cache and hands back a
 * pinned cache view; sidecar and inplace read the file range so the page cache holds it, then
 * hand back the mapping's view (resident, so touching it costs at most a minor fault); heap is
 * always resident and completes at once.
 *
 * Every submitted read gets exactly one callback: with MDD_OK and a pin, or with an error
 * (MDD_ERR_CANCELED after mdd_reader_cancel() or mdd_reader_close()). Callbacks run only inside
 * mdd_reader_dispatch() and mdd_reader_close(), on the thread calling them.
 *
 * A reader is used from one thread (the loop's); stores and caches it reads from may be
 * shared with other threads. */
#ifndef MDD_ADVANCED_API
#error "<mdd/async.h> is the advanced API (may change before 1.0): define MDD_ADVANCED_API"
#endif
#ifndef MDD_ASYNC_H
#define MDD_ASYNC_H

#include <mdd/store.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum mdd_reader_backend {
    MDD_READER_AUTO = 0,     /* io_uring when the kernel allows it, the thread pool otherwise */
    MDD_READER_IO_URING = 1, /* io_uring only: mdd_reader_open() fails where it is refused */
    MDD_READER_THREADS = 2   /* a pool of threads doing blocking reads */
} mdd_reader_backend;

typedef struct mdd_reader_options {
    size_t size; /* see "Options" in include/mdd/status.h */
    mdd_reader_backend backend; /* default MDD_READER_AUTO */
    /* Reads the reader holds at once, 1 to 32768; default 256: those submitted and not yet
     * dispatched, and canceled ones whose I/O is still under way (their buffers wait for
     * it). */
    uint32_t max_in_flight;
    uint32_t threads; /* the pool's size (threads backend), 1 to 64; default 4 */
    /* io_uring backend: the most bytes one submission reads, 4 KiB to 1 GiB; default 1 MiB.
     * A longer range is read in pieces of this size, one after another: a read keeps at
     * most this much in flight, holds a kernel worker for one piece at a time, and a
     * cancellation stops it at the next piece. (The pool reads a range with one pread(2)
     * and its retries.) */
    uint32_t max_read;
} mdd_reader_options;

/* The bytes of mdd_reader_options this header knows: through its last field. */
#define MDD_READER_OPTIONS_SIZE MDD_OPTIONS_END(mdd_reader_options, max_read)

/* The defaults described above. */
static inline mdd_reader_options mdd_reader_options_default(void)
{
    mdd_reader_options o = {MDD_READER_OPTIONS_SIZE, MDD_READER_AUTO, 256, 4, (uint32_t)1 << 20};
    return o;
}

typedef struct mdd_reader mdd_reader;

/* Creates a reader under opts (NULL for the defaults). *out is released with
 * mdd_reader_close(). MDD_ERR_ARG for options out of range; MDD_ERR_UNSUPPORTED when
 * MDD_READER_IO_URING was asked for and the kernel refuses io_uring, or the library was built
 * without it ("not built with io_uring"; the message says why). */
mdd_status mdd_reader_open(const mdd_reader_options *opts, mdd_reader **out, mdd_error *err);

/* Cancels every read not yet completed, waits for the I/O already under way to land (a
 * kernel or a thread may still be writing into a buffer), runs every outstanding callback
 * (MDD_ERR_CANCELED, or the result when a read had completed) and frees the reader. The
 * stores read from must stay open until it returns. A callback it runs cannot submit
 * (MDD_ERR_CANCELED). Not from a callback. Safe on NULL. */
void mdd_reader_close(mdd_reader *reader);

/* The backend in use: "io_uring" or "threads". Static storage. */
const char *mdd_reader_backend_name(const mdd_reader *reader);

/* A descriptor that is readable while completed reads wait for mdd_reader_dispatch(). Owned
 * by the reader; watch it for reading (level-triggered), never read or close it. */
int mdd_reader_fd(const mdd_reader *reader);

/* Called once per submitted read, on the thread in mdd_reader_dispatch() (or
 * mdd_reader_close()). On MDD_OK the callback owns *pin (its bytes are the requested range)
 * and releases it with mdd_pin_release() when done, possibly later and on another thread.
 * On failure pin is zeroed and err says why. err is never NULL (status MDD_OK on success)
 * and valid during the call only. */
typedef void (*mdd_read_callback)(void *user, mdd_status status, mdd_pin *pin,
                                  const mdd_error *err);

/* Identifies a submitted read for mdd_reader_cancel(); never 0. */
typedef uint64_t mdd_read_id;

/* Starts bringing len bytes at offset of chunk index of store into memory, without blocking
 * the caller. cb(user, ...) runs later from mdd_reader_dispatch(), even when the bytes were
 * resident already. *id (id may be NULL) names the read. On failure no callback runs:
 * MDD_ERR_ARG when the range is not inside the chunk (or store or cb is NULL); MDD_ERR_BUSY
 * when the reader holds max_in_flight reads (dispatch, then retry); MDD_ERR_CANCELED while
 * the reader closes; MDD_ERR_NOMEM. */
mdd_status mdd_reader_submit(mdd_reader *reader, const mdd_store *store, size_t index,
                             uint64_t offset, size_t len, mdd_read_callback cb, void *user,
                             mdd_read_id *id, mdd_error *err);

/* Cancels read id: its callback runs with MDD_ERR_CANCELED at the next dispatch (the
 * descriptor becomes readable), unless it has run already. Bytes that arrived but were not
 * yet dispatched are discarded. I/O under way is asked to stop and its buffer is kept until
 * it lands, which the callback does not wait for. Returns 1 when the callback had not run
 * (canceling twice is harmless), 0 otherwise (run already, or no such read). */
int mdd_reader_cancel(mdd_reader *reader, mdd_read_id id);

/* Runs the callbacks of every read completed so far and returns how many ran. Never blocks.
 * Callbacks may submit and cancel reads (not close the reader); what they submit completes
 * at a later dispatch, even when resident, so the loop keeps its turn. */
size_t mdd_reader_dispatch(mdd_reader *reader);

/* Reads submitted and not yet dispatched. */
size_t mdd_reader_pending(const mdd_reader *reader);

#ifdef __cplusplus
}
#endif

#endif
