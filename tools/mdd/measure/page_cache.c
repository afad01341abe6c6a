/* SPDX-License-Identifier: Apache-2.0 */
#include "page_cache.h"

#include "bench_common.h"
#include "copy.h"

#include <mdd/file.h>
#include <mdd_internal/os.h>

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

static int evict_file(void *ctx, const char *path)
{
    (void)ctx;
    return bench_evict_file(path) == 0 ? 0 : bench_fail_errno(path, "evict");
}

int set_evict(const strategy_set *set)
{
    return set_for_each_file(set, evict_file, NULL);
}

static int warm_file(void *ctx, const char *path)
{
    char *buf = ctx;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return bench_fail_errno(path, "open");
    ssize_t n;
    while ((n = read(fd, buf, COPY_BLOCK)) > 0 || (n < 0 && errno == EINTR))
        ;
    int rc = n < 0 ? bench_fail_errno(path, "read") : 0;
    close(fd);
    return rc;
}

int set_cache(const strategy_set *set, cache_mode mode)
{
    if (mode == CACHE_COLD)
        return set_evict(set);
    char *buf = io_block_alloc();
    if (!buf)
        return bench_fail(set->dir, "out of memory");
    int rc = set_for_each_file(set, warm_file, buf);
    io_block_free(buf);
    return rc;
}

static int add_cached_kb(void *ctx, const char *path)
{
    uint64_t *kb = ctx;
    mdd_mapping map;
    mdd_error err;
    uint64_t resident = 0;
    if (mdd_mapping_open(path, &map, &err) != MDD_OK)
        return bench_fail(path, "%s", err.message);
    mdd_status st = mdd_resident_bytes(map.data, map.size, &resident, &err);
    mdd_mapping_close(&map);
    if (st != MDD_OK)
        return bench_fail(path, "%s", err.message);
    *kb += resident / BENCH_KIB;
    return 0;
}

int set_cached_kb(const strategy_set *set, double *kb)
{
    uint64_t total = 0;
    int rc = set_for_each_file(set, add_cached_kb, &total);
    *kb = (double)total;
    return rc;
}
