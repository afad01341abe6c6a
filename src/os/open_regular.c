/* SPDX-License-Identifier: Apache-2.0 */
/* The one way the library opens a file it reads: without blocking on a FIFO or a device,
 * and only when it is a regular file; and the one way it reads a range of it. */
#include <mdd_internal/os.h>
#include "file_kind.h"

#include <mdd/file.h>

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *os_file_kind(mode_t mode)
{
    switch (mode & S_IFMT) {
    case S_IFREG: return "a regular file";
    case S_IFDIR: return "a directory";
    case S_IFIFO: return "a FIFO";
    case S_IFCHR: return "a character device";
    case S_IFBLK: return "a block device";
    case S_IFSOCK: return "a socket";
    case S_IFLNK: return "a symbolic link";
    default: return "of an unknown kind";
    }
}

/* Refuses what fd names unless it is a regular file, then makes its reads blocking again. */
static mdd_status keep_regular(int fd, mdd_error *err)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return mdd_fail(err, MDD_ERR_IO, "fstat: %s", strerror(errno));
    if (!S_ISREG(st.st_mode))
        return mdd_fail(err, MDD_ERR_ARG, "not a regular file (%s)", os_file_kind(st.st_mode));
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0)
        return mdd_fail(err, MDD_ERR_IO, "fcntl: %s", strerror(errno));
    return MDD_OK;
}

mdd_status mdd_open_regular(const char *path, int *fd, mdd_error *err)
{
    *fd = -1;
    if (!path)
        return mdd_fail(err, MDD_ERR_ARG, "no path");
    /* O_NONBLOCK: opening a FIFO without a writer, or some devices, would otherwise wait
     * forever before the type could be checked. O_NOCTTY: a terminal named here must not
     * become the process's controlling terminal. */
    int opened = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (opened < 0)
        return mdd_fail(err, MDD_ERR_IO, "open: %s", strerror(errno));
    mdd_status st = keep_regular(opened, err);
    if (st) {
        close(opened);
        return st;
    }
    *fd = opened;
    return MDD_OK;
}

/* ---- Whole ranges read with pread(2), through short reads ---- */
int os_pread_exact(int fd, void *buf, size_t size, uint64_t offset, size_t *done)
{
    uint8_t *at = buf;
    *done = 0;
    while (*done < size) {
        ssize_t n = pread(fd, at + *done, size - *done, (off_t)(offset + *done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return errno;
        if (n == 0)
            return 0;
        *done += (size_t)n;
    }
    return 0;
}
