/* SPDX-License-Identifier: Apache-2.0 */
/* A response's walk compiled into steps (plan.h): what uds_decode_params() and the DOP
 * decoders read of the database for each parameter, read once. A parameter the plan does not
 * compile (or whose composite does not fit) becomes a step through the database. */
#include "plan.h"

#include <mdd_internal/uds.h>

#include <string.h>

/* n steps in a row, or NULL when the plan has no room for them. */
static uds_step *take_steps(uds_plan *plan, uint32_t n)
{
    if (n > UDS_PLAN_STEPS - plan->step_count)
        return NULL;
    uds_step *s = &plan->steps[plan->step_count];
    plan->step_count += n;
    return s;
}

static int compile_list(uds_plan *plan, mdd_param_vec params, const uds_matched *kept,
                        uint32_t kept_count, const uds_step **first, uint32_t *count);

/* The DTC DOP's own list sorted by trouble code into plan's, the first of equal codes kept
 * (uds_find_dtc() takes the first), when it fits. */
static void compile_dtcs(uds_plan *plan, mdd_dtc_dop dop, uds_step *s)
{
    mdd_dtc_vec own = mdd_dtc_dop_dtcs(dop);
    uint32_t n = mdd_dtc_vec_count(own), kept = 0;
    if (n > UDS_PLAN_DTCS - plan->dtc_count)
        return;
    uds_plan_dtc *d = &plan->dtcs[plan->dtc_count];
    for (uint32_t i = 0; i < n; i++) {
        mdd_dtc dtc = mdd_dtc_vec_at(own, i);
        uint32_t code = mdd_dtc_trouble_code(dtc), at = kept;
        while (at > 0 && d[at - 1].code > code)
            at--;
        if (at > 0 && d[at - 1].code == code)
            continue;
        for (uint32_t j = kept; j > at; j--)
            d[j] = d[j - 1];
        d[at] = (uds_plan_dtc){.code = code, .dtc = dtc};
        kept++;
    }
    plan->dtc_count += kept;
    s->dtcs = d;
    s->dtc_count = kept;
    s->dtcs_sorted = true;
}

static void compile_dtc(uds_plan *plan, uds_step *s)
{
    mdd_dtc_dop dop = mdd_dop_dtc_dop(s->dop);
    fb_fields dct = fb_fields_of(mdd_dtc_dop_diag_coded_type(dop).t);
    uds_normal_read normal;
    if (!uds_coded_standard(&dct, &normal.base, &normal.fixed))
        return;
    normal.compu = fb_fields_of(mdd_dtc_dop_compu_method(dop).t);
    normal.physical = fb_fields_of(mdd_dtc_dop_physical_type(dop).t);
    uds_plan_read_compile(plan, &normal, &s->read);
    compile_dtcs(plan, dop, s);
    s->op = UDS_STEP_DTC;
}

static void compile_structure(uds_plan *plan, uds_step *s, mdd_dop dop, uint8_t op)
{
    mdd_structure st = mdd_dop_structure(dop);
    if (!compile_list(plan, mdd_structure_params(st), NULL, 0, &s->children, &s->count))
        return;
    s->sized = mdd_structure_byte_size(st, &s->size);
    s->op = op;
}

/* A field whose items are structures (not environment data descriptions). */
static void compile_field(uds_plan *plan, uds_step *s, mdd_field f)
{
    mdd_dop item = mdd_field_basic_structure(f);
    if (!item.t.pos)
        item = mdd_field_env_data_desc(f);
    if (item.t.pos && mdd_dop_specific_data_type(item) == MDD_SPECIFIC_DOP_DATA_STRUCTURE)
        compile_structure(plan, s, item, UDS_STEP_FIELD);
}

/* A parameter whose value a DOP gives (through_dop() of params_decode.c): the DOP is field
 * dop_id of its specific data of tag. */
static void compile_value(uds_plan *plan, uds_step *s, uint8_t tag, uint32_t dop_id)
{
    fb_fields data = uds_param_view_child(&s->view, tag);
    fb_fields dop = fb_fields_child(&data, dop_id);
    uds_normal_read normal;
    s->dop = (mdd_dop){dop.t};
    if (!dop.t.pos)
        return;
    switch (fb_fields_u8(&dop, FID_DOP_SPECIFIC_DATA_TYPE, 0)) {
    case MDD_SPECIFIC_DOP_DATA_NORMAL_DOP:
        if (uds_normal_read_of(&dop, &normal)) {
            uds_plan_read_compile(plan, &normal, &s->read);
            s->op = UDS_STEP_READ;
        }
        break;
    case MDD_SPECIFIC_DOP_DATA_DTC_DOP: compile_dtc(plan, s); break;
    case MDD_SPECIFIC_DOP_DATA_STRUCTURE:
        compile_structure(plan, s, s->dop, UDS_STEP_STRUCTURE);
        break;
    case MDD_SPECIFIC_DOP_DATA_STATIC_FIELD:
        compile_field(plan, s, mdd_static_field_field(mdd_dop_static_field(s->dop)));
        break;
    case MDD_SPECIFIC_DOP_DATA_DYNAMIC_LENGTH_FIELD:
        compile_field(plan, s,
                      mdd_dynamic_length_field_field(mdd_dop_dynamic_length_field(s->dop)));
        break;
    case MDD_SPECIFIC_DOP_DATA_END_OF_PDU_FIELD:
        compile_field(plan, s, mdd_end_of_pdu_field_field(mdd_dop_end_of_pdu_field(s->dop)));
        break;
    default: break;
    }
}

/* What the parameter's type (a VALUE, LENGTH_KEY or SYSTEM, through its DOP) compiles to. */
static void compile_param(uds_plan *plan, uds_step *s, uint8_t type)
{
    switch (type) {
    case MDD_PARAM_TYPE_VALUE:
        compile_value(plan, s, MDD_PARAM_SPECIFIC_DATA_VALUE, FID_VALUE_DOP);
        break;
    case MDD_PARAM_TYPE_LENGTH_KEY:
        compile_value(plan, s, MDD_PARAM_SPECIFIC_DATA_LENGTH_KEY_REF, FID_LENGTH_KEY_REF_DOP);
        break;
    case MDD_PARAM_TYPE_SYSTEM:
        compile_value(plan, s, MDD_PARAM_SPECIFIC_DATA_SYSTEM, FID_SYSTEM_DOP);
        break;
    default: break;
    }
}

static void compile_step(uds_plan *plan, uds_step *s, const uds_param_view *v,
                         const uds_matched *kept)
{
    memset(s, 0, sizeof *s);
    s->view = *v;
    s->name = uds_param_view_name(v);
    s->json_shown = uds_json_shown_at_top(v->param);
    s->mux = uds_param_is_mux(v);
    if (kept && (kept->has_value || kept->repeated)) {
        s->kept = kept;
        s->op = UDS_STEP_KEPT;
    } else {
        compile_param(plan, s, v->type);
    }
}

static int compile_list(uds_plan *plan, mdd_param_vec params, const uds_matched *kept,
                        uint32_t kept_count, const uds_step **first, uint32_t *count)
{
    uint32_t n = mdd_param_vec_count(params);
    uds_step *steps = take_steps(plan, n);
    if (!steps)
        return 0;
    for (uint32_t i = 0; i < n; i++) {
        uds_param_view v = uds_param_view_at(params, i);
        compile_step(plan, &steps[i], &v, i < kept_count ? &kept[i] : NULL);
    }
    *first = steps;
    *count = n;
    return 1;
}

void uds_plan_compile(uds_plan *plan, mdd_param_vec params, const uds_matched *kept,
                      uint32_t kept_count)
{
    const uds_step *first;
    plan->step_count = 0;
    plan->scale_count = 0;
    plan->dtc_count = 0;
    plan->json_rendered = false;
    plan->json_bytes = 0;
    plan->top = 0;
    plan->ready = compile_list(plan, params, kept, kept_count, &first, &plan->top);
}
