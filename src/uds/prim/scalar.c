/* SPDX-License-Identifier: Apache-2.0 */
/* Scalars: constants, limits and defaults parsed by the type they belong to, and values
 * compared with each other whatever their encoding. */
#include "prim.h"

#include <math.h>
#include <string.h>

static mdd_status not_a(mdd_bytes text, uint8_t data_type, mdd_error *err)
{
    int shown = text.len > 40 ? 40 : (int)text.len;
    return mdd_fail(err, MDD_ERR_FORMAT, "\"%.*s%s\" is not a value of %s", shown,
                    (const char *)text.ptr, text.len > 40 ? "..." : "", uds_type_name(data_type));
}

static mdd_status parse_integer(mdd_bytes text, uint8_t data_type, uds_scalar *out,
                                mdd_error *err)
{
    int negative;
    uint64_t magnitude;
    if (!uds_parse_integer((const char *)text.ptr, text.len, &negative, &magnitude))
        return not_a(text, data_type, err);
    if (data_type == MDD_DATA_TYPE_A_UINT_32) {
        if (negative && magnitude)
            return not_a(text, data_type, err);
        out->kind = MDD_UDS_UINT;
        out->as.u = magnitude;
        return MDD_OK;
    }
    if (magnitude > (negative ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX))
        return not_a(text, data_type, err);
    out->kind = MDD_UDS_INT;
    out->as.i = negative ? (int64_t)(0 - magnitude) : (int64_t)magnitude;
    return MDD_OK;
}

static mdd_status parse_float(mdd_bytes text, uint8_t data_type, uds_scalar *out,
                              mdd_error *err)
{
    double d;
    int negative;
    uint64_t magnitude;
    if (uds_parse_double((const char *)text.ptr, text.len, &d)) {
        /* nothing more: a decimal number */
    } else if (uds_parse_integer((const char *)text.ptr, text.len, &negative, &magnitude)) {
        d = negative ? -(double)magnitude : (double)magnitude;
    } else {
        return not_a(text, data_type, err);
    }
    if (data_type == MDD_DATA_TYPE_A_FLOAT_32)
        d = (double)(float)d;
    if (!isfinite(d))
        return not_a(text, data_type, err);
    out->kind = MDD_UDS_FLOAT;
    out->as.f = d;
    return MDD_OK;
}

mdd_status uds_scalar_parse(mdd_bytes text, uint8_t data_type, uds_scalar *out, mdd_error *err)
{
    *out = (uds_scalar){0};
    if (!text.ptr)
        text.ptr = (const uint8_t *)"";
    out->as.text.bytes = text;
    out->as.text.encoding = MDD_UDS_TEXT_UTF8;
    switch (data_type) {
    case MDD_DATA_TYPE_A_INT_32:
    case MDD_DATA_TYPE_A_UINT_32: return parse_integer(text, data_type, out, err);
    case MDD_DATA_TYPE_A_FLOAT_32:
    case MDD_DATA_TYPE_A_FLOAT_64: return parse_float(text, data_type, out, err);
    case MDD_DATA_TYPE_A_BYTEFIELD:
        out->kind = MDD_UDS_BYTES;
        out->hex_text = 1;
        return uds_bytes_count(out) == SIZE_MAX ? not_a(text, data_type, err) : MDD_OK;
    case MDD_DATA_TYPE_A_ASCIISTRING:
    case MDD_DATA_TYPE_A_UTF_8_STRING:
    case MDD_DATA_TYPE_A_UNICODE_2_STRING:
        out->kind = MDD_UDS_TEXT;
        return uds_text_invalid_at(&out->as.text) == SIZE_MAX ? MDD_OK
                                                              : not_a(text, data_type, err);
    default: return mdd_fail(err, MDD_ERR_FORMAT, "unknown DataType %u", data_type);
    }
}

static int sign_of(bool less, bool greater) { return less ? -1 : greater ? 1 : 0; }

/* An integer scalar as sign and magnitude, compared exactly. */
static int compare_integers(const uds_scalar *a, const uds_scalar *b)
{
    bool a_neg = a->kind == MDD_UDS_INT && a->as.i < 0;
    bool b_neg = b->kind == MDD_UDS_INT && b->as.i < 0;
    if (a_neg != b_neg)
        return a_neg ? -1 : 1;
    if (a_neg)
        return sign_of(a->as.i < b->as.i, a->as.i > b->as.i);
    uint64_t x = a->kind == MDD_UDS_UINT ? a->as.u : (uint64_t)a->as.i;
    uint64_t y = b->kind == MDD_UDS_UINT ? b->as.u : (uint64_t)b->as.i;
    return sign_of(x < y, x > y);
}

/* A float against an integer: exactly when the float is integral and in range. */
static int compare_float_integer(double f, const uds_scalar *i)
{
    double d = 0;
    uds_number_value(i, &d);
    if (f != d || !uds_is_integral(f))
        return sign_of(f < d, f > d);
    uds_scalar as_int = {.kind = f < 0 ? MDD_UDS_INT : MDD_UDS_UINT};
    if (f < 0 && f >= -9223372036854775808.0)
        as_int.as.i = (int64_t)f;
    else if (f >= 0 && f < 18446744073709551616.0)
        as_int.as.u = (uint64_t)f;
    else
        return 0;
    return compare_integers(&as_int, i);
}

static int compare_numbers(const uds_scalar *a, const uds_scalar *b, int *order)
{
    if (a->kind == MDD_UDS_FLOAT && b->kind == MDD_UDS_FLOAT)
        *order = sign_of(a->as.f < b->as.f, a->as.f > b->as.f);
    else if (a->kind == MDD_UDS_FLOAT)
        *order = compare_float_integer(a->as.f, b);
    else if (b->kind == MDD_UDS_FLOAT)
        *order = -compare_float_integer(b->as.f, a);
    else
        *order = compare_integers(a, b);
    return !(a->kind == MDD_UDS_FLOAT && isnan(a->as.f)) &&
           !(b->kind == MDD_UDS_FLOAT && isnan(b->as.f));
}

/* Whether a text's bytes are its UTF-8: UTF-8 itself, or JSON content without escapes. */
static bool is_plain_utf8(const mdd_uds_text *t)
{
    return t->encoding == MDD_UDS_TEXT_UTF8 ||
           (t->encoding == UDS_TEXT_JSON && !memchr(t->bytes.ptr, '\\', t->bytes.len));
}

static int compare_texts(const uds_scalar *a, const uds_scalar *b, int *order)
{
    const mdd_uds_text *ta = &a->as.text, *tb = &b->as.text;
    bool same_bytes = (ta->encoding == tb->encoding && ta->encoding != UDS_TEXT_JSON) ||
                      (is_plain_utf8(ta) && is_plain_utf8(tb));
    if (same_bytes) { /* one code point sequence has one byte sequence there */
        *order = ta->bytes.len != tb->bytes.len ||
                 (ta->bytes.len && memcmp(ta->bytes.ptr, tb->bytes.ptr, ta->bytes.len) != 0);
        return 1;
    }
    size_t ao = 0, bo = 0;
    for (;;) {
        uint32_t x = 0, y = 0;
        int ra = uds_text_next(&a->as.text, &ao, &x);
        int rb = uds_text_next(&b->as.text, &bo, &y);
        if (ra < 0 || rb < 0)
            return 0;
        if (ra != rb || x != y) {
            *order = 1;
            return 1;
        }
        if (!ra) {
            *order = 0;
            return 1;
        }
    }
}

/* Byte fields as numbers after padding the shorter one with zeros at its end (odx). */
static int compare_bytes(const uds_scalar *a, const uds_scalar *b, int *order)
{
    uds_byte_iter ia = uds_bytes_begin(a), ib = uds_bytes_begin(b);
    *order = 0;
    for (;;) {
        uint8_t x = 0, y = 0;
        int ra = uds_bytes_next(&ia, &x);
        int rb = uds_bytes_next(&ib, &y);
        if (ra < 0 || rb < 0)
            return 0;
        if (!ra && !rb)
            return 1;
        if (!*order)
            *order = sign_of(x < y, x > y);
    }
}

static bool is_number(const uds_scalar *s)
{
    return s->kind == MDD_UDS_UINT || s->kind == MDD_UDS_INT || s->kind == MDD_UDS_FLOAT;
}

int uds_scalar_compare(const uds_scalar *a, const uds_scalar *b, int *order)
{
    if (is_number(a) && is_number(b))
        return compare_numbers(a, b, order);
    if (a->kind == MDD_UDS_TEXT && b->kind == MDD_UDS_TEXT)
        return compare_texts(a, b, order);
    if (a->kind == MDD_UDS_BYTES && b->kind == MDD_UDS_BYTES)
        return compare_bytes(a, b, order);
    return 0;
}
