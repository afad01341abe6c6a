/* SPDX-License-Identifier: Apache-2.0 */
/* State charts: a layer's effective ones, and the chart behind each state a service requires
 * and each transition it triggers. */
#include "query_impl.h"

#include <string.h>

static mdd_fb_vector chart_items(mdd_diag_layer layer)
{
    return mdd_diag_layer_state_charts(layer).v;
}

static mdd_bytes chart_name(mdd_fb_table item)
{
    return mdd_state_chart_short_name((mdd_state_chart){item});
}

const query_content query_state_charts = {.items = chart_items, .name = chart_name};

typedef struct chart_list {
    mdd_state_chart *out;
    uint32_t cap;
    uint32_t total;
} chart_list;

static int take_chart(void *ctx, mdd_fb_table item)
{
    chart_list *l = ctx;
    if (l->total < l->cap)
        l->out[l->total] = (mdd_state_chart){item};
    l->total++;
    return 0;
}

mdd_status mdd_db_layer_state_charts(const mdd_db_layer *layer, mdd_state_chart *out,
                                     uint32_t cap, uint32_t *total, mdd_error *err)
{
    chart_list l = {.out = out, .cap = cap};
    mdd_status st = query_effective(layer, &query_state_charts, take_chart, &l, err);
    *total = st == MDD_OK ? l.total : 0;
    return st;
}

static int same_name(mdd_bytes a, mdd_bytes b)
{
    return a.ptr && b.ptr && a.len == b.len && memcmp(a.ptr, b.ptr, a.len) == 0;
}

/* What a chart search looks for: a table of a chart's vector, by position or else by name. */
typedef struct chart_search {
    mdd_fb_vector (*members)(mdd_state_chart chart);
    mdd_bytes (*name)(mdd_fb_table member);
    mdd_fb_table wanted;
    mdd_state_chart by_table;
    mdd_state_chart by_name;
} chart_search;

static int search_chart(void *ctx, mdd_fb_table item)
{
    chart_search *s = ctx;
    mdd_state_chart chart = {item};
    mdd_fb_vector members = s->members(chart);
    mdd_bytes wanted_name = s->name(s->wanted);
    for (uint32_t i = 0; i < members.count; i++) {
        mdd_fb_table m = mdd_fb_vector_table(members, i);
        if (m.pos == s->wanted.pos) {
            s->by_table = chart;
            return 1;
        }
        if (!mdd_present(s->by_name) && same_name(s->name(m), wanted_name))
            s->by_name = chart;
    }
    return 0;
}

/* The effective chart that lists wanted (see chart_search), or an absent one. */
static mdd_status find_chart(const mdd_db_layer *layer, chart_search *s,
                             mdd_state_chart *chart, mdd_error *err)
{
    *chart = (mdd_state_chart){{s->wanted.buf, s->wanted.len, 0}};
    if (!s->wanted.pos)
        return MDD_OK;
    mdd_status st = query_effective(layer, &query_state_charts, search_chart, s, err);
    if (st == MDD_OK)
        *chart = mdd_present(s->by_table) ? s->by_table : s->by_name;
    return st;
}

static mdd_fb_vector chart_states(mdd_state_chart chart)
{
    return mdd_state_chart_states(chart).v;
}

static mdd_bytes state_name(mdd_fb_table t) { return mdd_state_short_name((mdd_state){t}); }

static mdd_fb_vector chart_transitions(mdd_state_chart chart)
{
    return mdd_state_chart_state_transitions(chart).v;
}

static mdd_bytes transition_name(mdd_fb_table t)
{
    return mdd_state_transition_short_name((mdd_state_transition){t});
}

mdd_status mdd_db_layer_required_states(const mdd_db_layer *layer, mdd_diag_comm comm,
                                        mdd_required_state *out, uint32_t cap, uint32_t *total,
                                        mdd_error *err)
{
    mdd_pre_condition_state_ref_vec refs = mdd_diag_comm_pre_condition_state_refs(comm);
    uint32_t n = mdd_pre_condition_state_ref_vec_count(refs);
    *total = 0;
    for (uint32_t i = 0; i < n && i < cap; i++) {
        mdd_pre_condition_state_ref ref = mdd_pre_condition_state_ref_vec_at(refs, i);
        mdd_required_state r = {.state = mdd_pre_condition_state_ref_state(ref),
                                .value = mdd_pre_condition_state_ref_value(ref)};
        chart_search s = {.members = chart_states, .name = state_name, .wanted = r.state.t};
        mdd_status st = find_chart(layer, &s, &r.chart, err);
        if (st != MDD_OK)
            return st;
        out[i] = r;
    }
    *total = n;
    return MDD_OK;
}

mdd_status mdd_db_layer_triggered_transitions(const mdd_db_layer *layer, mdd_diag_comm comm,
                                              mdd_triggered_transition *out, uint32_t cap,
                                              uint32_t *total, mdd_error *err)
{
    mdd_state_transition_ref_vec refs = mdd_diag_comm_state_transition_refs(comm);
    uint32_t n = mdd_state_transition_ref_vec_count(refs);
    *total = 0;
    for (uint32_t i = 0; i < n && i < cap; i++) {
        mdd_state_transition_ref ref = mdd_state_transition_ref_vec_at(refs, i);
        mdd_triggered_transition t = {.transition = mdd_state_transition_ref_state_transition(ref)};
        chart_search s = {.members = chart_transitions, .name = transition_name,
                          .wanted = t.transition.t};
        mdd_status st = find_chart(layer, &s, &t.chart, err);
        if (st != MDD_OK)
            return st;
        out[i] = t;
    }
    *total = n;
    return MDD_OK;
}
