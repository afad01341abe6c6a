/* SPDX-License-Identifier: Apache-2.0 */
#include "bench_common.h"

#include <errno.h>
#include <ftw.h>
#include <linux/magic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

/* File systems whose page cache is the file itself. */
static int is_memory_fs(long type)
{
    return type == TMPFS_MAGIC || type == RAMFS_MAGIC;
}

const char *bench_fs_name(long type)
{
    static const struct {
        long type;
        const char *name;
    } names[] = {
        {EXT4_SUPER_MAGIC, "ext2/3/4"}, {XFS_SUPER_MAGIC, "xfs"},
        {BTRFS_SUPER_MAGIC, "btrfs"},   {TMPFS_MAGIC, "tmpfs"},
        {RAMFS_MAGIC, "ramfs"},         {OVERLAYFS_SUPER_MAGIC, "overlayfs"},
        {F2FS_SUPER_MAGIC, "f2fs"},     {NFS_SUPER_MAGIC, "nfs"},
        {0x2fc12fc1, "zfs"},
    };
    for (size_t i = 0; i < BENCH_COUNT(names); i++)
        if (names[i].type == type)
            return names[i].name;
    return "unknown";
}

/* The first writable, disk-backed directory of $TMPDIR, /var/tmp and the current one, else
 * the first writable one. /tmp is not a candidate: it is tmpfs on many systems. */
static const char *scratch_base(long *fs_type)
{
    const char *candidates[] = {getenv("TMPDIR"), "/var/tmp", "."};
    const char *fallback = NULL;
    long fallback_type = 0;
    for (size_t i = 0; i < BENCH_COUNT(candidates); i++) {
        struct statfs sf;
        const char *c = candidates[i];
        if (!c || !*c || access(c, W_OK | X_OK) != 0 || statfs(c, &sf) != 0)
            continue;
        if (!is_memory_fs((long)sf.f_type)) {
            *fs_type = (long)sf.f_type;
            return c;
        }
        fprintf(stderr, "%s: skipping %s for the scratch directory: it is %s\n",
                program_invocation_short_name, c, bench_fs_name((long)sf.f_type));
        if (!fallback) {
            fallback = c;
            fallback_type = (long)sf.f_type;
        }
    }
    if (fallback)
        fprintf(stderr, "%s: warning: no disk-backed scratch directory, using %s (%s)\n",
                program_invocation_short_name, fallback, bench_fs_name(fallback_type));
    *fs_type = fallback_type;
    return fallback;
}

char *bench_scratch_create(const char *prefix, long *fs_type)
{
    long type = 0;
    const char *base = scratch_base(&type);
    if (!base) {
        bench_fail("scratch", "no writable directory among $TMPDIR, /var/tmp and .");
        return NULL;
    }
    size_t len = strlen(base) + strlen(prefix) + sizeof "/.XXXXXX";
    char *dir = malloc(len);
    if (!dir) {
        bench_fail(base, "out of memory");
        return NULL;
    }
    snprintf(dir, len, "%s/%s.XXXXXX", base, prefix);
    if (!mkdtemp(dir)) {
        bench_fail_errno(dir, "mkdtemp");
        free(dir);
        return NULL;
    }
    if (fs_type)
        *fs_type = type;
    return dir;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    if (remove(path) != 0)
        bench_fail_errno(path, "remove");
    return 0;
}

void bench_remove_tree(const char *dir)
{
    nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}
