/* SPDX-License-Identifier: Apache-2.0 */
/* The bytes of a byte field, raw or written as hex text the way decoding prints them
 * ("0xAA 0xBB") or the database stores them ("AABB"), iterated without copying. */
#include "prim.h"

static int hex_value(uint32_t cp)
{
    if (cp >= '0' && cp <= '9')
        return (int)(cp - '0');
    if (cp >= 'a' && cp <= 'f')
        return (int)(cp - 'a' + 10);
    if (cp >= 'A' && cp <= 'F')
        return (int)(cp - 'A' + 10);
    return -1;
}

static bool is_space(uint32_t cp) { return cp == ' ' || cp == '\t' || cp == '\n' || cp == '\r'; }

/* The code point at *off without moving past it: 1, 0 at the end, -1 malformed. */
static int peek(const mdd_uds_text *t, size_t off, uint32_t *cp, size_t *after)
{
    *after = off;
    return uds_text_next(t, after, cp);
}

/* Moves it to the first digit of the next token and counts its digits: 1, 0 at the end,
 * -1 when the token is malformed (no digits, a non-hex character). */
static int start_token(uds_byte_iter *it)
{
    const mdd_uds_text *t = &it->s->as.text;
    uint32_t cp;
    size_t after;
    int r;
    while ((r = peek(t, it->off, &cp, &after)) > 0 && is_space(cp))
        it->off = after;
    if (r <= 0)
        return r;
    if (cp == '0') {
        uint32_t x;
        size_t after_x;
        if (peek(t, after, &x, &after_x) > 0 && (x == 'x' || x == 'X'))
            it->off = after_x;
    }
    size_t off = it->off, digits = 0;
    while ((r = peek(t, off, &cp, &after)) > 0 && !is_space(cp)) {
        if (hex_value(cp) < 0)
            return -1;
        digits++;
        off = after;
    }
    if (r < 0 || !digits)
        return -1;
    it->digits_left = digits;
    return 1;
}

static uint8_t take_digit(uds_byte_iter *it)
{
    uint32_t cp = 0;
    uds_text_next(&it->s->as.text, &it->off, &cp);
    it->digits_left--;
    return (uint8_t)hex_value(cp);
}

uds_byte_iter uds_bytes_begin(const uds_scalar *s)
{
    uds_byte_iter it = {s, 0, 0};
    return it;
}

int uds_bytes_next(uds_byte_iter *it, uint8_t *byte)
{
    if (!it->s->hex_text) {
        if (it->off >= it->s->as.bytes.len)
            return 0;
        *byte = it->s->as.bytes.ptr[it->off++];
        return 1;
    }
    if (!it->digits_left) {
        int r = start_token(it);
        if (r <= 0)
            return r;
    }
    uint8_t v = 0;
    if (it->digits_left % 2 == 0)
        v = (uint8_t)(take_digit(it) << 4);
    *byte = (uint8_t)(v | take_digit(it));
    return 1;
}

size_t uds_bytes_count(const uds_scalar *s)
{
    if (!s->hex_text)
        return s->as.bytes.len;
    uds_byte_iter it = uds_bytes_begin(s);
    uint8_t b;
    size_t n = 0;
    int r;
    while ((r = uds_bytes_next(&it, &b)) > 0)
        n++;
    return r < 0 ? SIZE_MAX : n;
}
