/* SPDX-License-Identifier: Apache-2.0 */
/* The one-time in-place conversion: lock, write a decompressed copy beside the file, read it
 * back, then replace the file with it. */
#include "convert_impl.h"

#include <mdd_internal/convert.h>
#include <mdd_internal/os.h>
#include <mdd_internal/common.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

/* The layout of mdd_convert_options. */
static const options_member convert_members[] = {
    OPTIONS_NESTED(mdd_convert_options, limits, mdd_codec_limits, options_layout_codec),
    OPTIONS_NESTED(mdd_convert_options, parse, mdd_parse_options, options_layout_parse),
    OPTIONS_SCALAR(mdd_convert_options, evict, int),
    OPTIONS_SCALAR(mdd_convert_options, progress, mdd_convert_progress_fn),
    OPTIONS_SCALAR(mdd_convert_options, progress_ctx, void *),
};
const options_layout options_layout_convert =
    OPTIONS_LAYOUT(mdd_convert_options, MDD_CONVERT_OPTIONS_SIZE, convert_members);

int mdd_file_is_plain(const mdd_file *file)
{
    for (size_t i = 0; i < file->chunk_count; i++)
        if (file->chunks[i].compression_algorithm.ptr)
            return 0;
    return 1;
}

mdd_status convert_keep_mode_and_owner(mdd_atomic_file *af, const struct stat *orig,
                                       mdd_error *err)
{
    struct stat now;
    if (fstat(af->fd, &now) != 0)
        return mdd_fail(err, MDD_ERR_IO, "fstat: %s", strerror(errno));
    uid_t uid = now.st_uid == orig->st_uid ? (uid_t)-1 : orig->st_uid;
    gid_t gid = now.st_gid == orig->st_gid ? (gid_t)-1 : orig->st_gid;
    return mdd_atomic_file_set_mode(af, orig->st_mode, uid, gid, err);
}

static mdd_status finish_temp(mdd_atomic_file *af, const struct stat *orig,
                              const mdd_file *file, uint8_t (*expected)[MDD_SHA512_SIZE],
                              const mdd_convert_options *opts, mdd_convert_result *result,
                              mdd_error *err)
{
    /* Mode and owner first, so the fsync makes them durable with the content. The sync also
     * drops the written pages from the page cache, so the read-back below comes from disk. */
    mdd_status st = convert_keep_mode_and_owner(af, orig, err);
    if (!st)
        st = mdd_atomic_file_sync(af, err);
    if (!st)
        st = convert_recheck(af->temp, file->chunk_count,
                             (const uint8_t(*)[MDD_SHA512_SIZE])expected, opts, err);
    struct stat written;
    if (!st && fstat(af->fd, &written) == 0)
        result->size_after = (uint64_t)written.st_size;
    if (!st && opts->evict) /* what the read-back cached */
        (void)posix_fadvise(af->fd, 0, 0, POSIX_FADV_DONTNEED);
    return st;
}

typedef struct convert_job {
    const mdd_convert_options *opts;
    mdd_convert_result *result;
} convert_job;

static mdd_status convert_locked(void *ctx, const convert_target *t, mdd_error *err)
{
    const convert_job *job = ctx;
    const mdd_convert_options *opts = job->opts;
    mdd_convert_result *result = job->result;
    const char *path = t->path;
    const struct stat *orig = &t->orig;
    const mdd_file *file = t->file;
    int fd = t->fd;
    const mdd_mapping *map = t->map;
    result->size_before = result->size_after = (uint64_t)orig->st_size;
    mdd_status st = mdd_atomic_file_remove_stale(path, &result->stale_temps_removed, err);
    if (st)
        return st;
    /* Nothing to convert, but the file is still checked: the update step trusts what a
     * conversion passed. */
    if (mdd_file_is_plain(file)) {
        for (size_t i = 0; !st && i < file->chunk_count; i++)
            st = convert_check_plain_chunk(fd, map, &file->chunks[i], i, NULL, opts->evict, err);
        return st;
    }
    uint8_t(*expected)[MDD_SHA512_SIZE] = calloc(file->chunk_count, sizeof *expected);
    if (!expected)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for %zu digests", file->chunk_count);
    mdd_atomic_file af;
    st = mdd_atomic_file_create(path, &af, err);
    if (!st)
        st = convert_write(map, file, fd, &af, opts, expected, err);
    if (!st)
        st = finish_temp(&af, orig, file, expected, opts, result, err);
    free(expected);
    if (st) {
        mdd_atomic_file_abort(&af);
        return st;
    }
    for (size_t i = 0; i < file->chunk_count; i++)
        result->chunks_decompressed += file->chunks[i].compression_algorithm.ptr != NULL;
    result->outcome = MDD_CONVERT_CONVERTED;
    /* An updater that knows nothing of our lock may have dropped in a new file meanwhile:
     * replace only the file we converted. */
    return mdd_atomic_file_commit_over(&af, orig->st_dev, orig->st_ino, err);
}

mdd_status convert_locked_file(const char *path, const mdd_parse_options *parse,
                               convert_locked_fn work, void *ctx, mdd_error *err)
{
    /* Through a symbolic link the file it names is rewritten, and the link stays a link. */
    convert_target t = {.path = realpath(path, NULL), .fd = -1};
    if (!t.path)
        return mdd_fail(err, MDD_ERR_IO, "open: %s", strerror(errno));
    mdd_status st = convert_lock(t.path, &t.fd, &t.orig, err);
    if (st) {
        free(t.path);
        return st;
    }
    mdd_mapping map;
    mdd_file file = {0};
    st = mdd_mapping_open_fd(t.fd, &map, err);
    if (!st)
        st = mdd_file_parse(map.data, map.size, parse, &file, err);
    t.map = &map;
    t.file = &file;
    if (!st)
        st = work(ctx, &t, err);
    mdd_file_free(&file);
    mdd_mapping_close(&map);
    close(t.fd); /* releases the lock, after the rename */
    free(t.path);
    return st;
}

mdd_status mdd_convert_file(const char *path, const mdd_convert_options *opts,
                            mdd_convert_result *result, mdd_error *err)
{
    mdd_convert_options given = mdd_convert_options_default();
    mdd_convert_result ignored;
    result = result ? result : &ignored;
    memset(result, 0, sizeof *result);
    mdd_status st = options_read(&options_layout_convert, opts, &given, err);
    if (st != MDD_OK)
        return st;
    result->outcome = MDD_CONVERT_ALREADY_PLAIN;
    convert_job job = {&given, result};
    return convert_locked_file(path, &given.parse, convert_locked, &job, err);
}

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
