/* SPDX-License-Identifier: Apache-2.0 */
/* The store layer: each load strategy on MDD files built here, sidecar freshness and repair,
 * in-place conversion and its read-only fallback, verification and the memory report. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "testutil.h"

#include <mdd_internal/store.h>

#include <mdd/convert.h>
#include <mdd/store.h>
#include <mdd_internal/gen.h>
#include <mdd_internal/os.h>
#include <mdd_internal/codec.h>

#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_CHUNKS 4
#define PAGE 4096u

/* One chunk of a file built for a test. Its payload is derived from seed. */
typedef struct chunk_spec {
    const char *name;
    size_t len;
    uint64_t seed;
    int lzma;
    int bad_signature; /* the signature is of other bytes */
} chunk_spec;

/* Three chunks: compressed, empty and plain, with lengths that are not multiples of 8. */
static const chunk_spec MIXED[] = {
    {"A", 10001, 1, 1, 0},
    {"EMPTY", 0, 2, 0, 0},
    {"B", 5003, 3, 0, 0},
};
#define MIXED_COUNT (sizeof MIXED / sizeof MIXED[0])
/* Their payload bytes, and their layout at 8-byte-aligned offsets from 0: 0, 10008, 10008. */
#define MIXED_PAYLOAD 15004u
#define MIXED_HEAP 15011u
/* The sidecar: header and 3 table entries in the first page, payloads at 4096, 14104, 14104. */
#define MIXED_SIDECAR 19107u

static const chunk_spec COMPRESSED[] = {{"ECU", 40000, 7, 1, 0}};
static const chunk_spec PLAIN[] = {{"ECU", 40000, 7, 0, 0}};
static const chunk_spec OTHER[] = {{"ECU", 40000, 8, 1, 0}};
static const chunk_spec BAD_COMPRESSED[] = {{"ECU", 3000, 9, 1, 1}};
static const chunk_spec BAD_PLAIN[] = {{"ECU", 3000, 9, 0, 1}};

/* A scratch directory per test, with the MDD file's and its sidecar's paths in it. */
typedef struct fixture {
    char dir[4096];
    char mdd[4200];
    char fb[4210];
} fixture;

/* ---- building files ---- */

/* Deterministic bytes that compress a little: random words from a small alphabet. */
static uint8_t *payload_of(const chunk_spec *spec)
{
    uint8_t *p = malloc(spec->len ? spec->len : 1);
    assert_non_null(p);
    uint64_t x = spec->seed * 0x9e3779b97f4a7c15u + 1;
    for (size_t i = 0; i < spec->len; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        p[i] = (uint8_t)('a' + (x >> 40) % 16);
    }
    return p;
}

static mdd_bytes cstr(const char *s) { return (mdd_bytes){(const uint8_t *)s, strlen(s)}; }

/* What one built chunk points into while the file is encoded. */
typedef struct chunk_build {
    uint8_t *payload;
    mdd_buffer packed;
    uint8_t digest[MDD_SHA512_SIZE];
} chunk_build;

static void build_chunk(const chunk_spec *spec, chunk_build *b, mdd_chunk *c, mdd_signature *sig)
{
    static const uint8_t empty[1];
    mdd_error err;
    b->payload = payload_of(spec);
    assert_int_equal(mdd_sha512(b->payload, spec->len, b->digest, &err), MDD_OK);
    if (spec->bad_signature)
        b->digest[0] ^= 0x01;
    *sig = (mdd_signature){.algorithm = cstr(MDD_SIG_SHA512_UNCOMPRESSED),
                           .signature = {b->digest, MDD_SHA512_SIZE}};
    *c = (mdd_chunk){.name = cstr(spec->name), .signatures = sig, .signature_count = 1,
                     .data = {spec->len ? b->payload : empty, spec->len}};
    if (!spec->lzma)
        return;
    assert_int_equal(mdd_lzma_encode(b->payload, spec->len, 1, &b->packed, &err), MDD_OK);
    c->compression_algorithm = cstr("lzma");
    c->has_uncompressed_size = 1;
    c->uncompressed_size = spec->len;
    c->data = (mdd_bytes){b->packed.data, b->packed.len};
}

static mdd_status encode_file(void *ctx, mdd_sink *out, mdd_error *err)
{
    return mdd_file_encode(ctx, out, err);
}

/* Writes an MDD file of the given chunks, crash-safely, so it also leaves the page cache. */
static void write_mdd(const char *path, const chunk_spec *specs, size_t count)
{
    assert_true(count <= MAX_CHUNKS);
    chunk_build builds[MAX_CHUNKS] = {0};
    mdd_chunk chunks[MAX_CHUNKS];
    mdd_signature sigs[MAX_CHUNKS];
    for (size_t i = 0; i < count; i++)
        build_chunk(&specs[i], &builds[i], &chunks[i], &sigs[i]);
    mdd_file file = {.version = cstr("2025-05-21"), .ecu_name = cstr("ECU"), .chunks = chunks,
                     .chunk_count = count};
    mdd_error err;
    assert_int_equal(mdd_write_file_atomic(path, 0644, encode_file, &file, &err), MDD_OK);
    for (size_t i = 0; i < count; i++) {
        free(builds[i].payload);
        mdd_buffer_free(&builds[i].packed);
    }
}

/* Flips one bit of the file at offset, in place. */
static void flip_byte(const char *path, off_t offset)
{
    int fd = open(path, O_RDWR | O_CLOEXEC);
    assert_true(fd >= 0);
    uint8_t b;
    assert_int_equal(pread(fd, &b, 1, offset), 1);
    b ^= 0x01;
    assert_int_equal(pwrite(fd, &b, 1, offset), 1);
    assert_int_equal(close(fd), 0);
}

/* ---- inspecting ---- */

static struct stat stat_of(const char *path)
{
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    return st;
}

static int exists(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

/* Drops the file's clean, unmapped pages from the page cache. Pages that a process still maps
 * stay, so what mincore(2) reports afterwards is what the store keeps mapped. */
static void evict(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    assert_true(fd >= 0);
    assert_int_equal(posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED), 0);
    close(fd);
}

static mdd_store_options options(mdd_strategy strategy, int verify)
{
    mdd_store_options o = mdd_store_options_default();
    o.strategy = strategy;
    o.verify = verify;
    return o;
}

static mdd_store *open_ok(const char *path, mdd_strategy strategy, int verify)
{
    mdd_store_options o = options(strategy, verify);
    mdd_store *s = NULL;
    mdd_error err = {0};
    mdd_status st = mdd_store_open(path, &o, &s, &err);
    if (st != MDD_OK)
        fail_msg("open under %s: %s", mdd_strategy_name(strategy), err.message);
    assert_non_null(s);
    return s;
}

static void assert_open_fails(const char *path, const mdd_store_options *o, mdd_status want,
                              const char *substring)
{
    mdd_store *s = (mdd_store *)1;
    mdd_error err = {0};
    assert_int_equal(mdd_store_open(path, o, &s, &err), want);
    assert_null(s);
    assert_int_equal(err.status, want);
    if (!strstr(err.message, substring))
        fail_msg("message \"%s\" lacks \"%s\"", err.message, substring);
}

/* Every chunk view holds exactly its payload, and the file has the chunks built. */
static void assert_views(const mdd_store *s, const chunk_spec *specs, size_t count)
{
    const mdd_file *f = mdd_store_file(s);
    assert_int_equal(f->chunk_count, count);
    for (size_t i = 0; i < count; i++) {
        mdd_bytes v = tu_chunk_data(s, i);
        assert_non_null(v.ptr);
        assert_int_equal(v.len, specs[i].len);
        uint8_t *expected = payload_of(&specs[i]);
        assert_memory_equal(v.ptr, expected, specs[i].len);
        free(expected);
        assert_true(mdd_bytes_equal_str(f->chunks[i].name, specs[i].name));
    }
    mdd_bytes none = {(const uint8_t *)"", 1};
    mdd_error err;
    assert_int_equal(mdd_store_chunk_data(s, count, &none, &err), MDD_ERR_ARG);
    assert_null(none.ptr);
    assert_int_equal(none.len, 0);
    char want[64];
    snprintf(want, sizeof want, "no chunk %zu: the file has %zu", count, count);
    assert_string_equal(err.message, want);
    uint64_t size = 1;
    assert_int_equal(mdd_store_chunk_size(s, count, &size, &err), MDD_ERR_ARG);
    assert_int_equal(size, 0);
    assert_string_equal(err.message, want);
}

static void assert_aligned_views(const mdd_store *s)
{
    for (size_t i = 0; i < mdd_store_file(s)->chunk_count; i++)
        assert_int_equal((uintptr_t)tu_chunk_data(s, i).ptr % 8, 0);
}

static mdd_store_memory report_of(const mdd_store *s)
{
    mdd_store_memory m;
    mdd_error err;
    assert_int_equal(mdd_store_memory_report(s, &m, &err), MDD_OK);
    return m;
}

/* ---- fixture ---- */

static int setup(void **state)
{
    fixture *fx = calloc(1, sizeof *fx);
    if (!fx)
        return -1;
    if (tu_make_temp_dir(fx->dir, sizeof fx->dir, "store") != 0)
        return -1;
    snprintf(fx->mdd, sizeof fx->mdd, "%s/ecu.mdd", fx->dir);
    snprintf(fx->fb, sizeof fx->fb, "%s/ecu.mdd.fb", fx->dir);
    *state = fx;
    return 0;
}

static int teardown(void **state)
{
    fixture *fx = *state;
    chmod(fx->dir, 0700);
    int rc = tu_remove_tree(fx->dir);
    free(fx);
    return rc;
}

/* ---- names, options, arguments ---- */

static void test_strategy_names(void **state)
{
    (void)state;
    static const char *const names[] = {"heap", "sidecar", "inplace", "pread"};
    for (int i = 0; i < MDD_STRATEGY_COUNT; i++) {
        mdd_strategy s = MDD_STRATEGY_HEAP;
        assert_string_equal(mdd_strategy_name((mdd_strategy)i), names[i]);
        assert_int_equal(mdd_strategy_parse(names[i], &s, NULL), MDD_OK);
        assert_int_equal(s, i);
    }
    mdd_strategy s = MDD_STRATEGY_SIDECAR;
    mdd_error err;
    assert_int_equal(mdd_strategy_parse("Heap", &s, &err), MDD_ERR_ARG);
    assert_string_equal(err.message,
                        "unknown strategy 'Heap': heap, sidecar, inplace or pread");
    assert_int_equal(mdd_strategy_parse("", &s, NULL), MDD_ERR_ARG);
    assert_int_equal(mdd_strategy_parse(NULL, &s, &err), MDD_ERR_ARG);
    assert_string_equal(err.message, "no strategy name");
    assert_int_equal(s, MDD_STRATEGY_SIDECAR);
    assert_string_equal(mdd_strategy_name((mdd_strategy)4), "unknown");

    mdd_store_options o = mdd_store_options_default();
    assert_int_equal(o.strategy, MDD_STRATEGY_INPLACE);
    assert_int_equal(o.verify, 1);
    assert_int_equal(o.allow_fallback, 0);
    assert_int_equal(o.fallback, MDD_STRATEGY_HEAP);
    assert_int_equal(o.limits.max_uncompressed_size, mdd_codec_limits_default().max_uncompressed_size);
    assert_int_equal(o.parse.max_repeated, mdd_parse_options_default().max_repeated);
}

static void test_open_arguments(void **state)
{
    fixture *fx = *state;
    write_mdd(fx->mdd, PLAIN, 1);
    mdd_store *s;
    mdd_error err;
    assert_int_equal(mdd_store_open(fx->mdd, NULL, NULL, &err), MDD_ERR_ARG);
    mdd_store_options o = mdd_store_options_default();
    assert_open_fails(NULL, &o, MDD_ERR_ARG, "no path");
    o.strategy = (mdd_strategy)4;
    assert_open_fails(fx->mdd, &o, MDD_ERR_ARG, "unknown strategy 4");
    o = mdd_store_options_default();
    o.allow_fallback = 1;
    o.fallback = MDD_STRATEGY_INPLACE;
    assert_open_fails(fx->mdd, &o, MDD_ERR_ARG, "must be heap or sidecar");
    o.fallback = MDD_STRATEGY_PREAD;
    assert_open_fails(fx->mdd, &o, MDD_ERR_ARG, "must be heap or sidecar");
    /* An unused fallback is not checked. */
    o.allow_fallback = 0;
    assert_int_equal(mdd_store_open(fx->mdd, &o, &s, &err), MDD_OK);
    mdd_bytes data;
    uint64_t size;
    assert_int_equal(mdd_store_chunk_data(s, 0, NULL, &err), MDD_ERR_ARG);
    assert_string_equal(err.message, "no view to fill");
    assert_int_equal(mdd_store_chunk_size(s, 0, NULL, &err), MDD_ERR_ARG);
    assert_string_equal(err.message, "no size to fill");
    mdd_store_close(s);
    mdd_store_close(NULL);
    assert_int_equal(mdd_store_chunk_data(NULL, 0, &data, &err), MDD_ERR_ARG);
    assert_string_equal(err.message, "no store");
    assert_null(data.ptr);
    assert_int_equal(mdd_store_chunk_size(NULL, 0, &size, &err), MDD_ERR_ARG);
    assert_string_equal(err.message, "no store");
    assert_int_equal(size, 0);
    assert_int_equal(mdd_store_memory_report(NULL, NULL, &err), MDD_ERR_ARG);
}

static void test_missing_and_malformed(void **state)
{
    fixture *fx = *state;
    for (int i = 0; i < MDD_STRATEGY_COUNT; i++) {
        mdd_store_options o = options((mdd_strategy)i, 1);
        assert_open_fails(fx->mdd, &o, MDD_ERR_IO, "No such file or directory");
    }
    tu_write_file(fx->mdd, "not an MDD file at all", 22);
    for (int i = 0; i < MDD_STRATEGY_COUNT; i++) {
        mdd_store_options o = options((mdd_strategy)i, 1);
        assert_open_fails(fx->mdd, &o, MDD_ERR_FORMAT, "magic");
    }
    /* Nothing was written beside it. */
    assert_int_equal(tu_entries_in(fx->dir), 1);
}

/* ---- heap ---- */

static void test_heap(void **state)
{
    fixture *fx = *state;
    write_mdd(fx->mdd, MIXED, MIXED_COUNT);
    mdd_store *s = open_ok(fx->mdd, MDD_STRATEGY_HEAP, 1);
    /* Decoding read the whole compressed file; open released it from the process. Measured
     * first: reading the file's views (chunk names) below faults its pages back in. */
    evict(fx->mdd);
    mdd_store_memory m = report_of(s);
    assert_int_equal(m.payload_bytes, MIXED_PAYLOAD);
    assert_int_equal(m.heap_bytes, MIXED_HEAP);
    assert_int_equal(m.mapped_bytes, stat_of(fx->mdd).st_size);
    assert_int_equal(m.resident_bytes, 0);
    assert_int_equal(mdd_store_strategy(s), MDD_STRATEGY_HEAP);
    assert_views(s, MIXED, MIXED_COUNT);
    assert_aligned_views(s);
    assert_ptr_equal(tu_chunk_data(s, 2).ptr, tu_chunk_data(s, 0).ptr + 10008);
    assert_true(mdd_bytes_equal_str(mdd_store_file(s)->chunks[0].compression_algorithm, "lzma"));
    mdd_store_close(s);
    /* heap never writes: the directory holds the file alone. */
    assert_int_equal(tu_entries_in(fx->dir), 1);
}

static void test_heap_checks_signatures(void **state)
{
    fixture *fx = *state;
    write_mdd(fx->mdd, BAD_COMPRESSED, 1);
    mdd_store_options o = options(MDD_STRATEGY_HEAP, 1);
    assert_open_fails(fx->mdd, &o, MDD_ERR_CHECKSUM, "chunk 0: signatures[0]: SHA-512 mismatch");
    /* Without verification the payload is decoded but not hashed. */
    mdd_store *s = open_ok(fx->mdd, MDD_STRATEGY_HEAP, 0);
    assert_views(s, BAD_COMPRESSED, 1);
    mdd_store_close(s);
}

/* A file of the header alone is no database: every strategy refuses it, and nothing is
 * written beside it (no sidecar, no verification record). */
static void test_no_chunks(void **state)
{
    fixture *fx = *state;
    write_mdd(fx->mdd, NULL, 0);
    for (int i = 0; i < MDD_STRATEGY_COUNT; i++) {
        mdd_store_options o = options((mdd_strategy)i, 1);
        assert_open_fails(fx->mdd, &o, MDD_ERR_FORMAT, "MDDFile: no chunks");
        assert_int_equal(tu_entries_in(fx->dir), 1);
    }
}

/* ---- sidecar ---- */

static uint64_t le64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

/* The header records the MDD file's identity and the chunk table the layout. */
static void assert_sidecar_header(const char *fb, const char *mdd)
{
    size_t len;
    uint8_t *h = tu_read_file(fb, &len);
    struct stat st = stat_of(mdd);
    assert_int_equal(len, MIXED_SIDECAR);
    assert_memory_equal(h, "MDDSIDE1\1\0\0\0\0\0\0\0", 16);
    assert_int_equal(le64(h + 16), MIXED_COUNT);
    assert_int_equal(le64(h + 24), st.st_size);
    assert_int_equal(le64(h + 32), st.st_mtim.tv_sec);
    assert_int_equal(le64(h + 40), st.st_mtim.tv_nsec);
    assert_int_equal(le64(h + 48), st.st_ino);
    assert_int_equal(le64(h + 56), st.st_dev);
    static const uint64_t offsets[] = {4096, 14104, 14104};
    for (size_t i = 0; i < MIXED_COUNT; i++) {
        assert_int_equal(le64(h + 64 + 80 * i), offsets[i]);
        assert_int_equal(le64(h + 72 + 80 * i), MIXED[i].len);
    }
    free(h);
}

static void test_sidecar_built_then_reused(void **state)
{
    fixture *fx = *state;
    write_mdd(fx->mdd, MIXED, MIXED_COUNT);
    mdd_store *s = open_ok(fx->mdd, MDD_STRATEGY_SIDECAR, 1);
    /* Verification read every payload; open released both mappings from the process. */
    evict(fx->mdd);
    evict(fx->fb);
    mdd_store_memory m = report_of(s);
    assert_int_equal(m.payload_bytes, MIXED_PAYLOAD);
    assert_int_equal(m.heap_bytes, 0);
    assert_int_equal(m.mapped_bytes, stat_of(fx->mdd).st_size + MIXED_SIDECAR);
    assert_int_equal(m.resident_bytes, 0);
    assert_int_equal(mdd_store_strategy(s), MDD_STRATEGY_SIDECAR);
    assert_views(s, MIXED, MIXED_COUNT);
    assert_aligned_views(s);
    assert_int_equal((uintptr_t)tu_chunk_data(s, 0).ptr % PAGE, 0);
    assert_sidecar_header(fx->fb, fx->mdd);
    assert_int_equal(stat_of(fx->fb).st_mode & 0777, 0644);
    mdd_store_close(s);

    ino_t ino = stat_of(fx->fb).st_ino;
    s = open_ok(fx->mdd, MDD_STRATEGY_SIDECAR, 1);
    assert_int_equal(stat_of(fx->fb).st_ino, ino);
    assert_views(s, MIXED, MIXED_COUNT);
    mdd_store_close(s);
    /* The MDD file, its sidecar, and no temporary file. */
    assert_int_equal(tu_entries_in(fx->dir), 2);
}

static void test_sidecar_stale_mtime(void **state)
{
    fixture *fx = *state;
    write_mdd(fx->mdd, MIXED, MIXED_COUNT);
    mdd_store_close(open_ok(fx->mdd, MDD_STRATEGY_SIDECAR, 1));
    ino_t ino = stat_of(fx->fb).st_ino;
    struct timespec times[2] = {{0, UTIME_OMIT}, {1700000000, 123456789}};
    assert_int_equal(utimensat(AT_FDCWD, fx->mdd, times, 0), 0);
    /* Even unverified, a sidecar of another version of the file is not used. */
    mdd_store *s = open_ok(fx->mdd, MDD_STRATEGY_SIDECAR, 0);
    assert_int_not_equal(stat_of(fx->fb).st_ino, ino);
    assert_sidecar_header(fx->fb, fx->mdd);
    assert_views(s, MIXED, MIXED_COUNT);
    mdd_store_close(s);
}

static void test_sidecar_stale_content(void **state)
{
    fixture *fx = *state;
    write_mdd(fx->mdd, COMPRESSED, 1);
    mdd_store_close(open_ok(fx->mdd, MDD_STRATEGY_SIDECAR, 1));
    write_mdd(fx->mdd, OTHER, 1);
    mdd_store *s = open_ok(fx->mdd, MDD_STRATEGY_SIDECAR, 0);
    assert_views(s, OTHER, 1);
    mdd_store_close(s);
    assert_int_equal(tu_entries_in(fx->dir), 2);
}

/* A sidecar whose header fits but whose payload was damaged later: verification finds it and
 * the sidecar is rebuilt once; without verification it is used as it is. */
static void test_sidecar_damaged_payload(void **state)
{
    fixture *fx = *state;
    write_mdd(fx->mdd, MIXED, MIXED_COUNT);
    mdd_store_close(open_ok(fx->mdd, MDD_STRATEGY_SIDECAR, 1));
    ino_t ino = stat_of(fx->fb).st_ino;
    flip_byte(fx->fb, 14104 + 10);

    mdd_store *s = open_ok(fx->mdd, MDD_STRATEGY_SIDECAR, 0);
    assert_int_equal(stat_of(fx->fb).st_ino, ino);
    uint8_t *b = payload_of(&MIXED[2]);
    assert_int_equal(tu_chunk_data(s, 2).ptr[10], b[10] ^ 0x01);
    free(b);
    mdd_store_close(s);

    s = open_ok(fx->mdd, MDD_STRATEGY_SIDECAR, 1);
    assert_int_not_equal(stat_of(fx->fb).st_ino, ino);
    assert_views(s, MIXED, MIXED_COUNT);
    mdd_store_close(s);
    assert_int_equal(tu_entries_in(fx->dir), 2);
}

/* Opens with a malformed sidecar in place and checks that it was rebuilt. */
static void assert_rebuilds(const fixture *fx)
{
    mdd_store *s = open_ok(fx->mdd, MDD_STRATEGY_SIDECAR, 0);
    assert_views(s, MIXED, MIXED_COUNT);
    mdd_store_close(s);
    assert_sidecar_header(fx->fb, fx->mdd);
}

static void test_sidecar_malformed(void **state)
{
    fixture *fx = *state;
    write_mdd(fx->mdd, MIXED, MIXED_COUNT);
    tu_write_file(fx->fb, "MDDSIDE1", 8);
    assert_rebuilds(fx);
    flip_byte(fx->fb, 0); /* magic */
    assert_rebuilds(fx);
    flip_byte(fx->fb, 8); /* version */
    assert_rebuilds(fx);
    flip_byte(fx->fb, 12); /* reserved */
    assert_rebuilds(fx);
    flip_byte(fx->fb, 16 + 7); /* a huge chunk count */
    assert_rebuilds(fx);
    flip_byte(fx->fb, 64 + 80); /* entry 1's offset, no longer aligned */
    assert_rebuilds(fx);
    flip_byte(fx->fb, 64 + 80 * 2 + 8 + 5); /* entry 2's length, past the end */
    assert_rebuilds(fx);
    flip_byte(fx->fb, 64 + 16 + 3); /* entry 0's SHA-512 */
    assert_rebuilds(fx);
    assert_int_equal(truncate(fx->fb, MIXED_SIDECAR - 1), 0);
    assert_rebuilds(fx);
    assert_int_equal(unlink(fx->fb), 0);
    assert_int_equal(mkdir(fx->fb, 0700), 0);
    /* What is not a regular file in the sidecar's place is refused, and left as it is. */
    mdd_store_options o = options(MDD_STRATEGY_SIDECAR, 1);
    assert_open_fails(fx->mdd, &o, MDD_ERR_ARG,
                      "sidecar: not a regular file (a directory): not replaced");
    assert_int_equal(rmdir(fx->fb), 0);
    assert_int_equal(mkfifo(fx->fb, 0600), 0);
    assert_open_fails(fx->mdd, &o, MDD_ERR_ARG,
                      "sidecar: not a regular file (a FIFO): not replaced");
    assert_true(S_ISFIFO(stat_of(fx->fb).st_mode));
    assert_int_equal(unlink(fx->fb), 0);
}

/* A chunk that does not match its signature never gets into a sidecar. */
static void test_sidecar_refuses_bad_chunk(void **state)
{
    fixture *fx = *state;
    write_mdd(fx->mdd, BAD_COMPRESSED, 1);
    for (int verify = 0; verify <= 1; verify++) {
        mdd_store_options o = options(MDD_STRATEGY_SIDECAR, verify);
        assert_open_fails(fx->mdd, &o, MDD_ERR_CHECKSUM,
                          "sidecar: chunk 0: signatures[0]: SHA-512 mismatch");
        assert_int_equal(tu_entries_in(fx->dir), 1);
    }
}

static void test_sidecar_path_and_remove(void **state)
{
    fixture *fx = *state;
    char *p;
    mdd_error err;
    assert_int_equal(mdd_sidecar_path("dir/ECU.mdd", &p, &err), MDD_OK);
    assert_string_equal(p, "dir/ECU.mdd.fb");
    free(p);
    assert_int_equal(mdd_sidecar_path(NULL, &p, &err), MDD_ERR_ARG);
    assert_null(p);
    assert_string_equal(err.message, "no path");

    write_mdd(fx->mdd, PLAIN, 1);
    mdd_store_close(open_ok(fx->mdd, MDD_STRATEGY_SIDECAR, 1));
    assert_true(exists(fx->fb));
    assert_int_equal(mdd_sidecar_remove(fx->mdd, &err), MDD_OK);
    assert_false(exists(fx->fb));
    assert_int_equal(mdd_sidecar_remove(fx->mdd, &err), MDD_OK);
    assert_int_equal(mdd_sidecar_remove(NULL, &err), MDD_ERR_ARG);
    assert_int_equal(tu_entries_in(fx->dir), 1);
}

/* ---- inplace ---- */

static void assert_plain_on_disk(const char *path, const chunk_spec *specs, size_t count)
{
    mdd_mapping map;
    mdd_file f;
    mdd_error err;
    assert_int_equal(mdd_mapping_open(path, &map, &err), MDD_OK);
    assert_int_equal(mdd_file_parse(map.data, map.size, NULL, &f, &err), MDD_OK);
    assert_true(mdd_file_is_plain(&f));
    assert_int_equal(f.chunk_count, count);
    for (size_t i = 0; i < count; i++) {
        uint8_t *expected = payload_of(&specs[i]);
        assert_null(f.chunks[i].compression_algorithm.ptr);
        assert_int_equal(f.chunks[i].data.len, specs[i].len);
        assert_memory_equal(f.chunks[i].data.ptr, expected, specs[i].len);
        free(expected);
    }
    mdd_file_free(&f);
    mdd_mapping_close(&map);
}

/* The views are the chunks' data fields in the mapping: nothing was copied. */
static void assert_zero_copy(const mdd_store *s)
{
    const mdd_file *f = mdd_store_file(s);
    for (size_t i = 0; i < f->chunk_count; i++)
        if (f->chunks[i].data.len)
            assert_ptr_equal(tu_chunk_data(s, i).ptr, f->chunks[i].data.ptr);
}

static void test_inplace_converts(void **state)
{
    fixture *fx = *state;
    write_mdd(fx->mdd, MIXED, MIXED_COUNT);
    mdd_store *s = open_ok(fx->mdd, MDD_STRATEGY_INPLACE, 1);
    evict(fx->mdd);
    mdd_store_memory m = report_of(s);
    assert_int_equal(m.payload_bytes, MIXED_PAYLOAD);
    assert_int_equal(m.heap_bytes, 0);
    assert_int_equal(m.mapped_bytes, stat_of(fx->mdd).st_size);
    assert_int_equal(m.resident_bytes, 0);
    assert_int_equal(mdd_store_strategy(s), MDD_STRATEGY_INPLACE);
    assert_views(s, MIXED, MIXED_COUNT);
    assert_zero_copy(s);
    assert_true(mdd_file_is_plain(mdd_store_file(s)));
    mdd_store_close(s);
    assert_plain_on_disk(fx->mdd, MIXED, MIXED_COUNT);
    /* The file and its verification record: no temporary file left. */
    assert_int_equal(tu_entries_in(fx->dir), 2);
}

static void test_inplace_leaves_plain_file(void **state)
{
    fixture *fx = *state;
    write_mdd(fx->mdd, PLAIN, 1);
    struct stat before = stat_of(fx->mdd);
    mdd_store *s = open_ok(fx->mdd, MDD_STRATEGY_INPLACE, 1);
    assert_views(s, PLAIN, 1);
    assert_zero_copy(s);
    mdd_store_close(s);
    struct stat after = stat_of(fx->mdd);
    assert_int_equal(after.st_ino, before.st_ino);
    assert_int_equal(after.st_mtim.tv_sec, before.st_mtim.tv_sec);
    assert_int_equal(after.st_mtim.tv_nsec, before.st_mtim.tv_nsec);
}

static void test_inplace_checks_signatures(void **state)
{
    fixture *fx = *state;
    write_mdd(fx->mdd, BAD_PLAIN, 1);
    mdd_store_options o = options(MDD_STRATEGY_INPLACE, 1);
    assert_open_fails(fx->mdd, &o, MDD_ERR_CHECKSUM, "chunk 0: signatures[0]: SHA-512 mismatch");
    mdd_store *s = open_ok(fx->mdd, MDD_STRATEGY_INPLACE, 0);
    assert_views(s, BAD_PLAIN, 1);
    mdd_store_close(s);
    /* A compressed chunk that fails its signature is never converted. */
    write_mdd(fx->mdd, BAD_COMPRESSED, 1);
    ino_t ino = stat_of(fx->mdd).st_ino;
    assert_open_fails(fx->mdd, &o, MDD_ERR_CHECKSUM, "convert: ");
    assert_int_equal(stat_of(fx->mdd).st_ino, ino);
}

/* Makes dir unwritable for this process: without root by its mode; as root, where modes do
 * not bind, by a read-only bind mount in a mount namespace of this process's own. Returns 0
 * when that is not possible here. */
static int make_read_only(const char *dir)
{
    if (geteuid() != 0)
        return chmod(dir, 0555) == 0;
    if (unshare(CLONE_NEWNS) != 0 || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
        return 0;
    if (mount(dir, dir, NULL, MS_BIND, NULL) != 0)
        return 0;
    if (mount(NULL, dir, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL) != 0) {
        umount(dir);
        return 0;
    }
    return 1;
}

static void undo_read_only(const char *dir)
{
    if (geteuid() != 0)
        assert_int_equal(chmod(dir, 0700), 0);
    else
        assert_int_equal(umount(dir), 0);
}

static void test_inplace_read_only(void **state)
{
    fixture *fx = *state;
    write_mdd(fx->mdd, COMPRESSED, 1);
    if (!make_read_only(fx->dir))
        skip();
    mdd_store_options o = options(MDD_STRATEGY_INPLACE, 1);
    assert_open_fails(fx->mdd, &o, MDD_ERR_READ_ONLY, "cannot convert in place: ");
    assert_open_fails(fx->mdd, &o, MDD_ERR_READ_ONLY,
                      "; allow a fallback strategy to open it anyway");
    o.allow_fallback = 1;
    mdd_store *s = NULL;
    mdd_error err = {0};
    mdd_status st = mdd_store_open(fx->mdd, &o, &s, &err);
    mdd_strategy used = st == MDD_OK ? mdd_store_strategy(s) : MDD_STRATEGY_INPLACE;
    uint64_t heap = st == MDD_OK ? report_of(s).heap_bytes : 0;
    /* The store maps a file on the read-only mount: closed first, so it can be undone. */
    mdd_store_close(s);
    undo_read_only(fx->dir);
    if (st != MDD_OK)
        fail_msg("fallback: %s", err.message);
    assert_int_equal(used, MDD_STRATEGY_HEAP);
    assert_int_equal(heap, 40000);
    /* The file was left as it was. */
    assert_int_equal(tu_entries_in(fx->dir), 1);
    s = open_ok(fx->mdd, MDD_STRATEGY_HEAP, 1);
    assert_views(s, COMPRESSED, 1);
    assert_true(mdd_bytes_equal_str(mdd_store_file(s)->chunks[0].compression_algorithm, "lzma"));
    mdd_store_close(s);
}

/* ---- pread ---- */

static mdd_store *open_pread(const char *path, uint32_t block, uint64_t budget)
{
    mdd_store_options o = options(MDD_STRATEGY_PREAD, 1);
    o.cache_options.budget_bytes = budget;
    o.cache_options.block_size = block;
    mdd_store *s = NULL;
    mdd_error err = {0};
    if (mdd_store_open(path, &o, &s, &err) != MDD_OK)
        fail_msg("open under pread: %s", err.message);
    return s;
}

static mdd_pin read_ok(const mdd_store *s, size_t index, uint64_t offset, size_t len)
{
    mdd_pin pin = {0};
    mdd_error err = {0};
    if (mdd_store_read(s, index, offset, len, &pin, &err) != MDD_OK)
        fail_msg("read chunk %zu, %zu at %llu: %s", index, len, (unsigned long long)offset,
                 err.message);
    assert_int_equal(pin.bytes.len, len);
    assert_non_null(pin.bytes.ptr);
    return pin;
}

static void test_pread_converts(void **state)
{
    fixture *fx = *state;
    write_mdd(fx->mdd, MIXED, MIXED_COUNT);
    mdd_store *s = open_ok(fx->mdd, MDD_STRATEGY_PREAD, 1);
    assert_int_equal(mdd_store_strategy(s), MDD_STRATEGY_PREAD);
    assert_true(mdd_file_is_plain(mdd_store_file(s)));
    evict(fx->mdd);
    /* Verification read with pread(2): nothing is cached and no payload page is mapped. */
    mdd_store_memory m = report_of(s);
    assert_int_equal(m.payload_bytes, MIXED_PAYLOAD);
    assert_int_equal(m.heap_bytes, 0);
    assert_int_equal(m.cached_bytes, 0);
    assert_int_equal(m.mapped_bytes, stat_of(fx->mdd).st_size);
    assert_int_equal(m.resident_bytes, 0);
    mdd_cache_stats st;
    mdd_cache_stats_read(mdd_store_cache(s), &st);
    assert_int_equal(st.budget_bytes, 16u << 20);
    /* Whole chunks are views of the mapping (aligned as the file has them, as for inplace):
     * nothing cached, nothing pinned. */
    assert_views(s, MIXED, MIXED_COUNT);
    assert_ptr_equal(tu_chunk_data(s, 0).ptr, mdd_store_file(s)->chunks[0].data.ptr);
    assert_int_equal(report_of(s).cached_bytes, 0);
    mdd_cache_stats_read(mdd_store_cache(s), &st);
    assert_int_equal(st.pinned_bytes, 0);
    assert_int_equal(st.misses, 0);
    /* Ranges go through the cache, pinned until released. */
    mdd_pin pin = read_ok(s, 0, 0, 10001);
    mdd_cache_stats_read(mdd_store_cache(s), &st);
    assert_int_equal(st.pinned_bytes, 10001);
    mdd_pin_release(&pin);
    mdd_cache_stats_read(mdd_store_cache(s), &st);
    assert_int_equal(st.pinned_bytes, 0);
    assert_int_equal(st.misses, 1);
    mdd_store_close(s);
    assert_plain_on_disk(fx->mdd, MIXED, MIXED_COUNT);
    /* The file and its verification record: no temporary file left. */
    assert_int_equal(tu_entries_in(fx->dir), 2);
    /* The other strategies have no cache. */
    s = open_ok(fx->mdd, MDD_STRATEGY_INPLACE, 1);
    assert_null(mdd_store_cache(s));
    assert_int_equal(report_of(s).cached_bytes, 0);
    mdd_store_close(s);
}

/* Four chunks of 2 MiB: a payload 128 times the cache budget below. */
static const chunk_spec LARGE[] = {
    {"L0", 2u << 20, 21, 0, 0},
    {"L1", 2u << 20, 22, 0, 0},
    {"L2", 2u << 20, 23, 0, 0},
    {"L3", 2u << 20, 24, 0, 0},
};
#define LARGE_COUNT (sizeof LARGE / sizeof LARGE[0])

/* The process's anonymous resident memory (RssAnon of /proc/self/status), in KiB. */
static uint64_t anon_kb(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    assert_non_null(f);
    char line[256];
    unsigned long long kb = 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "RssAnon: %llu kB", &kb) == 1)
            break;
    fclose(f);
    assert_true(kb > 0);
    return kb;
}

/* Every byte of every chunk read whole (mdd_store_chunk_data()), then in released ranges
 * (mdd_store_read()): whole chunks cost no anonymous memory at all, and the ranges leave the
 * cache within its budget with nothing pinned. (Anonymous memory is not measured around the
 * ranges: the allocator may keep what the cache frees, an AddressSanitizer build all of it.) */
static void test_pread_bounded_on_every_path(void **state)
{
    fixture *fx = *state;
    write_mdd(fx->mdd, LARGE, LARGE_COUNT);
    const uint64_t budget = 64u << 10;
    mdd_store *s = open_pread(fx->mdd, 4096, budget);
    uint64_t sum = 0;
    uint64_t before = anon_kb();
    for (size_t i = 0; i < LARGE_COUNT; i++) {
        mdd_bytes whole = tu_chunk_data(s, i);
        assert_int_equal(whole.len, LARGE[i].len);
        for (size_t at = 0; at < whole.len; at += 512)
            sum += whole.ptr[at];
    }
    uint64_t grown = anon_kb() - before;
    mdd_cache_stats st;
    mdd_cache_stats_read(mdd_store_cache(s), &st);
    assert_int_equal(st.cached_bytes, 0);
    for (size_t i = 0; i < LARGE_COUNT; i++) {
        for (uint64_t at = 0; at < LARGE[i].len; at += 16384) {
            mdd_pin pin = read_ok(s, i, at, 16384);
            sum += pin.bytes.ptr[0];
            mdd_pin_release(&pin);
        }
    }
    assert_true(sum > 0);
    mdd_cache_stats_read(mdd_store_cache(s), &st);
    assert_int_equal(st.pinned_bytes, 0);
    assert_true(st.cached_bytes <= budget);
    assert_true(report_of(s).cached_bytes <= budget);
    mdd_store_close(s);
    /* 8 MiB touched through the mapping; a few pages of stack and stdio at most. Under
     * ThreadSanitizer every byte read has anonymous shadow memory of its own. */
    if (TU_THREAD_SANITIZER)
        print_message("anonymous memory not checked under ThreadSanitizer (its shadow)\n");
    else if (grown > 256)
        fail_msg("anonymous memory grew by %llu KiB reading 8 MiB whole",
                 (unsigned long long)grown);
}

static void test_pread_checks_signatures(void **state)
{
    fixture *fx = *state;
    write_mdd(fx->mdd, BAD_PLAIN, 1);
    mdd_store_options o = options(MDD_STRATEGY_PREAD, 1);
    assert_open_fails(fx->mdd, &o, MDD_ERR_CHECKSUM, "chunk 0: signatures[0]: SHA-512 mismatch");
}

/* A file cut short after the open: the read fails naming the file, the chunk and what is
 * missing, nothing is cached, and mdd_store_chunk_data() fails the same way. */
static void assert_file_ends_early(const char *path, const mdd_error *err)
{
    char want[4300];
    snprintf(want, sizeof want, "%s: chunk 0: the file ends ", path);
    if (strncmp(err->message, want, strlen(want)) != 0 || !strstr(err->message, " bytes early"))
        fail_msg("message \"%s\"", err->message);
}

static void test_pread_short_file(void **state)
{
    fixture *fx = *state;
    write_mdd(fx->mdd, PLAIN, 1);
    mdd_store *s = open_pread(fx->mdd, 4096, 1u << 20);
    assert_int_equal(truncate(fx->mdd, stat_of(fx->mdd).st_size - 20000), 0);
    mdd_pin pin = {0};
    mdd_error err = {0};
    assert_int_equal(mdd_store_read(s, 0, 30000, 10, &pin, &err), MDD_ERR_IO);
    assert_null(pin.bytes.ptr);
    assert_file_ends_early(fx->mdd, &err);
    mdd_bytes none;
    mdd_error again = {0};
    assert_int_equal(mdd_store_chunk_data(s, 0, &none, &again), MDD_ERR_IO);
    assert_null(none.ptr);
    assert_int_equal(none.len, 0);
    assert_file_ends_early(fx->mdd, &again);
    assert_int_equal(mdd_store_try_read(s, 0, 30000, 10, &pin, &err), MDD_ERR_WOULD_BLOCK);
    /* What the file still holds reads as before. */
    pin = read_ok(s, 0, 0, 100);
    uint8_t *expected = payload_of(&PLAIN[0]);
    assert_memory_equal(pin.bytes.ptr, expected, 100);
    free(expected);
    mdd_pin_release(&pin);
    mdd_cache_stats st;
    mdd_cache_stats_read(mdd_store_cache(s), &st);
    assert_int_equal(st.entries, 1);
    assert_int_equal(st.misses, 1);
    mdd_store_close(s);
}

/* Ranges at and across block edges, of chunk index of both stores, hold the same bytes. */
static void assert_ranges_match(const mdd_store *pread, const mdd_store *heap, size_t index)
{
    mdd_bytes want = tu_chunk_data(heap, index);
    static const size_t lens[] = {1, 100, 4096, 5000, 70000};
    const uint64_t offsets[] = {0, 1, 4095, 4096, want.len / 3, want.len / 2, want.len - 1};
    for (size_t o = 0; o < sizeof offsets / sizeof offsets[0]; o++) {
        for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++) {
            if (offsets[o] >= want.len || lens[l] > want.len - offsets[o])
                continue;
            mdd_pin pin = read_ok(pread, index, offsets[o], lens[l]);
            assert_memory_equal(pin.bytes.ptr, want.ptr + offsets[o], lens[l]);
            mdd_pin_release(&pin);
        }
    }
    mdd_pin whole = read_ok(pread, index, 0, want.len);
    assert_memory_equal(whole.bytes.ptr, want.ptr, want.len);
    mdd_pin_release(&whole);
    mdd_bytes data = tu_chunk_data(pread, index);
    assert_int_equal(data.len, want.len);
    assert_memory_equal(data.ptr, want.ptr, want.len);
}

/* Every chunk of path read under pread equals the heap strategy's decoding. */
static void assert_pread_matches_heap(const char *path)
{
    mdd_store *heap = open_ok(path, MDD_STRATEGY_HEAP, 1);
    mdd_store *pread = open_pread(path, 4096, 64u << 10);
    size_t count = mdd_store_file(heap)->chunk_count;
    assert_int_equal(mdd_store_file(pread)->chunk_count, count);
    for (size_t i = 0; i < count; i++)
        assert_ranges_match(pread, heap, i);
    mdd_cache_stats st;
    mdd_cache_stats_read(mdd_store_cache(pread), &st);
    assert_true(st.cached_bytes - st.pinned_bytes <= st.budget_bytes);
    mdd_store_close(pread);
    mdd_store_close(heap);
}

static void test_pread_generated(void **state)
{
    fixture *fx = *state;
    mdd_gen_spec spec = {.name = "GEN1", .seed = 7, .target_bytes = 300000};
    tu_write_generated(fx->mdd, &spec);
    assert_pread_matches_heap(fx->mdd);
}

static void test_pread_corpus(void **state)
{
    fixture *fx = *state;
    char **paths;
    size_t count = tu_corpus_files(&paths);
    if (count == 0)
        skip();
    for (size_t i = 0; i < count; i++) {
        size_t len;
        uint8_t *bytes = tu_read_file(paths[i], &len);
        /* A copy: pread converts the file it opens. */
        tu_write_file(fx->mdd, bytes, len);
        free(bytes);
        assert_pread_matches_heap(fx->mdd);
        free(paths[i]);
    }
    free(paths);
}

static void assert_read_fails(const mdd_store *s, size_t index, uint64_t offset, size_t len,
                              const char *substring)
{
    mdd_pin pin = {{(const uint8_t *)"x", 1}, NULL};
    mdd_error err = {0};
    assert_int_equal(mdd_store_read(s, index, offset, len, &pin, &err), MDD_ERR_ARG);
    assert_null(pin.bytes.ptr);
    if (!strstr(err.message, substring))
        fail_msg("message \"%s\" lacks \"%s\"", err.message, substring);
    assert_int_equal(mdd_store_try_read(s, index, offset, len, &pin, &err), MDD_ERR_ARG);
}

static void test_read_ranges(void **state)
{
    fixture *fx = *state;
    write_mdd(fx->mdd, MIXED, MIXED_COUNT);
    for (int i = 0; i < MDD_STRATEGY_COUNT; i++) {
        mdd_store *s = open_ok(fx->mdd, (mdd_strategy)i, 1);
        assert_read_fails(s, 3, 0, 1, "no chunk 3: the file has 3");
        assert_read_fails(s, 0, 10001, 1, "chunk 0: 1 bytes at 10001 are not inside its 10001");
        assert_read_fails(s, 0, 10002, 0, "not inside");
        assert_read_fails(s, 2, 5000, 4, "chunk 2: 4 bytes at 5000");
        assert_read_fails(s, 0, 1, SIZE_MAX, "not inside");
        assert_read_fails(s, 0, UINT64_MAX, 1, "not inside");
        assert_read_fails(s, 1, 0, 1, "chunk 1: 1 bytes at 0");
        assert_int_equal(mdd_store_read(s, 0, 0, 1, NULL, NULL), MDD_ERR_ARG);
        mdd_pin pin = read_ok(s, 0, 10001, 0); /* empty, at the very end */
        assert_null(pin.entry);
        pin = read_ok(s, 1, 0, 0);
        pin = read_ok(s, 2, 4999, 4);
        uint8_t *expected = payload_of(&MIXED[2]);
        assert_memory_equal(pin.bytes.ptr, expected + 4999, 4);
        free(expected);
        assert_true(i == MDD_STRATEGY_PREAD ? pin.entry != NULL : pin.entry == NULL);
        mdd_pin_release(&pin);
        mdd_store_close(s);
    }
}

/* try_read waits for nothing: WOULD_BLOCK until the bytes are in memory. */
static void test_try_read(void **state)
{
    fixture *fx = *state;
    write_mdd(fx->mdd, PLAIN, 1);
    uint8_t *expected = payload_of(&PLAIN[0]);
    mdd_pin pin = {0};
    mdd_error err = {0};
    mdd_store *s = open_ok(fx->mdd, MDD_STRATEGY_HEAP, 1);
    assert_int_equal(mdd_store_try_read(s, 0, 30000, 10, &pin, &err), MDD_OK);
    assert_memory_equal(pin.bytes.ptr, expected + 30000, 10);
    mdd_pin_release(&pin);
    mdd_store_close(s);

    s = open_ok(fx->mdd, MDD_STRATEGY_PREAD, 1);
    assert_int_equal(mdd_store_try_read(s, 0, 30000, 10, &pin, &err), MDD_ERR_WOULD_BLOCK);
    assert_null(pin.bytes.ptr);
    assert_string_equal(err.message, "chunk 0: 10 bytes at 30000 are not in memory");
    pin = read_ok(s, 0, 30000, 10);
    mdd_pin_release(&pin);
    assert_int_equal(mdd_store_try_read(s, 0, 30000, 10, &pin, &err), MDD_OK);
    assert_non_null(pin.entry);
    assert_memory_equal(pin.bytes.ptr, expected + 30000, 10);
    mdd_pin_release(&pin);
    /* Another range of the same block is a hit too. */
    assert_int_equal(mdd_store_try_read(s, 0, 0, 100, &pin, &err), MDD_OK);
    mdd_pin_release(&pin);
    mdd_store_close(s);

    s = open_ok(fx->mdd, MDD_STRATEGY_INPLACE, 1);
    evict(fx->mdd);
    assert_int_equal(mdd_store_try_read(s, 0, 30000, 10, &pin, &err), MDD_ERR_WOULD_BLOCK);
    pin = read_ok(s, 0, 30000, 10);
    assert_memory_equal(pin.bytes.ptr, expected + 30000, 10); /* faults the page in */
    mdd_pin_release(&pin);
    assert_int_equal(mdd_store_try_read(s, 0, 30000, 10, &pin, &err), MDD_OK);
    assert_null(pin.entry);
    assert_memory_equal(pin.bytes.ptr, expected + 30000, 10);
    mdd_store_close(s);
    free(expected);
}

/* The steps an asynchronous reader takes (mdd_internal/store.h), with the read done here. */
/* Reads io as a reader would: into its buffer, or into scratch memory when it has none. */
static mdd_status io_read(const store_io *io)
{
    uint8_t scratch[4096];
    for (size_t done = 0; done < io->length;) {
        size_t left = io->length - done;
        uint8_t *to = io->buf ? io->buf + done : scratch;
        size_t room = io->buf || left < sizeof scratch ? left : sizeof scratch;
        ssize_t n = pread(io->fd, to, room, (off_t)(io->file_offset + done));
        if (n <= 0)
            return MDD_ERR_IO;
        done += (size_t)n;
    }
    return MDD_OK;
}

static void test_store_io(void **state)
{
    fixture *fx = *state;
    write_mdd(fx->mdd, PLAIN, 1);
    uint8_t *expected = payload_of(&PLAIN[0]);
    store_io io;
    mdd_pin pin;
    mdd_error err = {0};
    mdd_store *s = open_pread(fx->mdd, 4096, 1u << 20);
    /* A miss: the blocks under the range, 8192 bytes from block 1 on. */
    assert_int_equal(store_io_begin(s, 0, 5000, 4000, &io, &err), MDD_OK);
    assert_int_equal(io.length, 8192);
    /* Block 1 of the chunk, wherever the chunk lies in the file: the mapping starts at a page,
     * so the chunk's address and its file offset agree modulo the page size. */
    assert_int_equal((io.file_offset - 4096) % PAGE,
                     (uintptr_t)mdd_store_file(s)->chunks[0].data.ptr % PAGE);
    assert_int_equal(io_read(&io), MDD_OK);
    assert_int_equal(store_io_end(s, &io, MDD_OK, &pin, &err), MDD_OK);
    assert_memory_equal(pin.bytes.ptr, expected + 5000, 4000);
    mdd_pin_release(&pin);
    /* Then a hit: nothing to read. */
    assert_int_equal(store_io_begin(s, 0, 5000, 4000, &io, &err), MDD_OK);
    assert_int_equal(io.length, 0);
    assert_int_equal(store_io_end(s, &io, MDD_OK, &pin, &err), MDD_OK);
    assert_memory_equal(pin.bytes.ptr, expected + 5000, 4000);
    mdd_pin_release(&pin);
    /* A failed read publishes nothing and names the file. */
    assert_int_equal(store_io_begin(s, 0, 20000, 10, &io, &err), MDD_OK);
    assert_int_equal(io.length, 4096);
    err = (mdd_error){0};
    assert_int_equal(store_io_end(s, &io, MDD_ERR_CANCELED, &pin, &err), MDD_ERR_CANCELED);
    assert_null(pin.bytes.ptr);
    assert_non_null(strstr(err.message, "ecu.mdd: chunk 0: canceled"));
    mdd_cache_stats st;
    mdd_cache_stats_read(mdd_store_cache(s), &st);
    assert_int_equal(st.entries, 1);
    assert_int_equal(store_io_begin(s, 0, 40000, 1, &io, &err), MDD_ERR_ARG);
    mdd_store_close(s);
    /* Mapped: the pages under the range, read into no buffer of the store's (they only need
     * to reach the page cache), then the mapping's view. */
    s = open_ok(fx->mdd, MDD_STRATEGY_INPLACE, 1);
    evict(fx->mdd);
    assert_int_equal(store_io_begin(s, 0, 30000, 10, &io, &err), MDD_OK);
    assert_int_equal(io.file_offset % PAGE, 0);
    assert_true(io.length == PAGE || io.length == 2 * PAGE);
    assert_null(io.buf);
    assert_int_equal(io_read(&io), MDD_OK);
    assert_int_equal(store_io_end(s, &io, MDD_OK, &pin, &err), MDD_OK);
    assert_null(pin.entry);
    assert_memory_equal(pin.bytes.ptr, expected + 30000, 10);
    assert_int_equal(store_io_begin(s, 0, 30000, 10, &io, &err), MDD_OK);
    assert_int_equal(io.length, 0);
    assert_int_equal(store_io_end(s, &io, MDD_OK, &pin, &err), MDD_OK);
    mdd_store_close(s);
    /* Heap: always in memory. */
    s = open_ok(fx->mdd, MDD_STRATEGY_HEAP, 1);
    assert_int_equal(store_io_begin(s, 0, 30000, 10, &io, &err), MDD_OK);
    assert_int_equal(io.length, 0);
    assert_int_equal(store_io_end(s, &io, MDD_OK, &pin, &err), MDD_OK);
    assert_memory_equal(pin.bytes.ptr, expected + 30000, 10);
    mdd_store_close(s);
    free(expected);
}

#define READERS 8
#define READS_PER_READER 3000

typedef struct reader_job {
    const mdd_store *pread;
    mdd_bytes want;
    uint64_t seed;
    const uint8_t *whole; /* what mdd_store_chunk_data() gave this thread */
    int failures;
} reader_job;

static void *random_reads(void *arg)
{
    reader_job *job = arg;
    uint64_t x = job->seed;
    job->whole = tu_chunk_data(job->pread, 1).ptr;
    for (int i = 0; i < READS_PER_READER; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        uint64_t offset = x % job->want.len;
        size_t len = 1 + (size_t)(x >> 32) % 9000;
        if (len > job->want.len - offset)
            len = (size_t)(job->want.len - offset);
        mdd_pin pin = {0};
        if (mdd_store_read(job->pread, 0, offset, len, &pin, NULL) != MDD_OK ||
            memcmp(pin.bytes.ptr, job->want.ptr + offset, len) != 0)
            job->failures++;
        mdd_pin_release(&pin);
    }
    return NULL;
}

static const chunk_spec TWO[] = {{"ECU", 100000, 11, 1, 0}, {"B", 30000, 12, 0, 0}};

/* Eight threads read random ranges through a cache of two blocks: every byte is right, every
 * read counts once, and the budget holds once they are done. */
static void test_pread_threads(void **state)
{
    fixture *fx = *state;
    write_mdd(fx->mdd, TWO, 2);
    mdd_store *heap = open_ok(fx->mdd, MDD_STRATEGY_HEAP, 1);
    mdd_store *pread = open_pread(fx->mdd, 4096, 8192);
    pthread_t threads[READERS];
    reader_job jobs[READERS];
    for (int i = 0; i < READERS; i++) {
        jobs[i] = (reader_job){pread, tu_chunk_data(heap, 0), (uint64_t)i + 1, NULL, 0};
        assert_int_equal(pthread_create(&threads[i], NULL, random_reads, &jobs[i]), 0);
    }
    for (int i = 0; i < READERS; i++) {
        assert_int_equal(pthread_join(threads[i], NULL), 0);
        assert_int_equal(jobs[i].failures, 0);
        assert_ptr_equal(jobs[i].whole, jobs[0].whole);
    }
    assert_memory_equal(jobs[0].whole, tu_chunk_data(heap, 1).ptr, 30000);
    mdd_cache_stats st;
    mdd_cache_stats_read(mdd_store_cache(pread), &st);
    /* Every range counted once; chunk_data() reads nothing into the cache. */
    assert_int_equal(st.hits + st.misses, READERS * READS_PER_READER);
    assert_int_equal(st.pinned_bytes, 0);
    assert_true(st.cached_bytes <= 8192);
    mdd_store_close(pread);
    mdd_store_close(heap);
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strategy_names),
        T(test_open_arguments),
        T(test_missing_and_malformed),
        T(test_heap),
        T(test_heap_checks_signatures),
        T(test_no_chunks),
        T(test_sidecar_built_then_reused),
        T(test_sidecar_stale_mtime),
        T(test_sidecar_stale_content),
        T(test_sidecar_damaged_payload),
        T(test_sidecar_malformed),
        T(test_sidecar_refuses_bad_chunk),
        T(test_sidecar_path_and_remove),
        T(test_inplace_converts),
        T(test_inplace_leaves_plain_file),
        T(test_inplace_checks_signatures),
        T(test_pread_converts),
        T(test_pread_bounded_on_every_path),
        T(test_pread_checks_signatures),
        T(test_pread_short_file),
        T(test_pread_generated),
        T(test_pread_corpus),
        T(test_read_ranges),
        T(test_try_read),
        T(test_store_io),
        T(test_pread_threads),
        /* Last: as root it moves the process into a mount namespace of its own. */
        T(test_inplace_read_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
