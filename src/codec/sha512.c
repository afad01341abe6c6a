/* SPDX-License-Identifier: Apache-2.0 */
/* What every SHA-512 backend shares: the sink and the one-shot digest, built on
 * mdd_sha512_init/update/final of libcrypto's backend (sha512_openssl.c) or the project's own
 * (sha512_builtin.c), whichever the build chose (MDD_SHA512). */
#include <mdd_internal/common.h>

#include <mdd/codec.h>
#include <mdd_internal/codec.h>

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

static mdd_status sha512_sink_write(void *ctx, const uint8_t *data, size_t len, mdd_error *err)
{
    return mdd_sha512_update(ctx, data, len, err);
}

mdd_sink mdd_sha512_sink(mdd_sha512_ctx *h) { return (mdd_sink){sha512_sink_write, h}; }

mdd_status mdd_sha512(const void *data, size_t len, uint8_t digest[MDD_SHA512_SIZE],
                      mdd_error *err)
{
    mdd_sha512_ctx h;
    mdd_status st = mdd_sha512_init(&h, err);
    if (st)
        return st;
    st = mdd_sha512_update(&h, data, len, err);
    if (st) {
        mdd_sha512_free(&h);
        return st;
    }
    return mdd_sha512_final(&h, digest, err);
}

/* ---- A file's byte range hashed with explicit reads (pread(2)), block by block ---- */
/* On the stack: a heap buffer of this size would move glibc's mmap threshold and stay
 * resident as heap after it is freed, in a process whose resident memory is the point. */
#define HASH_BLOCK ((size_t)64 << 10)

static mdd_status hash_blocks(int fd, uint64_t offset, uint64_t len, uint8_t *block,
                              mdd_sha512_ctx *h, mdd_error *err)
{
    for (uint64_t done = 0; done < len;) {
        size_t want = len - done < HASH_BLOCK ? (size_t)(len - done) : HASH_BLOCK;
        ssize_t n = pread(fd, block, want, (off_t)(offset + done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return mdd_fail(err, MDD_ERR_IO, "read: %s", strerror(errno));
        if (n == 0)
            return mdd_fail(err, MDD_ERR_IO, "read: file ends %llu bytes early",
                            (unsigned long long)(len - done));
        mdd_status st = mdd_sha512_update(h, block, (size_t)n, err);
        if (st)
            return st;
        done += (uint64_t)n;
    }
    return MDD_OK;
}

mdd_status mdd_sha512_file_range(int fd, uint64_t offset, uint64_t len, int evict,
                                 uint8_t digest[MDD_SHA512_SIZE], mdd_error *err)
{
    uint8_t block[HASH_BLOCK];
    mdd_sha512_ctx h;
    mdd_status st = mdd_sha512_init(&h, err);
    if (!st)
        st = hash_blocks(fd, offset, len, block, &h, err);
    if (!st)
        st = mdd_sha512_final(&h, digest, err);
    mdd_sha512_free(&h);
    if (evict) /* advice only: a failure changes no result */
        (void)posix_fadvise(fd, (off_t)offset, (off_t)len, POSIX_FADV_DONTNEED);
    return st;
}
