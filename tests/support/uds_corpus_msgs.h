/* SPDX-License-Identifier: Apache-2.0 */
/* Real messages of a corpus service: every message (request, positive and negative
 * responses) gets sample values from its description (uds_sample.h), encoded; each message
 * that encodes is handed to a callback with the request that triggers it (the encoded request,
 * else the service's request prefix). Header-only, for the tests that check descriptions
 * against the codec. */
#ifndef MDD_TEST_UDS_CORPUS_MSGS_H
#define MDD_TEST_UDS_CORPUS_MSGS_H

#include "uds_sample.h"

#include <mdd/uds.h>

#include <stdlib.h>

#define UDS_CORPUS_MSG_MAX 4096

typedef struct uds_corpus_msg {
    const mdd_db_layer *layer;
    const mdd_db_service *service;
    mdd_uds_message message;
    mdd_param_vec params;
    const uint8_t *request; /* the triggering request (responses) */
    size_t request_len;
    const uint8_t *bytes; /* the encoded message, NULL when its sample did not encode */
    size_t len;
    const char *sample; /* the values it was encoded from */
    const char *failure; /* when bytes is NULL: "cannot sample" or "sample does not encode" */
    char why[MDD_ERROR_MESSAGE_SIZE]; /* and why */
} uds_corpus_msg;

typedef void (*uds_corpus_msg_fn)(void *ctx, const uds_corpus_msg *m);

/* Samples and encodes m's message into out; calls fn. Returns whether it encoded. */
static int uds_corpus_msg_one(uds_corpus_msg *m, uint8_t *out, size_t *out_len,
                              uds_corpus_msg_fn fn, void *ctx)
{
    mdd_buffer buf = {0};
    mdd_sink sink = mdd_buffer_sink(&buf);
    uds_jw w;
    uds_jw_init(&w, &sink, NULL);
    uds_sample s = {.w = &w};
    int sampled = uds_sample_params(&s, m->params) == 0;
    uds_jw_raw(&w, "", 1);
    uds_jw_flush(&w);
    const char *json = buf.data ? (const char *)buf.data : "";
    mdd_error err;
    int encoded = sampled &&
                  mdd_uds_encode(m->layer, m->service, &m->message, m->request, m->request_len,
                                 json, strlen(json), NULL, out, UDS_CORPUS_MSG_MAX, out_len,
                                 &err) == MDD_OK;
    m->failure = sampled ? (encoded ? NULL : "sample does not encode") : "cannot sample";
    snprintf(m->why, sizeof m->why, "%s", sampled ? (encoded ? "" : err.message) : s.why);
    m->bytes = encoded ? out : NULL;
    m->len = encoded ? *out_len : 0;
    m->sample = json;
    fn(ctx, m);
    mdd_buffer_free(&buf);
    return encoded;
}

/* Every message of service in layer, as above. */
static void uds_corpus_each_msg(const mdd_db_layer *layer, const mdd_db_service *service,
                                uds_corpus_msg_fn fn, void *ctx)
{
    mdd_diag_service s = service->service;
    uint8_t *request = malloc(UDS_CORPUS_MSG_MAX), *response = malloc(UDS_CORPUS_MSG_MAX);
    if (!request || !response)
        abort();
    size_t request_len = 0, response_len = 0;
    uds_corpus_msg m = {layer, service, {MDD_UDS_REQUEST, 0},
                        mdd_request_params(mdd_diag_service_request(s)), NULL, 0, NULL, 0, "",
                        NULL, ""};
    if (!uds_corpus_msg_one(&m, request, &request_len, fn, ctx)) {
        request_len = service->prefix.len;
        if (request_len)
            memcpy(request, service->prefix.bytes, request_len);
    }
    m.request = request;
    m.request_len = request_len;
    mdd_response_vec kinds[] = {mdd_diag_service_pos_responses(s),
                                mdd_diag_service_neg_responses(s)};
    for (int k = 0; k < 2; k++) {
        for (uint32_t i = 0; i < mdd_response_vec_count(kinds[k]); i++) {
            m.message = (mdd_uds_message){k ? MDD_UDS_NEGATIVE : MDD_UDS_POSITIVE, i};
            m.params = mdd_response_params(mdd_response_vec_at(kinds[k], i));
            uds_corpus_msg_one(&m, response, &response_len, fn, ctx);
        }
    }
    free(request);
    free(response);
}

#endif
