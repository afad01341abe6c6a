/* SPDX-License-Identifier: Apache-2.0 */
/* Lookups while a database file is replaced: throughput, p99 latency, failed lookups and
 * memory of readers of a live database (mdd_db_live) while a 25 MB file is installed over
 * and over, against the same readers in quiet.
 *
 *   bench_reload [--mb N] [--readers R] [--replacements N] [--interval-ms MS]
 *                [--quiet-seconds S] [--json-out FILE]
 *
 * A payload of --mb (default 25) MB is generated (mdd_gen_payload(), one ECU) and written as
 * a plain MDD file with its sha512_uncompressed signature into a scratch directory
 * (bench_scratch_create()); the directory is opened with mdd_db_live_open_dir() (inplace,
 * verification on). 4096 requests are drawn with a fixed seed from the ECU's base variant
 * (bench_request_draw()), and the answer to each (the number of matches and the first
 * match's short name) is recorded once.
 *
 * R readers (--readers, default 1: the reload needs a core of its own to be off the hot
 * path) each loop over the requests: acquire the current generation, find the ECU and its
 * base variant, mdd_db_layer_lookup_request(), read the first match's short name (from the
 * payload's mapping), compare both with the recorded answer, release. Every 64th lookup is
 * timed (CLOCK_MONOTONIC); p99 is over those samples. A lookup whose answer differs from the
 * recorded one counts as failed.
 *
 * quiet:     the readers run --quiet-seconds (default 5) with nothing changing.
 * replacing: a thread installs the file --replacements times (default 100), one every
 *            --interval-ms (default 1000) or as soon as the previous one is done: it writes the
 *            same content to a temporary name, fsyncs it, renames it over the file (a new
 *            inode, as mdd install leaves it) and calls mdd_db_live_reload(), which opens and
 *            verifies the file again and swaps the generation in. It runs at nice 10, as mdd
 *            serve's reload thread does: a reload is background work that must not take the
 *            readers' CPU. The readers run throughout.
 *
 * Before the quiet phase the file is replaced once, so that both phases run on a generation
 * a reload made (a reload leaves its file in the page cache, the first open does not).
 * Memory (mdd_process_memory_read(): RSS and anonymous, after malloc_trim(), with a fixed
 * mmap threshold) is read after each phase, with the readers stopped, along with the mappings of deleted files in /proc/self/maps (the replaced
 * files a generation still holds) and the current generation's mapped bytes. Prints a
 * markdown table and the targets: throughput while replacing >= 0.9x quiet, no failed
 * lookup, memory after the loop within 1 MiB of the quiet figure and no replaced file still
 * mapped. */
#include "bench_common.h"

#include <mdd/codec.h>
#include <mdd/container.h>
#include <mdd/db.h>
#include <mdd_internal/gen.h>
#include <mdd_internal/os.h>
#include <mdd_internal/codec.h>

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#define REQUESTS 4096u
#define SAMPLE_EVERY 64u
#define MAX_SAMPLES (1u << 22)
#define MAX_READERS 16u
#define ECU_NAME "RELOAD1"

typedef struct options {
    unsigned mb;
    unsigned readers;
    unsigned replacements;
    unsigned interval_ms;
    unsigned quiet_seconds;
    const char *json_out;
} options;

/* A request and the answer every generation must give. */
typedef struct expected {
    bench_request q;
    size_t total;
    mdd_bytes name; /* the first match's short name; copied, since generations go */
    uint8_t name_bytes[128];
} expected;

typedef struct reader {
    pthread_t thread;
    mdd_db_live *live;
    const expected *want;
    atomic_int *stop;
    uint64_t seed;
    uint64_t lookups;
    uint64_t failed;
    uint32_t *samples; /* latencies in ns of every SAMPLE_EVERY-th lookup */
    size_t sample_count;
} reader;

/* What one phase measured. */
typedef struct phase {
    double seconds;
    uint64_t lookups;
    uint64_t failed;
    double p99_ns;
    mdd_process_memory memory;
    uint64_t mapped_bytes;  /* the current generation's mappings */
    unsigned deleted_maps;  /* mappings of files removed from the directory */
    double reload_ms_max;   /* replacing: the longest install + reload */
    double reload_ms_sum;   /* replacing: all of them */
} phase;

/* ---- The file ---- */

static mdd_bytes text(const char *s) { return (mdd_bytes){(const uint8_t *)s, strlen(s)}; }

/* The MDD file of payload, uncompressed, as mdd install leaves one. */
static void encode_plain(mdd_bytes payload, mdd_buffer *out)
{
    uint8_t digest[MDD_SHA512_SIZE];
    mdd_error err;
    if (mdd_sha512(payload.ptr, payload.len, digest, &err) != MDD_OK)
        bench_die("sha512: %s", err.message);
    mdd_signature sig = {.algorithm = text("sha512_uncompressed"),
                         .signature = {digest, sizeof digest}};
    mdd_chunk chunk = {.type = MDD_CHUNK_DIAGNOSTIC_DESCRIPTION, .name = text(ECU_NAME),
                       .data = payload, .signatures = &sig, .signature_count = 1};
    mdd_file file = {.version = text("2025-05-21"), .ecu_name = text(ECU_NAME),
                     .chunks = &chunk, .chunk_count = 1};
    mdd_sink sink = mdd_buffer_sink(out);
    if (mdd_file_encode(&file, &sink, &err) != MDD_OK)
        bench_die("encode: %s", err.message);
}

static void make_file(unsigned mb, mdd_buffer *out)
{
    mdd_gen_spec spec = {.name = ECU_NAME, .seed = 7, .target_bytes = (uint64_t)mb << 20};
    mdd_fb_builder b;
    mdd_fb_builder_init(&b, 0);
    mdd_bytes payload;
    mdd_error err;
    if (mdd_gen_payload(&spec, &b, &payload, &err) != MDD_OK)
        bench_die("generate: %s", err.message);
    encode_plain(payload, out);
    mdd_fb_builder_free(&b);
}

/* Writes bytes to dir/NAME.mdd through a temporary name and a rename: a new inode. */
static void install(const char *dir, const mdd_buffer *bytes)
{
    char tmp[4096], path[4096];
    snprintf(tmp, sizeof tmp, "%s/.%s.mdd.new", dir, ECU_NAME);
    snprintf(path, sizeof path, "%s/%s.mdd", dir, ECU_NAME);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0 || bench_write_all(fd, bytes->data, bytes->len) != 0 || fsync(fd) != 0)
        bench_die("%s: %s", tmp, strerror(errno));
    close(fd);
    if (rename(tmp, path) != 0)
        bench_die("rename %s: %s", tmp, strerror(errno));
}

/* ---- Lookups ---- */

static const mdd_db_layer *base_layer(const mdd_db *db)
{
    const mdd_db_ecu *ecu = mdd_db_find_ecu(db, ECU_NAME);
    return ecu ? mdd_db_ecu_base_variant(ecu) : NULL;
}

/* The answer to q in db: the total, and the first match's short name in *name. */
static size_t answer(const mdd_db *db, const bench_request *q, mdd_bytes *name)
{
    const mdd_db_layer *layer = base_layer(db);
    mdd_db_service s;
    size_t total = layer ? mdd_db_layer_lookup_request(layer, q->bytes, q->len, &s, 1) : 0;
    *name = total ? mdd_diag_comm_short_name(mdd_diag_service_diag_comm(s.service))
                  : (mdd_bytes){NULL, 0};
    return total;
}

static expected *draw_requests(mdd_db_live *live)
{
    expected *want = calloc(REQUESTS, sizeof *want);
    if (!want)
        bench_die("out of memory");
    const mdd_db *db = mdd_db_live_acquire(live);
    const mdd_db_layer *layer = base_layer(db);
    if (!layer)
        bench_die("%s: no base variant", ECU_NAME);
    uint64_t seed = 20251201;
    for (uint32_t i = 0; i < REQUESTS; i++) {
        expected *e = &want[i];
        bench_request_draw(layer, i, &seed, &e->q);
        mdd_bytes name;
        e->total = answer(db, &e->q, &name);
        size_t n = name.len < sizeof e->name_bytes ? name.len : sizeof e->name_bytes;
        memcpy(e->name_bytes, name.ptr, n);
        e->name = (mdd_bytes){e->name_bytes, n};
    }
    mdd_db_live_release(db);
    return want;
}

static int same_answer(const expected *e, size_t total, mdd_bytes name)
{
    size_t n = name.len < sizeof e->name_bytes ? name.len : sizeof e->name_bytes;
    return total == e->total && n == e->name.len && memcmp(name.ptr, e->name.ptr, n) == 0;
}

static void lookup_once(reader *r, const expected *e)
{
    const mdd_db *db = mdd_db_live_acquire(r->live);
    mdd_bytes name;
    size_t total = answer(db, &e->q, &name);
    r->failed += !same_answer(e, total, name);
    mdd_db_live_release(db);
}

static void *read_loop(void *arg)
{
    reader *r = arg;
    while (!atomic_load_explicit(r->stop, memory_order_relaxed)) {
        const expected *e = &r->want[bench_next_random(&r->seed) % REQUESTS];
        if (r->lookups % SAMPLE_EVERY == 0 && r->sample_count < MAX_SAMPLES) {
            double start = bench_now_ns();
            lookup_once(r, e);
            r->samples[r->sample_count++] = (uint32_t)(bench_now_ns() - start);
        } else {
            lookup_once(r, e);
        }
        r->lookups++;
    }
    return NULL;
}

static int compare_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* ---- Phases ---- */

typedef struct bench {
    options o;
    char *dir;
    mdd_db_live *live;
    expected *want;
    reader readers[MAX_READERS];
    atomic_int stop;
    mdd_buffer file;
} bench;

static void start_readers(bench *b)
{
    atomic_store(&b->stop, 0);
    for (unsigned i = 0; i < b->o.readers; i++) {
        reader *r = &b->readers[i];
        r->lookups = r->failed = 0;
        r->sample_count = 0;
        if (pthread_create(&r->thread, NULL, read_loop, r) != 0)
            bench_die("pthread_create failed");
    }
}

/* Stops the readers and sums what they did into p. */
static void stop_readers(bench *b, phase *p)
{
    atomic_store(&b->stop, 1);
    size_t samples = 0;
    for (unsigned i = 0; i < b->o.readers; i++) {
        pthread_join(b->readers[i].thread, NULL);
        p->lookups += b->readers[i].lookups;
        p->failed += b->readers[i].failed;
        samples += b->readers[i].sample_count;
    }
    uint32_t *all = malloc((samples ? samples : 1) * sizeof *all);
    if (!all)
        bench_die("out of memory");
    size_t n = 0;
    for (unsigned i = 0; i < b->o.readers; i++) {
        memcpy(all + n, b->readers[i].samples, b->readers[i].sample_count * sizeof *all);
        n += b->readers[i].sample_count;
    }
    qsort(all, n, sizeof *all, compare_u32);
    p->p99_ns = n ? all[(size_t)((double)(n - 1) * 0.99)] : 0;
    free(all);
}

/* Mappings of deleted files in this process: replaced files some generation still maps. */
static unsigned deleted_mappings(void)
{
    FILE *f = fopen("/proc/self/maps", "r");
    if (!f)
        bench_die("/proc/self/maps: %s", strerror(errno));
    char line[4096];
    unsigned n = 0;
    while (fgets(line, sizeof line, f))
        n += strstr(line, "(deleted)") != NULL;
    fclose(f);
    return n;
}

static void measure_memory(bench *b, phase *p)
{
    /* What glibc keeps of freed memory for reuse (in the arena of each thread that
     * allocated: the replacing thread's is new) goes back first: the figure is what is in
     * use, so that a generation left behind shows. */
    malloc_trim(0);
    mdd_error err;
    if (mdd_process_memory_read(0, &p->memory, &err) != MDD_OK)
        bench_die("memory: %s", err.message);
    const mdd_db *db = mdd_db_live_acquire(b->live);
    mdd_db_memory m;
    if (mdd_db_memory_report(db, &m, &err) != MDD_OK)
        bench_die("memory report: %s", err.message);
    p->mapped_bytes = m.stores.mapped_bytes;
    mdd_db_live_release(db);
    p->deleted_maps = deleted_mappings();
}

static void run_quiet(bench *b, phase *p)
{
    double start = bench_now_ms();
    start_readers(b);
    bench_sleep_ms(b->o.quiet_seconds * 1000u);
    stop_readers(b, p);
    p->seconds = (bench_now_ms() - start) / 1000.0;
    measure_memory(b, p);
}

static void replace_once(bench *b, phase *p)
{
    double start = bench_now_ms();
    install(b->dir, &b->file);
    mdd_db_reload_stats stats;
    mdd_error err;
    if (mdd_db_live_reload(b->live, &stats, &err) != MDD_OK)
        bench_die("reload: %s", err.message);
    if (stats.loaded != 1 || stats.refused != 0)
        bench_die("reload: %zu loaded, %zu refused, expected 1 and 0", stats.loaded,
                  stats.refused);
    double ms = bench_now_ms() - start;
    if (ms > p->reload_ms_max)
        p->reload_ms_max = ms;
    p->reload_ms_sum += ms;
    if (ms < b->o.interval_ms)
        bench_sleep_ms((unsigned)(b->o.interval_ms - ms));
}

typedef struct replacer {
    bench *b;
    phase *p;
} replacer;

static void *replace_loop(void *arg)
{
    replacer *r = arg;
    /* This thread alone (Linux nice values are per thread). */
    if (setpriority(PRIO_PROCESS, (id_t)gettid(), 10) != 0)
        bench_die("setpriority: %s", strerror(errno));
    for (unsigned i = 0; i < r->b->o.replacements; i++)
        replace_once(r->b, r->p);
    return NULL;
}

static void run_replacing(bench *b, phase *p)
{
    double start = bench_now_ms();
    start_readers(b);
    replacer r = {b, p};
    pthread_t thread;
    if (pthread_create(&thread, NULL, replace_loop, &r) != 0)
        bench_die("pthread_create failed");
    pthread_join(thread, NULL);
    stop_readers(b, p);
    p->seconds = (bench_now_ms() - start) / 1000.0;
    measure_memory(b, p);
}

/* ---- Output ---- */

static double rate(const phase *p) { return p->seconds > 0 ? (double)p->lookups / p->seconds : 0; }

static void print_row(const char *name, const phase *p)
{
    printf("| %s | %.0f | %.0f | %" PRIu64 " | %" PRIu64 " | %" PRIu64 " | %" PRIu64
           " | %u |\n",
           name, rate(p), p->p99_ns, p->failed, p->memory.rss_kb, p->memory.anonymous_kb,
           p->mapped_bytes, p->deleted_maps);
}

static int judge(const bench *b, const phase *quiet, const phase *busy)
{
    double ratio = rate(quiet) > 0 ? rate(busy) / rate(quiet) : 0;
    int64_t rss_delta = (int64_t)busy->memory.rss_kb - (int64_t)quiet->memory.rss_kb;
    int64_t anon_delta =
        (int64_t)busy->memory.anonymous_kb - (int64_t)quiet->memory.anonymous_kb;
    int ok_rate = ratio >= 0.9;
    int ok_failed = busy->failed == 0 && quiet->failed == 0;
    int ok_memory = rss_delta <= 1024 && anon_delta <= 1024 && busy->deleted_maps == 0 &&
                    busy->mapped_bytes == quiet->mapped_bytes;
    printf("\n%u replacements of a %u MB file in %.1f s: install + reload %.0f ms on average, "
           "%.0f ms at most\n",
           b->o.replacements, b->o.mb, busy->seconds, busy->reload_ms_sum / b->o.replacements,
           busy->reload_ms_max);
    printf("target: throughput while replacing >= 0.9x quiet: %.3fx %s\n", ratio,
           ok_rate ? "met" : "MISSED");
    printf("target: no failed lookup: %" PRIu64 " of %" PRIu64 " %s\n",
           busy->failed + quiet->failed, busy->lookups + quiet->lookups,
           ok_failed ? "met" : "MISSED");
    printf("target: memory back to quiet (RSS %+" PRId64 " KiB, anonymous %+" PRId64
           " KiB, %u replaced files mapped): %s\n",
           rss_delta, anon_delta, busy->deleted_maps, ok_memory ? "met" : "MISSED");
    return ok_rate && ok_failed && ok_memory;
}

static void write_json(const bench *b, const phase *quiet, const phase *busy, int met)
{
    FILE *f = bench_open_output(b->o.json_out);
    const phase *ps[2] = {quiet, busy};
    const char *names[2] = {"quiet", "replacing"};
    fprintf(f, "{\"mb\":%u,\"readers\":%u,\"replacements\":%u,\"interval_ms\":%u,", b->o.mb,
            b->o.readers, b->o.replacements, b->o.interval_ms);
    for (int i = 0; i < 2; i++)
        fprintf(f,
                "\"%s\":{\"seconds\":%.2f,\"lookups\":%" PRIu64
                ",\"lookups_per_s\":%.0f,\"p99_ns\":%.0f,\"failed\":%" PRIu64
                ",\"rss_kb\":%" PRIu64 ",\"anonymous_kb\":%" PRIu64 ",\"mapped_bytes\":%" PRIu64
                ",\"deleted_maps\":%u},",
                names[i], ps[i]->seconds, ps[i]->lookups, rate(ps[i]), ps[i]->p99_ns, ps[i]->failed, ps[i]->memory.rss_kb,
                ps[i]->memory.anonymous_kb, ps[i]->mapped_bytes, ps[i]->deleted_maps);
    fprintf(f, "\"reload_ms_mean\":%.1f,\"reload_ms_max\":%.1f,\"targets_met\":%s}\n",
            busy->reload_ms_sum / b->o.replacements, busy->reload_ms_max, met ? "true" : "false");
    bench_close_output(f, b->o.json_out);
}

/* ---- Setup ---- */

static options parse_options(int argc, char **argv)
{
    options o = {.mb = 25, .readers = 1, .replacements = 100, .interval_ms = 1000,
                 .quiet_seconds = 5};
    /* Every option takes a value: they come in pairs. */
    for (int i = 1; i < argc; i += 2) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v)
            bench_die("%s: expected a value", a);
        if (strcmp(a, "--mb") == 0)
            o.mb = bench_parse_uint(a, v, 1, 1024);
        else if (strcmp(a, "--readers") == 0)
            o.readers = bench_parse_uint(a, v, 1, MAX_READERS);
        else if (strcmp(a, "--replacements") == 0)
            o.replacements = bench_parse_uint(a, v, 1, 100000);
        else if (strcmp(a, "--interval-ms") == 0)
            o.interval_ms = bench_parse_uint(a, v, 0, 60000);
        else if (strcmp(a, "--quiet-seconds") == 0)
            o.quiet_seconds = bench_parse_uint(a, v, 1, 3600);
        else if (strcmp(a, "--json-out") == 0)
            o.json_out = v;
        else
            bench_die("unknown option %s", a);
    }
    return o;
}

static void setup(bench *b)
{
    b->dir = bench_scratch_create("bench-reload", NULL);
    if (!b->dir)
        exit(1);
    make_file(b->o.mb, &b->file);
    install(b->dir, &b->file);
    mdd_error err;
    if (mdd_db_live_open_dir(b->dir, NULL, &b->live, &err) != MDD_OK)
        bench_die("open: %s", err.message);
    b->want = draw_requests(b->live);
    for (unsigned i = 0; i < b->o.readers; i++) {
        reader *r = &b->readers[i];
        *r = (reader){.live = b->live, .want = b->want, .stop = &b->stop, .seed = 1 + i};
        /* Touched now, so that the samples' pages count in the quiet figure too. */
        r->samples = calloc(MAX_SAMPLES, sizeof *r->samples);
        if (!r->samples)
            bench_die("out of memory");
        memset(r->samples, 1, MAX_SAMPLES * sizeof *r->samples);
    }
}

int main(int argc, char **argv)
{
    /* A fixed mmap threshold: glibc otherwise raises it after freeing a large mapped block,
     * and later blocks of that size (a reload's verifier bookkeeping, a quarter of the
     * payload) come from an arena whose freed memory malloc_trim() does not always give
     * back. With it, what a reload frees leaves the process, and the memory figures count
     * the library, not the allocator's heuristics. */
    if (mallopt(M_MMAP_THRESHOLD, 256 * 1024) != 1)
        bench_die("mallopt failed");
    bench b = {.o = parse_options(argc, argv)};
    setup(&b);
    phase quiet = {0}, busy = {0};
    phase warm = {0};
    replace_once(&b, &warm);
    run_quiet(&b, &warm); /* brings in what the lookups touch */
    run_quiet(&b, &quiet);
    run_replacing(&b, &busy);
    printf("| phase | lookups/s | p99 ns | failed | RSS KiB | anonymous KiB | mapped bytes | "
           "replaced files mapped |\n|---|---|---|---|---|---|---|---|\n");
    print_row("quiet", &quiet);
    print_row("replacing", &busy);
    int met = judge(&b, &quiet, &busy);
    if (b.o.json_out)
        write_json(&b, &quiet, &busy, met);
    mdd_db_live_close(b.live);
    for (unsigned i = 0; i < b.o.readers; i++)
        free(b.readers[i].samples);
    free(b.want);
    mdd_buffer_free(&b.file);
    bench_remove_tree(b.dir);
    free(b.dir);
    return met ? 0 : 1;
}
