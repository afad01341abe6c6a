/* SPDX-License-Identifier: Apache-2.0 */
/* A response's match compiled: the walk of uds_params_match() (match.c) done once without a
 * message, leaving the windows its constants occupy and the bits they code, and how the
 * values among the parameters it keeps read. Only constants whose equal bits mean equal
 * values are compiled: plain integers of a fixed length without a bit mask. */
#include "match_walk.h"
#include "memo.h"

#include <string.h>

static uds_plan_check *plan_add(uds_match_plan *plan)
{
    if (plan->check_count == UDS_PLAN_CHECKS)
        return NULL;
    uds_plan_check *c = &plan->checks[plan->check_count++];
    memset(c, 0, sizeof *c);
    return c;
}

/* The bits that code text in base and fixed, with the value a read of them gives: 1 when
 * reading those bits, and no others, gives the constant. */
static int coded_bits(mdd_bytes text, const uds_base *base, const uds_fixed *fixed,
                      uint64_t *bits, uds_scalar *value)
{
    uds_scalar want;
    if (!text.ptr || !uds_type_is_integer(base->type) || base->int_encoding != UDS_INT_PLAIN ||
        (fixed->mask.ptr && fixed->mask.len) || fixed->bits == 0 || fixed->bits > 64)
        return 0;
    return uds_scalar_parse(text, base->type, &want, NULL) == MDD_OK &&
           uds_base_to_bits(base, &want, fixed->bits, bits, NULL) == MDD_OK &&
           uds_base_from_bits(base, *bits, fixed->bits, value, NULL) == MDD_OK &&
           uds_scalar_equal(value, &want);
}

static int plan_coded_const(uds_match_plan *plan, const uds_param_view *p, uds_matched *m,
                            uds_pos pos, size_t *cursor)
{
    fb_fields cc = uds_param_view_child(p, MDD_PARAM_SPECIFIC_DATA_CODED_CONST);
    fb_fields dct = fb_fields_child(&cc, FID_CODED_CONST_DIAG_CODED_TYPE);
    uds_base base;
    uds_fixed fixed;
    uds_scalar value;
    uint64_t want;
    uds_plan_check *c;
    if (!uds_coded_standard(&dct, &base, &fixed) ||
        !coded_bits(fb_fields_string(&cc, FID_CODED_CONST_CODED_VALUE), &base, &fixed, &want,
                    &value) ||
        !(c = plan_add(plan)) ||
        uds_window_at(SIZE_MAX, pos, fixed.bits, !base.high_low, &c->window, NULL) != MDD_OK)
        return 0;
    c->want = want;
    *cursor = c->window.start + c->window.n;
    if (m) {
        m->has_value = 1;
        m->pos = pos;
        m->value = value;
        m->next = *cursor;
    }
    return 1;
}

static int plan_repeat(uds_match_plan *plan, const uds_param_view *p, uds_matched *m,
                       uds_pos pos, size_t *cursor)
{
    fb_fields mr = uds_param_view_child(p, MDD_PARAM_SPECIFIC_DATA_MATCHING_REQUEST_PARAM);
    uds_plan_check *c = plan_add(plan);
    if (!c)
        return 0;
    c->repeat = true;
    c->at = (int32_t)fb_fields_u32(&mr, FID_MATCHING_REQUEST_PARAM_REQUEST_BYTE_POS, 0);
    c->window.start = pos.byte;
    c->window.n = fb_fields_u32(&mr, FID_MATCHING_REQUEST_PARAM_BYTE_LENGTH, 0);
    *cursor = pos.byte + c->window.n;
    if (m) {
        m->repeated = (uint32_t)c->window.n;
        m->pos = pos;
    }
    return 1;
}

/* A VALUE's read, kept for the decode when its DOP reads the same way whatever the message
 * (a NormalDOP whose coded type has a standard length). */
static void plan_value(const uds_param_view *p, uds_matched *m)
{
    if (!m)
        return;
    fb_fields data = uds_param_view_child(p, MDD_PARAM_SPECIFIC_DATA_VALUE);
    fb_fields dop = fb_fields_child(&data, FID_VALUE_DOP);
    m->has_read = uds_normal_read_of(&dop, &m->read);
}

/* The plan's step: a constant or a repeat compiled, a VALUE's read kept; an NRC constant
 * ends the compile. */
static int plan_step(void *ctx, const uds_param_view *p, uds_matched *m, uds_pos pos,
                     size_t *cursor)
{
    uds_match_plan *plan = ctx;
    switch (p->type) {
    case MDD_PARAM_TYPE_CODED_CONST: return plan_coded_const(plan, p, m, pos, cursor);
    case MDD_PARAM_TYPE_MATCHING_REQUEST_PARAM: return plan_repeat(plan, p, m, pos, cursor);
    case MDD_PARAM_TYPE_NRC_CONST: return 0;
    case MDD_PARAM_TYPE_VALUE: plan_value(p, m); return 1;
    default: return 1;
    }
}

int uds_match_plan_compile(const uds_chosen *chosen, uds_match_plan *plan)
{
    plan->chosen = *chosen;
    plan->check_count = 0;
    return uds_match_walk(chosen->params, plan->matched, &plan->matched_count, plan_step, plan);
}

/* The window lies inside msg. */
static bool inside(const uds_window *win, mdd_bytes msg)
{
    return win->start <= msg.len && win->n <= msg.len - win->start;
}

static bool repeats(const uds_plan_check *c, const uds_walk *w)
{
    size_t len = c->window.n;
    if (!w->request.ptr)
        return true;
    if (c->at < 0 || (size_t)c->at > w->request.len || len > w->request.len - (size_t)c->at)
        return false;
    /* A few bytes (an identifier): compared here rather than through a call. */
    for (size_t i = 0; i < len; i++)
        if (w->request.ptr[(size_t)c->at + i] != w->msg.ptr[c->window.start + i])
            return false;
    return true;
}

int uds_match_plan_checks(const uds_match_plan *plan, const uds_walk *w)
{
    for (uint32_t i = 0; i < plan->check_count; i++) {
        const uds_plan_check *k = &plan->checks[i];
        if (!inside(&k->window, w->msg))
            return 0;
        if (k->repeat ? !repeats(k, w) : uds_window_read(w->msg.ptr, &k->window) != k->want)
            return 0;
    }
    return 1;
}

void uds_match_plan_keep(const uds_match_plan *plan, uds_walk *w, uds_chosen *c)
{
    w->matched_params = plan->chosen.params.v;
    w->matched_count = plan->matched_count;
    memcpy(w->matched, plan->matched, plan->matched_count * sizeof *w->matched);
    *c = plan->chosen;
}
