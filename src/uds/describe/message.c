/* SPDX-License-Identifier: Apache-2.0 */
/* The message of a service a description names: its request or one of its responses. */
#include "describe.h"

mdd_status uds_message_params(uds_walk *w, mdd_diag_service s, const mdd_uds_message *message,
                              mdd_param_vec *params)
{
    if (!message)
        return mdd_fail(w->err, MDD_ERR_ARG, "no message named");
    if (message->kind == MDD_UDS_REQUEST) {
        mdd_request r = mdd_diag_service_request(s);
        if (!r.t.pos)
            return mdd_fail(w->err, MDD_ERR_ARG, "the service has no request");
        *params = mdd_request_params(r);
        return MDD_OK;
    }
    if (message->kind != MDD_UDS_POSITIVE && message->kind != MDD_UDS_NEGATIVE)
        return mdd_fail(w->err, MDD_ERR_ARG, "unknown message kind %d", (int)message->kind);
    mdd_response response;
    mdd_status st = uds_named_response(w, s, message, &response);
    if (st == MDD_OK)
        *params = mdd_response_params(response);
    return st;
}
