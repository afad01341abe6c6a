/* SPDX-License-Identifier: Apache-2.0 */
/* Following a response plan (plan.h): each step decodes its parameter as uds_decode_params()
 * would, from what the plan keeps; a value outside a step's fast path, and every error, goes
 * to the walk's own code for that parameter, which reports what it reports without a plan. */
#include "plan.h"

/* Where the step's parameter starts (uds_param_start()). */
static uds_pos step_pos(const uds_walk *w, const uds_step *s, size_t origin, size_t cursor)
{
    if (!s->view.positioned && s->mux && w->depth > 0)
        cursor = origin;
    return uds_param_view_pos(&s->view, origin, cursor);
}

static mdd_status read_step(uds_walk *w, const uds_step *s, uds_pos pos, size_t *next)
{
    uds_scalar v;
    if (uds_plan_read_value(&s->read, w->msg, pos, &v, next)) {
        if (*next > w->high)
            w->high = *next;
    } else {
        mdd_status st = uds_read_normal(w, &s->read.normal, pos, &v, next);
        if (st != MDD_OK)
            return st;
    }
    return uds_report_value(w, s->view.param, &v, pos, *next);
}

/* The DTC of code (uds_find_dtc()): the DOP's own list through the plan's sorted copy. */
static int find_dtc(const uds_walk *w, const uds_step *s, uint32_t code, mdd_dtc *out)
{
    if (!s->dtcs_sorted)
        return uds_find_dtc(w, mdd_dop_dtc_dop(s->dop), code, out);
    uint32_t lo = 0, hi = s->dtc_count;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (s->dtcs[mid].code < code)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < s->dtc_count && s->dtcs[lo].code == code) {
        *out = s->dtcs[lo].dtc;
        return 1;
    }
    return uds_find_ecu_dtc(w, code, out);
}

static mdd_status dtc_step(uds_walk *w, const uds_step *s, uds_pos pos, size_t *next)
{
    uds_scalar v;
    uint64_t code;
    mdd_dtc dtc;
    if (!uds_plan_read_value(&s->read, w->msg, pos, &v, next) || !uds_scalar_as_u64(&v, &code) ||
        code > UINT32_MAX || !find_dtc(w, s, (uint32_t)code, &dtc))
        return uds_decode_dtc(w, mdd_dop_dtc_dop(s->dop), s->view.param, pos, next);
    if (*next > w->high)
        w->high = *next;
    uds_key_record(w, s->view.param, 1, code);
    return uds_emit_dtc(w, s->view.param, (uint32_t)code, dtc, pos.byte, *next);
}

/* A structure, or a field of structures, of the step's children. */
static mdd_status composite_step(uds_walk *w, const uds_step *s, uds_pos pos, size_t *next)
{
    mdd_status st = uds_whole_bytes(w, pos);
    if (st != MDD_OK)
        return st;
    uds_params_src src = {.steps = s->children, .count = s->count};
    const uint32_t *size = s->sized ? &s->size : NULL;
    if (s->op == UDS_STEP_STRUCTURE)
        return uds_decode_structure_of(w, &src, size, s->view.param, pos.byte, next);
    return uds_decode_field_of(w, s->dop, &src, size, s->view.param, pos.byte, next);
}

static mdd_status step(uds_walk *w, const uds_step *s, uds_pos pos, size_t *next)
{
    switch (s->op) {
    case UDS_STEP_KEPT:
        if (s->kept->pos.byte == pos.byte && s->kept->pos.bit == pos.bit)
            return uds_decode_kept(w, s->view.param, s->kept, next);
        break;
    case UDS_STEP_READ: return read_step(w, s, pos, next);
    case UDS_STEP_DTC: return dtc_step(w, s, pos, next);
    case UDS_STEP_STRUCTURE:
    case UDS_STEP_FIELD: return composite_step(w, s, pos, next);
    default: break;
    }
    return uds_decode_param(w, &s->view, pos, next);
}

mdd_status uds_plan_decode(uds_walk *w, const uds_step *steps, uint32_t count, size_t origin,
                           size_t *cursor)
{
    for (uint32_t i = 0; i < count; i++) {
        const uds_step *s = &steps[i];
        uds_pos pos = step_pos(w, s, origin, *cursor);
        mdd_status st = uds_path_push(w, s->name);
        w->step = s;
        if (st == MDD_OK)
            st = step(w, s, pos, cursor);
        if (st != MDD_OK)
            return st;
        uds_path_pop(w);
    }
    return MDD_OK;
}
