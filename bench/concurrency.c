/* SPDX-License-Identifier: Apache-2.0 */
/* Concurrent readers of one database, mapped (inplace) against read into a process-owned cache
 * (pread), with and without memory pressure: throughput and latency percentiles.
 *
 *   bench_concurrency [--seconds S] [--runs N] [--readers 1,4,8]
 *                     [--modes threads,processes,shared,prefork] [--share-dir DIR]
 *                     [--pressure-ms N] [--requests N] [--no-verify] [--json-out FILE] DIR
 *
 * DIR holds the MDD files of the database (`mdd gen --profile adr`). They are converted in
 * place when compressed (both strategies read the converted files): give it a copy. For each
 * strategy the database is opened (verification on unless --no-verify) and a list of
 * --requests (default 65536) requests is drawn with a fixed seed: each for a random ECU and a
 * random variant or functional group of it, drawn as bench/lookup.c draws them
 * (bench_request_draw()). A lookup is mdd_db_layer_lookup_request() plus a read of the best match's
 * short name, which lives in the payload: from the mapping under inplace, from the cache
 * under pread (where the database keeps every payload pinned).
 *
 * For R readers (--readers, default 1, 4 and 8), as threads sharing one database, then as
 * processes each opening its own (forked children, so each has its own cache), then the same
 * with the pread stores sharing their payloads' images in a directory (shared:
 * mdd_store_options.share_dir; --share-dir, default a new directory in /dev/shm, removed at the
 * end), then as processes forked after the parent opened the database (prefork: they share its
 * cache's pages, copy-on-write), every reader picks requests at random from the list for
 * --seconds (default 2) and records the latency of each lookup (CLOCK_MONOTONIC, one reading
 * per lookup) in a histogram of 6% wide buckets; figures: lookups per second in all, p50 and
 * p99, and for processes the mean RSS and PSS of a reader at the end
 * (mdd_process_memory_read(); with threads one process holds both strategies' databases, so its
 * memory is neither's). A run of R is a phase without pressure, after a pass over all requests
 * made what they touch resident, then one under pressure, each for inplace then pread, so that
 * drift hits both alike; rows give the medians over --runs (default 3) runs. Reader processes
 * live for all runs of one R. The targets are judged per mode, over threads, shared and prefork
 * (processes shows what a share_dir saves).
 *
 * Pressure, every --pressure-ms (default 10) ms while the readers run, what the kernel's
 * reclaim does to clean file pages, done deterministically: every reader process drops its
 * mapped pages of the files (MADV_DONTNEED over its inplace stores' chunks; pread reads none
 * through a mapping), and once all have, the files are evicted from the page cache
 * (POSIX_FADV_DONTNEED, which keeps the pages some process maps: hence the order). With
 * threads a thread of the process does both; with processes each reader process has a
 * thread that drops its pages when the parent asks, and the parent evicts after all have
 * answered. The next touch of a mapping then reads the disk again. (MADV_PAGEOUT is not
 * used: it leaves the pages that more than one process maps.) A pread cache is the process's
 * own memory and is left alone, as reclaim leaves anonymous memory without swap.
 *
 * Prints a markdown table and the targets; --json-out writes the figures as JSON. */
#include "bench_common.h"

#include <mdd/db.h>
#include <mdd/store.h>
#include <mdd_internal/os.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h> /* NAN, INFINITY, isnan: macros, no libm */
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PROG "bench_concurrency"
#define MAX_READERS 64
#define MAX_READER_COUNTS 8
#define MAX_RUNS 15
#define MATCHES 4
/* Readers look at the stop flag once every this many lookups. */
#define STOP_CHECK_MASK 63u
/* Targets: under pressure at this many readers pread's p99 at most inplace's; without
 * pressure pread's throughput at least this share of inplace's. */
#define TARGET_READERS 8u
#define TARGET_THROUGHPUT 0.8

/* ---- options ---- */

/* Processes either open the database each, their pread stores reading into their own
 * caches (processes) or sharing the payloads' images in a directory (shared), or inherit the
 * one the parent opened before forking them (prefork), as the workers of a preforking server
 * do. The targets are judged on the configurations the library advises for pread (threads,
 * shared, prefork); processes shows what independent readers cost without a share_dir. */
enum { MODE_THREADS = 0, MODE_PROCESSES = 1, MODE_SHARED = 2, MODE_PREFORK = 3, MODES = 4 };
static const char *const mode_names[MODES] = {"threads", "processes", "shared", "prefork"};
static const int mode_judged[MODES] = {1, 0, 1, 1};

enum { STRATEGIES = 2 };
static const mdd_strategy strategies[STRATEGIES] = {MDD_STRATEGY_INPLACE, MDD_STRATEGY_PREAD};

typedef struct options {
    const char *dir;
    double seconds;
    unsigned readers[MAX_READER_COUNTS];
    unsigned reader_counts;
    int use_mode[MODES];
    unsigned pressure_ms;
    unsigned runs;
    uint32_t requests;
    int verify;
    const char *json_out;
    const char *share_root; /* --share-dir, or a directory made for the run */
    const char *share_dir;  /* what pread stores of the mode being measured share; NULL */
} options;

static const char usage[] =
    "usage: " PROG " [--seconds S] [--runs N] [--readers 1,4,8]\n"
    "       [--modes threads,processes,shared,prefork] [--share-dir DIR]\n"
    "       [--pressure-ms N] [--requests N] [--no-verify] [--json-out FILE] DIR";

static void parse_readers(char *list, options *o)
{
    o->reader_counts = 0;
    for (char *save = NULL, *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (o->reader_counts == MAX_READER_COUNTS)
            bench_die("--readers: at most %d counts", MAX_READER_COUNTS);
        o->readers[o->reader_counts++] = bench_parse_uint("--readers", t, 1, MAX_READERS);
    }
    if (o->reader_counts == 0)
        bench_die("--readers: no count given");
}

static void parse_modes(char *list, options *o)
{
    memset(o->use_mode, 0, sizeof o->use_mode);
    for (char *save = NULL, *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        int m = 0;
        while (m < MODES && strcmp(t, mode_names[m]) != 0)
            m++;
        if (m == MODES)
            bench_die("--modes: expected threads, processes, shared or prefork, not '%s'", t);
        o->use_mode[m] = 1;
    }
}

static options parse_options(int argc, char **argv)
{
    options o = {.seconds = 2, .readers = {1, 4, 8}, .reader_counts = 3,
                 .use_mode = {1, 1, 1, 1},
                 .pressure_ms = 10, .runs = 3, .requests = 65536, .verify = 1};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--no-verify") == 0) {
            o.verify = 0;
            continue;
        }
        if (strncmp(a, "--", 2) == 0 && i + 1 >= argc)
            bench_die("%s needs a value\n%s", a, usage);
        if (strcmp(a, "--seconds") == 0) {
            char *end;
            o.seconds = strtod(argv[++i], &end);
            if (*end || !(o.seconds > 0 && o.seconds <= 600))
                bench_die("--seconds: expected a number of seconds up to 600");
        } else if (strcmp(a, "--readers") == 0) {
            parse_readers(argv[++i], &o);
        } else if (strcmp(a, "--modes") == 0) {
            parse_modes(argv[++i], &o);
        } else if (strcmp(a, "--pressure-ms") == 0) {
            o.pressure_ms = bench_parse_uint(a, argv[++i], 1, 10000);
        } else if (strcmp(a, "--runs") == 0) {
            o.runs = bench_parse_uint(a, argv[++i], 1, MAX_RUNS);
        } else if (strcmp(a, "--requests") == 0) {
            o.requests = bench_parse_uint(a, argv[++i], 1, 1u << 24);
        } else if (strcmp(a, "--json-out") == 0) {
            o.json_out = argv[++i];
        } else if (strcmp(a, "--share-dir") == 0) {
            o.share_root = argv[++i];
        } else if (strncmp(a, "--", 2) == 0 || o.dir) {
            bench_die("unexpected argument %s\n%s", a, usage);
        } else {
            o.dir = a;
        }
    }
    if (!o.dir)
        bench_die("%s", usage);
    return o;
}

/* ---- latency histogram: 16 linear buckets per power of two ---- */

#define SUB_BITS 4u
#define SUB (1u << SUB_BITS)
#define BUCKETS (SUB + 44u * SUB)

typedef struct histogram {
    uint64_t count[BUCKETS];
} histogram;

static size_t bucket_of(uint64_t ns)
{
    if (ns < SUB)
        return (size_t)ns;
    unsigned msb = 63u - (unsigned)__builtin_clzll(ns);
    unsigned shift = msb - SUB_BITS;
    size_t b = SUB + (size_t)shift * SUB + (size_t)((ns >> shift) & (SUB - 1));
    return b < BUCKETS ? b : BUCKETS - 1;
}

/* The middle of bucket b, in nanoseconds. */
static double bucket_ns(size_t b)
{
    if (b < SUB)
        return (double)b;
    unsigned shift = (unsigned)((b - SUB) / SUB);
    double width = (double)((uint64_t)1 << shift);
    return (double)(SUB + (b - SUB) % SUB) * width + width / 2;
}

static void histogram_merge(histogram *into, const histogram *h)
{
    for (size_t b = 0; b < BUCKETS; b++)
        into->count[b] += h->count[b];
}

/* The latency below which a share q of the lookups fell, in nanoseconds. */
static double histogram_quantile(const histogram *h, double q)
{
    uint64_t total = 0;
    for (size_t b = 0; b < BUCKETS; b++)
        total += h->count[b];
    /* The rank of the quantile, rounded up; at least the first lookup. */
    double rank = q * (double)total;
    uint64_t want = (uint64_t)rank, seen = 0;
    want += (double)want < rank || want == 0;
    for (size_t b = 0; b < BUCKETS; b++) {
        seen += h->count[b];
        if (seen >= want && seen > 0)
            return bucket_ns(b);
    }
    return 0;
}

/* ---- requests ---- */

typedef struct lookup_request {
    const mdd_db_layer *layer; /* NULL: an ECU without layers, skipped */
    bench_request q;
} lookup_request;

static const mdd_db_layer *random_layer(const mdd_db *db, uint64_t *seed)
{
    const mdd_db_ecu *ecu = mdd_db_ecu_at(db, bench_next_random(seed) % mdd_db_ecu_count(db));
    uint32_t variants = mdd_db_ecu_variant_count(ecu);
    uint32_t layers = variants + mdd_db_ecu_functional_group_count(ecu);
    if (layers == 0)
        return NULL;
    uint32_t k = (uint32_t)(bench_next_random(seed) % layers);
    return k < variants ? mdd_db_ecu_variant_at(ecu, k) : mdd_db_ecu_functional_group_at(ecu, k - variants);
}

/* The same list for every process: the seed is fixed and the database's order too. */
static lookup_request *make_requests(const mdd_db *db, uint32_t n)
{
    if (mdd_db_ecu_count(db) == 0)
        bench_die("the database has no ECUs");
    lookup_request *reqs = malloc(n * sizeof *reqs);
    if (!reqs)
        bench_die("out of memory");
    uint64_t seed = 0x2545f4914f6cdd1du;
    for (uint32_t i = 0; i < n; i++) {
        reqs[i].layer = random_layer(db, &seed);
        bench_request_draw(reqs[i].layer, i, &seed, &reqs[i].q);
    }
    return reqs;
}

/* One lookup as a caller makes it: the request, then the best match's name. */
static size_t lookup(const lookup_request *rq)
{
    mdd_db_service found[MATCHES];
    if (!rq->layer ||
        mdd_db_layer_lookup_request(rq->layer, rq->q.bytes, rq->q.len, found, MATCHES) == 0)
        return 0;
    mdd_bytes name = mdd_diag_comm_short_name(mdd_diag_service_diag_comm(found[0].service));
    size_t sum = name.len;
    for (size_t i = 0; i < name.len; i++)
        sum += name.ptr[i];
    return sum;
}

/* ---- one process's part of a phase ---- */

/* Drops the database's mapped file pages from this process (pread maps none that lookups
 * touch), as reclaim unmaps them before it frees them. */
static void drop_mapped_pages(const mdd_db *db)
{
    for (size_t i = 0; i < mdd_db_ecu_count(db); i++) {
        const mdd_store *store = mdd_db_ecu_store(mdd_db_ecu_at(db, i));
        if (mdd_store_strategy(store) == MDD_STRATEGY_PREAD)
            continue;
        for (size_t c = 0; c < mdd_store_file(store)->chunk_count; c++) {
            mdd_bytes v = bench_chunk_data(store, c);
            mdd_release_file_pages(v.ptr, v.len);
        }
    }
}

/* The database's files, DIR's regular *.mdd files as mdd_db_open_dir() takes them, open
 * for eviction. */
typedef struct file_list {
    int *fds;
    size_t count;
} file_list;

/* Evicts the files from the page cache, but for the pages some process maps. (No
 * fdatasync: the files are clean, and a flush per file would make a round of pressure take
 * hundreds of milliseconds.) */
static void evict_files(const file_list *files)
{
    for (size_t i = 0; i < files->count; i++)
        (void)posix_fadvise(files->fds[i], 0, 0, POSIX_FADV_DONTNEED);
}

typedef struct session {
    const options *o;
    const mdd_db *db;
    const lookup_request *reqs;
    const file_list *files; /* for the eviction under pressure */
} session;

typedef struct phase_result {
    histogram h;
    uint64_t lookups;
    double lookups_per_s;
    uint64_t rss_kb, pss_kb; /* of the process at the end */
} phase_result;

typedef struct reader {
    const session *s;
    atomic_int *stop;
    uint64_t seed;
    uint64_t lookups;
    histogram h;
    pthread_t thread;
} reader;

static volatile size_t sink;

static uint64_t clock_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Random lookups until told to stop; each lookup's latency is the time since the previous
 * clock reading, so one reading serves two lookups. */
static void *reader_main(void *arg)
{
    reader *r = arg;
    uint32_t n = r->s->o->requests;
    size_t used = 0;
    uint64_t prev = clock_ns();
    for (uint64_t i = 0;; i++) {
        if ((i & STOP_CHECK_MASK) == 0 && atomic_load_explicit(r->stop, memory_order_relaxed))
            break;
        used += lookup(&r->s->reqs[bench_next_random(&r->seed) % n]);
        uint64_t now = clock_ns();
        r->h.count[bucket_of(now - prev)]++;
        prev = now;
        r->lookups++;
    }
    sink = used;
    return NULL;
}

typedef struct pressure_thread {
    const session *s;
    atomic_int *stop;
    pthread_t thread;
} pressure_thread;

/* Pressure on the readers of one process: every --pressure-ms. */
static void *pressure_main(void *arg)
{
    pressure_thread *p = arg;
    while (!atomic_load(p->stop)) {
        drop_mapped_pages(p->s->db);
        evict_files(p->s->files);
        bench_sleep_ms(p->s->o->pressure_ms);
    }
    return NULL;
}

/* Makes what the requests touch resident. */
static void warm_up(const session *s)
{
    size_t used = 0;
    for (uint32_t i = 0; i < s->o->requests; i++)
        used += lookup(&s->reqs[i]);
    sink = used;
}

/* Runs threads readers in this process for the phase's time, after a warm-up pass when warm
 * is set, with a pressure thread when pressure is set. */
static void run_phase(const session *s, unsigned threads, int warm, int pressure,
                      unsigned salt, phase_result *out)
{
    static reader readers[MAX_READERS];
    atomic_int stop = 0;
    pressure_thread p = {s, &stop, 0};
    if (warm)
        warm_up(s);
    uint64_t start = clock_ns();
    for (unsigned i = 0; i < threads; i++) {
        readers[i] = (reader){.s = s, .stop = &stop, .seed = 0x9e3779b97f4a7c15u * (salt + i + 1)};
        if (pthread_create(&readers[i].thread, NULL, reader_main, &readers[i]) != 0)
            bench_die("pthread_create failed");
    }
    if (pressure && pthread_create(&p.thread, NULL, pressure_main, &p) != 0)
        bench_die("pthread_create failed");
    bench_sleep_ms((unsigned)(s->o->seconds * 1000));
    atomic_store(&stop, 1);
    memset(out, 0, sizeof *out);
    for (unsigned i = 0; i < threads; i++) {
        pthread_join(readers[i].thread, NULL);
        histogram_merge(&out->h, &readers[i].h);
        out->lookups += readers[i].lookups;
    }
    out->lookups_per_s = (double)out->lookups * 1e9 / (double)(clock_ns() - start);
    if (pressure)
        pthread_join(p.thread, NULL);
    mdd_process_memory pm;
    if (mdd_process_memory_read(0, &pm, NULL) == MDD_OK) {
        out->rss_kb = pm.rss_kb;
        out->pss_kb = pm.pss_kb;
    }
}

static mdd_db *open_db(const options *o, mdd_strategy strategy)
{
    mdd_db_options opts = mdd_db_options_default();
    opts.store.strategy = strategy;
    opts.store.verify = o->verify;
    if (strategy == MDD_STRATEGY_PREAD)
        opts.store.share_dir = o->share_dir;
    mdd_db *db;
    mdd_error err;
    if (mdd_db_open_dir(o->dir, &opts, &db, &err) != MDD_OK)
        bench_die("%s: %s", o->dir, err.message);
    return db;
}

/* ---- processes: a child per reader, commanded through pipes ---- */

static void write_full(int fd, const void *buf, size_t len)
{
    if (bench_write_all(fd, buf, len) != 0)
        bench_die("write to a pipe: %s", strerror(errno));
}

/* Returns 0, or -1 at the end of the pipe. */
static int read_full(int fd, void *buf, size_t len)
{
    for (char *p = buf; len > 0;) {
        ssize_t n = read(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            bench_die("read from a pipe: %s", strerror(errno));
        if (n == 0)
            return -1;
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

typedef struct child {
    pid_t pid;
    int cmd;     /* parent writes */
    int result;  /* parent reads */
    int squeeze; /* a socket: the parent asks for a release, the child acknowledges */
} child;

enum { CMD_CALM = 'c', CMD_PRESSURE = 'p', CMD_QUIT = 'q', READY = 'r', SQUEEZE = 's' };

typedef struct squeezer {
    const mdd_db *db;
    int fd;
} squeezer;

/* In a reader process: releases the database whenever the parent asks, until the socket is
 * shut down. */
static void *squeezer_main(void *arg)
{
    squeezer *q = arg;
    char c;
    while (read_full(q->fd, &c, 1) == 0) {
        drop_mapped_pages(q->db);
        write_full(q->fd, &c, 1);
    }
    return NULL;
}

/* A reader process: opens its own database unless it inherited one, says it is ready, then
 * runs the phases it is told to, one reader each, and sends back their results. Under
 * pressure the parent drives the releases (see process_phase()). */
static void child_main(const options *o, mdd_strategy strategy, mdd_db *inherited,
                       unsigned index, int cmd, int result, int squeeze)
{
    mdd_db *db = inherited ? inherited : open_db(o, strategy);
    lookup_request *reqs = make_requests(db, o->requests);
    session s = {o, db, reqs, NULL};
    squeezer q = {db, squeeze};
    pthread_t thread;
    if (pthread_create(&thread, NULL, squeezer_main, &q) != 0)
        bench_die("pthread_create failed");
    char c = READY;
    write_full(result, &c, 1);
    static phase_result r;
    while (read_full(cmd, &c, 1) == 0 && c != CMD_QUIT) {
        run_phase(&s, 1, c == CMD_CALM, 0, index, &r);
        write_full(result, &r, sizeof r);
    }
    shutdown(squeeze, SHUT_RDWR);
    pthread_join(thread, NULL);
    free(reqs);
    if (!inherited)
        mdd_db_close(db);
}

static void spawn(const options *o, mdd_strategy strategy, mdd_db *inherited, unsigned index,
                  child *c)
{
    int cmd[2], result[2], squeeze[2];
    if (pipe(cmd) != 0 || pipe(result) != 0 ||
        socketpair(AF_UNIX, SOCK_STREAM, 0, squeeze) != 0)
        bench_die("pipe: %s", strerror(errno));
    fflush(NULL);
    c->pid = fork();
    if (c->pid < 0)
        bench_die("fork: %s", strerror(errno));
    if (c->pid == 0) {
        close(cmd[1]);
        close(result[0]);
        close(squeeze[0]);
        child_main(o, strategy, inherited, index, cmd[0], result[1], squeeze[1]);
        _exit(0);
    }
    close(cmd[0]);
    close(result[1]);
    close(squeeze[1]);
    c->cmd = cmd[1];
    c->result = result[0];
    c->squeeze = squeeze[0];
}

static void expect_ready(const child *c)
{
    char ready;
    if (read_full(c->result, &ready, 1) != 0 || ready != READY)
        bench_die("reader process %ld did not start", (long)c->pid);
}

static void reap(child *c)
{
    char quit = CMD_QUIT;
    write_full(c->cmd, &quit, 1);
    int status;
    while (waitpid(c->pid, &status, 0) < 0 && errno == EINTR)
        ;
    close(c->cmd);
    close(c->result);
    close(c->squeeze);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        bench_die("reader process %ld failed", (long)c->pid);
}

/* ---- rows ---- */

typedef struct row {
    int strategy; /* index into strategies */
    int mode;
    unsigned readers;
    int pressure;
    double lookups_per_s;
    double p50_ns, p99_ns;
    double rss_kb, pss_kb; /* per reader process (their mean); NAN for threads */
} row;

typedef struct rows {
    row *items;
    size_t count;
} rows;

/* One phase's figures, of which a row takes the medians. */
typedef struct sample {
    double v[5]; /* lookups/s, p50, p99, RSS, PSS */
} sample;

static sample sample_of(const histogram *h, double per_s, double rss_kb, double pss_kb)
{
    return (sample){{per_s, histogram_quantile(h, 0.5), histogram_quantile(h, 0.99), rss_kb,
                     pss_kb}};
}

static void add_row(rows *t, int strategy, int mode, unsigned readers, int pressure,
                    const sample *samples, unsigned runs)
{
    double m[5], v[MAX_RUNS];
    for (int k = 0; k < 5; k++) {
        for (unsigned r = 0; r < runs; r++)
            v[r] = samples[r].v[k];
        m[k] = bench_median(v, runs);
    }
    row *grown = realloc(t->items, (t->count + 1) * sizeof *grown);
    if (!grown)
        bench_die("out of memory");
    t->items = grown;
    t->items[t->count++] = (row){strategy, mode, readers, pressure, m[0], m[1], m[2], m[3], m[4]};
    fprintf(stderr, "%s: %-7s %-9s %2u readers, %-11s %12.0f lookups/s, p50 %.2f us, "
                    "p99 %.2f us, RSS %.0f KB, PSS %.0f KB\n",
            PROG, mdd_strategy_name(strategies[strategy]), mode_names[mode], readers,
            pressure ? "pressure" : "no pressure", m[0], m[1] / 1e3, m[2] / 1e3, m[3], m[4]);
}

/* Runs of both strategies alternate, so that drift hits them alike. */
typedef struct samples {
    sample s[STRATEGIES][2][MAX_RUNS]; /* [strategy][pressure][run] */
} samples;

static void add_rows(const options *o, rows *t, int mode, unsigned readers, const samples *sm)
{
    for (int st = 0; st < STRATEGIES; st++)
        for (int p = 0; p < 2; p++)
            add_row(t, st, mode, readers, p, sm->s[st][p], o->runs);
}

static void measure_threads(const options *o, const file_list *files, rows *t)
{
    mdd_db *db[STRATEGIES];
    lookup_request *reqs[STRATEGIES];
    session s[STRATEGIES];
    for (int st = 0; st < STRATEGIES; st++) {
        db[st] = open_db(o, strategies[st]);
        reqs[st] = make_requests(db[st], o->requests);
        s[st] = (session){o, db[st], reqs[st], files};
    }
    static samples sm;
    static phase_result r;
    for (unsigned k = 0; k < o->reader_counts; k++) {
        for (unsigned run = 0; run < o->runs; run++)
            for (int p = 0; p < 2; p++)
                for (int st = 0; st < STRATEGIES; st++) {
                    run_phase(&s[st], o->readers[k], !p, p, 0, &r);
                    /* One process holds both databases: its memory is neither's. */
                    sm.s[st][p][run] = sample_of(&r.h, r.lookups_per_s, NAN, NAN);
                }
        add_rows(o, t, MODE_THREADS, o->readers[k], &sm);
    }
    for (int st = 0; st < STRATEGIES; st++) {
        free(reqs[st]);
        mdd_db_close(db[st]);
    }
}

static file_list list_files(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        bench_die("%s: %s", dir, strerror(errno));
    file_list l = {NULL, 0};
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (len <= 4 || strcmp(e->d_name + len - 4, ".mdd") != 0 || e->d_type != DT_REG)
            continue;
        int *grown = realloc(l.fds, (l.count + 1) * sizeof *grown);
        if (!grown)
            bench_die("out of memory");
        l.fds = grown;
        l.fds[l.count] = openat(dirfd(d), e->d_name, O_RDONLY | O_CLOEXEC);
        if (l.fds[l.count++] < 0)
            bench_die("%s/%s: %s", dir, e->d_name, strerror(errno));
    }
    closedir(d);
    return l;
}

static void close_files(file_list *l)
{
    for (size_t i = 0; i < l->count; i++)
        close(l->fds[i]);
    free(l->fds);
}

/* Pressure on reader processes: each drops its mapped pages, then the files are evicted.
 * Only once no process maps a page can it leave the page cache, so the drops must all
 * happen before the eviction. */
static void squeeze_all(const child *children, unsigned n, const file_list *files)
{
    char c = SQUEEZE;
    for (unsigned i = 0; i < n; i++)
        write_full(children[i].squeeze, &c, 1);
    for (unsigned i = 0; i < n; i++)
        if (read_full(children[i].squeeze, &c, 1) != 0)
            bench_die("reader process %ld died", (long)children[i].pid);
    evict_files(files);
}

/* One phase in n reader processes: their lookups merged, their throughputs added, their
 * memory averaged. Under pressure the parent squeezes them every --pressure-ms until all
 * have reported. */
static sample process_phase(const options *o, const child *children, unsigned n,
                            int pressure, const file_list *files)
{
    static phase_result r;
    static histogram h;
    struct pollfd fds[MAX_READERS];
    char c = pressure ? CMD_PRESSURE : CMD_CALM;
    for (unsigned i = 0; i < n; i++) {
        write_full(children[i].cmd, &c, 1);
        fds[i] = (struct pollfd){.fd = children[i].result, .events = POLLIN};
    }
    memset(&h, 0, sizeof h);
    double per_s = 0, rss = 0, pss = 0;
    for (unsigned received = 0; received < n;) {
        if (pressure)
            squeeze_all(children, n, files);
        int ready = poll(fds, n, pressure ? (int)o->pressure_ms : -1);
        if (ready < 0 && errno != EINTR)
            bench_die("poll: %s", strerror(errno));
        for (unsigned i = 0; ready > 0 && i < n; i++) {
            if (fds[i].fd < 0 || !fds[i].revents)
                continue;
            if (read_full(children[i].result, &r, sizeof r) != 0)
                bench_die("reader process %ld died", (long)children[i].pid);
            fds[i].fd = -1;
            received++;
            histogram_merge(&h, &r.h);
            per_s += r.lookups_per_s;
            rss += (double)r.rss_kb / n;
            pss += (double)r.pss_kb / n;
        }
    }
    return sample_of(&h, per_s, rss, pss);
}

/* Reader processes in mode (processes, shared or prefork). Under prefork the parent opens each
 * strategy's database just to fork that strategy's readers, and closes it then: the readers
 * inherit one database and nothing of the other strategy's. */
static void measure_processes(const options *opts, int mode, const file_list *files, rows *t)
{
    static child children[STRATEGIES][MAX_READERS];
    static samples sm;
    options mode_opts = *opts;
    mode_opts.share_dir = mode == MODE_SHARED ? opts->share_root : NULL;
    const options *o = &mode_opts;
    for (unsigned k = 0; k < o->reader_counts; k++) {
        unsigned n = o->readers[k];
        for (int st = 0; st < STRATEGIES; st++) {
            mdd_db *inherited = mode == MODE_PREFORK ? open_db(o, strategies[st]) : NULL;
            for (unsigned i = 0; i < n; i++)
                spawn(o, strategies[st], inherited, i, &children[st][i]);
            mdd_db_close(inherited);
        }
        for (int st = 0; st < STRATEGIES; st++)
            for (unsigned i = 0; i < n; i++)
                expect_ready(&children[st][i]);
        for (unsigned run = 0; run < o->runs; run++)
            for (int p = 0; p < 2; p++)
                for (int st = 0; st < STRATEGIES; st++)
                    sm.s[st][p][run] = process_phase(o, children[st], n, p, files);
        add_rows(o, t, mode, n, &sm);
        for (int st = 0; st < STRATEGIES; st++)
            for (unsigned i = 0; i < n; i++)
                reap(&children[st][i]);
    }
}

/* ---- report ---- */

static const row *find_row(const rows *t, int strategy, int mode, unsigned readers,
                           int pressure)
{
    for (size_t i = 0; i < t->count; i++) {
        const row *r = &t->items[i];
        if (r->strategy == strategy && r->mode == mode && r->readers == readers &&
            r->pressure == pressure)
            return r;
    }
    return NULL;
}

/* The inplace row in *a and the pread row in *b of one mode, reader count and pressure;
 * 0 when either was not measured. */
static int row_pair(const rows *t, int mode, unsigned readers, int pressure, const row **a,
                    const row **b)
{
    *a = find_row(t, 0, mode, readers, pressure);
    *b = find_row(t, 1, mode, readers, pressure);
    return *a && *b;
}

typedef struct verdicts {
    double worst_p99_ratio;       /* pread / inplace p99 under pressure at TARGET_READERS */
    double worst_throughput_ratio; /* pread / inplace without pressure, lowest */
    int have_p99, have_throughput;
} verdicts;

/* The verdicts over the rows of mode, or of every judged mode when mode is MODES. */
static verdicts judge(const options *o, const rows *t, int mode)
{
    verdicts v = {0, INFINITY, 0, 0};
    for (int m = 0; m < MODES; m++) {
        if (mode == MODES ? !mode_judged[m] : m != mode)
            continue;
        for (unsigned k = 0; k < o->reader_counts; k++) {
            for (int p = 0; p < 2; p++) {
                const row *a, *b;
                if (!row_pair(t, m, o->readers[k], p, &a, &b))
                    continue;
                if (p && o->readers[k] == TARGET_READERS) {
                    double ratio = b->p99_ns / a->p99_ns;
                    v.worst_p99_ratio = ratio > v.worst_p99_ratio ? ratio : v.worst_p99_ratio;
                    v.have_p99 = 1;
                }
                if (!p) {
                    double ratio = b->lookups_per_s / a->lookups_per_s;
                    v.worst_throughput_ratio = ratio < v.worst_throughput_ratio
                                                   ? ratio
                                                   : v.worst_throughput_ratio;
                    v.have_throughput = 1;
                }
            }
        }
    }
    return v;
}

/* "RSS / PSS" of a row, or "-" where it was not measured (threads). */
static void memory_cell(const row *r, char *buf, size_t size)
{
    if (isnan(r->rss_kb))
        snprintf(buf, size, "-");
    else
        snprintf(buf, size, "%.0f / %.0f", r->rss_kb, r->pss_kb);
}

static void print_table(const options *o, const rows *t, size_t files)
{
    printf("%zu files; %u requests; %.1f s per phase, medians of %u runs; pressure every %u ms; "
           "verification %s",
           files, o->requests, o->seconds, o->runs, o->pressure_ms, o->verify ? "on" : "off");
    if (o->use_mode[MODE_SHARED])
        printf("; shared: pread images in %s", o->share_root);
    printf("\n\n");
    printf("| mode | readers | pressure | inplace lookups/s | pread lookups/s | pread / inplace "
           "| inplace p50 us | pread p50 us | inplace p99 us | pread p99 us | pread / inplace "
           "p99 | inplace RSS / PSS KB | pread RSS / PSS KB |\n"
           "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (int m = 0; m < MODES; m++) {
        for (unsigned k = 0; k < o->reader_counts; k++) {
            for (int p = 0; p < 2; p++) {
                const row *a, *b;
                if (!row_pair(t, m, o->readers[k], p, &a, &b))
                    continue;
                char mem[2][64];
                memory_cell(a, mem[0], sizeof mem[0]);
                memory_cell(b, mem[1], sizeof mem[1]);
                printf("| %s | %u | %s | %.0f | %.0f | %.2fx | %.2f | %.2f | %.2f | %.2f | "
                       "%.2fx | %s | %s |\n",
                       mode_names[m], o->readers[k], p ? "yes" : "no", a->lookups_per_s,
                       b->lookups_per_s, b->lookups_per_s / a->lookups_per_s, a->p50_ns / 1e3,
                       b->p50_ns / 1e3, a->p99_ns / 1e3, b->p99_ns / 1e3,
                       b->p99_ns / a->p99_ns, mem[0], mem[1]);
            }
        }
    }
    printf("\n| mode | target | limit | measured (worst row) | verdict |\n"
           "|---|---|---|---|---|\n");
    for (int m = 0; m < MODES; m++) {
        verdicts v = judge(o, t, m);
        const char *name = mode_judged[m] ? mode_names[m] : "processes (reference, not judged)";
        if (v.have_p99)
            printf("| %s | pressure, %u readers: pread p99 / inplace p99 | <= 1x | %.3fx | %s |\n",
                   name, TARGET_READERS, v.worst_p99_ratio,
                   v.worst_p99_ratio <= 1 ? "PASS" : "MISS");
        if (v.have_throughput)
            printf("| %s | no pressure: pread / inplace throughput | >= %.1fx | %.3fx | %s |\n",
                   name, TARGET_THROUGHPUT, v.worst_throughput_ratio,
                   v.worst_throughput_ratio >= TARGET_THROUGHPUT ? "PASS" : "MISS");
    }
}

/* The verdicts as JSON: {"p99_pressure": ..., "throughput_calm": ...}, each null when no row
 * judged it. */
static void write_json_verdicts(FILE *f, verdicts v)
{
    fprintf(f, "{\"p99_pressure\": ");
    if (v.have_p99)
        fprintf(f, "{\"value\": %.4f, \"limit\": 1, \"pass\": %s}", v.worst_p99_ratio,
                v.worst_p99_ratio <= 1 ? "true" : "false");
    else
        fprintf(f, "null");
    fprintf(f, ", \"throughput_calm\": ");
    if (v.have_throughput)
        fprintf(f, "{\"value\": %.4f, \"limit\": %.1f, \"pass\": %s}",
                v.worst_throughput_ratio, TARGET_THROUGHPUT,
                v.worst_throughput_ratio >= TARGET_THROUGHPUT ? "true" : "false");
    else
        fprintf(f, "null");
    fprintf(f, "}");
}

static void write_json(const options *o, const rows *t, size_t files)
{
    FILE *f = bench_open_output(o->json_out);
    fprintf(f,
            "{\"files\": %zu, \"requests\": %u, \"seconds\": %.3f, \"runs\": %u, "
            "\"pressure_ms\": %u, \"verify\": %s, \"rows\": [",
            files, o->requests, o->seconds, o->runs, o->pressure_ms,
            o->verify ? "true" : "false");
    for (size_t i = 0; i < t->count; i++) {
        const row *r = &t->items[i];
        const row *base = find_row(t, 0, r->mode, r->readers, r->pressure);
        fprintf(f,
                "%s{\"strategy\": \"%s\", \"mode\": \"%s\", \"readers\": %u, "
                "\"pressure\": %s, \"lookups_per_s\": %.0f, \"p50_us\": %.3f, "
                "\"p99_us\": %.3f, \"throughput_vs_inplace\": %.4f, "
                "\"p99_vs_inplace\": %.4f, ",
                i ? ", " : "", mdd_strategy_name(strategies[r->strategy]),
                mode_names[r->mode], r->readers, r->pressure ? "true" : "false",
                r->lookups_per_s, r->p50_ns / 1e3, r->p99_ns / 1e3,
                base ? r->lookups_per_s / base->lookups_per_s : 0,
                base ? r->p99_ns / base->p99_ns : 0);
        if (isnan(r->rss_kb))
            fprintf(f, "\"rss_kb\": null, \"pss_kb\": null}");
        else
            fprintf(f, "\"rss_kb\": %.0f, \"pss_kb\": %.0f}", r->rss_kb, r->pss_kb);
    }
    /* targets: over every judged mode; targets_by_mode: each mode's own. */
    fprintf(f, "], \"targets\": ");
    write_json_verdicts(f, judge(o, t, MODES));
    fprintf(f, ", \"targets_by_mode\": {");
    for (int m = 0; m < MODES; m++) {
        fprintf(f, "%s\"%s\": ", m ? ", " : "", mode_names[m]);
        write_json_verdicts(f, judge(o, t, m));
    }
    fprintf(f, "}}\n");
    bench_close_output(f, o->json_out);
}

/* A directory for the shared mode's images, on tmpfs where the machine has /dev/shm, as a
 * deployment would put it; removed by the caller (empty by then: the last reader to close
 * removes each image). */
static char *make_share_dir(void)
{
    static char path[64];
    struct stat st;
    const char *base = stat("/dev/shm", &st) == 0 && S_ISDIR(st.st_mode) ? "/dev/shm" : "/tmp";
    snprintf(path, sizeof path, "%s/mdd-bench-share-XXXXXX", base);
    if (!mkdtemp(path))
        bench_die("%s: %s", path, strerror(errno));
    return path;
}

int main(int argc, char **argv)
{
    options o = parse_options(argc, argv);
    rows t = {NULL, 0};
    file_list files = list_files(o.dir);
    char *made_share = NULL;
    if (o.use_mode[MODE_SHARED] && !o.share_root)
        o.share_root = made_share = make_share_dir();
    if (o.use_mode[MODE_THREADS])
        measure_threads(&o, &files, &t);
    for (int m = MODE_PROCESSES; m <= MODE_PREFORK; m++)
        if (o.use_mode[m])
            measure_processes(&o, m, &files, &t);
    print_table(&o, &t, files.count);
    if (o.json_out)
        write_json(&o, &t, files.count);
    close_files(&files);
    free(t.items);
    if (made_share && rmdir(made_share) != 0)
        fprintf(stderr, "%s: %s: %s\n", PROG, made_share, strerror(errno));
    return 0;
}
