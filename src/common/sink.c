/* SPDX-License-Identifier: Apache-2.0 */
#include <mdd_internal/common.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

mdd_status mdd_sink_write(mdd_sink *sink, const void *data, size_t len, mdd_error *err)
{
    if (len == 0)
        return MDD_OK;
    return sink->write(sink->ctx, data, len, err);
}

static mdd_status buffer_grow(mdd_buffer *buf, size_t need, mdd_error *err)
{
    size_t limit = buf->limit ? buf->limit : SIZE_MAX;
    if (need > limit)
        return mdd_fail(err, MDD_ERR_LIMIT, "output of %zu bytes exceeds the limit of %zu",
                        need, limit);
    size_t cap = buf->cap ? buf->cap : 4096;
    while (cap < need)
        cap = cap > SIZE_MAX / 2 ? SIZE_MAX : cap * 2;
    if (cap > limit)
        cap = limit;
    uint8_t *p = realloc(buf->data, cap);
    if (!p)
        return mdd_fail(err, MDD_ERR_NOMEM, "cannot grow a buffer to %zu bytes", cap);
    buf->data = p;
    buf->cap = cap;
    return MDD_OK;
}

static mdd_status buffer_write(void *ctx, const uint8_t *data, size_t len, mdd_error *err)
{
    mdd_buffer *buf = ctx;
    if (len > SIZE_MAX - buf->len)
        return mdd_fail(err, MDD_ERR_LIMIT, "output size overflows");
    if (buf->len + len > buf->cap) {
        mdd_status st = buffer_grow(buf, buf->len + len, err);
        if (st)
            return st;
    }
    memcpy(buf->data + buf->len, data, len);
    buf->len += len;
    return MDD_OK;
}

mdd_sink mdd_buffer_sink(mdd_buffer *buf) { return (mdd_sink){buffer_write, buf}; }

void mdd_buffer_free(mdd_buffer *buf)
{
    free(buf->data);
    memset(buf, 0, sizeof *buf);
}

static mdd_status fd_write(void *ctx, const uint8_t *data, size_t len, mdd_error *err)
{
    int fd = *(const int *)ctx;
    while (len > 0) {
        ssize_t n = write(fd, data, len);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return mdd_fail(err, MDD_ERR_IO, "write: %s", strerror(errno));
        }
        data += n;
        len -= (size_t)n;
    }
    return MDD_OK;
}

mdd_sink mdd_fd_sink(const int *fd) { return (mdd_sink){fd_write, (void *)fd}; }

static mdd_status counting_write(void *ctx, const uint8_t *data, size_t len, mdd_error *err)
{
    (void)data;
    (void)err;
    *(uint64_t *)ctx += len;
    return MDD_OK;
}

mdd_sink mdd_counting_sink(uint64_t *counter) { return (mdd_sink){counting_write, counter}; }
