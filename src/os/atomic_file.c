/* SPDX-License-Identifier: Apache-2.0 */
/* Crash-safe replacement of a file: temporary file, fsync, rename, directory fsync. */
#include "file_kind.h"

#include <mdd_internal/common.h>

#include <mdd/file.h>
#include <mdd_internal/os.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* O_EXCL makes a collision harmless; a few retries make one that persists unlikely to matter. */
#define TEMP_ATTEMPTS 64
#define TEMP_MARK ".tmp."

/* "Cannot write here" is a condition callers act on (fall back to another strategy), so it
 * gets its own status; every other failure of the system is plain I/O. */
static mdd_status os_failure(mdd_error *err, const char *what)
{
    int e = errno;
    mdd_status st = (e == EROFS || e == EACCES || e == EPERM) ? MDD_ERR_READ_ONLY : MDD_ERR_IO;
    return mdd_fail(err, st, "%s: %s", what, strerror(e));
}

static char *copy_text(const char *s, size_t len)
{
    char *copy = malloc(len + 1);
    if (copy) {
        memcpy(copy, s, len);
        copy[len] = '\0';
    }
    return copy;
}

/* Splits path into its directory ("." when none) and base name. */
static mdd_status split_path(const char *path, char **dir, const char **base, mdd_error *err)
{
    const char *slash = strrchr(path, '/');
    *base = slash ? slash + 1 : path;
    if (**base == '\0')
        return mdd_fail(err, MDD_ERR_ARG, "not a file name");
    size_t dir_len = slash ? (size_t)(slash - path) : 0;
    *dir = slash ? copy_text(path, dir_len ? dir_len : 1) : copy_text(".", 1);
    return *dir ? MDD_OK : mdd_fail(err, MDD_ERR_NOMEM, "no memory for a path");
}

/* Randomness for the temporary name: it only has to avoid collisions, not be secret. */
static uint64_t name_salt(unsigned attempt)
{
    uint64_t salt;
    if (getrandom(&salt, sizeof salt, GRND_NONBLOCK) == (ssize_t)sizeof salt)
        return salt;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ((uint64_t)ts.tv_sec << 32) ^ (uint64_t)ts.tv_nsec ^ attempt;
}

/* Creates "<dir>/.<base>.tmp.<pid>.<random>" exclusively: we never write through someone
 * else's file. */
static mdd_status create_temp(mdd_atomic_file *af, const char *base, mdd_error *err)
{
    size_t size = strlen(af->dir) + strlen(base) + 64;
    af->temp = malloc(size);
    if (!af->temp)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for the temporary file's name");
    for (unsigned attempt = 0; attempt < TEMP_ATTEMPTS; attempt++) {
        snprintf(af->temp, size, "%s/.%s" TEMP_MARK "%ld.%016" PRIx64, af->dir, base,
                 (long)getpid(), name_salt(attempt));
        af->fd = open(af->temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (af->fd >= 0)
            return MDD_OK;
        if (errno != EEXIST)
            return os_failure(err, "create temporary file");
    }
    return mdd_fail(err, MDD_ERR_IO, "create temporary file: no free name after %d attempts",
                    TEMP_ATTEMPTS);
}

static void atomic_file_free(mdd_atomic_file *af)
{
    free(af->path);
    free(af->temp);
    free(af->dir);
    memset(af, 0, sizeof *af);
    af->fd = -1;
}

mdd_status mdd_check_replaceable(const char *path, mdd_error *err)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return errno == ENOENT ? MDD_OK : os_failure(err, "lstat");
    if (!S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode))
        return mdd_fail(err, MDD_ERR_ARG, "not a regular file (%s): not replaced",
                        os_file_kind(st.st_mode));
    return MDD_OK;
}

mdd_status mdd_atomic_file_create(const char *path, mdd_atomic_file *af, mdd_error *err)
{
    memset(af, 0, sizeof *af);
    af->fd = -1;
    if (!path)
        return mdd_fail(err, MDD_ERR_ARG, "no path");
    mdd_status st = mdd_check_replaceable(path, err);
    if (st)
        return st;
    const char *base;
    st = split_path(path, &af->dir, &base, err);
    if (!st && !(af->path = copy_text(path, strlen(path))))
        st = mdd_fail(err, MDD_ERR_NOMEM, "no memory for a path");
    if (!st)
        st = create_temp(af, base, err);
    if (st)
        atomic_file_free(af);
    return st;
}

mdd_status mdd_atomic_file_sync(mdd_atomic_file *af, mdd_error *err)
{
    if (fsync(af->fd) != 0)
        return os_failure(err, "fsync");
    /* Advice only: a failure changes no result. */
    (void)posix_fadvise(af->fd, 0, 0, POSIX_FADV_DONTNEED);
    return MDD_OK;
}

mdd_status mdd_atomic_file_set_mode(mdd_atomic_file *af, mode_t mode, uid_t uid, gid_t gid,
                                    mdd_error *err)
{
    if ((uid != (uid_t)-1 || gid != (gid_t)-1) && fchown(af->fd, uid, gid) != 0)
        return os_failure(err, "fchown");
    if (fchmod(af->fd, mode & 07777) != 0)
        return os_failure(err, "fchmod");
    return MDD_OK;
}

/* Runs after the new file took the path: makes that durable and frees af. */
static mdd_status finish_commit(mdd_atomic_file *af, mdd_error *err)
{
    mdd_status st = mdd_sync_dir(af->dir, err);
    if (st)
        mdd_error_prefix(err, "replaced, but not durably: ");
    atomic_file_free(af);
    return st;
}

static mdd_status close_temp(mdd_atomic_file *af, mdd_error *err)
{
    mdd_status st = close(af->fd) == 0 ? MDD_OK : os_failure(err, "close");
    af->fd = -1;
    return st;
}

static mdd_status rename_failed(mdd_atomic_file *af, mdd_error *err)
{
    mdd_status st = os_failure(err, "rename");
    mdd_atomic_file_abort(af);
    return st;
}

mdd_status mdd_atomic_file_commit(mdd_atomic_file *af, mdd_error *err)
{
    mdd_status st = close_temp(af, err);
    if (st) {
        mdd_atomic_file_abort(af);
        return st;
    }
    return rename(af->temp, af->path) == 0 ? finish_commit(af, err) : rename_failed(af, err);
}

static int names_file(const char *path, dev_t dev, ino_t ino)
{
    struct stat st;
    return stat(path, &st) == 0 && st.st_dev == dev && st.st_ino == ino;
}

static mdd_status replaced_meanwhile(mdd_atomic_file *af, mdd_error *err)
{
    mdd_atomic_file_abort(af);
    return mdd_fail(err, MDD_ERR_IO, "the file was replaced by another writer meanwhile; "
                                     "it is left as that writer made it");
}

/* Runs after the temporary file and the path were exchanged: keeps the exchange when what
 * came out is the expected file; otherwise swaps back, so the newcomer returns to the path and
 * our file to the temporary name, where abort removes it. */
static mdd_status after_exchange(mdd_atomic_file *af, dev_t dev, ino_t ino, mdd_error *err)
{
    if (names_file(af->temp, dev, ino)) {
        unlink(af->temp); /* the original, now under the temporary name */
        return finish_commit(af, err);
    }
    if (renameat2(AT_FDCWD, af->temp, AT_FDCWD, af->path, RENAME_EXCHANGE) != 0) {
        mdd_status st = os_failure(err, "rename back after a concurrent replacement");
        atomic_file_free(af); /* the newcomer is under the temporary name: keep it */
        return st;
    }
    return replaced_meanwhile(af, err);
}

mdd_status mdd_atomic_file_commit_over(mdd_atomic_file *af, dev_t dev, ino_t ino,
                                       mdd_error *err)
{
    mdd_status st = close_temp(af, err);
    if (st) {
        mdd_atomic_file_abort(af);
        return st;
    }
    if (!names_file(af->path, dev, ino))
        return replaced_meanwhile(af, err);
    if (renameat2(AT_FDCWD, af->temp, AT_FDCWD, af->path, RENAME_EXCHANGE) == 0)
        return after_exchange(af, dev, ino, err);
    /* EINVAL or ENOSYS: this file system cannot exchange; the check above has to do. */
    if (errno != EINVAL && errno != ENOSYS)
        return rename_failed(af, err);
    return rename(af->temp, af->path) == 0 ? finish_commit(af, err) : rename_failed(af, err);
}

void mdd_atomic_file_abort(mdd_atomic_file *af)
{
    if (af->fd >= 0)
        close(af->fd);
    if (af->temp)
        unlink(af->temp);
    atomic_file_free(af);
}

/* Nonzero when name is exactly ".<base>.tmp.<pid>.<16 hex digits>", the name create_temp()
 * gives: a looser match would take the live temporary file of another file whose name starts
 * the same way ("<base>.tmp.x.mdd"). */
static int is_temp_of(const char *name, const char *base)
{
    size_t base_len = strlen(base), mark_len = strlen(TEMP_MARK);
    if (name[0] != '.' || strncmp(name + 1, base, base_len) != 0 ||
        strncmp(name + 1 + base_len, TEMP_MARK, mark_len) != 0)
        return 0;
    const char *p = name + 1 + base_len + mark_len;
    size_t digits = strspn(p, "0123456789");
    if (digits == 0 || p[digits] != '.')
        return 0;
    p += digits + 1;
    return strspn(p, "0123456789abcdef") == 16 && p[16] == '\0';
}

mdd_status mdd_atomic_file_remove_stale(const char *path, size_t *removed, mdd_error *err)
{
    char *dir;
    const char *base;
    size_t count = 0;
    mdd_status st = split_path(path, &dir, &base, err);
    if (st)
        return st;
    DIR *d = opendir(dir);
    if (!d) {
        free(dir);
        return os_failure(err, "open directory");
    }
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (is_temp_of(e->d_name, base) && unlinkat(dirfd(d), e->d_name, 0) == 0)
            count++;
    closedir(d);
    free(dir);
    if (removed)
        *removed = count;
    return MDD_OK;
}

mdd_status mdd_write_file_atomic(const char *path, mode_t mode, mdd_content_writer write,
                                 void *ctx, mdd_error *err)
{
    if (!write)
        return mdd_fail(err, MDD_ERR_ARG, "no content writer");
    mdd_atomic_file af;
    mdd_status st = mdd_atomic_file_create(path, &af, err);
    if (st)
        return st;
    mdd_sink sink = mdd_fd_sink(&af.fd);
    st = write(ctx, &sink, err);
    /* Mode first, so the fsync makes it durable with the content. */
    if (!st)
        st = mdd_atomic_file_set_mode(&af, mode, (uid_t)-1, (gid_t)-1, err);
    if (!st)
        st = mdd_atomic_file_sync(&af, err);
    if (st) {
        mdd_atomic_file_abort(&af);
        return st;
    }
    return mdd_atomic_file_commit(&af, err);
}

/* Writes the content into the open file fd (a device, a FIFO, a socket) and closes it. */
static mdd_status write_in_place(int fd, mdd_content_writer write, void *ctx, mdd_error *err)
{
    mdd_sink sink = mdd_fd_sink(&fd);
    mdd_status st = write(ctx, &sink, err);
    if (close(fd) != 0 && st == MDD_OK)
        st = os_failure(err, "close");
    return st;
}

/* Opens what is not a regular file for writing in place. Without O_NONBLOCK: a FIFO waits
 * for its reader, as a shell's redirection does. */
static mdd_status open_in_place(const char *path, int *fd, mdd_error *err)
{
    *fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (*fd < 0)
        return os_failure(err, "open");
    struct stat st;
    if (fstat(*fd, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
        return MDD_OK;
    /* Replaced by a regular file between the look and the open: writing into it would leave
     * a mix of old and new bytes. */
    close(*fd);
    *fd = -1;
    return mdd_fail(err, MDD_ERR_IO, "replaced by another file while being opened");
}

/* Replaces the regular file path names; through a symbolic link, the file the link leads to
 * (in that file's directory), and the link stays as it is. */
static mdd_status replace_regular(const char *path, mode_t mode, mdd_content_writer write,
                                  void *ctx, mdd_error *err)
{
    struct stat link;
    if (lstat(path, &link) != 0)
        return os_failure(err, "lstat");
    if (!S_ISLNK(link.st_mode))
        return mdd_write_file_atomic(path, mode, write, ctx, err);
    char *target = realpath(path, NULL);
    if (!target)
        return os_failure(err, "realpath");
    mdd_status st = mdd_write_file_atomic(target, mode, write, ctx, err);
    free(target);
    return st;
}

/* Creates path, which names nothing; a dangling symbolic link is refused: writing through it
 * would create a file somewhere the link's author chose. */
static mdd_status create_new(const char *path, mode_t mode, mdd_content_writer write, void *ctx,
                             mdd_error *err)
{
    struct stat link;
    if (lstat(path, &link) == 0)
        return mdd_fail(err, MDD_ERR_ARG, "a symbolic link to a missing file: not written");
    return mdd_write_file_atomic(path, mode, write, ctx, err);
}

mdd_status mdd_write_output(const char *path, mode_t mode, mdd_content_writer write, void *ctx,
                            mdd_error *err)
{
    if (!path || !write)
        return mdd_fail(err, MDD_ERR_ARG, "no path or no content writer");
    struct stat st;
    if (stat(path, &st) != 0)
        return errno == ENOENT ? create_new(path, mode, write, ctx, err)
                               : os_failure(err, "stat");
    if (S_ISREG(st.st_mode))
        return replace_regular(path, mode, write, ctx, err);
    if (S_ISDIR(st.st_mode))
        return mdd_fail(err, MDD_ERR_ARG, "not a regular file (a directory): not written");
    int fd;
    mdd_status s = open_in_place(path, &fd, err);
    return s ? s : write_in_place(fd, write, ctx, err);
}
