/* SPDX-License-Identifier: Apache-2.0 */
/* Helpers several benchmark programs share: failing, parsing a number, a clock, a small
 * random generator, medians, requests drawn from a database layer, eviction of a file from
 * the page cache, writing whole buffers and output files (bench_common.c); a
 * scratch directory on a disk (bench_scratch.c).
 * Linked into every benchmark program (bench/CMakeLists.txt) and into the tool's measurement
 * of the load strategies (measure.cmake). */
#ifndef MDD_BENCH_COMMON_H
#define MDD_BENCH_COMMON_H

#include <mdd/db.h>
#include <mdd/store.h>

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The number of elements of an array. */
#define BENCH_COUNT(a) (sizeof(a) / sizeof((a)[0]))

#define BENCH_KIB 1024u

/* Prints "PROGRAM: message" on stderr and exits with status 1. */
void bench_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* The uncompressed data of chunk index of store (mdd_store_chunk_data()), or dies with the
 * reason. */
mdd_bytes bench_chunk_data(const mdd_store *store, size_t index);

/* Prints "PROGRAM: what: message" on stderr and returns -1: the failure of a step after
 * which the caller still cleans up. */
int bench_fail(const char *what, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* bench_fail(what, "call: strerror(errno)"). */
int bench_fail_errno(const char *what, const char *call);

/* Parses s as a decimal number in min..max, or dies naming what. */
unsigned bench_parse_uint(const char *what, const char *s, unsigned min, unsigned max);

/* CLOCK_MONOTONIC in nanoseconds. */
double bench_now_ns(void);

/* CLOCK_MONOTONIC in milliseconds. */
double bench_now_ms(void);

/* Sleeps ms milliseconds, resuming after signals. */
void bench_sleep_ms(unsigned ms);

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

/* ---- Writing outputs ---- */


/* Writes all len bytes of data to fd, resuming after signals. Returns 0, or -1 with errno
 * set (0 when the descriptor accepted nothing). */
int bench_write_all(int fd, const void *data, size_t len);

/* Creates (truncates) the output file path, or dies naming it. Close it with
 * bench_close_output(). */
FILE *bench_open_output(const char *path);

/* Closes an output file from bench_open_output(), or dies naming path when what was
 * written did not reach it. */
void bench_close_output(FILE *f, const char *path);

/* ---- bench_scratch.c ---- */

/* A name for a statfs() f_type: "ext2/3/4", "tmpfs", ..., "unknown". */
const char *bench_fs_name(long type);

/* Makes a fresh directory PREFIX.XXXXXX under the first writable directory of $TMPDIR,
 * /var/tmp and the current one whose file system keeps its pages apart from the files
 * (not tmpfs or ramfs: there eviction and folio sizes would not behave as on a disk), else
 * under the first writable one, with a warning. Stores the file system's type in *fs_type
 * when fs_type is not NULL. Returns the path, which the caller frees, or NULL after a
 * message. */
char *bench_scratch_create(const char *prefix, long *fs_type);

/* Removes dir and everything under it; a message for each entry that stays. */
void bench_remove_tree(const char *dir);

#endif
