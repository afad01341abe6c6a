/* SPDX-License-Identifier: Apache-2.0 */
/* Content-named images shared between processes (mdd_internal/os.h): making them atomically,
 * attaching under a shared lock, unlinking after the last user. */
#include <mdd_internal/os.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* A name that vanishes this many times in a row while being attached means something keeps
 * removing it: give up rather than spin. */
#define ATTACH_TRIES 16

static int lock_retrying(int fd, int op)
{
    int r;
    do
        r = flock(fd, op);
    while (r != 0 && errno == EINTR);
    return r;
}

static mdd_status check_dir(int fd, const char *path, mdd_error *err)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return mdd_fail(err, MDD_ERR_IO, "%s: fstat: %s", path, strerror(errno));
    if (st.st_uid != geteuid())
        return mdd_fail(err, MDD_ERR_ARG,
                        "%s: owned by uid %u, not by this process's uid %u: images there could "
                        "be forged", path, (unsigned)st.st_uid, (unsigned)geteuid());
    if (st.st_mode & 077)
        return mdd_fail(err, MDD_ERR_ARG,
                        "%s: mode %03o lets others in: images there could be forged (chmod 700)",
                        path, (unsigned)(st.st_mode & 0777));
    return MDD_OK;
}

mdd_status shared_image_dir_open(const char *path, int *dir_fd, mdd_error *err)
{
    *dir_fd = -1;
    if (mkdir(path, 0700) != 0 && errno != EEXIST)
        return mdd_fail(err, MDD_ERR_IO, "%s: mkdir: %s", path, strerror(errno));
    /* O_NOFOLLOW: a symbolic link put in the directory's place would lead elsewhere. */
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return mdd_fail(err, MDD_ERR_IO, "%s: open: %s", path, strerror(errno));
    mdd_status st = check_dir(fd, path, err);
    if (st) {
        close(fd);
        return st;
    }
    *dir_fd = fd;
    return MDD_OK;
}

/* Checks an existing image before trusting its bytes; *gone when it was unlinked meanwhile. */
static mdd_status check_image(int fd, const char *name, size_t size, int *gone, mdd_error *err)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return mdd_fail(err, MDD_ERR_IO, "image %s: fstat: %s", name, strerror(errno));
    *gone = st.st_nlink == 0;
    if (*gone)
        return MDD_OK;
    if (!S_ISREG(st.st_mode) || st.st_uid != geteuid())
        return mdd_fail(err, MDD_ERR_FORMAT, "image %s: not a regular file of this user", name);
    if ((uint64_t)st.st_size != size)
        return mdd_fail(err, MDD_ERR_FORMAT, "image %s: %jd bytes where %zu belong", name,
                        (intmax_t)st.st_size, size);
    return MDD_OK;
}

static mdd_status map_image(shared_image *out, int fd, size_t size, mdd_error *err)
{
    /* Populated: the pages exist already, so this costs page-table entries, not I/O, and
     * readers never take even a minor fault on them. */
    void *p = mmap(NULL, size, PROT_READ, MAP_SHARED | MAP_POPULATE, fd, 0);
    if (p == MAP_FAILED)
        return mdd_fail(err, MDD_ERR_IO, "image %s: mmap: %s", out->name, strerror(errno));
    out->fd = fd;
    out->data = p;
    out->size = size;
    return MDD_OK;
}

/* Writes an unnamed image through fill. Its space is allocated before the first byte: a full
 * tmpfs then fails here with ENOSPC, where a write through the mapping would raise SIGBUS. */
static mdd_status fill_unnamed(int fd, const char *name, size_t size, shared_image_fill fill,
                               void *ctx, mdd_error *err)
{
    int r = fallocate(fd, 0, 0, (off_t)size);
    if (r != 0)
        return mdd_fail(err, MDD_ERR_IO, "image %s: reserving %zu bytes: %s", name, size,
                        strerror(errno));
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED)
        return mdd_fail(err, MDD_ERR_IO, "image %s: mmap: %s", name, strerror(errno));
    mdd_status st = fill(ctx, p, size, err);
    munmap(p, size);
    return st;
}

/* Links an unnamed, filled and locked image under name; *taken when another process linked
 * one first. */
static mdd_status publish(int dir_fd, int fd, const char *name, int *taken, mdd_error *err)
{
    char self[64];
    snprintf(self, sizeof self, "/proc/self/fd/%d", fd);
    *taken = 0;
    if (linkat(AT_FDCWD, self, dir_fd, name, AT_SYMLINK_FOLLOW) == 0)
        return MDD_OK;
    if (errno == EEXIST) {
        *taken = 1;
        return MDD_OK;
    }
    return mdd_fail(err, MDD_ERR_IO, "image %s: link: %s", name, strerror(errno));
}

/* Makes the image; *fd is -1 (and MDD_OK) when another process published one first. */
static mdd_status make_image(int dir_fd, const char *name, size_t size, shared_image_fill fill,
                             void *ctx, int *fd, mdd_error *err)
{
    *fd = openat(dir_fd, ".", O_TMPFILE | O_RDWR | O_CLOEXEC, 0400);
    if (*fd < 0)
        return mdd_fail(err, MDD_ERR_IO, "image %s: unnamed file: %s", name, strerror(errno));
    int taken = 0;
    mdd_status st = fill_unnamed(*fd, name, size, fill, ctx, err);
    /* Locked before it has a name, so that no detach elsewhere can find it unused. */
    if (st == MDD_OK && lock_retrying(*fd, LOCK_SH) != 0)
        st = mdd_fail(err, MDD_ERR_IO, "image %s: flock: %s", name, strerror(errno));
    if (st == MDD_OK)
        st = publish(dir_fd, *fd, name, &taken, err);
    if (st || taken) {
        close(*fd);
        *fd = -1;
    }
    return st;
}

/* Opens and locks the image called name; *fd is -1 (and MDD_OK) when there is none, or it
 * was unlinked before the lock was had. */
static mdd_status open_existing(int dir_fd, const char *name, size_t size, int *fd,
                                mdd_error *err)
{
    *fd = openat(dir_fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (*fd < 0) {
        if (errno == ENOENT)
            return MDD_OK;
        return mdd_fail(err, MDD_ERR_IO, "image %s: open: %s", name, strerror(errno));
    }
    int gone = 0;
    mdd_status st = MDD_OK;
    if (lock_retrying(*fd, LOCK_SH) != 0)
        st = mdd_fail(err, MDD_ERR_IO, "image %s: flock: %s", name, strerror(errno));
    if (st == MDD_OK)
        st = check_image(*fd, name, size, &gone, err);
    if (st || gone) {
        close(*fd);
        *fd = -1;
    }
    return st;
}

mdd_status shared_image_attach(int dir_fd, const char *name, size_t size,
                               shared_image_fill fill, void *ctx, shared_image *out,
                               mdd_error *err)
{
    *out = (shared_image){.fd = -1};
    if (snprintf(out->name, sizeof out->name, "%s", name) >= (int)sizeof out->name)
        return mdd_fail(err, MDD_ERR_ARG, "image name too long: %s", name);
    for (int tries = 0; tries < ATTACH_TRIES; tries++) {
        int fd;
        mdd_status st = open_existing(dir_fd, name, size, &fd, err);
        if (st == MDD_OK && fd < 0)
            st = make_image(dir_fd, name, size, fill, ctx, &fd, err);
        if (st)
            return st;
        if (fd < 0)
            continue;
        st = map_image(out, fd, size, err);
        if (st)
            close(fd);
        return st;
    }
    return mdd_fail(err, MDD_ERR_IO, "image %s: removed again each of %d times it was opened",
                    name, ATTACH_TRIES);
}

/* Whether name still refers to the file open as fd. */
static int names_file(int dir_fd, const char *name, int fd)
{
    struct stat mine, named;
    return fstat(fd, &mine) == 0 && fstatat(dir_fd, name, &named, AT_SYMLINK_NOFOLLOW) == 0 &&
           mine.st_dev == named.st_dev && mine.st_ino == named.st_ino;
}

void shared_image_detach(int dir_fd, shared_image *image)
{
    if (image->fd < 0)
        return;
    if (image->data)
        munmap((void *)image->data, image->size);
    /* Exclusive only when no other open file holds it. While this lock is held nobody can
     * attach, and nobody else can unlink: the name checked is the one removed. */
    if (flock(image->fd, LOCK_EX | LOCK_NB) == 0 && names_file(dir_fd, image->name, image->fd))
        (void)unlinkat(dir_fd, image->name, 0);
    close(image->fd);
    *image = (shared_image){.fd = -1};
}
