/* SPDX-License-Identifier: Apache-2.0 */
/* The FlatBuffers builder's buffer: growth under a byte cap, alignment, strings, vectors and
 * the root. Tables and vtables are in build_table.c. */
#include "build_impl.h"

#include <mdd/fb.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fbb_fail(mdd_fb_builder *b, mdd_status status, const char *fmt, ...)
{
    if (b->status != MDD_OK)
        return;
    b->status = status;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->message, sizeof b->message, fmt, ap);
    va_end(ap);
}

void mdd_fb_builder_init(mdd_fb_builder *b, size_t limit)
{
    memset(b, 0, sizeof *b);
    /* Below 16 bytes not even an empty root fits; the cap's checks assume room for it. */
    b->limit = limit == 0 || limit > MDD_FB_MAX_SIZE ? MDD_FB_MAX_SIZE : limit < 16 ? 16 : limit;
    b->max_align = 1;
}

void mdd_fb_builder_free(mdd_fb_builder *b)
{
    free(b->buf);
    free(b->vtables);
    mdd_fb_builder_init(b, b->limit);
}

void mdd_fb_builder_reset(mdd_fb_builder *b)
{
    b->used = 0;
    b->max_align = 1;
    b->status = MDD_OK;
    b->message[0] = '\0';
    b->in_table = 0;
    b->field_count = 0;
    b->vtable_count = 0;
}

size_t mdd_fb_builder_size(const mdd_fb_builder *b) { return b->used; }

/* Makes room for n more bytes, moving the data to the end of a larger buffer. */
static int fbb_reserve(mdd_fb_builder *b, size_t n)
{
    if (b->status != MDD_OK)
        return -1;
    if (n > b->limit - b->used) {
        fbb_fail(b, MDD_ERR_LIMIT, "FlatBuffer would exceed %zu bytes", b->limit);
        return -1;
    }
    if (n <= b->cap - b->used)
        return 0;
    size_t want = b->used + n;
    size_t cap = b->cap ? b->cap : 1024;
    while (cap < want)
        cap = cap > b->limit / 2 ? b->limit : cap * 2;
    uint8_t *buf = malloc(cap);
    if (!buf) {
        fbb_fail(b, MDD_ERR_NOMEM, "cannot grow the FlatBuffer to %zu bytes", cap);
        return -1;
    }
    if (b->used)
        memcpy(buf + cap - b->used, b->buf + b->cap - b->used, b->used);
    free(b->buf);
    b->buf = buf;
    b->cap = cap;
    return 0;
}

int fbb_push(mdd_fb_builder *b, const void *data, size_t n)
{
    if (fbb_reserve(b, n) != 0)
        return -1;
    b->used += n;
    if (n)
        memcpy(b->buf + b->cap - b->used, data, n);
    return 0;
}

int fbb_push_le(mdd_fb_builder *b, uint32_t value, size_t n)
{
    uint8_t bytes[4];
    for (size_t i = 0; i < n; i++)
        bytes[i] = (uint8_t)(value >> (8 * i));
    return fbb_push(b, bytes, n);
}

int fbb_prep(mdd_fb_builder *b, size_t align, size_t extra)
{
    if (align > b->max_align)
        b->max_align = align;
    size_t pad = (align - ((b->used + extra) & (align - 1))) & (align - 1);
    static const uint8_t zeros[8];
    return fbb_push(b, zeros, pad);
}

int fbb_push_uoffset(mdd_fb_builder *b, mdd_fb_ref ref)
{
    if (fbb_prep(b, 4, 4) != 0)
        return -1;
    /* The offset is stored at distance used + 4 from the end and points at distance ref. */
    size_t here = b->used + 4;
    if (ref == 0 || ref > here - 4) {
        fbb_fail(b, MDD_ERR_ARG, "reference %u is not a written object", ref);
        return -1;
    }
    return fbb_push_le(b, (uint32_t)(here - ref), 4);
}

/* A string or vector may not be written while a table is open. */
static int fbb_outside_table(mdd_fb_builder *b)
{
    if (b->in_table) {
        fbb_fail(b, MDD_ERR_ARG, "an object was written while a table was open");
        return -1;
    }
    return b->status == MDD_OK ? 0 : -1;
}

/* Rejects a body of n bytes (with its count and NUL) that cannot fit under the cap. */
static int fbb_fits(mdd_fb_builder *b, size_t n)
{
    if (b->status != MDD_OK)
        return -1;
    if (n > b->limit - 8 || b->used > b->limit - 8 - n) {
        fbb_fail(b, MDD_ERR_LIMIT, "FlatBuffer would exceed %zu bytes", b->limit);
        return -1;
    }
    return 0;
}

/* Writes the count in front of n bytes of vector or string body already written. */
static mdd_fb_ref fbb_end_vector(mdd_fb_builder *b, size_t count)
{
    if (count > UINT32_MAX) {
        fbb_fail(b, MDD_ERR_LIMIT, "vector of %zu elements", count);
        return 0;
    }
    if (fbb_push_le(b, (uint32_t)count, 4) != 0)
        return 0;
    return (mdd_fb_ref)b->used;
}

mdd_fb_ref mdd_fb_create_string(mdd_fb_builder *b, const char *s, size_t len)
{
    if (fbb_outside_table(b) != 0 || fbb_fits(b, len) != 0 || fbb_prep(b, 4, len + 1 + 4) != 0)
        return 0;
    if (fbb_push(b, "", 1) != 0 || fbb_push(b, s, len) != 0)
        return 0;
    return fbb_end_vector(b, len);
}

mdd_fb_ref mdd_fb_create_cstring(mdd_fb_builder *b, const char *s)
{
    return mdd_fb_create_string(b, s, strlen(s));
}

mdd_fb_ref mdd_fb_create_bytes(mdd_fb_builder *b, const uint8_t *data, size_t count)
{
    if (fbb_outside_table(b) != 0 || fbb_fits(b, count) != 0 || fbb_prep(b, 4, count + 4) != 0)
        return 0;
    if (fbb_push(b, data, count) != 0)
        return 0;
    return fbb_end_vector(b, count);
}

mdd_fb_ref mdd_fb_create_refs(mdd_fb_builder *b, const mdd_fb_ref *refs, size_t count)
{
    if (fbb_outside_table(b) != 0 || fbb_fits(b, count > b->limit / 4 ? b->limit : 4 * count) != 0 ||
        fbb_prep(b, 4, 4 * count + 4) != 0)
        return 0;
    /* Back to front: the last element is written first. */
    for (size_t i = count; i-- > 0;)
        if (fbb_push_uoffset(b, refs[i]) != 0)
            return 0;
    return fbb_end_vector(b, count);
}

mdd_status mdd_fb_builder_finish(mdd_fb_builder *b, mdd_fb_ref root, mdd_bytes *out,
                                 mdd_error *err)
{
    out->ptr = NULL;
    out->len = 0;
    if (fbb_outside_table(b) == 0) {
        /* Padding the whole buffer to the largest alignment makes alignment counted from
         * the end hold from the start too. */
        size_t align = b->max_align < 8 ? 8 : b->max_align;
        if (fbb_prep(b, align, 4) == 0)
            fbb_push_uoffset(b, root);
    }
    if (b->status != MDD_OK)
        return mdd_fail(err, b->status, "FlatBuffer builder: %s", b->message);
    out->ptr = b->buf + b->cap - b->used;
    out->len = b->used;
    return MDD_OK;
}
