/* SPDX-License-Identifier: Apache-2.0 */
#include "text.h"

#include <string.h>

size_t text_utf8_len(const uint8_t *p, size_t avail)
{
    uint8_t b = p[0];
    if (b < 0x80)
        return 1;
    size_t len;
    uint8_t lo = 0x80, hi = 0xBF; /* the range of the second byte */
    if (b >= 0xC2 && b <= 0xDF) {
        len = 2;
    } else if (b >= 0xE0 && b <= 0xEF) {
        len = 3;
        lo = b == 0xE0 ? 0xA0 : lo; /* overlong */
        hi = b == 0xED ? 0x9F : hi; /* surrogates */
    } else if (b >= 0xF0 && b <= 0xF4) {
        len = 4;
        lo = b == 0xF0 ? 0x90 : lo; /* overlong */
        hi = b == 0xF4 ? 0x8F : hi; /* past U+10FFFF */
    } else {
        return 0;
    }
    if (avail < len || p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    return len;
}

/* C0 controls, DEL and the C1 controls (U+0080..U+009F): a terminal acts on all of them. */
static int is_control(const uint8_t *p, size_t len)
{
    if (len == 1)
        return p[0] < 0x20 || p[0] == 0x7F;
    return len == 2 && p[0] == 0xC2 && p[1] < 0xA0;
}

typedef void (*text_put_fn)(void *ctx, const char *s, size_t n);

/* Hands the escaped form of bytes to put, one character or escape at a time. */
static void text_escape(mdd_bytes bytes, text_put_fn put, void *ctx)
{
    static const char digits[] = "0123456789abcdef";
    size_t i = 0;
    while (i < bytes.len) {
        const uint8_t *p = bytes.ptr + i;
        size_t n = text_utf8_len(p, bytes.len - i);
        if (n == 0 || is_control(p, n)) {
            char esc[4] = {'\\', 'x', digits[p[0] >> 4], digits[p[0] & 15]};
            put(ctx, esc, sizeof esc);
            i++;
        } else if (p[0] == '\\') {
            put(ctx, "\\\\", 2);
            i++;
        } else {
            put(ctx, (const char *)p, n);
            i += n;
        }
    }
}

static void put_file(void *ctx, const char *s, size_t n) { fwrite(s, 1, n, ctx); }

void text_print(FILE *out, mdd_bytes bytes) { text_escape(bytes, put_file, out); }

static void put_count(void *ctx, const char *s, size_t n)
{
    /* An escape is n ASCII columns; a UTF-8 character is one whatever its length. */
    *(size_t *)ctx += (unsigned char)s[0] < 0x80 ? n : 1;
}

size_t text_width(mdd_bytes bytes)
{
    size_t width = 0;
    text_escape(bytes, put_count, &width);
    return width;
}

/* A bounded string being filled; stops at the first piece that does not fit whole, so a
 * cut never splits a character or an escape. */
typedef struct text_buf {
    char *buf;
    size_t size;
    size_t len;
    int full;
} text_buf;

static void put_buf(void *ctx, const char *s, size_t n)
{
    text_buf *b = ctx;
    if (b->full || n >= b->size - b->len) {
        b->full = 1;
        return;
    }
    memcpy(b->buf + b->len, s, n);
    b->len += n;
    b->buf[b->len] = '\0';
}

void text_format(char *buf, size_t size, mdd_bytes bytes)
{
    if (size == 0)
        return;
    buf[0] = '\0';
    text_buf b = {buf, size, 0, 0};
    text_escape(bytes, put_buf, &b);
}
