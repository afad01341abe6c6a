/* SPDX-License-Identifier: Apache-2.0 */
/* The codec's JSON output primitives (mdd_internal/uds.h): numbers (integers at their
 * limits, doubles as the shortest text that reads back), texts of every encoding as UTF-8
 * JSON strings with escapes, byte fields as "0xAA 0xBB", and a writer whose sink fails or
 * whose output outgrows its buffer. Expected texts are written out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <mdd_internal/uds.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* What a writer wrote, as a NUL-terminated string. */
typedef struct captured {
    mdd_buffer buf;
    mdd_sink sink;
    uds_jw w;
} captured;

static void capture_start(captured *c)
{
    memset(c, 0, sizeof *c);
    c->sink = mdd_buffer_sink(&c->buf);
    uds_jw_init(&c->w, &c->sink, NULL);
}

/* Flushes, checks the text and frees. */
static void capture_expect(captured *c, const char *expected)
{
    assert_int_equal(uds_jw_flush(&c->w), MDD_OK);
    assert_int_equal(mdd_sink_write(&c->sink, "", 1, NULL), MDD_OK);
    assert_string_equal((const char *)c->buf.data, expected);
    mdd_buffer_free(&c->buf);
}

static void expect_double(double value, const char *expected)
{
    captured c;
    capture_start(&c);
    uds_jw_double(&c.w, value);
    capture_expect(&c, expected);
}

static void test_doubles_shortest(void **state)
{
    (void)state;
    expect_double(0.1, "0.1");
    expect_double(1.5, "1.5");
    expect_double(100.0, "100");
    expect_double(-2.25, "-2.25");
    expect_double(0.0, "0");
    expect_double(-0.0, "-0");
    expect_double(0.1 + 0.2, "0.30000000000000004");
    expect_double(1.0 / 3.0, "0.3333333333333333");
    expect_double(123456789.123, "123456789.123");
    expect_double(1e21, "1e+21");
    expect_double(1.7976931348623157e308, "1.7976931348623157e+308");
    expect_double(5e-324, "5e-324");
    expect_double(2.2250738585072014e-308, "2.2250738585072014e-308");
}

static void test_integers_at_limits(void **state)
{
    (void)state;
    captured c;
    capture_start(&c);
    uds_jw_uint(&c.w, 0);
    uds_jw_raw(&c.w, " ", 1);
    uds_jw_uint(&c.w, UINT64_MAX);
    uds_jw_raw(&c.w, " ", 1);
    uds_jw_int(&c.w, INT64_MIN);
    uds_jw_raw(&c.w, " ", 1);
    uds_jw_int(&c.w, -1);
    uds_jw_raw(&c.w, " ", 1);
    uds_jw_int(&c.w, INT64_MAX);
    capture_expect(&c, "0 18446744073709551615 -9223372036854775808 -1 9223372036854775807");
}

static void expect_text(const char *bytes, size_t len, mdd_uds_text_encoding encoding,
                        const char *expected)
{
    captured c;
    capture_start(&c);
    mdd_uds_text text = {{(const uint8_t *)bytes, len}, encoding};
    uds_jw_text(&c.w, &text);
    capture_expect(&c, expected);
}

static void test_texts_to_utf8(void **state)
{
    (void)state;
    expect_text("SCEDT26T8BD005261", 17, MDD_UDS_TEXT_LATIN1, "\"SCEDT26T8BD005261\"");
    /* Latin-1 é (E9) is U+00E9, C3 A9 in UTF-8. */
    expect_text("\xE9t\xE9", 3, MDD_UDS_TEXT_LATIN1, "\"\xC3\xA9t\xC3\xA9\"");
    expect_text("\xC3\xA9", 2, MDD_UDS_TEXT_UTF8, "\"\xC3\xA9\"");
    /* ASCII runs around a two-byte character; DEL needs no escape. */
    expect_text("ab\xC3\xA9" "cd\x7F", 7, MDD_UDS_TEXT_UTF8, "\"ab\xC3\xA9" "cd\x7F\"");
    /* "A" and U+1F600 (the surrogates D83D DE00), F0 9F 98 80 in UTF-8. */
    expect_text("\x00\x41\xD8\x3D\xDE\x00", 6, MDD_UDS_TEXT_UTF16BE, "\"A\xF0\x9F\x98\x80\"");
    expect_text("\x41\x00\x3D\xD8\x00\xDE", 6, MDD_UDS_TEXT_UTF16LE, "\"A\xF0\x9F\x98\x80\"");
    expect_text("", 0, MDD_UDS_TEXT_UTF8, "\"\"");
}

static void test_text_escapes(void **state)
{
    (void)state;
    expect_text("a\"b\\c\n\x01\x1f", 8, MDD_UDS_TEXT_LATIN1,
                "\"a\\\"b\\\\c\\u000a\\u0001\\u001f\"");
    /* A byte that is no UTF-8 becomes U+FFFD (EF BF BD) and the text goes on. */
    expect_text("a\xFF" "b", 3, MDD_UDS_TEXT_UTF8, "\"a\xEF\xBF\xBD" "b\"");
    captured c;
    capture_start(&c);
    mdd_uds_text text = {{(const uint8_t *)"x\"y", 3}, MDD_UDS_TEXT_UTF8};
    uds_jw_text_content(&c.w, &text);
    capture_expect(&c, "x\\\"y");
}

static void test_byte_fields(void **state)
{
    (void)state;
    static const uint8_t bytes[] = {0x04, 0x80, 0xab, 0x00};
    captured c;
    capture_start(&c);
    uds_jw_bytes(&c.w, (mdd_bytes){bytes, 4});
    uds_jw_bytes(&c.w, (mdd_bytes){bytes, 1});
    uds_jw_bytes(&c.w, (mdd_bytes){bytes, 0});
    capture_expect(&c, "\"0x04 0x80 0xAB 0x00\"\"0x04\"\"\"");
}

/* Output larger than the writer's buffer arrives whole and in order. */
static void test_large_output(void **state)
{
    (void)state;
    static uint8_t bytes[1000];
    static char expected[5 * 1000 + 2];
    char *p = expected;
    *p++ = '"';
    for (size_t i = 0; i < sizeof bytes; i++) {
        bytes[i] = (uint8_t)i;
        p += sprintf(p, i ? " 0x%02X" : "0x%02X", (unsigned)bytes[i]);
    }
    *p++ = '"';
    *p = '\0';
    captured c;
    capture_start(&c);
    uds_jw_bytes(&c.w, (mdd_bytes){bytes, sizeof bytes});
    capture_expect(&c, expected);
}

static mdd_status failing_write(void *ctx, const uint8_t *data, size_t len, mdd_error *err)
{
    (void)data;
    (void)len;
    ++*(int *)ctx;
    err->status = MDD_ERR_IO;
    strcpy(err->message, "disk full");
    return MDD_ERR_IO;
}

/* The first failure is kept and nothing more reaches the sink. */
static void test_failing_sink(void **state)
{
    (void)state;
    int calls = 0;
    mdd_sink sink = {failing_write, &calls};
    mdd_error err;
    uds_jw w;
    uds_jw_init(&w, &sink, &err);
    for (int i = 0; i < 300; i++)
        uds_jw_cstr(&w, "0123456789");
    assert_int_equal(uds_jw_flush(&w), MDD_ERR_IO);
    assert_int_equal(calls, 1);
    assert_string_equal(err.message, "disk full");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_doubles_shortest), cmocka_unit_test(test_integers_at_limits),
        cmocka_unit_test(test_texts_to_utf8),    cmocka_unit_test(test_text_escapes),
        cmocka_unit_test(test_byte_fields),      cmocka_unit_test(test_large_output),
        cmocka_unit_test(test_failing_sink),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
