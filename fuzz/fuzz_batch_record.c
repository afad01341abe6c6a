/* SPDX-License-Identifier: Apache-2.0 */
/* The record parser of `mdd decode --batch` (tools/mdd/batch_record.c): no line may crash it,
 * and what it accepts must hold together: the hex spans lie inside the line and are pairs of
 * hex digits, the names are NUL-terminated within their bounds, the other members are as
 * many as it counted, each a key and a value inside the line, and they make a valid record
 * again when joined behind the four members it reads (so the output's copy of them is JSON).
 * A JSON line it finds well-formed the codec's own RFC 8259 scanner accepts too. */
#include "../src/uds/uds_impl.h"
#include "batch_record.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(int ok)
{
    if (!ok)
        abort();
}

typedef struct joined {
    const char *line;
    size_t len;
    char *out;
    size_t out_len;
    int count;
} joined;

static void add_member(void *ctx, const char *member, size_t len)
{
    joined *j = ctx;
    check(member >= j->line && member + len <= j->line + j->len && len >= 3 && *member == '"');
    j->out[j->out_len++] = ',';
    memcpy(j->out + j->out_len, member, len);
    j->out_len += len;
    j->count++;
}

static void check_inside(const char *line, size_t len, const char *span, size_t span_len)
{
    check(span >= line && span + span_len <= line + len && span_len >= 2 && span_len % 2 == 0);
    for (size_t i = 0; i < span_len; i++)
        check(strchr("0123456789abcdefABCDEF", span[i]) != NULL && span[i] != '\0');
}

/* The members besides the four, joined behind a record of its own, read again. */
static void check_extras(const char *line, size_t len, const batch_record *rec)
{
    static const char head[] = "{\"ecu\":\"E\",\"request\":\"00\",\"response\":\"00\"";
    joined j = {line, len, malloc(sizeof head + len + 2), 0, 0};
    check(j.out != NULL);
    memcpy(j.out, head, sizeof head - 1);
    j.out_len = sizeof head - 1;
    batch_record_extra(line, len, add_member, &j);
    check(j.count == rec->extras);
    j.out[j.out_len++] = '}';
    batch_record again;
    char why[512];
    check(batch_record_parse(j.out, j.out_len, &again, why, sizeof why) == BATCH_RECORD_OK);
    check(again.extras == rec->extras && strcmp(again.ecu, "E") == 0);
    free(j.out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* A line: no newline and no NUL, as the batch hands it over. */
    if (memchr(data, '\n', size) || memchr(data, '\0', size))
        return 0;
    const char *line = (const char *)data;
    batch_record rec;
    char why[512];
    batch_record_status st = batch_record_parse(line, size, &rec, why, sizeof why);
    check(memchr(rec.ecu, '\0', sizeof rec.ecu) != NULL);
    check(memchr(rec.variant, '\0', sizeof rec.variant) != NULL);
    if (st != BATCH_RECORD_OK) {
        check(st == BATCH_RECORD_MALFORMED || st == BATCH_RECORD_BAD_HEX);
        check(why[0] != '\0' && memchr(why, '\0', sizeof why) != NULL);
    }
    if (st == BATCH_RECORD_MALFORMED)
        return 0;
    if (st == BATCH_RECORD_OK) {
        check_inside(line, size, rec.request, rec.request_len);
        check_inside(line, size, rec.response, rec.response_len);
    }
    if (!rec.json)
        return 0;
    uds_json root;
    mdd_error err;
    check(uds_json_parse(line, size, BATCH_JSON_DEPTH + 1, &root, &err) == MDD_OK);
    check(uds_json_type_of(root) == UDS_JSON_OBJECT);
    check_extras(line, size, &rec);
    return 0;
}
