/* SPDX-License-Identifier: Apache-2.0 */
/* The threads of `mdd decode --batch`: this thread reads blocks of lines into a ring of
 * window blocks, the decoding threads take the blocks in turn, and a writer thread writes
 * them in input order and hands them back to the reader. The ring is the only memory that
 * holds records, so a run takes the same memory whatever its input's size. */
#include "batch.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Records a block holds at most, and the text after which it takes no more lines. */
#define BLOCK_RECORDS 64
#define BLOCK_TEXT ((size_t)1 << 20)
/* Blocks in flight per decoding thread. */
#define BLOCKS_PER_THREAD 4

typedef struct block {
    batch_line lines[BLOCK_RECORDS];
    size_t count;
    batch_text text;
    mdd_buffer out;
    batch_counts counts;
    int decoded;
} block;

typedef struct pool {
    const batch_run_options *o;
    block *blocks;
    size_t window;
    pthread_mutex_t lock;
    pthread_cond_t space; /* the reader waits for a block written */
    pthread_cond_t work;  /* the decoders wait for a block read */
    pthread_cond_t done;  /* the writer waits for a block decoded */
    uint64_t read, taken, written; /* blocks so far, by sequence number */
    int reading_done;
    int write_failed; /* the errno of the first failed write, 0 while none */
    batch_counts counts; /* of the blocks written */
    struct timespec start, last_draw;
} pool;

static double seconds_since(const struct timespec *t)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t->tv_sec) + (double)(now.tv_nsec - t->tv_nsec) / 1e9;
}

/* ---- Decoding ---- */

typedef struct decoder {
    pool *p;
    batch_worker worker;
    pthread_t thread;
} decoder;

static void decode_block(batch_worker *w, block *b)
{
    b->out.len = 0;
    b->counts = (batch_counts){0};
    for (size_t i = 0; i < b->count; i++)
        batch_decode_line(w, &b->text, &b->lines[i], &b->out, &b->counts);
}

static void *decode_blocks(void *arg)
{
    decoder *d = arg;
    pool *p = d->p;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (p->taken == p->read && !p->reading_done)
            pthread_cond_wait(&p->work, &p->lock);
        if (p->taken == p->read)
            break;
        block *b = &p->blocks[p->taken++ % p->window];
        pthread_mutex_unlock(&p->lock);
        decode_block(&d->worker, b);
        pthread_mutex_lock(&p->lock);
        b->decoded = 1;
        pthread_cond_signal(&p->done);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* ---- Writing ---- */

static void draw_progress(pool *p)
{
    if (!p->o->progress || seconds_since(&p->last_draw) < 0.1)
        return;
    clock_gettime(CLOCK_MONOTONIC, &p->last_draw);
    double s = seconds_since(&p->start);
    fprintf(stderr, "\r\033[K%" PRIu64 " records, %.0f records/s", p->counts.records,
            s > 0 ? (double)p->counts.records / s : 0.0);
}

static void *write_blocks(void *arg)
{
    pool *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        block *b = &p->blocks[p->written % p->window];
        while (p->written < p->read && !b->decoded)
            pthread_cond_wait(&p->done, &p->lock);
        if (p->written == p->read && p->reading_done)
            break;
        if (p->written == p->read) {
            pthread_cond_wait(&p->done, &p->lock);
            continue;
        }
        pthread_mutex_unlock(&p->lock);
        size_t wrote = fwrite(b->out.data, 1, b->out.len, p->o->out);
        int failed = wrote == b->out.len ? 0 : errno ? errno : EIO;
        batch_counts_add(&p->counts, &b->counts);
        draw_progress(p);
        pthread_mutex_lock(&p->lock);
        if (!p->write_failed)
            p->write_failed = failed;
        b->decoded = 0;
        p->written++;
        pthread_cond_signal(&p->space);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* ---- Reading ---- */

/* Fills b with the next lines: up to BLOCK_RECORDS, or fewer when the text is full or when
 * more would mean waiting for input. Returns the lines read, or -1 when out of memory. */
static int fill_block(batch_input *in, block *b)
{
    b->count = 0;
    b->text.len = 0;
    while (b->count < BLOCK_RECORDS && b->text.len < BLOCK_TEXT) {
        int rc = batch_input_next(in, &b->text, &b->lines[b->count], b->count == 0);
        if (rc < 0)
            return -1;
        if (rc != 1)
            break;
        b->count++;
    }
    return (int)b->count;
}

/* Reads until the input ends or the writer fails. Returns 0, or -1 out of memory. */
static int read_blocks(pool *p, batch_input *in)
{
    for (;;) {
        pthread_mutex_lock(&p->lock);
        while (p->read - p->written == p->window && !p->write_failed)
            pthread_cond_wait(&p->space, &p->lock);
        int stop = p->write_failed;
        block *b = &p->blocks[p->read % p->window];
        pthread_mutex_unlock(&p->lock);
        if (stop)
            return 0;
        int n = fill_block(in, b);
        if (n <= 0)
            return n;
        pthread_mutex_lock(&p->lock);
        p->read++;
        pthread_cond_signal(&p->work);
        pthread_cond_signal(&p->done);
        pthread_mutex_unlock(&p->lock);
    }
}

/* ---- The run ---- */

static void free_blocks(pool *p)
{
    for (size_t i = 0; i < p->window; i++) {
        batch_text_free(&p->blocks[i].text);
        mdd_buffer_free(&p->blocks[i].out);
    }
    free(p->blocks);
}

/* Starts the decoders; returns how many started (their workers set up). */
static unsigned start_decoders(pool *p, decoder *d, unsigned n)
{
    unsigned started = 0;
    for (; started < n; started++) {
        d[started].p = p;
        if (batch_worker_init(&d[started].worker, p->o->db) != 0)
            break;
        if (pthread_create(&d[started].thread, NULL, decode_blocks, &d[started]) != 0) {
            batch_worker_free(&d[started].worker);
            break;
        }
    }
    return started;
}

/* Ends the reading, waits for the threads. */
static void finish(pool *p, decoder *d, unsigned decoders, pthread_t writer)
{
    pthread_mutex_lock(&p->lock);
    p->reading_done = 1;
    pthread_cond_broadcast(&p->work);
    pthread_cond_broadcast(&p->done);
    pthread_mutex_unlock(&p->lock);
    for (unsigned i = 0; i < decoders; i++) {
        pthread_join(d[i].thread, NULL);
        batch_worker_free(&d[i].worker);
    }
    pthread_join(writer, NULL);
}

static int run_threads(pool *p, batch_input *in)
{
    decoder d[BATCH_MAX_JOBS];
    unsigned decoders = start_decoders(p, d, p->o->threads);
    pthread_t writer;
    int writing = decoders > 0 && pthread_create(&writer, NULL, write_blocks, p) == 0;
    int rc = writing ? read_blocks(p, in) : -1;
    if (!writing) {
        /* Nothing reads: the decoders see the end at once. */
        pthread_mutex_lock(&p->lock);
        p->reading_done = 1;
        pthread_cond_broadcast(&p->work);
        pthread_mutex_unlock(&p->lock);
        for (unsigned i = 0; i < decoders; i++) {
            pthread_join(d[i].thread, NULL);
            batch_worker_free(&d[i].worker);
        }
        return -1;
    }
    finish(p, d, decoders, writer);
    return rc;
}

int batch_pool_run(const batch_run_options *o, batch_counts *counts)
{
    static batch_input in; /* one run at a time: its buffer is large for a stack */
    pool p = {.o = o, .window = (size_t)o->threads * BLOCKS_PER_THREAD};
    p.blocks = calloc(p.window, sizeof *p.blocks);
    if (!p.blocks) {
        fprintf(stderr, "mdd: out of memory\n");
        return -1;
    }
    pthread_mutex_init(&p.lock, NULL);
    pthread_cond_init(&p.space, NULL);
    pthread_cond_init(&p.work, NULL);
    pthread_cond_init(&p.done, NULL);
    clock_gettime(CLOCK_MONOTONIC, &p.start);
    batch_input_init(&in, o->fd);
    int rc = run_threads(&p, &in);
    if (fflush(o->out) != 0 && !p.write_failed)
        p.write_failed = errno ? errno : EIO;
    if (o->progress)
        fputs("\r\033[K", stderr);
    *counts = p.counts;
    pthread_cond_destroy(&p.done);
    pthread_cond_destroy(&p.work);
    pthread_cond_destroy(&p.space);
    pthread_mutex_destroy(&p.lock);
    free_blocks(&p);
    if (rc != 0)
        fprintf(stderr, "mdd: out of memory\n");
    else if (in.error)
        fprintf(stderr, "mdd: reading the input: %s\n", strerror(in.error));
    else if (p.write_failed)
        fprintf(stderr, "mdd: writing the output: %s\n", strerror(p.write_failed));
    return rc != 0 || in.error || p.write_failed ? -1 : 0;
}
