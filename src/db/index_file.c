/* SPDX-License-Identifier: Apache-2.0 */
/* Persisted indexes as files beside their MDD file: where they are, mapping one only when its
 * owner and mode allow trusting it (as verification records are trusted), and writing one
 * crash-safely. */
#include "index_format.h"

#include <mdd_internal/os.h>
#include <mdd_internal/db.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

mdd_status mdd_db_index_path(const char *mdd_path, char **path, mdd_error *err)
{
    size_t len = strlen(mdd_path);
    *path = malloc(len + sizeof MDD_DB_INDEX_SUFFIX);
    if (!*path)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for the index's name");
    memcpy(*path, mdd_path, len);
    memcpy(*path + len, MDD_DB_INDEX_SUFFIX, sizeof MDD_DB_INDEX_SUFFIX);
    return MDD_OK;
}

static mdd_status map_trusted(int fd, mdd_mapping *out, mdd_error *err)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return mdd_fail(err, MDD_ERR_IO, "fstat: %s", strerror(errno));
    mdd_status s = mdd_record_check_owner(&st, DB_INDEX_MAX_SIZE, err);
    if (s == MDD_OK)
        s = mdd_mapping_open_fd(fd, out, err);
    /* The checksum reads it all at once: one read-ahead instead of a fault per page. */
    if (s == MDD_OK && out->size)
        (void)posix_madvise((void *)(uintptr_t)out->data, out->size, POSIX_MADV_WILLNEED);
    return s;
}

mdd_status db_index_file_map(const char *mdd_path, db_index_file *out, mdd_error *err)
{
    memset(out, 0, sizeof *out);
    out->map.fd = -1;
    char *path;
    mdd_status s = mdd_db_index_path(mdd_path, &path, err);
    if (s)
        return s;
    out->fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (out->fd < 0)
        s = mdd_fail(err, errno == ENOENT ? MDD_ERR_NOT_FOUND : MDD_ERR_IO, "%s: %s", path,
                     strerror(errno));
    else if ((s = map_trusted(out->fd, &out->map, err)) != MDD_OK) {
        mdd_error_prefix(err, "%s: ", path);
        db_index_file_close(out, 0);
    }
    free(path);
    return s;
}

void db_index_file_close(db_index_file *f, int evict)
{
    if (f->fd >= 0 && evict)
        (void)posix_fadvise(f->fd, 0, 0, POSIX_FADV_DONTNEED);
    if (f->fd >= 0)
        close(f->fd);
    f->fd = -1;
    mdd_mapping_close(&f->map);
}

/* An mdd_content_writer of bytes (ctx: an mdd_bytes). */
static mdd_status write_bytes(void *ctx, mdd_sink *out, mdd_error *err)
{
    const mdd_bytes *b = ctx;
    return mdd_sink_write(out, b->ptr, b->len, err);
}

mdd_status db_index_file_write(const char *mdd_path, mode_t mode, mdd_bytes index,
                               mdd_error *err)
{
    char *path;
    mdd_status s = mdd_db_index_path(mdd_path, &path, err);
    if (s == MDD_OK)
        s = mdd_write_file_atomic(path, mode & 0644, write_bytes, &index, err);
    free(path);
    return s;
}
