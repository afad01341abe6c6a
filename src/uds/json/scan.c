/* SPDX-License-Identifier: Apache-2.0 */
/* The encoder's JSON input checked against RFC 8259 in one pass, without allocating and
 * without recursion: containers nest on a fixed bit stack (one bit per level: object or
 * array), so hostile input costs neither heap nor stack (docs/adr/0020, "JSON scanner"). */
#include "prim.h"

/* The deepest nesting checked, whatever the caller allows: the bit stack's size. */
#define JSON_MAX_DEPTH 4096

typedef struct scanner {
    const uint8_t *p;
    size_t len;
    size_t at;
    uint32_t depth;
    uint32_t max_depth;
    uint8_t stack[JSON_MAX_DEPTH / 8]; /* bit set: an object at that level */
    mdd_error *err;
} scanner;

static mdd_status fail_at(scanner *s, const char *reason)
{
    return mdd_fail(s->err, MDD_ERR_ARG, "JSON: byte %zu: %s", s->at, reason);
}

static void skip_space(scanner *s)
{
    while (s->at < s->len && (s->p[s->at] == ' ' || s->p[s->at] == '\t' ||
                              s->p[s->at] == '\n' || s->p[s->at] == '\r'))
        s->at++;
}

static bool literal(scanner *s, const char *word)
{
    size_t n = 0;
    while (word[n])
        n++;
    if (s->len - s->at < n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (s->p[s->at + i] != (uint8_t)word[i])
            return false;
    s->at += n;
    return true;
}

static size_t digits(scanner *s)
{
    size_t from = s->at;
    while (s->at < s->len && s->p[s->at] >= '0' && s->p[s->at] <= '9')
        s->at++;
    return s->at - from;
}

static mdd_status number(scanner *s)
{
    if (s->p[s->at] == '-')
        s->at++;
    if (s->at < s->len && s->p[s->at] == '0')
        s->at++;
    else if (!digits(s))
        return fail_at(s, "a number needs digits");
    if (s->at < s->len && s->p[s->at] == '.') {
        s->at++;
        if (!digits(s))
            return fail_at(s, "a fraction needs digits");
    }
    if (s->at < s->len && (s->p[s->at] == 'e' || s->p[s->at] == 'E')) {
        s->at++;
        if (s->at < s->len && (s->p[s->at] == '+' || s->p[s->at] == '-'))
            s->at++;
        if (!digits(s))
            return fail_at(s, "an exponent needs digits");
    }
    return MDD_OK;
}

/* A string from its opening quote: escapes, UTF-8 and surrogate pairs checked by iterating
 * its content as UDS_TEXT_JSON up to the closing quote. */
static mdd_status string(scanner *s)
{
    s->at++;
    size_t start = s->at;
    while (s->at < s->len && s->p[s->at] != '"')
        s->at += s->p[s->at] == '\\' && s->at + 1 < s->len ? 2 : 1;
    if (s->at >= s->len)
        return fail_at(s, "unterminated string");
    mdd_uds_text content = {{s->p + start, s->at - start}, UDS_TEXT_JSON};
    size_t bad = uds_text_invalid_at(&content);
    if (bad != SIZE_MAX) {
        s->at = start + bad;
        return fail_at(s, "invalid character, escape or UTF-8 in a string");
    }
    s->at++;
    return MDD_OK;
}

static bool in_object(const scanner *s)
{
    uint32_t level = s->depth - 1;
    return s->stack[level / 8] >> (level % 8) & 1;
}

static mdd_status open_container(scanner *s, bool object)
{
    if (s->depth >= s->max_depth)
        return fail_at(s, "nested too deep");
    uint32_t level = s->depth++;
    uint8_t bit = (uint8_t)(1u << (level % 8));
    uint8_t *slot = &s->stack[level / 8];
    *slot = (uint8_t)(object ? *slot | bit : *slot & ~bit);
    s->at++;
    return MDD_OK;
}

/* A scalar or the opening of a container at s->at. */
static mdd_status value_start(scanner *s)
{
    if (s->at >= s->len)
        return fail_at(s, "a value is missing");
    switch (s->p[s->at]) {
    case '{': return open_container(s, true);
    case '[': return open_container(s, false);
    case '"': return string(s);
    case 't': return literal(s, "true") ? MDD_OK : fail_at(s, "invalid literal");
    case 'f': return literal(s, "false") ? MDD_OK : fail_at(s, "invalid literal");
    case 'n': return literal(s, "null") ? MDD_OK : fail_at(s, "invalid literal");
    default:
        if (s->p[s->at] == '-' || (s->p[s->at] >= '0' && s->p[s->at] <= '9'))
            return number(s);
        return fail_at(s, "unexpected character");
    }
}

/* An object member's key and colon, then its value's start. */
static mdd_status member_start(scanner *s)
{
    skip_space(s);
    if (s->at >= s->len || s->p[s->at] != '"')
        return fail_at(s, "an object key must be a string");
    mdd_status st = string(s);
    if (st != MDD_OK)
        return st;
    skip_space(s);
    if (s->at >= s->len || s->p[s->at] != ':')
        return fail_at(s, "':' expected after an object key");
    s->at++;
    skip_space(s);
    return value_start(s);
}

/* Starts the first member or element of a container just opened, or closes it when empty:
 * 1 when a value was started, 0 when it closed. */
static int first_in_container(scanner *s, mdd_status *st)
{
    bool object = in_object(s);
    skip_space(s);
    if (s->at < s->len && s->p[s->at] == (object ? '}' : ']')) {
        s->at++;
        s->depth--;
        return 0;
    }
    *st = object ? member_start(s) : value_start(s);
    return 1;
}

/* After a value inside a container: a comma and the next value, or the closing bracket. */
static mdd_status after_value(scanner *s, bool *started)
{
    bool object = in_object(s);
    skip_space(s);
    *started = false;
    if (s->at >= s->len)
        return fail_at(s, object ? "unterminated object" : "unterminated array");
    if (s->p[s->at] == (object ? '}' : ']')) {
        s->at++;
        s->depth--;
        return MDD_OK;
    }
    if (s->p[s->at] != ',')
        return fail_at(s, object ? "',' or '}' expected" : "',' or ']' expected");
    s->at++;
    skip_space(s);
    *started = true;
    return object ? member_start(s) : value_start(s);
}

/* Walks the values after the first one started: each container opened is entered, each
 * value ended leads to the next or to a closing bracket. */
static mdd_status scan(scanner *s)
{
    uint32_t depth_before = s->depth;
    mdd_status st = value_start(s);
    bool just_opened = s->depth > depth_before;
    while (st == MDD_OK && s->depth > 0) {
        bool started = false;
        if (just_opened) {
            uint32_t d = s->depth;
            started = first_in_container(s, &st) == 1;
            just_opened = started && s->depth > d;
            continue;
        }
        uint32_t d = s->depth;
        st = after_value(s, &started);
        just_opened = started && s->depth > d;
    }
    return st;
}

mdd_status uds_json_parse(const char *text, size_t len, uint32_t max_depth, uds_json *root,
                          mdd_error *err)
{
    static scanner zero;
    scanner s = zero;
    s.p = (const uint8_t *)text;
    s.len = text ? len : 0;
    s.max_depth = max_depth < JSON_MAX_DEPTH ? max_depth : JSON_MAX_DEPTH;
    s.err = err;
    skip_space(&s);
    size_t start = s.at;
    mdd_status st = scan(&s);
    if (st != MDD_OK)
        return st;
    root->ptr = text + start;
    root->len = s.at - start;
    skip_space(&s);
    if (s.at != s.len)
        return fail_at(&s, "data after the JSON value");
    return MDD_OK;
}
