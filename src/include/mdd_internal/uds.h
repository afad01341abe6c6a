/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd internal (not installed): the uds layer's internal interface, the codec's JSON output
 * primitives (src/uds/json_write.c): a small buffered writer that turns decoded values into
 * JSON text with the reference adapter's conventions (docs/codec.md, "JSON").
 * mdd_uds_decode_json() is built on it; the tool prints its text output with it and
 * identification compares values through it. Writing never allocates: the writer buffers in
 * itself and hands full buffers to its sink. */
#ifndef MDD_INTERNAL_UDS_H
#define MDD_INTERNAL_UDS_H

#include <mdd_internal/common.h>

#include <mdd/uds.h>

#include <stdbool.h>
#include <string.h>

/* The writer's buffer: a decode's JSON of a few kilobytes reaches the sink in one write. */
#define UDS_JW_BUFFER 4096

/* The writer. The first failing write of the sink is kept in status (and err); later writes
 * reach no sink (they may fill the buffer, which is not handed over), so callers check once,
 * at uds_jw_flush(). */
typedef struct uds_jw {
    mdd_sink *sink;
    mdd_error *err;
    mdd_status status;
    size_t len;
    uint64_t flushed; /* bytes handed to the sink */
    uint8_t buf[UDS_JW_BUFFER];
} uds_jw;

/* Starts a writer on sink (owned by the caller; err may be NULL). */
static inline void uds_jw_init(uds_jw *w, mdd_sink *sink, mdd_error *err)
{
    w->sink = sink;
    w->err = err;
    w->status = MDD_OK;
    w->len = 0;
    w->flushed = 0;
}

/* Hands what is buffered to the sink; returns the writer's status. */
mdd_status uds_jw_flush(uds_jw *w);

/* uds_jw_raw() of bytes that do not fit in what is left of the buffer. */
void uds_jw_raw_slow(uds_jw *w, const char *text, size_t len);

/* Bytes as they are (the caller makes them valid JSON). Inline: every value writes several
 * short pieces. */
static inline void uds_jw_raw(uds_jw *w, const char *text, size_t len)
{
    /* Whether the sink failed is looked at when the buffer is handed over. */
    if (len <= sizeof w->buf - w->len) {
        uint8_t *out = w->buf + w->len;
        uint64_t a, b;
        if (len >= 8 && len <= 16) {
            /* A name or a short text: two loads that overlap rather than a call. */
            memcpy(&a, text, sizeof a);
            memcpy(&b, text + len - 8, sizeof b);
            memcpy(out, &a, sizeof a);
            memcpy(out + len - 8, &b, sizeof b);
        } else {
            memcpy(out, text, len);
        }
        w->len += len;
        return;
    }
    uds_jw_raw_slow(w, text, len);
}

void uds_jw_cstr(uds_jw *w, const char *text);

/* `{"ecu":E,"variant":V,"service":S` (or "functional_group" for a group's layer): the head
 * every JSON answer about a layer's service starts with, left open for its other members. */
void uds_jw_service_head(uds_jw *w, const mdd_db_layer *layer, const mdd_db_service *service);

/* A JSON string of name's bytes (UTF-8; bytes that are not well-formed UTF-8 become U+FFFD),
 * with its quotes. */
void uds_jw_string(uds_jw *w, mdd_bytes name);

/* A decoded text in any mdd_uds_text_encoding as a JSON string in UTF-8, with quotes; without
 * them for uds_jw_text_content(). A code unit that does not decode becomes U+FFFD. True when
 * the text is UTF-8 or Latin-1 whose bytes were written as they are (ASCII, nothing
 * escaped). */
bool uds_jw_text(uds_jw *w, const mdd_uds_text *text);
bool uds_jw_text_content(uds_jw *w, const mdd_uds_text *text);

/* Whether the JSON of a response shows its top-level parameter p: when its semantic is
 * absent, DATA or SERVICEIDRQ, as the reference adapter shows them. */
bool uds_json_shown_at_top(mdd_param p);

/* A byte field as the string "0xAA 0xBB" (uppercase digits; "" when empty). */
void uds_jw_bytes(uds_jw *w, mdd_bytes bytes);

/* Numbers: integers in decimal, a finite double as the shortest text that reads back as the
 * same double (NaN and infinities, which decoding never reports, as null). */
void uds_jw_uint(uds_jw *w, uint64_t value);
void uds_jw_int(uds_jw *w, int64_t value);
void uds_jw_double(uds_jw *w, double value);

/* A DTC as {"code", "display_code" (when the DTC has one), "fault_name" (its text, else its
 * short name), "severity" (its level, 0 when it has none)}. */
void uds_jw_dtc(uds_jw *w, const mdd_uds_dtc *dtc);

/* A scalar value (kinds UINT to DTC) as JSON. */
void uds_jw_scalar(uds_jw *w, const mdd_uds_value *value);

/* The layout of mdd_uds_options (options_read()). */
MDD_INTERNAL extern const options_layout options_layout_uds;

#endif
