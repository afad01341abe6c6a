/* SPDX-License-Identifier: Apache-2.0 */
/* Numbers: parsing as the database writes them, and typing values by DataType. */
#include "prim.h"

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Longest number text parsed; longer ones are refused rather than cut. */
#define NUMBER_TEXT_MAX 320

/* 2^52: from here on every double is an integer. */
#define INTEGRAL_FROM 4503599627370496.0

bool uds_is_integral(double d)
{
    if (!isfinite(d))
        return false;
    if (d >= INTEGRAL_FROM || d <= -INTEGRAL_FROM)
        return true;
    return d == (double)(int64_t)d;
}

double uds_round_even(double d)
{
    if (!isfinite(d) || d >= INTEGRAL_FROM || d <= -INTEGRAL_FROM)
        return d;
    double t = (double)(int64_t)d; /* toward zero */
    double frac = d - t, sign = d < 0 ? -1.0 : 1.0;
    double away = frac < 0 ? -frac : frac;
    if (away > 0.5 || (away == 0.5 && (int64_t)t % 2 != 0))
        t += sign;
    return t;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static size_t skip_digits(const char *t, size_t i, size_t len)
{
    while (i < len && is_digit(t[i]))
        i++;
    return i;
}

/* Whether t[0..len) is [+-]? (d+ (. d*)? | . d+) ([eE] [+-]? d+)?: checked here because
 * strtod also takes hex floats, infinities and NaNs, which no database or JSON number is. */
static bool is_decimal_syntax(const char *t, size_t len)
{
    size_t i = (len && (t[0] == '+' || t[0] == '-')) ? 1 : 0;
    size_t int_end = skip_digits(t, i, len);
    size_t digits = int_end - i;
    i = int_end;
    if (i < len && t[i] == '.') {
        size_t frac_end = skip_digits(t, i + 1, len);
        digits += frac_end - i - 1;
        i = frac_end;
    }
    if (!digits)
        return false;
    if (i < len && (t[i] == 'e' || t[i] == 'E')) {
        i++;
        if (i < len && (t[i] == '+' || t[i] == '-'))
            i++;
        size_t exp_end = skip_digits(t, i, len);
        if (exp_end == i)
            return false;
        i = exp_end;
    }
    return i == len;
}

int uds_parse_double(const char *text, size_t len, double *out)
{
    if (!is_decimal_syntax(text, len) || len >= NUMBER_TEXT_MAX)
        return 0;
    /* strtod reads the locale's decimal point, which a program may have changed. */
    char buf[NUMBER_TEXT_MAX];
    const char *point = localeconv()->decimal_point;
    size_t point_len = strlen(point);
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '.' && point_len) {
            if (n + point_len >= sizeof buf)
                return 0;
            memcpy(buf + n, point, point_len);
            n += point_len;
        } else {
            if (n + 1 >= sizeof buf)
                return 0;
            buf[n++] = text[i];
        }
    }
    buf[n] = 0;
    char *end = NULL;
    *out = strtod(buf, &end);
    return end == buf + n && isfinite(*out);
}

static int hex_digit(char c)
{
    if (is_digit(c))
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Digits of base 10 or 16 in t[0..len) (at least one), without overflowing 64 bits. */
static int parse_digits(const char *t, size_t len, unsigned base, uint64_t *out)
{
    uint64_t v = 0;
    if (!len)
        return 0;
    for (size_t i = 0; i < len; i++) {
        int d = hex_digit(t[i]);
        if (d < 0 || (unsigned)d >= base || v > (UINT64_MAX - (unsigned)d) / base)
            return 0;
        v = v * base + (unsigned)d;
    }
    *out = v;
    return 1;
}

/* An integral float's magnitude, when it has one below 2^64. */
static int integral_double(const char *t, size_t len, uint64_t *out)
{
    double d;
    if (!uds_parse_double(t, len, &d) || !uds_is_integral(d) || d >= 18446744073709551616.0 ||
        d <= -18446744073709551616.0)
        return 0;
    *out = (uint64_t)(d < 0 ? -d : d);
    return 1;
}

int uds_parse_integer(const char *text, size_t len, int *negative, uint64_t *magnitude)
{
    while (len && is_space(text[len - 1]))
        len--;
    while (len && is_space(*text)) {
        text++;
        len--;
    }
    *negative = len && text[0] == '-';
    size_t i = (len && (text[0] == '-' || text[0] == '+')) ? 1 : 0;
    if (len - i > 2 && text[i] == '0' && (text[i + 1] == 'x' || text[i + 1] == 'X'))
        return parse_digits(text + i + 2, len - i - 2, 16, magnitude);
    if (parse_digits(text + i, len - i, 10, magnitude))
        return 1;
    if (i < len && (text[i] == '-' || text[i] == '+'))
        return 0;
    return integral_double(text + i, len - i, magnitude);
}

mdd_uds_kind uds_type_kind(uint8_t data_type)
{
    switch (data_type) {
    case MDD_DATA_TYPE_A_INT_32: return MDD_UDS_INT;
    case MDD_DATA_TYPE_A_UINT_32: return MDD_UDS_UINT;
    case MDD_DATA_TYPE_A_FLOAT_32:
    case MDD_DATA_TYPE_A_FLOAT_64: return MDD_UDS_FLOAT;
    case MDD_DATA_TYPE_A_BYTEFIELD: return MDD_UDS_BYTES;
    default: return MDD_UDS_TEXT;
    }
}

const char *uds_type_name(uint8_t data_type)
{
    const char *name = mdd_ecu_enum_name(MDD_ENUM_DATA_TYPE, data_type);
    return name ? name : "an unknown DataType";
}

int uds_number_value(const uds_scalar *s, double *out)
{
    switch (s->kind) {
    case MDD_UDS_UINT: *out = (double)s->as.u; return 1;
    case MDD_UDS_INT: *out = (double)s->as.i; return 1;
    case MDD_UDS_FLOAT: *out = s->as.f; return 1;
    default: return 0;
    }
}

const char *uds_scalar_show(const uds_scalar *s, char *buf, size_t size)
{
    switch (s->kind) {
    case MDD_UDS_UINT: snprintf(buf, size, "%llu", (unsigned long long)s->as.u); break;
    case MDD_UDS_INT: snprintf(buf, size, "%lld", (long long)s->as.i); break;
    case MDD_UDS_FLOAT: snprintf(buf, size, "%.17g", s->as.f); break;
    case MDD_UDS_TEXT: snprintf(buf, size, "a text"); break;
    case MDD_UDS_BYTES: snprintf(buf, size, "a byte field"); break;
    default: snprintf(buf, size, "a value of kind %d", (int)s->kind); break;
    }
    return buf;
}

static mdd_status not_convertible(const uds_scalar *in, uint8_t data_type, const char *why,
                                  mdd_error *err)
{
    char shown[64];
    return mdd_fail(err, MDD_ERR_ARG, "%s %s %s", uds_scalar_show(in, shown, sizeof shown), why,
                    uds_type_name(data_type));
}

/* An integer value of data_type from a double. */
static mdd_status integer_from_double(const uds_scalar *in, double d, uint8_t data_type,
                                      bool round, uds_scalar *out, mdd_error *err)
{
    if (!isfinite(d))
        return not_convertible(in, data_type, "is not a finite number for", err);
    if (round)
        d = uds_round_even(d);
    else if (!uds_is_integral(d))
        return not_convertible(in, data_type, "is not an integer for", err);
    if (data_type == MDD_DATA_TYPE_A_UINT_32) {
        if (d < 0 || d >= 18446744073709551616.0)
            return not_convertible(in, data_type, "is out of the range of", err);
        out->kind = MDD_UDS_UINT;
        out->as.u = (uint64_t)d;
        return MDD_OK;
    }
    if (d < -9223372036854775808.0 || d >= 9223372036854775808.0)
        return not_convertible(in, data_type, "is out of the range of", err);
    out->kind = MDD_UDS_INT;
    out->as.i = (int64_t)d;
    return MDD_OK;
}

static mdd_status integer_from_number(const uds_scalar *in, uint8_t data_type, bool round,
                                      uds_scalar *out, mdd_error *err)
{
    bool want_unsigned = data_type == MDD_DATA_TYPE_A_UINT_32;
    if (in->kind == MDD_UDS_FLOAT)
        return integer_from_double(in, in->as.f, data_type, round, out, err);
    if (in->kind == MDD_UDS_INT && want_unsigned && in->as.i < 0)
        return not_convertible(in, data_type, "is out of the range of", err);
    if (in->kind == MDD_UDS_UINT && !want_unsigned && in->as.u > INT64_MAX)
        return not_convertible(in, data_type, "is out of the range of", err);
    out->kind = want_unsigned ? MDD_UDS_UINT : MDD_UDS_INT;
    if (want_unsigned)
        out->as.u = in->kind == MDD_UDS_UINT ? in->as.u : (uint64_t)in->as.i;
    else
        out->as.i = in->kind == MDD_UDS_INT ? in->as.i : (int64_t)in->as.u;
    return MDD_OK;
}

static mdd_status float_from_number(const uds_scalar *in, uint8_t data_type, uds_scalar *out,
                                    mdd_error *err)
{
    double d = 0;
    uds_number_value(in, &d);
    if (data_type == MDD_DATA_TYPE_A_FLOAT_32)
        d = (double)(float)d;
    if (!isfinite(d))
        return not_convertible(in, data_type, "is not a finite number for", err);
    out->kind = MDD_UDS_FLOAT;
    out->as.f = d;
    return MDD_OK;
}

static mdd_status bytes_from_text(const uds_scalar *in, uds_scalar *out, mdd_error *err)
{
    uds_scalar hex = *in;
    hex.kind = MDD_UDS_BYTES;
    hex.hex_text = 1;
    if (uds_bytes_count(&hex) == SIZE_MAX)
        return mdd_fail(err, MDD_ERR_ARG,
                        "a text that is not hex bytes (\"0xAA 0xBB\" or \"AABB\") for %s",
                        uds_type_name(MDD_DATA_TYPE_A_BYTEFIELD));
    *out = hex;
    return MDD_OK;
}

mdd_status uds_convert(const uds_scalar *in, uint8_t data_type, bool round, uds_scalar *out,
                       mdd_error *err)
{
    mdd_uds_kind want = uds_type_kind(data_type);
    bool number = in->kind == MDD_UDS_UINT || in->kind == MDD_UDS_INT || in->kind == MDD_UDS_FLOAT;
    if (data_type > MDD_DATA_TYPE_A_FLOAT_64)
        return mdd_fail(err, MDD_ERR_FORMAT, "unknown DataType %u", data_type);
    if (number && (want == MDD_UDS_UINT || want == MDD_UDS_INT))
        return integer_from_number(in, data_type, round, out, err);
    if (number && want == MDD_UDS_FLOAT)
        return float_from_number(in, data_type, out, err);
    if (in->kind == MDD_UDS_TEXT && want == MDD_UDS_TEXT) {
        *out = *in;
        return MDD_OK;
    }
    if (in->kind == MDD_UDS_BYTES && want == MDD_UDS_BYTES) {
        *out = *in;
        return MDD_OK;
    }
    if (in->kind == MDD_UDS_TEXT && want == MDD_UDS_BYTES)
        return bytes_from_text(in, out, err);
    return not_convertible(in, data_type, number ? "is a number, not" : "is not a value of",
                           err);
}
