/* SPDX-License-Identifier: Apache-2.0 */
#include "bench_common.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void bench_die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", program_invocation_short_name);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

mdd_bytes bench_chunk_data(const mdd_store *store, size_t index)
{
    mdd_bytes data;
    mdd_error err;
    if (mdd_store_chunk_data(store, index, &data, &err) != MDD_OK)
        bench_die("%s", err.message);
    return data;
}

int bench_fail(const char *what, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: %s: ", program_invocation_short_name, what);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return -1;
}

int bench_fail_errno(const char *what, const char *call)
{
    return bench_fail(what, "%s: %s", call, strerror(errno));
}

unsigned bench_parse_uint(const char *what, const char *s, unsigned min, unsigned max)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (errno || end == s || *end || s[0] == '-' || v < min || v > max)
        bench_die("%s: expected %u..%u, not '%s'", what, min, max, s);
    return (unsigned)v;
}

double bench_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

void bench_sleep_ms(unsigned ms)
{
    struct timespec ts = {(time_t)(ms / 1000), (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

double bench_now_ms(void)
{
    return bench_now_ns() * 1e-6;
}

uint64_t bench_next_random(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median(double *v, size_t n)
{
    if (n == 0)
        return 0;
    qsort(v, n, sizeof *v, compare_doubles);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void bench_request_draw(const mdd_db_layer *layer, uint32_t i, uint64_t *seed,
                        bench_request *out)
{
    uint64_t r = bench_next_random(seed);
    uint32_t n = layer ? mdd_db_layer_service_count(layer) : 0;
    uint32_t kind = n ? (uint32_t)(r >> 32) % 10 : 9;
    memset(out, 0, sizeof *out);
    if (kind == 9) {
        out->bytes[0] = 0x22;
        out->bytes[1] = 0x0e;
        out->bytes[2] = (uint8_t)i;
        out->len = 3;
        return;
    }
    mdd_db_service s = mdd_db_layer_service_at(layer, (uint32_t)(r % n));
    out->len = (uint8_t)(s.prefix.len < BENCH_PREFIX_MAX ? s.prefix.len : BENCH_PREFIX_MAX);
    if (out->len)
        memcpy(out->bytes, s.prefix.bytes, out->len);
    if (kind == 8 && out->len > 1) {
        out->len = 1;
        return;
    }
    for (uint32_t extra = (uint32_t)(r >> 40) % 4; extra > 0; extra--)
        out->bytes[out->len++] = (uint8_t)bench_next_random(seed);
}

int bench_evict_file(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    /* Dirty pages cannot be dropped: write them back first. */
    int rc = fdatasync(fd);
    if (rc == 0) {
        rc = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
        if (rc != 0) {
            errno = rc;
            rc = -1;
        }
    }
    int saved = errno;
    close(fd);
    errno = saved;
    return rc;
}

/* ---- Writing outputs ---- */
int bench_write_all(int fd, const void *data, size_t len)
{
    for (const char *p = data; len > 0;) {
        ssize_t n = write(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

FILE *bench_open_output(const char *path)
{
    FILE *f = fopen(path, "we");
    if (!f)
        bench_die("%s: %s", path, strerror(errno));
    return f;
}

void bench_close_output(FILE *f, const char *path)
{
    if (fclose(f) != 0)
        bench_die("%s: write failed", path);
}
