/* SPDX-License-Identifier: Apache-2.0 */
/* A value's read compiled (plan.h): a plain integer's bits read in place, and its compu
 * method, when it is IDENTICAL to the same integer type or a TEXT_TABLE of integer limits,
 * applied without the method's tables. Anything else reads as without a plan. */
#include "plan.h"

/* The scale's bounds as integers of kind: 1, or 0 when one is not an integer of that kind. */
static int integer_bound(const uds_scalar *v, mdd_uds_kind kind, uint64_t *out)
{
    if (v->kind != kind)
        return 0;
    *out = kind == MDD_UDS_UINT ? v->as.u : (uint64_t)v->as.i;
    return 1;
}

static int compile_scale(mdd_compu_scale scale, uint8_t type, uds_plan_scale *out)
{
    uds_scale_bounds b;
    mdd_uds_kind kind = uds_type_kind(type);
    out->text = uds_scale_text(scale);
    if (!out->text.ptr || uds_scale_bounds_of(scale, type, true, &b, NULL) < 0)
        return 0;
    out->has_lo = b.has_lo;
    out->has_hi = b.has_hi;
    out->lo_open = b.lo_interval == MDD_INTERVAL_TYPE_OPEN;
    out->hi_open = b.hi_interval == MDD_INTERVAL_TYPE_OPEN;
    return (!b.has_lo || integer_bound(&b.lo, kind, &out->lo)) &&
           (!b.has_hi || integer_bound(&b.hi, kind, &out->hi));
}

/* The TEXT_TABLE's scales into plan's when they fit and all compile: 1, else 0. */
static int compile_texts(uds_plan *plan, const fb_fields *cm, uint8_t type, uds_plan_read *r)
{
    mdd_compu_scale_vec scales = mdd_compu_internal_to_phys_compu_scales(
        mdd_compu_method_internal_to_phys((mdd_compu_method){cm->t}));
    uint32_t n = mdd_compu_scale_vec_count(scales);
    if (n > UDS_PLAN_SCALES - plan->scale_count)
        return 0;
    uds_plan_scale *first = &plan->scales[plan->scale_count];
    for (uint32_t i = 0; i < n; i++)
        if (!compile_scale(mdd_compu_scale_vec_at(scales, i), type, &first[i]))
            return 0;
    plan->scale_count += n;
    r->scales = first;
    r->scale_count = n;
    return 1;
}

void uds_plan_read_compile(uds_plan *plan, const uds_normal_read *normal, uds_plan_read *r)
{
    const uds_base *base = &normal->base;
    const uds_fixed *fixed = &normal->fixed;
    r->normal = *normal;
    r->compu = UDS_PLAN_COMPU_METHOD;
    r->scale_count = 0;
    r->scales = NULL;
    r->plain = uds_type_is_integer(base->type) && base->int_encoding == UDS_INT_PLAIN &&
               !(fixed->mask.ptr && fixed->mask.len) && fixed->bits >= 1 && fixed->bits <= 64;
    if (!r->plain)
        return;
    uint8_t category = uds_compu_category(&normal->compu);
    uint8_t physical = uds_compu_physical_type(category, base->type, &normal->physical);
    if (category == MDD_COMPU_CATEGORY_IDENTICAL && physical == base->type)
        r->compu = UDS_PLAN_COMPU_SAME;
    else if (category == MDD_COMPU_CATEGORY_TEXT_TABLE &&
             compile_texts(plan, &normal->compu, base->type, r))
        r->compu = UDS_PLAN_COMPU_TEXTS;
}

/* The bits of a window of n bytes at p, big-endian (low-high through uds_window_read()). */
static uint64_t plain_bits(const uint8_t *p, size_t n, uint8_t bit, uint32_t bits)
{
    uint64_t high = 0;
    for (size_t i = 0; i + 1 < n; i++)
        high = high << 8 | p[i];
    uint64_t x = (high << (8 - bit)) | ((uint64_t)p[n - 1] >> bit);
    return x & uds_low_bits(bits);
}

/* Where value lies against a bound: <0, 0, >0. */
static int order_of(uint64_t value, uint64_t bound, bool is_signed)
{
    if (is_signed)
        return (int64_t)value < (int64_t)bound ? -1 : (int64_t)value > (int64_t)bound;
    return value < bound ? -1 : value > bound;
}

/* uds_bound_admits() for a bound that is present. */
static bool admits(uint64_t value, uint64_t bound, bool open, bool lower, bool is_signed)
{
    int order = order_of(value, bound, is_signed);
    if (order == 0)
        return !open;
    return lower ? order > 0 : order < 0;
}

/* The text of the first scale holding value: 1 and *out, or 0 (the default value or an
 * error: the method through the database). */
static int text_of(const uds_plan_read *r, uint64_t value, bool is_signed, uds_scalar *out)
{
    for (uint32_t i = 0; i < r->scale_count; i++) {
        const uds_plan_scale *s = &r->scales[i];
        if ((!s->has_lo || admits(value, s->lo, s->lo_open, true, is_signed)) &&
            (!s->has_hi || admits(value, s->hi, s->hi_open, false, is_signed))) {
            out->kind = MDD_UDS_TEXT;
            out->hex_text = 0;
            out->as.text.bytes = s->text;
            out->as.text.encoding = MDD_UDS_TEXT_UTF8;
            return 1;
        }
    }
    return 0;
}

static int64_t sign_extended(uint64_t raw, uint32_t bits)
{
    if (bits >= 64)
        return (int64_t)raw;
    uint64_t sign = UINT64_C(1) << (bits - 1);
    return (int64_t)((raw ^ sign) - sign);
}

int uds_plan_read_value(const uds_plan_read *r, mdd_bytes msg, uds_pos pos,
                        uds_scalar *physical, size_t *next)
{
    uint32_t bits = r->normal.fixed.bits;
    size_t n = ((size_t)pos.bit + bits + 7) / 8;
    if (!r->plain || pos.byte > msg.len || n > msg.len - pos.byte)
        return 0;
    uint64_t raw;
    if (r->normal.base.high_low) {
        raw = plain_bits(msg.ptr + pos.byte, n, pos.bit, bits);
    } else {
        uds_window win = {pos.byte, n, pos.bit, bits, true};
        raw = uds_window_read(msg.ptr, &win);
    }
    bool is_signed = r->normal.base.type == MDD_DATA_TYPE_A_INT_32;
    uds_scalar coded = {.kind = is_signed ? MDD_UDS_INT : MDD_UDS_UINT};
    if (is_signed)
        coded.as.i = sign_extended(raw, bits);
    else
        coded.as.u = raw;
    *next = pos.byte + n;
    switch (r->compu) {
    case UDS_PLAN_COMPU_SAME: *physical = coded; return 1;
    case UDS_PLAN_COMPU_TEXTS: return text_of(r, coded.as.u, is_signed, physical);
    default:
        return uds_compu_fields_to_physical(&r->normal.compu, r->normal.base.type,
                                            &r->normal.physical, &coded, physical,
                                            NULL) == MDD_OK;
    }
}
