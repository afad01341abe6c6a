/* SPDX-License-Identifier: Apache-2.0 */
/* The encoder's JSON scanner: RFC 8259 accepted and refused with the byte offset, nesting
 * bounded, members and elements iterated, keys matched with escapes resolved, strings and
 * numbers as scalars, and JSON string content iterated as text. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../src/uds/uds_impl.h"

#include <string.h>

static mdd_status parse(const char *text, uint32_t depth, uds_json *root, mdd_error *err)
{
    return uds_json_parse(text, strlen(text), depth, root, err);
}

static mdd_bytes name(const char *s)
{
    mdd_bytes b = {(const uint8_t *)s, strlen(s)};
    return b;
}

static int span_is(uds_json v, const char *want)
{
    return v.len == strlen(want) && memcmp(v.ptr, want, v.len) == 0;
}

static void accepts_and_iterates(void **state)
{
    (void)state;
    static const char doc[] =
        " {\"a\": 1, \"b\" : [true, false, null, -0.5e+2], \"c\":{\"d\":\"x\\u00e4\"}, \"\":{}} ";
    uds_json root, key, v;
    mdd_error err;
    assert_int_equal(parse(doc, 8, &root, &err), MDD_OK);
    assert_int_equal(uds_json_type_of(root), UDS_JSON_OBJECT);
    assert_ptr_equal(root.ptr, doc + 1);
    assert_int_equal(root.len, strlen(doc) - 2);

    uds_json_iter it = {0};
    static const char *const keys[] = {"a", "b", "c", ""};
    static const char *const values[] = {"1", "[true, false, null, -0.5e+2]",
                                         "{\"d\":\"x\\u00e4\"}", "{}"};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(uds_json_next(root, &it, &key, &v), 1);
        assert_true(span_is(key, keys[i]));
        assert_true(span_is(v, values[i]));
    }
    assert_int_equal(uds_json_next(root, &it, &key, &v), 0);

    uds_json array;
    assert_int_equal(uds_json_member(root, name("b"), &array), 1);
    uds_json_iter ai = {0};
    static const uds_json_type types[] = {UDS_JSON_TRUE, UDS_JSON_FALSE, UDS_JSON_NULL,
                                          UDS_JSON_NUMBER};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(uds_json_next(array, &ai, NULL, &v), 1);
        assert_int_equal(uds_json_type_of(v), types[i]);
    }
    assert_int_equal(uds_json_next(array, &ai, NULL, &v), 0);

    uds_json empty;
    assert_int_equal(uds_json_member(root, name(""), &empty), 1);
    uds_json_iter ei = {0};
    assert_int_equal(uds_json_next(empty, &ei, &key, &v), 0);
    assert_int_equal(uds_json_member(root, name("z"), &v), 0);
}

static void member_keys_match_with_escapes(void **state)
{
    (void)state;
    uds_json root, v;
    assert_int_equal(parse("{\"T\\u00e4mp\\n\": 3, \"Temp\": 4}", 4, &root, NULL), MDD_OK);
    assert_int_equal(uds_json_member(root, name("T\xC3\xA4mp\n"), &v), 1);
    assert_true(span_is(v, "3"));
    assert_int_equal(uds_json_member(root, name("Temp"), &v), 1);
    assert_true(span_is(v, "4"));
}

static void refuses_with_offsets(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        const char *message;
    } cases[] = {
        {"", "byte 0: a value is missing"},
        {"  ", "byte 2: a value is missing"},
        {"{", "byte 1: an object key must be a string"},
        {"[1,]", "byte 3: unexpected character"},
        {"[1 2]", "byte 3: ',' or ']' expected"},
        {"{\"a\" 1}", "byte 5: ':' expected"},
        {"{\"a\":1,}", "byte 7: an object key must be a string"},
        {"{1:2}", "byte 1: an object key must be a string"},
        {"01", "byte 1: data after the JSON value"},
        {"1 2", "byte 2: data after the JSON value"},
        {"-", "byte 1: a number needs digits"},
        {"1.", "byte 2: a fraction needs digits"},
        {"1e", "byte 2: an exponent needs digits"},
        {"+1", "byte 0: unexpected character"},
        {"tru", "byte 0: invalid literal"},
        {"\"abc", "byte 4: unterminated string"},
        {"[\"a\\x\"]", "byte 3: invalid character, escape or UTF-8"},
        {"\"\\ud800\"", "byte 1: invalid character"},
        {"\"\\udc00\\ud800\"", "byte 1: invalid character"},
        {"\"a\tb\"", "byte 2: invalid character"},
        {"\"\xC3\x28\"", "byte 1: invalid character"},
        {"[[1]", "byte 4: unterminated array"},
        {"{\"a\":[1}", "byte 7: ',' or ']' expected"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uds_json root;
        mdd_error err;
        assert_int_equal(parse(cases[i].text, 8, &root, &err), MDD_ERR_ARG);
        if (!strstr(err.message, cases[i].message))
            fail_msg("%s: got \"%s\", want \"%s\"", cases[i].text, err.message, cases[i].message);
    }
}

static void nesting_is_bounded(void **state)
{
    (void)state;
    uds_json root;
    mdd_error err;
    assert_int_equal(parse("[[1]]", 2, &root, &err), MDD_OK);
    assert_int_equal(parse("[[[1]]]", 2, &root, &err), MDD_ERR_ARG);
    assert_non_null(strstr(err.message, "byte 2: nested too deep"));
    assert_int_equal(parse("{\"a\":{\"b\":{}}}", 2, &root, &err), MDD_ERR_ARG);
    assert_int_equal(parse("7", 0, &root, &err), MDD_OK);
    /* far deeper than any stack would take, refused at the bound */
    static char deep[200001];
    memset(deep, '[', sizeof deep - 1);
    assert_int_equal(parse(deep, UINT32_MAX, &root, &err), MDD_ERR_ARG);
    assert_non_null(strstr(err.message, "byte 4096: nested too deep"));
}

static void scalars_of_values(void **state)
{
    (void)state;
    uds_json root, v;
    assert_int_equal(parse("[12, -3, 1.5, 1e2, 18446744073709551616, -9223372036854775808, "
                           "\"x\\\"y\", {}]",
                           4, &root, NULL),
                     MDD_OK);
    uds_json_iter it = {0};
    uds_scalar s;
    mdd_error err;
    assert_int_equal(uds_json_next(root, &it, NULL, &v), 1);
    assert_int_equal(uds_json_scalar(v, &s, &err), MDD_OK);
    assert_int_equal(s.kind, MDD_UDS_UINT);
    assert_int_equal(s.as.u, 12);
    assert_int_equal(uds_json_next(root, &it, NULL, &v), 1);
    assert_int_equal(uds_json_scalar(v, &s, &err), MDD_OK);
    assert_int_equal(s.kind, MDD_UDS_INT);
    assert_int_equal(s.as.i, -3);
    assert_int_equal(uds_json_next(root, &it, NULL, &v), 1);
    assert_int_equal(uds_json_scalar(v, &s, &err), MDD_OK);
    assert_int_equal(s.kind, MDD_UDS_FLOAT);
    assert_true(s.as.f == 1.5);
    assert_int_equal(uds_json_next(root, &it, NULL, &v), 1);
    assert_int_equal(uds_json_scalar(v, &s, &err), MDD_OK);
    assert_int_equal(s.kind, MDD_UDS_FLOAT);
    assert_true(s.as.f == 100.0);
    assert_int_equal(uds_json_next(root, &it, NULL, &v), 1);
    assert_int_equal(uds_json_scalar(v, &s, &err), MDD_OK);
    assert_int_equal(s.kind, MDD_UDS_FLOAT); /* beyond 64 bits */
    assert_true(s.as.f == 18446744073709551616.0);
    assert_int_equal(uds_json_next(root, &it, NULL, &v), 1);
    assert_int_equal(uds_json_scalar(v, &s, &err), MDD_OK);
    assert_int_equal(s.kind, MDD_UDS_INT);
    assert_true(s.as.i == INT64_MIN);
    assert_int_equal(uds_json_next(root, &it, NULL, &v), 1);
    assert_int_equal(uds_json_scalar(v, &s, &err), MDD_OK);
    assert_int_equal(s.kind, MDD_UDS_TEXT);
    assert_int_equal(s.as.text.encoding, UDS_TEXT_JSON);
    assert_int_equal(s.as.text.bytes.len, 4); /* x\"y, escapes unresolved */
    assert_int_equal(uds_json_next(root, &it, NULL, &v), 1);
    assert_int_equal(uds_json_scalar(v, &s, &err), MDD_ERR_ARG);
    assert_non_null(strstr(err.message, "not an object"));

    assert_int_equal(parse("1e400", 1, &root, NULL), MDD_OK);
    assert_int_equal(uds_json_scalar(root, &s, &err), MDD_ERR_ARG);
}

static void json_text_iterates_by_code_point(void **state)
{
    (void)state;
    static const char content[] = "a\\n\\u00e4\\ud83d\\ude00\xC3\xA9\\/";
    mdd_uds_text t = {{(const uint8_t *)content, sizeof content - 1}, UDS_TEXT_JSON};
    static const uint32_t want[] = {'a', '\n', 0xE4, 0x1F600, 0xE9, '/'};
    size_t off = 0;
    uint32_t cp;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        assert_int_equal(uds_text_next(&t, &off, &cp), 1);
        assert_int_equal(cp, want[i]);
    }
    assert_int_equal(uds_text_next(&t, &off, &cp), 0);

    mdd_uds_text bad = {{(const uint8_t *)"\\u12", 4}, UDS_TEXT_JSON};
    off = 0;
    assert_int_equal(uds_text_next(&bad, &off, &cp), -1);
    assert_int_equal(off, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(accepts_and_iterates),
        cmocka_unit_test(member_keys_match_with_escapes),
        cmocka_unit_test(refuses_with_offsets),
        cmocka_unit_test(nesting_is_bounded),
        cmocka_unit_test(scalars_of_values),
        cmocka_unit_test(json_text_iterates_by_code_point),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
