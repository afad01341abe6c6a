/* SPDX-License-Identifier: Apache-2.0 */
/* Base data types (codec rules §3): what the bits or bytes of a coded value mean, with the
 * DiagCodedType's base_type_encoding (BCD-P, BCD-UP, 1C, 2C, SM; text charsets). */
#include "prim.h"

#include <math.h>
#include <string.h>

typedef struct encoding_name {
    const char *name;
    size_t len;
    bool for_integers;
    int value; /* a uds_int_encoding or an mdd_uds_text_encoding; 0 for UTF-16 by order */
} encoding_name;

/* A name with its length, so that telling names apart costs no strlen(). */
#define ENCODING(name, for_integers, value) {name, sizeof name - 1, for_integers, value}

static const encoding_name ENCODINGS[] = {
    ENCODING("2C", true, UDS_INT_PLAIN),
    ENCODING("1C", true, UDS_INT_ONES),
    ENCODING("SM", true, UDS_INT_SIGN_MAGNITUDE),
    ENCODING("BCD-P", true, UDS_INT_BCD_PACKED),
    ENCODING("BCD-UP", true, UDS_INT_BCD_UNPACKED),
    ENCODING("UTF-8", false, MDD_UDS_TEXT_UTF8),
    ENCODING("ISO-8859-1", false, MDD_UDS_TEXT_LATIN1),
    ENCODING("UCS-2", false, 0),
    ENCODING("UTF-16", false, 0),
};

/* ODX's "no encoding". */
static const encoding_name NO_ENCODING = ENCODING("NONE", false, 0);

static bool is_named(mdd_bytes name, const encoding_name *e)
{
    return name.len == e->len && memcmp(name.ptr, e->name, e->len) == 0;
}

static mdd_uds_text_encoding default_text_encoding(uint8_t type, bool high_low)
{
    if (type == MDD_DATA_TYPE_A_UTF_8_STRING)
        return MDD_UDS_TEXT_UTF8;
    if (type == MDD_DATA_TYPE_A_UNICODE_2_STRING)
        return high_low ? MDD_UDS_TEXT_UTF16BE : MDD_UDS_TEXT_UTF16LE;
    return MDD_UDS_TEXT_LATIN1; /* A_ASCIISTRING: one byte, one code point */
}

static mdd_status unsupported_encoding(mdd_bytes name, uint8_t type, mdd_error *err)
{
    return mdd_fail(err, MDD_ERR_UNSUPPORTED, "base_type_encoding \"%.*s\" of %s is not supported",
                    (int)(name.len > 40 ? 40 : name.len), (const char *)name.ptr,
                    uds_type_name(type));
}

/* Applies a named encoding to base; the sign encodings mean nothing for unsigned integers and
 * are ignored there, as the references do. */
static mdd_status apply_encoding(mdd_bytes name, uds_base *base, mdd_error *err)
{
    for (size_t i = 0; i < sizeof ENCODINGS / sizeof ENCODINGS[0]; i++) {
        const encoding_name *e = &ENCODINGS[i];
        if (!is_named(name, e))
            continue;
        if (e->for_integers != uds_type_is_integer(base->type))
            break;
        if (!e->for_integers) {
            base->text_encoding = e->value ? (mdd_uds_text_encoding)e->value
                                  : base->high_low ? MDD_UDS_TEXT_UTF16BE
                                                   : MDD_UDS_TEXT_UTF16LE;
        } else if (base->type == MDD_DATA_TYPE_A_INT_32 || e->value >= UDS_INT_BCD_PACKED) {
            base->int_encoding = (uds_int_encoding)e->value;
        }
        return MDD_OK;
    }
    return unsupported_encoding(name, base->type, err);
}

mdd_status uds_base_of(const fb_fields *dct, uds_base *base, mdd_error *err)
{
    base->type = fb_fields_u8(dct, FID_DIAG_CODED_TYPE_BASE_DATA_TYPE, 0);
    base->high_low = fb_fields_u8(dct, FID_DIAG_CODED_TYPE_IS_HIGH_LOW_BYTE_ORDER, 1) != 0;
    base->int_encoding = UDS_INT_PLAIN;
    base->text_encoding = default_text_encoding(base->type, base->high_low);
    if (base->type > MDD_DATA_TYPE_A_FLOAT_64)
        return mdd_fail(err, MDD_ERR_FORMAT, "DiagCodedType: unknown base_data_type %u",
                        base->type);
    mdd_bytes name = fb_fields_string(dct, FID_DIAG_CODED_TYPE_BASE_TYPE_ENCODING);
    if (!name.ptr || !name.len || is_named(name, &NO_ENCODING))
        return MDD_OK;
    bool numeric = uds_type_is_integer(base->type) || uds_type_is_text(base->type);
    return numeric ? apply_encoding(name, base, err) : unsupported_encoding(name, base->type, err);
}

static int64_t sign_extend(uint64_t raw, uint32_t bits)
{
    if (bits >= 64)
        return (int64_t)raw;
    uint64_t sign = UINT64_C(1) << (bits - 1);
    return (int64_t)((raw ^ sign) - sign);
}

static mdd_status bcd_from_bits(uint64_t raw, uint32_t bits, bool packed, uint64_t *out,
                                mdd_error *err)
{
    uint32_t step = packed ? 4 : 8;
    uint64_t v = 0;
    for (uint32_t shift = (bits / step) * step; shift >= step; shift -= step) {
        uint64_t digit = (raw >> (shift - step)) & 0xF;
        if (digit > 9)
            return mdd_fail(err, MDD_ERR_FORMAT, "%s: nibble %llX is not a decimal digit",
                            packed ? "BCD-P" : "BCD-UP", (unsigned long long)digit);
        v = v * 10 + digit;
    }
    *out = v;
    return MDD_OK;
}

static mdd_status integer_from_bits(const uds_base *base, uint64_t raw, uint32_t bits,
                                    uds_scalar *out, mdd_error *err)
{
    uint64_t magnitude = raw & uds_low_bits(bits - 1);
    bool negative = bits < 65 && (raw >> (bits - 1) & 1);
    out->kind = base->type == MDD_DATA_TYPE_A_UINT_32 ? MDD_UDS_UINT : MDD_UDS_INT;
    switch (base->int_encoding) {
    case UDS_INT_BCD_PACKED:
    case UDS_INT_BCD_UNPACKED: {
        uint64_t v = 0;
        mdd_status st = bcd_from_bits(raw, bits, base->int_encoding == UDS_INT_BCD_PACKED, &v, err);
        if (out->kind == MDD_UDS_UINT)
            out->as.u = v;
        else
            out->as.i = (int64_t)v;
        return st;
    }
    case UDS_INT_ONES:
        out->as.i = negative ? -(int64_t)(~raw & uds_low_bits(bits)) : (int64_t)raw;
        return MDD_OK;
    case UDS_INT_SIGN_MAGNITUDE:
        out->as.i = negative ? -(int64_t)magnitude : (int64_t)magnitude;
        return MDD_OK;
    default:
        if (out->kind == MDD_UDS_UINT)
            out->as.u = raw;
        else
            out->as.i = sign_extend(raw, bits);
        return MDD_OK;
    }
}

static mdd_status float_from_bits(uint8_t type, uint64_t raw, uint32_t bits, uds_scalar *out,
                                  mdd_error *err)
{
    uint32_t want = type == MDD_DATA_TYPE_A_FLOAT_32 ? 32 : 64;
    if (bits != want)
        return mdd_fail(err, MDD_ERR_FORMAT, "%s needs %u bits, not %u", uds_type_name(type),
                        want, bits);
    out->kind = MDD_UDS_FLOAT;
    if (want == 32) {
        uint32_t r = (uint32_t)raw;
        float f;
        memcpy(&f, &r, sizeof f);
        out->as.f = f;
    } else {
        memcpy(&out->as.f, &raw, sizeof out->as.f);
    }
    if (!isfinite(out->as.f))
        return mdd_fail(err, MDD_ERR_FORMAT, "%s is not a finite number", uds_type_name(type));
    return MDD_OK;
}

mdd_status uds_base_from_bits(const uds_base *base, uint64_t raw, uint32_t bits,
                              uds_scalar *out, mdd_error *err)
{
    *out = (uds_scalar){0};
    if (uds_type_is_integer(base->type))
        return integer_from_bits(base, raw, bits, out, err);
    if (base->type == MDD_DATA_TYPE_A_FLOAT_32 || base->type == MDD_DATA_TYPE_A_FLOAT_64)
        return float_from_bits(base->type, raw, bits, out, err);
    return mdd_fail(err, MDD_ERR_FORMAT, "%s is not read as bits", uds_type_name(base->type));
}

static mdd_status does_not_fit(const uds_scalar *value, const char *as, uint32_t bits,
                               mdd_error *err)
{
    char shown[64];
    return mdd_fail(err, MDD_ERR_ARG, "%s does not fit in %u bits%s",
                    uds_scalar_show(value, shown, sizeof shown), bits, as);
}

static mdd_status bcd_to_bits(const uds_scalar *value, uint64_t v, uint32_t bits, bool packed,
                              uint64_t *raw, mdd_error *err)
{
    uint32_t step = packed ? 4 : 8;
    uint64_t r = 0;
    for (uint32_t shift = 0; shift + step <= bits && shift < 64; shift += step) {
        r |= (v % 10) << shift;
        v /= 10;
    }
    if (v)
        return does_not_fit(value, packed ? " as BCD-P" : " as BCD-UP", bits, err);
    *raw = r;
    return MDD_OK;
}

/* A signed value in bits bits: two's complement covers [-2^(L-1), 2^(L-1)), ones'
 * complement and sign-magnitude (-2^(L-1), 2^(L-1)) (docs/adr/0020, "INT range"). */
static mdd_status signed_to_bits(const uds_base *base, const uds_scalar *value, uint32_t bits,
                                 uint64_t *raw, mdd_error *err)
{
    int64_t v = value->as.i;
    uint64_t magnitude = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    uint64_t limit = UINT64_C(1) << (bits - 1); /* bits <= 64 */
    bool plain = base->int_encoding == UDS_INT_PLAIN;
    if (v < 0 ? magnitude > limit - (plain ? 0 : 1) : magnitude >= limit)
        return does_not_fit(value, " as a signed integer", bits, err);
    if (plain || v >= 0)
        *raw = (uint64_t)v & uds_low_bits(bits);
    else if (base->int_encoding == UDS_INT_ONES)
        *raw = ~magnitude & uds_low_bits(bits);
    else
        *raw = limit | magnitude;
    return MDD_OK;
}

static mdd_status integer_to_bits(const uds_base *base, const uds_scalar *value, uint32_t bits,
                                  uint64_t *raw, mdd_error *err)
{
    uds_scalar v;
    mdd_status st = uds_convert(value, base->type, false, &v, err);
    if (st != MDD_OK)
        return st;
    if (base->int_encoding == UDS_INT_BCD_PACKED || base->int_encoding == UDS_INT_BCD_UNPACKED) {
        if (v.kind == MDD_UDS_INT && v.as.i < 0)
            return does_not_fit(&v, " as BCD (negative)", bits, err);
        uint64_t u = v.kind == MDD_UDS_UINT ? v.as.u : (uint64_t)v.as.i;
        return bcd_to_bits(&v, u, bits, base->int_encoding == UDS_INT_BCD_PACKED, raw, err);
    }
    if (v.kind == MDD_UDS_INT)
        return signed_to_bits(base, &v, bits, raw, err);
    if (v.as.u > uds_low_bits(bits))
        return does_not_fit(&v, "", bits, err);
    *raw = v.as.u;
    return MDD_OK;
}

static mdd_status float_to_bits(const uds_base *base, const uds_scalar *value, uint32_t bits,
                                uint64_t *raw, mdd_error *err)
{
    uint32_t want = base->type == MDD_DATA_TYPE_A_FLOAT_32 ? 32 : 64;
    if (bits != want)
        return mdd_fail(err, MDD_ERR_FORMAT, "%s needs %u bits, not %u",
                        uds_type_name(base->type), want, bits);
    uds_scalar v;
    mdd_status st = uds_convert(value, base->type, false, &v, err);
    if (st != MDD_OK)
        return st;
    if (want == 32) {
        float f = (float)v.as.f;
        uint32_t r;
        memcpy(&r, &f, sizeof r);
        *raw = r;
    } else {
        memcpy(raw, &v.as.f, sizeof *raw);
    }
    return MDD_OK;
}

mdd_status uds_base_to_bits(const uds_base *base, const uds_scalar *value, uint32_t bits,
                            uint64_t *raw, mdd_error *err)
{
    if (uds_type_is_integer(base->type))
        return integer_to_bits(base, value, bits, raw, err);
    if (base->type == MDD_DATA_TYPE_A_FLOAT_32 || base->type == MDD_DATA_TYPE_A_FLOAT_64)
        return float_to_bits(base, value, bits, raw, err);
    return mdd_fail(err, MDD_ERR_FORMAT, "%s is not written as bits", uds_type_name(base->type));
}

static bool is_number_type(uint8_t type)
{
    return !uds_type_is_text(type) && type != MDD_DATA_TYPE_A_BYTEFIELD;
}

/* The window of a whole-byte number of len bytes at start. */
static mdd_status number_window(const uds_base *base, size_t msg_len, size_t start, size_t len,
                                uds_window *w, mdd_error *err)
{
    if (len == 0 || len > 8)
        return mdd_fail(err, MDD_ERR_UNSUPPORTED, "byte %zu: %s of %zu bytes (1 to 8 supported)",
                        start, uds_type_name(base->type), len);
    uds_pos pos = {start, 0};
    return uds_window_at(msg_len, pos, (uint32_t)(len * 8), !base->high_low, w, err);
}

mdd_status uds_base_from_span(const uds_base *base, mdd_bytes msg, size_t start, size_t len,
                              uds_scalar *out, mdd_error *err)
{
    *out = (uds_scalar){0};
    if (is_number_type(base->type)) {
        uds_window w;
        mdd_status st = number_window(base, msg.len, start, len, &w, err);
        if (st != MDD_OK)
            return st;
        st = uds_base_from_bits(base, uds_window_read(msg.ptr, &w), w.bits, out, err);
        if (st != MDD_OK)
            mdd_error_prefix(err, "byte %zu: ", start);
        return st;
    }
    if (start > msg.len || len > msg.len - start)
        return mdd_fail(err, MDD_ERR_FORMAT, "byte %zu: %zu bytes wanted, the message ends at "
                        "byte %zu", start, len, msg.len);
    mdd_bytes view = {msg.ptr + start, len};
    if (base->type == MDD_DATA_TYPE_A_BYTEFIELD) {
        out->kind = MDD_UDS_BYTES;
        out->as.bytes = view;
        return MDD_OK;
    }
    out->kind = MDD_UDS_TEXT;
    out->as.text.bytes = view;
    out->as.text.encoding = base->text_encoding;
    size_t bad = uds_text_invalid_at(&out->as.text);
    if (bad != SIZE_MAX)
        return mdd_fail(err, MDD_ERR_FORMAT, "byte %zu: malformed %s in a %s", start + bad,
                        uds_text_encoding_name(base->text_encoding), uds_type_name(base->type));
    return MDD_OK;
}

mdd_status uds_base_span_length(const uds_base *base, const uds_scalar *value, size_t *len,
                                mdd_error *err)
{
    if (is_number_type(base->type)) {
        *len = (size_t)(uds_base_length_bits(base, value) / 8);
        return MDD_OK;
    }
    uds_scalar v;
    mdd_status st = uds_convert(value, base->type, false, &v, err);
    if (st != MDD_OK)
        return st;
    if (v.kind == MDD_UDS_TEXT)
        return uds_text_measure(&v.as.text, base->text_encoding, len, err);
    *len = uds_bytes_count(&v);
    return MDD_OK; /* uds_convert() checked the hex */
}

static void write_text(const uds_base *base, const mdd_uds_text *text, uds_out *out, size_t at)
{
    size_t off = 0;
    uint32_t cp;
    while (uds_text_next(text, &off, &cp) > 0) {
        uint8_t unit[4];
        size_t n = uds_text_unit_size(base->text_encoding, cp);
        uds_text_put(base->text_encoding, cp, unit);
        for (size_t i = 0; i < n; i++)
            uds_out_set(out, at++, unit[i]);
    }
}

mdd_status uds_base_write_span(const uds_base *base, const uds_scalar *value, uds_out *out,
                               size_t start, size_t len, mdd_error *err)
{
    if (is_number_type(base->type)) {
        uds_window w;
        uint64_t raw;
        mdd_status st = number_window(base, SIZE_MAX, start, len, &w, err);
        if (st == MDD_OK)
            st = uds_base_to_bits(base, value, w.bits, &raw, err);
        if (st == MDD_OK)
            uds_window_write(out, &w, raw, UINT64_MAX);
        return st;
    }
    uds_scalar v;
    mdd_status st = uds_convert(value, base->type, false, &v, err);
    if (st != MDD_OK)
        return st;
    uds_out_extend(out, start + len);
    if (v.kind == MDD_UDS_TEXT) {
        write_text(base, &v.as.text, out, start);
        return MDD_OK;
    }
    uds_byte_iter it = uds_bytes_begin(&v);
    uint8_t b;
    for (size_t at = start; uds_bytes_next(&it, &b) > 0; at++)
        uds_out_set(out, at, b);
    return MDD_OK;
}

uint64_t uds_base_length_bits(const uds_base *base, const uds_scalar *value)
{
    if (base->type == MDD_DATA_TYPE_A_FLOAT_32)
        return 32;
    if (base->type == MDD_DATA_TYPE_A_FLOAT_64)
        return 64;
    if (uds_type_is_integer(base->type)) {
        uds_scalar v;
        if (uds_convert(value, base->type, false, &v, NULL) != MDD_OK)
            return 0;
        bool negative = v.kind == MDD_UDS_INT && v.as.i < 0;
        uint64_t m = v.kind == MDD_UDS_UINT ? v.as.u
                     : negative            ? ~(uint64_t)v.as.i
                                           : (uint64_t)v.as.i;
        uint64_t bits = v.kind == MDD_UDS_INT ? 1 : 0;
        for (; m; m >>= 1)
            bits++;
        return bits ? (bits + 7) / 8 * 8 : 8;
    }
    size_t len = 0;
    if (uds_base_span_length(base, value, &len, NULL) != MDD_OK)
        return 0;
    return (uint64_t)len * 8;
}
