/* SPDX-License-Identifier: Apache-2.0 */
/* The mmap trap on an event loop: checksumming large files from a loop that touches a file
 * mapping, from one thread per file, and from a loop fed by asynchronous reads.
 *
 *   bench_eventloop [--window N] [--pool N] [--max-read KIB]
 *                   [--advice normal|sequential|random] [--only VARIANT] [--log-stalls MS]
 *                   [--json-out FILE] DIR [FILES [SIZE_MIB [RUNS [PIECE_KIB]]]]
 *
 * DIR holds FILES (default 8) plain MDD files of SIZE_MIB (default 256) MiB, random-NN.mdd,
 * each one uncompressed chunk of pseudo-random bytes; they are written (atomically, by the
 * library's encoder) when missing or of the wrong size, and reused otherwise. Stores are
 * opened with verification off: hashing the files is not the experiment. Every variant sums
 * all 8-byte words of every chunk, in pieces of PIECE_KIB (default 1024) KiB taken round
 * robin over the files, and all must agree on the sum:
 *
 *   loop-mmap           an epoll loop whose tasks each checksum one slice of a piece of an inplace
 *                       store's mapping (the mapping advised --advice, default normal: the
 *                       kernel's read-ahead, as a plain mmap gets)
 *   threads-mmap        one thread per file checksumming its mapping, same advice
 *   loop-reader-pread   an epoll loop with an mdd_reader (backend AUTO: io_uring when the
 *                       kernel allows it) on pread stores: --window (default 32) reads in
 *                       flight; each completed piece is checksummed on the loop, a slice a task, its pin
 *                       released and the next piece submitted
 *   loop-threads-pread  the same loop with the THREADS backend (--pool threads, default 4)
 *
 * The io_uring reader reads at most --max-read KiB per submission
 * (mdd_reader_options.max_read; default the library's, 1 MiB): a larger piece is read in
 * parts of that size, one after another.
 *   loop-reader-inplace the AUTO reader on inplace stores: the reader brings the pages into
 *                       the page cache, the loop then touches resident mapping pages
 *
 * The pread stores share one cache of PIECE_KIB blocks with a budget of 4 pieces, so the
 * process holds little more than the pieces in flight.
 *
 * A loop iteration runs from the return of epoll_wait() to its next call: the reader's
 * callbacks (which only queue completed pieces), one task (the checksum of one slice of at
 * most 1 MiB of a piece; a piece is released once all its slices are done) and the
 * submissions that refill the window. Its longest iteration is the loop's stall: how long
 * every other connection of a real loop would have waited. Stalls are given over all
 * iterations ("all") and as the loop's own ("own"): of the iterations in which the loop's
 * thread was not preempted (getrusage(RUSAGE_THREAD) counts involuntary context switches),
 * the whole time of those in which it waited (a voluntary switch: a fault, a lock, I/O) and
 * the CPU time (CLOCK_THREAD_CPUTIME_ID) of the others. On two CPUs of a virtual machine the
 * pool's threads, the kernel's, other programs and the hypervisor (steal time, which no
 * switch counts) take the loop's CPU now and then, which says nothing of what the loop
 * waited for or did.
 *
 * Each run opens the stores afresh. "cold": every file is dropped from the page cache first
 * (mdd_store_evict() and POSIX_FADV_DONTNEED); "warm": the same variant again right after,
 * without eviction. Figures are medians over RUNS (default 3) runs, interleaved so that drift
 * hits every variant alike. Prints a markdown table and the targets; --json-out writes the
 * figures as JSON.
 *
 * To look at one variant's stalls closely: --only VARIANT (a JSON key, e.g. loop_reader_pread)
 * runs that variant alone, cold only, and prints instead of the table each run's time,
 * stalls, loop iterations and how many of them waited, and how many runs met the stall target
 * (no JSON); --log-stalls MS prints every loop iteration whose own part took at least MS ms to
 * stderr, with its start on CLOCK_MONOTONIC (the clock of `perf record -k mono`, to find the
 * loop's context switches in that iteration), its wall and CPU time and its waits and
 * preemptions. */
#include "bench_common.h"

#include <mdd/async.h>
#include <mdd/convert.h>
#include <mdd/file.h>
#include <mdd/store.h>
#include <mdd_internal/store.h>
#include <mdd_internal/os.h>

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#define PROG "bench_eventloop"
#define MAX_FILES 64
#define MAX_RUNS 99
#define MAX_WINDOW 1024
#define CACHE_PIECES 4
#define MIB (1024u * 1024u)
/* A loop's task checksums at most this many bytes of a piece, as a server bounds the work of
 * one callback: an iteration then lasts as long as the loop waits, plus a bounded part of
 * the bench's own arithmetic, whatever the piece size. */
#define SLICE_MAX MIB
/* Targets of the experiment: the async loop within this factor of the best of the threads
 * over mappings and the thread pool, and its longest stall under this many milliseconds. */
#define TARGET_RATIO 1.15
#define TARGET_STALL_MS 5.0

/* ---- options ---- */

typedef struct options {
    const char *dir;
    unsigned files;
    unsigned size_mib;
    unsigned runs;
    unsigned piece_kib;
    unsigned window;
    unsigned pool;
    unsigned max_read_kib; /* 0: the library's default */
    int advice;
    const char *advice_name;
    const char *json_out;
    int only;            /* a variant_id, or -1 for all */
    double log_stall_ns; /* 0: no log */
} options;

static void parse_advice(const char *s, options *o)
{
    static const struct {
        const char *name;
        int advice;
    } names[] = {{"normal", MADV_NORMAL}, {"sequential", MADV_SEQUENTIAL},
                 {"random", MADV_RANDOM}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(s, names[i].name) == 0) {
            o->advice = names[i].advice;
            o->advice_name = names[i].name;
            return;
        }
    }
    bench_die("--advice: expected normal, sequential or random, not '%s'", s);
}

static int variant_by_key(const char *key);

static const char usage[] =
    "usage: " PROG " [--window N] [--pool N] [--max-read KIB]\n"
    "       [--advice normal|sequential|random] [--only VARIANT]\n"
    "       [--log-stalls MS] [--json-out FILE]\n"
    "       DIR [FILES [SIZE_MIB [RUNS [PIECE_KIB]]]]";

static options parse_options(int argc, char **argv)
{
    options o = {NULL, 8, 256, 3, 1024, 32, 4, 0, MADV_NORMAL, "normal", NULL, -1, 0};
    unsigned positional = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "--", 2) == 0 && i + 1 >= argc)
            bench_die("%s needs a value\n%s", a, usage);
        if (strcmp(a, "--window") == 0)
            o.window = bench_parse_uint(a, argv[++i], 1, MAX_WINDOW);
        else if (strcmp(a, "--pool") == 0)
            o.pool = bench_parse_uint(a, argv[++i], 1, 64);
        else if (strcmp(a, "--max-read") == 0)
            o.max_read_kib = bench_parse_uint(a, argv[++i], 4, 1u << 20);
        else if (strcmp(a, "--advice") == 0)
            parse_advice(argv[++i], &o);
        else if (strcmp(a, "--only") == 0)
            o.only = variant_by_key(argv[++i]);
        else if (strcmp(a, "--log-stalls") == 0)
            o.log_stall_ns = bench_parse_uint(a, argv[++i], 1, 100000) * 1e6;
        else if (strcmp(a, "--json-out") == 0)
            o.json_out = argv[++i];
        else if (strncmp(a, "--", 2) == 0)
            bench_die("unknown option %s\n%s", a, usage);
        else if (positional == 0 && ++positional)
            o.dir = a;
        else if (positional == 1 && ++positional)
            o.files = bench_parse_uint("FILES", a, 1, MAX_FILES);
        else if (positional == 2 && ++positional)
            o.size_mib = bench_parse_uint("SIZE_MIB", a, 1, 4096);
        else if (positional == 3 && ++positional)
            o.runs = bench_parse_uint("RUNS", a, 1, MAX_RUNS);
        else if (positional == 4 && ++positional)
            o.piece_kib = bench_parse_uint("PIECE_KIB", a, 4, 16384);
        else
            bench_die("too many arguments\n%s", usage);
    }
    if (!o.dir)
        bench_die("%s", usage);
    if (o.only >= 0 && o.json_out)
        bench_die("--only prints its runs; it writes no JSON");
    /* The cache's blocks are pieces: a power of two; and pieces must tile every file. */
    if (o.piece_kib & (o.piece_kib - 1) || (uint64_t)o.size_mib * 1024u % o.piece_kib)
        bench_die("PIECE_KIB must be a power of two that divides SIZE_MIB * 1024");
    return o;
}

/* ---- the data files ---- */

static char *file_path(const char *dir, unsigned i)
{
    size_t len = strlen(dir) + 32;
    char *p = malloc(len);
    if (!p)
        bench_die("out of memory");
    snprintf(p, len, "%s/random-%02u.mdd", dir, i);
    return p;
}

/* Whether path is a plain MDD file of one chunk of size bytes. */
static int file_fits(const char *path, size_t size)
{
    mdd_mapping map;
    mdd_file file;
    if (mdd_mapping_open(path, &map, NULL) != MDD_OK)
        return 0;
    int fits = mdd_file_parse(map.data, map.size, NULL, &file, NULL) == MDD_OK &&
               file.chunk_count == 1 && mdd_file_is_plain(&file) &&
               file.chunks[0].data.len == size;
    mdd_file_free(&file); /* also after a failed parse, which leaves it empty */
    mdd_mapping_close(&map);
    return fits;
}

static mdd_status encode_file(void *ctx, mdd_sink *out, mdd_error *err)
{
    return mdd_file_encode(ctx, out, err);
}

/* Writes path: one EMBEDDED_FILE chunk of size pseudo-random bytes from seed, in buf. */
static void make_file(const char *path, uint8_t *buf, size_t size, uint64_t seed)
{
    for (size_t i = 0; i < size; i += 8) {
        uint64_t w = bench_next_random(&seed);
        memcpy(buf + i, &w, 8);
    }
    mdd_chunk chunk = {.type = MDD_CHUNK_EMBEDDED_FILE,
                       .name = {(const uint8_t *)"random.bin", 10},
                       .data = {buf, size}};
    mdd_file file = {.version = {(const uint8_t *)"2025-05-10", 10},
                     .ecu_name = {(const uint8_t *)"RANDOM", 6},
                     .chunks = &chunk,
                     .chunk_count = 1};
    mdd_error err;
    /* The atomic writer syncs and drops what it wrote from the page cache. */
    if (mdd_write_file_atomic(path, 0644, encode_file, &file, &err) != MDD_OK)
        bench_die("%s: %s", path, err.message);
}

static void make_files(const options *o, char **paths)
{
    size_t size = (size_t)o->size_mib * MIB;
    uint8_t *buf = NULL;
    if (mkdir(o->dir, 0755) != 0 && errno != EEXIST)
        bench_die("%s: %s", o->dir, strerror(errno));
    for (unsigned i = 0; i < o->files; i++) {
        if (file_fits(paths[i], size))
            continue;
        if (!buf && !(buf = malloc(size)))
            bench_die("out of memory");
        fprintf(stderr, "%s: writing %s (%u MiB)\n", PROG, paths[i], o->size_mib);
        make_file(paths[i], buf, size, 0x5eed5eed00000001u + i);
    }
    free(buf);
}

/* ---- the work: pieces and their checksum ---- */

/* The sum of the 8-byte words of p[0..len), len a multiple of 8. */
static uint64_t checksum(const uint8_t *p, size_t len)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < len; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        sum += w;
    }
    return sum;
}

/* What a run works on: the stores and the order of the pieces. */
typedef struct work {
    mdd_store *stores[MAX_FILES];
    unsigned files;
    size_t piece;           /* bytes */
    size_t pieces_per_file;
    size_t pieces;          /* in all */
    double log_stall_ns;    /* options.log_stall_ns */
} work;

/* Piece k is piece k / files of file k % files: round robin over the files. */
static const mdd_store *piece_store(const work *w, size_t k) { return w->stores[k % w->files]; }

static uint64_t piece_offset(const work *w, size_t k)
{
    return (uint64_t)(k / w->files) * w->piece;
}

/* ---- results ---- */

/* Stalls are counted twice: every iteration whole, and the loop's own part (own_ns()). On a
 * machine with few CPUs other threads (the thread pool's, the kernel's, other programs') and
 * the hypervisor take the loop's CPU now and then; the second figure leaves that out and
 * keeps what the loop itself waited for or worked on. */
enum { STALL_ALL = 0, STALL_OWN = 1, STALL_KINDS = 2 };

typedef struct outcome {
    double ns;                    /* the whole checksum */
    double stall_ns[STALL_KINDS]; /* the longest loop iteration; 0 without a loop */
    uint64_t sum;
    uint64_t iterations, waited; /* loop iterations, and those in which the thread waited */
} outcome;

/* Where the loop's thread stands: the clock, its CPU time, and how often it gave up the CPU
 * to wait (voluntary switches) or had it taken by the scheduler (involuntary ones). */
typedef struct thread_mark {
    double now_ns, cpu_ns;
    long waits, preemptions;
} thread_mark;

static thread_mark thread_mark_now(void)
{
    struct rusage ru;
    struct timespec cpu;
    getrusage(RUSAGE_THREAD, &ru);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
    return (thread_mark){bench_now_ns(), (double)cpu.tv_sec * 1e9 + (double)cpu.tv_nsec,
                         ru.ru_nvcsw, ru.ru_nivcsw};
}

/* One loop iteration being timed. */
typedef struct iteration {
    thread_mark start;
} iteration;

static iteration iteration_begin(void) { return (iteration){thread_mark_now()}; }

/* The iteration's own part: all of it when the thread waited (it blocked, on a fault or a
 * lock), else only its CPU time, for a thread that never gave up the CPU was kept from it
 * only by the hypervisor (steal, which no switch counts). Preempted iterations have none. */
static double own_ns(const thread_mark *a, const thread_mark *b)
{
    if (b->preemptions != a->preemptions)
        return 0;
    return b->waits != a->waits ? b->now_ns - a->now_ns : b->cpu_ns - a->cpu_ns;
}

/* Prints one long iteration (--log-stalls): when it began, so that a trace of the loop's
 * thread can be matched to it, and what the thread did meanwhile. */
static void log_stall(const thread_mark *a, const thread_mark *b)
{
    fprintf(stderr,
            "%s: stall at %.6f s: %.3f ms, cpu %.3f ms, waits %ld, preemptions %ld\n", PROG,
            a->now_ns / 1e9, (b->now_ns - a->now_ns) / 1e6, (b->cpu_ns - a->cpu_ns) / 1e6,
            b->waits - a->waits, b->preemptions - a->preemptions);
}

static void iteration_end(const work *w, const iteration *it, outcome *r)
{
    thread_mark end = thread_mark_now();
    double spent = end.now_ns - it->start.now_ns;
    double own = own_ns(&it->start, &end);
    if (w->log_stall_ns > 0 && own >= w->log_stall_ns)
        log_stall(&it->start, &end);
    r->iterations++;
    r->waited += end.waits != it->start.waits;
    if (spent > r->stall_ns[STALL_ALL])
        r->stall_ns[STALL_ALL] = spent;
    if (own > r->stall_ns[STALL_OWN])
        r->stall_ns[STALL_OWN] = own;
}

/* ---- loop-mmap ---- */

static void advise(const work *w, int advice)
{
    long page = sysconf(_SC_PAGESIZE);
    for (unsigned i = 0; i < w->files; i++) {
        mdd_bytes v = bench_chunk_data(w->stores[i], 0);
        uintptr_t start = (uintptr_t)v.ptr & ~(uintptr_t)(page - 1);
        if (madvise((void *)start, (uintptr_t)v.ptr + v.len - start, advice) != 0)
            bench_die("madvise: %s", strerror(errno));
    }
}

static int epoll_or_die(void)
{
    int ep = epoll_create1(EPOLL_CLOEXEC);
    if (ep < 0)
        bench_die("epoll_create1: %s", strerror(errno));
    return ep;
}

/* Polls the loop's descriptors: waits only when no task is ready. */
static int loop_poll(int ep, int task_ready)
{
    struct epoll_event ev[4];
    int n;
    while ((n = epoll_wait(ep, ev, 4, task_ready ? 0 : -1)) < 0)
        if (errno != EINTR)
            bench_die("epoll_wait: %s", strerror(errno));
    return n;
}

static size_t slice_size(const work *w)
{
    return w->piece < SLICE_MAX ? w->piece : SLICE_MAX;
}

static outcome run_loop_mmap(const work *w)
{
    int ep = epoll_or_die();
    outcome r = {0};
    size_t slice = slice_size(w);
    double start = bench_now_ns();
    for (size_t k = 0; k < w->pieces; k++) {
        const uint8_t *data = bench_chunk_data(piece_store(w, k), 0).ptr;
        for (size_t at = 0; at < w->piece; at += slice) {
            loop_poll(ep, 1); /* a real loop's connections; none here */
            iteration it = iteration_begin();
            r.sum += checksum(data + piece_offset(w, k) + at, slice);
            iteration_end(w, &it, &r);
        }
    }
    r.ns = bench_now_ns() - start;
    close(ep);
    return r;
}

/* ---- threads-mmap ---- */

typedef struct file_task {
    const work *w;
    unsigned file;
    uint64_t sum;
} file_task;

static void *checksum_file(void *arg)
{
    file_task *t = arg;
    const uint8_t *data = bench_chunk_data(t->w->stores[t->file], 0).ptr;
    for (size_t i = 0; i < t->w->pieces_per_file; i++)
        t->sum += checksum(data + i * t->w->piece, t->w->piece);
    return NULL;
}

static outcome run_threads_mmap(const work *w)
{
    pthread_t threads[MAX_FILES];
    file_task tasks[MAX_FILES];
    outcome r = {0};
    double start = bench_now_ns();
    for (unsigned i = 0; i < w->files; i++) {
        tasks[i] = (file_task){w, i, 0};
        if (pthread_create(&threads[i], NULL, checksum_file, &tasks[i]) != 0)
            bench_die("pthread_create failed");
    }
    for (unsigned i = 0; i < w->files; i++) {
        pthread_join(threads[i], NULL);
        r.sum += tasks[i].sum;
    }
    r.ns = bench_now_ns() - start;
    return r;
}

/* ---- the loops with a reader ---- */

typedef struct reader_loop {
    const work *w;
    mdd_reader *reader;
    size_t window;
    size_t submitted, in_flight, done;
    mdd_pin ready[MAX_WINDOW]; /* completed pieces not yet checksummed, a ring */
    size_t ready_head, ready_count;
    size_t head_done; /* bytes of the ring's first piece checksummed */
} reader_loop;

static void on_read(void *user, mdd_status status, mdd_pin *pin, const mdd_error *err)
{
    reader_loop *l = user;
    if (status != MDD_OK)
        bench_die("read: %s", err ? err->message : mdd_strerror(status));
    if (pin->bytes.len != l->w->piece)
        bench_die("read: %zu bytes instead of %zu", pin->bytes.len, l->w->piece);
    l->ready[(l->ready_head + l->ready_count++) % MAX_WINDOW] = *pin;
    l->in_flight--;
}

/* Keeps the window full. MDD_ERR_BUSY (a queue or the cache full) waits for completions. */
static void submit_more(reader_loop *l)
{
    while (l->in_flight + l->ready_count < l->window && l->submitted < l->w->pieces) {
        size_t k = l->submitted;
        mdd_error err;
        mdd_status st = mdd_reader_submit(l->reader, piece_store(l->w, k), 0,
                                          piece_offset(l->w, k), l->w->piece, on_read, l, NULL,
                                          &err);
        if (st == MDD_ERR_BUSY && l->in_flight > 0)
            return;
        if (st != MDD_OK)
            bench_die("submit: %s", err.message);
        l->submitted++;
        l->in_flight++;
    }
}

static outcome run_reader_loop(const work *w, mdd_reader *reader, size_t window)
{
    static reader_loop l; /* the ring is large; one loop runs at a time */
    l = (reader_loop){.w = w, .reader = reader, .window = window};
    int ep = epoll_or_die();
    struct epoll_event ev = {.events = EPOLLIN};
    if (epoll_ctl(ep, EPOLL_CTL_ADD, mdd_reader_fd(reader), &ev) != 0)
        bench_die("epoll_ctl: %s", strerror(errno));
    outcome r = {0};
    double start = bench_now_ns();
    submit_more(&l);
    while (l.done < w->pieces) {
        int n = loop_poll(ep, l.ready_count > 0);
        iteration it = iteration_begin();
        if (n > 0)
            mdd_reader_dispatch(reader);
        if (l.ready_count > 0) {
            mdd_pin *pin = &l.ready[l.ready_head];
            r.sum += checksum(pin->bytes.ptr + l.head_done, slice_size(w));
            l.head_done += slice_size(w);
        }
        if (l.ready_count > 0 && l.head_done == w->piece) {
            mdd_pin_release(&l.ready[l.ready_head]);
            l.ready_head = (l.ready_head + 1) % MAX_WINDOW;
            l.ready_count--;
            l.head_done = 0;
            l.done++;
        }
        submit_more(&l);
        iteration_end(w, &it, &r);
    }
    r.ns = bench_now_ns() - start;
    close(ep);
    return r;
}

/* ---- variants ---- */

typedef enum variant_id {
    V_LOOP_MMAP,
    V_THREADS_MMAP,
    V_LOOP_READER_PREAD,
    V_LOOP_THREADS_PREAD,
    V_LOOP_READER_INPLACE,
    V_COUNT
} variant_id;

typedef struct variant {
    const char *key; /* JSON */
    const char *label;
    mdd_strategy strategy;
    mdd_reader_backend backend; /* for the loops with a reader */
    int has_loop;
} variant;

static const variant variants[V_COUNT] = {
    {"loop_mmap", "(a) loop, mmap", MDD_STRATEGY_INPLACE, MDD_READER_AUTO, 1},
    {"threads_mmap", "(b) threads, mmap", MDD_STRATEGY_INPLACE, MDD_READER_AUTO, 0},
    {"loop_reader_pread", "(c) loop, mdd_reader, pread", MDD_STRATEGY_PREAD, MDD_READER_AUTO,
     1},
    {"loop_threads_pread", "(d) loop, thread-pool pread", MDD_STRATEGY_PREAD,
     MDD_READER_THREADS, 1},
    {"loop_reader_inplace", "(e) loop, mdd_reader, inplace", MDD_STRATEGY_INPLACE,
     MDD_READER_AUTO, 1},
};

static int variant_by_key(const char *key)
{
    for (int v = 0; v < V_COUNT; v++)
        if (strcmp(key, variants[v].key) == 0)
            return v;
    bench_die("--only: no variant '%s' (loop_mmap, threads_mmap, loop_reader_pread, "
              "loop_threads_pread, loop_reader_inplace)", key);
}

enum { COLD = 0, WARM = 1, MODES = 2 };
static const char *const mode_names[MODES] = {"cold", "warm"};

typedef struct figures {
    double ns[MODES][MAX_RUNS];
    double stall_ns[STALL_KINDS][MODES][MAX_RUNS];
    char backend[16];
} figures;

static void open_work(const options *o, char **paths, mdd_strategy strategy, mdd_cache *cache,
                      work *w)
{
    w->files = o->files;
    w->piece = (size_t)o->piece_kib * 1024u;
    w->pieces_per_file = (size_t)o->size_mib * MIB / w->piece;
    w->pieces = w->pieces_per_file * o->files;
    w->log_stall_ns = o->log_stall_ns;
    mdd_store_options opts = mdd_store_options_default();
    opts.strategy = strategy;
    opts.verify = 0;
    opts.evict = 0;
    opts.cache = cache;
    for (unsigned i = 0; i < o->files; i++) {
        mdd_error err;
        if (mdd_store_open(paths[i], &opts, &w->stores[i], &err) != MDD_OK)
            bench_die("%s: %s", paths[i], err.message);
        if (mdd_store_file(w->stores[i])->chunk_count != 1)
            bench_die("%s: expected one chunk", paths[i]);
    }
}

static void close_work(work *w)
{
    for (unsigned i = 0; i < w->files; i++)
        mdd_store_close(w->stores[i]);
}

/* Drops every file from the process and the page cache. */
static void evict_all(const work *w, char **paths)
{
    for (unsigned i = 0; i < w->files; i++) {
        mdd_store_evict(w->stores[i]);
        if (bench_evict_file(paths[i]) != 0)
            bench_die("%s: evict: %s", paths[i], strerror(errno));
    }
}

/* The bound on one I/O the readers use, in KiB. */
static unsigned max_read_kib(const options *o)
{
    return o->max_read_kib ? o->max_read_kib : mdd_reader_options_default().max_read >> 10;
}

static mdd_reader *open_reader(const options *o, mdd_reader_backend backend)
{
    mdd_reader_options ro = mdd_reader_options_default();
    ro.backend = backend;
    ro.threads = o->pool;
    if (o->max_read_kib)
        ro.max_read = o->max_read_kib << 10;
    if (ro.max_in_flight < o->window)
        ro.max_in_flight = o->window;
    mdd_reader *reader;
    mdd_error err;
    if (mdd_reader_open(&ro, &reader, &err) != MDD_OK)
        bench_die("reader: %s", err.message);
    return reader;
}

static mdd_cache *open_cache(const options *o)
{
    mdd_cache_options co = mdd_cache_options_default();
    co.block_size = o->piece_kib * 1024u;
    co.budget_bytes = (uint64_t)CACHE_PIECES * co.block_size;
    mdd_cache *cache;
    mdd_error err;
    if (mdd_cache_create(&co, &cache, &err) != MDD_OK)
        bench_die("cache: %s", err.message);
    return cache;
}

/* One run of variant v, its files cold or warm. */
static outcome run_variant(const options *o, char **paths, variant_id v, int mode,
                           figures *f)
{
    const variant *var = &variants[v];
    mdd_cache *cache = var->strategy == MDD_STRATEGY_PREAD ? open_cache(o) : NULL;
    work w;
    open_work(o, paths, var->strategy, cache, &w);
    if (mode == COLD)
        evict_all(&w, paths);
    outcome r;
    if (v == V_LOOP_MMAP || v == V_THREADS_MMAP) {
        advise(&w, o->advice);
        r = v == V_LOOP_MMAP ? run_loop_mmap(&w) : run_threads_mmap(&w);
        snprintf(f->backend, sizeof f->backend, "-");
    } else {
        mdd_reader *reader = open_reader(o, var->backend);
        snprintf(f->backend, sizeof f->backend, "%s", mdd_reader_backend_name(reader));
        r = run_reader_loop(&w, reader, o->window);
        mdd_reader_close(reader);
    }
    close_work(&w);
    mdd_cache_free(cache);
    return r;
}

/* ---- report ---- */

typedef struct summary {
    double s[MODES];                          /* median seconds */
    double stall_ms[STALL_KINDS][MODES];      /* median of the runs' longest stalls */
    double stall_max_ms[STALL_KINDS][MODES];  /* the longest over all runs */
} summary;

static summary summarize(const options *o, figures *f)
{
    summary s;
    for (int m = 0; m < MODES; m++) {
        s.s[m] = bench_median(f->ns[m], o->runs) / 1e9;
        for (int k = 0; k < STALL_KINDS; k++) {
            double worst = 0;
            for (unsigned r = 0; r < o->runs; r++)
                worst = f->stall_ns[k][m][r] > worst ? f->stall_ns[k][m][r] : worst;
            s.stall_ms[k][m] = bench_median(f->stall_ns[k][m], o->runs) / 1e6;
            s.stall_max_ms[k][m] = worst / 1e6;
        }
    }
    return s;
}

/* The best median time of the threads over mappings and the thread pool. */
static double best_bd(const summary *s, int m)
{
    double b = s[V_THREADS_MMAP].s[m], d = s[V_LOOP_THREADS_PREAD].s[m];
    return b < d ? b : d;
}

/* The targets, judged on the cold runs: (c) against the best of (b) and (d), and (c)'s
 * longest own stall. */
typedef struct verdict {
    double ratio, stall_ms;
    int ratio_ok, stall_ok;
} verdict;

static verdict judge(const summary *s)
{
    verdict v;
    v.ratio = s[V_LOOP_READER_PREAD].s[COLD] / best_bd(s, COLD);
    v.stall_ms = s[V_LOOP_READER_PREAD].stall_max_ms[STALL_OWN][COLD];
    v.ratio_ok = v.ratio <= TARGET_RATIO;
    v.stall_ok = v.stall_ms < TARGET_STALL_MS;
    return v;
}

static void print_table(const options *o, const figures *f, const summary *s, uint64_t sum)
{
    printf("%u files of %u MiB, pieces of %u KiB, window %u, pool %u, io_uring reads of at most "
           "%u KiB, mapping advice %s; medians of %u runs; checksum 0x%016" PRIx64 "\n\n",
           o->files, o->size_mib, o->piece_kib, o->window, o->pool, max_read_kib(o),
           o->advice_name, o->runs, sum);
    printf("Stalls in ms, median and longest over the runs: of all iterations (all), and the "
           "loop's own (own: waits in full, else CPU time; preempted iterations left out).\n\n");
    printf("| variant | backend | cold s | cold / best(b,d) | cold stall all | cold stall own "
           "| warm s | warm / best(b,d) | warm stall all | warm stall own |\n"
           "|---|---|---|---|---|---|---|---|---|---|\n");
    for (int v = 0; v < V_COUNT; v++) {
        printf("| %s | %s |", variants[v].label, f[v].backend);
        for (int m = 0; m < MODES; m++) {
            printf(" %.3f | %.2fx |", s[v].s[m], s[v].s[m] / best_bd(s, m));
            for (int k = 0; k < STALL_KINDS; k++) {
                if (variants[v].has_loop)
                    printf(" %.2f, %.2f |", s[v].stall_ms[k][m], s[v].stall_max_ms[k][m]);
                else
                    printf(" - |");
            }
        }
        printf("\n");
    }
    verdict vd = judge(s);
    printf("\n| target | limit | measured | verdict |\n|---|---|---|---|\n");
    printf("| cold: (c) / best of (b), (d) | <= %.2fx | %.3fx | %s |\n", TARGET_RATIO,
           vd.ratio, vd.ratio_ok ? "PASS" : "MISS");
    printf("| cold: (c) longest loop stall, own | < %.0f ms | %.2f ms | %s |\n",
           TARGET_STALL_MS, vd.stall_ms, vd.stall_ok ? "PASS" : "MISS");
    printf("| cold: (c) longest loop stall, all | - | %.2f ms | - |\n",
           s[V_LOOP_READER_PREAD].stall_max_ms[STALL_ALL][COLD]);
    printf("| cold: (a) longest loop stall, own | (whole faults) | %.2f ms | - |\n",
           s[V_LOOP_MMAP].stall_max_ms[STALL_OWN][COLD]);
}

static void json_stalls(FILE *out, const summary *s, int m)
{
    static const char *const names[STALL_KINDS] = {"all", "own"};
    for (int k = 0; k < STALL_KINDS; k++)
        fprintf(out, "%s\"stall_%s_ms\": %.3f, \"stall_%s_max_ms\": %.3f", k ? ", " : "",
                names[k], s->stall_ms[k][m], names[k], s->stall_max_ms[k][m]);
}

static void write_json(const options *o, const figures *f, const summary *s, uint64_t sum)
{
    FILE *out = bench_open_output(o->json_out);
    fprintf(out,
            "{\"files\": %u, \"file_mib\": %u, \"piece_kib\": %u, \"window\": %u, "
            "\"pool\": %u, \"max_read_kib\": %u, \"advice\": \"%s\", \"runs\": %u, "
            "\"checksum\": \"0x%016" PRIx64 "\"",
            o->files, o->size_mib, o->piece_kib, o->window, o->pool, max_read_kib(o),
            o->advice_name, o->runs, sum);
    for (int m = 0; m < MODES; m++) {
        fprintf(out, ", \"%s\": {", mode_names[m]);
        for (int v = 0; v < V_COUNT; v++) {
            fprintf(out,
                    "%s\"%s\": {\"label\": \"%s\", \"backend\": \"%s\", \"time_s\": %.4f, "
                    "\"ratio_best_bd\": %.4f",
                    v ? ", " : "", variants[v].key, variants[v].label, f[v].backend,
                    s[v].s[m], s[v].s[m] / best_bd(s, m));
            if (variants[v].has_loop) {
                fprintf(out, ", ");
                json_stalls(out, &s[v], m);
            }
            fprintf(out, "}");
        }
        fprintf(out, "}");
    }
    verdict vd = judge(s);
    fprintf(out,
            ", \"targets\": {\"ratio\": {\"value\": %.4f, \"limit\": %.2f, \"pass\": %s}, "
            "\"stall_own_ms\": {\"value\": %.3f, \"limit\": %.1f, \"pass\": %s}}}\n",
            vd.ratio, TARGET_RATIO, vd.ratio_ok ? "true" : "false", vd.stall_ms,
            TARGET_STALL_MS, vd.stall_ok ? "true" : "false");
    bench_close_output(out, o->json_out);
}

/* Runs variant v once in mode m and records it in f as run number run; every run must find
 * the checksum of the first (*sum, *have_sum). */
static outcome measure(const options *o, char **paths, int v, int m, unsigned run,
                       figures *f, uint64_t *sum, int *have_sum)
{
    outcome r = run_variant(o, paths, (variant_id)v, m, &f[v]);
    fprintf(stderr, "%s: run %u %-30s %s %.3f s, stall %.2f ms (own %.2f ms)\n", PROG,
            run + 1, variants[v].label, mode_names[m], r.ns / 1e9,
            r.stall_ns[STALL_ALL] / 1e6, r.stall_ns[STALL_OWN] / 1e6);
    if (*have_sum && r.sum != *sum)
        bench_die("%s: checksum 0x%016" PRIx64 " differs from 0x%016" PRIx64,
                  variants[v].label, r.sum, *sum);
    *sum = r.sum;
    *have_sum = 1;
    f[v].ns[m][run] = r.ns;
    for (int k = 0; k < STALL_KINDS; k++)
        f[v].stall_ns[k][m][run] = r.stall_ns[k];
    return r;
}

/* --only: the one variant's cold runs, one line each, and how many met the stall target. */
static void run_only(const options *o, char **paths, figures *f)
{
    uint64_t sum = 0;
    int have_sum = 0;
    unsigned under = 0;
    printf("%s, cold: %u files of %u MiB, pieces of %u KiB, window %u, pool %u, io_uring reads "
           "of at most %u KiB\n\n"
           "| run | s | stall all ms | stall own ms | iterations | waited in |\n"
           "|---|---|---|---|---|---|\n",
           variants[o->only].label, o->files, o->size_mib, o->piece_kib, o->window, o->pool,
           max_read_kib(o));
    for (unsigned run = 0; run < o->runs; run++) {
        outcome r = measure(o, paths, o->only, COLD, run, f, &sum, &have_sum);
        printf("| %u | %.3f | %.2f | %.2f | %" PRIu64 " | %" PRIu64 " |\n", run + 1, r.ns / 1e9,
               r.stall_ns[STALL_ALL] / 1e6, r.stall_ns[STALL_OWN] / 1e6, r.iterations,
               r.waited);
        under += r.stall_ns[STALL_OWN] < TARGET_STALL_MS * 1e6;
    }
    printf("\nlongest own stall under %.0f ms in %u of %u runs\n", TARGET_STALL_MS, under,
           o->runs);
}

int main(int argc, char **argv)
{
    options o = parse_options(argc, argv);
    char *paths[MAX_FILES];
    for (unsigned i = 0; i < o.files; i++)
        paths[i] = file_path(o.dir, i);
    make_files(&o, paths);
    static figures f[V_COUNT];
    if (o.only >= 0) {
        run_only(&o, paths, f);
    } else {
        uint64_t sum = 0;
        int have_sum = 0;
        for (unsigned run = 0; run < o.runs; run++)
            for (int v = 0; v < V_COUNT; v++)
                for (int m = 0; m < MODES; m++)
                    (void)measure(&o, paths, v, m, run, f, &sum, &have_sum);
        summary s[V_COUNT];
        for (int v = 0; v < V_COUNT; v++)
            s[v] = summarize(&o, &f[v]);
        print_table(&o, f, s, sum);
        if (o.json_out)
            write_json(&o, f, s, sum);
    }
    for (unsigned i = 0; i < o.files; i++)
        free(paths[i]);
    return 0;
}
