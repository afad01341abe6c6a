/* SPDX-License-Identifier: Apache-2.0 */
/* What the JSON writer (json/out.c) writes of a plan's step, rendered once per plan: the
 * step's key, and for a value that can only be one of a few texts or DTCs, the whole member
 * for each (`,"name":"text"`, `,"name":{"code":..}`), written by the writer's own functions
 * so that a member copied from the plan is the text the writer would write. */
#include "plan.h"

#include <mdd_internal/uds.h>

#include <string.h>

/* The writer's sink while rendering: nothing reaches it, a member longer than the writer's
 * buffer is not kept. */
static mdd_status refuse(void *ctx, const uint8_t *data, size_t len, mdd_error *err)
{
    (void)ctx;
    (void)data;
    (void)len;
    (void)err;
    return MDD_ERR_LIMIT;
}

/* A writer that renders the step's key, with its comma, into its buffer. */
static void start_member(uds_jw *w, mdd_sink *sink, const uds_step *s)
{
    uds_jw_init(w, sink, NULL);
    uds_jw_raw(w, ",", 1);
    uds_jw_string(w, s->name);
    uds_jw_raw(w, ":", 1);
}

/* Keeps what w rendered in plan's json as *out; out->len is 0 when it does not fit. */
static void keep(uds_plan *plan, const uds_jw *w, uds_plan_member *out)
{
    *out = (uds_plan_member){NULL, 0};
    if (w->status != MDD_OK || w->flushed || w->len > UDS_PLAN_JSON - plan->json_bytes)
        return;
    char *text = &plan->json[plan->json_bytes];
    memcpy(text, w->buf, w->len);
    plan->json_bytes += (uint32_t)w->len;
    out->text = text;
    out->len = (uint32_t)w->len;
}

/* Step s's key and members. */
static void render_step(uds_plan *plan, uds_step *s)
{
    mdd_sink sink = {refuse, NULL};
    uds_jw w;
    if (!s->name.ptr)
        return;
    start_member(&w, &sink, s);
    keep(plan, &w, &s->json_key);
    if (!s->json_key.len)
        return;
    if (s->op == UDS_STEP_READ && s->read.compu == UDS_PLAN_COMPU_TEXTS) {
        uds_plan_member *m = &plan->scale_members[s->read.scales - plan->scales];
        s->members = m;
        for (uint32_t i = 0; i < s->read.scale_count; i++) {
            start_member(&w, &sink, s);
            uds_jw_string(&w, s->read.scales[i].text);
            keep(plan, &w, &m[i]);
        }
    } else if (s->op == UDS_STEP_DTC && s->dtcs_sorted) {
        uds_plan_member *m = &plan->dtc_members[s->dtcs - plan->dtcs];
        s->members = m;
        for (uint32_t i = 0; i < s->dtc_count; i++) {
            mdd_uds_dtc dtc = {s->dtcs[i].code, s->dtcs[i].dtc};
            start_member(&w, &sink, s);
            uds_jw_dtc(&w, &dtc);
            keep(plan, &w, &m[i]);
        }
    }
}

void uds_plan_json_compile(uds_plan *plan)
{
    for (uint32_t i = 0; i < plan->step_count; i++)
        render_step(plan, &plan->steps[i]);
    plan->json_rendered = true;
}
