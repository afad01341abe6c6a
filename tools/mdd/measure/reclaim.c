/* SPDX-License-Identifier: Apache-2.0 */
#include "reclaim.h"

#include "bench_common.h"

#include <mdd_internal/os.h>

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

/* Address ranges of a process's mappings, from /proc/PID/maps. */
typedef struct ranges {
    struct iovec *iov;
    size_t count, cap;
} ranges;

/* Kernel-provided mappings that madvise rejects (or that lie outside the user range). */
static int is_special_mapping(const char *name)
{
    return strncmp(name, "[vsyscall]", 10) == 0 || strncmp(name, "[vvar", 5) == 0 ||
           strncmp(name, "[vdso]", 6) == 0;
}

static int ranges_add(ranges *r, uintptr_t start, uintptr_t end)
{
    if (r->count == r->cap) {
        size_t grown = r->cap ? r->cap * 2 : 256;
        struct iovec *iov = realloc(r->iov, grown * sizeof *iov);
        if (!iov)
            return -1;
        r->iov = iov;
        r->cap = grown;
    }
    r->iov[r->count++] = (struct iovec){(void *)start, (size_t)(end - start)};
    return 0;
}

/* pid 0: this process. */
static int ranges_read(pid_t pid, ranges *r)
{
    char maps_path[64];
    if (pid)
        snprintf(maps_path, sizeof maps_path, "/proc/%ld/maps", (long)pid);
    else
        snprintf(maps_path, sizeof maps_path, "/proc/self/maps");
    FILE *f = fopen(maps_path, "re");
    if (!f)
        return -1;
    char *line = NULL;
    size_t cap = 0;
    int rc = 0;
    while (rc == 0 && getline(&line, &cap, f) > 0) {
        uintptr_t start, end;
        int name_at = 0;
        if (sscanf(line, "%" SCNxPTR "-%" SCNxPTR " %*s %*s %*s %*s %n", &start, &end,
                   &name_at) < 2)
            continue;
        if (!is_special_mapping(line + name_at) && end > start)
            rc = ranges_add(r, start, end);
    }
    free(line);
    fclose(f);
    return rc;
}

const char *pageout_name(pageout_method m)
{
    return m == PAGEOUT_SELF_MADVISE ? "madvise(MADV_PAGEOUT) in the child"
                                     : "process_madvise(MADV_PAGEOUT) from the parent";
}

/* How many leading entries of iov[0..n) the kernel's byte count covers. */
static size_t covered_entries(const struct iovec *iov, size_t n, size_t bytes)
{
    size_t i = 0;
    while (i < n && bytes >= iov[i].iov_len)
        bytes -= iov[i++].iov_len;
    return i;
}

/* process_madvise() over ranges [0, count), IOV_MAX at a time. A range the kernel refuses
 * (one that went away, a locked or PFN mapping) is skipped. Returns the bytes advised, or -1
 * with errno set when the call itself is not permitted or not supported. */
static long long pageout_ranges(int pidfd, const struct iovec *iov, size_t count)
{
    long long advised = 0;
    for (size_t i = 0; i < count;) {
        size_t n = count - i < IOV_MAX ? count - i : IOV_MAX;
        long done = syscall(SYS_process_madvise, pidfd, iov + i, n, MADV_PAGEOUT, 0u);
        if (done < 0 && (errno == EPERM || errno == ENOSYS || errno == EBADF))
            return -1;
        if (done < 0) {
            i++; /* the first range was refused */
            continue;
        }
        advised += done;
        size_t covered = covered_entries(iov + i, n, (size_t)done);
        i += covered < n ? covered + 1 : n; /* skip the range it stopped at */
    }
    return advised;
}

int pageout_remote(pid_t pid)
{
    ranges r = {0};
    int pidfd = (int)syscall(SYS_pidfd_open, pid, 0u);
    long long advised = -1;
    if (pidfd >= 0 && ranges_read(pid, &r) == 0)
        advised = pageout_ranges(pidfd, r.iov, r.count);
    int saved = errno;
    if (pidfd >= 0)
        close(pidfd);
    free(r.iov);
    errno = saved;
    return advised > 0 ? 0 : -1;
}

void pageout_self(void)
{
    ranges r = {0};
    if (ranges_read(0, &r) == 0)
        for (size_t i = 0; i < r.count; i++)
            madvise(r.iov[i].iov_base, r.iov[i].iov_len, MADV_PAGEOUT);
    free(r.iov);
}

/* Pages out ranges [*next, ...) until `goal` bytes of the address space are covered. */
static void pageout_until(int pidfd, const ranges *r, size_t *next, size_t *covered,
                          size_t goal)
{
    size_t first = *next;
    while (*next < r->count && *covered < goal)
        *covered += r->iov[(*next)++].iov_len;
    if (*next > first)
        pageout_ranges(pidfd, r->iov + first, *next - first);
}

int pageout_traced(pid_t pid, unsigned steps, FILE *trace, const char *label)
{
    ranges r = {0};
    int pidfd = (int)syscall(SYS_pidfd_open, pid, 0u);
    int rc = pidfd < 0 || ranges_read(pid, &r) != 0 ? bench_fail_errno("trace", "pidfd_open")
                                                     : 0;
    size_t total = 0, next = 0, covered = 0;
    for (size_t i = 0; i < r.count; i++)
        total += r.iov[i].iov_len;
    double t0 = bench_now_ms();
    for (unsigned step = 0; rc == 0 && step <= steps; step++) {
        pageout_until(pidfd, &r, &next, &covered, total / steps * step);
        mdd_process_memory m;
        mdd_error err;
        if (mdd_process_memory_read(pid, &m, &err) != MDD_OK)
            rc = bench_fail("trace", "%s", err.message);
        else
            fprintf(trace, "%s %u %.1f %llu\n", label, step, bench_now_ms() - t0,
                    (unsigned long long)m.rss_kb);
    }
    if (pidfd >= 0)
        close(pidfd);
    free(r.iov);
    return rc;
}
