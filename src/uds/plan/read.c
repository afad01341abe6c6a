/* SPDX-License-Identifier: Apache-2.0 */
/* A value's read compiled (plan.h): a plain integer's bits or a text's or byte field's bytes
 * read in place, and its compu method, when it is IDENTICAL to the same type or a TEXT_TABLE
 * of integer limits, applied without the method's tables. Anything else reads as without a
 * plan. */
#include "plan.h"

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

/* The first scale of r holding value, or UDS_PLAN_NO_SCALE. */
static uint32_t scale_holding(const uds_plan_read *r, uint64_t value)
{
    for (uint32_t i = 0; i < r->scale_count; i++) {
        const uds_plan_scale *s = &r->scales[i];
        if ((!s->has_lo || admits(value, s->lo, s->lo_open, true, r->is_signed)) &&
            (!s->has_hi || admits(value, s->hi, s->hi_open, false, r->is_signed)))
            return i;
    }
    return UDS_PLAN_NO_SCALE;
}

/* Scale i's text as *out: 1, or 0 for none (the default value or an error: the method
 * through the database decides). */
static int text_of(const uds_plan_read *r, uint32_t i, uds_scalar *out)
{
    if (i == UDS_PLAN_NO_SCALE)
        return 0;
    out->kind = MDD_UDS_TEXT;
    out->hex_text = 0;
    out->as.text.bytes = r->scales[i].text;
    out->as.text.encoding = MDD_UDS_TEXT_UTF8;
    return 1;
}

static uint64_t sign_extended(uint64_t raw, uint32_t bits)
{
    if (bits >= 64)
        return raw;
    uint64_t sign = UINT64_C(1) << (bits - 1);
    return (raw ^ sign) - sign;
}

/* The scale of each value of a narrow coded type, looked up by the value. */
static void compile_direct(uds_plan_read *r)
{
    uint32_t bits = r->normal.fixed.bits;
    if (bits > UDS_PLAN_DIRECT_BITS || r->scale_count >= UDS_PLAN_NO_SCALE)
        return;
    for (uint64_t raw = 0; raw < (UINT64_C(1) << bits); raw++) {
        uint64_t value = r->is_signed ? sign_extended(raw, bits) : raw;
        r->scale_of[raw] = (uint8_t)scale_holding(r, value);
    }
    r->direct = true;
}

/* A text or byte field of a fixed length at pos: 1 with *coded and *next, or 0 when it is
 * not at a byte or not in msg, or a malformed text (uds_fixed_read() says why). */
static int span_value(const uds_plan_read *r, mdd_bytes msg, uds_pos pos, uds_scalar *coded,
                      size_t *next)
{
    size_t len = r->normal.fixed.bits / 8;
    if (pos.bit || pos.byte > msg.len || len > msg.len - pos.byte)
        return 0;
    mdd_bytes view = {msg.ptr + pos.byte, len};
    *coded = (uds_scalar){.kind = MDD_UDS_BYTES, .as.bytes = view};
    if (r->normal.base.type != MDD_DATA_TYPE_A_BYTEFIELD) {
        coded->kind = MDD_UDS_TEXT;
        coded->as.text.bytes = view;
        coded->as.text.encoding = r->normal.base.text_encoding;
        if (uds_text_invalid_at(&coded->as.text) != SIZE_MAX)
            return 0;
    }
    *next = pos.byte + len;
    return 1;
}

int uds_plan_read_value(const uds_plan_read *r, mdd_bytes msg, uds_pos pos,
                        uds_scalar *physical, size_t *next)
{
    uds_scalar coded;
    if (r->shape == UDS_PLAN_SPAN) {
        if (!span_value(r, msg, pos, &coded, next))
            return 0;
    } else {
        uint32_t bits = r->normal.fixed.bits;
        uds_window win = {pos.byte, ((size_t)pos.bit + bits + 7) / 8, pos.bit, bits,
                          !r->normal.base.high_low};
        if (r->shape != UDS_PLAN_BITS || pos.byte > msg.len || win.n > msg.len - pos.byte)
            return 0;
        uint64_t raw = uds_window_read(msg.ptr, &win);
        *next = pos.byte + win.n;
        if (r->direct)
            return text_of(r, r->scale_of[raw], physical);
        coded = (uds_scalar){.kind = r->is_signed ? MDD_UDS_INT : MDD_UDS_UINT};
        coded.as.u = r->is_signed ? sign_extended(raw, bits) : raw;
    }
    switch (r->compu) {
    case UDS_PLAN_COMPU_SAME: *physical = coded; return 1;
    case UDS_PLAN_COMPU_TEXTS: return text_of(r, scale_holding(r, coded.as.u), physical);
    default:
        return uds_compu_fields_to_physical(&r->normal.compu, r->normal.base.type,
                                            &r->normal.physical, &coded, physical,
                                            NULL) == MDD_OK;
    }
}

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

/* How the coded type reads here: UDS_PLAN_BITS for a plain integer of 1..64 bits without a
 * mask, UDS_PLAN_SPAN for a text or byte field of whole units without a mask (as
 * uds_fixed_read() takes them), else UDS_PLAN_DATABASE. */
static uint8_t shape_of(const uds_base *base, const uds_fixed *fixed)
{
    if (fixed->mask.ptr && fixed->mask.len)
        return UDS_PLAN_DATABASE;
    if (uds_type_is_integer(base->type))
        return base->int_encoding == UDS_INT_PLAIN && fixed->bits >= 1 && fixed->bits <= 64
                   ? UDS_PLAN_BITS
                   : UDS_PLAN_DATABASE;
    if (base->type == MDD_DATA_TYPE_A_BYTEFIELD)
        return fixed->bits % 8 ? UDS_PLAN_DATABASE : UDS_PLAN_SPAN;
    if (!uds_type_is_text(base->type))
        return UDS_PLAN_DATABASE;
    bool wide = base->text_encoding == MDD_UDS_TEXT_UTF16BE ||
                base->text_encoding == MDD_UDS_TEXT_UTF16LE;
    return fixed->bits % (wide ? 16 : 8) ? UDS_PLAN_DATABASE : UDS_PLAN_SPAN;
}

void uds_plan_read_compile(uds_plan *plan, const uds_normal_read *normal, uds_plan_read *r)
{
    const uds_base *base = &normal->base;
    r->normal = *normal;
    r->compu = UDS_PLAN_COMPU_METHOD;
    r->scale_count = 0;
    r->scales = NULL;
    r->direct = false;
    r->is_signed = base->type == MDD_DATA_TYPE_A_INT_32;
    r->shape = shape_of(base, &normal->fixed);
    if (r->shape == UDS_PLAN_DATABASE)
        return;
    uint8_t category = uds_compu_category(&normal->compu);
    uint8_t physical = uds_compu_physical_type(category, base->type, &normal->physical);
    /* IDENTICAL gives the coded value itself for the same type, and a text for any text
     * type (uds_convert()). */
    if (category == MDD_COMPU_CATEGORY_IDENTICAL &&
        (physical == base->type || (uds_type_is_text(physical) && uds_type_is_text(base->type))))
        r->compu = UDS_PLAN_COMPU_SAME;
    else if (r->shape == UDS_PLAN_BITS && category == MDD_COMPU_CATEGORY_TEXT_TABLE &&
             compile_texts(plan, &normal->compu, base->type, r)) {
        r->compu = UDS_PLAN_COMPU_TEXTS;
        compile_direct(r);
    }
}
