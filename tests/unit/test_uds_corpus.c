/* SPDX-License-Identifier: Apache-2.0 */
/* The codec on the real corpus (skipped without it).
 *
 * Round trip: every message (request, positive and negative responses) of every effective
 * service of every variant gets sample values from its description and is encoded
 * (tests/support/uds_corpus_msgs.h); the bytes decoded (mdd_uds_decode_message_json()), and the
 * decoded params encoded again: the same bytes. The test prints how many messages
 * round-tripped and, grouped by reason, which could not be sampled or encoded; a message
 * whose bytes do not decode, or whose decoded values do not encode to the same bytes, fails
 * it.
 *
 * Identification: the requests FLXC1000 sends, and the variants its responses identify,
 * worked out by hand from its patterns (Identification_Read, 22 F1 00, answers a 24-bit
 * Identification: 257 = 00 01 01 is FLXC1000_App_0101, 16711680 = FF 00 00 the boot
 * variant); then for every ECU, each variant's pattern values, encoded into the response,
 * identify that variant, and a value no pattern has falls back to the base variant. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "testutil.h"
#include "uds_corpus_msgs.h"

#include <mdd/uds.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MESSAGE_MAX UDS_CORPUS_MSG_MAX
#define REASONS_MAX 64

/* ---- JSON text in a buffer ---- */

typedef struct text_buf {
    mdd_buffer buf;
    mdd_sink sink;
    uds_jw w;
} text_buf;

static void text_start(text_buf *t)
{
    memset(t, 0, sizeof *t);
    t->sink = mdd_buffer_sink(&t->buf);
    uds_jw_init(&t->w, &t->sink, NULL);
}

/* Ends the text with a NUL and returns it (owned by t). */
static const char *text_end(text_buf *t)
{
    assert_int_equal(uds_jw_flush(&t->w), MDD_OK);
    assert_int_equal(mdd_sink_write(&t->sink, "", 1, NULL), MDD_OK);
    return (const char *)t->buf.data;
}

/* ---- Round trip ---- */

typedef struct reason {
    char text[MDD_ERROR_MESSAGE_SIZE + 64];
    unsigned count;
} reason;

typedef struct round_trip {
    unsigned messages, round_tripped, failed;
    reason reasons[REASONS_MAX]; /* why the others could not be sampled or encoded */
    size_t reason_count;
} round_trip;

static void add_reason(round_trip *rt, const char *what, const char *why)
{
    char text[sizeof rt->reasons[0].text];
    snprintf(text, sizeof text, "%s: %s", what, why);
    for (size_t i = 0; i < rt->reason_count; i++) {
        if (strcmp(rt->reasons[i].text, text) == 0) {
            rt->reasons[i].count++;
            return;
        }
    }
    if (rt->reason_count < REASONS_MAX) {
        strcpy(rt->reasons[rt->reason_count].text, text);
        rt->reasons[rt->reason_count++].count = 1;
    }
}

static void describe(const uds_corpus_msg *m, char *out, size_t size)
{
    static const char *const kinds[] = {"", "request", "positive", "negative"};
    mdd_bytes ecu = mdd_db_ecu_name(mdd_db_layer_ecu(m->layer));
    mdd_bytes layer = mdd_db_layer_name(m->layer);
    mdd_bytes svc = mdd_diag_comm_short_name(mdd_diag_service_diag_comm(m->service->service));
    snprintf(out, size, "%.*s/%.*s/%.*s %s %u", (int)ecu.len, (const char *)ecu.ptr,
             (int)layer.len, (const char *)layer.ptr, (int)svc.len, (const char *)svc.ptr,
             kinds[m->message.kind], m->message.index);
}

static mdd_status encode(const uds_corpus_msg *m, const char *json, size_t len, uint8_t *out,
                         size_t *out_len, mdd_error *err)
{
    return mdd_uds_encode(m->layer, m->service, &m->message, m->request, m->request_len, json,
                          len, NULL, out, MESSAGE_MAX, out_len, err);
}

/* Encodes the decoded params of bytes[0..len) again into again[0..*again_len). */
static mdd_status reencode(const uds_corpus_msg *m, const uint8_t *bytes, size_t len,
                           uint8_t *again, size_t *again_len, mdd_error *err)
{
    text_buf decoded;
    text_start(&decoded);
    mdd_status st = mdd_uds_decode_message_json(m->layer, m->service, &m->message, m->request,
                                                m->request_len, bytes, len, NULL,
                                                &decoded.sink, err);
    if (st == MDD_OK) {
        const char *json = text_end(&decoded);
        const char *params = strstr(json, "\"params\":");
        assert_non_null(params);
        params += strlen("\"params\":");
        st = encode(m, params, tu_json_object_span(params), again, again_len, err);
    }
    mdd_buffer_free(&decoded.buf);
    return st;
}

/* Round-trips message m: the bytes its sample encoded to decode, and their values encode to
 * the same bytes. */
static void round_trip_message(void *ctx, const uds_corpus_msg *m)
{
    round_trip *rt = ctx;
    char where[256];
    describe(m, where, sizeof where);
    rt->messages++;
    if (!m->bytes) {
        add_reason(rt, m->failure, m->why);
        return;
    }
    uint8_t again[MESSAGE_MAX];
    size_t again_len = 0;
    mdd_error err;
    if (reencode(m, m->bytes, m->len, again, &again_len, &err) != MDD_OK) {
        print_message("FAIL %s: %s: %s\n", where, m->sample, err.message);
        rt->failed++;
    } else if (again_len != m->len || memcmp(again, m->bytes, again_len) != 0) {
        print_message("FAIL %s: %s encodes to other bytes after its decode\n", where,
                      m->sample);
        rt->failed++;
    } else {
        rt->round_tripped++;
    }
}

static void round_trip_service(void *ctx, const mdd_db_layer *layer, const mdd_db_service *svc)
{
    uds_corpus_each_msg(layer, svc, round_trip_message, ctx);
}

static mdd_db *open_corpus_file(const char *path)
{
    mdd_db_options opts = mdd_db_options_default();
    opts.store.strategy = MDD_STRATEGY_HEAP;
    mdd_db *db;
    mdd_error err;
    if (mdd_db_open(&path, 1, &opts, &db, &err) != MDD_OK)
        fail_msg("%s", err.message);
    return db;
}

static void test_round_trip(void **state)
{
    (void)state;
    round_trip *rt = calloc(1, sizeof *rt);
    assert_non_null(rt);
    if (tu_each_corpus_service(round_trip_service, rt) == 0) {
        free(rt);
        skip();
    }
    print_message("round trip: %u messages, %u round-tripped, %u failed, %u left out:\n",
                  rt->messages, rt->round_tripped, rt->failed,
                  rt->messages - rt->round_tripped - rt->failed);
    for (size_t i = 0; i < rt->reason_count; i++)
        print_message("  %5u  %s\n", rt->reasons[i].count, rt->reasons[i].text);
    unsigned failed = rt->failed, round_tripped = rt->round_tripped;
    free(rt);
    assert_int_equal(failed, 0);
    assert_true(round_tripped > 0);
}

/* ---- Identification ---- */

static mdd_db *open_corpus(const char *name)
{
    const char *dir = tu_corpus_dir();
    if (!dir)
        return NULL;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return open_corpus_file(path);
}

static void expect_identity(const mdd_db_ecu *ecu, const mdd_uds_exchange *x, size_t n,
                            const char *variant, int matched)
{
    mdd_uds_identity id;
    mdd_error err;
    assert_int_equal(mdd_uds_identify(ecu, x, n, NULL, &id, &err), MDD_OK);
    assert_true(mdd_bytes_equal_str(mdd_db_layer_name(id.variant), variant));
    assert_int_equal(id.matched, matched);
}

static void test_identify_flxc(void **state)
{
    (void)state;
    mdd_db *db = open_corpus("FLXC1000.mdd");
    if (!db)
        skip();
    const mdd_db_ecu *ecu = mdd_db_ecu_at(db, 0);
    mdd_uds_identify_request reqs[4];
    assert_int_equal(mdd_uds_identify_requests(ecu, reqs, 4), 1);
    assert_int_equal(mdd_uds_identify_requests(ecu, NULL, 0), 1);
    assert_true(mdd_bytes_equal_str(
        mdd_diag_comm_short_name(mdd_diag_service_diag_comm(reqs[0].service.service)),
        "Identification_Read"));
    uint8_t out[16];
    size_t len;
    mdd_error err;
    const mdd_uds_message request = {MDD_UDS_REQUEST, 0};
    assert_int_equal(mdd_uds_encode(reqs[0].layer, &reqs[0].service, &request, NULL, 0, "{}",
                                    2, NULL, out, sizeof out, &len, &err),
                     MDD_OK);
    static const uint8_t read_id[] = {0x22, 0xF1, 0x00};
    assert_int_equal(len, 3);
    assert_memory_equal(out, read_id, 3);

    static const uint8_t app[] = {0x62, 0xF1, 0x00, 0x00, 0x01, 0x01};
    static const uint8_t boot[] = {0x62, 0xF1, 0x00, 0xFF, 0x00, 0x00};
    static const uint8_t other[] = {0x62, 0xF1, 0x00, 0x00, 0x00, 0x01};
    static const uint8_t negative[] = {0x7F, 0x22, 0x31};
    mdd_uds_exchange x = {read_id, 3, app, sizeof app};
    expect_identity(ecu, &x, 1, "FLXC1000_App_0101", 1);
    x.response = boot;
    expect_identity(ecu, &x, 1, "FLXC1000_Boot_Variant", 1);
    x.response = other;
    expect_identity(ecu, &x, 1, "FLXC1000", 0);
    x.response = negative;
    x.response_len = sizeof negative;
    expect_identity(ecu, &x, 1, "FLXC1000", 0);
    expect_identity(ecu, NULL, 0, "FLXC1000", 0);
    mdd_db_close(db);
}

/* The positive response of the matching parameter's service with its out param at the
 * expected value, as mp's service encodes it; 1 with the exchange's bytes, or 0. */
static int pattern_exchange(const mdd_db_layer *layer, mdd_matching_parameter mp,
                            uint8_t *request, size_t *request_len, uint8_t *response,
                            size_t *response_len)
{
    mdd_bytes name = mdd_diag_comm_short_name(
        mdd_diag_service_diag_comm(mdd_matching_parameter_diag_service(mp)));
    char svc_name[256], out_name[256];
    mdd_bytes out = mdd_param_short_name(mdd_matching_parameter_out_param(mp));
    mdd_bytes expected = mdd_matching_parameter_expected_value(mp);
    snprintf(svc_name, sizeof svc_name, "%.*s", (int)name.len, (const char *)name.ptr);
    snprintf(out_name, sizeof out_name, "%.*s", (int)out.len, (const char *)out.ptr);
    mdd_db_service svc;
    if (!mdd_db_layer_find_service(layer, svc_name, &svc))
        return 0;
    mdd_error err;
    const mdd_uds_message req = {MDD_UDS_REQUEST, 0}, pos = {MDD_UDS_POSITIVE, 0};
    if (mdd_uds_encode(layer, &svc, &req, NULL, 0, "{}", 2, NULL, request, MESSAGE_MAX,
                       request_len, &err) != MDD_OK)
        return 0;
    char value[256];
    snprintf(value, sizeof value, "%.*s", (int)expected.len, (const char *)expected.ptr);
    text_buf sample;
    text_start(&sample);
    uds_sample s = {.w = &sample.w, .override_name = out_name, .override_json = value};
    mdd_response r = mdd_response_vec_at(mdd_diag_service_pos_responses(svc.service), 0);
    int ok = uds_sample_params(&s, mdd_response_params(r)) == 0;
    const char *json = text_end(&sample);
    ok = ok && mdd_uds_encode(layer, &svc, &pos, request, *request_len, json, strlen(json),
                              NULL, response, MESSAGE_MAX, response_len, &err) == MDD_OK;
    mdd_buffer_free(&sample.buf);
    return ok;
}

/* Each variant's first pattern (of one matching parameter, as the corpus has them)
 * identifies that variant. */
static void check_patterns(const mdd_db_ecu *ecu, unsigned *checked)
{
    for (uint32_t v = 0; v < mdd_db_ecu_variant_count(ecu); v++) {
        const mdd_db_layer *layer = mdd_db_ecu_variant_at(ecu, v);
        mdd_variant_pattern_vec patterns = mdd_variant_variant_pattern(mdd_db_layer_variant(layer));
        if (mdd_variant_pattern_vec_count(patterns) == 0)
            continue;
        mdd_matching_parameter_vec mps =
            mdd_variant_pattern_matching_parameter(mdd_variant_pattern_vec_at(patterns, 0));
        assert_int_equal(mdd_matching_parameter_vec_count(mps), 1);
        static uint8_t request[MESSAGE_MAX], response[MESSAGE_MAX];
        size_t request_len, response_len;
        assert_true(pattern_exchange(layer, mdd_matching_parameter_vec_at(mps, 0), request,
                                     &request_len, response, &response_len));
        mdd_uds_exchange x = {request, request_len, response, response_len};
        mdd_bytes name = mdd_db_layer_name(layer);
        char variant[256];
        snprintf(variant, sizeof variant, "%.*s", (int)name.len, (const char *)name.ptr);
        expect_identity(ecu, &x, 1, variant, 1);
        ++*checked;
    }
}

static void test_identify_every_ecu(void **state)
{
    (void)state;
    char **paths;
    size_t n = tu_corpus_files(&paths);
    if (n == 0)
        skip();
    unsigned checked = 0;
    for (size_t f = 0; f < n; f++) {
        mdd_db *db = open_corpus_file(paths[f]);
        const mdd_db_ecu *ecu = mdd_db_ecu_at(db, 0);
        if (mdd_db_ecu_variant_count(ecu) > 0)
            check_patterns(ecu, &checked);
        mdd_db_close(db);
        free(paths[f]);
    }
    free(paths);
    /* FLXC1000 and FSNR2000 have two patterned variants, the other four ECUs one. */
    assert_int_equal(checked, 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_identify_flxc),
        cmocka_unit_test(test_identify_every_ecu),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
