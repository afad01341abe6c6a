/* SPDX-License-Identifier: Apache-2.0 */
/* The thread-pool backend: workers take reads from a queue, perform them with blocking
 * pread(2) and push them on a done stack, then signal the reader's descriptor. The stack is
 * lock-free because the loop's thread takes it: with more workers than CPUs, a worker
 * preempted while holding a lock the loop wants would stall the loop for a time slice. For
 * the same reason workers are woken with a semaphore, whose post never waits, rather than a
 * condition variable, whose signal waits for its internal lock while a worker holds it. The
 * queue's mutex is held for a push or a pop only. It works under any kernel and any seccomp
 * policy; io_uring (uring.c) needs neither threads nor copies through a queue, but may be
 * refused. */
#include "async_impl.h"

#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct read_queue {
    async_read *head, *tail;
} read_queue;

typedef struct pool {
    const mdd_reader *reader;
    pthread_mutex_t lock; /* guards todo and stopping */
    /* A post per read queued and per worker to stop: a worker takes one, then a read, or
     * stops when there is none and the pool is stopping; reads canceled from the queue leave
     * posts that find it empty. */
    sem_t work;
    read_queue todo;             /* not started */
    _Atomic(async_read *) done; /* performed, not yet reaped: a stack, newest first */
    int stopping;
    size_t count;
    pthread_t threads[];
} pool;

static void push(read_queue *q, async_read *rd)
{
    rd->io_next = NULL;
    if (q->tail)
        q->tail->io_next = rd;
    else
        q->head = rd;
    q->tail = rd;
}

/* Unlinks rd from q; returns 0 when q does not hold it. */
static int unlink_read(read_queue *q, async_read *rd)
{
    async_read *prev = NULL;
    for (async_read *it = q->head; it; prev = it, it = it->io_next) {
        if (it != rd)
            continue;
        if (prev)
            prev->io_next = rd->io_next;
        else
            q->head = rd->io_next;
        if (q->tail == rd)
            q->tail = prev;
        return 1;
    }
    return 0;
}

/* The whole of rd's range, over short reads and interruptions; a read without a buffer
 * lands in discard, the worker's own (NULL when it could not have one). */
static void perform(async_read *rd, uint8_t *discard)
{
    const store_io *io = &rd->io;
    if (!io->buf && !discard) {
        async_io_failed(rd, ENOMEM);
        return;
    }
    while (rd->done < io->length) {
        size_t room = 0;
        uint8_t *to = async_piece(rd, discard, &room);
        ssize_t n = pread(io->fd, to, room, (off_t)(io->file_offset + rd->done));
        if (n > 0) {
            rd->done += (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        async_io_failed(rd, n < 0 ? errno : 0);
        return;
    }
    rd->io_status = MDD_OK;
}

/* Each worker discards into an area of its own: the workers' preads would race on a shared
 * one. */
/* Waits for a post; returns the next read, or NULL when there is none (stop when *stopping). */
static async_read *take(pool *p, int *stopping)
{
    while (sem_wait(&p->work) != 0) {
        /* EINTR: signals are blocked on workers, but a debugger may still interrupt. */
    }
    pthread_mutex_lock(&p->lock);
    async_read *rd = p->todo.head;
    if (rd)
        (void)unlink_read(&p->todo, rd);
    *stopping = p->stopping;
    pthread_mutex_unlock(&p->lock);
    return rd;
}

static void *worker(void *arg)
{
    pool *p = arg;
    uint8_t *discard = malloc(ASYNC_DISCARD_SIZE);
    for (;;) {
        int stopping = 0;
        async_read *rd = take(p, &stopping);
        if (!rd && stopping)
            break;
        if (!rd)
            continue;
        perform(rd, discard);
        /* Release: the reader's thread sees what perform() wrote once it sees rd. */
        async_read *top = atomic_load_explicit(&p->done, memory_order_relaxed);
        do
            rd->io_next = top;
        while (!atomic_compare_exchange_weak_explicit(&p->done, &top, rd, memory_order_release,
                                                      memory_order_relaxed));
        async_signal(p->reader);
    }
    free(discard);
    return NULL;
}

static mdd_status threads_start(mdd_reader *reader, async_read *rd, mdd_error *err)
{
    (void)err;
    pool *p = reader->state;
    pthread_mutex_lock(&p->lock);
    push(&p->todo, rd);
    pthread_mutex_unlock(&p->lock);
    sem_post(&p->work);
    return MDD_OK;
}

static void threads_reap(mdd_reader *reader)
{
    pool *p = reader->state;
    async_read *newest = atomic_exchange_explicit(&p->done, NULL, memory_order_acquire);
    /* Oldest first, in the order the reads finished. */
    async_read *rd = NULL;
    while (newest) {
        async_read *next = newest->io_next;
        newest->io_next = rd;
        rd = newest;
        newest = next;
    }
    while (rd) {
        async_read *next = rd->io_next;
        async_landed(reader, rd);
        rd = next;
    }
}

static int threads_cancel(mdd_reader *reader, async_read *rd)
{
    pool *p = reader->state;
    pthread_mutex_lock(&p->lock);
    int removed = unlink_read(&p->todo, rd);
    pthread_mutex_unlock(&p->lock);
    return removed;
}

/* Stops the first count workers once the queue is empty and joins them. */
static void stop_workers(pool *p, size_t count)
{
    pthread_mutex_lock(&p->lock);
    p->stopping = 1;
    pthread_mutex_unlock(&p->lock);
    for (size_t i = 0; i < count; i++)
        sem_post(&p->work);
    for (size_t i = 0; i < count; i++)
        pthread_join(p->threads[i], NULL);
}

static void free_pool(pool *p)
{
    sem_destroy(&p->work);
    pthread_mutex_destroy(&p->lock);
    free(p);
}

static void threads_close(mdd_reader *reader)
{
    pool *p = reader->state;
    stop_workers(p, p->count);
    threads_reap(reader);
    free_pool(p);
    reader->state = NULL;
}

static const async_backend threads_backend = {
    .name = "threads",
    .start = threads_start,
    .reap = threads_reap,
    .cancel = threads_cancel,
    .close = threads_close,
};

/* Starts the workers with every signal blocked: the application's handlers run on its own
 * threads, not on a library's. */
static int start_workers(pool *p, size_t count)
{
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int rc = 0;
    for (p->count = 0; p->count < count; p->count++) {
        rc = pthread_create(&p->threads[p->count], NULL, worker, p);
        if (rc)
            break;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return rc;
}

mdd_status async_threads_open(mdd_reader *reader, const mdd_reader_options *opts,
                              mdd_error *err)
{
    pool *p = calloc(1, sizeof *p + opts->threads * sizeof p->threads[0]);
    if (!p)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for %u reader threads", opts->threads);
    p->reader = reader;
    pthread_mutex_init(&p->lock, NULL);
    sem_init(&p->work, 0, 0);
    int rc = start_workers(p, opts->threads);
    if (rc) {
        stop_workers(p, p->count);
        free_pool(p);
        return mdd_fail(err, MDD_ERR_NOMEM, "cannot start a reader thread: %s", strerror(rc));
    }
    reader->backend = &threads_backend;
    reader->state = p;
    return MDD_OK;
}
