/* SPDX-License-Identifier: Apache-2.0 */
/* The JSON output primitives of the UDS codec (mdd_internal/uds.h). */
#include "uds_impl.h"

#include <mdd_internal/uds.h>

#include <float.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

mdd_status uds_jw_flush(uds_jw *w)
{
    if (w->status == MDD_OK && w->len > 0)
        w->status = mdd_sink_write(w->sink, w->buf, w->len, w->err);
    w->flushed += w->len;
    w->len = 0;
    return w->status;
}

void uds_jw_raw_slow(uds_jw *w, const char *text, size_t len)
{
    /* The buffer is handed over only when full, and then before the next byte: where the
     * sink's writes fall depends on the text alone, not on the pieces it was written in. */
    while (w->status == MDD_OK && len > 0) {
        size_t room = sizeof w->buf - w->len;
        if (room == 0) {
            uds_jw_flush(w);
            continue;
        }
        size_t n = len < room ? len : room;
        memcpy(w->buf + w->len, text, n);
        w->len += n;
        text += n;
        len -= n;
    }
}

void uds_jw_cstr(uds_jw *w, const char *text) { uds_jw_raw(w, text, strlen(text)); }

void uds_jw_service_head(uds_jw *w, const mdd_db_layer *layer, const mdd_db_service *service)
{
    uds_jw_cstr(w, "{\"ecu\":");
    uds_jw_string(w, mdd_db_ecu_name(mdd_db_layer_ecu(layer)));
    uds_jw_cstr(w, mdd_present(mdd_db_layer_variant(layer)) ? ",\"variant\":"
                                                             : ",\"functional_group\":");
    uds_jw_string(w, mdd_db_layer_name(layer));
    uds_jw_cstr(w, ",\"service\":");
    uds_jw_string(w, mdd_diag_comm_short_name(mdd_diag_service_diag_comm(service->service)));
}

/* One code point as UTF-8, escaped as JSON needs: quote, backslash and control characters. */
static void put_code_point(uds_jw *w, uint32_t cp)
{
    char s[8];
    size_t n;
    if (cp == '"' || cp == '\\') {
        s[0] = '\\';
        s[1] = (char)cp;
        n = 2;
    } else if (cp < 0x20) {
        n = (size_t)snprintf(s, sizeof s, "\\u%04x", (unsigned)cp);
    } else if (cp < 0x80) {
        s[0] = (char)cp;
        n = 1;
    } else if (cp < 0x800) {
        s[0] = (char)(0xC0 | (cp >> 6));
        s[1] = (char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        s[0] = (char)(0xE0 | (cp >> 12));
        s[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        s[2] = (char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        s[0] = (char)(0xF0 | (cp >> 18));
        s[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        s[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        s[3] = (char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    uds_jw_raw(w, s, n);
}

/* The size of one code unit, by which a malformed sequence is skipped. */
static size_t code_unit_size(mdd_uds_text_encoding encoding)
{
    return encoding == MDD_UDS_TEXT_UTF16BE || encoding == MDD_UDS_TEXT_UTF16LE ? 2 : 1;
}

/* An ASCII character that JSON takes as it is. */
static bool plain_byte(uint8_t b) { return b >= 0x20 && b < 0x80 && b != '"' && b != '\\'; }

/* Nonzero when one of the eight bytes of x is not plain_byte(): beyond ASCII, a control
 * character, a quote or a backslash (each test says whether any byte is one). */
static uint64_t any_escaped(uint64_t x)
{
    const uint64_t ones = UINT64_C(0x0101010101010101), high = UINT64_C(0x8080808080808080);
    uint64_t quote = x ^ (ones * '"'), backslash = x ^ (ones * '\\');
    /* A byte below 0x20 sets its high bit in x - 0x20 (a borrow it passes on only falsely
     * flags what it flags anyway); one of 0x80 and above has its own set. */
    return (x | (x - ones * 0x20) | ((quote - ones) & ~quote) | ((backslash - ones) & ~backslash)) &
           high;
}

/* Eight bytes that hold p[0..n) (n < 8), padded with a plain byte. */
static uint64_t padded(const uint8_t *p, size_t n)
{
    uint8_t b[8] = {'_', '_', '_', '_', '_', '_', '_', '_'};
    for (size_t i = 0; i < n; i++)
        b[i] = p[i];
    uint64_t x;
    memcpy(&x, b, sizeof x);
    return x;
}

/* Copies the plain bytes p[0..n) starts with into the buffer, as many as fit: how many.
 * Eight at a time while none of them needs more, the last eight (or a short text, padded)
 * at once; byte by byte only around a byte that needs more. */
static size_t copy_plain(uds_jw *w, const uint8_t *p, size_t n)
{
    size_t room = sizeof w->buf - w->len, i = 0;
    uint8_t *out = w->buf + w->len;
    uint64_t x;
    if (n > room)
        n = room;
    if (n < 8 && room >= 8) {
        x = padded(p, n);
        if (!any_escaped(x)) {
            memcpy(out, &x, sizeof x);
            i = n;
        }
    }
    for (; i + 8 <= n; i += 8) {
        memcpy(&x, p + i, sizeof x);
        if (any_escaped(x))
            break;
        memcpy(out + i, &x, sizeof x);
    }
    if (i < n && n >= 8 && i + 8 > n) {
        memcpy(&x, p + n - 8, sizeof x);
        if (!any_escaped(x)) {
            memcpy(out + n - 8, &x, sizeof x);
            i = n;
        }
    }
    for (; i < n && plain_byte(p[i]); i++)
        out[i] = p[i];
    w->len += i;
    return i;
}

bool uds_jw_text_content(uds_jw *w, const mdd_uds_text *text)
{
    /* In UTF-8 and Latin-1 an ASCII byte is its own character: runs of those that need no
     * escape are copied at once, the rest (and what does not fit) goes one code point at a
     * time. */
    bool ascii_bytes =
        text->encoding == MDD_UDS_TEXT_UTF8 || text->encoding == MDD_UDS_TEXT_LATIN1;
    size_t off = 0, len = text->bytes.len;
    bool plain = ascii_bytes;
    while (off < len) {
        if (ascii_bytes && w->status == MDD_OK) {
            off += copy_plain(w, text->bytes.ptr + off, len - off);
            if (off == len)
                break;
        }
        size_t at = off;
        uint32_t cp;
        plain = false;
        int r = uds_text_next(text, &off, &cp);
        if (r == 0)
            break;
        if (r < 0) {
            cp = 0xFFFD;
            off = at + code_unit_size(text->encoding);
        }
        put_code_point(w, cp);
    }
    return plain;
}

/* Writes "text" when its bytes are plain and fit with eight to spare: true, else false with
 * nothing written. Each eight bytes are checked and copied at once, the last eight (or a
 * short text, padded) too. */
static bool put_plain_quoted(uds_jw *w, mdd_bytes text)
{
    const uint8_t *p = text.ptr;
    size_t n = text.len, i = 0;
    uint64_t x;
    if (n + 10 > sizeof w->buf - w->len)
        return false;
    uint8_t *out = w->buf + w->len + 1;
    if (n < 8) {
        x = padded(p, n);
        if (any_escaped(x))
            return false;
        memcpy(out, &x, sizeof x);
    } else {
        for (; i + 8 < n; i += 8) {
            memcpy(&x, p + i, sizeof x);
            if (any_escaped(x))
                return false;
            memcpy(out + i, &x, sizeof x);
        }
        memcpy(&x, p + n - 8, sizeof x);
        if (any_escaped(x))
            return false;
        memcpy(out + n - 8, &x, sizeof x);
    }
    out[-1] = '"';
    out[n] = '"';
    w->len += n + 2;
    return true;
}

bool uds_jw_text(uds_jw *w, const mdd_uds_text *text)
{
    /* ASCII that needs no escape: at once. */
    if ((text->encoding == MDD_UDS_TEXT_UTF8 || text->encoding == MDD_UDS_TEXT_LATIN1) &&
        put_plain_quoted(w, text->bytes))
        return true;
    uds_jw_raw(w, "\"", 1);
    bool plain = uds_jw_text_content(w, text);
    uds_jw_raw(w, "\"", 1);
    return plain;
}

void uds_jw_string(uds_jw *w, mdd_bytes name)
{
    mdd_uds_text text = {name, MDD_UDS_TEXT_UTF8};
    uds_jw_text(w, &text);
}

void uds_jw_bytes(uds_jw *w, mdd_bytes bytes)
{
    static const char digits[] = "0123456789ABCDEF";
    uds_jw_raw(w, "\"", 1);
    for (size_t i = 0; i < bytes.len; i++) {
        char s[5] = {' ', '0', 'x', digits[bytes.ptr[i] >> 4], digits[bytes.ptr[i] & 15]};
        if (i == 0)
            uds_jw_raw(w, s + 1, 4);
        else
            uds_jw_raw(w, s, 5);
    }
    uds_jw_raw(w, "\"", 1);
}

void uds_jw_uint(uds_jw *w, uint64_t value)
{
    char s[24];
    size_t n = sizeof s;
    do {
        s[--n] = (char)('0' + value % 10);
        value /= 10;
    } while (value != 0);
    uds_jw_raw(w, s + n, sizeof s - n);
}

void uds_jw_int(uds_jw *w, int64_t value)
{
    if (value < 0) {
        uds_jw_raw(w, "-", 1);
        uds_jw_uint(w, (uint64_t)0 - (uint64_t)value);
    } else {
        uds_jw_uint(w, (uint64_t)value);
    }
}

/* DBL_DIG (15) significant digits print every normal double that has a decimal of at most
 * 15 digits as that decimal, so the first precision from 15 up that reads back is the
 * shortest; subnormals hold fewer digits and try every precision. */
void uds_jw_double(uds_jw *w, double value)
{
    if (value != value || value - value != 0) {
        uds_jw_raw(w, "null", 4);
        return;
    }
    char s[40];
    int n = 0;
    int subnormal = value < DBL_MIN && value > -DBL_MIN;
    for (int precision = subnormal ? 1 : 15; precision <= 17; precision++) {
        n = snprintf(s, sizeof s, "%.*g", precision, value);
        if (strtod(s, NULL) == value)
            break;
    }
    uds_jw_raw(w, s, (size_t)n);
}

/* The key of an object member, with its comma and colon: ",\"name\":" (the first without
 * its comma). */
#define MEMBER(w, text) uds_jw_raw(w, text, sizeof(text) - 1)

void uds_jw_dtc(uds_jw *w, const mdd_uds_dtc *dtc)
{
    uds_jw_raw(w, "{", 1);
    MEMBER(w, "\"code\":");
    uds_jw_uint(w, dtc->code);
    mdd_bytes display = mdd_dtc_display_trouble_code(dtc->dtc);
    if (display.ptr) {
        MEMBER(w, ",\"display_code\":");
        uds_jw_string(w, display);
    }
    mdd_bytes text = mdd_text_value(mdd_dtc_text(dtc->dtc));
    MEMBER(w, ",\"fault_name\":");
    uds_jw_string(w, text.ptr ? text : mdd_dtc_short_name(dtc->dtc));
    /* Always there, 0 for a DTC without a level, as the CDA reports it. */
    uint32_t level = 0;
    mdd_dtc_level(dtc->dtc, &level);
    MEMBER(w, ",\"severity\":");
    uds_jw_uint(w, level);
    uds_jw_raw(w, "}", 1);
}

void uds_jw_scalar(uds_jw *w, const mdd_uds_value *value)
{
    switch (value->kind) {
    case MDD_UDS_UINT:
        uds_jw_uint(w, value->as.u);
        break;
    case MDD_UDS_INT:
        uds_jw_int(w, value->as.i);
        break;
    case MDD_UDS_FLOAT:
        uds_jw_double(w, value->as.f);
        break;
    case MDD_UDS_TEXT:
        uds_jw_text(w, &value->as.text);
        break;
    case MDD_UDS_BYTES:
        uds_jw_bytes(w, value->as.bytes);
        break;
    case MDD_UDS_DTC:
        uds_jw_dtc(w, &value->as.dtc);
        break;
    default:
        uds_jw_raw(w, "null", 4);
        break;
    }
}
