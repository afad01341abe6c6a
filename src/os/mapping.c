/* SPDX-License-Identifier: Apache-2.0 */
#include "file_kind.h"

#include <mdd_internal/os.h>

#include <mdd/file.h>

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Maps the open descriptor's size bytes; the descriptor may be closed afterwards. */
static mdd_status map_fd(int fd, size_t size, mdd_mapping *out, mdd_error *err)
{
    void *p = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED)
        return mdd_fail(err, MDD_ERR_IO, "mmap: %s", strerror(errno));
    /* Lookups are sparse: without this hint every fault would read ahead pages nobody wants.
     * The hint is only advice, so a kernel that refuses it changes nothing we rely on. */
    (void)madvise(p, size, MADV_RANDOM);
    out->data = p;
    out->size = size;
    return MDD_OK;
}

/* Checks that fd is a regular file that fits the address space and returns its size. */
static mdd_status regular_file_size(int fd, size_t *size, mdd_error *err)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return mdd_fail(err, MDD_ERR_IO, "fstat: %s", strerror(errno));
    if (!S_ISREG(st.st_mode))
        return mdd_fail(err, MDD_ERR_ARG, "not a regular file (%s)", os_file_kind(st.st_mode));
    *size = (size_t)st.st_size;
    if ((off_t)*size != st.st_size)
        return mdd_fail(err, MDD_ERR_LIMIT, "file of %jd bytes does not fit the address space",
                        (intmax_t)st.st_size);
    return MDD_OK;
}

mdd_status mdd_mapping_open_fd(int fd, mdd_mapping *out, mdd_error *err)
{
    if (!out)
        return mdd_fail(err, MDD_ERR_ARG, "no mapping to fill");
    memset(out, 0, sizeof *out);
    out->fd = -1;
    size_t size = 0;
    mdd_status st = regular_file_size(fd, &size, err);
    /* mmap refuses a zero length; an empty file is simply an empty view. */
    if (st == MDD_OK && size > 0)
        st = map_fd(fd, size, out, err);
    return st;
}

mdd_status mdd_mapping_open(const char *path, mdd_mapping *out, mdd_error *err)
{
    if (!out)
        return mdd_fail(err, MDD_ERR_ARG, "no mapping to fill");
    memset(out, 0, sizeof *out);
    out->fd = -1;
    if (!path)
        return mdd_fail(err, MDD_ERR_ARG, "no path");
    int fd;
    mdd_status st = mdd_open_regular(path, &fd, err);
    if (st)
        return st;
    st = mdd_mapping_open_fd(fd, out, err);
    if (st) {
        close(fd);
        return st;
    }
    out->fd = fd;
    return MDD_OK;
}

void mdd_mapping_close(mdd_mapping *map)
{
    if (!map)
        return;
    if (map->data)
        munmap((void *)map->data, map->size);
    /* A zeroed, never opened mapping holds fd 0, which is not its own to close. */
    if (map->fd > 0)
        close(map->fd);
    map->data = NULL;
    map->size = 0;
    map->fd = -1;
}
