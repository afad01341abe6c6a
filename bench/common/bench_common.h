/* Helpers several benchmark programs share: failing, parsing a number, a clock, a small
 * random generator, medians, requests drawn from a database layer, and eviction of a file
 * from the page cache.
 * Linked into every benchmark program (bench/CMakeLists.txt). */
#ifndef MDD_BENCH_COMMON_H
#define MDD_BENCH_COMMON_H

#include <mdd/db.h>

#include <stddef.h>
#include <stdint.h>

/* Prints "PROGRAM: message" on stderr and exits with status 1. */
void bench_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* The uncompressed data of chunk index of store (mdd_store_chunk_data()), or dies with the
 * reason. */
mdd_bytes bench_chunk_data(const mdd_store *store, size_t index);

/* Parses s as a decimal number in min..max, or dies naming what. */
unsigned bench_parse_uint(const char *what, const char *s, unsigned min, unsigned max);

/* CLOCK_MONOTONIC in nanoseconds. */
double bench_now_ns(void);

/* xorshift64: the next value of *state, which must start nonzero. */
uint64_t bench_next_random(uint64_t *state);

/* Sorts v[0..n) ascending and returns its median (the mean of the middle two for even n);
 * 0 for n == 0. */
double bench_median(double *v, size_t n);

/* The longest request prefix drawn requests keep; longer ones are cut (still a request). */
#define BENCH_PREFIX_MAX 16

/* A request a tester could send: a prefix of up to BENCH_PREFIX_MAX bytes plus 3 data
 * bytes. */
typedef struct bench_request {
    uint8_t bytes[BENCH_PREFIX_MAX + 3];
    uint8_t len;
} bench_request;

/* Draws request number i for layer from *seed: 80% an effective service's prefix followed by
 * 0 to 3 random data bytes, 10% only that prefix's first byte (matching every service of the
 * SID), 10% a ReadDataByIdentifier of a DID (0x0Exx) that generated databases do not have.
 * A layer without services always gets the last kind. */
void bench_request_draw(const mdd_db_layer *layer, uint32_t i, uint64_t *seed,
                        bench_request *out);

/* Drops path's pages from the page cache (fdatasync, then POSIX_FADV_DONTNEED). Pages some
 * process still maps stay: drop those mappings first. Returns 0, or -1 with errno set. */
int bench_evict_file(const char *path);

#endif
