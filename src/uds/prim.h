/* SPDX-License-Identifier: Apache-2.0 */
/* What the files of the codec's primitives share (prim/, coded/, compu/, json/): number
 * parsing and typing, hex text as bytes, text transcoding, and the bit window of a coded
 * value. Nothing here allocates. */
#ifndef MDD_UDS_PRIM_H
#define MDD_UDS_PRIM_H

#include <mdd_internal/common.h>
#include "uds_impl.h"

#include <mdd_internal/fb.h>

#include <stdbool.h>

/* ---- Numbers (prim/number.c) ---- */

/* Parses text[0..len) as a decimal floating-point number (JSON or C syntax, whatever the
 * locale's decimal point): 1 and *out, or 0 when it is not one finite number. */
MDD_INTERNAL int uds_parse_double(const char *text, size_t len, double *out);

/* Parses an integer as the database writes them: optional sign, decimal or 0x hex, or a
 * float with an integral value ("2.0E1"). Sets *negative and *magnitude; 0 when malformed or
 * beyond 64 bits. */
MDD_INTERNAL int uds_parse_integer(const char *text, size_t len, int *negative,
                                   uint64_t *magnitude);

/* Whether d is a finite integer; d rounded to the nearest integer, ties to even (without
 * libm, which the library does not link). */
MDD_INTERNAL bool uds_is_integral(double d);
MDD_INTERNAL double uds_round_even(double d);

/* Nonzero when data_type (enum mdd_data_type) is A_INT_32 or A_UINT_32. Inline, as every
 * coded value asks. */
static inline bool uds_type_is_integer(uint8_t data_type)
{
    return data_type == MDD_DATA_TYPE_A_INT_32 || data_type == MDD_DATA_TYPE_A_UINT_32;
}

/* Nonzero when data_type is one of the three string types. */
static inline bool uds_type_is_text(uint8_t data_type)
{
    return data_type == MDD_DATA_TYPE_A_ASCIISTRING || data_type == MDD_DATA_TYPE_A_UTF_8_STRING ||
           data_type == MDD_DATA_TYPE_A_UNICODE_2_STRING;
}

/* The value kind a DataType decodes to (MDD_UDS_UINT for A_UINT_32, ...). */
MDD_INTERNAL mdd_uds_kind uds_type_kind(uint8_t data_type);

/* The schema name of a DataType ("A_UINT_32"), for messages. */
MDD_INTERNAL const char *uds_type_name(uint8_t data_type);

/* A number as a double: 1 and *out, or 0 for a non-number. */
MDD_INTERNAL int uds_number_value(const uds_scalar *s, double *out);

/* Converts the number or text in to a value of data_type in *out: integers from integral
 * numbers (or, with round set, any finite number rounded half to even), floats from any
 * number (A_FLOAT_32 rounded to single precision), texts from texts, byte fields from byte
 * fields or hex text. MDD_ERR_ARG naming the value and the type otherwise. */
MDD_INTERNAL mdd_status uds_convert(const uds_scalar *in, uint8_t data_type, bool round,
                                    uds_scalar *out, mdd_error *err);

/* Writes a short rendering of s (a number, or "text"/"bytes") into buf for messages. */
MDD_INTERNAL const char *uds_scalar_show(const uds_scalar *s, char *buf, size_t size);

/* ---- Hex text and byte fields (prim/hex_text.c) ---- */

/* The bytes of a BYTES scalar, raw or given as hex text ("0xAA 0xBB", "AABB"): tokens
 * separated by white space, each an optional 0x and hex digits, two per byte (an odd count
 * makes the first digit a byte of its own). */
typedef struct uds_byte_iter {
    const uds_scalar *s;
    size_t off;
    size_t digits_left;
} uds_byte_iter;

/* Starts iterating the bytes of s (kind MDD_UDS_BYTES). */
MDD_INTERNAL uds_byte_iter uds_bytes_begin(const uds_scalar *s);

/* 1 and the next byte, 0 at the end, -1 when the hex text is malformed. */
MDD_INTERNAL int uds_bytes_next(uds_byte_iter *it, uint8_t *byte);

/* The number of bytes of s; -1 (as SIZE_MAX) when its hex text is malformed. */
MDD_INTERNAL size_t uds_bytes_count(const uds_scalar *s);

/* ---- Text (prim/text.c) ---- */

/* Bytes one code point takes in encoding (1..4), 0 when it cannot be encoded there. */
MDD_INTERNAL size_t uds_text_unit_size(mdd_uds_text_encoding encoding, uint32_t code_point);

/* Writes code point into out[0..size of it) in encoding (uds_text_unit_size() bytes). */
MDD_INTERNAL void uds_text_put(mdd_uds_text_encoding encoding, uint32_t code_point,
                               uint8_t *out);

/* The byte length of text transcoded to encoding: MDD_OK and *len, or MDD_ERR_ARG naming
 * the character it cannot hold (or malformed input). */
MDD_INTERNAL mdd_status uds_text_measure(const mdd_uds_text *text,
                                         mdd_uds_text_encoding encoding, size_t *len,
                                         mdd_error *err);

/* Where the first malformed sequence of text starts (an offset in its bytes), or SIZE_MAX
 * when text is well-formed in its encoding. */
MDD_INTERNAL size_t uds_text_invalid_at(const mdd_uds_text *text);

/* The name of an encoding ("UTF-16BE"), for messages. */
MDD_INTERNAL const char *uds_text_encoding_name(mdd_uds_text_encoding encoding);

/* ---- The message being written (coded/bits.c) ---- */

/* The byte at i of out as written so far (0 past its length or capacity). */
MDD_INTERNAL uint8_t uds_out_get(const uds_out *out, size_t i);

/* Sets the byte at i, extending the message with 00 up to it. */
MDD_INTERNAL void uds_out_set(uds_out *out, size_t i, uint8_t value);

/* Extends the message with 00 to at least end bytes. */
MDD_INTERNAL void uds_out_extend(uds_out *out, size_t end);

/* ---- Bit windows (coded/bits.c) ---- */

/* Where a field of bits bits at bit position bit of byte start lies: n bytes, reversed when
 * low-high (docs/adr/0020, "window"). */
typedef struct uds_window {
    size_t start;
    size_t n;
    uint8_t bit;
    uint32_t bits;
    bool reversed;
} uds_window;

/* The window of a field; MDD_ERR_FORMAT when it does not fit in msg_len bytes (the message
 * offset and the sizes in err). */
MDD_INTERNAL mdd_status uds_window_at(size_t msg_len, uds_pos pos, uint32_t bits,
                                      bool reversed, uds_window *w, mdd_error *err);

/* All ones in the low bits bits (bits <= 64). */
static inline uint64_t uds_low_bits(uint32_t bits)
{
    return bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
}

/* The field's bits (bits <= 64) of msg. Inline: every coded number and compiled check reads
 * one. */
static inline uint64_t uds_window_read(const uint8_t *msg, const uds_window *w)
{
    /* X >> p without a 72-bit X: the bytes before the last, shifted up by 8 - p, and the
     * last one's bits above p; bits shifted out lie above 64 >= L. The window's bytes are
     * msg[start, start + n), walked backwards when reversed. */
    const uint8_t *first = msg + w->start;
    ptrdiff_t step = 1;
    if (w->reversed && w->n) {
        first += w->n - 1;
        step = -1;
    }
    uint64_t high = 0;
    for (size_t i = 0; i + 1 < w->n; i++)
        high = high << 8 | first[(ptrdiff_t)i * step];
    uint64_t last = w->n ? first[(ptrdiff_t)(w->n - 1) * step] : 0;
    uint64_t x = (high << (8 - w->bit)) | (last >> w->bit);
    return x & uds_low_bits(w->bits);
}

/* Replaces the bits of the field selected by select (bit i of the field when bit i is set)
 * with those of value, keeping the others, and extends out as needed. */
MDD_INTERNAL void uds_window_write(uds_out *out, const uds_window *w, uint64_t value,
                                   uint64_t select);

/* Gathers the bits of raw under mask's 1s, lowest first, into a contiguous value (ISO
 * 22901-1 condensed), and the inverse. */
MDD_INTERNAL uint64_t uds_bits_gather(uint64_t raw, uint64_t mask);
MDD_INTERNAL uint64_t uds_bits_spread(uint64_t value, uint64_t mask);

/* ---- Base data types (coded/base.c) ---- */

/* How the bytes of a coded value are to be read: the base DataType, the encoding string
 * resolved, the byte order. */
typedef enum uds_int_encoding {
    UDS_INT_PLAIN = 0, /* unsigned, or two's complement for A_INT_32 */
    UDS_INT_ONES,      /* 1C */
    UDS_INT_SIGN_MAGNITUDE,
    UDS_INT_BCD_PACKED,
    UDS_INT_BCD_UNPACKED
} uds_int_encoding;

typedef struct uds_base {
    uint8_t type;                  /* enum mdd_data_type */
    bool high_low;
    uds_int_encoding int_encoding; /* for integers */
    mdd_uds_text_encoding text_encoding; /* for strings */
} uds_base;

/* The base type of the DiagCodedType dct with its base_type_encoding resolved;
 * MDD_ERR_UNSUPPORTED naming an encoding the codec lacks or one that does not suit the
 * type. */
MDD_INTERNAL mdd_status uds_base_of(const fb_fields *dct, uds_base *base, mdd_error *err);

/* The value of bits raw bits (already masked and condensed) as base reads them. */
MDD_INTERNAL mdd_status uds_base_from_bits(const uds_base *base, uint64_t raw, uint32_t bits,
                                           uds_scalar *out, mdd_error *err);

/* The bits raw bits that code value (of base's kind) as base writes it; MDD_ERR_ARG when it
 * does not fit in bits bits. */
MDD_INTERNAL mdd_status uds_base_to_bits(const uds_base *base, const uds_scalar *value,
                                         uint32_t bits, uint64_t *raw, mdd_error *err);

/* The value of msg[start, start + len) as a text or byte field of base (validated text), or
 * an integer or float of 8 * len bits. */
MDD_INTERNAL mdd_status uds_base_from_span(const uds_base *base, mdd_bytes msg, size_t start,
                                           size_t len, uds_scalar *out, mdd_error *err);

/* The byte length value takes as a text or byte field of base; MDD_ERR_ARG when it cannot
 * be one (wrong kind, characters the encoding lacks, malformed hex). */
MDD_INTERNAL mdd_status uds_base_span_length(const uds_base *base, const uds_scalar *value,
                                             size_t *len, mdd_error *err);

/* Writes value at start of out in len bytes as measured by uds_base_span_length() (a text
 * or byte field, or a whole-byte number in base's byte order). */
MDD_INTERNAL mdd_status uds_base_write_span(const uds_base *base, const uds_scalar *value,
                                            uds_out *out, size_t start, size_t len,
                                            mdd_error *err);

/* The length in bits value takes when nothing else fixes it (a PARAM_LENGTH_INFO key not
 * given): 8 per byte of a text or byte field, 32 or 64 for floats, whole bytes holding an
 * integer (a sign bit included for A_INT_32; at least 8); 0 when value does not suit base. */
MDD_INTERNAL uint64_t uds_base_length_bits(const uds_base *base, const uds_scalar *value);

/* ---- Coded types (coded/) ---- */

/* A fixed-length field: STANDARD_LENGTH's bits and mask, or PARAM_LENGTH_INFO's key length
 * (no mask). */
typedef struct uds_fixed {
    uint32_t bits;
    mdd_bytes mask; /* big-endian, aligned to bit 0 of the field; ptr NULL: none */
    bool condensed;
} uds_fixed;

/* Reads or writes a fixed-length field at pos (coded/standard.c). */
MDD_INTERNAL mdd_status uds_fixed_read(const uds_base *base, const uds_fixed *f, mdd_bytes msg,
                                       uds_pos pos, uds_scalar *out, size_t *next,
                                       mdd_error *err);
MDD_INTERNAL mdd_status uds_fixed_write(const uds_base *base, const uds_fixed *f, uds_out *out,
                                        uds_pos pos, const uds_scalar *value, size_t *next,
                                        mdd_error *err);

/* MIN_MAX_LENGTH (coded/variable.c). */
MDD_INTERNAL mdd_status uds_minmax_read(const uds_base *base, mdd_min_max_length_type t,
                                        mdd_bytes msg, uds_pos pos, uds_scalar *out,
                                        size_t *next, mdd_error *err);
MDD_INTERNAL mdd_status uds_minmax_write(const uds_base *base, mdd_min_max_length_type t,
                                         uds_out *out, uds_pos pos, const uds_scalar *value,
                                         bool last, size_t *next, mdd_error *err);

/* LEADING_LENGTH_INFO (coded/variable.c). */
MDD_INTERNAL mdd_status uds_leading_read(const uds_base *base, mdd_leading_length_info_type t,
                                         mdd_bytes msg, uds_pos pos, uds_scalar *out,
                                         size_t *next, mdd_error *err);
MDD_INTERNAL mdd_status uds_leading_write(const uds_base *base, mdd_leading_length_info_type t,
                                          uds_out *out, uds_pos pos, const uds_scalar *value,
                                          size_t *next, mdd_error *err);

/* The base and the fixed length of a STANDARD_LENGTH DiagCodedType whose header was
 * checked: 1, or 0 for another length type or a base it cannot read (coded/coded.c). */
MDD_INTERNAL int uds_coded_standard(const fb_fields *dct, uds_base *base, uds_fixed *fixed);

/* uds_coded_read() of a DiagCodedType whose header was checked (coded/coded.c). */
MDD_INTERNAL mdd_status uds_coded_read_type(const fb_fields *dct, mdd_bytes msg, uds_pos pos,
                                            uint64_t length_key_bits, uds_scalar *coded,
                                            size_t *next, mdd_error *err);

/* ---- Compu methods (compu/) ---- */

/* uds_compu_to_physical() of a compu method and a physical type whose headers were checked
 * (either absent: pos 0). */
MDD_INTERNAL mdd_status uds_compu_fields_to_physical(const fb_fields *cm, uint8_t coded_type,
                                                     const fb_fields *pt,
                                                     const uds_scalar *coded,
                                                     uds_scalar *physical, mdd_error *err);

/* The category of cm: IDENTICAL when there is no method (pos 0). */
MDD_INTERNAL uint8_t uds_compu_category(const fb_fields *cm);

/* The physical type's DataType, or what a method of category without one gives: the coded
 * type for IDENTICAL, a text for TEXT_TABLE, a 64-bit float otherwise. */
MDD_INTERNAL uint8_t uds_compu_physical_type(uint8_t category, uint8_t coded_type,
                                             const fb_fields *pt);

/* The text a TEXT_TABLE scale gives (its vt, else its vt_ti); ptr NULL for none. */
MDD_INTERNAL mdd_bytes uds_scale_text(mdd_compu_scale scale);

/* Which way a conversion goes: limits are parsed with the type of the value compared. */
typedef struct uds_compu_ctx {
    mdd_compu_method cm;
    uint8_t coded_type;    /* enum mdd_data_type */
    uint8_t physical_type; /* enum mdd_data_type: the PhysicalType's, or a default */
    mdd_error *err;
} uds_compu_ctx;

/* A compu scale's bounds as uds_scale_contains() takes them (values typed as limit_type; in
 * a text table a lone limit is the other one too): each present or not, with its interval
 * type (a limit not stored counts as CLOSED). 0, or -1 with err set when a limit does not
 * parse. */
typedef struct uds_scale_bounds {
    uds_scalar lo, hi;
    bool has_lo, has_hi;
    uint8_t lo_interval, hi_interval;
} uds_scale_bounds;
MDD_INTERNAL int uds_scale_bounds_of(mdd_compu_scale scale, uint8_t limit_type, bool text_table,
                                     uds_scale_bounds *b, mdd_error *err);

/* Whether value lies within the scale's limits (value typed as limit_type); text_table
 * applies ISO's rule that a lone lower limit is the only value. 1 inside, 0 outside, -1 with
 * err set when a limit does not parse as limit_type. */
MDD_INTERNAL int uds_scale_contains(mdd_compu_scale scale, const uds_scalar *value,
                                    uint8_t limit_type, bool text_table, mdd_error *err);

/* The first scale of scales that contains value: its index, or -1 (none) or -2 (err set). */
MDD_INTERNAL int64_t uds_scale_find(mdd_compu_scale_vec scales, const uds_scalar *value,
                                    uint8_t limit_type, bool text_table, mdd_error *err);

/* The text of a limit's bound: its value when the limit is stored and not INFINITE, else
 * ptr NULL (no bound). */
MDD_INTERNAL mdd_bytes uds_limit_bound_text(mdd_limit limit);

/* Whether a value ordered order (<0, 0, >0, as uds_scalar_compare() gives it) against a
 * limit's bound lies on the limit's inner side: above a lower limit (lower set), below an
 * upper one, on the bound itself unless the interval is OPEN. */
MDD_INTERNAL bool uds_bound_admits(int order, uint8_t interval, bool lower);

/* A limit's value parsed as data_type: 1 and *out, 0 when it has none or is INFINITE, -1
 * with err set when it does not parse. */
MDD_INTERNAL int uds_limit_value(mdd_limit limit, uint8_t data_type, uds_scalar *out,
                                 mdd_error *err);

/* The physical value a number gives: the physical type's, rounded half to even for an
 * integer type; MDD_ERR_FORMAT for NaN, infinities and out of range. */
MDD_INTERNAL mdd_status uds_compu_result(const uds_compu_ctx *c, double value, bool to_coded,
                                         uds_scalar *out);

/* The name of a CompuCategory ("TEXT_TABLE"), for messages. */
MDD_INTERNAL const char *uds_compu_name(uint8_t category);

/* The categories' two directions; each fills *out or fails with c->err. Decoding through
 * rational functions covers the linear categories too (compu/rat.c). */
MDD_INTERNAL mdd_status uds_linear_to_coded(const uds_compu_ctx *c, const uds_scalar *physical,
                                            uds_scalar *out);
MDD_INTERNAL mdd_status uds_rat_to_physical(const uds_compu_ctx *c, const uds_scalar *coded,
                                            uds_scalar *out);
MDD_INTERNAL mdd_status uds_rat_to_coded(const uds_compu_ctx *c, const uds_scalar *physical,
                                         uds_scalar *out);
MDD_INTERNAL mdd_status uds_text_table_to_physical(const uds_compu_ctx *c,
                                                   const uds_scalar *coded, uds_scalar *out);
MDD_INTERNAL mdd_status uds_text_table_to_coded(const uds_compu_ctx *c,
                                                const uds_scalar *physical, uds_scalar *out);
MDD_INTERNAL mdd_status uds_tab_intp_to_physical(const uds_compu_ctx *c,
                                                 const uds_scalar *coded, uds_scalar *out);
MDD_INTERNAL mdd_status uds_tab_intp_to_coded(const uds_compu_ctx *c,
                                              const uds_scalar *physical, uds_scalar *out);

/* The physical value when no scale applies: internal_to_phys.compu_default_value, else
 * MDD_ERR_FORMAT naming coded. */
MDD_INTERNAL mdd_status uds_compu_default(const uds_compu_ctx *c, const uds_scalar *coded,
                                          uds_scalar *out);

#endif
