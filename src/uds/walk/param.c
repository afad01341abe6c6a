/* SPDX-License-Identifier: Apache-2.0 */
/* A parameter as both walks take it: its fields, read with its table's header checked once
 * (the decoder reads most fields of every parameter of every message), where it starts, and
 * the bits of the parameters without a coded type, RESERVED and MATCHING_REQUEST_PARAM:
 * unsigned and high-low (docs/adr/0021-uds-messages.md), with the path in errors and the
 * furthest byte read kept. */
#include "walk.h"

uds_param_view uds_param_view_at(mdd_param_vec params, uint32_t i)
{
    uds_param_view v;
    uint32_t bit = 0;
    v.f = fb_fields_element(params.v, i);
    v.param.t = v.f.t;
    v.type = fb_fields_u8(&v.f, FID_PARAM_PARAM_TYPE, 0);
    v.byte = 0;
    v.positioned = fb_fields_opt_u32(&v.f, FID_PARAM_BYTE_POSITION, &v.byte);
    fb_fields_opt_u32(&v.f, FID_PARAM_BIT_POSITION, &bit);
    v.bit = (uint8_t)(bit & 7u);
    return v;
}

mdd_bytes uds_param_view_name(const uds_param_view *v)
{
    return fb_fields_string(&v->f, FID_PARAM_SHORT_NAME);
}

mdd_fb_table uds_param_view_data(const uds_param_view *v, uint8_t tag)
{
    return uds_param_view_child(v, tag).t;
}

fb_fields uds_param_view_child(const uds_param_view *v, uint8_t tag)
{
    return fb_fields_child_union(&v->f, FID_PARAM_SPECIFIC_DATA, tag);
}

int uds_param_is_mux(const uds_param_view *v)
{
    if (v->type != MDD_PARAM_TYPE_VALUE)
        return 0;
    fb_fields data = uds_param_view_child(v, MDD_PARAM_SPECIFIC_DATA_VALUE);
    fb_fields dop = fb_fields_child(&data, FID_VALUE_DOP);
    return fb_fields_u8(&dop, FID_DOP_SPECIFIC_DATA_TYPE, 0) == MDD_SPECIFIC_DOP_DATA_MUX_DOP;
}

uds_pos uds_param_start(const uds_walk *w, const uds_param_view *v, size_t origin, size_t cursor)
{
    /* An absent byte position in a converted file may have been an explicit 0: a MUX's switch
     * key re-reads bytes of the params before it, so inside a composite it starts at the
     * origin; at the message's top level byte 0 is the service id, so there it follows. */
    if (!v->positioned && w->depth > 0 && uds_param_is_mux(v))
        cursor = origin;
    return uds_param_view_pos(v, origin, cursor);
}

/* ---- Raw bits ---- */

mdd_status uds_raw_read(uds_walk *w, mdd_bytes msg, uds_pos pos, uint32_t bits, uint64_t *value,
                        size_t *next)
{
    mdd_status st = uds_uint_read(msg, pos, bits, 1, value, next, w->err);
    if (st != MDD_OK)
        return uds_blame(w, st);
    if (*next > w->high)
        w->high = *next;
    return MDD_OK;
}

mdd_status uds_raw_write(uds_walk *w, uds_pos pos, uint32_t bits, uint64_t value, size_t *next)
{
    mdd_status st = uds_uint_write(w->out, pos, bits, 1, value, next, w->err);
    return st == MDD_OK ? MDD_OK : uds_blame(w, st);
}
