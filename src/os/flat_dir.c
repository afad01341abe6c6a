/* SPDX-License-Identifier: Apache-2.0 */
/* Directories of plain files: removing one whole, making its entries durable, and copying a
 * file into one. */
#include <mdd_internal/os.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

static mdd_status dir_failure(mdd_error *err, const char *path, const char *what)
{
    int e = errno;
    return mdd_fail(err, e == EACCES || e == EPERM || e == EROFS ? MDD_ERR_READ_ONLY : MDD_ERR_IO,
                    "%s: %s: %s", path, what, strerror(e));
}

static mdd_status remove_entries(DIR *d, const char *dir, mdd_error *err)
{
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char path[4096];
        if (mdd_path_join_to(path, sizeof path, dir, e->d_name) < 0)
            return mdd_fail(err, MDD_ERR_ARG, "%s: a name too long", dir);
        if (unlink(path) != 0 && errno != ENOENT)
            return dir_failure(err, path, "remove");
    }
    return MDD_OK;
}

mdd_status mdd_remove_flat_dir(const char *dir, mdd_error *err)
{
    DIR *d = opendir(dir);
    if (!d)
        return errno == ENOENT ? MDD_OK : dir_failure(err, dir, "open directory");
    mdd_status st = remove_entries(d, dir, err);
    closedir(d);
    if (st == MDD_OK && rmdir(dir) != 0 && errno != ENOENT)
        st = dir_failure(err, dir, "remove");
    return st;
}

mdd_status mdd_sync_dir(const char *dir, mdd_error *err)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return dir_failure(err, dir, "open directory");
    mdd_status st = fsync(fd) == 0 ? MDD_OK : dir_failure(err, dir, "fsync");
    close(fd);
    return st;
}

mdd_status mdd_copy_from_fd(void *ctx, mdd_sink *out, mdd_error *err)
{
    int fd = *(const int *)ctx;
    static _Thread_local uint8_t block[1 << 16];
    for (;;) {
        ssize_t n = read(fd, block, sizeof block);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return mdd_fail(err, MDD_ERR_IO, "read: %s", strerror(errno));
        if (n == 0)
            return MDD_OK;
        mdd_status st = mdd_sink_write(out, block, (size_t)n, err);
        if (st != MDD_OK)
            return st;
    }
}
