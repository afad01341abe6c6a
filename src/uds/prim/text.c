/* SPDX-License-Identifier: Apache-2.0 */
/* Texts in the encodings of the codec: iterated by code point without copying (validating
 * as they go), measured and written in another encoding. */
#include "prim.h"

static bool is_surrogate(uint32_t cp) { return cp >= 0xD800 && cp <= 0xDFFF; }

static bool is_high_surrogate(uint32_t cp) { return cp >= 0xD800 && cp <= 0xDBFF; }

static bool is_low_surrogate(uint32_t cp) { return cp >= 0xDC00 && cp <= 0xDFFF; }

/* One UTF-8 sequence at p[0..len): its length, or 0 when malformed (overlong forms,
 * surrogates and code points past U+10FFFF included). */
static size_t utf8_decode(const uint8_t *p, size_t len, uint32_t *cp)
{
    uint8_t b = p[0];
    size_t n;
    uint32_t v, min;
    if (b < 0x80) {
        *cp = b;
        return 1;
    }
    if (b >= 0xC2 && b <= 0xDF) {
        n = 2, v = b & 0x1Fu, min = 0x80;
    } else if (b >= 0xE0 && b <= 0xEF) {
        n = 3, v = b & 0x0Fu, min = 0x800;
    } else if (b >= 0xF0 && b <= 0xF4) {
        n = 4, v = b & 0x07u, min = 0x10000;
    } else {
        return 0;
    }
    if (len < n)
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((p[i] & 0xC0) != 0x80)
            return 0;
        v = (v << 6) | (p[i] & 0x3Fu);
    }
    if (v < min || v > 0x10FFFF || is_surrogate(v))
        return 0;
    *cp = v;
    return n;
}

static uint32_t utf16_unit(const uint8_t *p, bool big_endian)
{
    return big_endian ? (uint32_t)(p[0] << 8 | p[1]) : (uint32_t)(p[1] << 8 | p[0]);
}

static int utf16_next(const mdd_bytes *b, size_t *off, bool big_endian, uint32_t *cp)
{
    if (b->len - *off < 2)
        return -1;
    uint32_t unit = utf16_unit(b->ptr + *off, big_endian);
    if (is_low_surrogate(unit))
        return -1;
    if (!is_high_surrogate(unit)) {
        *off += 2;
        *cp = unit;
        return 1;
    }
    if (b->len - *off < 4)
        return -1;
    uint32_t low = utf16_unit(b->ptr + *off + 2, big_endian);
    if (!is_low_surrogate(low))
        return -1;
    *off += 4;
    *cp = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
    return 1;
}

static int hex4(const uint8_t *p, uint32_t *out)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) {
        uint8_t c = p[i];
        uint32_t d;
        if (c >= '0' && c <= '9')
            d = (uint32_t)(c - '0');
        else if (c >= 'a' && c <= 'f')
            d = (uint32_t)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            d = (uint32_t)(c - 'A' + 10);
        else
            return 0;
        v = v << 4 | d;
    }
    *out = v;
    return 1;
}

/* A \uXXXX escape at p (after the backslash), with the low half of a surrogate pair: the
 * bytes consumed, or 0 when malformed. */
static size_t json_unicode_escape(const uint8_t *p, size_t len, uint32_t *cp)
{
    uint32_t unit, low;
    if (len < 5 || !hex4(p + 1, &unit))
        return 0;
    if (is_low_surrogate(unit))
        return 0;
    if (!is_high_surrogate(unit)) {
        *cp = unit;
        return 5;
    }
    if (len < 11 || p[5] != '\\' || p[6] != 'u' || !hex4(p + 7, &low) || !is_low_surrogate(low))
        return 0;
    *cp = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
    return 11;
}

static uint32_t json_simple_escape(uint8_t c)
{
    switch (c) {
    case '"': return '"';
    case '\\': return '\\';
    case '/': return '/';
    case 'b': return '\b';
    case 'f': return '\f';
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    default: return UINT32_MAX;
    }
}

static int json_next(const mdd_bytes *b, size_t *off, uint32_t *cp)
{
    const uint8_t *p = b->ptr + *off;
    size_t len = b->len - *off;
    size_t n;
    if (p[0] < 0x20 || p[0] == '"')
        return -1;
    if (p[0] != '\\') {
        n = utf8_decode(p, len, cp);
    } else if (len >= 2 && p[1] == 'u') {
        n = json_unicode_escape(p + 1, len - 1, cp);
        n = n ? n + 1 : 0;
    } else {
        *cp = len >= 2 ? json_simple_escape(p[1]) : UINT32_MAX;
        n = *cp == UINT32_MAX ? 0 : 2;
    }
    if (!n)
        return -1;
    *off += n;
    return 1;
}

int uds_text_next(const mdd_uds_text *text, size_t *off, uint32_t *code_point)
{
    const mdd_bytes *b = &text->bytes;
    if (*off >= b->len)
        return 0;
    switch ((int)text->encoding) {
    case MDD_UDS_TEXT_LATIN1:
        *code_point = b->ptr[(*off)++];
        return 1;
    case MDD_UDS_TEXT_UTF8: {
        size_t n = utf8_decode(b->ptr + *off, b->len - *off, code_point);
        *off += n;
        return n ? 1 : -1;
    }
    case MDD_UDS_TEXT_UTF16BE: return utf16_next(b, off, true, code_point);
    case MDD_UDS_TEXT_UTF16LE: return utf16_next(b, off, false, code_point);
    case UDS_TEXT_JSON: return json_next(b, off, code_point);
    default: return -1;
    }
}

size_t uds_text_unit_size(mdd_uds_text_encoding encoding, uint32_t code_point)
{
    if (code_point > 0x10FFFF || is_surrogate(code_point))
        return 0;
    switch ((int)encoding) {
    case MDD_UDS_TEXT_LATIN1: return code_point <= 0xFF ? 1 : 0;
    case MDD_UDS_TEXT_UTF8:
        return code_point < 0x80 ? 1 : code_point < 0x800 ? 2 : code_point < 0x10000 ? 3 : 4;
    case MDD_UDS_TEXT_UTF16BE:
    case MDD_UDS_TEXT_UTF16LE: return code_point < 0x10000 ? 2 : 4;
    default: return 0;
    }
}

static void put_unit16(uint32_t unit, bool big_endian, uint8_t *out)
{
    out[big_endian ? 0 : 1] = (uint8_t)(unit >> 8);
    out[big_endian ? 1 : 0] = (uint8_t)unit;
}

static void put_utf8(uint32_t cp, uint8_t *out)
{
    size_t n = uds_text_unit_size(MDD_UDS_TEXT_UTF8, cp);
    static const uint8_t lead[5] = {0, 0, 0xC0, 0xE0, 0xF0};
    if (n == 1) {
        out[0] = (uint8_t)cp;
        return;
    }
    for (size_t i = n - 1; i > 0; i--) {
        out[i] = (uint8_t)(0x80 | (cp & 0x3F));
        cp >>= 6;
    }
    out[0] = (uint8_t)(lead[n] | cp);
}

void uds_text_put(mdd_uds_text_encoding encoding, uint32_t code_point, uint8_t *out)
{
    bool big_endian = encoding == MDD_UDS_TEXT_UTF16BE;
    switch ((int)encoding) {
    case MDD_UDS_TEXT_LATIN1: out[0] = (uint8_t)code_point; break;
    case MDD_UDS_TEXT_UTF8: put_utf8(code_point, out); break;
    default:
        if (code_point < 0x10000) {
            put_unit16(code_point, big_endian, out);
        } else {
            uint32_t v = code_point - 0x10000;
            put_unit16(0xD800 + (v >> 10), big_endian, out);
            put_unit16(0xDC00 + (v & 0x3FF), big_endian, out + 2);
        }
        break;
    }
}

static const char *encoding_name(mdd_uds_text_encoding encoding)
{
    switch ((int)encoding) {
    case MDD_UDS_TEXT_LATIN1: return "ISO-8859-1";
    case MDD_UDS_TEXT_UTF8: return "UTF-8";
    case MDD_UDS_TEXT_UTF16BE: return "UTF-16BE";
    case MDD_UDS_TEXT_UTF16LE: return "UTF-16LE";
    default: return "JSON";
    }
}

mdd_status uds_text_measure(const mdd_uds_text *text, mdd_uds_text_encoding encoding,
                            size_t *len, mdd_error *err)
{
    size_t off = 0, total = 0;
    uint32_t cp;
    int r;
    while ((r = uds_text_next(text, &off, &cp)) > 0) {
        size_t n = uds_text_unit_size(encoding, cp);
        if (!n)
            return mdd_fail(err, MDD_ERR_ARG, "character U+%04X cannot be written in %s",
                            (unsigned)cp, encoding_name(encoding));
        total += n;
    }
    if (r < 0)
        return mdd_fail(err, MDD_ERR_ARG, "text: malformed %s at its byte %zu",
                        encoding_name(text->encoding), off);
    *len = total;
    return MDD_OK;
}

size_t uds_text_invalid_at(const mdd_uds_text *text)
{
    /* Every byte is a Latin-1 character, and a byte below 0x80 is a UTF-8 character by
     * itself: neither needs decoding to be known valid (most texts are ASCII). */
    if (text->encoding == MDD_UDS_TEXT_LATIN1)
        return SIZE_MAX;
    size_t off = 0;
    if (text->encoding == MDD_UDS_TEXT_UTF8)
        while (off < text->bytes.len && text->bytes.ptr[off] < 0x80)
            off++;
    uint32_t cp;
    int r;
    while ((r = uds_text_next(text, &off, &cp)) > 0)
        ;
    return r < 0 ? off : SIZE_MAX;
}

const char *uds_text_encoding_name(mdd_uds_text_encoding encoding)
{
    return encoding_name(encoding);
}
