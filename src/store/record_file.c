/* SPDX-License-Identifier: Apache-2.0 */
/* Verification records as files beside their MDD file: where they are, reading one only when
 * its owner and mode allow trusting it, writing one crash-safely, and the identity and content
 * sample a record is compared with. */
#include "store_impl.h"

#include <mdd_internal/os.h>

#include <mdd/codec.h>
#include <mdd/file.h>
#include <mdd_internal/store.h>
#include <mdd_internal/codec.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

mdd_status mdd_record_path(const char *mdd_path, char **path, mdd_error *err)
{
    *path = NULL;
    size_t len = strlen(mdd_path);
    *path = malloc(len + sizeof MDD_RECORD_SUFFIX);
    if (!*path)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for the record's name");
    memcpy(*path, mdd_path, len);
    memcpy(*path + len, MDD_RECORD_SUFFIX, sizeof MDD_RECORD_SUFFIX);
    return MDD_OK;
}

mdd_record_identity mdd_record_identity_of(const struct stat *st)
{
    return (mdd_record_identity){
        .size = (uint64_t)st->st_size,
        .inode = (uint64_t)st->st_ino,
        .device = (uint64_t)st->st_dev,
        .mtime_sec = (int64_t)st->st_mtim.tv_sec,
        .ctime_sec = (int64_t)st->st_ctim.tv_sec,
        .mtime_nsec = (uint32_t)st->st_mtim.tv_nsec,
        .ctime_nsec = (uint32_t)st->st_ctim.tv_nsec,
    };
}

/* Reads size bytes at offset of fd into buf; what ends early is MDD_ERR_FORMAT. */
static mdd_status read_at(int fd, uint8_t *buf, size_t size, uint64_t offset, mdd_error *err)
{
    size_t done;
    int e = os_pread_exact(fd, buf, size, offset, &done);
    if (e)
        return mdd_fail(err, MDD_ERR_IO, "read: %s", strerror(e));
    if (done < size)
        return mdd_fail(err, MDD_ERR_FORMAT, "ends at %zu of %zu bytes", done, size);
    return MDD_OK;
}

/* Adds the digest of the first and of the last span bytes of [offset, offset + len) of fd. */
static mdd_status sample_ends(int fd, uint64_t offset, uint64_t len, mdd_sha512_state *outer,
                              uint64_t *bytes, mdd_error *err)
{
    uint8_t span_bytes[MDD_RECORD_SAMPLE_SPAN];
    size_t span = len < MDD_RECORD_SAMPLE_SPAN ? (size_t)len : MDD_RECORD_SAMPLE_SPAN;
    uint64_t starts[2] = {offset, offset + len - span};
    for (int i = 0; i < 2; i++) {
        uint8_t digest[MDD_SHA512_SIZE];
        mdd_status st = read_at(fd, span_bytes, span, starts[i], err);
        if (st)
            return st;
        mdd_sha512_builtin(span_bytes, span, digest);
        mdd_sha512_state_update(outer, digest, sizeof digest);
        *bytes += span;
    }
    return MDD_OK;
}

mdd_status mdd_record_sample(int fd, const mdd_file *file, const uint8_t *base,
                             uint64_t file_size, uint8_t digest[MDD_SHA512_SIZE],
                             uint64_t *bytes, mdd_error *err)
{
    mdd_sha512_state outer;
    mdd_sha512_state_init(&outer);
    *bytes = 0;
    mdd_status st = sample_ends(fd, 0, file_size, &outer, bytes, err);
    for (size_t i = 0; st == MDD_OK && i < file->chunk_count; i++) {
        mdd_bytes data = file->chunks[i].data;
        uint64_t offset = data.ptr ? (uint64_t)(data.ptr - base) : 0;
        st = sample_ends(fd, offset, data.len, &outer, bytes, err);
    }
    if (st) {
        mdd_error_prefix(err, "content sample: ");
        return st;
    }
    mdd_sha512_state_final(&outer, digest);
    return MDD_OK;
}

mdd_status mdd_record_build(int fd, const struct stat *st, const mdd_file *file,
                            const uint8_t *base, const uint8_t (*digests)[MDD_SHA512_SIZE],
                            mdd_record *out, mdd_error *err)
{
    memset(out, 0, sizeof *out);
    out->identity = mdd_record_identity_of(st);
    size_t count = file->chunk_count;
    out->chunks = calloc(count ? count : 1, sizeof *out->chunks);
    if (!out->chunks)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for %zu record entries", count);
    out->chunk_count = count;
    for (size_t i = 0; i < count; i++) {
        out->chunks[i].length = file->chunks[i].data.len;
        memcpy(out->chunks[i].sha512, digests[i], MDD_SHA512_SIZE);
    }
    mdd_status s = mdd_record_sample(fd, file, base, out->identity.size, out->sample,
                                     &out->sample_bytes, err);
    if (s)
        mdd_record_free(out);
    return s;
}

mdd_status mdd_record_check_owner(const struct stat *st, uint64_t max_size, mdd_error *err)
{
    if (!S_ISREG(st->st_mode))
        return mdd_fail(err, MDD_ERR_FORMAT, "not a regular file");
    if (st->st_uid != geteuid() && st->st_uid != 0)
        return mdd_fail(err, MDD_ERR_FORMAT, "owned by user %u, neither this user nor root",
                        (unsigned)st->st_uid);
    if (st->st_mode & (S_IWGRP | S_IWOTH))
        return mdd_fail(err, MDD_ERR_FORMAT, "writable by group or others (mode %03o)",
                        (unsigned)(st->st_mode & 0777));
    if ((uint64_t)st->st_size > max_size)
        return mdd_fail(err, MDD_ERR_FORMAT, "%lld bytes, more than the %llu allowed",
                        (long long)st->st_size, (unsigned long long)max_size);
    return MDD_OK;
}

static mdd_status load_fd(int fd, mdd_record *out, mdd_error *err)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return mdd_fail(err, MDD_ERR_IO, "fstat: %s", strerror(errno));
    mdd_status s = mdd_record_check_owner(&st, MDD_RECORD_MAX_SIZE, err);
    if (s)
        return s;
    size_t size = (size_t)st.st_size;
    uint8_t *buf = malloc(size ? size : 1);
    if (!buf)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for a %zu-byte record", size);
    s = read_at(fd, buf, size, 0, err);
    if (s == MDD_OK)
        s = mdd_record_parse(buf, size, out, err);
    free(buf);
    return s;
}

mdd_status mdd_record_load(const char *mdd_path, mdd_record *out, mdd_error *err)
{
    memset(out, 0, sizeof *out);
    char *path;
    mdd_status s = mdd_record_path(mdd_path, &path, err);
    if (s)
        return s;
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        s = mdd_fail(err, errno == ENOENT ? MDD_ERR_NOT_FOUND : MDD_ERR_IO, "%s: %s", path,
                     strerror(errno));
    else {
        s = load_fd(fd, out, err);
        close(fd);
        if (s)
            mdd_error_prefix(err, "%s: ", path);
    }
    free(path);
    return s;
}

/* An mdd_content_writer of an encoded record (ctx: the record). */
static mdd_status write_record(void *ctx, mdd_sink *out, mdd_error *err)
{
    const mdd_record *record = ctx;
    size_t size = mdd_record_size(record->chunk_count);
    uint8_t *buf = size ? malloc(size) : NULL;
    if (!buf)
        return mdd_fail(err, size ? MDD_ERR_NOMEM : MDD_ERR_LIMIT,
                        "cannot encode a record of %zu chunks", record->chunk_count);
    mdd_status s = mdd_record_encode(record, buf, err);
    if (s == MDD_OK)
        s = mdd_sink_write(out, buf, size, err);
    free(buf);
    return s;
}

mdd_status mdd_record_save(const char *mdd_path, const mdd_record *record, mode_t mode,
                           mdd_error *err)
{
    char *path;
    mdd_status s = mdd_record_path(mdd_path, &path, err);
    if (s)
        return s;
    s = mdd_write_file_atomic(path, mode & 0644, write_record, (void *)record, err);
    free(path);
    return s;
}

static int identity_equal(const mdd_record_identity *a, const mdd_record_identity *b)
{
    return a->size == b->size && a->inode == b->inode && a->device == b->device &&
           a->mtime_sec == b->mtime_sec && a->mtime_nsec == b->mtime_nsec &&
           a->ctime_sec == b->ctime_sec && a->ctime_nsec == b->ctime_nsec;
}

static mdd_status chunks_match(const mdd_record *record, const mdd_file *file, mdd_error *err)
{
    if (record->chunk_count != file->chunk_count)
        return mdd_fail(err, MDD_ERR_FORMAT, "records %zu chunks, the file has %zu",
                        record->chunk_count, file->chunk_count);
    for (size_t i = 0; i < file->chunk_count; i++) {
        const mdd_record_chunk *c = &record->chunks[i];
        mdd_chunk_report unused = {0};
        if (c->length != file->chunks[i].data.len)
            return mdd_fail(err, MDD_ERR_FORMAT, "chunk %zu: records %llu bytes, holds %zu", i,
                            (unsigned long long)c->length, file->chunks[i].data.len);
        if (mdd_chunk_check_signatures(&file->chunks[i], c->sha512, &unused, NULL) != MDD_OK)
            return mdd_fail(err, MDD_ERR_FORMAT,
                            "chunk %zu: the recorded SHA-512 differs from the signature", i);
    }
    return MDD_OK;
}

mdd_status mdd_record_matches(const mdd_record *record, int fd, const struct stat *st,
                              const mdd_file *file, const uint8_t *base, mdd_error *err)
{
    mdd_record_identity now = mdd_record_identity_of(st);
    if (!identity_equal(&record->identity, &now))
        return mdd_fail(err, MDD_ERR_FORMAT,
                        "made for another version of the file (size, inode, device, mtime or "
                        "ctime differ)");
    mdd_status s = chunks_match(record, file, err);
    if (s)
        return s;
    uint8_t sample[MDD_SHA512_SIZE];
    uint64_t bytes;
    s = mdd_record_sample(fd, file, base, now.size, sample, &bytes, err);
    if (s == MDD_OK && (bytes != record->sample_bytes ||
                        memcmp(sample, record->sample, MDD_SHA512_SIZE) != 0))
        s = mdd_fail(err, MDD_ERR_FORMAT, "the content sample (%llu bytes) differs",
                     (unsigned long long)bytes);
    return s;
}
