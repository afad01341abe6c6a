/* SPDX-License-Identifier: Apache-2.0 */
/* The written file is trusted only after it has been read back from disk: parsed afresh and
 * every chunk hashed again. A file found already plain is checked the same way. */
#include "convert_impl.h"

#include <mdd_internal/codec.h>

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

mdd_status convert_check_plain_chunk(int fd, const mdd_mapping *map, const mdd_chunk *c,
                                    size_t index, const uint8_t *expected, int evict,
                                    mdd_error *err)
{
    if (c->compression_algorithm.ptr || c->has_uncompressed_size)
        return mdd_fail(err, MDD_ERR_FORMAT, "chunk %zu is still compressed", index);
    uint8_t digest[MDD_SHA512_SIZE];
    uint64_t offset = c->data.ptr ? (uint64_t)(c->data.ptr - map->data) : 0;
    mdd_status st = mdd_sha512_file_range(fd, offset, c->data.len, evict, digest, err);
    if (st)
        return st;
    if (expected && memcmp(digest, expected, MDD_SHA512_SIZE) != 0)
        return mdd_fail(err, MDD_ERR_CHECKSUM, "chunk %zu differs from what was written", index);
    mdd_chunk_report report = {0};
    st = mdd_chunk_check_signatures(c, digest, &report, err);
    if (st)
        mdd_error_prefix(err, "chunk %zu: ", index);
    return st;
}

static mdd_status check_file(int fd, const mdd_mapping *map, size_t chunk_count,
                             const uint8_t (*expected)[MDD_SHA512_SIZE],
                             const mdd_convert_options *opts, mdd_error *err)
{
    mdd_file file;
    mdd_status st = mdd_file_parse(map->data, map->size, &opts->parse, &file, err);
    if (st)
        return st;
    if (file.chunk_count != chunk_count)
        st = mdd_fail(err, MDD_ERR_FORMAT, "%zu chunks written, %zu read back", chunk_count,
                      file.chunk_count);
    for (size_t i = 0; !st && i < file.chunk_count; i++)
        st = convert_check_plain_chunk(fd, map, &file.chunks[i], i, expected[i], 0, err);
    mdd_file_free(&file);
    return st;
}

mdd_status convert_recheck(const char *temp, size_t chunk_count,
                           const uint8_t (*expected)[MDD_SHA512_SIZE],
                           const mdd_convert_options *opts, mdd_error *err)
{
    int fd = open(temp, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return mdd_fail(err, MDD_ERR_IO, "re-open: %s", strerror(errno));
    mdd_mapping map;
    mdd_status st = mdd_mapping_open_fd(fd, &map, err);
    if (!st)
        st = check_file(fd, &map, chunk_count, expected, opts, err);
    mdd_mapping_close(&map);
    close(fd);
    if (st)
        mdd_error_prefix(err, "check of the written file: ");
    return st;
}
