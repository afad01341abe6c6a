/* SPDX-License-Identifier: Apache-2.0 */
/* The memo of requests (mdd_uds_memo): a decode through it reports exactly what the decode
 * without it reports, whatever the memo remembered before. Every check decodes an exchange
 * without a memo, then twice through the memo (the first may fill its slot, the second finds
 * it), each time with a visitor that records every event (kind, path, parameter, place,
 * value) and to JSON, and compares everything: status, error message, events, the decoded
 * out and the JSON text.
 *
 * On databases built here: responses whose constants compile into byte comparisons and
 * responses whose constants do not (bit masks, BCD, ones' complement, sign-magnitude,
 * texts, floats), negative responses (the service's own, NRC constants, global
 * ones), matching-request parameters, responses too short for their constants, constants
 * after a value, services sharing a prefix, requests selecting no service or more than the
 * memo keeps, requests longer than the longest prefix (the key is cut there) and prefixes
 * longer than a key holds. Then slots replaced (1 slot, 64 slots), databases closed and
 * others opened at the same addresses, a live database reloaded, the whole corpus through
 * one small memo (skipped without it), the API's bounds and no allocation in a decode. */
#define TB_CAP 65536
#include "uds_msg_builder.h"

#include "alloc_count.h"
#include "testutil.h"
#include "uds_sample.h"

#include <mdd/codec.h>
#include <mdd/container.h>
#include <mdd_internal/codec.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "case_table.h"

/* ---- Recording what a decode reports ---- */

/* Everything one decode of an exchange reported. */
typedef struct outcome {
    mdd_buffer events; /* one line per visitor event */
    mdd_status status;
    mdd_error err;
    mdd_uds_decoded out;
    mdd_buffer json; /* what mdd_uds_decode_json() wrote */
    mdd_status json_status;
    mdd_error json_err;
} outcome;

static void put(mdd_buffer *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(mdd_buffer *b, const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    assert_true(n >= 0 && (size_t)n < sizeof text);
    mdd_sink sink = mdd_buffer_sink(b);
    assert_int_equal(mdd_sink_write(&sink, text, (size_t)n, NULL), MDD_OK);
}

static void put_hex(mdd_buffer *b, mdd_bytes bytes)
{
    put(b, "%s", bytes.ptr ? "0x" : "(absent)");
    for (size_t i = 0; i < bytes.len; i++)
        put(b, "%02X", bytes.ptr[i]);
}

static void put_value(mdd_buffer *b, const mdd_uds_value *v)
{
    switch (v->kind) {
    case MDD_UDS_UINT: put(b, " =%llu", (unsigned long long)v->as.u); break;
    case MDD_UDS_INT: put(b, " =%lld", (long long)v->as.i); break;
    case MDD_UDS_FLOAT: put(b, " =%a", v->as.f); break;
    case MDD_UDS_TEXT:
        put(b, " text %d ", (int)v->as.text.encoding);
        put_hex(b, v->as.text.bytes);
        break;
    case MDD_UDS_BYTES:
        put(b, " bytes ");
        put_hex(b, v->as.bytes);
        break;
    case MDD_UDS_DTC:
        put(b, " dtc %06X table %u", (unsigned)v->as.dtc.code, (unsigned)v->as.dtc.dtc.t.pos);
        break;
    default: break;
    }
}

/* A visitor event as one line: kind, path, the parameter's table, offset and count, value. */
static mdd_status record_event(void *ctx, const mdd_uds_value *v, mdd_error *err)
{
    (void)err;
    mdd_buffer *b = ctx;
    put(b, "%d ", (int)v->kind);
    for (uint32_t i = 0; i < v->depth; i++) {
        const mdd_uds_path_elem *e = &v->path[i];
        if (e->name.ptr)
            put(b, "/%.*s", (int)e->name.len, (const char *)e->name.ptr);
        else
            put(b, "[%u]", (unsigned)e->index);
    }
    put(b, " param %u @%zu+%zu", (unsigned)v->param.t.pos, v->byte_offset, v->byte_count);
    put_value(b, v);
    put(b, "\n");
    return MDD_OK;
}

/* A request and the response to it. */
typedef struct exchange {
    const uint8_t *request;
    size_t request_len;
    const uint8_t *response;
    size_t response_len;
} exchange;

#define EXCHANGE(req, resp) \
    ((exchange){(const uint8_t *)(req), sizeof(req) - 1, (const uint8_t *)(resp), sizeof(resp) - 1})

/* Decodes x with the visitor and to JSON, with opts but through memo (NULL: none), into o. */
static void run(const mdd_db_layer *layer, const exchange *x, mdd_uds_options opts,
                mdd_uds_memo *memo, outcome *o)
{
    opts.memo = memo;
    o->events.len = 0;
    o->json.len = 0;
    memset(&o->err, 0, sizeof o->err);
    memset(&o->json_err, 0, sizeof o->json_err);
    /* Whatever the decode leaves untouched must be left untouched alike. */
    memset(&o->out, 0xA5, sizeof o->out);
    mdd_uds_visitor visitor = {record_event, &o->events};
    o->status = mdd_uds_decode(layer, x->request, x->request_len, x->response, x->response_len,
                               &visitor, &opts, &o->out, &o->err);
    mdd_sink sink = mdd_buffer_sink(&o->json);
    o->json_status = mdd_uds_decode_json(layer, x->request, x->request_len, x->response,
                                         x->response_len, &opts, &sink, &o->json_err);
}

static int same_table(mdd_fb_table a, mdd_fb_table b)
{
    return a.buf == b.buf && a.len == b.len && a.pos == b.pos;
}

static int same_decoded(const mdd_uds_decoded *a, const mdd_uds_decoded *b)
{
    return same_table(a->service.service.t, b->service.service.t) &&
           a->service.prefix.bytes == b->service.prefix.bytes &&
           a->service.prefix.len == b->service.prefix.len && a->message.kind == b->message.kind &&
           a->message.index == b->message.index && same_table(a->response.t, b->response.t) &&
           a->covered == b->covered;
}

static int same_text(const mdd_buffer *a, const mdd_buffer *b)
{
    return a->len == b->len && (a->len == 0 || memcmp(a->data, b->data, a->len) == 0);
}

/* What differs between two outcomes, or NULL. */
static const char *difference(const outcome *a, const outcome *b)
{
    if (a->status != b->status)
        return "status";
    if (a->status != MDD_OK && strcmp(a->err.message, b->err.message) != 0)
        return "error message";
    if (!same_text(&a->events, &b->events))
        return "visitor events";
    if (!same_decoded(&a->out, &b->out))
        return "decoded out";
    if (a->json_status != b->json_status)
        return "JSON status";
    if (a->json_status != MDD_OK && strcmp(a->json_err.message, b->json_err.message) != 0)
        return "JSON error message";
    if (!same_text(&a->json, &b->json))
        return "JSON text";
    return NULL;
}

static void hex_of(const uint8_t *bytes, size_t len, char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    for (size_t i = 0; i < len && n + 3 < size; i++)
        n += (size_t)snprintf(out + n, size - n, "%02X", bytes[i]);
}

static void fail_difference(const char *where, const exchange *x, const char *what,
                            const outcome *plain, const outcome *memo)
{
    char req[80], resp[160];
    hex_of(x->request, x->request_len, req, sizeof req);
    hex_of(x->response, x->response_len, resp, sizeof resp);
    print_message("%s: request %s response %s: not the same through the memo: %s\n", where,
                  req, resp, what);
    print_message("without: status %d '%s'\n%.*s%.*s\n", plain->status, plain->err.message,
                  (int)plain->events.len, (const char *)plain->events.data, (int)plain->json.len,
                  (const char *)plain->json.data);
    print_message("with: status %d '%s'\n%.*s%.*s\n", memo->status, memo->err.message,
                  (int)memo->events.len, (const char *)memo->events.data, (int)memo->json.len,
                  (const char *)memo->json.data);
    fail();
}

/* The three decodes of a check; freed by the group's teardown. */
static outcome runs[3];

/* Decodes x with opts without a memo, then twice through memo: all three must report the
 * same. Returns the status of the decode. */
static mdd_status same_with_memo_opts(const mdd_db_layer *layer, const exchange *x,
                                      mdd_uds_options opts, mdd_uds_memo *memo,
                                      const char *where)
{
    run(layer, x, opts, NULL, &runs[0]);
    for (int i = 1; i <= 2; i++) {
        run(layer, x, opts, memo, &runs[i]);
        const char *what = difference(&runs[0], &runs[i]);
        if (what)
            fail_difference(where, x, what, &runs[0], &runs[i]);
    }
    return runs[0].status;
}

/* same_with_memo_opts() with the default options. */
static mdd_status same_with_memo(const mdd_db_layer *layer, const exchange *x,
                                 mdd_uds_memo *memo, const char *where)
{
    return same_with_memo_opts(layer, x, mdd_uds_options_default(), memo, where);
}

static int free_runs(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        mdd_buffer_free(&runs[i].events);
        mdd_buffer_free(&runs[i].json);
    }
    return 0;
}

/* An exchange and what its decode reports: status and, as mb_record writes them, the values
 * (MDD_OK) or the error message. */
typedef struct memo_case {
    const char *name;
    exchange x;
    mdd_status status;
    const char *text;
} memo_case;

#define CASE(name, req, resp, status, text)                                                   \
    {name, {(const uint8_t *)(req), sizeof(req) - 1, (const uint8_t *)(resp), sizeof(resp) - 1}, \
     status, text}

/* same_with_memo() of c's exchange, and the decode reports what c expects; a failure names
 * the case. */
static void expect(const mdd_db_layer *layer, mdd_uds_memo *memo, const memo_case *c)
{
    mdd_status through_memo = same_with_memo(layer, &c->x, memo, c->name);
    mb_record rec;
    mdd_uds_visitor v = mb_recorder(&rec);
    mdd_error err;
    mdd_status st = mdd_uds_decode(layer, c->x.request, c->x.request_len, c->x.response,
                                   c->x.response_len, &v, NULL, NULL, &err);
    if (through_memo != c->status || st != c->status)
        fail_msg("%s: status %d (%d through the memo), expected %d", c->name, st, through_memo,
                 c->status);
    const char *text = st == MDD_OK ? rec.text : err.message;
    if (strcmp(text, c->text) != 0)
        fail_msg("%s: reports\n  %s\nexpected\n  %s", c->name, text, c->text);
}

/* expect() of cases[0..count) in order, all through memo, rounds times. */
static void expect_all(const mdd_db_layer *layer, mdd_uds_memo *memo, const memo_case *cases,
                       size_t count, int rounds)
{
    for (int round = 0; round < rounds; round++)
        for (size_t i = 0; i < count; i++)
            expect(layer, memo, &cases[i]);
}

#define EXPECT_ALL(layer, memo, cases, rounds)                                                  \
    expect_all(layer, memo, cases, sizeof(cases) / sizeof(cases)[0], rounds)

static mdd_uds_memo *new_memo(size_t entries)
{
    mdd_uds_memo *memo = NULL;
    mdd_error err;
    assert_int_equal(mdd_uds_memo_create(entries, &memo, &err), MDD_OK);
    assert_non_null(memo);
    return memo;
}

/* ---- The database ---- */

static const mb_dop md_u4 = MB_UINT_DOP(4);
static const mb_dop md_u8 = MB_UINT_DOP(8);
static const mb_dop md_u16 = MB_UINT_DOP(16);

#define MATCHING(pname, pos, at, len)                                                       \
    {.name = (pname), .type = MDD_PARAM_TYPE_MATCHING_REQUEST_PARAM, .byte = MB_AT(pos),      \
     .request_byte = (at), .byte_length = (len)}

/* A CODED_CONST at byte pos whose coded type is the ub_dct initializer that follows. */
#define CONST_OF(pname, v, pos, ...)                                                        \
    {.name = (pname), .type = MDD_PARAM_TYPE_CODED_CONST, .byte = MB_AT(pos), .value = (v),   \
     .dct = __VA_ARGS__}

#define RESPONSES(params) {(params), sizeof(params) / sizeof(params)[0], 0}

#define SERVICE(sname, req, pos_r, neg_r)                                                   \
    {.name = (sname), .request = (req), .request_count = sizeof(req) / sizeof(req)[0],       \
     .pos = (pos_r), .pos_count = sizeof(pos_r) / sizeof(pos_r)[0], .neg = (neg_r),         \
     .neg_count = sizeof(neg_r) / sizeof(neg_r)[0]}

#define SERVICE_POS(sname, req, pos_r)                                                      \
    {.name = (sname), .request = (req), .request_count = sizeof(req) / sizeof(req)[0],       \
     .pos = (pos_r), .pos_count = sizeof(pos_r) / sizeof(pos_r)[0]}

/* ReadDID: 22 F1 90 -> 62 F1 90 <Value u16>, the DID repeating the request's; 7F 22 <NRC>. */
static const mb_param md_did_req[] = {MB_CONST("SID", "34", 8, 0),
                                      MB_CONST("DID", "61840", 16, 1)};
static const mb_param md_did_pos[] = {MB_CONST("SID", "98", 8, 0), MATCHING("DID", 1, 1, 2),
                                      MB_VALUE("Value", &md_u16, MB_AT(3))};
static const mb_param md_did_neg[] = {MB_CONST("SID", "127", 8, 0), MATCHING("SIDRQ", 1, 0, 1),
                                      MB_VALUE("NRC", &md_u8, MB_AT(2))};
static const mb_response md_did_pos_r[] = {RESPONSES(md_did_pos)};
static const mb_response md_did_neg_r[] = {RESPONSES(md_did_neg)};

/* TesterPresent: 3E 00 -> 7E 00; its negative response is the layer's global one,
 * 7F <SIDRQ u8> <NRC u8>, which any service's 7F takes when its own do not. */
static const mb_param md_tp_req[] = {MB_CONST("SID", "62", 8, 0), MB_CONST("Sub", "0", 8, 1)};
static const mb_param md_tp_pos[] = {MB_CONST("SID", "126", 8, 0), MB_CONST("Sub", "0", 8, 1)};
static const mb_param md_global[] = {MB_CONST("SID", "127", 8, 0),
                                     MB_VALUE("SIDRQ", &md_u8, MB_AT(1)),
                                     MB_VALUE("Code", &md_u8, MB_AT(2))};
static const mb_response md_tp_pos_r[] = {RESPONSES(md_tp_pos)};
static const mb_response md_global_r[] = {{md_global, 3, 1}};

/* Start: 31 01 -> 71 01 <Status u8>; Erase: 31 01 FF 00 -> 71 01 FF 00 <Result u8>: two
 * services sharing the prefix 31 01, without negative responses of their own. */
static const mb_param md_start_req[] = {MB_CONST("SID", "49", 8, 0), MB_CONST("Sub", "1", 8, 1)};
static const mb_param md_start_pos[] = {MB_CONST("SID", "113", 8, 0), MB_CONST("Sub", "1", 8, 1),
                                        MB_VALUE("Status", &md_u8, MB_AT(2))};
static const mb_param md_erase_req[] = {MB_CONST("SID", "49", 8, 0), MB_CONST("Sub", "1", 8, 1),
                                        MB_CONST("RID", "65280", 16, 2)};
static const mb_param md_erase_pos[] = {MB_CONST("SID", "113", 8, 0), MB_CONST("Sub", "1", 8, 1),
                                        MB_CONST("RID", "65280", 16, 2),
                                        MB_VALUE("Result", &md_u8, MB_AT(4))};
static const mb_response md_start_pos_r[] = {RESPONSES(md_start_pos)};
static const mb_response md_erase_pos_r[] = {RESPONSES(md_erase_pos)};

/* WriteDID: 2E F1 90 <Data u16> -> 6E F1 90 <Data repeated>: the request's tail past the
 * layer's longest prefix (4 bytes, Erase's) is repeated by the response. */
static const mb_param md_write_req[] = {MB_CONST("SID", "46", 8, 0),
                                        MB_CONST("DID", "61840", 16, 1),
                                        MB_VALUE("Data", &md_u16, MB_AT(3))};
static const mb_param md_write_pos[] = {MB_CONST("SID", "110", 8, 0), MATCHING("DID", 1, 1, 2),
                                        MATCHING("Data", 3, 3, 2)};
static const mb_response md_write_pos_r[] = {RESPONSES(md_write_pos)};

/* Services 2E <sub> whose positive responses 6E ... hold constants of every flavour. */
#define SUB_REQ(sub) {MB_CONST("SID", "46", 8, 0), MB_CONST("Sub", sub, 8, 1)}
static const uint8_t md_mask_f0[] = {0xF0};
static const uint8_t md_no_mask[] = {0};

static const mb_param md_masked_req[] = SUB_REQ("1");
static const mb_param md_masked_pos[] = {
    MB_CONST("SID", "110", 8, 0),
    CONST_OF("Flag", "160", 1, {.kind = MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE,
                                .base = MDD_DATA_TYPE_A_UINT_32, .bits = 8, .mask = md_mask_f0,
                                .mask_len = 1}),
    MB_VALUE("Rest", &md_u8, MB_AT(2))};
static const mb_param md_bcd_req[] = SUB_REQ("2");
static const mb_param md_bcd_pos[] = {
    MB_CONST("SID", "110", 8, 0),
    CONST_OF("Code", "42", 1, {.kind = MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE,
                               .base = MDD_DATA_TYPE_A_UINT_32, .encoding = "BCD-P", .bits = 8}),
    MB_VALUE("Rest", &md_u8, MB_AT(2))};
static const mb_param md_text_req[] = SUB_REQ("3");
static const mb_param md_text_pos[] = {
    MB_CONST("SID", "110", 8, 0),
    CONST_OF("Tag", "OK", 1, {.kind = MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE,
                              .base = MDD_DATA_TYPE_A_ASCIISTRING, .bits = 16}),
    MB_VALUE("Rest", &md_u8, MB_AT(3))};
static const mb_param md_signed_req[] = SUB_REQ("4");
static const mb_param md_signed_pos[] = {
    MB_CONST("SID", "110", 8, 0),
    CONST_OF("Neg", "-2", 1, {.kind = MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE,
                              .base = MDD_DATA_TYPE_A_INT_32, .bits = 8}),
    MB_VALUE("Rest", &md_u8, MB_AT(2))};
static const mb_param md_low_high_req[] = SUB_REQ("5");
static const mb_param md_low_high_pos[] = {
    MB_CONST("SID", "110", 8, 0),
    CONST_OF("Word", "4660", 1, {.kind = MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE,
                                 .base = MDD_DATA_TYPE_A_UINT_32, .low_high = 1, .bits = 16}),
    MB_VALUE("Rest", &md_u8, MB_AT(3))};
/* Nib: bits 4..7 of byte 1; Low: bits 0..3; Next follows on the next byte. */
static const mb_param md_bits_req[] = SUB_REQ("6");
static const mb_param md_bits_pos[] = {
    MB_CONST("SID", "110", 8, 0),
    {.name = "Nib", .type = MDD_PARAM_TYPE_CODED_CONST, .byte = MB_AT(1), .bit = MB_AT(4),
     .value = "10", .dct = MB_UINT(4)},
    {.name = "Low", .type = MDD_PARAM_TYPE_VALUE, .byte = MB_AT(1), .bit = MB_AT(0),
     .dop = &md_u4},
    MB_VALUE("Next", &md_u8, 0)};
/* End follows a value without a position: the match stops before it, the decode checks it. */
static const mb_param md_after_req[] = SUB_REQ("7");
static const mb_param md_after_pos[] = {MB_CONST("SID", "110", 8, 0),
                                        MB_VALUE("Len", &md_u8, MB_AT(1)),
                                        {.name = "End", .type = MDD_PARAM_TYPE_CODED_CONST,
                                         .value = "85", .dct = MB_UINT(8)}};
/* Two positive responses: the first wants the 16-bit Tag AA 01, the second takes the rest. */
static const mb_param md_two_req[] = SUB_REQ("8");
static const mb_param md_two_first[] = {MB_CONST("SID", "110", 8, 0),
                                        MB_CONST("Tag", "43521", 16, 1),
                                        MB_VALUE("X", &md_u8, MB_AT(3))};
static const mb_param md_two_second[] = {MB_CONST("SID", "110", 8, 0),
                                         MB_VALUE("Short", &md_u8, MB_AT(1))};
static const mb_param md_ones_req[] = SUB_REQ("9");
static const mb_param md_ones_pos[] = {
    MB_CONST("SID", "110", 8, 0),
    CONST_OF("Neg", "-1", 1, {.kind = MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE,
                              .base = MDD_DATA_TYPE_A_INT_32, .encoding = "1C", .bits = 8}),
    MB_VALUE("Rest", &md_u8, MB_AT(2))};
static const mb_param md_float_req[] = SUB_REQ("11");
static const mb_param md_float_pos[] = {
    MB_CONST("SID", "110", 8, 0),
    CONST_OF("Half", "1.5", 1, {.kind = MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE,
                                .base = MDD_DATA_TYPE_A_FLOAT_32, .bits = 32})};
/* No positive response: the first a decode tries is a negative one with an NRC constant. */
static const mb_param md_nrc_req[] = SUB_REQ("12");
static const char *const md_nrcs[] = {"49", "34"};
static const mb_param md_nrc_neg[] = {
    MB_CONST("SID", "127", 8, 0), MATCHING("SIDRQ", 1, 0, 1),
    {.name = "NRC", .type = MDD_PARAM_TYPE_NRC_CONST, .byte = MB_AT(2), .values = md_nrcs,
     .value_count = 2, .dct = MB_UINT(8)}};
static const mb_param md_wide_req[] = SUB_REQ("13");
static const mb_param md_wide_pos[] = {
    MB_CONST("SID", "110", 8, 0),
    CONST_OF("Wide", "1099511627775", 1, {.kind = MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE,
                                          .base = MDD_DATA_TYPE_A_UINT_32, .bits = 40})};
static const mb_param md_empty_mask_req[] = SUB_REQ("14");
static const mb_param md_empty_mask_pos[] = {
    MB_CONST("SID", "110", 8, 0),
    CONST_OF("Flag", "7", 1, {.kind = MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE,
                              .base = MDD_DATA_TYPE_A_UINT_32, .bits = 8, .mask = md_no_mask,
                              .mask_len = 0})};

/* The mask's bits gathered: 5 is 5x, and 05 is 0. */
static const mb_param md_condensed_req[] = SUB_REQ("16");
static const mb_param md_condensed_pos[] = {
    MB_CONST("SID", "110", 8, 0),
    CONST_OF("Hi", "5", 1, {.kind = MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE,
                            .base = MDD_DATA_TYPE_A_UINT_32, .bits = 8, .mask = md_mask_f0,
                            .mask_len = 1, .condensed = 1})};
/* Sign-magnitude: 00 and 80 are both 0. */
static const mb_param md_sm_req[] = SUB_REQ("15");
static const mb_param md_sm_pos[] = {
    MB_CONST("SID", "110", 8, 0),
    CONST_OF("Zero", "0", 1, {.kind = MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE,
                              .base = MDD_DATA_TYPE_A_INT_32, .encoding = "SM", .bits = 8})};

static const mb_response md_masked_r[] = {RESPONSES(md_masked_pos)};
static const mb_response md_bcd_r[] = {RESPONSES(md_bcd_pos)};
static const mb_response md_text_r[] = {RESPONSES(md_text_pos)};
static const mb_response md_signed_r[] = {RESPONSES(md_signed_pos)};
static const mb_response md_low_high_r[] = {RESPONSES(md_low_high_pos)};
static const mb_response md_bits_r[] = {RESPONSES(md_bits_pos)};
static const mb_response md_after_r[] = {RESPONSES(md_after_pos)};
static const mb_response md_two_r[] = {RESPONSES(md_two_first), RESPONSES(md_two_second)};
static const mb_response md_ones_r[] = {RESPONSES(md_ones_pos)};
static const mb_response md_float_r[] = {RESPONSES(md_float_pos)};
static const mb_response md_nrc_r[] = {RESPONSES(md_nrc_neg), RESPONSES(md_did_neg)};
static const mb_response md_wide_r[] = {RESPONSES(md_wide_pos)};
static const mb_response md_empty_mask_r[] = {RESPONSES(md_empty_mask_pos)};
static const mb_response md_sm_r[] = {RESPONSES(md_sm_pos)};
static const mb_response md_condensed_r[] = {RESPONSES(md_condensed_pos)};

/* ---- Response plans: what the plan compiles beyond the match ---- */

#define TEXTS(...) {.category = MDD_COMPU_CATEGORY_TEXT_TABLE, __VA_ARGS__}
#define TEXT_DOP(dname, dct, compu)                                                          \
    {.kind = MB_NORMAL, .name = (dname),                                                   \
     .normal = {dct, compu, MDD_PHYSICAL_TYPE_DATA_TYPE_A_UNICODE_2_STRING}}

/* 1 bit: 0 off, 1 on (a lone lower limit is the only value), looked up by the value. */
static const ub_compu md_onoff = TEXTS(.scales = {{.lower = "0", .upper = "0", .vt = "off"},
                                                  {.lower = "1", .vt = "on"}},
                                       .scale_count = 2);
/* Signed 4 bits: -8..-1 neg, 0..7 pos. */
static const ub_compu md_sign = TEXTS(.scales = {{.lower = "-8", .upper = "-1", .vt = "neg"},
                                                 {.lower = "0", .upper = "7", .vt = "pos"}},
                                      .scale_count = 2);
/* 8 bits: [0, 10] low, (10, 100) mid, [100, infinity) high. */
static const ub_compu md_level =
    TEXTS(.scales = {{.lower = "0", .upper = "10", .vt = "low"},
                     {.lower = "10", .lower_type = UB_OPEN, .upper = "100", .upper_type = UB_OPEN,
                      .vt = "mid"},
                     {.lower = "100", .upper_type = UB_INFINITE, .vt = "high"}},
          .scale_count = 3);
/* 5 only, else the default "other"; and without a default. */
static const ub_compu md_sparse =
    TEXTS(.scales = {{.lower = "5", .vt = "five"}}, .scale_count = 1, .default_vt = "other");
static const ub_compu md_strict = TEXTS(.scales = {{.lower = "5", .vt = "five"}}, .scale_count = 1);

static const mb_dop md_flag_dop = TEXT_DOP("OnOff", MB_UINT(1), &md_onoff);
static const mb_dop md_sign_dop =
    TEXT_DOP("Sign", UB_STANDARD(MDD_DATA_TYPE_A_INT_32, 4), &md_sign);
static const mb_dop md_level_dop = TEXT_DOP("Level", MB_UINT(8), &md_level);
static const mb_dop md_sparse_dop = TEXT_DOP("Sparse", MB_UINT(8), &md_sparse);
static const mb_dop md_strict_dop = TEXT_DOP("Strict", MB_UINT(8), &md_strict);

/* Texts: 6E <Flag: bit 7, Sign: bits 0..3> <Level> <Sparse> <Strict>. */
static const mb_param md_texts_req[] = SUB_REQ("32");
static const mb_param md_texts_pos[] = {
    MB_CONST("SID", "110", 8, 0),
    {.name = "Flag", .type = MDD_PARAM_TYPE_VALUE, .byte = MB_AT(1), .bit = MB_AT(7),
     .dop = &md_flag_dop},
    {.name = "Sign", .type = MDD_PARAM_TYPE_VALUE, .byte = MB_AT(1), .bit = MB_AT(0),
     .dop = &md_sign_dop},
    MB_VALUE("Level", &md_level_dop, MB_AT(2)), MB_VALUE("Sparse", &md_sparse_dop, MB_AT(3)),
    MB_VALUE("Strict", &md_strict_dop, MB_AT(4))};

/* Record: 6E <Rec: 3 bytes {A u8, B: bits 4..7 of its byte 1, C u8 after B}> <Tail u8>. */
static const mb_param md_rec_params[] = {
    MB_VALUE("A", &md_u8, MB_AT(0)),
    {.name = "B", .type = MDD_PARAM_TYPE_VALUE, .byte = MB_AT(1), .bit = MB_AT(4), .dop = &md_u4},
    MB_VALUE("C", &md_u8, 0)};
static const mb_dop md_rec_dop = {.kind = MB_STRUCTURE, .name = "RecDop", .params = md_rec_params,
                                  .param_count = 3, .byte_size = MB_AT(3)};
static const mb_param md_record_req[] = SUB_REQ("33");
static const mb_param md_record_pos[] = {MB_CONST("SID", "110", 8, 0),
                                         MB_VALUE("Rec", &md_rec_dop, MB_AT(1)),
                                         MB_VALUE("Tail", &md_u8, 0)};

/* Dtcs: 6E <List: items to the end {Code: a DTC of 24 bits, Status: Level}>. The DOP's own
 * DTCs (D1 twice: the first counts), and E1 in the ECU's. */
static const mb_dtc md_own_dtcs[] = {{"D1", 0x123456, "P1234", "First", 2},
                                     {"D2", 0x000001, NULL, NULL, 0},
                                     {"D1b", 0x123456, NULL, "Again", 0}};
static const mb_dtc md_ecu_dtcs[] = {{"E1", 0x00ABCD, NULL, "From the ECU", 1}};
static const mb_dop md_code_dop = {.kind = MB_DTC, .name = "Code24",
                                   .normal = {MB_UINT(24), NULL, UB_ABSENT},
                                   .dtcs = md_own_dtcs, .dtc_count = 3};
static const mb_param md_item_params[] = {MB_VALUE("Code", &md_code_dop, MB_AT(0)),
                                          MB_VALUE("Status", &md_level_dop, MB_AT(3))};
static const mb_dop md_item_dop = {.kind = MB_STRUCTURE, .name = "Item",
                                   .params = md_item_params, .param_count = 2};
static const mb_dop md_list_dop = {.kind = MB_END_OF_PDU_FIELD, .name = "ListDop",
                                   .item = &md_item_dop};
static const mb_param md_dtcs_req[] = SUB_REQ("34");
static const mb_param md_dtcs_pos[] = {MB_CONST("SID", "110", 8, 0),
                                       MB_VALUE("List", &md_list_dop, MB_AT(1))};

/* Fields: 6E <Fixed: 2 items of 2 bytes {X u8}> <Counted: a count u8, then its items {X u8}>. */
static const mb_param md_x_params[] = {MB_VALUE("X", &md_u8, MB_AT(0))};
static const mb_dop md_x_dop = {.kind = MB_STRUCTURE, .name = "XItem", .params = md_x_params,
                                .param_count = 1};
static const mb_dop md_fixed_dop = {.kind = MB_STATIC_FIELD, .name = "FixedDop", .item = &md_x_dop,
                                    .count = 2, .item_size = 2};
static const mb_dop md_counted_dop = {.kind = MB_DYNAMIC_FIELD, .name = "CountedDop",
                                      .item = &md_x_dop, .offset = 1, .count_byte = 0,
                                      .count_dop = &md_u8};
static const mb_param md_fields_req[] = SUB_REQ("35");
static const mb_param md_fields_pos[] = {MB_CONST("SID", "110", 8, 0),
                                         MB_VALUE("Fixed", &md_fixed_dop, MB_AT(1)),
                                         MB_VALUE("Counted", &md_counted_dop, 0)};

/* More than a plan holds: 6E and 60 values (the plan does not fit); 6E, a structure of 60
 * values and a DTC of a DOP of 40 DTCs (the structure is decoded through the database, the
 * DTCs are searched as without a plan). Filled by setup(). */
#define MD_MANY 60
#define MD_MANY_DTCS 40
static char md_many_names[MD_MANY][8];
static mb_param md_many_values[MD_MANY];
static mb_param md_many_pos[1 + MD_MANY];
static mb_dtc md_many_dtcs[MD_MANY_DTCS];
static mb_dop md_big_dop = {.kind = MB_STRUCTURE, .name = "Big", .params = md_many_values,
                            .param_count = MD_MANY};
static mb_dop md_many_code_dop = {.kind = MB_DTC, .name = "Code16",
                                  .normal = {MB_UINT(16), NULL, UB_ABSENT}, .dtcs = md_many_dtcs,
                                  .dtc_count = MD_MANY_DTCS};
static const mb_param md_many_req[] = SUB_REQ("36");
static const mb_param md_big_req[] = SUB_REQ("37");
static const mb_param md_big_pos[] = {MB_CONST("SID", "110", 8, 0),
                                      MB_VALUE("Big", &md_big_dop, MB_AT(1)),
                                      MB_VALUE("Code", &md_many_code_dop, 0)};

/* Wordy: 6E <MD_WORDY values of 3 bits, a byte each>, each a TEXT_TABLE of 8 texts of about
 * 100 bytes (with a quote, a backslash, a tab and an e acute): 64 scales, whose members are
 * more JSON than a plan renders (4 KB), so that the last are written as without a plan. */
#define MD_WORDY 8
static char md_wordy_names[MD_WORDY][40];
static char md_wordy_texts[MD_WORDY][UB_MAX_SCALES][112];
static ub_compu md_wordy_compus[MD_WORDY];
static mb_dop md_wordy_dops[MD_WORDY];
static mb_param md_wordy_pos[1 + MD_WORDY];
static const mb_param md_wordy_req[] = SUB_REQ("38");

static void fill_wordy(void)
{
    static const char *const limits[UB_MAX_SCALES] = {"0", "1", "2", "3", "4", "5", "6", "7"};
    md_wordy_pos[0] = (mb_param)MB_CONST("SID", "110", 8, 0);
    for (uint32_t i = 0; i < MD_WORDY; i++) {
        ub_compu *c = &md_wordy_compus[i];
        *c = (ub_compu)TEXTS(.scale_count = UB_MAX_SCALES);
        for (uint32_t k = 0; k < UB_MAX_SCALES; k++) {
            snprintf(md_wordy_texts[i][k], sizeof md_wordy_texts[i][k],
                     "value %u of parameter %u: a \"quoted\" text, a back\\slash, a\ttab, "
                     "caf\xC3\xA9, and enough words to be long",
                     (unsigned)k, (unsigned)i);
            c->scales[k] = (ub_scale){.lower = limits[k], .upper = limits[k],
                                      .vt = md_wordy_texts[i][k]};
        }
        md_wordy_dops[i] = (mb_dop)TEXT_DOP("Wordy", MB_UINT(3), c);
        snprintf(md_wordy_names[i], sizeof md_wordy_names[i], "a rather long parameter name %u",
                 (unsigned)i);
        md_wordy_pos[1 + i] =
            (mb_param)MB_VALUE(md_wordy_names[i], &md_wordy_dops[i], MB_AT(1 + i));
    }
}

static void fill_many(void)
{
    md_many_pos[0] = (mb_param)MB_CONST("SID", "110", 8, 0);
    for (uint32_t i = 0; i < MD_MANY; i++) {
        snprintf(md_many_names[i], sizeof md_many_names[i], "V%u", (unsigned)i);
        md_many_values[i] = (mb_param)MB_VALUE(md_many_names[i], &md_u8, 0);
        md_many_pos[1 + i] = (mb_param)MB_VALUE(md_many_names[i], &md_u8, MB_AT(1 + i));
    }
    for (uint32_t i = 0; i < MD_MANY_DTCS; i++)
        md_many_dtcs[i] = (mb_dtc){"M", 0x1000 + i, NULL, NULL, 0};
}

static const mb_response md_texts_r[] = {RESPONSES(md_texts_pos)};
static const mb_response md_record_r[] = {RESPONSES(md_record_pos)};
static const mb_response md_dtcs_r[] = {RESPONSES(md_dtcs_pos)};
static const mb_response md_fields_r[] = {RESPONSES(md_fields_pos)};
static const mb_response md_many_r[] = {{md_many_pos, 1 + MD_MANY, 0}};
static const mb_response md_big_r[] = {RESPONSES(md_big_pos)};
static const mb_response md_wordy_r[] = {{md_wordy_pos, 1 + MD_WORDY, 0}};

static const mb_service md_services[] = {
    SERVICE("ReadDID", md_did_req, md_did_pos_r, md_did_neg_r),
    SERVICE("TesterPresent", md_tp_req, md_tp_pos_r, md_global_r),
    SERVICE_POS("Start", md_start_req, md_start_pos_r),
    SERVICE_POS("Erase", md_erase_req, md_erase_pos_r),
    SERVICE_POS("WriteDID", md_write_req, md_write_pos_r),
    SERVICE_POS("Masked", md_masked_req, md_masked_r),
    SERVICE_POS("Bcd", md_bcd_req, md_bcd_r),
    SERVICE_POS("Text", md_text_req, md_text_r),
    SERVICE_POS("Signed", md_signed_req, md_signed_r),
    SERVICE_POS("LowHigh", md_low_high_req, md_low_high_r),
    SERVICE_POS("Bits", md_bits_req, md_bits_r),
    SERVICE_POS("AfterValue", md_after_req, md_after_r),
    SERVICE_POS("TwoPos", md_two_req, md_two_r),
    SERVICE_POS("Ones", md_ones_req, md_ones_r),
    SERVICE_POS("Float", md_float_req, md_float_r),
    {.name = "OnlyNeg", .request = md_nrc_req, .request_count = 2, .neg = md_nrc_r,
     .neg_count = 2},
    SERVICE_POS("Wide", md_wide_req, md_wide_r),
    SERVICE_POS("EmptyMask", md_empty_mask_req, md_empty_mask_r),
    SERVICE_POS("SignMagnitude", md_sm_req, md_sm_r),
    SERVICE_POS("Condensed", md_condensed_req, md_condensed_r),
    SERVICE_POS("Texts", md_texts_req, md_texts_r),
    SERVICE_POS("Record", md_record_req, md_record_r),
    SERVICE_POS("Dtcs", md_dtcs_req, md_dtcs_r),
    SERVICE_POS("Fields", md_fields_req, md_fields_r),
    SERVICE_POS("Many", md_many_req, md_many_r),
    SERVICE_POS("BigStructure", md_big_req, md_big_r),
    SERVICE_POS("Wordy", md_wordy_req, md_wordy_r),
};
static const mb_ecu md_ecu = {"MemoEcu", md_services, sizeof md_services / sizeof md_services[0],
                              md_ecu_dtcs, 1};

/* Lays e out in b and opens it (*d, closed by the caller); returns its variant, or NULL
 * after printing why it does not open. */
static const mdd_db_layer *open_built(tb *b, const mb_ecu *e, mdd_db **d)
{
    mb_build(b, e);
    mdd_bytes payload = {b->buf, b->len};
    mdd_error err;
    if (mdd_db_open_payloads(&payload, 1, NULL, d, &err) != MDD_OK) {
        print_error("%s\n", err.message);
        return NULL;
    }
    return mdd_db_ecu_variant_at(mdd_db_ecu_at(*d, 0), 0);
}

static tb layout;
static mdd_db *db;
static const mdd_db_layer *layer;

static int setup(void **state)
{
    (void)state;
    fill_many();
    fill_wordy();
    layer = open_built(&layout, &md_ecu, &db);
    return layer ? 0 : -1;
}

static int teardown(void **state)
{
    mdd_db_close(db);
    return free_runs(state);
}

/* Cases run in order through one memo, which each may find filled by the ones before. */
typedef struct memo_sequence {
    const char *name;
    size_t slots;  /* of the memo, made for the sequence */
    int rounds;    /* times the whole sequence runs */
    const memo_case *cases;
    size_t count;
    void (*then)(mdd_uds_memo *memo); /* checks after the rounds with the same memo, or NULL */
} memo_sequence;

#define SEQUENCE(name, slots, rounds, cases, then)                                             \
    {name, slots, rounds, cases, sizeof(cases) / sizeof(cases)[0], then}

#define READ_DID_TEXT "SID=98@0+1 DID=61840@1+2 Value=4660@3+2"

/* ---- The compiled match ---- */

static const memo_case plain_constants[] = {
    /* SID and the repeated DID hold: the compiled match's path. */
    CASE("compiled match", "\x22\xF1\x90", "\x62\xF1\x90\x12\x34", MDD_OK, READ_DID_TEXT),
    CASE("compiled match, trailing bytes", "\x22\xF1\x90", "\x62\xF1\x90\x12\x34\xAA\xBB",
         MDD_OK, READ_DID_TEXT),
    /* It holds and the decode fails after it: the same error. */
    CASE("compiled match, then truncated", "\x22\xF1\x90", "\x62\xF1\x90\x12", MDD_ERR_FORMAT,
         "/Value: byte 3: 16 bits at bit position 0 need 2 bytes, the message ends at byte 4"),
    /* FE is -2. */
    CASE("signed constant", "\x2E\x04", "\x6E\xFE\x09", MDD_OK,
         "SID=110@0+1 Neg=-2@1+1 Rest=9@2+1"),
    CASE("signed constant differs", "\x2E\x04", "\x6E\x02\x09", MDD_ERR_NOT_FOUND,
         "no response of service 'Signed' matches 6E 02 09"),
    /* 34 12 is 0x1234. */
    CASE("constant read low-high", "\x2E\x05", "\x6E\x34\x12\x09", MDD_OK,
         "SID=110@0+1 Word=4660@1+2 Rest=9@3+1"),
    CASE("constant read low-high differs", "\x2E\x05", "\x6E\x12\x34\x09", MDD_ERR_NOT_FOUND,
         "no response of service 'LowHigh' matches 6E 12 34 09"),
    /* A in A3: 10, followed by a value in the same byte and one on the next. */
    CASE("constant at bit 4", "\x2E\x06", "\x6E\xA3\x07", MDD_OK,
         "SID=110@0+1 Nib=10@1+1 Low=3@1+1 Next=7@2+1"),
    CASE("constant at bit 4 differs", "\x2E\x06", "\x6E\xB3\x07", MDD_ERR_NOT_FOUND,
         "no response of service 'Bits' matches 6E B3 07"),
    CASE("constant of 40 bits", "\x2E\x0D", "\x6E\xFF\xFF\xFF\xFF\xFF", MDD_OK,
         "SID=110@0+1 Wide=1099511627775@1+5"),
    CASE("constant of 40 bits differs", "\x2E\x0D", "\x6E\xFF\xFF\xFF\xFF\xFE",
         MDD_ERR_NOT_FOUND, "no response of service 'Wide' matches 6E FF FF FF FF FE"),
    CASE("an empty mask is no mask", "\x2E\x0E", "\x6E\x07", MDD_OK, "SID=110@0+1 Flag=7@1+1"),
};

static const memo_case negative_responses[] = {
    /* The SID constant 62 fails. */
    CASE("the service's own negative response", "\x22\xF1\x90", "\x7F\x22\x31", MDD_OK,
         "SID=127@0+1 SIDRQ=34@1+1 NRC=49@2+1"),
    /* Its SIDRQ does not repeat the request: TesterPresent's, numbered after ReadDID's one. */
    CASE("the global negative response", "\x22\xF1\x90", "\x7F\x23\x31", MDD_OK,
         "SID=127@0+1 SIDRQ=35@1+1 Code=49@2+1"),
    CASE("the global negative response of a service without one", "\x31\x01", "\x7F\x31\x22",
         MDD_OK, "SID=127@0+1 SIDRQ=49@1+1 Code=34@2+1"),
    /* The first response OnlyNeg tries holds an NRC constant: 31 is one of its values, 11
     * is not (its second negative response takes it). */
    CASE("an NRC constant's value", "\x2E\x0C", "\x7F\x2E\x31", MDD_OK,
         "SID=127@0+1 SIDRQ=46@1+1 NRC=49@2+1"),
    CASE("none of an NRC constant's values", "\x2E\x0C", "\x7F\x2E\x11", MDD_OK,
         "SID=127@0+1 SIDRQ=46@1+1 NRC=17@2+1"),
    CASE("no negative response", "\x2E\x0C", "\x7E\x2E\x11", MDD_ERR_NOT_FOUND,
         "no response of service 'OnlyNeg' matches 7E 2E 11"),
};

/* The decoded out names the global response by its number, through a fresh memo. */
static void global_response_numbered(mdd_uds_memo *memo)
{
    (void)memo;
    mdd_uds_memo *fresh = new_memo(64);
    mb_record rec;
    mdd_uds_visitor v = mb_recorder(&rec);
    mdd_uds_options opts = mdd_uds_options_default();
    opts.memo = fresh;
    mdd_uds_decoded out;
    assert_int_equal(mdd_uds_decode(layer, (const uint8_t *)"\x31\x01", 2,
                                    (const uint8_t *)"\x7F\x31\x22", 3, &v, &opts, &out, NULL),
                     MDD_OK);
    assert_int_equal(out.message.kind, MDD_UDS_NEGATIVE);
    assert_int_equal(out.message.index, 0);
    assert_int_equal(mdd_response_response_type(out.response),
                     MDD_RESPONSE_TYPE_GLOBAL_NEG_RESPONSE);
    mdd_uds_memo_free(fresh);
}

static const memo_case matching_request_param[] = {
    CASE("the DID repeated", "\x22\xF1\x90", "\x62\xF1\x90\x00\x01", MDD_OK,
         "SID=98@0+1 DID=61840@1+2 Value=1@3+2"),
    /* The same request's entry. */
    CASE("a response that does not repeat the DID", "\x22\xF1\x90", "\x62\xF1\x91\x00\x01",
         MDD_ERR_NOT_FOUND, "no response of service 'ReadDID' matches 62 F1 91 00 01"),
    /* 22 F1 is the request's first two bytes. */
    CASE("the DID repeated from the wrong place", "\x22\xF1\x90", "\x62\x22\xF1\x00\x01",
         MDD_ERR_NOT_FOUND, "no response of service 'ReadDID' matches 62 22 F1 00 01"),
    CASE("too short to repeat the DID", "\x22\xF1\x90", "\x62\xF1", MDD_ERR_NOT_FOUND,
         "no response of service 'ReadDID' matches 62 F1"),
    CASE("an empty response", "\x22\xF1\x90", "", MDD_ERR_NOT_FOUND,
         "no response of service 'ReadDID' matches "),
    /* The lookup still finds ReadDID (it compares the bytes both have), the response cannot
     * repeat what the request lacks. */
    CASE("a request shorter than the DID it repeats", "\x22\xF1", "\x62\xF1\x90\x00\x01",
         MDD_ERR_NOT_FOUND, "no response of service 'ReadDID' matches 62 F1 90 00 01"),
};

static const memo_case too_short_for_a_constant[] = {
    CASE("the first response", "\x2E\x08", "\x6E\xAA\x01\x05", MDD_OK,
         "SID=110@0+1 Tag=43521@1+2 X=5@3+1"),
    CASE("too short for the first response's Tag: the second", "\x2E\x08", "\x6E\xAA", MDD_OK,
         "SID=110@0+1 Short=170@1+1"),
    CASE("a Tag that differs: the second response", "\x2E\x08", "\x6E\xAA\x02\x05", MDD_OK,
         "SID=110@0+1 Short=170@1+1"),
    CASE("too short for either response", "\x2E\x08", "\x6E", MDD_ERR_FORMAT,
         "/Short: byte 1: 8 bits at bit position 0 need 1 bytes, the message ends at byte 1"),
    /* No response, then no global one. */
    CASE("too short for the SID", "\x3E\x00", "\x7E", MDD_ERR_NOT_FOUND,
         "no response of service 'TesterPresent' matches 7E"),
};

/* ---- Constants that are not compiled ---- */

static const memo_case constants_not_compiled[] = {
    /* A5 & F0 is A0 (160). */
    CASE("masked constant", "\x2E\x01", "\x6E\xA5\x01", MDD_OK,
         "SID=110@0+1 Flag=160@1+1 Rest=1@2+1"),
    CASE("masked constant differs", "\x2E\x01", "\x6E\xB5\x01", MDD_ERR_NOT_FOUND,
         "no response of service 'Masked' matches 6E B5 01"),
    /* The mask's bits gathered: 5 is 5x, and 05 is 0. */
    CASE("condensed constant", "\x2E\x10", "\x6E\x5A", MDD_OK, "SID=110@0+1 Hi=5@1+1"),
    CASE("condensed constant differs", "\x2E\x10", "\x6E\x05", MDD_ERR_NOT_FOUND,
         "no response of service 'Condensed' matches 6E 05"),
    CASE("BCD constant", "\x2E\x02", "\x6E\x42\x01", MDD_OK,
         "SID=110@0+1 Code=42@1+1 Rest=1@2+1"),
    CASE("BCD constant differs", "\x2E\x02", "\x6E\x2A\x01", MDD_ERR_NOT_FOUND,
         "no response of service 'Bcd' matches 6E 2A 01"),
    CASE("text constant", "\x2E\x03", "\x6EOK\x01", MDD_OK,
         "SID=110@0+1 Tag=\"OK\"@1+2 Rest=1@3+1"),
    CASE("text constant differs", "\x2E\x03", "\x6EOJ\x01", MDD_ERR_NOT_FOUND,
         "no response of service 'Text' matches 6E 4F 4A 01"),
    /* FE is -1. */
    CASE("ones' complement constant", "\x2E\x09", "\x6E\xFE\x01", MDD_OK,
         "SID=110@0+1 Neg=-1@1+1 Rest=1@2+1"),
    CASE("ones' complement constant differs", "\x2E\x09", "\x6E\xFF\x01", MDD_ERR_NOT_FOUND,
         "no response of service 'Ones' matches 6E FF 01"),
    CASE("float constant", "\x2E\x0B", "\x6E\x3F\xC0\x00\x00", MDD_OK,
         "SID=110@0+1 Half=1.5@1+4"),
    /* 00 and 80 are both 0. */
    CASE("sign-magnitude constant 00", "\x2E\x0F", "\x6E\x00", MDD_OK, "SID=110@0+1 Zero=0@1+1"),
    CASE("sign-magnitude constant 80", "\x2E\x0F", "\x6E\x80", MDD_OK, "SID=110@0+1 Zero=0@1+1"),
    CASE("sign-magnitude constant differs", "\x2E\x0F", "\x6E\x01", MDD_ERR_NOT_FOUND,
         "no response of service 'SignMagnitude' matches 6E 01"),
};

static const memo_case constant_after_a_value[] = {
    CASE("constant after a value", "\x2E\x07", "\x6E\x01\x55", MDD_OK,
         "SID=110@0+1 Len=1@1+1 End=85@2+1"),
    /* The match stops at the value: the decode checks End. */
    CASE("constant after a value differs", "\x2E\x07", "\x6E\x01\x56", MDD_ERR_FORMAT,
         "/End at byte 2: coded constant 85 expected, read 86"),
    CASE("constant after a value missing", "\x2E\x07", "\x6E\x01", MDD_ERR_FORMAT,
         "/End: byte 2: 8 bits at bit position 0 need 1 bytes, the message ends at byte 2"),
};

/* ---- Which services ---- */

static const memo_case services_sharing_a_prefix[] = {
    CASE("the more specific service is tried first", "\x31\x01\xFF\x00",
         "\x71\x01\xFF\x00\x03", MDD_OK, "SID=113@0+1 Sub=1@1+1 RID=65280@2+2 Result=3@4+1"),
    /* Erase's response does not match (RID), Start's does. */
    CASE("then the less specific", "\x31\x01\xFF\x00", "\x71\x01\x03", MDD_OK,
         "SID=113@0+1 Sub=1@1+1 Status=3@2+1"),
    CASE("the shorter prefix", "\x31\x01", "\x71\x01\x03", MDD_OK,
         "SID=113@0+1 Sub=1@1+1 Status=3@2+1"),
    /* The lookup compares the bytes both have; Erase comes first. */
    CASE("the shorter prefix selects the longer too", "\x31\x01", "\x71\x01\xFF\x00\x03", MDD_OK,
         "SID=113@0+1 Sub=1@1+1 RID=65280@2+2 Result=3@4+1"),
    /* It differs from Erase's prefix in its last byte. */
    CASE("a request that selects the shorter prefix alone", "\x31\x01\xFF\x01",
         "\x71\x01\xFF\x00\x03", MDD_OK, "SID=113@0+1 Sub=1@1+1 Status=255@2+1"),
};

/* The decoded out names the service whose response matched, through the memo as the cases
 * left it. */
static void less_specific_service_named(mdd_uds_memo *memo)
{
    mdd_uds_decoded out;
    mdd_uds_options opts = mdd_uds_options_default();
    opts.memo = memo;
    assert_int_equal(mdd_uds_decode(layer, (const uint8_t *)"\x31\x01\xFF\x00", 4,
                                    (const uint8_t *)"\x71\x01\x03", 3, NULL, &opts, &out, NULL),
                     MDD_OK);
    mdd_bytes name = mdd_diag_comm_short_name(mdd_diag_service_diag_comm(out.service.service));
    assert_true(mdd_bytes_equal_str(name, "Start"));
}

static const memo_case no_service_and_many_services[] = {
    CASE("no service", "\x99\x01", "\x62", MDD_ERR_NOT_FOUND,
         "no service takes the request 99 01"),
    /* Every service, Erase first (its prefix is the longest): none answers 62, nor does the
     * global response, and the message names the first. */
    CASE("the empty request selects every service", "", "\x62", MDD_ERR_NOT_FOUND,
         "no response of service 'Erase' matches 62"),
    /* Any response repeats it. */
    {"no request at all selects every service",
     {NULL, 0, (const uint8_t *)"\x62\xF1\x90\x12\x34", 5},
     MDD_OK,
     READ_DID_TEXT},
    /* The 17 services 2E ..: more than an entry keeps. The lookup's order (2E F1 90, then by
     * prefix bytes) makes Masked, 2E 01, the first to take 6E A5 01. */
    CASE("more services than an entry keeps", "\x2E", "\x6E\xA5\x01", MDD_OK,
         "SID=110@0+1 Flag=160@1+1 Rest=1@2+1"),
    CASE("more services than an entry keeps, again", "\x2E", "\x6E\xA5\x01", MDD_OK,
         "SID=110@0+1 Flag=160@1+1 Rest=1@2+1"),
};

/* The key is the first 4 bytes (Erase's prefix is the longest): both requests share
 * 2E F1 90 00, and each response must repeat its own request's tail. */
static const memo_case request_longer_than_the_prefixes[] = {
    CASE("the tail 00 01 repeated", "\x2E\xF1\x90\x00\x01", "\x6E\xF1\x90\x00\x01", MDD_OK,
         "SID=110@0+1 DID=61840@1+2 Data=1@3+2"),
    CASE("the tail 00 02 repeated", "\x2E\xF1\x90\x00\x02", "\x6E\xF1\x90\x00\x02", MDD_OK,
         "SID=110@0+1 DID=61840@1+2 Data=2@3+2"),
    CASE("the other request's tail", "\x2E\xF1\x90\x00\x01", "\x6E\xF1\x90\x00\x02",
         MDD_ERR_NOT_FOUND, "no response of service 'WriteDID' matches 6E F1 90 00 02"),
    CASE("a request longer than its parameters", "\x2E\xF1\x90\x00\x02\x07",
         "\x6E\xF1\x90\x00\x02", MDD_OK, "SID=110@0+1 DID=61840@1+2 Data=2@3+2"),
    CASE("a request that is the key alone", "\x2E\xF1\x90\x00", "\x6E\xF1\x90\x00\x02",
         MDD_ERR_NOT_FOUND, "no response of service 'WriteDID' matches 6E F1 90 00 02"),
};

/* ---- Slots replaced ---- */

/* In one slot, every request replaces the other's entry. */
static const memo_case one_slot_alternating[] = {
    CASE("ReadDID", "\x22\xF1\x90", "\x62\xF1\x90\x12\x34", MDD_OK, READ_DID_TEXT),
    CASE("Signed", "\x2E\x04", "\x6E\xFE\x09", MDD_OK, "SID=110@0+1 Neg=-2@1+1 Rest=9@2+1"),
    CASE("ReadDID given Signed's response", "\x22\xF1\x90", "\x6E\xFE\x09", MDD_ERR_NOT_FOUND,
         "no response of service 'ReadDID' matches 6E FE 09"),
    CASE("Signed given ReadDID's response", "\x2E\x04", "\x62\xF1\x90\x12\x34",
         MDD_ERR_NOT_FOUND, "no response of service 'Signed' matches 62 F1 90 12 34"),
};

static const exchange *mixed_exchanges(size_t *count);

/* The exchanges of mixed_exchanges(), in an order that keeps replacing the slot. */
static void mixed_in_one_slot(mdd_uds_memo *memo)
{
    size_t n;
    const exchange *x = mixed_exchanges(&n);
    for (size_t i = 0; i < 3 * n; i++)
        same_with_memo(layer, &x[(i * 7) % n], memo, "one slot");
}

/* ---- Response plans ---- */

static const memo_case response_plans[] = {
    /* 85: Flag (bit 7) on, Sign 5; Level 5 low; Sparse and Strict 5. */
    CASE("text tables", "\x2E\x20", "\x6E\x85\x05\x05\x05", MDD_OK,
         "SID=110@0+1 Flag=\"on\"@1+1 Sign=\"pos\"@1+1 Level=\"low\"@2+1 Sparse=\"five\"@3+1 "
         "Strict=\"five\"@4+1"),
    /* 0F: Flag off, Sign -1; 10 is low (closed), 6 is Sparse's default. */
    CASE("text tables: a negative value, a closed limit, a default", "\x2E\x20",
         "\x6E\x0F\x0A\x06\x05", MDD_OK,
         "SID=110@0+1 Flag=\"off\"@1+1 Sign=\"neg\"@1+1 Level=\"low\"@2+1 "
         "Sparse=\"other\"@3+1 Strict=\"five\"@4+1"),
    CASE("text tables: open limits", "\x2E\x20", "\x6E\x08\x0B\x05\x05", MDD_OK,
         "SID=110@0+1 Flag=\"off\"@1+1 Sign=\"neg\"@1+1 Level=\"mid\"@2+1 "
         "Sparse=\"five\"@3+1 Strict=\"five\"@4+1"),
    CASE("text tables: an open upper limit, an infinite one", "\x2E\x20",
         "\x6E\x07\x64\x05\x05", MDD_OK,
         "SID=110@0+1 Flag=\"off\"@1+1 Sign=\"pos\"@1+1 Level=\"high\"@2+1 "
         "Sparse=\"five\"@3+1 Strict=\"five\"@4+1"),
    CASE("text tables: no scale and no default", "\x2E\x20", "\x6E\x07\x64\x05\x06",
         MDD_ERR_FORMAT,
         "/Strict: coded value 6 fits no scale of the TEXT_TABLE compu method, which has no "
         "default"),
    CASE("text tables: truncated", "\x2E\x20", "\x6E\x07\x64\x05", MDD_ERR_FORMAT,
         "/Strict: byte 4: 8 bits at bit position 0 need 1 bytes, the message ends at byte 4"),
    /* B is A0's high nibble; C follows B; Tail follows the structure's 3 bytes. */
    CASE("a structure", "\x2E\x21", "\x6E\x01\xA0\x02\x09", MDD_OK,
         "SID=110@0+1 Rec{ Rec/A=1@1+1 Rec/B=10@2+1 Rec/C=2@3+1 } Tail=9@4+1"),
    CASE("a structure truncated", "\x2E\x21", "\x6E\x01\xA0", MDD_ERR_FORMAT,
         "/Rec/C: byte 3: 8 bits at bit position 0 need 1 bytes, the message ends at byte 3"),
    /* D1 of the DOP's own DTCs (not D1b), D2, E1 of the ECU's. */
    CASE("a DTC list", "\x2E\x22",
         "\x6E\x12\x34\x56\x05\x00\x00\x01\x0B\x00\xAB\xCD\x64", MDD_OK,
         "SID=110@0+1 List[ List[0]{ List[0]/Code=123456:D1@1+3 List[0]/Status=\"low\"@4+1 } "
         "List[1]{ List[1]/Code=000001:D2@5+3 List[1]/Status=\"mid\"@8+1 } "
         "List[2]{ List[2]/Code=00ABCD:E1@9+3 List[2]/Status=\"high\"@12+1 } ]"),
    CASE("a DTC list with an unknown code", "\x2E\x22", "\x6E\x12\x34\x56\x05\x77\x77\x77\x05",
         MDD_ERR_FORMAT, "/List[1]/Code at byte 5: no DTC has trouble code 0x777777"),
    CASE("a DTC list truncated", "\x2E\x22", "\x6E\x12\x34\x56", MDD_ERR_FORMAT,
         "/List[0]/Status: byte 4: 8 bits at bit position 0 need 1 bytes, the message ends at "
         "byte 4"),
    CASE("an empty DTC list", "\x2E\x22", "\x6E", MDD_OK, "SID=110@0+1 List[ ]"),
    CASE("static and dynamic fields", "\x2E\x23", "\x6E\x01\xFF\x02\xFF\x02\x07\x08", MDD_OK,
         "SID=110@0+1 Fixed[ Fixed[0]{ Fixed[0]/X=1@1+1 } Fixed[1]{ Fixed[1]/X=2@3+1 } ] "
         "Counted[ Counted[0]{ Counted[0]/X=7@6+1 } Counted[1]{ Counted[1]/X=8@7+1 } ]"),
    CASE("a dynamic field short of its items", "\x2E\x23", "\x6E\x01\xFF\x02\xFF\x02\x07",
         MDD_ERR_FORMAT,
         "/Counted[1]/X: byte 7: 8 bits at bit position 0 need 1 bytes, the message ends at "
         "byte 7"),
};

/* Responses larger than a plan: decoded alike, every value reported. */
static void larger_than_a_plan(mdd_uds_memo *memo)
{
    uint8_t many[1 + MD_MANY], big[1 + MD_MANY + 2];
    many[0] = big[0] = 0x6E;
    for (uint32_t i = 0; i < MD_MANY; i++)
        many[1 + i] = big[1 + i] = (uint8_t)i;
    /* 0x1027 is the DOP's 40th DTC. */
    big[1 + MD_MANY] = 0x10;
    big[2 + MD_MANY] = 0x27;
    exchange x[] = {{(const uint8_t *)"\x2E\x24", 2, many, sizeof many},
                    {(const uint8_t *)"\x2E\x25", 2, big, sizeof big}};
    /* SID and the values; SID, BEGIN, the values, END and the DTC. */
    const size_t values[] = {1 + MD_MANY, 1 + 1 + MD_MANY + 1 + 1};
    for (int i = 0; i < 2; i++) {
        assert_int_equal(same_with_memo(layer, &x[i], memo, "larger than a plan"), MDD_OK);
        size_t lines = 0;
        for (size_t k = 0; k < runs[0].events.len; k++)
            lines += runs[0].events.data[k] == '\n';
        assert_int_equal(lines, values[i]);
    }
    assert_non_null(strstr((const char *)runs[0].json.data, "\"Code\":{\"code\":4135,"));
}

/* More JSON than a plan renders: alike, every scale's text written whole, escaped. */
static void more_json_than_a_plan_renders(mdd_uds_memo *memo)
{
    uint8_t wordy[1 + MD_WORDY];
    wordy[0] = 0x6E;
    for (uint32_t round = 0; round < UB_MAX_SCALES; round++) {
        for (uint32_t i = 0; i < MD_WORDY; i++)
            wordy[1 + i] = (uint8_t)((round + i) % UB_MAX_SCALES);
        exchange x = {(const uint8_t *)"\x2E\x26", 2, wordy, sizeof wordy};
        assert_int_equal(same_with_memo(layer, &x, memo, "more JSON than a plan renders"),
                         MDD_OK);
    }
    /* The last round: parameter 7 has value 6 ((7 + 7) % 8). */
    assert_non_null(strstr((const char *)runs[0].json.data,
                           ",\"a rather long parameter name 7\":\"value 6 of parameter 7: a "
                           "\\\"quoted\\\" text, a back\\\\slash, a\\u0009tab, caf\xC3\xA9, and "
                           "enough words to be long\"}}"));
}

/* Responses larger than a plan, and more JSON than it renders. */
static void beyond_a_plan(mdd_uds_memo *memo)
{
    larger_than_a_plan(memo);
    more_json_than_a_plan_renders(memo);
}

static const memo_sequence sequences[] = {
    SEQUENCE("plain constants", 64, 1, plain_constants, NULL),
    SEQUENCE("negative responses", 64, 1, negative_responses, global_response_numbered),
    SEQUENCE("matching request param", 64, 1, matching_request_param, NULL),
    SEQUENCE("too short for a constant", 64, 1, too_short_for_a_constant, NULL),
    SEQUENCE("constants not compiled", 64, 1, constants_not_compiled, NULL),
    SEQUENCE("constant after a value", 64, 1, constant_after_a_value, NULL),
    SEQUENCE("services sharing a prefix", 64, 1, services_sharing_a_prefix,
             less_specific_service_named),
    SEQUENCE("no service and many services", 64, 1, no_service_and_many_services, NULL),
    SEQUENCE("request longer than the prefixes", 64, 3, request_longer_than_the_prefixes, NULL),
    SEQUENCE("one slot alternating", 1, 4, one_slot_alternating, mixed_in_one_slot),
    SEQUENCE("response plans", 64, 2, response_plans, beyond_a_plan),
    SEQUENCE("response plans in one slot", 1, 2, response_plans, NULL),
};

static void test_sequence(void **state)
{
    const memo_sequence *s = *state;
    mdd_uds_memo *memo = new_memo(s->slots);
    expect_all(layer, memo, s->cases, s->count, s->rounds);
    if (s->then)
        s->then(memo);
    mdd_uds_memo_free(memo);
}


/* A layer whose longest prefix, 18 bytes, is more than a key holds: 31 AA <16 bytes> ->
 * 71 <the request's 17 bytes after its SID> <Value u8>; and 22 01 -> 62 01 <Value u8>. */
static const mb_param md_long_req[] = {MB_CONST("SID", "49", 8, 0), MB_CONST("A", "170", 8, 1),
                                       MB_CONST("B", "16909060", 32, 2),
                                       MB_CONST("C", "84281096", 32, 6),
                                       MB_CONST("D", "269488144", 32, 10),
                                       MB_CONST("E", "269488144", 32, 14)};
static const mb_param md_long_pos[] = {MB_CONST("SID", "113", 8, 0), MATCHING("Echo", 1, 1, 17),
                                       MB_VALUE("Value", &md_u8, MB_AT(18))};
static const mb_param md_short_req[] = {MB_CONST("SID", "34", 8, 0), MB_CONST("DID", "1", 8, 1)};
static const mb_param md_short_pos[] = {MB_CONST("SID", "98", 8, 0), MB_CONST("DID", "1", 8, 1),
                                        MB_VALUE("Value", &md_u8, MB_AT(2))};
static const mb_response md_long_r[] = {RESPONSES(md_long_pos)};
static const mb_response md_short_r[] = {RESPONSES(md_short_pos)};
static const mb_service md_long_services[] = {SERVICE_POS("Long", md_long_req, md_long_r),
                                              SERVICE_POS("Short", md_short_req, md_short_r)};
static const mb_ecu md_long_ecu = {"LongEcu", md_long_services, 2, NULL, 0};

#define LONG_REQUEST "\x31\xAA\x01\x02\x03\x04\x05\x06\x07\x08\x10\x10\x10\x10\x10\x10\x10\x10"
#define LONG_ECHO "\xAA\x01\x02\x03\x04\x05\x06\x07\x08\x10\x10\x10\x10\x10\x10\x10\x10"

#define LONG_TEXT "SID=113@0+1 Echo=0xAA01020304050607081010101010101010@1+17 Value=5@18+1"

static const memo_case prefix_longer_than_a_key[] = {
    CASE("the longest prefix", LONG_REQUEST, "\x71" LONG_ECHO "\x05", MDD_OK, LONG_TEXT),
    CASE("longer than the longest prefix", LONG_REQUEST "\x09", "\x71" LONG_ECHO "\x05", MDD_OK,
         LONG_TEXT),
    CASE("the longest prefix, truncated response", LONG_REQUEST, "\x71" LONG_ECHO,
         MDD_ERR_FORMAT,
         "/Value: byte 18: 8 bits at bit position 0 need 1 bytes, the message ends at byte 18"),
    /* Short requests of this layer are remembered. */
    CASE("a short request", "\x22\x01", "\x62\x01\x05", MDD_OK,
         "SID=98@0+1 DID=1@1+1 Value=5@2+1"),
    CASE("a short request sharing the long prefix's start", "\x31\xAA", "\x71\xAA\x05",
         MDD_ERR_NOT_FOUND, "no response of service 'Long' matches 71 AA 05"),
};

static void test_prefix_longer_than_a_key(void **state)
{
    (void)state;
    static tb long_layout;
    mdd_db *long_db;
    const mdd_db_layer *long_layer = open_built(&long_layout, &md_long_ecu, &long_db);
    assert_non_null(long_layer);
    mdd_db_service s;
    assert_true(mdd_db_layer_find_service(long_layer, "Long", &s));
    assert_int_equal(s.prefix.len, 18);
    mdd_uds_memo *memo = new_memo(64);
    EXPECT_ALL(long_layer, memo, prefix_longer_than_a_key, 2);
    mdd_uds_memo_free(memo);
    mdd_db_close(long_db);
}

static void test_bounds_stop_alike(void **state)
{
    (void)state;
    mdd_uds_memo *memo = new_memo(64);
    mdd_uds_options opts = mdd_uds_options_default();
    /* SID and DID are the two values allowed: the limit stops the decode at Value. */
    opts.max_values = 2;
    exchange x = EXCHANGE("\x22\xF1\x90", "\x62\xF1\x90\x12\x34");
    assert_int_equal(same_with_memo_opts(layer, &x, opts, memo, "max_values"), MDD_ERR_LIMIT);
    assert_string_equal(runs[0].err.message, "/Value at byte 3: more than max_values 2 values");
    opts.max_values = 3;
    assert_int_equal(same_with_memo_opts(layer, &x, opts, memo, "max_values"), MDD_OK);
    mdd_uds_memo_free(memo);
}

/* A visitor that, at the first value it is given, decodes another exchange through the same
 * memo (its one slot then holds the other request), and records every event. */
typedef struct nested {
    mdd_uds_memo *memo;
    exchange other;
    int done;
    mdd_buffer events;
} nested;

static mdd_status decode_another(void *ctx, const mdd_uds_value *v, mdd_error *err)
{
    nested *n = ctx;
    if (!n->done) {
        n->done = 1;
        mdd_uds_options opts = mdd_uds_options_default();
        opts.memo = n->memo;
        assert_int_equal(mdd_uds_decode(layer, n->other.request, n->other.request_len,
                                        n->other.response, n->other.response_len, NULL, &opts,
                                        NULL, NULL),
                         MDD_OK);
    }
    return record_event(&n->events, v, err);
}

static void test_decode_inside_a_visitor(void **state)
{
    (void)state;
    mdd_uds_memo *memo = new_memo(1);
    exchange x = EXCHANGE("\x22\xF1\x90", "\x62\xF1\x90\x12\x34");
    nested n = {memo, EXCHANGE("\x2E\x04", "\x6E\xFE\x09"), 0, {0}};
    mdd_uds_visitor v = {decode_another, &n};
    mdd_uds_options opts = mdd_uds_options_default();
    opts.memo = memo;
    for (int round = 0; round < 2; round++) {
        run(layer, &x, mdd_uds_options_default(), NULL, &runs[0]);
        n.done = 0;
        n.events.len = 0;
        assert_int_equal(mdd_uds_decode(layer, x.request, x.request_len, x.response,
                                        x.response_len, &v, &opts, NULL, NULL),
                         MDD_OK);
        if (!same_text(&n.events, &runs[0].events))
            fail_msg("without the memo:\n%.*swith it, another decode inside:\n%.*s",
                     (int)runs[0].events.len, (const char *)runs[0].events.data,
                     (int)n.events.len, (const char *)n.events.data);
    }
    mdd_buffer_free(&n.events);
    mdd_uds_memo_free(memo);
}

/* ---- Slots replaced ---- */

/* Exchanges of the fixture that decode, and some that fail. */
static const exchange *mixed_exchanges(size_t *count)
{
    static exchange x[13];
    x[0] = EXCHANGE("\x22\xF1\x90", "\x62\xF1\x90\x12\x34");
    x[1] = EXCHANGE("\x22\xF1\x90", "\x7F\x22\x31");
    x[2] = EXCHANGE("\x3E\x00", "\x7E\x00");
    x[3] = EXCHANGE("\x31\x01", "\x71\x01\x03");
    x[4] = EXCHANGE("\x31\x01\xFF\x00", "\x71\x01\xFF\x00\x03");
    x[5] = EXCHANGE("\x2E\xF1\x90\x00\x01", "\x6E\xF1\x90\x00\x01");
    x[6] = EXCHANGE("\x2E\xF1\x90\x00\x02", "\x6E\xF1\x90\x00\x02");
    x[7] = EXCHANGE("\x2E\x04", "\x6E\xFE\x09");
    x[8] = EXCHANGE("\x2E\x08", "\x6E\xAA");
    x[9] = EXCHANGE("\x2E\x01", "\x6E\xA5\x01");
    x[10] = EXCHANGE("\x99", "\x62");
    x[11] = EXCHANGE("\x2E\x0C", "\x7F\x2E\x11");
    x[12] = EXCHANGE("\x2E\x07", "\x6E\x01\x56");
    *count = sizeof x / sizeof x[0];
    return x;
}

static void test_many_requests_in_64_slots(void **state)
{
    (void)state;
    mdd_uds_memo *memo = new_memo(64);
    size_t n;
    const exchange *x = mixed_exchanges(&n);
    /* Every request of one to four bytes from these first bytes, each with every response
     * of the list: far more requests than slots. */
    static const uint8_t firsts[] = {0x22, 0x2E, 0x31, 0x3E};
    static const uint8_t seconds[] = {0x00, 0x01, 0x04, 0x08, 0xF1, 0xFF};
    unsigned compared = 0;
    for (int round = 0; round < 2; round++) {
        for (size_t f = 0; f < sizeof firsts; f++) {
            for (size_t s = 0; s < sizeof seconds; s++) {
                for (size_t len = 1; len <= 4; len++) {
                    uint8_t request[4] = {firsts[f], seconds[s], 0x90, 0x00};
                    for (size_t i = 0; i < n; i++) {
                        exchange e = {request, len, x[i].response, x[i].response_len};
                        same_with_memo(layer, &e, memo, "64 slots");
                        compared++;
                    }
                }
            }
        }
    }
    assert_int_equal(compared, 2 * 4 * 6 * 4 * n);
    mdd_uds_memo_free(memo);
}

/* ---- Databases gone and others opened ---- */

/* Database B: ReadDID whose positive response starts with 63 and holds two bytes: 62 F1 90
 * 12 34, which A's compiled match takes, is no response of B. */
static const mb_param md_b_pos[] = {MB_CONST("SID", "99", 8, 0), MATCHING("DID", 1, 1, 2),
                                    MB_VALUE("Hi", &md_u8, MB_AT(3)),
                                    MB_VALUE("Lo", &md_u8, MB_AT(4))};
static const mb_response md_b_pos_r[] = {RESPONSES(md_b_pos)};
static const mb_service md_a_services[] = {
    SERVICE("ReadDID", md_did_req, md_did_pos_r, md_did_neg_r)};
static const mb_service md_b_services[] = {
    SERVICE("ReadDID", md_did_req, md_b_pos_r, md_did_neg_r)};
static const mb_ecu md_a_ecu = {"Ecu", md_a_services, 1, NULL, 0};
static const mb_ecu md_b_ecu = {"Ecu", md_b_services, 1, NULL, 0};

#define A_TEXT "SID=98@0+1 DID=61840@1+2 Value=4660@3+2"
#define B_TEXT "SID=99@0+1 DID=61840@1+2 Hi=18@3+1 Lo=52@4+1"

/* What A and B make of 62 F1 90 12 34 and of 63 F1 90 12 34. */
static const memo_case a_cases[] = {
    CASE("A's response", "\x22\xF1\x90", "\x62\xF1\x90\x12\x34", MDD_OK, A_TEXT),
    CASE("B's response to A", "\x22\xF1\x90", "\x63\xF1\x90\x12\x34", MDD_ERR_NOT_FOUND,
         "no response of service 'ReadDID' matches 63 F1 90 12 34"),
};
static const memo_case b_cases[] = {
    CASE("A's response to B", "\x22\xF1\x90", "\x62\xF1\x90\x12\x34", MDD_ERR_NOT_FOUND,
         "no response of service 'ReadDID' matches 62 F1 90 12 34"),
    CASE("B's response", "\x22\xF1\x90", "\x63\xF1\x90\x12\x34", MDD_OK, B_TEXT),
};

static void expect_a(const mdd_db_layer *a, mdd_uds_memo *memo)
{
    EXPECT_ALL(a, memo, a_cases, 1);
}

static void expect_b(const mdd_db_layer *b, mdd_uds_memo *memo)
{
    EXPECT_ALL(b, memo, b_cases, 1);
}

/* Opens e laid out in b, reopening it (at most 32 times) until its layer is at want: the
 * allocator hands freed blocks back, but not always in the order they were taken (nor at
 * all under a sanitizer, which keeps them aside). */
static const mdd_db_layer *open_at(tb *b, const mb_ecu *e, const mdd_db_layer *want, mdd_db **d)
{
    for (int tries = 1;; tries++) {
        const mdd_db_layer *l = open_built(b, e, d);
        assert_non_null(l);
        if (l == want || tries == 32)
            return l;
        mdd_db_close(*d);
    }
}

static void test_database_closed_and_another_opened(void **state)
{
    (void)state;
    /* Both databases are laid out in the same buffer, one after the other's close, so that
     * B's payload is where A's was, and opened until B's layer is where A's was. */
    static tb same_place;
    /* One slot: every decode meets the entry the one before left, whatever its hash. */
    mdd_uds_memo *memo = new_memo(1);
    enum { ROUNDS = 8 };
    const mdd_db_layer *last = NULL;
    int reused = 0;
    for (int round = 0; round < ROUNDS; round++) {
        mdd_db *d;
        const mdd_db_layer *l = open_at(&same_place, round % 2 ? &md_b_ecu : &md_a_ecu, last, &d);
        reused += l == last;
        last = l;
        if (round % 2)
            expect_b(l, memo);
        else
            expect_a(l, memo);
        mdd_db_close(d);
    }
    print_message("a layer where the other database's was: %d of %d opens\n", reused, ROUNDS);
    mdd_uds_memo_free(memo);
}

/* Writes payload as the MDD file dir/file of ECU "Ecu" (one chunk signed with its SHA-512),
 * by a rename, as an update arrives. */
static void install_payload(const char *dir, const char *file, mdd_bytes payload)
{
    uint8_t digest[MDD_SHA512_SIZE];
    assert_int_equal(mdd_sha512(payload.ptr, payload.len, digest, NULL), MDD_OK);
    mdd_signature sig = {.algorithm = {(const uint8_t *)"sha512_uncompressed", 19},
                         .signature = {digest, sizeof digest}};
    mdd_chunk chunk = {.type = MDD_CHUNK_DIAGNOSTIC_DESCRIPTION, .data = payload,
                       .signatures = &sig, .signature_count = 1};
    mdd_file f = {.version = {(const uint8_t *)"2025-05-21", 10},
                  .ecu_name = {(const uint8_t *)"Ecu", 3}, .chunks = &chunk, .chunk_count = 1};
    mdd_buffer buf = {0};
    mdd_sink sink = mdd_buffer_sink(&buf);
    assert_int_equal(mdd_file_encode(&f, &sink, NULL), MDD_OK);
    char path[512], tmp[520];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    snprintf(tmp, sizeof tmp, "%s.new", path);
    tu_write_file(tmp, buf.data, buf.len);
    assert_int_equal(rename(tmp, path), 0);
    mdd_buffer_free(&buf);
}

static void install_ecu(const char *dir, const mb_ecu *e)
{
    static tb built;
    mb_build(&built, e);
    install_payload(dir, "ecu.mdd", (mdd_bytes){built.buf, built.len});
}

static void test_live_reload(void **state)
{
    (void)state;
    char dir[256];
    assert_int_equal(tu_make_temp_dir(dir, sizeof dir, "memo"), 0);
    install_ecu(dir, &md_a_ecu);
    mdd_db_options opts = mdd_db_options_default();
    opts.allow_downgrade = 1;
    mdd_db_live *live;
    mdd_error err;
    assert_int_equal(mdd_db_live_open_dir(dir, &opts, &live, &err), MDD_OK);
    mdd_uds_memo *memo = new_memo(1);
    for (int round = 0; round < 4; round++) {
        const mdd_db *g = mdd_db_live_acquire(live);
        const mdd_db_layer *l = mdd_db_ecu_base_variant(mdd_db_find_ecu(g, "Ecu"));
        if (round % 2)
            expect_b(l, memo);
        else
            expect_a(l, memo);
        mdd_db_live_release(g);
        install_ecu(dir, round % 2 ? &md_a_ecu : &md_b_ecu);
        mdd_db_reload_stats stats;
        assert_int_equal(mdd_db_live_reload(live, &stats, &err), MDD_OK);
        assert_int_equal(stats.loaded, 1);
    }
    /* A reload that changes nothing keeps the ECU, and the memo's entries serve it. */
    mdd_db_reload_stats stats;
    assert_int_equal(mdd_db_live_reload(live, &stats, &err), MDD_OK);
    assert_int_equal(stats.unchanged, 1);
    const mdd_db *g = mdd_db_live_acquire(live);
    expect_a(mdd_db_ecu_base_variant(mdd_db_find_ecu(g, "Ecu")), memo);
    mdd_db_live_release(g);
    mdd_uds_memo_free(memo);
    mdd_db_live_close(live);
    assert_int_equal(tu_remove_tree(dir), 0);
}

/* ---- The corpus ---- */

#define MESSAGE_MAX 4096

/* Encodes a sample of params (uds_sample.h) as message m of svc into out[0..*len); 0 when
 * it cannot be sampled or encoded. */
static int sample_message(const mdd_db_layer *l, const mdd_db_service *svc, mdd_uds_message m,
                          mdd_param_vec params, const uint8_t *request, size_t request_len,
                          uint8_t *out, size_t *len)
{
    mdd_buffer json = {0};
    mdd_sink sink = mdd_buffer_sink(&json);
    uds_jw w;
    uds_jw_init(&w, &sink, NULL);
    uds_sample s = {.w = &w};
    int ok = uds_sample_params(&s, params) == 0 && uds_jw_flush(&w) == MDD_OK &&
             mdd_uds_encode(l, svc, &m, request, request_len, (const char *)json.data, json.len,
                            NULL, out, MESSAGE_MAX, len, NULL) == MDD_OK;
    mdd_buffer_free(&json);
    return ok;
}

typedef struct corpus_run {
    mdd_uds_memo *memo;
    unsigned compared, decoded;
    uint8_t other[MESSAGE_MAX]; /* the request of the service before */
    size_t other_len;
} corpus_run;

/* The response; cut short by a byte; with a byte more; with its last byte changed; and as
 * the response to the request of the service before. */
static void compare_response(corpus_run *cr, const mdd_db_layer *l, const uint8_t *request,
                             size_t request_len, uint8_t *response, size_t response_len)
{
    static uint8_t changed[MESSAGE_MAX + 1];
    memcpy(changed, response, response_len);
    changed[response_len] = 0x5A;
    if (response_len)
        changed[response_len - 1] ^= 0xFF;
    response[response_len] = 0x5A; /* the caller's buffer has room for it */
    exchange x[] = {{request, request_len, response, response_len},
                    {request, request_len, response, response_len ? response_len - 1 : 0},
                    {request, request_len, response, response_len + 1},
                    {request, request_len, changed, response_len},
                    {cr->other, cr->other_len, response, response_len}};
    for (size_t i = 0; i < sizeof x / sizeof x[0]; i++) {
        cr->decoded += same_with_memo(l, &x[i], cr->memo, "corpus") == MDD_OK;
        cr->compared++;
    }
}

static void compare_service(void *ctx, const mdd_db_layer *l, const mdd_db_service *svc)
{
    corpus_run *cr = ctx;
    mdd_diag_service s = svc->service;
    uint8_t request[MESSAGE_MAX], response[MESSAGE_MAX + 1]; /* room for a byte more */
    size_t request_len = 0, response_len = 0;
    if (!sample_message(l, svc, (mdd_uds_message){MDD_UDS_REQUEST, 0},
                        mdd_request_params(mdd_diag_service_request(s)), NULL, 0, request,
                        &request_len)) {
        request_len = svc->prefix.len;
        if (request_len)
            memcpy(request, svc->prefix.bytes, request_len);
    }
    mdd_response_vec kinds[] = {mdd_diag_service_pos_responses(s),
                                mdd_diag_service_neg_responses(s)};
    for (int k = 0; k < 2; k++) {
        for (uint32_t i = 0; i < mdd_response_vec_count(kinds[k]); i++) {
            mdd_uds_message m = {k ? MDD_UDS_NEGATIVE : MDD_UDS_POSITIVE, i};
            if (sample_message(l, svc, m, mdd_response_params(mdd_response_vec_at(kinds[k], i)),
                               request, request_len, response, &response_len))
                compare_response(cr, l, request, request_len, response, response_len);
        }
    }
    memcpy(cr->other, request, request_len);
    cr->other_len = request_len;
}

static void test_corpus_through_one_small_memo(void **state)
{
    (void)state;
    corpus_run *cr = calloc(1, sizeof *cr);
    assert_non_null(cr);
    /* 8 slots for every ECU: entries are replaced all the time, and the last files' entries
     * are looked at with layers of the next file, possibly at the same addresses. */
    cr->memo = new_memo(8);
    if (tu_each_corpus_service(compare_service, cr) == 0) {
        mdd_uds_memo_free(cr->memo);
        free(cr);
        skip();
    }
    print_message("memo: %u corpus exchanges decoded alike with and without the memo (%u of "
                  "them decode)\n",
                  cr->compared, cr->decoded);
    assert_true(cr->decoded > 0);
    mdd_uds_memo_free(cr->memo);
    free(cr);
}

/* ---- The API ---- */

static void test_create_bounds(void **state)
{
    (void)state;
    mdd_error err;
    assert_int_equal(mdd_uds_memo_create(8, NULL, &err), MDD_ERR_ARG);
    assert_string_equal(err.message, "mdd_uds_memo_create: no out");
    mdd_uds_memo *memo = NULL;
    assert_int_equal(mdd_uds_memo_create(4097, &memo, &err), MDD_ERR_ARG);
    assert_null(memo);
    assert_string_equal(err.message, "mdd_uds_memo_create: 4097 slots (most 4096)");
    assert_int_equal(mdd_uds_memo_create(SIZE_MAX, &memo, &err), MDD_ERR_ARG);
    assert_null(memo);
    /* 0 takes the default, 64; 3 is rounded up to 4; the most, 4,096, is 95 MB of address
     * space that calloc() leaves untouched: all work. */
    size_t sizes[] = {0, 3, 4096};
    for (size_t i = 0; i < 3; i++) {
        memo = new_memo(sizes[i]);
        EXPECT_ALL(layer, memo, a_cases, 1);
        mdd_uds_memo_free(memo);
    }
    mdd_uds_memo_free(NULL);
}

static mdd_status count_values(void *ctx, const mdd_uds_value *v, mdd_error *err)
{
    (void)v;
    (void)err;
    ++*(unsigned *)ctx;
    return MDD_OK;
}

static void test_no_allocation(void **state)
{
    (void)state;
    mdd_uds_memo *memo = new_memo(64);
    mdd_uds_options opts = mdd_uds_options_default();
    opts.memo = memo;
    unsigned values = 0;
    mdd_uds_visitor v = {count_values, &values};
    size_t n;
    const exchange *x = mixed_exchanges(&n);
    uint64_t written = 0;
    mdd_sink sink = mdd_counting_sink(&written);
    /* The first decodes fill the memo, the next find it: none allocates. */
    unsigned long before = tu_allocations();
    for (int round = 0; round < 3; round++) {
        for (size_t i = 0; i < n; i++) {
            mdd_uds_decode(layer, x[i].request, x[i].request_len, x[i].response,
                           x[i].response_len, &v, &opts, NULL, NULL);
            mdd_uds_decode_json(layer, x[i].request, x[i].request_len, x[i].response,
                                x[i].response_len, &opts, &sink, NULL);
        }
    }
    assert_int_equal(tu_allocations() - before, 0);
    assert_true(values > 0 && written > 0);
    mdd_uds_memo_free(memo);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_prefix_longer_than_a_key),
        cmocka_unit_test(test_bounds_stop_alike),
        cmocka_unit_test(test_decode_inside_a_visitor),
        cmocka_unit_test(test_many_requests_in_64_slots),
        cmocka_unit_test(test_database_closed_and_another_opened),
        cmocka_unit_test(test_live_reload),
        cmocka_unit_test(test_corpus_through_one_small_memo),
        cmocka_unit_test(test_create_bounds),
        cmocka_unit_test(test_no_allocation),
    };
    const tu_case_table tables[] = {TU_CASES(test_sequence, sequences)};
    return TU_RUN_GROUP_WITH_CASES(tests, tables, setup, teardown);
}
