/* SPDX-License-Identifier: Apache-2.0 */
/* Which response a message is: the constants whose place is known without decoding
 * (CODED_CONST, NRC_CONST, MATCHING_REQUEST_PARAM) must hold. Checking them first keeps
 * the choice cheap and the visitor unaware of responses that did not match; the coded
 * constants read here are kept for the decode that follows, which checks the others
 * again. */
#include "match_walk.h"

#include <string.h>

/* Reads the coded value of a constant at pos; 0 when it is not there. */
static int read_const(uds_walk *w, const fb_fields *dct, uds_pos pos, uds_scalar *v,
                      size_t *next)
{
    mdd_error ignored;
    return uds_coded_read_type(dct, w->msg, pos, 0, v, next, &ignored) == MDD_OK;
}

static int equal_const(mdd_bytes text, const fb_fields *dct, const uds_scalar *v)
{
    mdd_error ignored;
    uds_scalar c;
    uint8_t type = fb_fields_u8(dct, FID_DIAG_CODED_TYPE_BASE_DATA_TYPE, 0);
    return uds_scalar_parse(text, type, &c, &ignored) == MDD_OK && uds_scalar_equal(v, &c);
}

/* Keeps the value of a constant for the decode that follows, when that decode would read
 * the same: a constant whose length comes from a length key reads differently there (this
 * pass reads it without the key). */
static void keep(uds_matched *m, const fb_fields *dct, uds_pos pos, const uds_scalar *v,
                 size_t next)
{
    if (!m || fb_fields_u8(dct, FID_DIAG_CODED_TYPE_SPECIFIC_DATA_TYPE, 0) ==
                  MDD_SPECIFIC_DATA_TYPE_PARAM_LENGTH_INFO_TYPE)
        return;
    m->has_value = 1;
    m->pos = pos;
    m->value = *v;
    m->next = next;
}

static int coded_const_holds(uds_walk *w, const uds_param_view *p, uds_matched *m, uds_pos pos,
                             size_t *next)
{
    fb_fields cc = uds_param_view_child(p, MDD_PARAM_SPECIFIC_DATA_CODED_CONST);
    fb_fields dct = fb_fields_child(&cc, FID_CODED_CONST_DIAG_CODED_TYPE);
    mdd_bytes text = fb_fields_string(&cc, FID_CODED_CONST_CODED_VALUE);
    uds_scalar v;
    if (!read_const(w, &dct, pos, &v, next) || !equal_const(text, &dct, &v))
        return 0;
    /* The decode refuses a constant without a value before it compares. */
    if (text.ptr)
        keep(m, &dct, pos, &v, *next);
    return 1;
}

static int nrc_const_holds(uds_walk *w, const uds_param_view *p, uds_pos pos, size_t *next)
{
    mdd_nrc_const nc = {uds_param_view_data(p, MDD_PARAM_SPECIFIC_DATA_NRC_CONST)};
    fb_fields dct = fb_fields_of(mdd_nrc_const_diag_coded_type(nc).t);
    mdd_string_vec values = mdd_nrc_const_coded_values(nc);
    uds_scalar v;
    if (!read_const(w, &dct, pos, &v, next))
        return 0;
    for (uint32_t i = 0; i < mdd_string_vec_count(values); i++)
        if (equal_const(mdd_string_vec_at(values, i), &dct, &v))
            return 1;
    return 0;
}

static int request_repeated(uds_walk *w, const uds_param_view *p, uds_matched *kept_as,
                            uds_pos pos, size_t *next)
{
    fb_fields m = uds_param_view_child(p, MDD_PARAM_SPECIFIC_DATA_MATCHING_REQUEST_PARAM);
    int32_t at = (int32_t)fb_fields_u32(&m, FID_MATCHING_REQUEST_PARAM_REQUEST_BYTE_POS, 0);
    uint32_t len = fb_fields_u32(&m, FID_MATCHING_REQUEST_PARAM_BYTE_LENGTH, 0);
    *next = pos.byte + len;
    if (pos.byte > w->msg.len || len > w->msg.len - pos.byte)
        return 0;
    int holds = !w->request.ptr ||
                (at >= 0 && (size_t)at <= w->request.len && len <= w->request.len - (size_t)at &&
                 memcmp(w->request.ptr + at, w->msg.ptr + pos.byte, len) == 0);
    if (holds && kept_as) {
        kept_as->repeated = len;
        kept_as->pos = pos;
    }
    return holds;
}

/* The match pass's step: whether a constant or a repeat holds in the walk's message. */
static int holds(void *ctx, const uds_param_view *p, uds_matched *m, uds_pos pos,
                 size_t *cursor)
{
    uds_walk *w = ctx;
    switch (p->type) {
    case MDD_PARAM_TYPE_CODED_CONST: return coded_const_holds(w, p, m, pos, cursor);
    case MDD_PARAM_TYPE_NRC_CONST: return nrc_const_holds(w, p, pos, cursor);
    case MDD_PARAM_TYPE_MATCHING_REQUEST_PARAM: return request_repeated(w, p, m, pos, cursor);
    default: return 1;
    }
}

int uds_params_match(uds_walk *w, mdd_param_vec params)
{
    w->matched_params = params.v;
    return uds_match_walk(params, w->matched, &w->matched_count, holds, w);
}

const uds_param_view *uds_matched_view(const uds_walk *w, mdd_param_vec params, uint32_t index,
                                       uds_param_view *read, const uds_matched **found)
{
    *found = NULL;
    if (index >= w->matched_count || w->matched_params.pos != params.v.pos ||
        w->matched_params.buf != params.v.buf) {
        *read = uds_param_view_at(params, index);
        return read;
    }
    const uds_matched *m = &w->matched[index];
    if (m->has_value || m->repeated || m->has_read)
        *found = m;
    return &m->view;
}

int uds_global_response(uds_walk *w, const uint32_t *want, uint32_t *number,
                        mdd_response *response)
{
    uint32_t n = w->layer ? mdd_db_layer_service_count(w->layer) : 0, k = 0;
    for (uint32_t i = 0; i < n; i++) {
        mdd_response_vec rs =
            mdd_diag_service_neg_responses(mdd_db_layer_service_at(w->layer, i).service);
        for (uint32_t j = 0; j < mdd_response_vec_count(rs); j++) {
            mdd_response r = mdd_response_vec_at(rs, j);
            if (mdd_response_response_type(r) != MDD_RESPONSE_TYPE_GLOBAL_NEG_RESPONSE)
                continue;
            if (want ? *want == k : uds_params_match(w, mdd_response_params(r))) {
                *number = k;
                *response = r;
                return 1;
            }
            k++;
        }
    }
    return 0;
}

mdd_status uds_named_response(uds_walk *w, mdd_diag_service s, const mdd_uds_message *message,
                              mdd_response *response)
{
    int negative = message->kind == MDD_UDS_NEGATIVE;
    mdd_response_vec rs = negative ? mdd_diag_service_neg_responses(s)
                                   : mdd_diag_service_pos_responses(s);
    uint32_t own = mdd_response_vec_count(rs), k;
    if (message->index < own) {
        *response = mdd_response_vec_at(rs, message->index);
        return MDD_OK;
    }
    uint32_t want = message->index - own;
    if (negative && uds_global_response(w, &want, &k, response))
        return MDD_OK;
    return mdd_fail(w->err, MDD_ERR_ARG, "the service has no response %u of that kind",
                    (unsigned)message->index);
}
