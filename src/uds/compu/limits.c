/* SPDX-License-Identifier: Apache-2.0 */
/* Which compu scale applies to a value: its lower and upper limits, each CLOSED (inclusive),
 * OPEN (exclusive) or INFINITE (no bound), parsed with the type of the value compared
 * (codec rules §4, "Limits"; docs/adr/0020). */
#include "prim.h"

/* Whether a limit is stored at all: a TEXT_TABLE scale without its upper limit means the
 * lower one alone (ISO 22901-1), which a stored INFINITE limit does not. */
static bool limit_stored(mdd_limit limit) { return limit.t.pos != 0; }

/* A mirrored limit (not stored) is inclusive. */
static uint8_t interval_of(mdd_limit limit)
{
    return limit_stored(limit) ? mdd_limit_interval_type(limit) : MDD_INTERVAL_TYPE_CLOSED;
}

mdd_bytes uds_limit_bound_text(mdd_limit limit)
{
    if (!limit_stored(limit) || mdd_limit_interval_type(limit) == MDD_INTERVAL_TYPE_INFINITE)
        return (mdd_bytes){NULL, 0};
    return mdd_limit_value(limit);
}

bool uds_bound_admits(int order, uint8_t interval, bool lower)
{
    if (order == 0)
        return interval != MDD_INTERVAL_TYPE_OPEN;
    return lower ? order > 0 : order < 0;
}

int uds_limit_value(mdd_limit limit, uint8_t data_type, uds_scalar *out, mdd_error *err)
{
    mdd_bytes text = uds_limit_bound_text(limit);
    if (!text.ptr || (!text.len && !uds_type_is_text(data_type)))
        return 0;
    return uds_scalar_parse(text, data_type, out, err) == MDD_OK ? 1 : -1;
}

/* value against one bound, a lower or an upper one: 1 within, 0 beyond, -1 when they cannot
 * be compared. */
static int within(const uds_scalar *value, const uds_scalar *bound, uint8_t interval,
                  bool lower, mdd_error *err)
{
    int order;
    if (!uds_scalar_compare(value, bound, &order))
        return mdd_fail(err, MDD_ERR_FORMAT, "a limit cannot be compared with the value"), -1;
    if (value->kind == MDD_UDS_TEXT) /* texts are equal or not: only equality is within */
        return order == 0 && interval != MDD_INTERVAL_TYPE_OPEN;
    return uds_bound_admits(order, interval, lower);
}

int uds_scale_bounds_of(mdd_compu_scale scale, uint8_t limit_type, bool text_table,
                        uds_scale_bounds *b, mdd_error *err)
{
    mdd_limit lower = mdd_compu_scale_lower_limit(scale);
    mdd_limit upper = mdd_compu_scale_upper_limit(scale);
    int has_lo = uds_limit_value(lower, limit_type, &b->lo, err);
    int has_hi = has_lo < 0 ? 0 : uds_limit_value(upper, limit_type, &b->hi, err);
    if (has_lo < 0 || has_hi < 0) {
        mdd_error_prefix(err, "CompuScale %s limit: ", has_lo < 0 ? "lower" : "upper");
        return -1;
    }
    if (text_table && has_lo && !limit_stored(upper)) {
        b->hi = b->lo;
        has_hi = 1;
    } else if (text_table && has_hi && !limit_stored(lower)) {
        b->lo = b->hi;
        has_lo = 1;
    }
    b->has_lo = has_lo;
    b->has_hi = has_hi;
    b->lo_interval = interval_of(lower);
    b->hi_interval = interval_of(upper);
    return 0;
}

int uds_scale_contains(mdd_compu_scale scale, const uds_scalar *value, uint8_t limit_type,
                       bool text_table, mdd_error *err)
{
    uds_scale_bounds b;
    if (uds_scale_bounds_of(scale, limit_type, text_table, &b, err) < 0)
        return -1;
    int r = b.has_lo ? within(value, &b.lo, b.lo_interval, true, err) : 1;
    if (r == 1 && b.has_hi)
        r = within(value, &b.hi, b.hi_interval, false, err);
    return r;
}

int64_t uds_scale_find(mdd_compu_scale_vec scales, const uds_scalar *value, uint8_t limit_type,
                       bool text_table, mdd_error *err)
{
    uint32_t count = mdd_compu_scale_vec_count(scales);
    for (uint32_t i = 0; i < count; i++) {
        int r = uds_scale_contains(mdd_compu_scale_vec_at(scales, i), value, limit_type,
                                   text_table, err);
        if (r < 0) {
            mdd_error_prefix(err, "compu_scales[%u]: ", i);
            return -2;
        }
        if (r)
            return i;
    }
    return -1;
}
