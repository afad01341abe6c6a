/* SPDX-License-Identifier: Apache-2.0 */
#include "convert_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

/* Each retry means another converter replaced the file while we waited; more than a few in a
 * row means something keeps replacing it. */
#define LOCK_ATTEMPTS 8

static mdd_status open_and_lock(const char *path, int *fd, mdd_error *err)
{
    mdd_status st = mdd_open_regular(path, fd, err);
    if (st)
        return st;
    int rc;
    while ((rc = flock(*fd, LOCK_EX)) != 0 && errno == EINTR)
        ;
    if (rc != 0) {
        st = mdd_fail(err, MDD_ERR_IO, "lock: %s", strerror(errno));
        close(*fd);
        *fd = -1;
        return st;
    }
    return MDD_OK;
}

mdd_status convert_lock(const char *path, int *fd, struct stat *st, mdd_error *err)
{
    for (int attempt = 0; attempt < LOCK_ATTEMPTS; attempt++) {
        mdd_status s = open_and_lock(path, fd, err);
        if (s)
            return s;
        struct stat now;
        if (fstat(*fd, st) != 0 || stat(path, &now) != 0) {
            s = mdd_fail(err, MDD_ERR_IO, "stat: %s", strerror(errno));
            close(*fd);
            return s;
        }
        if (st->st_dev == now.st_dev && st->st_ino == now.st_ino)
            return MDD_OK;
        close(*fd);
    }
    *fd = -1;
    return mdd_fail(err, MDD_ERR_IO, "the file keeps being replaced while we wait for its lock");
}
