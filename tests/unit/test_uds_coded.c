/* SPDX-License-Identifier: Apache-2.0 */
/* Coded values: the positions, masks, length types and base data types of the codec rules
 * (§1-§3), with the byte examples worked out there as the expected values, and the bad input
 * of the issue (past the end, bits beyond the message, invalid UTF-8 and UTF-16, NaN). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "uds_builder.h"

#include "../../src/uds/uds_impl.h"

#include <string.h>

static tb b;

/* The DiagCodedType d, built in a fresh buffer. */
static mdd_diag_coded_type dct_of(const ub_dct *d)
{
    tb_init(&b);
    mdd_diag_coded_type dct = {ub_view(&b, ub_dct_table(&b, d, NULL))};
    dct.t.len = b.len;
    return dct;
}

/* Reads d at (byte, bit) of msg[0..len); returns the status, *v and *next. */
static mdd_status read_at(const ub_dct *d, const uint8_t *msg, size_t len, size_t byte,
                          uint8_t bit, uint64_t key_bits, uds_scalar *v, size_t *next,
                          mdd_error *err)
{
    mdd_bytes m = {msg, len};
    uds_pos pos = {byte, bit};
    return uds_coded_read(dct_of(d), m, pos, key_bits, v, next, err);
}

static uint64_t read_uint(const ub_dct *d, const uint8_t *msg, size_t len, size_t byte,
                          uint8_t bit, size_t *next)
{
    uds_scalar v;
    mdd_error err;
    size_t n;
    assert_int_equal(read_at(d, msg, len, byte, bit, 0, &v, next ? next : &n, &err), MDD_OK);
    assert_int_equal(v.kind, MDD_UDS_UINT);
    return v.as.u;
}

static int64_t read_int(const ub_dct *d, const uint8_t *msg, size_t len)
{
    uds_scalar v;
    mdd_error err;
    size_t next;
    assert_int_equal(read_at(d, msg, len, 0, 0, 0, &v, &next, &err), MDD_OK);
    assert_int_equal(v.kind, MDD_UDS_INT);
    return v.as.i;
}

/* Writes v with d at (byte, bit) into out (cap bytes, of which len already written). */
static mdd_status write_at(const ub_dct *d, uds_out *out, size_t byte, uint8_t bit,
                           const uds_scalar *v, int last, uint64_t key_bits, size_t *next,
                           mdd_error *err)
{
    uds_pos pos = {byte, bit};
    return uds_coded_write(dct_of(d), out, pos, v, last, key_bits, next, err);
}

static uds_scalar uint_value(uint64_t u) { return (uds_scalar){.kind = MDD_UDS_UINT, .as.u = u}; }

static uds_scalar int_value(int64_t i) { return (uds_scalar){.kind = MDD_UDS_INT, .as.i = i}; }

static uds_scalar utf8_value(const char *s)
{
    uds_scalar v = {.kind = MDD_UDS_TEXT};
    v.as.text.bytes = (mdd_bytes){(const uint8_t *)s, strlen(s)};
    v.as.text.encoding = MDD_UDS_TEXT_UTF8;
    return v;
}

static uds_scalar bytes_value(const uint8_t *p, size_t n)
{
    return (uds_scalar){.kind = MDD_UDS_BYTES, .as.bytes = {p, n}};
}

/* The code points of a text, into cps; returns their number (-1 when malformed). */
static int code_points(const mdd_uds_text *t, uint32_t *cps, int max)
{
    size_t off = 0;
    int n = 0, r;
    while (n < max && (r = uds_text_next(t, &off, &cps[n])) > 0)
        n++;
    return n;
}

static void assert_bytes(const uint8_t *got, size_t got_len, const uint8_t *want, size_t len)
{
    assert_int_equal(got_len, len);
    assert_memory_equal(got, want, len);
}

/* ---- §1 positions, bit positions, byte order, masks ---- */

static void bit_field_in_one_byte(void **state)
{
    (void)state;
    ub_dct d = UB_STANDARD(MDD_DATA_TYPE_A_UINT_32, 4);
    size_t next;
    assert_int_equal(read_uint(&d, (const uint8_t[]){0x5A}, 1, 0, 3, &next), 11);
    assert_int_equal(next, 1);

    uint8_t buf[4] = {0};
    uds_out out = {buf, sizeof buf, 0};
    uds_scalar eleven = uint_value(11);
    mdd_error err;
    assert_int_equal(write_at(&d, &out, 0, 3, &eleven, 0, 0, &next, &err), MDD_OK);
    assert_bytes(buf, out.len, (const uint8_t[]){0x58}, 1);
    buf[0] = 0xFF; /* bits 3..6 replaced, the others kept */
    assert_int_equal(write_at(&d, &out, 0, 3, &eleven, 0, 0, &next, &err), MDD_OK);
    assert_bytes(buf, out.len, (const uint8_t[]){0xDF}, 1);
}

static void window_spans_bytes_in_both_orders(void **state)
{
    (void)state;
    static const uint8_t msg[] = {0x12, 0x34, 0x56};
    ub_dct d = UB_STANDARD(MDD_DATA_TYPE_A_UINT_32, 12);
    size_t next;
    assert_int_equal(read_uint(&d, msg, 3, 0, 4, &next), 0x123);
    assert_int_equal(next, 2);
    d.low_high = 1;
    assert_int_equal(read_uint(&d, msg, 3, 0, 4, &next), 0x341);
    ub_dct byte = UB_STANDARD(MDD_DATA_TYPE_A_UINT_32, 8);
    assert_int_equal(read_uint(&byte, msg, 3, next, 0, &next), 0x56);
    assert_int_equal(next, 3);
}

static void low_high_write_reverses_the_window(void **state)
{
    (void)state;
    ub_dct d = UB_STANDARD(MDD_DATA_TYPE_A_UINT_32, 16);
    d.low_high = 1;
    uint8_t buf[4] = {0};
    uds_out out = {buf, sizeof buf, 1}; /* one byte already there: 00 */
    uds_scalar v = uint_value(0x1234);
    size_t next;
    mdd_error err;
    assert_int_equal(write_at(&d, &out, 1, 0, &v, 0, 0, &next, &err), MDD_OK);
    assert_bytes(buf, out.len, (const uint8_t[]){0x00, 0x34, 0x12}, 3);
    assert_int_equal(next, 3);
}

static const uint8_t MASK_3C[] = {0x3C};

static void mask_not_condensed(void **state)
{
    (void)state;
    ub_dct d = UB_STANDARD(MDD_DATA_TYPE_A_UINT_32, 8);
    d.mask = MASK_3C;
    d.mask_len = 1;
    assert_int_equal(read_uint(&d, (const uint8_t[]){0xA7}, 1, 0, 0, NULL), 36);
    uint8_t buf[1] = {0x81};
    uds_out out = {buf, 1, 1};
    uds_scalar v = uint_value(0x24);
    size_t next;
    mdd_error err;
    assert_int_equal(write_at(&d, &out, 0, 0, &v, 0, 0, &next, &err), MDD_OK);
    assert_int_equal(buf[0], 0xA5);
}

static void mask_condensed_gathers(void **state)
{
    (void)state;
    ub_dct d = UB_STANDARD(MDD_DATA_TYPE_A_UINT_32, 8);
    d.mask = MASK_3C;
    d.mask_len = 1;
    d.condensed = 1;
    assert_int_equal(read_uint(&d, (const uint8_t[]){0xA7}, 1, 0, 0, NULL), 9);
    uint8_t buf[1] = {0};
    uds_out out = {buf, 1, 0};
    uds_scalar v = uint_value(9);
    size_t next;
    mdd_error err;
    assert_int_equal(write_at(&d, &out, 0, 0, &v, 0, 0, &next, &err), MDD_OK);
    assert_int_equal(buf[0], 0x24);
    v = uint_value(16); /* four mask bits hold 0..15 */
    assert_int_equal(write_at(&d, &out, 0, 0, &v, 0, 0, &next, &err), MDD_ERR_ARG);
}

static void bits_beyond_the_message(void **state)
{
    (void)state;
    ub_dct d = UB_STANDARD(MDD_DATA_TYPE_A_UINT_32, 8);
    uds_scalar v;
    size_t next;
    mdd_error err;
    /* 8 bits at bit position 4 need two bytes */
    assert_int_equal(read_at(&d, (const uint8_t[]){0x12}, 1, 0, 4, 0, &v, &next, &err),
                     MDD_ERR_FORMAT);
    assert_non_null(strstr(err.message, "byte 0"));
    assert_non_null(strstr(err.message, "need 2 bytes"));
    assert_int_equal(read_at(&d, (const uint8_t[]){0x12}, 1, 1, 0, 0, &v, &next, &err),
                     MDD_ERR_FORMAT);
    assert_non_null(strstr(err.message, "byte 1"));
    assert_int_equal(read_at(&d, (const uint8_t[]){0x12}, 1, 5, 0, 0, &v, &next, &err),
                     MDD_ERR_FORMAT);
}

/* ---- §2 STANDARD_LENGTH ranges and strings ---- */

static void uint_and_int_ranges_on_write(void **state)
{
    (void)state;
    uint8_t buf[8];
    uds_out out = {buf, sizeof buf, 0};
    size_t next;
    mdd_error err;
    ub_dct u8 = UB_STANDARD(MDD_DATA_TYPE_A_UINT_32, 8);
    uds_scalar v = uint_value(255);
    assert_int_equal(write_at(&u8, &out, 0, 0, &v, 0, 0, &next, &err), MDD_OK);
    v = uint_value(256);
    assert_int_equal(write_at(&u8, &out, 0, 0, &v, 0, 0, &next, &err), MDD_ERR_ARG);
    assert_non_null(strstr(err.message, "256 does not fit in 8 bits"));
    v = int_value(-1);
    assert_int_equal(write_at(&u8, &out, 0, 0, &v, 0, 0, &next, &err), MDD_ERR_ARG);

    ub_dct i8 = UB_STANDARD(MDD_DATA_TYPE_A_INT_32, 8);
    static const struct {
        int64_t value;
        mdd_status st;
        uint8_t byte;
    } cases[] = {{-2, MDD_OK, 0xFE},          {-128, MDD_OK, 0x80}, {127, MDD_OK, 0x7F},
                 {128, MDD_ERR_ARG, 0},       {200, MDD_ERR_ARG, 0}, {-129, MDD_ERR_ARG, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        out.len = 0;
        v = int_value(cases[i].value);
        assert_int_equal(write_at(&i8, &out, 0, 0, &v, 0, 0, &next, &err), cases[i].st);
        if (cases[i].st == MDD_OK)
            assert_int_equal(buf[0], cases[i].byte);
    }
}

static void fixed_strings_pad_and_refuse_longer(void **state)
{
    (void)state;
    ub_dct d = UB_STANDARD(MDD_DATA_TYPE_A_ASCIISTRING, 32);
    uint8_t buf[8];
    memset(buf, 0xEE, sizeof buf);
    uds_out out = {buf, sizeof buf, 0};
    size_t next;
    mdd_error err;
    uds_scalar ab = utf8_value("AB");
    assert_int_equal(write_at(&d, &out, 0, 0, &ab, 0, 0, &next, &err), MDD_OK);
    assert_bytes(buf, out.len, (const uint8_t[]){0x41, 0x42, 0x00, 0x00}, 4);
    assert_int_equal(next, 4);
    uds_scalar long_text = utf8_value("ABCDE");
    assert_int_equal(write_at(&d, &out, 0, 0, &long_text, 0, 0, &next, &err), MDD_ERR_ARG);
    assert_non_null(strstr(err.message, "5 bytes do not fit in the 4"));

    uds_scalar v;
    assert_int_equal(read_at(&d, (const uint8_t[]){0x41, 0x42, 0x43, 0x44, 0x45}, 5, 1, 0, 0, &v,
                             &next, &err),
                     MDD_OK);
    assert_int_equal(v.kind, MDD_UDS_TEXT);
    assert_int_equal(v.as.text.encoding, MDD_UDS_TEXT_LATIN1);
    assert_bytes(v.as.text.bytes.ptr, v.as.text.bytes.len,
                 (const uint8_t[]){0x42, 0x43, 0x44, 0x45}, 4);
    assert_int_equal(next, 5);
}

static void strings_need_whole_bytes_at_bit_zero(void **state)
{
    (void)state;
    ub_dct d = UB_STANDARD(MDD_DATA_TYPE_A_BYTEFIELD, 12);
    uds_scalar v;
    size_t next;
    mdd_error err;
    static const uint8_t msg[] = {1, 2, 3};
    assert_int_equal(read_at(&d, msg, 3, 0, 0, 0, &v, &next, &err), MDD_ERR_FORMAT);
    d.bits = 16;
    assert_int_equal(read_at(&d, msg, 3, 0, 2, 0, &v, &next, &err), MDD_ERR_FORMAT);
    ub_dct u2 = UB_STANDARD(MDD_DATA_TYPE_A_UNICODE_2_STRING, 24);
    assert_int_equal(read_at(&u2, msg, 3, 0, 0, 0, &v, &next, &err), MDD_ERR_FORMAT);
}

/* ---- §2 MIN_MAX_LENGTH ---- */

static void min_max_zero_terminated(void **state)
{
    (void)state;
    uds_scalar v;
    size_t next;
    mdd_error err;
    ub_dct d = UB_MIN_MAX(MDD_DATA_TYPE_A_ASCIISTRING, 0, UB_ABSENT, MDD_TERMINATION_ZERO);
    assert_int_equal(read_at(&d, (const uint8_t[]){0x41, 0x42, 0x00, 0x43}, 4, 0, 0, 0, &v, &next,
                             &err),
                     MDD_OK);
    assert_bytes(v.as.text.bytes.ptr, v.as.text.bytes.len, (const uint8_t[]){0x41, 0x42}, 2);
    assert_int_equal(next, 3);

    d.max_len = 2; /* the maximum reached: no terminator consumed */
    assert_int_equal(read_at(&d, (const uint8_t[]){0x41, 0x42, 0x43}, 3, 0, 0, 0, &v, &next, &err),
                     MDD_OK);
    assert_bytes(v.as.text.bytes.ptr, v.as.text.bytes.len, (const uint8_t[]){0x41, 0x42}, 2);
    assert_int_equal(next, 2);

    d.max_len = UB_ABSENT;
    d.min_len = 1; /* the search starts at offset 1 */
    assert_int_equal(read_at(&d, (const uint8_t[]){0x00, 0x41, 0x00}, 3, 0, 0, 0, &v, &next, &err),
                     MDD_OK);
    assert_bytes(v.as.text.bytes.ptr, v.as.text.bytes.len, (const uint8_t[]){0x00, 0x41}, 2);
    assert_int_equal(next, 3);

    /* no terminator before the end: the value ends with the message */
    assert_int_equal(read_at(&d, (const uint8_t[]){0x41, 0x42}, 2, 0, 0, 0, &v, &next, &err),
                     MDD_OK);
    assert_int_equal(v.as.text.bytes.len, 2);
    assert_int_equal(next, 2);
}

static void min_max_unicode_terminator_at_even_offset(void **state)
{
    (void)state;
    uds_scalar v;
    size_t next;
    mdd_error err;
    ub_dct d = UB_MIN_MAX(MDD_DATA_TYPE_A_UNICODE_2_STRING, 0, UB_ABSENT, MDD_TERMINATION_ZERO);
    static const uint8_t msg[] = {0x00, 0x41, 0x01, 0x00, 0x00, 0x00, 0x00, 0x42};
    assert_int_equal(read_at(&d, msg, sizeof msg, 0, 0, 0, &v, &next, &err), MDD_OK);
    assert_int_equal(v.as.text.encoding, MDD_UDS_TEXT_UTF16BE);
    uint32_t cps[4];
    assert_int_equal(code_points(&v.as.text, cps, 4), 2);
    assert_int_equal(cps[0], 0x41);
    assert_int_equal(cps[1], 0x100);
    assert_int_equal(next, 6);
}

static void min_max_byte_field_hex_ff(void **state)
{
    (void)state;
    uds_scalar v;
    size_t next;
    mdd_error err;
    ub_dct d = UB_MIN_MAX(MDD_DATA_TYPE_A_BYTEFIELD, 0, UB_ABSENT, MDD_TERMINATION_HEX_FF);
    assert_int_equal(read_at(&d, (const uint8_t[]){0x01, 0x02, 0xFF, 0x03}, 4, 0, 0, 0, &v, &next,
                             &err),
                     MDD_OK);
    assert_int_equal(v.kind, MDD_UDS_BYTES);
    assert_bytes(v.as.bytes.ptr, v.as.bytes.len, (const uint8_t[]){0x01, 0x02}, 2);
    assert_int_equal(next, 3);

    ub_dct eop = UB_MIN_MAX(MDD_DATA_TYPE_A_BYTEFIELD, 0, UB_ABSENT, MDD_TERMINATION_END_OF_PDU);
    assert_int_equal(read_at(&eop, (const uint8_t[]){0x01, 0x02, 0xFF, 0x03}, 4, 1, 0, 0, &v,
                             &next, &err),
                     MDD_OK);
    assert_bytes(v.as.bytes.ptr, v.as.bytes.len, (const uint8_t[]){0x02, 0xFF, 0x03}, 3);
    assert_int_equal(next, 4);

    ub_dct min3 = UB_MIN_MAX(MDD_DATA_TYPE_A_BYTEFIELD, 3, UB_ABSENT, MDD_TERMINATION_END_OF_PDU);
    assert_int_equal(read_at(&min3, (const uint8_t[]){0x01, 0x02}, 2, 0, 0, 0, &v, &next, &err),
                     MDD_ERR_FORMAT);
    assert_non_null(strstr(err.message, "at least 3 bytes"));
}

static void min_max_encode_terminator_rules(void **state)
{
    (void)state;
    uint8_t buf[8];
    uds_out out = {buf, sizeof buf, 0};
    size_t next;
    mdd_error err;
    ub_dct d = UB_MIN_MAX(MDD_DATA_TYPE_A_ASCIISTRING, 0, UB_ABSENT, MDD_TERMINATION_ZERO);
    uds_scalar ab = utf8_value("AB");
    assert_int_equal(write_at(&d, &out, 0, 0, &ab, 0, 0, &next, &err), MDD_OK);
    assert_bytes(buf, out.len, (const uint8_t[]){0x41, 0x42, 0x00}, 3);
    assert_int_equal(next, 3);
    out.len = 0;
    assert_int_equal(write_at(&d, &out, 0, 0, &ab, 1, 0, &next, &err), MDD_OK);
    assert_bytes(buf, out.len, (const uint8_t[]){0x41, 0x42}, 2);
    out.len = 0;
    d.max_len = 2; /* at the maximum: no terminator */
    assert_int_equal(write_at(&d, &out, 0, 0, &ab, 0, 0, &next, &err), MDD_OK);
    assert_bytes(buf, out.len, (const uint8_t[]){0x41, 0x42}, 2);
    uds_scalar abc = utf8_value("ABC");
    assert_int_equal(write_at(&d, &out, 0, 0, &abc, 0, 0, &next, &err), MDD_ERR_ARG);
    d.max_len = UB_ABSENT;
    d.min_len = 3;
    assert_int_equal(write_at(&d, &out, 0, 0, &ab, 0, 0, &next, &err), MDD_ERR_ARG);

    ub_dct u2 = UB_MIN_MAX(MDD_DATA_TYPE_A_UNICODE_2_STRING, 0, UB_ABSENT, MDD_TERMINATION_HEX_FF);
    uds_scalar a = utf8_value("A");
    out.len = 0;
    assert_int_equal(write_at(&u2, &out, 0, 0, &a, 0, 0, &next, &err), MDD_OK);
    assert_bytes(buf, out.len, (const uint8_t[]){0x00, 0x41, 0xFF, 0xFF}, 4);
}

/* ---- §2 LEADING_LENGTH_INFO and PARAM_LENGTH_INFO ---- */

static void leading_length(void **state)
{
    (void)state;
    uds_scalar v;
    size_t next;
    mdd_error err;
    ub_dct d = UB_LEADING(MDD_DATA_TYPE_A_ASCIISTRING, 8);
    assert_int_equal(read_at(&d, (const uint8_t[]){0x02, 0x41, 0x42, 0x99}, 4, 0, 0, 0, &v, &next,
                             &err),
                     MDD_OK);
    assert_bytes(v.as.text.bytes.ptr, v.as.text.bytes.len, (const uint8_t[]){0x41, 0x42}, 2);
    assert_int_equal(next, 3);

    ub_dct lh = UB_LEADING(MDD_DATA_TYPE_A_BYTEFIELD, 16);
    lh.low_high = 1;
    assert_int_equal(read_at(&lh, (const uint8_t[]){0x02, 0x00, 0xAA, 0xBB}, 4, 0, 0, 0, &v, &next,
                             &err),
                     MDD_OK);
    assert_bytes(v.as.bytes.ptr, v.as.bytes.len, (const uint8_t[]){0xAA, 0xBB}, 2);
    assert_int_equal(next, 4);

    /* a length past the end */
    assert_int_equal(read_at(&d, (const uint8_t[]){0x05, 0x41}, 2, 0, 0, 0, &v, &next, &err),
                     MDD_ERR_FORMAT);
    assert_non_null(strstr(err.message, "past the message end"));

    ub_dct u2 = UB_LEADING(MDD_DATA_TYPE_A_UNICODE_2_STRING, 8);
    uint8_t buf[8];
    uds_out out = {buf, sizeof buf, 0};
    uds_scalar hi = utf8_value("Hi");
    assert_int_equal(write_at(&u2, &out, 0, 0, &hi, 0, 0, &next, &err), MDD_OK);
    assert_bytes(buf, out.len, (const uint8_t[]){0x04, 0x00, 0x48, 0x00, 0x69}, 5);
    assert_int_equal(next, 5);
}

static void param_length_in_bits(void **state)
{
    (void)state;
    static const uint8_t msg[] = {0x62, 0x10, 0xAA, 0xBB, 0x42};
    uds_scalar v;
    size_t next;
    mdd_error err;
    ub_dct key = UB_STANDARD(MDD_DATA_TYPE_A_UINT_32, 8);
    uint64_t bits = read_uint(&key, msg, sizeof msg, 1, 0, NULL);
    assert_int_equal(bits, 16);
    ub_dct data = UB_PARAM_LENGTH(MDD_DATA_TYPE_A_BYTEFIELD);
    assert_int_equal(read_at(&data, msg, sizeof msg, 2, 0, bits, &v, &next, &err), MDD_OK);
    assert_bytes(v.as.bytes.ptr, v.as.bytes.len, (const uint8_t[]){0xAA, 0xBB}, 2);
    assert_int_equal(next, 4);
    assert_int_equal(read_uint(&key, msg, sizeof msg, next, 0, NULL), 0x42);

    /* encoding AA BB CC, the key derived: 62 18 AA BB CC 42 */
    uint8_t buf[8] = {0x62};
    uds_out out = {buf, sizeof buf, 1};
    static const uint8_t abc[] = {0xAA, 0xBB, 0xCC};
    uds_scalar value = bytes_value(abc, 3);
    uint64_t derived = uds_coded_length_bits(dct_of(&data), &value);
    assert_int_equal(derived, 24);
    assert_int_equal(write_at(&data, &out, 2, 0, &value, 0, derived, &next, &err), MDD_OK);
    uds_scalar t = uint_value(0x42), k = uint_value(derived);
    assert_int_equal(write_at(&key, &out, next, 0, &t, 1, 0, &next, &err), MDD_OK);
    assert_int_equal(write_at(&key, &out, 1, 0, &k, 0, 0, &next, &err), MDD_OK);
    assert_bytes(buf, out.len, (const uint8_t[]){0x62, 0x18, 0xAA, 0xBB, 0xCC, 0x42}, 6);
}

static void length_bits_derived_per_type(void **state)
{
    (void)state;
    ub_dct u = UB_PARAM_LENGTH(MDD_DATA_TYPE_A_UINT_32);
    uds_scalar v = uint_value(0);
    assert_int_equal(uds_coded_length_bits(dct_of(&u), &v), 8);
    v = uint_value(0x1FF);
    assert_int_equal(uds_coded_length_bits(dct_of(&u), &v), 16);
    ub_dct i = UB_PARAM_LENGTH(MDD_DATA_TYPE_A_INT_32);
    v = int_value(-200); /* 9 bits with its sign */
    assert_int_equal(uds_coded_length_bits(dct_of(&i), &v), 16);
    v = int_value(127);
    assert_int_equal(uds_coded_length_bits(dct_of(&i), &v), 8);
    ub_dct f = UB_PARAM_LENGTH(MDD_DATA_TYPE_A_FLOAT_32);
    assert_int_equal(uds_coded_length_bits(dct_of(&f), &v), 32);
    ub_dct u2 = UB_PARAM_LENGTH(MDD_DATA_TYPE_A_UNICODE_2_STRING);
    v = utf8_value("Hi\xF0\x9F\x98\x80"); /* two units, then a surrogate pair */
    assert_int_equal(uds_coded_length_bits(dct_of(&u2), &v), 64);
}

/* ---- §3 base data types ---- */

static void signed_encodings(void **state)
{
    (void)state;
    ub_dct i12 = UB_STANDARD(MDD_DATA_TYPE_A_INT_32, 12);
    assert_int_equal(read_int(&i12, (const uint8_t[]){0x0F, 0x38}, 2), -200);
    ub_dct i8 = UB_STANDARD(MDD_DATA_TYPE_A_INT_32, 8);
    assert_int_equal(read_int(&i8, (const uint8_t[]){0xFE}, 1), -2);
    i8.encoding = "SM";
    assert_int_equal(read_int(&i8, (const uint8_t[]){0x85}, 1), -5);
    i8.encoding = "1C";
    assert_int_equal(read_int(&i8, (const uint8_t[]){0xFA}, 1), -5);
    i8.encoding = "2C";
    assert_int_equal(read_int(&i8, (const uint8_t[]){0xFA}, 1), -6);

    uint8_t buf[2];
    uds_out out = {buf, sizeof buf, 0};
    size_t next;
    mdd_error err;
    uds_scalar v = int_value(-5);
    i8.encoding = "SM";
    assert_int_equal(write_at(&i8, &out, 0, 0, &v, 0, 0, &next, &err), MDD_OK);
    assert_int_equal(buf[0], 0x85);
    i8.encoding = "1C";
    assert_int_equal(write_at(&i8, &out, 0, 0, &v, 0, 0, &next, &err), MDD_OK);
    assert_int_equal(buf[0], 0xFA);
    v = int_value(-128); /* sign-magnitude and ones' complement stop at -127 */
    assert_int_equal(write_at(&i8, &out, 0, 0, &v, 0, 0, &next, &err), MDD_ERR_ARG);
}

static void bcd_encodings(void **state)
{
    (void)state;
    ub_dct p = UB_STANDARD(MDD_DATA_TYPE_A_UINT_32, 16);
    p.encoding = "BCD-P";
    assert_int_equal(read_uint(&p, (const uint8_t[]){0x12, 0x34}, 2, 0, 0, NULL), 1234);
    ub_dct up = UB_STANDARD(MDD_DATA_TYPE_A_UINT_32, 16);
    up.encoding = "BCD-UP";
    assert_int_equal(read_uint(&up, (const uint8_t[]){0x01, 0x02}, 2, 0, 0, NULL), 12);

    uds_scalar v;
    size_t next;
    mdd_error err;
    assert_int_equal(read_at(&p, (const uint8_t[]){0x1A, 0x34}, 2, 0, 0, 0, &v, &next, &err),
                     MDD_ERR_FORMAT);
    assert_non_null(strstr(err.message, "not a decimal digit"));

    uint8_t buf[2];
    uds_out out = {buf, sizeof buf, 0};
    v = uint_value(1234);
    assert_int_equal(write_at(&p, &out, 0, 0, &v, 0, 0, &next, &err), MDD_OK);
    assert_bytes(buf, out.len, (const uint8_t[]){0x12, 0x34}, 2);
    v = uint_value(12);
    out.len = 0;
    assert_int_equal(write_at(&up, &out, 0, 0, &v, 0, 0, &next, &err), MDD_OK);
    assert_bytes(buf, out.len, (const uint8_t[]){0x01, 0x02}, 2);
    v = uint_value(10000);
    assert_int_equal(write_at(&p, &out, 0, 0, &v, 0, 0, &next, &err), MDD_ERR_ARG);
}

static void floats(void **state)
{
    (void)state;
    uds_scalar v;
    size_t next;
    mdd_error err;
    ub_dct f32 = UB_STANDARD(MDD_DATA_TYPE_A_FLOAT_32, 32);
    assert_int_equal(read_at(&f32, (const uint8_t[]){0x3F, 0xC0, 0x00, 0x00}, 4, 0, 0, 0, &v,
                             &next, &err),
                     MDD_OK);
    assert_int_equal(v.kind, MDD_UDS_FLOAT);
    assert_true(v.as.f == 1.5);
    f32.low_high = 1;
    assert_int_equal(read_at(&f32, (const uint8_t[]){0x00, 0x00, 0xC0, 0x3F}, 4, 0, 0, 0, &v,
                             &next, &err),
                     MDD_OK);
    assert_true(v.as.f == 1.5);

    ub_dct f64 = UB_STANDARD(MDD_DATA_TYPE_A_FLOAT_64, 64);
    uint8_t buf[8];
    uds_out out = {buf, sizeof buf, 0};
    uds_scalar x = {.kind = MDD_UDS_FLOAT, .as.f = 1.5};
    assert_int_equal(write_at(&f64, &out, 0, 0, &x, 0, 0, &next, &err), MDD_OK);
    assert_bytes(buf, out.len, (const uint8_t[]){0x3F, 0xF8, 0, 0, 0, 0, 0, 0}, 8);

    /* NaN and infinities are no values; a float needs its exact length */
    ub_dct nan32 = UB_STANDARD(MDD_DATA_TYPE_A_FLOAT_32, 32);
    assert_int_equal(read_at(&nan32, (const uint8_t[]){0x7F, 0xC0, 0x00, 0x00}, 4, 0, 0, 0, &v,
                             &next, &err),
                     MDD_ERR_FORMAT);
    assert_non_null(strstr(err.message, "not a finite number"));
    assert_int_equal(read_at(&nan32, (const uint8_t[]){0x7F, 0x80, 0x00, 0x00}, 4, 0, 0, 0, &v,
                             &next, &err),
                     MDD_ERR_FORMAT);
    ub_dct f16 = UB_STANDARD(MDD_DATA_TYPE_A_FLOAT_32, 16);
    assert_int_equal(read_at(&f16, (const uint8_t[]){0x3F, 0xC0}, 2, 0, 0, 0, &v, &next, &err),
                     MDD_ERR_FORMAT);
}

static void texts_and_byte_fields(void **state)
{
    (void)state;
    uds_scalar v;
    size_t next;
    mdd_error err;
    uint32_t cps[4];
    ub_dct ascii = UB_STANDARD(MDD_DATA_TYPE_A_ASCIISTRING, 24);
    assert_int_equal(read_at(&ascii, (const uint8_t[]){0x41, 0x42, 0xE4}, 3, 0, 0, 0, &v, &next,
                             &err),
                     MDD_OK);
    assert_int_equal(code_points(&v.as.text, cps, 4), 3);
    assert_int_equal(cps[2], 0xE4); /* ä */

    ub_dct u2 = UB_STANDARD(MDD_DATA_TYPE_A_UNICODE_2_STRING, 32);
    assert_int_equal(read_at(&u2, (const uint8_t[]){0x00, 0x48, 0x00, 0x69}, 4, 0, 0, 0, &v, &next,
                             &err),
                     MDD_OK);
    assert_int_equal(code_points(&v.as.text, cps, 4), 2);
    assert_int_equal(cps[0], 'H');
    assert_int_equal(cps[1], 'i');
    u2.low_high = 1;
    assert_int_equal(read_at(&u2, (const uint8_t[]){0x48, 0x00, 0x69, 0x00}, 4, 0, 0, 0, &v, &next,
                             &err),
                     MDD_OK);
    assert_int_equal(v.as.text.encoding, MDD_UDS_TEXT_UTF16LE);
    assert_int_equal(code_points(&v.as.text, cps, 4), 2);
    assert_int_equal(cps[1], 'i');

    ub_dct bytes = UB_STANDARD(MDD_DATA_TYPE_A_BYTEFIELD, 24);
    bytes.low_high = 1; /* never swapped */
    assert_int_equal(read_at(&bytes, (const uint8_t[]){1, 2, 3}, 3, 0, 0, 0, &v, &next, &err),
                     MDD_OK);
    assert_bytes(v.as.bytes.ptr, v.as.bytes.len, (const uint8_t[]){1, 2, 3}, 3);

    /* ISO-8859-1 written from UTF-8 input; a character it lacks is refused */
    uint8_t buf[4];
    uds_out out = {buf, sizeof buf, 0};
    uds_scalar umlaut = utf8_value("AB\xC3\xA4");
    assert_int_equal(write_at(&ascii, &out, 0, 0, &umlaut, 0, 0, &next, &err), MDD_OK);
    assert_bytes(buf, out.len, (const uint8_t[]){0x41, 0x42, 0xE4}, 3);
    uds_scalar euro = utf8_value("\xE2\x82\xAC");
    assert_int_equal(write_at(&ascii, &out, 0, 0, &euro, 0, 0, &next, &err), MDD_ERR_ARG);
    assert_non_null(strstr(err.message, "U+20AC"));
}

static void invalid_utf8_and_utf16(void **state)
{
    (void)state;
    uds_scalar v;
    size_t next;
    mdd_error err;
    ub_dct u8 = UB_STANDARD(MDD_DATA_TYPE_A_UTF_8_STRING, 24);
    assert_int_equal(read_at(&u8, (const uint8_t[]){0x99, 0x41, 0xC3, 0x28}, 4, 1, 0, 0, &v, &next,
                             &err),
                     MDD_ERR_FORMAT);
    assert_non_null(strstr(err.message, "byte 2: malformed UTF-8"));
    /* an overlong form and a surrogate are not UTF-8 either */
    assert_int_equal(read_at(&u8, (const uint8_t[]){0xC0, 0x80, 0x41}, 3, 0, 0, 0, &v, &next, &err),
                     MDD_ERR_FORMAT);
    assert_int_equal(read_at(&u8, (const uint8_t[]){0xED, 0xA0, 0x80}, 3, 0, 0, 0, &v, &next, &err),
                     MDD_ERR_FORMAT);

    ub_dct u2 = UB_STANDARD(MDD_DATA_TYPE_A_UNICODE_2_STRING, 32);
    /* a high surrogate followed by no low one */
    assert_int_equal(read_at(&u2, (const uint8_t[]){0xD8, 0x00, 0x00, 0x41}, 4, 0, 0, 0, &v, &next,
                             &err),
                     MDD_ERR_FORMAT);
    assert_non_null(strstr(err.message, "byte 0: malformed UTF-16BE"));
    /* a lone low surrogate */
    assert_int_equal(read_at(&u2, (const uint8_t[]){0x00, 0x41, 0xDC, 0x00}, 4, 0, 0, 0, &v, &next,
                             &err),
                     MDD_ERR_FORMAT);
    assert_non_null(strstr(err.message, "byte 2"));
    /* a pair: U+1F600 */
    assert_int_equal(read_at(&u2, (const uint8_t[]){0xD8, 0x3D, 0xDE, 0x00}, 4, 0, 0, 0, &v, &next,
                             &err),
                     MDD_OK);
    uint32_t cp[2];
    assert_int_equal(code_points(&v.as.text, cp, 2), 1);
    assert_int_equal(cp[0], 0x1F600);
}

static void unsupported_encodings_and_lengths(void **state)
{
    (void)state;
    uds_scalar v;
    size_t next;
    mdd_error err;
    static const uint8_t msg[9] = {0};
    ub_dct latin2 = UB_STANDARD(MDD_DATA_TYPE_A_ASCIISTRING, 8);
    latin2.encoding = "ISO-8859-2";
    assert_int_equal(read_at(&latin2, msg, 1, 0, 0, 0, &v, &next, &err), MDD_ERR_UNSUPPORTED);
    assert_non_null(strstr(err.message, "\"ISO-8859-2\""));
    ub_dct latin1 = UB_STANDARD(MDD_DATA_TYPE_A_UTF_8_STRING, 8);
    latin1.encoding = "ISO-8859-1"; /* overrides the type's UTF-8 */
    assert_int_equal(read_at(&latin1, (const uint8_t[]){0xE4}, 1, 0, 0, 0, &v, &next, &err),
                     MDD_OK);
    assert_int_equal(v.as.text.encoding, MDD_UDS_TEXT_LATIN1);
    latin1.encoding = "NONE"; /* the type's own */
    latin1.bits = 16;
    assert_int_equal(read_at(&latin1, (const uint8_t[]){0xC3, 0xA4}, 2, 0, 0, 0, &v, &next, &err),
                     MDD_OK);
    assert_int_equal(v.as.text.encoding, MDD_UDS_TEXT_UTF8);
    ub_dct wide = UB_STANDARD(MDD_DATA_TYPE_A_UINT_32, 72);
    assert_int_equal(read_at(&wide, msg, 9, 0, 0, 0, &v, &next, &err), MDD_ERR_UNSUPPORTED);
    assert_non_null(strstr(err.message, "72 bits"));
    ub_dct none = {.kind = 0, .base = MDD_DATA_TYPE_A_UINT_32};
    assert_int_equal(read_at(&none, msg, 9, 0, 0, 0, &v, &next, &err), MDD_ERR_FORMAT);
}

static void sixty_four_bits_at_a_bit_position(void **state)
{
    (void)state;
    /* 64 bits at bit position 4 span 9 bytes */
    static const uint8_t msg[] = {0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0x0F};
    ub_dct d = UB_STANDARD(MDD_DATA_TYPE_A_UINT_32, 64);
    size_t next;
    assert_true(read_uint(&d, msg, sizeof msg, 0, 4, &next) == UINT64_C(0x123456789ABCDEF0));
    assert_int_equal(next, 9);
    uint8_t buf[9] = {0};
    uds_out out = {buf, sizeof buf, 0};
    uds_scalar v = uint_value(UINT64_C(0x123456789ABCDEF0));
    mdd_error err;
    assert_int_equal(write_at(&d, &out, 0, 4, &v, 0, 0, &next, &err), MDD_OK);
    static const uint8_t want[] = {0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0x00};
    assert_bytes(buf, out.len, want, sizeof want);
}

static void short_buffer_counts_the_length(void **state)
{
    (void)state;
    ub_dct d = UB_STANDARD(MDD_DATA_TYPE_A_UINT_32, 32);
    uint8_t buf[2] = {0};
    uds_out out = {buf, sizeof buf, 0};
    uds_scalar v = uint_value(0x01020304);
    size_t next;
    mdd_error err;
    assert_int_equal(write_at(&d, &out, 1, 0, &v, 0, 0, &next, &err), MDD_OK);
    assert_int_equal(out.len, 5);
    assert_int_equal(next, 5);
    assert_bytes(buf, 2, (const uint8_t[]){0x00, 0x01}, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bit_field_in_one_byte),
        cmocka_unit_test(window_spans_bytes_in_both_orders),
        cmocka_unit_test(low_high_write_reverses_the_window),
        cmocka_unit_test(mask_not_condensed),
        cmocka_unit_test(mask_condensed_gathers),
        cmocka_unit_test(bits_beyond_the_message),
        cmocka_unit_test(uint_and_int_ranges_on_write),
        cmocka_unit_test(fixed_strings_pad_and_refuse_longer),
        cmocka_unit_test(strings_need_whole_bytes_at_bit_zero),
        cmocka_unit_test(min_max_zero_terminated),
        cmocka_unit_test(min_max_unicode_terminator_at_even_offset),
        cmocka_unit_test(min_max_byte_field_hex_ff),
        cmocka_unit_test(min_max_encode_terminator_rules),
        cmocka_unit_test(leading_length),
        cmocka_unit_test(param_length_in_bits),
        cmocka_unit_test(length_bits_derived_per_type),
        cmocka_unit_test(signed_encodings),
        cmocka_unit_test(bcd_encodings),
        cmocka_unit_test(floats),
        cmocka_unit_test(texts_and_byte_fields),
        cmocka_unit_test(invalid_utf8_and_utf16),
        cmocka_unit_test(unsupported_encodings_and_lengths),
        cmocka_unit_test(sixty_four_bits_at_a_bit_position),
        cmocka_unit_test(short_buffer_counts_the_length),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
