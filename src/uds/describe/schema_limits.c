/* SPDX-License-Identifier: Apache-2.0 */
/* The physical range of a linear compu method as a schema's minimum and maximum
 * (docs/codec.md, "Schemas"): a LINEAR method, or a RAT_FUNC one that the encoder inverts as
 * linear (degree at most 1 over a constant, no phys_to_internal scales), over an integer
 * coded type of a standard length. Its coded range (the coded bits, within the scale's
 * limits) ends at two coded values; their physical values, as decoding computes them, are
 * the bounds, each claimed only when the encoder gives that very coded value back. Every
 * value the decoder writes then lies within them (the formula is monotonic), and the coded
 * value one step past either end is outside the bits or the limits, which the encoder
 * refuses. */
#include "schema.h"
#include "prim.h"

/* The coded values a linear method's encoder and decoder both take. */
typedef struct coded_range {
    mdd_compu_method cm;
    mdd_physical_type pt;
    uint8_t coded_type;
    int64_t lo, hi;
    int rising; /* the physical value grows with the coded one */
} coded_range;

/* Whether the first scale's formula is V0 + V1 x over D0 with V1 and D0 not 0 (and finite);
 * *rising whether it grows with x. */
static int invertible_linear(mdd_compu_scale scale, int *rising)
{
    mdd_compu_rational_co_effs co = mdd_compu_scale_rational_co_effs(scale);
    mdd_f64_vec num = mdd_compu_rational_co_effs_numerator(co);
    mdd_f64_vec den = mdd_compu_rational_co_effs_denominator(co);
    uint32_t n = mdd_f64_vec_count(num), d = mdd_f64_vec_count(den);
    if (n != 2 || d > 1)
        return 0;
    double slope = mdd_f64_vec_at(num, 1) / (d ? mdd_f64_vec_at(den, 0) : 1.0);
    *rising = slope > 0;
    return slope != 0 && slope - slope == 0; /* neither 0 nor NaN nor infinite */
}

/* A limit's value as a number of the coded range's type: 1 and *v, 0 when it has none. */
static int limit_number(const uds_scalar *s, int64_t *v)
{
    if (s->kind == MDD_UDS_INT) {
        *v = s->as.i;
        return 1;
    }
    if (s->kind != MDD_UDS_UINT)
        return 0;
    *v = s->as.u > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)s->as.u;
    return 1;
}

/* The coded values the scale's limits admit, within [r->lo, r->hi]: 1, or 0 for none or a
 * limit that is no integer of the coded type. */
static int within_limits(mdd_compu_scale scale, coded_range *r)
{
    uds_scale_bounds b;
    mdd_error err;
    int64_t v;
    if (uds_scale_bounds_of(scale, r->coded_type, false, &b, &err) < 0)
        return 0;
    if (b.has_lo) {
        if (!limit_number(&b.lo, &v) || v == INT64_MAX)
            return 0;
        v += b.lo_interval == MDD_INTERVAL_TYPE_OPEN;
        r->lo = v > r->lo ? v : r->lo;
    }
    if (b.has_hi) {
        if (!limit_number(&b.hi, &v) || v == INT64_MIN)
            return 0;
        v -= b.hi_interval == MDD_INTERVAL_TYPE_OPEN;
        r->hi = v < r->hi ? v : r->hi;
    }
    return r->lo <= r->hi;
}

/* Whether coded values beyond the limits decode to a default value, which may lie anywhere. */
static int has_default(mdd_compu_method cm)
{
    mdd_compu_values dv = mdd_compu_default_value_values(
        mdd_compu_internal_to_phys_compu_default_value(mdd_compu_method_internal_to_phys(cm)));
    double v;
    return mdd_compu_values_vt(dv).ptr || mdd_compu_values_v(dv, &v);
}

/* The coded range of n's linear method: 1, or 0 when it has none that this claims. */
static int linear_range(mdd_normal_dop n, coded_range *r)
{
    r->cm = mdd_normal_dop_compu_method(n);
    r->pt = mdd_normal_dop_physical_type(n);
    uint8_t category = mdd_compu_method_category(r->cm);
    mdd_compu_scale_vec scales =
        mdd_compu_internal_to_phys_compu_scales(mdd_compu_method_internal_to_phys(r->cm));
    if (category != MDD_COMPU_CATEGORY_LINEAR && category != MDD_COMPU_CATEGORY_RAT_FUNC)
        return 0;
    if (category == MDD_COMPU_CATEGORY_RAT_FUNC &&
        mdd_compu_scale_vec_count(
            mdd_compu_phys_to_internal_compu_scales(mdd_compu_method_phys_to_internal(r->cm))))
        return 0;
    if (!mdd_compu_scale_vec_count(scales) ||
        !invertible_linear(mdd_compu_scale_vec_at(scales, 0), &r->rising))
        return 0;
    mdd_diag_coded_type dct = mdd_normal_dop_diag_coded_type(n);
    uint32_t bits = uds_schema_plain_bits(dct);
    r->coded_type = mdd_diag_coded_type_base_data_type(dct);
    if (bits == 0 || bits > 32)
        return 0;
    if (r->coded_type == MDD_DATA_TYPE_A_UINT_32) {
        r->lo = 0;
        r->hi = (INT64_C(1) << bits) - 1;
    } else if (r->coded_type == MDD_DATA_TYPE_A_INT_32) {
        r->lo = -(INT64_C(1) << (bits - 1));
        r->hi = (INT64_C(1) << (bits - 1)) - 1;
    } else {
        return 0;
    }
    int64_t lo = r->lo, hi = r->hi;
    if (!within_limits(mdd_compu_scale_vec_at(scales, 0), r))
        return 0;
    return (r->lo == lo && r->hi == hi) || !has_default(r->cm);
}

/* The physical value of coded, when the encoder takes it back to coded: 1 and *out. */
static int physical_of(const coded_range *r, int64_t coded, uds_scalar *out)
{
    uds_scalar c = {.kind = r->coded_type == MDD_DATA_TYPE_A_INT_32 ? MDD_UDS_INT : MDD_UDS_UINT};
    if (c.kind == MDD_UDS_INT)
        c.as.i = coded;
    else
        c.as.u = (uint64_t)coded;
    uds_scalar back;
    mdd_error err;
    if (uds_compu_to_physical(r->cm, r->coded_type, r->pt, &c, out, &err) != MDD_OK ||
        uds_compu_to_coded(r->cm, r->coded_type, r->pt, out, &back, &err) != MDD_OK)
        return 0;
    int64_t v;
    return limit_number(&back, &v) && v == coded;
}

static void write_number(uds_jw *j, const char *key, const uds_scalar *v)
{
    uds_jw_cstr(j, key);
    switch (v->kind) {
    case MDD_UDS_UINT: uds_jw_uint(j, v->as.u); break;
    case MDD_UDS_INT: uds_jw_int(j, v->as.i); break;
    default: uds_jw_double(j, v->as.f); break;
    }
}

void uds_schema_linear_limits(uds_jw *j, mdd_normal_dop n)
{
    coded_range r;
    uds_scalar lo, hi;
    if (!linear_range(n, &r))
        return;
    /* An end whose value the physical type cannot hold, or that does not encode back, is
     * not claimed; decoding does not write it either. */
    int has_lo = physical_of(&r, r.lo, &lo), has_hi = physical_of(&r, r.hi, &hi);
    if (r.rising ? has_lo : has_hi)
        write_number(j, ",\"minimum\":", r.rising ? &lo : &hi);
    if (r.rising ? has_hi : has_lo)
        write_number(j, ",\"maximum\":", r.rising ? &hi : &lo);
}
