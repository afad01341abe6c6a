/* SPDX-License-Identifier: Apache-2.0 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <mdd_internal/wire.h>

#include <string.h>

static void varint_round_trips_boundaries(void **state)
{
    (void)state;
    static const struct {
        uint64_t value;
        size_t size;
    } cases[] = {{0, 1},          {1, 1},         {127, 1},       {128, 2},
                 {300, 2},        {16383, 2},     {16384, 3},     {UINT32_MAX, 5},
                 {1ull << 35, 6}, {1ull << 63, 10}, {UINT64_MAX, 10}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint8_t buf[MDD_VARINT_MAX_SIZE];
        size_t n = mdd_varint_encode(cases[i].value, buf);
        assert_int_equal(n, cases[i].size);
        assert_int_equal(mdd_varint_size(cases[i].value), cases[i].size);
        uint64_t v = 0;
        size_t used = 0;
        assert_int_equal(mdd_varint_decode(buf, n, &v, &used), MDD_OK);
        assert_int_equal(used, n);
        assert_true(v == cases[i].value);
    }
}

static void varint_known_encoding(void **state)
{
    (void)state;
    uint8_t buf[MDD_VARINT_MAX_SIZE];
    assert_int_equal(mdd_varint_encode(300, buf), 2);
    assert_int_equal(buf[0], 0xac);
    assert_int_equal(buf[1], 0x02);
}

static void varint_rejects_bad_input(void **state)
{
    (void)state;
    uint64_t v;
    size_t used;
    static const uint8_t eleven[11] = {0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
                                       0x80, 0x80, 0x80, 0x80, 0x01};
    assert_int_equal(mdd_varint_decode(eleven, sizeof eleven, &v, &used), MDD_ERR_FORMAT);
    static const uint8_t overflow[10] = {0xff, 0xff, 0xff, 0xff, 0xff,
                                         0xff, 0xff, 0xff, 0xff, 0x02};
    assert_int_equal(mdd_varint_decode(overflow, sizeof overflow, &v, &used), MDD_ERR_FORMAT);
    static const uint8_t truncated[2] = {0x80, 0x80};
    assert_int_equal(mdd_varint_decode(truncated, sizeof truncated, &v, &used), MDD_ERR_FORMAT);
    assert_int_equal(mdd_varint_decode(truncated, 0, &v, &used), MDD_ERR_FORMAT);
}

static void reader_reads_every_wire_type(void **state)
{
    (void)state;
    static const uint8_t msg[] = {
        0x08, 0x96, 0x01,                                     /* 1: varint 150 */
        0x11, 1, 2, 3, 4, 5, 6, 7, 8,                         /* 2: fixed64 */
        0x1a, 0x03, 'a', 'b', 'c',                            /* 3: "abc" */
        0x25, 0x78, 0x56, 0x34, 0x12,                         /* 4: fixed32 */
        0xf8, 0xff, 0xff, 0xff, 0x0f, 0x00                    /* 2^29-1: varint 0 */
    };
    mdd_wire_reader r;
    mdd_wire_reader_init(&r, msg, 0, sizeof msg);
    mdd_wire_field f;
    mdd_error err;
    assert_int_equal(mdd_wire_next(&r, &f, &err), MDD_OK);
    assert_int_equal(f.number, 1);
    assert_int_equal(f.wire_type, MDD_WIRE_VARINT);
    assert_int_equal(f.value, 150);
    assert_int_equal(f.offset, 0);
    assert_int_equal(f.size, 3);
    assert_int_equal(mdd_wire_next(&r, &f, &err), MDD_OK);
    assert_int_equal(f.wire_type, MDD_WIRE_I64);
    assert_true(f.value == 0x0807060504030201ull);
    assert_int_equal(mdd_wire_next(&r, &f, &err), MDD_OK);
    assert_int_equal(f.number, 3);
    assert_int_equal(f.payload.len, 3);
    assert_memory_equal(f.payload.ptr, "abc", 3);
    assert_ptr_equal(f.payload.ptr, msg + 14);
    assert_int_equal(mdd_wire_next(&r, &f, &err), MDD_OK);
    assert_int_equal(f.value, 0x12345678);
    assert_int_equal(mdd_wire_next(&r, &f, &err), MDD_OK);
    assert_int_equal(f.number, MDD_WIRE_MAX_FIELD);
    assert_false(mdd_wire_reader_more(&r));
}

static void expect_error(const uint8_t *msg, size_t len, const char *message)
{
    mdd_wire_reader r;
    mdd_wire_reader_init(&r, msg, 0, len);
    mdd_wire_field f;
    mdd_error err = {0};
    assert_int_equal(mdd_wire_next(&r, &f, &err), MDD_ERR_FORMAT);
    assert_int_equal(err.status, MDD_ERR_FORMAT);
    assert_string_equal(err.message, message);
}

static void reader_names_offset_and_reason(void **state)
{
    (void)state;
    static const uint8_t len_past_end[] = {0x0a, 0x05, 'a'};
    expect_error(len_past_end, sizeof len_past_end,
                 "offset 1: field 1: length 5 runs past the end (1 left)");
    static const uint8_t group[] = {0x0b};
    expect_error(group, sizeof group, "offset 0: field 1: unsupported wire type 3");
    static const uint8_t field_zero[] = {0x00, 0x01};
    expect_error(field_zero, sizeof field_zero, "offset 0: invalid field number 0");
    static const uint8_t fixed_short[] = {0x09, 1, 2};
    expect_error(fixed_short, sizeof fixed_short,
                 "offset 1: field 1: 8-byte value runs past the end (2 left)");
    static const uint8_t key_cut[] = {0x80};
    expect_error(key_cut, sizeof key_cut, "offset 0: field key runs past the end");
    static const uint8_t long_value[] = {0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                         0xff, 0xff, 0xff, 0xff, 0x01};
    expect_error(long_value, sizeof long_value,
                 "offset 1: varint is longer than 10 bytes or overflows 64 bits");
}

static void reader_enters_submessages(void **state)
{
    (void)state;
    static const uint8_t msg[] = {0xff, 0x0a, 0x02, 0x08, 0x07};
    mdd_wire_reader r, sub;
    mdd_wire_reader_init(&r, msg, 1, sizeof msg);
    mdd_wire_field f;
    assert_int_equal(mdd_wire_next(&r, &f, NULL), MDD_OK);
    assert_int_equal(f.offset, 1);
    mdd_wire_reader_enter(&r, &f, &sub);
    assert_int_equal(sub.pos, 3);
    assert_int_equal(sub.end, 5);
    assert_int_equal(mdd_wire_next(&sub, &f, NULL), MDD_OK);
    assert_int_equal(f.number, 1);
    assert_int_equal(f.value, 7);
    assert_int_equal(f.offset, 3);
}

static void writer_matches_sizes(void **state)
{
    (void)state;
    mdd_buffer buf = {0};
    mdd_sink sink = mdd_buffer_sink(&buf);
    assert_int_equal(mdd_wire_put_uint(&sink, 6, 39680, NULL), MDD_OK);
    static const uint8_t uint_field[] = {0x30, 0x80, 0xb6, 0x02};
    assert_int_equal(buf.len, sizeof uint_field);
    assert_memory_equal(buf.data, uint_field, sizeof uint_field);
    assert_int_equal(mdd_wire_uint_field_size(6, 39680), 4);
    buf.len = 0;
    mdd_bytes lzma = {(const uint8_t *)"lzma", 4};
    assert_int_equal(mdd_wire_put_bytes(&sink, 5, lzma, NULL), MDD_OK);
    static const uint8_t len_field[] = {0x2a, 0x04, 'l', 'z', 'm', 'a'};
    assert_int_equal(buf.len, sizeof len_field);
    assert_memory_equal(buf.data, len_field, sizeof len_field);
    assert_int_equal(mdd_wire_len_field_size(5, 4), 6);
    assert_int_equal(mdd_wire_key_size(16), 2);
    mdd_buffer_free(&buf);
}

static void buffer_sink_honours_limit(void **state)
{
    (void)state;
    mdd_buffer buf = {.limit = 4};
    mdd_sink sink = mdd_buffer_sink(&buf);
    mdd_error err;
    assert_int_equal(mdd_sink_write(&sink, "abcd", 4, &err), MDD_OK);
    assert_int_equal(mdd_sink_write(&sink, "e", 1, &err), MDD_ERR_LIMIT);
    assert_string_equal(err.message, "output of 5 bytes exceeds the limit of 4");
    assert_int_equal(buf.len, 4);
    mdd_buffer_free(&buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(varint_round_trips_boundaries),
        cmocka_unit_test(varint_known_encoding),
        cmocka_unit_test(varint_rejects_bad_input),
        cmocka_unit_test(reader_reads_every_wire_type),
        cmocka_unit_test(reader_names_offset_and_reason),
        cmocka_unit_test(reader_enters_submessages),
        cmocka_unit_test(writer_matches_sizes),
        cmocka_unit_test(buffer_sink_honours_limit),
    };
    return cmocka_run_group_tests_name("wire", tests, NULL, NULL);
}
