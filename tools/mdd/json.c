/* SPDX-License-Identifier: Apache-2.0 */
#include "json.h"

#include "text.h"

#include <mdd_internal/os.h>

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void json_init(json_writer *j, FILE *out)
{
    j->out = out;
    j->need_comma = 0;
}

/* Every value starts here: after a completed sibling it needs a separator. */
static void value_begin(json_writer *j)
{
    if (j->need_comma)
        fputc(',', j->out);
    j->need_comma = 0;
}

void json_object_begin(json_writer *j)
{
    value_begin(j);
    fputc('{', j->out);
}

void json_object_end(json_writer *j)
{
    fputc('}', j->out);
    j->need_comma = 1;
}

void json_array_begin(json_writer *j)
{
    value_begin(j);
    fputc('[', j->out);
}

void json_array_end(json_writer *j)
{
    fputc(']', j->out);
    j->need_comma = 1;
}

/* Writes one character of a string that text_utf8_len() found well-formed (len bytes). */
static void put_char(FILE *out, const uint8_t *p, size_t len)
{
    static const char *const short_escapes[32] = {
        ['\b'] = "\\b", ['\f'] = "\\f", ['\n'] = "\\n", ['\r'] = "\\r", ['\t'] = "\\t"};
    if (len > 1) {
        fwrite(p, 1, len, out);
    } else if (p[0] == '"' || p[0] == '\\') {
        fputc('\\', out);
        fputc(p[0], out);
    } else if (p[0] >= 0x20) {
        fputc(p[0], out);
    } else if (short_escapes[p[0]]) {
        fputs(short_escapes[p[0]], out);
    } else {
        fprintf(out, "\\u%04x", p[0]);
    }
}

/* The length of the run of plain ASCII at p (printable, no quote or backslash): written as
 * it is, in one call, since names and texts are mostly that. */
static size_t plain_run(const uint8_t *p, size_t avail)
{
    size_t n = 0;
    while (n < avail && p[n] >= 0x20 && p[n] < 0x80 && p[n] != '"' && p[n] != '\\')
        n++;
    return n;
}

static void put_string(FILE *out, mdd_bytes bytes)
{
    fputc('"', out);
    size_t i = 0;
    while (i < bytes.len) {
        size_t run = plain_run(bytes.ptr + i, bytes.len - i);
        if (run) {
            fwrite(bytes.ptr + i, 1, run, out);
            i += run;
            continue;
        }
        size_t len = text_utf8_len(bytes.ptr + i, bytes.len - i);
        if (len == 0) {
            fputs("\\ufffd", out);
            i++;
        } else {
            put_char(out, bytes.ptr + i, len);
            i += len;
        }
    }
    fputc('"', out);
}

static void put_key(json_writer *j, mdd_bytes key)
{
    value_begin(j);
    put_string(j->out, key);
    fputc(':', j->out);
}

void json_key(json_writer *j, const char *key)
{
    put_key(j, (mdd_bytes){(const uint8_t *)key, strlen(key)});
}

void json_string(json_writer *j, mdd_bytes bytes)
{
    value_begin(j);
    put_string(j->out, bytes);
    j->need_comma = 1;
}

void json_cstring(json_writer *j, const char *s)
{
    json_string(j, (mdd_bytes){(const uint8_t *)s, strlen(s)});
}

void json_optional_string(json_writer *j, mdd_bytes bytes)
{
    if (bytes.ptr)
        json_string(j, bytes);
    else
        json_null(j);
}

void json_member_string(json_writer *j, const char *key, mdd_bytes bytes)
{
    json_key(j, key);
    json_optional_string(j, bytes);
}

void json_uint(json_writer *j, uint64_t value)
{
    value_begin(j);
    fprintf(j->out, "%" PRIu64, value);
    j->need_comma = 1;
}

void json_int(json_writer *j, int64_t value)
{
    value_begin(j);
    fprintf(j->out, "%" PRId64, value);
    j->need_comma = 1;
}

void json_fixed(json_writer *j, double value, int decimals)
{
    value_begin(j);
    fprintf(j->out, "%.*f", decimals, value);
    j->need_comma = 1;
}

void json_double(json_writer *j, double value)
{
    if (!isfinite(value)) {
        json_null(j);
        return;
    }
    char text[400]; /* %.12f of DBL_MAX: 309 digits, the point and 12 decimals */
    int n = snprintf(text, sizeof text, "%.12f", value);
    while (n > 0 && text[n - 1] == '0' && text[n - 2] != '.')
        n--;
    value_begin(j);
    fwrite(text, 1, (size_t)n, j->out);
    j->need_comma = 1;
}

void json_bool(json_writer *j, int value)
{
    value_begin(j);
    fputs(value ? "true" : "false", j->out);
    j->need_comma = 1;
}

void json_null(json_writer *j)
{
    value_begin(j);
    fputs("null", j->out);
    j->need_comma = 1;
}

void json_hex(json_writer *j, const uint8_t *data, size_t len)
{
    value_begin(j);
    fputc('"', j->out);
    for (size_t i = 0; i < len; i++)
        fprintf(j->out, "%02x", data[i]);
    fputc('"', j->out);
    j->need_comma = 1;
}

static int compare_bytes(mdd_bytes a, mdd_bytes b)
{
    size_t n = a.len < b.len ? a.len : b.len;
    int c = n ? memcmp(a.ptr, b.ptr, n) : 0;
    if (c)
        return c;
    return (a.len > b.len) - (a.len < b.len);
}

/* Orders entries by key, then by position in the map: the entries live in one array, so
 * their addresses give wire order, and the last of a run of equal keys is the one that wins. */
static int compare_entries(const void *a, const void *b)
{
    const mdd_kv *x = *(const mdd_kv *const *)a;
    const mdd_kv *y = *(const mdd_kv *const *)b;
    int c = compare_bytes(x->key, y->key);
    return c ? c : (x > y) - (x < y);
}

int json_map(json_writer *j, mdd_map_view map)
{
    const mdd_kv **sorted = NULL;
    if (map.count) {
        sorted = malloc(map.count * sizeof *sorted);
        if (!sorted)
            return -1;
        for (size_t i = 0; i < map.count; i++)
            sorted[i] = &map.entries[i];
        qsort(sorted, map.count, sizeof *sorted, compare_entries);
    }
    json_object_begin(j);
    for (size_t i = 0; i < map.count; i++) {
        if (i + 1 < map.count && compare_bytes(sorted[i]->key, sorted[i + 1]->key) == 0)
            continue;
        put_key(j, sorted[i]->key);
        json_string(j, sorted[i]->value);
    }
    json_object_end(j);
    free(sorted);
    return 0;
}

void json_end_line(json_writer *j)
{
    fputc('\n', j->out);
    j->need_comma = 0;
}

void json_store_memory_fields(json_writer *j, const mdd_store_memory *m)
{
    json_key(j, "payload_bytes");
    json_uint(j, m->payload_bytes);
    json_key(j, "mapped_bytes");
    json_uint(j, m->mapped_bytes);
    json_key(j, "resident_bytes");
    json_uint(j, m->resident_bytes);
    json_key(j, "heap_bytes");
    json_uint(j, m->heap_bytes);
    json_key(j, "cached_bytes");
    json_uint(j, m->cached_bytes);
    json_key(j, "shared_bytes");
    json_uint(j, m->shared_bytes);
}

void json_process_memory(json_writer *j, const mdd_process_memory *p)
{
    json_key(j, "process");
    if (!p) {
        json_null(j);
        return;
    }
    json_object_begin(j);
    json_key(j, "rss_kb");
    json_uint(j, p->rss_kb);
    json_key(j, "pss_kb");
    json_uint(j, p->pss_kb);
    json_key(j, "anonymous_kb");
    json_uint(j, p->anonymous_kb);
    json_key(j, "file_kb");
    json_uint(j, p->file_kb);
    json_object_end(j);
}
