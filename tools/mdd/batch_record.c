/* SPDX-License-Identifier: Apache-2.0 */
#include "batch_record.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A pass over a line; why keeps the first fault. */
typedef struct cursor {
    const unsigned char *p;
    size_t len;
    size_t at;
    const char *why;
} cursor;

static int fault(cursor *c, const char *why)
{
    if (!c->why)
        c->why = why;
    return -1;
}

static int peek(const cursor *c) { return c->at < c->len ? c->p[c->at] : -1; }

static void skip_space(cursor *c)
{
    while (c->at < c->len && (c->p[c->at] == ' ' || c->p[c->at] == '\t' ||
                              c->p[c->at] == '\n' || c->p[c->at] == '\r'))
        c->at++;
}

/* The length of the well-formed UTF-8 sequence at p[0..avail), or 0. */
static size_t utf8_length(const unsigned char *p, size_t avail)
{
    unsigned lo = 0x80, hi = 0xBF;
    size_t n;
    if (p[0] < 0x80)
        return 1;
    if (p[0] >= 0xC2 && p[0] <= 0xDF) {
        n = 2;
    } else if (p[0] >= 0xE0 && p[0] <= 0xEF) {
        n = 3;
        lo = p[0] == 0xE0 ? 0xA0 : lo;
        hi = p[0] == 0xED ? 0x9F : hi;
    } else if (p[0] >= 0xF0 && p[0] <= 0xF4) {
        n = 4;
        lo = p[0] == 0xF0 ? 0x90 : lo;
        hi = p[0] == 0xF4 ? 0x8F : hi;
    } else {
        return 0;
    }
    if (avail < n || p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (p[i] < 0x80 || p[i] > 0xBF)
            return 0;
    return n;
}

/* Four hex digits at p[0..avail) as a code unit, or -1. */
static long hex4(const unsigned char *p, size_t avail)
{
    if (avail < 4)
        return -1;
    char digits[5] = {0};
    for (int i = 0; i < 4; i++) {
        if (!isxdigit(p[i]))
            return -1;
        digits[i] = (char)p[i];
    }
    return strtol(digits, NULL, 16);
}

/* The code unit of the \u escape at p[at..len), or -1 when there is none. */
static long unit_at(const cursor *c, size_t at)
{
    if (c->len - at < 6 || c->p[at] != '\\' || c->p[at + 1] != 'u')
        return -1;
    return hex4(c->p + at + 2, 4);
}

/* Past the escape at c (its backslash); a surrogate escape only as a pair. */
static int escape(cursor *c)
{
    int e = c->at + 1 < c->len ? c->p[c->at + 1] : -1;
    if (e >= 0 && strchr("\"\\/bfnrt", e)) {
        c->at += 2;
        return 0;
    }
    long unit = unit_at(c, c->at);
    if (unit < 0)
        return fault(c, "a bad escape in a string");
    if (unit < 0xD800 || unit > 0xDFFF) {
        c->at += 6;
        return 0;
    }
    long low = unit_at(c, c->at + 6);
    if (unit > 0xDBFF || low < 0xDC00 || low > 0xDFFF)
        return fault(c, "a lone surrogate in a string");
    c->at += 12;
    return 0;
}

/* Past the string whose opening quote is at c; its content (escapes as they are) in
 * p[*from..*to). */
static int string(cursor *c, size_t *from, size_t *to)
{
    *from = ++c->at;
    while (c->at < c->len) {
        unsigned char b = c->p[c->at];
        if (b == '"') {
            *to = c->at++;
            return 0;
        }
        if (b < 0x20)
            return fault(c, "a control character in a string");
        if (b == '\\') {
            if (escape(c) != 0)
                return -1;
            continue;
        }
        size_t n = utf8_length(c->p + c->at, c->len - c->at);
        if (n == 0)
            return fault(c, "a string that is not UTF-8");
        c->at += n;
    }
    return fault(c, "a string without its closing quote");
}

static size_t digits(cursor *c)
{
    size_t from = c->at;
    while (c->at < c->len && c->p[c->at] >= '0' && c->p[c->at] <= '9')
        c->at++;
    return c->at - from;
}

static int number(cursor *c)
{
    if (peek(c) == '-')
        c->at++;
    if (peek(c) == '0')
        c->at++;
    else if (!digits(c))
        return fault(c, "a value expected");
    if (peek(c) == '.') {
        c->at++;
        if (!digits(c))
            return fault(c, "a fraction needs digits");
    }
    if (peek(c) == 'e' || peek(c) == 'E') {
        c->at++;
        if (peek(c) == '+' || peek(c) == '-')
            c->at++;
        if (!digits(c))
            return fault(c, "an exponent needs digits");
    }
    return 0;
}

static int literal(cursor *c, const char *word)
{
    size_t n = strlen(word);
    if (c->len - c->at < n || memcmp(c->p + c->at, word, n) != 0)
        return fault(c, "a value expected");
    c->at += n;
    return 0;
}

/* A string, a number or a literal. */
static int scalar(cursor *c)
{
    size_t from, to;
    switch (peek(c)) {
    case '"': return string(c, &from, &to);
    case 't': return literal(c, "true");
    case 'f': return literal(c, "false");
    case 'n': return literal(c, "null");
    default: return number(c);
    }
}

/* A key and its colon, at c. */
static int key(cursor *c, size_t *from, size_t *to)
{
    skip_space(c);
    if (peek(c) != '"')
        return fault(c, "a key expected");
    if (string(c, from, to) != 0)
        return -1;
    skip_space(c);
    if (peek(c) != ':')
        return fault(c, "':' expected");
    c->at++;
    return 0;
}

/* Opens the container at c, at *depth (objects: the bit set of the levels that are). */
static int open_container(cursor *c, uint64_t *objects, unsigned *depth)
{
    int object = peek(c) == '{';
    if (*depth == BATCH_JSON_DEPTH)
        return fault(c, "nesting deeper than 64");
    uint64_t bit = (uint64_t)1 << *depth;
    *objects = object ? *objects | bit : *objects & ~bit;
    ++*depth;
    c->at++;
    return 0;
}

/* After a value inside containers: closes what ends, then steps past a comma (and the next
 * key in an object). Returns 1 when a value follows, 0 when the outermost container closed. */
static int after_value(cursor *c, uint64_t objects, unsigned *depth)
{
    while (*depth > 0) {
        int object = (int)(objects >> (*depth - 1) & 1);
        skip_space(c);
        if (peek(c) == (object ? '}' : ']')) {
            c->at++;
            --*depth;
            continue;
        }
        if (peek(c) != ',')
            return fault(c, object ? "',' or '}' expected" : "',' or ']' expected");
        c->at++;
        size_t from, to;
        return object && key(c, &from, &to) != 0 ? -1 : 1;
    }
    return 0;
}

/* Past one value at c, containers walked without recursion. */
static int value(cursor *c)
{
    uint64_t objects = 0;
    unsigned depth = 0;
    for (;;) {
        skip_space(c);
        int b = peek(c);
        int done = 0;
        if (b == '{' || b == '[') {
            if (open_container(c, &objects, &depth) != 0)
                return -1;
            skip_space(c);
            if (peek(c) == (b == '{' ? '}' : ']')) {
                c->at++;
                depth--;
                done = 1;
            } else if (b == '{') {
                size_t from, to;
                if (key(c, &from, &to) != 0)
                    return -1;
            }
        } else {
            if (scalar(c) != 0)
                return -1;
            done = 1;
        }
        if (!done)
            continue;
        int more = after_value(c, objects, &depth);
        if (more <= 0)
            return more;
    }
}

/* A member of the record's object: the spans of its key's content, its value and the whole
 * member. */
typedef struct member {
    size_t key, key_end, value, value_end, start;
} member;

/* Walks the object that is the whole of c's line, calling each per member (a nonzero return
 * stops the walk with it). */
static int members(cursor *c, int (*each)(void *ctx, const cursor *c, const member *m),
                   void *ctx)
{
    skip_space(c);
    if (peek(c) != '{')
        return fault(c, "not a JSON object");
    c->at++;
    skip_space(c);
    int more = peek(c) != '}';
    if (!more)
        c->at++;
    while (more) {
        skip_space(c);
        member m = {.start = c->at};
        if (key(c, &m.key, &m.key_end) != 0)
            return -1;
        skip_space(c);
        m.value = c->at;
        if (value(c) != 0)
            return -1;
        m.value_end = c->at;
        int rc = each(ctx, c, &m);
        if (rc != 0)
            return rc;
        skip_space(c);
        if (peek(c) == ',') {
            c->at++;
            continue;
        }
        if (peek(c) != '}')
            return fault(c, "',' or '}' expected");
        c->at++;
        more = 0;
    }
    skip_space(c);
    return c->at == c->len ? 0 : fault(c, "data after the object");
}

/* ---- The members a record names ---- */

enum { KEY_ECU, KEY_VARIANT, KEY_REQUEST, KEY_RESPONSE, KEY_OTHER };
static const char *const known_keys[] = {"ecu", "variant", "request", "response"};

static int key_of(const cursor *c, const member *m)
{
    for (int k = 0; k < KEY_OTHER; k++)
        if (m->key_end - m->key == strlen(known_keys[k]) &&
            memcmp(c->p + m->key, known_keys[k], m->key_end - m->key) == 0)
            return k;
    return KEY_OTHER;
}

/* Appends code point cp as UTF-8 to out[*n..max). */
static int put_utf8(char *out, size_t *n, size_t max, unsigned long cp)
{
    unsigned char b[4];
    size_t len;
    if (cp < 0x80) {
        b[0] = (unsigned char)cp;
        len = 1;
    } else if (cp < 0x800) {
        b[0] = (unsigned char)(0xC0 | cp >> 6);
        b[1] = (unsigned char)(0x80 | (cp & 0x3F));
        len = 2;
    } else if (cp < 0x10000) {
        b[0] = (unsigned char)(0xE0 | cp >> 12);
        b[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
        b[2] = (unsigned char)(0x80 | (cp & 0x3F));
        len = 3;
    } else {
        b[0] = (unsigned char)(0xF0 | cp >> 18);
        b[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3F));
        b[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
        b[3] = (unsigned char)(0x80 | (cp & 0x3F));
        len = 4;
    }
    if (max - *n < len)
        return -1;
    memcpy(out + *n, b, len);
    *n += len;
    return 0;
}

/* The code point of the \u escape at s[*i] (a pair of them for a surrogate pair), *i moved
 * past it; -1 for a lone surrogate. */
static long unicode_escape(const unsigned char *s, size_t len, size_t *i)
{
    long hi = hex4(s + *i + 2, len - *i - 2);
    *i += 6;
    if (hi < 0xD800 || hi > 0xDFFF)
        return hi;
    if (hi > 0xDBFF || *i + 6 > len || s[*i] != '\\' || s[*i + 1] != 'u')
        return -1;
    long lo = hex4(s + *i + 2, len - *i - 2);
    if (lo < 0xDC00 || lo > 0xDFFF)
        return -1;
    *i += 6;
    return 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
}

/* The content of a checked string, escapes resolved, into out (NUL-terminated). Returns
 * 0, or -1 when it is longer than BATCH_NAME_MAX bytes, holds U+0000 or a lone surrogate. */
static int unescape(const unsigned char *s, size_t len, char *out)
{
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    size_t n = 0;
    for (size_t i = 0; i < len;) {
        long cp = s[i];
        if (s[i] == '\\' && s[i + 1] == 'u') {
            cp = unicode_escape(s, len, &i);
        } else if (s[i] == '\\') {
            cp = to[strchr(from, s[i + 1]) - from];
            i += 2;
        } else {
            if (n == BATCH_NAME_MAX)
                return -1;
            out[n++] = (char)s[i++];
            continue;
        }
        if (cp <= 0 || put_utf8(out, &n, BATCH_NAME_MAX, (unsigned long)cp) != 0)
            return -1;
    }
    out[n] = '\0';
    return 0;
}

/* What reading the members found. */
typedef struct reading {
    batch_record *rec;
    int seen[KEY_OTHER];
    const char *why; /* a fault of the members (the syntax's are in the cursor) */
    char *why_buf;
    size_t why_size;
} reading;

static int member_fault(reading *r, const char *what, const char *name)
{
    snprintf(r->why_buf, r->why_size, "\"%s\" %s", name, what);
    r->why = r->why_buf;
    return 1;
}

static int read_member(void *ctx, const cursor *c, const member *m)
{
    reading *r = ctx;
    int k = key_of(c, m);
    if (k == KEY_OTHER) {
        r->rec->extras++;
        return 0;
    }
    if (r->seen[k]++)
        return member_fault(r, "is given twice", known_keys[k]);
    const unsigned char *v = c->p + m->value;
    size_t vlen = m->value_end - m->value;
    if (k == KEY_VARIANT && vlen == 4 && memcmp(v, "null", 4) == 0)
        return 0;
    if (v[0] != '"')
        return member_fault(r, "is not a string", known_keys[k]);
    if (k == KEY_REQUEST || k == KEY_RESPONSE) {
        const char **hex = k == KEY_REQUEST ? &r->rec->request : &r->rec->response;
        *hex = (const char *)v + 1;
        *(k == KEY_REQUEST ? &r->rec->request_len : &r->rec->response_len) = vlen - 2;
        return 0;
    }
    char *name = k == KEY_ECU ? r->rec->ecu : r->rec->variant;
    if (unescape(v + 1, vlen - 2, name) != 0)
        return member_fault(r, "is not a name (at most 255 bytes, no U+0000)", known_keys[k]);
    return 0;
}

static batch_record_status parse_json(const char *line, size_t len, batch_record *rec,
                                      char *why, size_t why_size)
{
    cursor c = {(const unsigned char *)line, len, 0, NULL};
    reading r = {.rec = rec, .why_buf = why, .why_size = why_size};
    rec->json = 1;
    int rc = members(&c, read_member, &r);
    if (rc < 0) {
        snprintf(why, why_size, "malformed JSON at byte %zu: %s", c.at + 1, c.why);
        return BATCH_RECORD_MALFORMED;
    }
    if (r.why)
        return BATCH_RECORD_MALFORMED;
    for (int k = 0; k < KEY_OTHER; k++) {
        if (!r.seen[k] && k != KEY_VARIANT) {
            snprintf(why, why_size, "no \"%s\"", known_keys[k]);
            return BATCH_RECORD_MALFORMED;
        }
    }
    return BATCH_RECORD_OK;
}

/* ---- Plain lines ---- */

static int is_blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\r'; }

static batch_record_status parse_plain(const char *line, size_t len, batch_record *rec,
                                       char *why, size_t why_size)
{
    const char *field[3];
    size_t field_len[3];
    size_t n = 0, i = 0;
    for (;;) {
        while (i < len && is_blank(line[i]))
            i++;
        if (i == len)
            break;
        size_t from = i;
        while (i < len && !is_blank(line[i]))
            i++;
        if (n == 3) {
            n++;
            break;
        }
        field[n] = line + from;
        field_len[n++] = i - from;
    }
    if (n != 3) {
        snprintf(why, why_size, "expected ECU REQUEST RESPONSE (three fields) or a JSON object");
        return BATCH_RECORD_MALFORMED;
    }
    if (field_len[0] > BATCH_NAME_MAX) {
        snprintf(why, why_size, "the ECU name is longer than 255 bytes");
        return BATCH_RECORD_MALFORMED;
    }
    memcpy(rec->ecu, field[0], field_len[0]);
    rec->ecu[field_len[0]] = '\0';
    rec->request = field[1];
    rec->request_len = field_len[1];
    rec->response = field[2];
    rec->response_len = field_len[2];
    return BATCH_RECORD_OK;
}

/* ---- Both ---- */

static int is_hex(const char *s, size_t len)
{
    if (len == 0 || len % 2 != 0)
        return 0;
    for (size_t i = 0; i < len; i++)
        if (!isxdigit((unsigned char)s[i]))
            return 0;
    return 1;
}

batch_record_status batch_record_parse(const char *line, size_t len, batch_record *rec,
                                       char *why, size_t why_size)
{
    static const batch_record zero;
    *rec = zero;
    size_t i = 0;
    while (i < len && is_blank(line[i]))
        i++;
    batch_record_status st = i < len && line[i] == '{'
                                 ? parse_json(line, len, rec, why, why_size)
                                 : parse_plain(line, len, rec, why, why_size);
    if (st != BATCH_RECORD_OK)
        return st;
    const char *bad = !is_hex(rec->request, rec->request_len)     ? "request"
                      : !is_hex(rec->response, rec->response_len) ? "response"
                                                                   : NULL;
    if (!bad)
        return BATCH_RECORD_OK;
    snprintf(why, why_size, "the %s is not pairs of hex digits", bad);
    return BATCH_RECORD_BAD_HEX;
}

/* ---- The other members ---- */

typedef struct extra_walk {
    void (*each)(void *ctx, const char *member, size_t member_len);
    void *ctx;
} extra_walk;

static int each_extra(void *ctx, const cursor *c, const member *m)
{
    extra_walk *w = ctx;
    if (key_of(c, m) == KEY_OTHER)
        w->each(w->ctx, (const char *)c->p + m->start, m->value_end - m->start);
    return 0;
}

void batch_record_extra(const char *line, size_t len,
                        void (*each)(void *ctx, const char *member, size_t member_len),
                        void *ctx)
{
    cursor c = {(const unsigned char *)line, len, 0, NULL};
    extra_walk w = {each, ctx};
    members(&c, each_extra, &w);
}
