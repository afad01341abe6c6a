/* SPDX-License-Identifier: Apache-2.0 */
/* One record of `mdd decode --batch` into one output line. */
#include "batch.h"

#include <mdd_internal/uds.h>

#include <stdlib.h>
#include <string.h>

static const char *const reason_names[BATCH_REASONS] = {
    "line-too-long", "nul-byte",  "malformed",   "bad-hex", "unknown-ecu", "unknown-variant",
    "no-match",      "undecodable", "unsupported", "limit", "failed",
};

const char *batch_reason_name(batch_reason reason) { return reason_names[reason]; }

void batch_counts_add(batch_counts *into, const batch_counts *from)
{
    into->records += from->records;
    into->decoded += from->decoded;
    for (int i = 0; i < BATCH_REASONS; i++)
        into->errors[i] += from->errors[i];
}

int batch_worker_init(batch_worker *w, const mdd_db *db)
{
    *w = (batch_worker){.db = db};
    mdd_error err;
    w->request = malloc(BATCH_LINE_MAX / 2);
    w->response = malloc(BATCH_LINE_MAX / 2);
    if (w->request && w->response &&
        mdd_uds_memo_create(BATCH_MEMO_ENTRIES, &w->memo, &err) == MDD_OK)
        return 0;
    batch_worker_free(w);
    return -1;
}

void batch_worker_free(batch_worker *w)
{
    mdd_uds_memo_free(w->memo);
    free(w->request);
    free(w->response);
    *w = (batch_worker){0};
}

/* The layer the record names: its ECU's variant, else its base variant. */
static batch_reason find_layer(batch_worker *w, const batch_record *rec, char *why,
                               size_t why_size)
{
    if (w->layer && strcmp(w->ecu, rec->ecu) == 0 && strcmp(w->variant, rec->variant) == 0)
        return BATCH_REASONS;
    w->layer = NULL;
    const mdd_db_ecu *ecu = mdd_db_find_ecu(w->db, rec->ecu);
    if (!ecu) {
        snprintf(why, why_size, "no ECU named '%s'", rec->ecu);
        return BATCH_UNKNOWN_ECU;
    }
    const mdd_db_layer *layer = rec->variant[0] ? mdd_db_ecu_find_variant(ecu, rec->variant)
                                                : mdd_db_ecu_base_variant(ecu);
    if (!layer) {
        if (rec->variant[0])
            snprintf(why, why_size, "ECU '%s' has no variant named '%s'", rec->ecu,
                     rec->variant);
        else
            snprintf(why, why_size, "ECU '%s' has no variants", rec->ecu);
        return BATCH_UNKNOWN_VARIANT;
    }
    memcpy(w->ecu, rec->ecu, sizeof w->ecu);
    memcpy(w->variant, rec->variant, sizeof w->variant);
    w->layer = layer;
    return BATCH_REASONS;
}

static size_t hex_to_bytes(const char *hex, size_t len, uint8_t *out)
{
    static const int8_t digit[256] = {
        ['0'] = 0,  ['1'] = 1,  ['2'] = 2,  ['3'] = 3,  ['4'] = 4,  ['5'] = 5,
        ['6'] = 6,  ['7'] = 7,  ['8'] = 8,  ['9'] = 9,  ['a'] = 10, ['b'] = 11,
        ['c'] = 12, ['d'] = 13, ['e'] = 14, ['f'] = 15, ['A'] = 10, ['B'] = 11,
        ['C'] = 12, ['D'] = 13, ['E'] = 14, ['F'] = 15,
    };
    for (size_t i = 0; i < len; i += 2)
        out[i / 2] = (uint8_t)(digit[(unsigned char)hex[i]] << 4 |
                               digit[(unsigned char)hex[i + 1]]);
    return len / 2;
}

static batch_reason reason_of(mdd_status st)
{
    switch (st) {
    case MDD_ERR_NOT_FOUND: return BATCH_NO_MATCH;
    case MDD_ERR_FORMAT: return BATCH_UNDECODABLE;
    case MDD_ERR_UNSUPPORTED: return BATCH_UNSUPPORTED;
    case MDD_ERR_LIMIT: return BATCH_LIMIT;
    default: return BATCH_FAILED;
    }
}

/* The record's other members, each as `,MEMBER`, into a JSON writer. */
static void put_extra(void *ctx, const char *member, size_t len)
{
    uds_jw_raw(ctx, ",", 1);
    uds_jw_raw(ctx, member, len);
}

/* Ends the object in w: the record's other members, the closing brace, the newline. */
static mdd_status end_line(uds_jw *w, const batch_text *text, const batch_line *line,
                           const batch_record *rec)
{
    if (rec && rec->json && rec->extras)
        batch_record_extra(text->data + line->off, line->len, put_extra, w);
    uds_jw_raw(w, "}\n", 2);
    return uds_jw_flush(w);
}

/* The error line of reason, with the record's other members when it was read. */
static void error_line(mdd_buffer *out, const batch_text *text, const batch_line *line,
                       const batch_record *rec, batch_reason reason, const char *why)
{
    mdd_sink sink = mdd_buffer_sink(out);
    uds_jw w;
    uds_jw_init(&w, &sink, NULL);
    uds_jw_cstr(&w, "{\"line\":");
    uds_jw_uint(&w, line->number);
    uds_jw_cstr(&w, ",\"error\":\"");
    uds_jw_cstr(&w, batch_reason_name(reason));
    uds_jw_cstr(&w, "\",\"message\":");
    uds_jw_string(&w, (mdd_bytes){(const uint8_t *)why, strlen(why)});
    end_line(&w, text, line, rec);
}

/* Decodes the record as mdd decode --json does; the reason it failed, or BATCH_REASONS. */
static batch_reason decode(batch_worker *w, const batch_text *text, const batch_line *line,
                           const batch_record *rec, mdd_buffer *out, char *why,
                           size_t why_size)
{
    batch_reason r = find_layer(w, rec, why, why_size);
    if (r != BATCH_REASONS)
        return r;
    size_t req_len = hex_to_bytes(rec->request, rec->request_len, w->request);
    size_t resp_len = hex_to_bytes(rec->response, rec->response_len, w->response);
    mdd_uds_options opts = mdd_uds_options_default();
    opts.memo = w->memo;
    mdd_sink sink = mdd_buffer_sink(out);
    mdd_error err;
    size_t mark = out->len;
    mdd_status st = mdd_uds_decode_json(w->layer, w->request, req_len, w->response, resp_len,
                                        &opts, &sink, &err);
    if (st == MDD_OK && out->len > mark) {
        /* Reopen the object for the record's other members. */
        out->len--;
        uds_jw jw;
        uds_jw_init(&jw, &sink, &err);
        st = end_line(&jw, text, line, rec);
    }
    if (st == MDD_OK)
        return BATCH_REASONS;
    out->len = mark;
    snprintf(why, why_size, "%s", err.message);
    return reason_of(st);
}

void batch_decode_line(batch_worker *w, const batch_text *text, const batch_line *line,
                       mdd_buffer *out, batch_counts *counts)
{
    char why[MDD_ERROR_MESSAGE_SIZE + 2 * BATCH_NAME_MAX + 64];
    const char *data = text->data + line->off;
    batch_record rec;
    const batch_record *read = NULL;
    batch_reason r;
    counts->records++;
    if (line->too_long) {
        r = BATCH_LINE_TOO_LONG;
        snprintf(why, sizeof why, "the line is longer than %zu bytes", BATCH_LINE_MAX);
    } else if (memchr(data, '\0', line->len)) {
        r = BATCH_NUL_BYTE;
        snprintf(why, sizeof why, "the line holds a NUL byte");
    } else {
        batch_record_status st = batch_record_parse(data, line->len, &rec, why, sizeof why);
        read = st == BATCH_RECORD_OK || rec.json ? &rec : NULL;
        r = st == BATCH_RECORD_MALFORMED ? BATCH_MALFORMED
            : st == BATCH_RECORD_BAD_HEX ? BATCH_BAD_HEX
                                         : decode(w, text, line, &rec, out, why, sizeof why);
    }
    if (r == BATCH_REASONS) {
        counts->decoded++;
        return;
    }
    /* A malformed JSON line has no members to copy. */
    if (r == BATCH_MALFORMED)
        read = NULL;
    counts->errors[r]++;
    error_line(out, text, line, read, r, why);
}
