/* SPDX-License-Identifier: Apache-2.0 */
/* Encoding a message of a service from a JSON object of its parameters' values, into the
 * caller's buffer. */
#include "walk.h"

/* The params of the message of s that message names (NULL: the request). */
static mdd_status message_params(uds_walk *w, mdd_diag_service s, const mdd_uds_message *message,
                                 mdd_param_vec *params)
{
    if (!message || message->kind == MDD_UDS_REQUEST) {
        *params = mdd_request_params(mdd_diag_service_request(s));
        return MDD_OK;
    }
    mdd_response r;
    mdd_status st = uds_named_response(w, s, message, &r);
    *params = mdd_response_params(r);
    return st;
}

mdd_status mdd_uds_encode(const mdd_db_layer *layer, const mdd_db_service *service,
                          const mdd_uds_message *message, const uint8_t *request,
                          size_t request_len, const char *json, size_t json_len,
                          const mdd_uds_options *opts, uint8_t *out, size_t cap, size_t *needed,
                          mdd_error *err)
{
    if (!service || !json || !needed || (!out && cap))
        return mdd_fail(err, MDD_ERR_ARG, "mdd_uds_encode: no service, JSON or length");
    *needed = 0;
    uds_walk w;
    mdd_status st = uds_walk_init(&w, layer, opts, err);
    if (st != MDD_OK)
        return st;
    mdd_param_vec params;
    st = message_params(&w, service->service, message, &params);
    if (st != MDD_OK)
        return st;
    uds_out o = {out, cap, 0};
    w.out = &o;
    w.request.ptr = request;
    w.request.len = request ? request_len : 0;
    uds_json root;
    /* Each level of nesting may add an object and an array. */
    if ((st = uds_json_parse(json, json_len, 2 * w.max_depth + 2, &root, err)) != MDD_OK ||
        (st = uds_expect_object(&w, root)) != MDD_OK)
        return st;
    size_t cursor = 0;
    if ((st = uds_encode_params(&w, params, root, 0, &cursor, 1)) != MDD_OK)
        return st;
    *needed = o.len;
    if (o.len > cap)
        return mdd_fail(err, MDD_ERR_LIMIT, "the message needs %zu bytes, the buffer has %zu",
                        o.len, cap);
    return MDD_OK;
}
