/* SPDX-License-Identifier: Apache-2.0 */
/* LINEAR, SCALE_LINEAR, RAT_FUNC and SCALE_RAT_FUNC (codec rules §4): each scale maps x to
 * sum(N_i x^i) / sum(D_i x^i); LINEAR is the case N = [V0, V1], D = [D0]. The single-scale
 * categories use their first scale, its limits bounding the domain; the SCALE_ ones the first
 * scale whose limits hold the value. */
#include "prim.h"

static bool single_scale(const uds_compu_ctx *c)
{
    uint8_t category = mdd_compu_method_category(c->cm);
    return category == MDD_COMPU_CATEGORY_LINEAR || category == MDD_COMPU_CATEGORY_RAT_FUNC;
}

static double polynomial(mdd_f64_vec v, double x)
{
    double sum = 0;
    for (uint32_t i = mdd_f64_vec_count(v); i > 0; i--)
        sum = sum * x + mdd_f64_vec_at(v, i - 1);
    return sum;
}

static mdd_status status_of(bool to_coded) { return to_coded ? MDD_ERR_ARG : MDD_ERR_FORMAT; }

static const char *name_of(const uds_compu_ctx *c)
{
    return uds_compu_name(mdd_compu_method_category(c->cm));
}

static mdd_status no_number(const uds_compu_ctx *c, const uds_scalar *v, bool to_coded)
{
    char shown[64];
    return mdd_fail(c->err, status_of(to_coded), "the %s compu method needs a number, not %s",
                    name_of(c), uds_scalar_show(v, shown, sizeof shown));
}

/* The scale that applies to value: MDD_OK with *index (-1: none). */
static mdd_status pick_scale(const uds_compu_ctx *c, mdd_compu_scale_vec scales,
                             const uds_scalar *value, uint8_t limit_type, int64_t *index)
{
    if (!mdd_compu_scale_vec_count(scales))
        return mdd_fail(c->err, MDD_ERR_FORMAT, "the %s compu method has no scale", name_of(c));
    if (single_scale(c)) {
        int r = uds_scale_contains(mdd_compu_scale_vec_at(scales, 0), value, limit_type, false,
                                   c->err);
        *index = r > 0 ? 0 : r == 0 ? -1 : -2;
    } else {
        *index = uds_scale_find(scales, value, limit_type, false, c->err);
    }
    return *index == -2 ? MDD_ERR_FORMAT : MDD_OK;
}

static mdd_status evaluate(const uds_compu_ctx *c, mdd_compu_scale scale, double x,
                           bool to_coded, uds_scalar *out)
{
    mdd_compu_rational_co_effs co = mdd_compu_scale_rational_co_effs(scale);
    mdd_f64_vec num = mdd_compu_rational_co_effs_numerator(co);
    mdd_f64_vec den = mdd_compu_rational_co_effs_denominator(co);
    if (!mdd_f64_vec_count(num))
        return mdd_fail(c->err, MDD_ERR_FORMAT, "a scale of the %s compu method has no numerator",
                        name_of(c));
    double d = mdd_f64_vec_count(den) ? polynomial(den, x) : 1.0;
    if (d == 0)
        return mdd_fail(c->err, status_of(to_coded),
                        "the %s compu method divides by zero at %.17g", name_of(c), x);
    return uds_compu_result(c, polynomial(num, x) / d, to_coded, out);
}

mdd_status uds_rat_to_physical(const uds_compu_ctx *c, const uds_scalar *coded, uds_scalar *out)
{
    double x;
    int64_t index;
    if (!uds_number_value(coded, &x))
        return no_number(c, coded, false);
    mdd_compu_scale_vec scales =
        mdd_compu_internal_to_phys_compu_scales(mdd_compu_method_internal_to_phys(c->cm));
    mdd_status st = pick_scale(c, scales, coded, c->coded_type, &index);
    if (st != MDD_OK)
        return st;
    if (index < 0)
        return uds_compu_default(c, coded, out);
    return evaluate(c, mdd_compu_scale_vec_at(scales, (uint32_t)index), x, false, out);
}

/* A scale's formula as V0 + V1 x over D0: 0 when it is not linear. */
static int linear_terms(mdd_compu_scale scale, double *v0, double *v1, double *d0)
{
    mdd_compu_rational_co_effs co = mdd_compu_scale_rational_co_effs(scale);
    mdd_f64_vec num = mdd_compu_rational_co_effs_numerator(co);
    mdd_f64_vec den = mdd_compu_rational_co_effs_denominator(co);
    uint32_t n = mdd_f64_vec_count(num), d = mdd_f64_vec_count(den);
    if (n < 1 || n > 2 || d > 1)
        return 0;
    *v0 = mdd_f64_vec_at(num, 0);
    *v1 = n > 1 ? mdd_f64_vec_at(num, 1) : 0;
    *d0 = d ? mdd_f64_vec_at(den, 0) : 1;
    return 1;
}

/* The coded x of a linear scale for y, before rounding: 1 and *x, 0 when the scale cannot
 * give y (a constant scale of another value, or one without an inverse value). */
static int invert_linear(mdd_compu_scale scale, double v0, double v1, double d0, double y,
                         uint8_t coded_type, double *x)
{
    if (v1 != 0) {
        *x = (y * d0 - v0) / v1;
        return 1;
    }
    if (v0 / d0 != y)
        return 0;
    uds_scalar lower;
    if (mdd_compu_values_v(mdd_compu_scale_inverse_values(scale), x))
        return 1;
    return uds_limit_value(mdd_compu_scale_lower_limit(scale), coded_type, &lower, NULL) > 0 &&
           uds_number_value(&lower, x);
}

mdd_status uds_linear_to_coded(const uds_compu_ctx *c, const uds_scalar *physical,
                               uds_scalar *out)
{
    double y, v0, v1, d0, x;
    if (!uds_number_value(physical, &y))
        return no_number(c, physical, true);
    mdd_compu_scale_vec scales =
        mdd_compu_internal_to_phys_compu_scales(mdd_compu_method_internal_to_phys(c->cm));
    uint32_t count = mdd_compu_scale_vec_count(scales);
    if (single_scale(c) && count > 1)
        count = 1;
    for (uint32_t i = 0; i < count; i++) {
        mdd_compu_scale scale = mdd_compu_scale_vec_at(scales, i);
        if (!linear_terms(scale, &v0, &v1, &d0))
            return mdd_fail(c->err, MDD_ERR_ARG, "the %s compu method's scale %u is not linear: "
                            "it cannot be inverted", name_of(c), i);
        if (d0 == 0)
            return mdd_fail(c->err, MDD_ERR_ARG, "the %s compu method divides by zero",
                            name_of(c));
        if (!invert_linear(scale, v0, v1, d0, y, c->coded_type, &x))
            continue;
        uds_scalar at = {.kind = MDD_UDS_FLOAT, .as.f = x};
        int r = uds_scale_contains(scale, &at, c->coded_type, false, c->err);
        if (r < 0)
            return MDD_ERR_FORMAT;
        if (r)
            return uds_compu_result(c, x, true, out);
    }
    char shown[64];
    return mdd_fail(c->err, MDD_ERR_ARG, "physical value %s is outside every scale of the %s "
                    "compu method", uds_scalar_show(physical, shown, sizeof shown), name_of(c));
}

mdd_status uds_rat_to_coded(const uds_compu_ctx *c, const uds_scalar *physical, uds_scalar *out)
{
    double y;
    int64_t index;
    mdd_compu_scale_vec scales =
        mdd_compu_phys_to_internal_compu_scales(mdd_compu_method_phys_to_internal(c->cm));
    if (!mdd_compu_scale_vec_count(scales))
        return uds_linear_to_coded(c, physical, out); /* invertible when it is linear */
    if (!uds_number_value(physical, &y))
        return no_number(c, physical, true);
    mdd_status st = pick_scale(c, scales, physical, c->physical_type, &index);
    if (st != MDD_OK)
        return st;
    if (index < 0) {
        char shown[64];
        return mdd_fail(c->err, MDD_ERR_ARG, "physical value %s is outside every "
                        "phys_to_internal scale of the %s compu method",
                        uds_scalar_show(physical, shown, sizeof shown), name_of(c));
    }
    return evaluate(c, mdd_compu_scale_vec_at(scales, (uint32_t)index), y, true, out);
}
