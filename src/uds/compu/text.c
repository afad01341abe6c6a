/* SPDX-License-Identifier: Apache-2.0 */
/* TEXT_TABLE (codec rules §4): the first scale whose limits hold the coded value gives its
 * text (a lone lower limit meaning that value only); encoding finds the scale by its text
 * and takes its inverse value, else its lower, else its upper limit (docs/adr/0020). */
#include "prim.h"

mdd_bytes uds_scale_text(mdd_compu_scale scale)
{
    mdd_compu_values consts = mdd_compu_scale_consts(scale);
    mdd_bytes vt = mdd_compu_values_vt(consts);
    return vt.ptr ? vt : mdd_compu_values_vt_ti(consts);
}

mdd_status uds_text_table_to_physical(const uds_compu_ctx *c, const uds_scalar *coded,
                                      uds_scalar *out)
{
    mdd_compu_scale_vec scales =
        mdd_compu_internal_to_phys_compu_scales(mdd_compu_method_internal_to_phys(c->cm));
    int64_t index = uds_scale_find(scales, coded, c->coded_type, true, c->err);
    if (index == -2)
        return MDD_ERR_FORMAT;
    if (index < 0)
        return uds_compu_default(c, coded, out);
    mdd_bytes text = uds_scale_text(mdd_compu_scale_vec_at(scales, (uint32_t)index));
    if (!text.ptr)
        return mdd_fail(c->err, MDD_ERR_FORMAT, "TEXT_TABLE compu_scales[%lld] has no text",
                        (long long)index);
    *out = (uds_scalar){.kind = MDD_UDS_TEXT, .as.text = {text, MDD_UDS_TEXT_UTF8}};
    return MDD_OK;
}

static bool same_text(mdd_bytes stored, const uds_scalar *text)
{
    uds_scalar s = {.kind = MDD_UDS_TEXT, .as.text = {stored, MDD_UDS_TEXT_UTF8}};
    int order;
    return stored.ptr && uds_scalar_compare(&s, text, &order) && order == 0;
}

/* The coded value of the scale with text: its inverse value, else a limit. */
static mdd_status coded_of_scale(const uds_compu_ctx *c, mdd_compu_scale scale, uds_scalar *out)
{
    double v;
    if (mdd_compu_values_v(mdd_compu_scale_inverse_values(scale), &v))
        return uds_compu_result(c, v, true, out);
    mdd_limit limits[2] = {mdd_compu_scale_lower_limit(scale), mdd_compu_scale_upper_limit(scale)};
    for (int i = 0; i < 2; i++) {
        int r = uds_limit_value(limits[i], c->coded_type, out, c->err);
        if (r < 0)
            return MDD_ERR_FORMAT;
        if (r)
            return MDD_OK;
    }
    return mdd_fail(c->err, MDD_ERR_FORMAT, "a TEXT_TABLE scale has neither inverse value nor "
                    "limit to encode its text with");
}

static mdd_status unknown_text(const uds_compu_ctx *c, const uds_scalar *physical)
{
    mdd_bytes b = physical->as.text.bytes;
    return mdd_fail(c->err, MDD_ERR_ARG, "\"%.*s%s\" is not a text of the TEXT_TABLE compu method",
                    (int)(b.len > 60 ? 60 : b.len), b.ptr ? (const char *)b.ptr : "",
                    b.len > 60 ? "..." : "");
}

mdd_status uds_text_table_to_coded(const uds_compu_ctx *c, const uds_scalar *physical,
                                   uds_scalar *out)
{
    if (physical->kind != MDD_UDS_TEXT) {
        char shown[64];
        return mdd_fail(c->err, MDD_ERR_ARG, "the TEXT_TABLE compu method needs a text, not %s",
                        uds_scalar_show(physical, shown, sizeof shown));
    }
    mdd_compu_scale_vec scales =
        mdd_compu_internal_to_phys_compu_scales(mdd_compu_method_internal_to_phys(c->cm));
    uint32_t count = mdd_compu_scale_vec_count(scales);
    for (uint32_t i = 0; i < count; i++) {
        mdd_compu_scale scale = mdd_compu_scale_vec_at(scales, i);
        if (same_text(mdd_compu_values_vt(mdd_compu_scale_consts(scale)), physical))
            return coded_of_scale(c, scale, out);
    }
    double v;
    mdd_compu_values dv = mdd_compu_default_value_values(
        mdd_compu_phys_to_internal_compu_default_value(mdd_compu_method_phys_to_internal(c->cm)));
    if (mdd_compu_values_v(dv, &v))
        return uds_compu_result(c, v, true, out);
    return unknown_text(c, physical);
}
