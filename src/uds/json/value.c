/* SPDX-License-Identifier: Apache-2.0 */
/* Values of JSON that uds_json_parse() accepted: their types, the members of objects and the
 * elements of arrays (found again by scanning, never stored), numbers and strings as
 * scalars. */
#include "prim.h"

#include <string.h>

uds_json_type uds_json_type_of(uds_json value)
{
    if (!value.ptr || !value.len)
        return UDS_JSON_INVALID;
    switch (value.ptr[0]) {
    case '{': return UDS_JSON_OBJECT;
    case '[': return UDS_JSON_ARRAY;
    case '"': return UDS_JSON_STRING;
    case 't': return UDS_JSON_TRUE;
    case 'f': return UDS_JSON_FALSE;
    case 'n': return UDS_JSON_NULL;
    default: return UDS_JSON_NUMBER;
    }
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static size_t skip_space(const char *p, size_t len, size_t at)
{
    while (at < len && is_space(p[at]))
        at++;
    return at;
}

/* Past the string whose opening quote is at at. */
static size_t skip_string(const char *p, size_t len, size_t at)
{
    for (at++; at < len && p[at] != '"'; at++)
        if (p[at] == '\\')
            at++;
    return at + 1;
}

/* Past the (valid) value starting at at; containers by counting brackets outside strings. */
static size_t skip_value(const char *p, size_t len, size_t at)
{
    if (p[at] == '"')
        return skip_string(p, len, at);
    if (p[at] != '{' && p[at] != '[') {
        while (at < len && !is_space(p[at]) && p[at] != ',' && p[at] != '}' && p[at] != ']')
            at++;
        return at;
    }
    size_t depth = 0;
    while (at < len) {
        char c = p[at];
        if (c == '"') {
            at = skip_string(p, len, at);
            continue;
        }
        at++;
        if (c == '{' || c == '[')
            depth++;
        else if ((c == '}' || c == ']') && --depth == 0)
            break;
    }
    return at;
}

int uds_json_next(uds_json container, uds_json_iter *iter, uds_json *key, uds_json *value)
{
    uds_json_type type = uds_json_type_of(container);
    const char *p = container.ptr;
    size_t len = container.len;
    if (type != UDS_JSON_OBJECT && type != UDS_JSON_ARRAY)
        return 0;
    size_t at = skip_space(p, len, iter->off ? iter->off : 1);
    if (iter->off && at < len && p[at] == ',')
        at = skip_space(p, len, at + 1);
    if (at >= len || p[at] == '}' || p[at] == ']')
        return 0;
    if (type == UDS_JSON_OBJECT) {
        size_t key_end = skip_string(p, len, at);
        if (key) {
            key->ptr = p + at + 1;
            key->len = key_end - at - 2;
        }
        at = skip_space(p, len, key_end);
        at = skip_space(p, len, at + 1); /* the colon */
    }
    size_t end = skip_value(p, len, at);
    value->ptr = p + at;
    value->len = end - at;
    iter->off = end;
    return 1;
}

/* Whether a key (raw JSON string content) names name (UTF-8). Without escapes, its bytes
 * are its UTF-8 text already; with them, code points are compared. */
static bool key_is(uds_json key, mdd_bytes name)
{
    if (!memchr(key.ptr, '\\', key.len))
        return key.len == name.len && (!key.len || memcmp(key.ptr, name.ptr, key.len) == 0);
    uds_scalar wanted = {.kind = MDD_UDS_TEXT, .as.text = {name, MDD_UDS_TEXT_UTF8}};
    uds_scalar k = {.kind = MDD_UDS_TEXT,
                    .as.text = {{(const uint8_t *)key.ptr, key.len}, UDS_TEXT_JSON}};
    int order;
    return uds_scalar_compare(&k, &wanted, &order) && order == 0;
}

int uds_json_member(uds_json object, mdd_bytes name, uds_json *value)
{
    uds_json_iter it = {0};
    uds_json key;
    while (uds_json_next(object, &it, &key, value))
        if (key_is(key, name))
            return 1;
    return 0;
}

static const char *type_name(uds_json_type type)
{
    switch (type) {
    case UDS_JSON_OBJECT: return "an object";
    case UDS_JSON_ARRAY: return "an array";
    case UDS_JSON_TRUE:
    case UDS_JSON_FALSE: return "a boolean";
    case UDS_JSON_NULL: return "null";
    default: return "not a JSON value";
    }
}

/* An integer literal as UINT or INT when it fits, else 0 (it is then read as a float). */
static int integer_literal(uds_json value, uds_scalar *out)
{
    int negative;
    uint64_t magnitude;
    if (memchr(value.ptr, '.', value.len) || memchr(value.ptr, 'e', value.len) ||
        memchr(value.ptr, 'E', value.len) ||
        !uds_parse_integer(value.ptr, value.len, &negative, &magnitude))
        return 0;
    if (!negative) {
        out->kind = MDD_UDS_UINT;
        out->as.u = magnitude;
        return 1;
    }
    if (magnitude > (uint64_t)INT64_MAX + 1)
        return 0;
    out->kind = MDD_UDS_INT;
    out->as.i = (int64_t)(0 - magnitude);
    return 1;
}

mdd_status uds_json_scalar(uds_json value, uds_scalar *out, mdd_error *err)
{
    uds_json_type type = uds_json_type_of(value);
    *out = (uds_scalar){0};
    if (type == UDS_JSON_STRING) {
        out->kind = MDD_UDS_TEXT;
        out->as.text.bytes.ptr = (const uint8_t *)value.ptr + 1;
        out->as.text.bytes.len = value.len - 2;
        out->as.text.encoding = UDS_TEXT_JSON;
        return MDD_OK;
    }
    if (type != UDS_JSON_NUMBER)
        return mdd_fail(err, MDD_ERR_ARG, "a number or a string is wanted, not %s",
                        type_name(type));
    if (integer_literal(value, out))
        return MDD_OK;
    out->kind = MDD_UDS_FLOAT;
    if (!uds_parse_double(value.ptr, value.len, &out->as.f))
        return mdd_fail(err, MDD_ERR_ARG, "malformed JSON number");
    return MDD_OK;
}
