/* SPDX-License-Identifier: Apache-2.0 */
/* TAB_INTP (codec rules §4): the points (lower limit, consts.v) of the scales in order,
 * interpolated linearly on the first segment that holds the value, both ways; outside every
 * segment there is no value. */
#include "prim.h"

typedef struct point {
    double x, y;
} point;

static mdd_status point_at(const uds_compu_ctx *c, mdd_compu_scale_vec scales, uint32_t i,
                           point *p)
{
    mdd_compu_scale scale = mdd_compu_scale_vec_at(scales, i);
    uds_scalar x;
    int r = uds_limit_value(mdd_compu_scale_lower_limit(scale), c->coded_type, &x, c->err);
    if (r < 0 || !r || !uds_number_value(&x, &p->x) ||
        !mdd_compu_values_v(mdd_compu_scale_consts(scale), &p->y))
        return mdd_fail(c->err, MDD_ERR_FORMAT,
                        "TAB_INTP compu_scales[%u] has no numeric lower limit and value", i);
    return MDD_OK;
}

static bool between(double v, double a, double b)
{
    return (a <= v && v <= b) || (b <= v && v <= a);
}

/* Interpolates v on the first segment of the points holding it: from x to y, or (inverse)
 * from y to x. 1 and *out, 0 when no segment holds v, -1 with c->err set. */
static int interpolate(const uds_compu_ctx *c, double v, bool inverse, double *out)
{
    mdd_compu_scale_vec scales =
        mdd_compu_internal_to_phys_compu_scales(mdd_compu_method_internal_to_phys(c->cm));
    uint32_t count = mdd_compu_scale_vec_count(scales);
    point a, b;
    if (count && point_at(c, scales, 0, &a) != MDD_OK)
        return -1;
    for (uint32_t i = 0; i < count; i++) {
        if (i + 1 < count && point_at(c, scales, i + 1, &b) != MDD_OK)
            return -1;
        if (i + 1 == count)
            b = a;
        double from_a = inverse ? a.y : a.x, from_b = inverse ? b.y : b.x;
        double to_a = inverse ? a.x : a.y, to_b = inverse ? b.x : b.y;
        if (between(v, from_a, from_b)) {
            *out = from_a == from_b ? to_a
                                    : to_a + (v - from_a) * (to_b - to_a) / (from_b - from_a);
            return 1;
        }
        a = b;
    }
    return 0;
}

mdd_status uds_tab_intp_to_physical(const uds_compu_ctx *c, const uds_scalar *coded,
                                    uds_scalar *out)
{
    double x, y;
    if (!uds_number_value(coded, &x))
        return mdd_fail(c->err, MDD_ERR_FORMAT, "the TAB_INTP compu method needs a number");
    int r = interpolate(c, x, false, &y);
    if (r < 0)
        return MDD_ERR_FORMAT;
    return r ? uds_compu_result(c, y, false, out) : uds_compu_default(c, coded, out);
}

mdd_status uds_tab_intp_to_coded(const uds_compu_ctx *c, const uds_scalar *physical,
                                 uds_scalar *out)
{
    double x, y;
    char shown[64];
    if (!uds_number_value(physical, &y))
        return mdd_fail(c->err, MDD_ERR_ARG, "the TAB_INTP compu method needs a number, not %s",
                        uds_scalar_show(physical, shown, sizeof shown));
    int r = interpolate(c, y, true, &x);
    if (r < 0)
        return MDD_ERR_FORMAT;
    if (!r)
        return mdd_fail(c->err, MDD_ERR_ARG, "physical value %s is outside the TAB_INTP table",
                        uds_scalar_show(physical, shown, sizeof shown));
    return uds_compu_result(c, x, true, out);
}
