#include "../common/error.h"

#include <mdd/file.h>

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* O_EXCL makes a collision harmless; a few retries make one that persists unlikely to matter. */
#define TEMP_ATTEMPTS 64

/* The paths one atomic write works with: the directory to fsync and the temporary file. */
typedef struct write_paths {
    char *dir;
    char *temp;
    size_t prefix_len; /* bytes of temp before the random suffix */
    size_t temp_size;
} write_paths;

static void write_paths_free(write_paths *p)
{
    free(p->dir);
    free(p->temp);
}

static char *copy_prefix(const char *s, size_t len)
{
    char *copy = malloc(len + 1);
    if (copy) {
        memcpy(copy, s, len);
        copy[len] = '\0';
    }
    return copy;
}

/* Fills p->dir and the fixed part of p->temp: "<dir>/.<basename>.tmp.<pid>.". */
static mdd_status write_paths_init(const char *path, write_paths *p, mdd_error *err)
{
    memset(p, 0, sizeof *p);
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    if (*base == '\0')
        return mdd_fail(err, MDD_ERR_ARG, "not a file name");
    size_t dir_len = (size_t)(base - path);
    p->dir = !slash ? copy_prefix(".", 1) : copy_prefix(path, dir_len > 1 ? dir_len - 1 : 1);
    char pid[24];
    int pid_len = snprintf(pid, sizeof pid, "%ld", (long)getpid());
    p->temp_size = dir_len + 1 + strlen(base) + strlen(".tmp.") + (size_t)pid_len + 1 + 16 + 1;
    p->temp = malloc(p->temp_size);
    if (!p->dir || !p->temp) {
        write_paths_free(p);
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for the temporary file's name");
    }
    int n = snprintf(p->temp, p->temp_size, "%.*s.%s.tmp.%s.", (int)dir_len, path, base, pid);
    p->prefix_len = (size_t)n;
    return MDD_OK;
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

/* Creates the temporary file exclusively, so we never write through someone else's file. */
static mdd_status create_temp(write_paths *p, int *fd, mdd_error *err)
{
    for (unsigned attempt = 0; attempt < TEMP_ATTEMPTS; attempt++) {
        snprintf(p->temp + p->prefix_len, p->temp_size - p->prefix_len, "%016" PRIx64,
                 name_salt(attempt));
        *fd = open(p->temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (*fd >= 0)
            return MDD_OK;
        if (errno != EEXIST)
            return mdd_fail(err, MDD_ERR_IO, "create temporary file: %s", strerror(errno));
    }
    return mdd_fail(err, MDD_ERR_IO, "create temporary file: no free name after %d attempts",
                    TEMP_ATTEMPTS);
}

/* Produces the content into fd and makes it durable with its final mode. */
static mdd_status fill_temp(int fd, mode_t mode, mdd_content_writer write, void *ctx,
                            mdd_error *err)
{
    mdd_sink sink = mdd_fd_sink(&fd);
    mdd_status st = write(ctx, &sink, err);
    if (st)
        return st;
    if (fsync(fd) != 0)
        return mdd_fail(err, MDD_ERR_IO, "fsync: %s", strerror(errno));
    if (fchmod(fd, mode & 07777) != 0)
        return mdd_fail(err, MDD_ERR_IO, "fchmod: %s", strerror(errno));
    /* Freshly written pages sit in the page cache as large folios, and a later mapping of the
     * file would fault in whole folios despite MADV_RANDOM. Dropping the clean pages now lets
     * readers pay only for what they touch. Advice only: failure changes no result. */
    (void)posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
    return MDD_OK;
}

/* Makes the rename itself durable. */
static mdd_status sync_dir(const char *dir, mdd_error *err)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return mdd_fail(err, MDD_ERR_IO, "open directory: %s", strerror(errno));
    mdd_status st = MDD_OK;
    if (fsync(fd) != 0)
        st = mdd_fail(err, MDD_ERR_IO, "fsync directory: %s", strerror(errno));
    close(fd);
    return st;
}

/* Writes, closes and renames the created temporary file; removes it on any failure. */
static mdd_status commit_temp(const char *path, const write_paths *p, int fd, mode_t mode,
                              mdd_content_writer write, void *ctx, mdd_error *err)
{
    mdd_status st = fill_temp(fd, mode, write, ctx, err);
    if (close(fd) != 0 && st == MDD_OK)
        st = mdd_fail(err, MDD_ERR_IO, "close: %s", strerror(errno));
    if (st == MDD_OK && rename(p->temp, path) != 0)
        st = mdd_fail(err, MDD_ERR_IO, "rename: %s", strerror(errno));
    if (st != MDD_OK)
        unlink(p->temp);
    return st;
}

mdd_status mdd_write_file_atomic(const char *path, mode_t mode, mdd_content_writer write,
                                 void *ctx, mdd_error *err)
{
    if (!path || !write)
        return mdd_fail(err, MDD_ERR_ARG, "no path or no content writer");
    write_paths p;
    mdd_status st = write_paths_init(path, &p, err);
    if (st)
        return st;
    int fd = -1;
    st = create_temp(&p, &fd, err);
    if (st == MDD_OK)
        st = commit_temp(path, &p, fd, mode, write, ctx, err);
    if (st == MDD_OK)
        st = sync_dir(p.dir, err);
    write_paths_free(&p);
    return st;
}
