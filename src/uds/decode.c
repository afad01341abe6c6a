/* SPDX-License-Identifier: Apache-2.0 */
/* Decoding messages: the service by the request (most specific first), the response by its
 * constants (the service's positive, then negative responses, then the layer's global
 * negative ones), then every parameter through the walk. */
#include "memo.h"

#include <stdio.h>
#include <string.h>

/* The most services one request is tried against. */
#define CANDIDATES 16

/* The first bytes of msg as "62 F1 90 ..." for messages. */
static void bytes_text(const uint8_t *msg, size_t len, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < len && i < 16 && n + 4 < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%02X", i ? " " : "", msg[i]);
    if (len > 16 && n + 5 < cap)
        snprintf(buf + n, cap - n, " ...");
}

static mdd_status decode_params_of(uds_walk *w, const uds_params_src *src, mdd_uds_decoded *out)
{
    size_t cursor = 0;
    mdd_status st = uds_decode_src(w, src, 0, &cursor);
    if (st == MDD_OK && out)
        out->covered = w->high;
    return st;
}

/* Decodes the response c of service: its params, or the plan's steps in src (NULL: none). */
static mdd_status decode_response_src(uds_walk *w, const mdd_db_service *service,
                                      const uds_chosen *c, const uds_params_src *src,
                                      mdd_uds_decoded *out)
{
    if (out) {
        out->service = *service;
        out->message = c->message;
        out->response = c->response;
    }
    uds_params_src params = {c->params, NULL, 0};
    return decode_params_of(w, src ? src : &params, out);
}

static mdd_status decode_response(uds_walk *w, const mdd_db_service *service, const uds_chosen *c,
                                  mdd_uds_decoded *out)
{
    return decode_response_src(w, service, c, NULL, out);
}

/* Decodes through the entry's plan, whose checks held: the slot is not refilled meanwhile (a
 * visitor may decode through the same memo). */
static mdd_status decode_planned(uds_walk *w, uds_memo_entry *e, mdd_uds_decoded *out)
{
    uds_chosen c;
    if (!e->walk.ready) {
        uds_match_plan_keep(&e->plan, w, &c);
        return decode_response(w, &e->services[0], &c, out);
    }
    uds_params_src src = {.steps = e->walk.steps, .count = e->walk.top};
    e->busy++;
    w->entry = e;
    mdd_status st = decode_response_src(w, &e->services[0], &e->plan.chosen, &src, out);
    w->entry = NULL;
    e->busy--;
    return st;
}

/* The first of responses that the message matches: 1 with c's index, response and params,
 * or 0. */
static int first_match(uds_walk *w, mdd_fb_vector responses, uds_chosen *c)
{
    for (uint32_t i = 0; i < responses.count; i++) {
        fb_fields r = fb_fields_element(responses, i);
        mdd_param_vec params = {fb_fields_vector(&r, FID_RESPONSE_PARAMS, 4)};
        if (uds_params_match(w, params)) {
            c->message.index = i;
            c->response.t = r.t;
            c->params = params;
            return 1;
        }
    }
    return 0;
}

/* The service's response the message is: 1 with *c, or 0. */
static int own_response(uds_walk *w, mdd_diag_service s, uds_chosen *c)
{
    fb_fields f = fb_fields_of(s.t);
    if (first_match(w, fb_fields_vector(&f, FID_DIAG_SERVICE_POS_RESPONSES, 4), c)) {
        c->message.kind = MDD_UDS_POSITIVE;
        return 1;
    }
    c->message.kind = MDD_UDS_NEGATIVE;
    return first_match(w, fb_fields_vector(&f, FID_DIAG_SERVICE_NEG_RESPONSES, 4), c);
}

/* A global negative response for s: its number follows s's own negative responses. */
static int global_for(uds_walk *w, mdd_diag_service s, uds_chosen *c)
{
    uint32_t k;
    if (!uds_global_response(w, NULL, &k, &c->response))
        return 0;
    c->message.kind = MDD_UDS_NEGATIVE;
    c->message.index = mdd_response_vec_count(mdd_diag_service_neg_responses(s)) + k;
    c->params = mdd_response_params(c->response);
    return 1;
}

static mdd_status no_response(uds_walk *w, const mdd_db_service *service)
{
    char bytes[80];
    mdd_bytes name = mdd_diag_comm_short_name(mdd_diag_service_diag_comm(service->service));
    bytes_text(w->msg.ptr, w->msg.len, bytes, sizeof bytes);
    return mdd_fail(w->err, MDD_ERR_NOT_FOUND, "no response of service '%.*s' matches %s",
                    (int)name.len, name.ptr ? (const char *)name.ptr : "", bytes);
}

static mdd_status start(uds_walk *w, const mdd_db_layer *layer, const uint8_t *request,
                        size_t request_len, const uint8_t *msg, size_t msg_len,
                        const mdd_uds_visitor *visitor, const mdd_uds_options *opts,
                        mdd_error *err)
{
    mdd_status st = uds_walk_init(w, layer, opts, err);
    w->msg.ptr = msg ? msg : (const uint8_t *)"";
    w->msg.len = msg ? msg_len : 0;
    w->request.ptr = request;
    w->request.len = request ? request_len : 0;
    w->visitor = visitor;
    return st;
}

mdd_status mdd_uds_decode_message(const mdd_db_layer *layer, const mdd_db_service *service,
                                  const mdd_uds_message *message, const uint8_t *request,
                                  size_t request_len, const uint8_t *msg, size_t msg_len,
                                  const mdd_uds_visitor *visitor, const mdd_uds_options *opts,
                                  mdd_uds_decoded *out, mdd_error *err)
{
    if (!service || (!msg && msg_len))
        return mdd_fail(err, MDD_ERR_ARG, "mdd_uds_decode_message: no service or message");
    uds_walk w;
    mdd_status started = start(&w, layer, request, request_len, msg, msg_len, visitor, opts, err);
    if (started != MDD_OK)
        return started;
    mdd_diag_service s = service->service;
    if (message && message->kind == MDD_UDS_REQUEST) {
        if (out) {
            memset(out, 0, sizeof *out);
            out->service = *service;
            out->message = *message;
        }
        uds_params_src src = {mdd_request_params(mdd_diag_service_request(s)), NULL, 0};
        return decode_params_of(&w, &src, out);
    }
    uds_chosen c;
    if (message) {
        mdd_status st = uds_named_response(&w, s, message, &c.response);
        if (st != MDD_OK)
            return st;
        c.message = *message;
        c.params = mdd_response_params(c.response);
    } else if (!own_response(&w, s, &c) && !global_for(&w, s, &c)) {
        return no_response(&w, service);
    }
    return decode_response(&w, service, &c, out);
}

mdd_status mdd_uds_decode(const mdd_db_layer *layer, const uint8_t *request, size_t request_len,
                          const uint8_t *response, size_t response_len,
                          const mdd_uds_visitor *visitor, const mdd_uds_options *opts,
                          mdd_uds_decoded *out, mdd_error *err)
{
    return uds_decode_with(layer, request, request_len, response, response_len, visitor, opts,
                           out, NULL, err);
}

mdd_status uds_decode_with(const mdd_db_layer *layer, const uint8_t *request, size_t request_len,
                           const uint8_t *response, size_t response_len,
                           const mdd_uds_visitor *visitor, const mdd_uds_options *opts,
                           mdd_uds_decoded *out, const uds_walk **walk, mdd_error *err)
{
    if (!layer || (!request && request_len) || (!response && response_len))
        return mdd_fail(err, MDD_ERR_ARG, "mdd_uds_decode: no layer, request or response");
    uds_walk w;
    mdd_status started =
        start(&w, layer, request, request_len, response, response_len, visitor, opts, err);
    if (started != MDD_OK)
        return started;
    if (walk)
        *walk = &w;
    uds_chosen c;
    mdd_db_service found[CANDIDATES];
    const mdd_db_service *services = found;
    size_t n;
    uds_memo_entry *e = w.memo ? uds_memo_entry_for(w.memo, layer, request, request_len) : NULL;
    if (e) {
        if (e->planned && uds_match_plan_checks(&e->plan, &w))
            return decode_planned(&w, e, out);
        services = e->services;
        n = e->service_count;
    } else {
        n = mdd_db_layer_lookup_request(layer, request, request_len, found, CANDIDATES);
    }
    for (size_t i = 0; i < n && i < CANDIDATES; i++)
        if (own_response(&w, services[i].service, &c))
            return decode_response(&w, &services[i], &c, out);
    char bytes[80];
    if (n == 0) {
        bytes_text(request, request_len, bytes, sizeof bytes);
        return mdd_fail(err, MDD_ERR_NOT_FOUND, "no service takes the request %s", bytes);
    }
    if (global_for(&w, services[0].service, &c))
        return decode_response(&w, &services[0], &c, out);
    return no_response(&w, &services[0]);
}
