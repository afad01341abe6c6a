/* SPDX-License-Identifier: Apache-2.0 */
/* Codec throughput, in-process. bench/codec.sh runs it beside xz and openssl.
 *
 *   bench_codec_bench lzma STREAM_FILE SIZE REPEAT   decode an LZMA-alone file REPEAT times
 *   bench_codec_bench sha512 FILE REPEAT             hash a file (held in memory) REPEAT times
 *   bench_codec_bench sha512-builtin FILE REPEAT     the same with the project's own SHA-512
 *   bench_codec_bench make-payload OUT BYTES SEED    write a synthetic diagnostic database
 *   bench_codec_bench lzma-encode IN OUT PRESET      compress IN as LZMA-alone
 *   bench_codec_bench chunk-data MDD_FILE OUT        write the first chunk's data as stored
 *                                                    (the raw LZMA stream of a compressed one)
 *
 * The timing commands print the median wall-clock seconds of one repetition. */
#include "bench_common.h"

#include <mdd/codec.h>
#include <mdd/container.h>
#include <mdd_internal/codec.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- plumbing ---- */

static int parse_u64(const char *s, uint64_t *v)
{
    char *end;
    errno = 0;
    unsigned long long n = strtoull(s, &end, 10);
    if (errno || end == s || *end || s[0] == '-') {
        fprintf(stderr, "not a number: %s\n", s);
        return -1;
    }
    *v = n;
    return 0;
}

static uint8_t *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return NULL;
    }
    mdd_buffer buf = {0};
    mdd_sink sink = mdd_buffer_sink(&buf);
    uint8_t block[1 << 16];
    size_t n;
    mdd_error err;
    while ((n = fread(block, 1, sizeof block, f)) > 0) {
        if (mdd_sink_write(&sink, block, n, &err)) {
            fprintf(stderr, "%s: %s\n", path, err.message);
            break;
        }
    }
    int failed = ferror(f) || n > 0;
    fclose(f);
    if (failed) {
        fprintf(stderr, "%s: read failed\n", path);
        mdd_buffer_free(&buf);
        return NULL;
    }
    *len = buf.len;
    /* An empty file still gets a buffer, so NULL always means failure. */
    return buf.data ? buf.data : calloc(1, 1);
}

static int write_file(const char *path, const uint8_t *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f) {
        perror(path);
        return -1;
    }
    int failed = fwrite(data, 1, len, f) != len;
    failed |= fclose(f) != 0;
    if (failed)
        fprintf(stderr, "%s: write failed\n", path);
    return failed ? -1 : 0;
}

/* One timed operation: returns its status and fills err on failure. */
typedef mdd_status (*timed_op)(void *ctx, mdd_error *err);

/* Runs op repeat times and prints the median duration. */
static int time_repeated(timed_op op, void *ctx, uint64_t repeat)
{
    if (repeat == 0 || repeat > 1000000) {
        fprintf(stderr, "REPEAT must be 1..1000000\n");
        return 1;
    }
    double *times = malloc((size_t)repeat * sizeof *times);
    if (!times)
        return 1;
    mdd_error err;
    for (uint64_t i = 0; i < repeat; i++) {
        double t0 = bench_now_ns();
        if (op(ctx, &err)) {
            fprintf(stderr, "%s\n", err.message);
            free(times);
            return 1;
        }
        times[i] = (bench_now_ns() - t0) * 1e-9;
    }
    printf("%.6f\n", bench_median(times, (size_t)repeat));
    free(times);
    return 0;
}

/* ---- lzma, sha512 ---- */

typedef struct decode_job {
    const uint8_t *src;
    size_t src_len;
    uint8_t *dst;
    size_t dst_len;
} decode_job;

static mdd_status decode_once(void *ctx, mdd_error *err)
{
    decode_job *job = ctx;
    return mdd_lzma_decode(job->src, job->src_len, job->dst, job->dst_len, NULL, err);
}

static int cmd_lzma(char **argv)
{
    uint64_t size, repeat;
    if (parse_u64(argv[1], &size) || parse_u64(argv[2], &repeat))
        return 2;
    decode_job job = {NULL, 0, NULL, (size_t)size};
    job.src = read_file(argv[0], &job.src_len);
    job.dst = malloc(size ? (size_t)size : 1);
    int rc = job.src && job.dst ? time_repeated(decode_once, &job, repeat) : 1;
    free(job.dst);
    free((void *)job.src);
    return rc;
}

typedef struct hash_job {
    const uint8_t *data;
    size_t len;
} hash_job;

static mdd_status hash_once(void *ctx, mdd_error *err)
{
    hash_job *job = ctx;
    uint8_t digest[MDD_SHA512_SIZE];
    return mdd_sha512(job->data, job->len, digest, err);
}

/* The built-in SHA-512 (docs/adr/0016), whichever backend mdd_sha512() has in this build. */
static mdd_status hash_builtin_once(void *ctx, mdd_error *err)
{
    (void)err;
    hash_job *job = ctx;
    uint8_t digest[MDD_SHA512_SIZE];
    mdd_sha512_state s;
    mdd_sha512_state_init(&s);
    mdd_sha512_state_update(&s, job->data, job->len);
    mdd_sha512_state_final(&s, digest);
    return MDD_OK;
}

static int hash_file(char **argv, mdd_status (*once)(void *, mdd_error *))
{
    uint64_t repeat;
    if (parse_u64(argv[1], &repeat))
        return 2;
    hash_job job = {NULL, 0};
    job.data = read_file(argv[0], &job.len);
    int rc = job.data ? time_repeated(once, &job, repeat) : 1;
    free((void *)job.data);
    return rc;
}

static int cmd_sha512(char **argv) { return hash_file(argv, hash_once); }

static int cmd_sha512_builtin(char **argv) { return hash_file(argv, hash_builtin_once); }

/* ---- make-payload: a synthetic diagnostic database ----
 * Records shaped like the services of an ECU description: binary ids and offsets, names
 * built from a domain vocabulary, descriptive text and request bytes. Word choice and the
 * binary fields are random, so the result compresses about as well as real databases
 * (about 5:1 with xz -6) instead of collapsing like repeated text. */

static const char *const NOUNS[] = {
    "Engine",   "Coolant",  "Temperature", "Battery",  "Voltage",   "Vehicle",  "Speed",
    "Fuel",     "Pressure", "Injector",    "Throttle", "Position",  "Oxygen",   "Sensor",
    "Ambient",  "Air",      "Intake",      "Manifold", "Boost",     "Turbo",    "Brake",
    "Wheel",    "Steering", "Angle",       "Door",     "Window",    "Seat",     "Mirror",
    "Light",    "Lamp",     "Heater",      "Fan",      "Compressor", "Clutch",  "Gear",
    "Transmission", "Odometer", "Software", "Hardware", "Version",  "Serial",   "Number",
    "Calibration", "Checksum", "Counter",  "Status",   "Mode",      "Level"};
static const char *const VERBS[] = {"Read",  "Write",   "Start", "Stop",   "Request",
                                    "Reset", "Control", "Adapt", "Results", "Clear"};
static const char *const WORDS[] = {
    "the",     "of",      "value",    "reads",     "writes",   "current",  "stored",
    "measured", "target", "actual",   "minimum",   "maximum",  "default",  "raw",
    "physical", "coded",  "signal",   "channel",   "module",   "control",  "unit",
    "diagnostic", "session", "security", "access", "routine",  "identifier", "data",
    "record",  "response", "request", "negative",  "positive", "service",  "memory",
    "address", "length",  "format",   "byte",      "bit",      "mask",     "offset",
    "table",   "entry",   "key",      "state",     "transition", "condition", "when",
    "after",   "before",  "during",   "engine",    "running",  "ignition", "on",
    "off",     "and",     "or",       "in",        "for",      "with"};
static const char *const SEMANTICS[] = {"DATA", "FUNCTION", "ROUTINE", "CURRENTDATA",
                                        "IDENTIFICATION", "STOREDDATA", "SECURITY"};

typedef struct payload_gen {
    mdd_buffer buf;
    mdd_sink sink;
    uint64_t rng;
    mdd_status st;
} payload_gen;

/* xorshift64*: fast, deterministic for a seed, and good enough for test data. */
static uint32_t gen_random(payload_gen *g)
{
    g->rng ^= g->rng >> 12;
    g->rng ^= g->rng << 25;
    g->rng ^= g->rng >> 27;
    return (uint32_t)((g->rng * 0x2545f4914f6cdd1dull) >> 32);
}

static const char *gen_pick(payload_gen *g, const char *const *list, size_t count)
{
    return list[gen_random(g) % count];
}

static void gen_put(payload_gen *g, const void *data, size_t len)
{
    mdd_error err;
    if (g->st == MDD_OK)
        g->st = mdd_sink_write(&g->sink, data, len, &err);
}

static void gen_put_str(payload_gen *g, const char *s) { gen_put(g, s, strlen(s)); }

static void gen_put_u32(payload_gen *g, uint32_t v)
{
    uint8_t le[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    gen_put(g, le, sizeof le);
}

/* Strings end in NUL and are padded to 4 bytes, as in a FlatBuffer. */
static void gen_end_string(payload_gen *g)
{
    static const uint8_t zeros[4] = {0};
    gen_put(g, zeros, 4 - g->buf.len % 4);
}

static void gen_short_name(payload_gen *g)
{
    uint32_t parts = 2 + gen_random(g) % 2;
    for (uint32_t i = 0; i < parts; i++)
        gen_put_str(g, gen_pick(g, NOUNS, BENCH_COUNT(NOUNS)));
    gen_put_str(g, "_");
    gen_put_str(g, gen_pick(g, VERBS, BENCH_COUNT(VERBS)));
    gen_end_string(g);
}

static void gen_sentence(payload_gen *g)
{
    uint32_t words = 5 + gen_random(g) % 8;
    for (uint32_t i = 0; i < words; i++) {
        gen_put_str(g, gen_pick(g, WORDS, BENCH_COUNT(WORDS)));
        gen_put_str(g, i + 1 < words ? " " : ".");
    }
    gen_end_string(g);
}

static void gen_record(payload_gen *g, uint32_t index)
{
    static const uint8_t SIDS[] = {0x10, 0x11, 0x14, 0x19, 0x22, 0x27, 0x2e, 0x31, 0x3e, 0x85};
    gen_put_u32(g, index);                     /* id */
    gen_put_u32(g, gen_random(g) & 0xffffff);  /* offset to a shared subtable */
    gen_put_u32(g, 0x00080004u | (gen_random(g) & 0x00f000f0u)); /* vtable-like sizes */
    gen_short_name(g);
    gen_sentence(g);
    gen_put_str(g, gen_pick(g, SEMANTICS, BENCH_COUNT(SEMANTICS)));
    gen_end_string(g);
    uint32_t did = gen_random(g);
    uint8_t request[4] = {SIDS[did % sizeof SIDS], (uint8_t)(did >> 8), (uint8_t)(did >> 16), 0};
    gen_put(g, request, sizeof request);
}

static int cmd_make_payload(char **argv)
{
    uint64_t bytes, seed;
    if (parse_u64(argv[1], &bytes) || parse_u64(argv[2], &seed))
        return 2;
    payload_gen g = {{0}, {0}, seed * 2 + 1, MDD_OK};
    g.sink = mdd_buffer_sink(&g.buf);
    for (uint32_t i = 0; g.st == MDD_OK && g.buf.len < bytes; i++)
        gen_record(&g, i);
    int rc = g.st == MDD_OK && write_file(argv[0], g.buf.data, (size_t)bytes) == 0 ? 0 : 1;
    mdd_buffer_free(&g.buf);
    return rc;
}

/* ---- lzma-encode ---- */

static int cmd_lzma_encode(char **argv)
{
    uint64_t preset;
    if (parse_u64(argv[2], &preset))
        return 2;
    size_t len;
    uint8_t *data = read_file(argv[0], &len);
    if (!data)
        return 1;
    mdd_buffer out = {0};
    mdd_error err;
    mdd_status st = mdd_lzma_encode(data, len, (uint32_t)preset, &out, &err);
    int rc = st || write_file(argv[1], out.data, out.len) ? 1 : 0;
    if (st)
        fprintf(stderr, "%s\n", err.message);
    mdd_buffer_free(&out);
    free(data);
    return rc;
}

/* The stored bytes of a file's first chunk, for tools that decode the same stream
 * (bench/run: xz --format=lzma -dc | sha512sum against mdd convert). */
static int cmd_chunk_data(char **argv)
{
    size_t len;
    uint8_t *data = read_file(argv[0], &len);
    if (!data)
        return 1;
    mdd_file f;
    mdd_error err;
    int rc = 1;
    if (mdd_file_parse(data, len, NULL, &f, &err) != MDD_OK)
        fprintf(stderr, "%s: %s\n", argv[0], err.message);
    else if (f.chunk_count == 0)
        fprintf(stderr, "%s: no chunk\n", argv[0]);
    else
        rc = write_file(argv[1], f.chunks[0].data.ptr, f.chunks[0].data.len) ? 1 : 0;
    mdd_file_free(&f);
    free(data);
    return rc;
}

static const struct command {
    const char *name;
    int args;
    const char *usage;
    int (*run)(char **argv);
} COMMANDS[] = {
    {"lzma", 3, "lzma STREAM_FILE SIZE REPEAT", cmd_lzma},
    {"sha512", 2, "sha512 FILE REPEAT", cmd_sha512},
    {"sha512-builtin", 2, "sha512-builtin FILE REPEAT", cmd_sha512_builtin},
    {"make-payload", 3, "make-payload OUT BYTES SEED", cmd_make_payload},
    {"lzma-encode", 3, "lzma-encode IN OUT PRESET", cmd_lzma_encode},
    {"chunk-data", 2, "chunk-data MDD_FILE OUT", cmd_chunk_data},
};

int main(int argc, char **argv)
{
    for (size_t i = 0; argc >= 2 && i < BENCH_COUNT(COMMANDS); i++) {
        if (strcmp(argv[1], COMMANDS[i].name) == 0 && argc == COMMANDS[i].args + 2)
            return COMMANDS[i].run(argv + 2);
    }
    fprintf(stderr, "usage:\n");
    for (size_t i = 0; i < BENCH_COUNT(COMMANDS); i++)
        fprintf(stderr, "  %s %s\n", argv[0], COMMANDS[i].usage);
    return 2;
}
