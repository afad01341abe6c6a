/* SPDX-License-Identifier: Apache-2.0 */
/* The facts of include/mdd/query.h on payloads built here: state charts and jobs through
 * three levels of inheritance (a variant, its base variant, a protocol, shared data) with
 * overrides and a not-inherited job; the chart behind each state a service requires and each
 * transition it triggers, found by table or by name; nested SDGs; identification patterns;
 * and the bounded answers to hostile payloads (a parent chain past the depth limit, an
 * unknown SDxorSDG tag, groups nested too deep). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "testutil.h"

#include <mdd/query.h>
#include <mdd_internal/ecu_fields.h>
#include <mdd_internal/gen.h>

#include <string.h>

/* ---- building the payloads ---- */

typedef struct built {
    mdd_fb_builder b;
    mdd_bytes payload;
    mdd_db *db;
} built;

static mdd_fb_ref str(mdd_fb_builder *b, const char *s) { return s ? mdd_fb_create_cstring(b, s) : 0; }

static mdd_fb_ref state(mdd_fb_builder *b, const char *name)
{
    mdd_fb_ref n = str(b, name);
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_STATE_SHORT_NAME, n);
    return mdd_fb_table_end(b);
}

static mdd_fb_ref transition(mdd_fb_builder *b, const char *name, const char *from,
                             const char *to)
{
    mdd_fb_ref n = str(b, name), s = str(b, from), t = str(b, to);
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_STATE_TRANSITION_SHORT_NAME, n);
    mdd_fb_add_ref(b, FID_STATE_TRANSITION_SOURCE_SHORT_NAME_REF, s);
    mdd_fb_add_ref(b, FID_STATE_TRANSITION_TARGET_SHORT_NAME_REF, t);
    return mdd_fb_table_end(b);
}

static mdd_fb_ref chart(mdd_fb_builder *b, const char *name, const char *semantic,
                        const mdd_fb_ref *states, size_t nstates, const mdd_fb_ref *transitions,
                        size_t ntransitions)
{
    mdd_fb_ref n = str(b, name), sem = str(b, semantic), start = str(b, "Start");
    mdd_fb_ref sv = mdd_fb_create_refs(b, states, nstates);
    mdd_fb_ref tv = ntransitions ? mdd_fb_create_refs(b, transitions, ntransitions) : 0;
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_STATE_CHART_SHORT_NAME, n);
    mdd_fb_add_ref(b, FID_STATE_CHART_SEMANTIC, sem);
    mdd_fb_add_ref(b, FID_STATE_CHART_START_STATE_SHORT_NAME_REF, start);
    mdd_fb_add_ref(b, FID_STATE_CHART_STATES, sv);
    mdd_fb_add_ref(b, FID_STATE_CHART_STATE_TRANSITIONS, tv);
    return mdd_fb_table_end(b);
}

static mdd_fb_ref diag_comm(mdd_fb_builder *b, const char *name, mdd_fb_ref pre_conditions,
                            mdd_fb_ref transition_refs)
{
    mdd_fb_ref n = str(b, name);
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_DIAG_COMM_SHORT_NAME, n);
    mdd_fb_add_ref(b, FID_DIAG_COMM_PRE_CONDITION_STATE_REFS, pre_conditions);
    mdd_fb_add_ref(b, FID_DIAG_COMM_STATE_TRANSITION_REFS, transition_refs);
    return mdd_fb_table_end(b);
}

/* A job whose one input param is named input, with default value def. */
static mdd_fb_ref job(mdd_fb_builder *b, const char *name, const char *input, const char *def)
{
    mdd_fb_ref n = str(b, input), d = str(b, def);
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_JOB_PARAM_SHORT_NAME, n);
    mdd_fb_add_ref(b, FID_JOB_PARAM_PHYSICAL_DEFAULT_VALUE, d);
    mdd_fb_ref param = mdd_fb_table_end(b);
    mdd_fb_ref params = mdd_fb_create_refs(b, &param, 1);
    mdd_fb_ref comm = diag_comm(b, name, 0, 0);
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_SINGLE_ECU_JOB_DIAG_COMM, comm);
    mdd_fb_add_ref(b, FID_SINGLE_ECU_JOB_INPUT_PARAMS, params);
    return mdd_fb_table_end(b);
}

static mdd_fb_ref diag_layer(mdd_fb_builder *b, const char *name, mdd_fb_ref charts,
                             mdd_fb_ref jobs, mdd_fb_ref services, mdd_fb_ref sdgs)
{
    mdd_fb_ref n = str(b, name);
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_DIAG_LAYER_SHORT_NAME, n);
    mdd_fb_add_ref(b, FID_DIAG_LAYER_STATE_CHARTS, charts);
    mdd_fb_add_ref(b, FID_DIAG_LAYER_SINGLE_ECU_JOBS, jobs);
    mdd_fb_add_ref(b, FID_DIAG_LAYER_DIAG_SERVICES, services);
    mdd_fb_add_ref(b, FID_DIAG_LAYER_SDGS, sdgs);
    return mdd_fb_table_end(b);
}

/* A vector of one parent reference to a layer of kind type, hiding not_inherited (or NULL). */
static mdd_fb_ref parent(mdd_fb_builder *b, uint8_t type, mdd_fb_ref layer,
                         const char *not_inherited)
{
    mdd_fb_ref hidden = 0;
    if (not_inherited) {
        mdd_fb_ref name = str(b, not_inherited);
        hidden = mdd_fb_create_refs(b, &name, 1);
    }
    mdd_fb_table_start(b);
    mdd_fb_add_u8(b, FID_PARENT_REF_REF_TYPE, type);
    mdd_fb_add_ref(b, FID_PARENT_REF_REF, layer);
    mdd_fb_add_ref(b, FID_PARENT_REF_NOT_INHERITED_DIAG_COMM_SHORT_NAMES, hidden);
    mdd_fb_ref ref = mdd_fb_table_end(b);
    return mdd_fb_create_refs(b, &ref, 1);
}

static mdd_fb_ref protocol(mdd_fb_builder *b, mdd_fb_ref layer, mdd_fb_ref parents)
{
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_PROTOCOL_DIAG_LAYER, layer);
    mdd_fb_add_ref(b, FID_PROTOCOL_PARENT_REFS, parents);
    return mdd_fb_table_end(b);
}

static mdd_fb_ref variant(mdd_fb_builder *b, mdd_fb_ref layer, int is_base, mdd_fb_ref parents,
                          mdd_fb_ref patterns)
{
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_VARIANT_DIAG_LAYER, layer);
    mdd_fb_add_u8(b, FID_VARIANT_IS_BASE_VARIANT, (uint8_t)is_base);
    mdd_fb_add_ref(b, FID_VARIANT_PARENT_REFS, parents);
    mdd_fb_add_ref(b, FID_VARIANT_VARIANT_PATTERN, patterns);
    return mdd_fb_table_end(b);
}

static mdd_fb_ref sd_item(mdd_fb_builder *b, const char *si, const char *value)
{
    mdd_fb_ref s = str(b, si), v = str(b, value);
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_SD_VALUE, v);
    mdd_fb_add_ref(b, FID_SD_SI, s);
    mdd_fb_ref sd = mdd_fb_table_end(b);
    mdd_fb_table_start(b);
    mdd_fb_add_u8(b, FID_SD_OR_SDG_SD_OR_SDG_TYPE, MDD_SD_XOR_SDG_SD);
    mdd_fb_add_ref(b, FID_SD_OR_SDG_SD_OR_SDG, sd);
    return mdd_fb_table_end(b);
}

static mdd_fb_ref sdg(mdd_fb_builder *b, const char *caption, const mdd_fb_ref *items, size_t n)
{
    mdd_fb_ref c = str(b, caption), v = mdd_fb_create_refs(b, items, n);
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_SDG_CAPTION_SN, c);
    mdd_fb_add_ref(b, FID_SDG_SDS, v);
    return mdd_fb_table_end(b);
}

/* An SDOrSDG item holding group with union tag tag (MDD_SD_XOR_SDG_SDG, or a wrong one). */
static mdd_fb_ref group_item(mdd_fb_builder *b, mdd_fb_ref group, uint8_t tag)
{
    mdd_fb_table_start(b);
    mdd_fb_add_u8(b, FID_SD_OR_SDG_SD_OR_SDG_TYPE, tag);
    mdd_fb_add_ref(b, FID_SD_OR_SDG_SD_OR_SDG, group);
    return mdd_fb_table_end(b);
}

static mdd_fb_ref sdgs_of(mdd_fb_builder *b, mdd_fb_ref group)
{
    mdd_fb_ref v = mdd_fb_create_refs(b, &group, 1);
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_SDGS_SDGS, v);
    return mdd_fb_table_end(b);
}

static mdd_fb_ref ref_vec(mdd_fb_builder *b, uint32_t value_id, uint32_t table_id,
                          const char *const *values, const mdd_fb_ref *tables, size_t n)
{
    mdd_fb_ref refs[4];
    for (size_t i = 0; i < n; i++) {
        mdd_fb_ref v = str(b, values[i]);
        mdd_fb_table_start(b);
        mdd_fb_add_ref(b, value_id, v);
        mdd_fb_add_ref(b, table_id, tables[i]);
        refs[i] = mdd_fb_table_end(b);
    }
    return mdd_fb_create_refs(b, refs, n);
}

static mdd_fb_ref matching(mdd_fb_builder *b, const char *expected, mdd_fb_ref service,
                           mdd_fb_ref out_param, int physical)
{
    mdd_fb_ref e = str(b, expected);
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_MATCHING_PARAMETER_EXPECTED_VALUE, e);
    mdd_fb_add_ref(b, FID_MATCHING_PARAMETER_DIAG_SERVICE, service);
    mdd_fb_add_ref(b, FID_MATCHING_PARAMETER_OUT_PARAM, out_param);
    if (physical >= 0)
        mdd_fb_add_u8(b, FID_MATCHING_PARAMETER_USE_PHYSICAL_ADDRESSING, (uint8_t)physical);
    return mdd_fb_table_end(b);
}

static mdd_fb_ref pattern(mdd_fb_builder *b, const mdd_fb_ref *conditions, size_t n)
{
    mdd_fb_ref v = mdd_fb_create_refs(b, conditions, n);
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_VARIANT_PATTERN_MATCHING_PARAMETER, v);
    return mdd_fb_table_end(b);
}

/* Finishes root (variants) as the EcuData of "ECU" and opens it as a database. */
static void open_ecu(built *t, const mdd_fb_ref *variants, size_t n)
{
    mdd_fb_ref name = str(&t->b, "ECU"), vv = mdd_fb_create_refs(&t->b, variants, n);
    mdd_fb_table_start(&t->b);
    mdd_fb_add_ref(&t->b, FID_ECU_DATA_ECU_NAME, name);
    mdd_fb_add_ref(&t->b, FID_ECU_DATA_VARIANTS, vv);
    mdd_fb_ref root = mdd_fb_table_end(&t->b);
    mdd_error err;
    assert_int_equal(mdd_fb_builder_finish(&t->b, root, &t->payload, &err), MDD_OK);
    assert_int_equal(mdd_db_open_payloads(&t->payload, 1, NULL, &t->db, &err), MDD_OK);
}

static void close_ecu(built *t)
{
    mdd_db_close(t->db);
    mdd_fb_builder_free(&t->b);
}

/* The tables the assertions look for, by position. */
typedef struct family {
    mdd_fb_ref esd_extended, security_locked, esd_d_e, security_l_u;
} family;

/* Shared data "ESD" (chart Session {Default, Extended} with transition D_E; jobs JobShared,
 * JobHidden) <- protocol "Proto" (chart Security {Locked, Unlocked} with L_U; job JobProto)
 * <- base variant "Base" (chart Session {Default, Programming}; job JobBase; service Svc;
 * nested SDGs), whose reference to Proto hides JobHidden <- variant "App" (its own JobBase;
 * two identification patterns). */
static void build_family(built *t, family *f)
{
    mdd_fb_builder *b = &t->b;
    mdd_fb_builder_init(b, 0);
    mdd_fb_ref s[2], tr;
    s[0] = state(b, "Default");
    s[1] = f->esd_extended = state(b, "Extended");
    tr = f->esd_d_e = transition(b, "D_E", "Default", "Extended");
    mdd_fb_ref c = chart(b, "Session", "SESSION", s, 2, &tr, 1);
    mdd_fb_ref charts = mdd_fb_create_refs(b, &c, 1);
    mdd_fb_ref jobs2[2] = {job(b, "JobShared", "speed", "10"), job(b, "JobHidden", "x", NULL)};
    mdd_fb_ref esd_layer = diag_layer(b, "ESD", charts, mdd_fb_create_refs(b, jobs2, 2), 0, 0);
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_ECU_SHARED_DATA_DIAG_LAYER, esd_layer);
    mdd_fb_ref esd = mdd_fb_table_end(b);

    s[0] = f->security_locked = state(b, "Locked");
    s[1] = state(b, "Unlocked");
    tr = f->security_l_u = transition(b, "L_U", "Locked", "Unlocked");
    c = chart(b, "Security", "SECURITY", s, 2, &tr, 1);
    charts = mdd_fb_create_refs(b, &c, 1);
    mdd_fb_ref j = job(b, "JobProto", "p", NULL);
    mdd_fb_ref proto_layer = diag_layer(b, "Proto", charts, mdd_fb_create_refs(b, &j, 1), 0, 0);
    mdd_fb_ref proto = protocol(b, proto_layer,
                                parent(b, MDD_PARENT_REF_TYPE_ECU_SHARED_DATA, esd, NULL));

    /* Svc requires ESD's Extended (a chart no longer effective), Proto's Locked (by table) and
     * a Default of its own (by name); it triggers ESD's D_E and Proto's L_U. */
    static const char *const values[] = {"v0", "v1", "v2"};
    mdd_fb_ref wanted[3] = {f->esd_extended, f->security_locked, state(b, "Default")};
    mdd_fb_ref pre = ref_vec(b, FID_PRE_CONDITION_STATE_REF_VALUE,
                             FID_PRE_CONDITION_STATE_REF_STATE, values, wanted, 3);
    mdd_fb_ref triggered[2] = {f->esd_d_e, f->security_l_u};
    mdd_fb_ref trans = ref_vec(b, FID_STATE_TRANSITION_REF_VALUE,
                               FID_STATE_TRANSITION_REF_STATE_TRANSITION, values, triggered, 2);
    mdd_fb_ref comm = diag_comm(b, "Svc", pre, trans);
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_DIAG_SERVICE_DIAG_COMM, comm);
    mdd_fb_ref svc = mdd_fb_table_end(b);

    mdd_fb_ref inner_items[1] = {sd_item(b, "si2", "v2")};
    mdd_fb_ref inner = sdg(b, "inner", inner_items, 1);
    mdd_fb_ref outer_items[3] = {sd_item(b, "si1", "v1"), group_item(b, inner, MDD_SD_XOR_SDG_SDG),
                                 sd_item(b, "si3", "v3")};
    mdd_fb_ref sdgs = sdgs_of(b, sdg(b, "outer", outer_items, 3));
    s[0] = state(b, "Default");
    s[1] = state(b, "Programming");
    c = chart(b, "Session", "SESSION", s, 2, NULL, 0);
    charts = mdd_fb_create_refs(b, &c, 1);
    j = job(b, "JobBase", "base_in", NULL);
    mdd_fb_ref base_layer = diag_layer(b, "Base", charts, mdd_fb_create_refs(b, &j, 1),
                                       mdd_fb_create_refs(b, &svc, 1), sdgs);
    mdd_fb_ref base = variant(b, base_layer, 1,
                              parent(b, MDD_PARENT_REF_TYPE_PROTOCOL, proto, "JobHidden"), 0);

    mdd_fb_ref id_name = str(b, "Id");
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_PARAM_SHORT_NAME, id_name);
    mdd_fb_ref id = mdd_fb_table_end(b);
    mdd_fb_ref first[2] = {matching(b, "42", svc, id, 1), matching(b, "7", svc, id, -1)};
    mdd_fb_ref second = matching(b, "9", svc, id, 0);
    mdd_fb_ref patterns[2] = {pattern(b, first, 2), pattern(b, &second, 1)};
    j = job(b, "JobBase", "app_in", NULL);
    mdd_fb_ref app_layer = diag_layer(b, "App", 0, mdd_fb_create_refs(b, &j, 1), 0, 0);
    mdd_fb_ref app = variant(b, app_layer, 0, parent(b, MDD_PARENT_REF_TYPE_VARIANT, base, NULL),
                             mdd_fb_create_refs(b, patterns, 2));
    mdd_fb_ref variants[2] = {base, app};
    open_ecu(t, variants, 2);
}

static const mdd_db_layer *layer_named(const built *t, const char *name)
{
    const mdd_db_layer *l = mdd_db_ecu_find_variant(mdd_db_ecu_at(t->db, 0), name);
    assert_non_null(l);
    return l;
}

/* The builder writes back to front: a ref counts from the buffer's end. */
static uint32_t pos_of(const built *t, mdd_fb_ref ref) { return (uint32_t)(t->payload.len - ref); }

/* ---- state charts ---- */

static void test_state_charts_inherit(void **state)
{
    (void)state;
    built t;
    family f;
    build_family(&t, &f);
    mdd_state_chart charts[4];
    uint32_t total;
    mdd_error err;
    /* App: Base's Session (overriding ESD's), then Proto's Security. */
    assert_int_equal(mdd_db_layer_state_charts(layer_named(&t, "App"), charts, 4, &total, &err),
                     MDD_OK);
    assert_int_equal(total, 2);
    assert_true(mdd_bytes_equal_str(mdd_state_chart_short_name(charts[0]), "Session"));
    mdd_state_vec states = mdd_state_chart_states(charts[0]);
    assert_true(mdd_bytes_equal_str(mdd_state_short_name(mdd_state_vec_at(states, 1)),
                                    "Programming"));
    assert_true(mdd_bytes_equal_str(mdd_state_chart_short_name(charts[1]), "Security"));
    assert_true(mdd_bytes_equal_str(mdd_state_chart_semantic(charts[1]), "SECURITY"));
    /* Too small an array: the count stays right, the first one is written. */
    charts[1] = (mdd_state_chart){{0}};
    assert_int_equal(mdd_db_layer_state_charts(layer_named(&t, "Base"), charts, 1, &total, &err),
                     MDD_OK);
    assert_int_equal(total, 2);
    assert_true(mdd_bytes_equal_str(mdd_state_chart_short_name(charts[0]), "Session"));
    assert_int_equal(charts[1].t.pos, 0);
    assert_int_equal(mdd_db_layer_state_charts(layer_named(&t, "Base"), NULL, 0, &total, &err),
                     MDD_OK);
    assert_int_equal(total, 2);
    close_ecu(&t);
}

static mdd_diag_comm svc_comm(const built *t)
{
    mdd_db_service s;
    assert_true(mdd_db_layer_find_service(layer_named(t, "App"), "Svc", &s));
    return mdd_diag_service_diag_comm(s.service);
}

static void test_required_states(void **state)
{
    (void)state;
    built t;
    family f;
    build_family(&t, &f);
    mdd_required_state r[3];
    uint32_t total;
    mdd_error err;
    assert_int_equal(mdd_db_layer_required_states(layer_named(&t, "App"), svc_comm(&t), r, 3,
                                                  &total, &err),
                     MDD_OK);
    assert_int_equal(total, 3);
    /* ESD's Extended: its chart is overridden by Base's Session, which has no Extended. */
    assert_int_equal(r[0].state.t.pos, pos_of(&t, f.esd_extended));
    assert_int_equal(r[0].chart.t.pos, 0);
    assert_true(mdd_bytes_equal_str(r[0].value, "v0"));
    assert_int_equal(r[1].state.t.pos, pos_of(&t, f.security_locked));
    assert_true(mdd_bytes_equal_str(mdd_state_chart_short_name(r[1].chart), "Security"));
    /* A Default table of the service's own, matched by name in Base's Session. */
    assert_true(mdd_bytes_equal_str(mdd_state_short_name(r[2].state), "Default"));
    assert_true(mdd_bytes_equal_str(mdd_state_chart_short_name(r[2].chart), "Session"));
    assert_true(mdd_bytes_equal_str(mdd_state_short_name(mdd_state_vec_at(
                                        mdd_state_chart_states(r[2].chart), 1)),
                                    "Programming"));
    assert_true(mdd_bytes_equal_str(r[2].value, "v2"));
    assert_int_equal(mdd_db_layer_required_states(layer_named(&t, "App"), svc_comm(&t), NULL, 0,
                                                  &total, &err),
                     MDD_OK);
    assert_int_equal(total, 3);
    close_ecu(&t);
}

static void test_triggered_transitions(void **state)
{
    (void)state;
    built t;
    family f;
    build_family(&t, &f);
    mdd_triggered_transition tr[2];
    uint32_t total;
    mdd_error err;
    assert_int_equal(mdd_db_layer_triggered_transitions(layer_named(&t, "App"), svc_comm(&t), tr,
                                                        2, &total, &err),
                     MDD_OK);
    assert_int_equal(total, 2);
    assert_int_equal(tr[0].transition.t.pos, pos_of(&t, f.esd_d_e));
    assert_int_equal(tr[0].chart.t.pos, 0);
    assert_true(mdd_bytes_equal_str(mdd_state_transition_target_short_name_ref(tr[1].transition),
                                    "Unlocked"));
    assert_true(mdd_bytes_equal_str(mdd_state_chart_short_name(tr[1].chart), "Security"));
    close_ecu(&t);
}

/* ---- jobs ---- */

static mdd_bytes first_input(mdd_single_ecu_job job)
{
    return mdd_job_param_short_name(
        mdd_job_param_vec_at(mdd_single_ecu_job_input_params(job), 0));
}

static void test_jobs_inherit(void **state)
{
    (void)state;
    built t;
    family f;
    build_family(&t, &f);
    mdd_single_ecu_job jobs[4];
    uint32_t total;
    mdd_error err;
    const mdd_db_layer *app = layer_named(&t, "App");
    /* App's JobBase overrides Base's; JobHidden is not inherited through Base -> Proto. */
    assert_int_equal(mdd_db_layer_jobs(app, jobs, 4, &total, &err), MDD_OK);
    assert_int_equal(total, 3);
    static const char *const names[] = {"JobBase", "JobProto", "JobShared"};
    for (uint32_t i = 0; i < 3; i++)
        assert_true(mdd_bytes_equal_str(
            mdd_diag_comm_short_name(mdd_single_ecu_job_diag_comm(jobs[i])), names[i]));
    assert_true(mdd_bytes_equal_str(first_input(jobs[0]), "app_in"));
    assert_int_equal(mdd_db_layer_jobs(app, jobs, 1, &total, &err), MDD_OK);
    assert_int_equal(total, 3);
    assert_true(mdd_bytes_equal_str(first_input(jobs[0]), "app_in"));

    mdd_single_ecu_job job;
    assert_int_equal(mdd_db_layer_find_job(app, "JobShared", &job, &err), MDD_OK);
    mdd_job_param p = mdd_job_param_vec_at(mdd_single_ecu_job_input_params(job), 0);
    assert_true(mdd_bytes_equal_str(mdd_job_param_short_name(p), "speed"));
    assert_true(mdd_bytes_equal_str(mdd_job_param_physical_default_value(p), "10"));
    assert_int_equal(mdd_db_layer_find_job(app, "JobHidden", &job, &err), MDD_ERR_NOT_FOUND);
    assert_string_equal(err.message, "no job named 'JobHidden'");
    assert_int_equal(mdd_db_layer_find_job(layer_named(&t, "Base"), "JobBase", &job, &err), MDD_OK);
    assert_true(mdd_bytes_equal_str(first_input(job), "base_in"));
    close_ecu(&t);
}

/* ---- SDGs ---- */

static void test_sdg_nodes(void **state)
{
    (void)state;
    built t;
    family f;
    build_family(&t, &f);
    mdd_sdgs sdgs = mdd_diag_layer_sdgs(mdd_db_layer_diag_layer(layer_named(&t, "Base")));
    mdd_sdg_node nodes[5];
    uint32_t total;
    mdd_error err;
    assert_int_equal(mdd_sdgs_nodes(sdgs, nodes, 5, &total, &err), MDD_OK);
    assert_int_equal(total, 5);
    /* outer, si1, inner, si2, si3 */
    static const uint32_t depth[] = {0, 1, 1, 2, 1};
    static const char *const label[] = {"outer", "si1", "inner", "si2", "si3"};
    for (uint32_t i = 0; i < 5; i++) {
        assert_int_equal(nodes[i].depth, depth[i]);
        int group = i == 0 || i == 2;
        assert_int_equal(mdd_present(nodes[i].sdg), group);
        assert_int_equal(mdd_present(nodes[i].sd), !group);
        assert_true(mdd_bytes_equal_str(group ? mdd_sdg_caption_sn(nodes[i].sdg)
                                              : mdd_sd_si(nodes[i].sd),
                                        label[i]));
    }
    assert_true(mdd_bytes_equal_str(mdd_sd_value(nodes[4].sd), "v3"));
    assert_int_equal(mdd_sdgs_nodes(sdgs, nodes, 2, &total, &err), MDD_OK);
    assert_int_equal(total, 5);
    /* An absent SDGS has no nodes. */
    mdd_sdgs none = mdd_diag_layer_sdgs(mdd_db_layer_diag_layer(layer_named(&t, "App")));
    assert_int_equal(mdd_sdgs_nodes(none, NULL, 0, &total, &err), MDD_OK);
    assert_int_equal(total, 0);
    close_ecu(&t);
}

/* An SDGS as the root of its own buffer: groups nested depth deep, the innermost item's tag
 * being tag. */
static mdd_sdgs nested_sdgs(mdd_fb_builder *b, uint32_t depth, uint8_t tag)
{
    mdd_fb_builder_init(b, 0);
    mdd_fb_ref item = sd_item(b, "leaf", "x");
    mdd_fb_ref group = sdg(b, "g", &item, 1);
    for (uint32_t d = 0; d < depth; d++) {
        item = group_item(b, group, d == 0 ? tag : MDD_SD_XOR_SDG_SDG);
        group = sdg(b, "g", &item, 1);
    }
    mdd_bytes out;
    mdd_error err;
    assert_int_equal(mdd_fb_builder_finish(b, sdgs_of(b, group), &out, &err), MDD_OK);
    return (mdd_sdgs){mdd_fb_root(out.ptr, out.len)};
}

static void test_sdg_hostile(void **state)
{
    (void)state;
    mdd_fb_builder b;
    uint32_t total = 99;
    mdd_error err;
    /* The deepest group allowed sits at depth MDD_SDG_MAX_DEPTH, its item one deeper. */
    mdd_sdgs ok = nested_sdgs(&b, MDD_SDG_MAX_DEPTH, MDD_SD_XOR_SDG_SDG);
    assert_int_equal(mdd_sdgs_nodes(ok, NULL, 0, &total, &err), MDD_OK);
    assert_int_equal(total, MDD_SDG_MAX_DEPTH + 2);
    mdd_fb_builder_free(&b);

    mdd_sdgs deep = nested_sdgs(&b, MDD_SDG_MAX_DEPTH + 1, MDD_SD_XOR_SDG_SDG);
    assert_int_equal(mdd_sdgs_nodes(deep, NULL, 0, &total, &err), MDD_ERR_LIMIT);
    assert_int_equal(total, 0);
    assert_string_equal(err.message, "sdgs[0].sds[0].sdg.sds[0].sdg.sds[0].sdg...sds[0]: "
                                     "groups nest deeper than 32");
    mdd_fb_builder_free(&b);

    mdd_sdgs wrong = nested_sdgs(&b, 2, 7);
    assert_int_equal(mdd_sdgs_nodes(wrong, NULL, 0, &total, &err), MDD_ERR_FORMAT);
    assert_string_equal(err.message, "sdgs[0].sds[0].sdg.sds[0]: unknown SDxorSDG tag 7");
    mdd_fb_builder_free(&b);
}

/* ---- identification ---- */

static void test_variant_matches(void **state)
{
    (void)state;
    built t;
    family f;
    build_family(&t, &f);
    mdd_variant_match m[3];
    assert_int_equal(mdd_db_layer_variant_matches(layer_named(&t, "App"), m, 3), 3);
    static const uint32_t pattern[] = {0, 0, 1};
    static const char *const expected[] = {"42", "7", "9"};
    static const int physical[] = {1, -1, 0};
    for (uint32_t i = 0; i < 3; i++) {
        assert_int_equal(m[i].pattern, pattern[i]);
        assert_true(mdd_bytes_equal_str(m[i].expected_value, expected[i]));
        assert_int_equal(m[i].physical_addressing, physical[i]);
        assert_true(mdd_bytes_equal_str(mdd_param_short_name(m[i].out_param), "Id"));
        assert_true(mdd_bytes_equal_str(
            mdd_diag_comm_short_name(mdd_diag_service_diag_comm(m[i].service)), "Svc"));
    }
    assert_int_equal(mdd_db_layer_variant_matches(layer_named(&t, "App"), m, 1), 3);
    assert_int_equal(mdd_db_layer_variant_matches(layer_named(&t, "Base"), NULL, 0), 0);
    close_ecu(&t);
}

/* ---- a parent chain past the depth limit ---- */

static void test_deep_chain(void **state)
{
    (void)state;
    built t;
    mdd_fb_builder *b = &t.b;
    mdd_fb_builder_init(b, 0);
    /* 40 protocols, each the parent of the next: the variant is 40 references from the end. */
    mdd_fb_ref parents = 0;
    for (int i = 0; i < 40; i++) {
        mdd_fb_ref layer = diag_layer(b, "P", 0, 0, 0, 0);
        parents = parent(b, MDD_PARENT_REF_TYPE_PROTOCOL, protocol(b, layer, parents), NULL);
    }
    /* A service, because the index refuses a first layer without any. */
    mdd_fb_ref comm = diag_comm(b, "Svc", 0, 0);
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_DIAG_SERVICE_DIAG_COMM, comm);
    mdd_fb_ref svc = mdd_fb_table_end(b);
    mdd_fb_ref v = variant(b, diag_layer(b, "Deep", 0, 0, mdd_fb_create_refs(b, &svc, 1), 0), 1,
                           parents, 0);
    mdd_db_options opts = mdd_db_options_default();
    /* The database's own walks must get through: the chain nests 80 tables deep. */
    opts.inherit.max_depth = 64;
    opts.fb.max_depth = 128;
    mdd_fb_ref name = str(b, "ECU"), vv = mdd_fb_create_refs(b, &v, 1);
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_ECU_DATA_ECU_NAME, name);
    mdd_fb_add_ref(b, FID_ECU_DATA_VARIANTS, vv);
    mdd_fb_ref root = mdd_fb_table_end(b);
    mdd_error err;
    assert_int_equal(mdd_fb_builder_finish(b, root, &t.payload, &err), MDD_OK);
    assert_int_equal(mdd_db_open_payloads(&t.payload, 1, &opts, &t.db, &err), MDD_OK);
    uint32_t total = 99;
    assert_int_equal(mdd_db_layer_jobs(layer_named(&t, "Deep"), NULL, 0, &total, &err),
                     MDD_ERR_LIMIT);
    assert_int_equal(total, 0);
    assert_string_equal(err.message, "Deep: inheritance deeper than 32 parents");
    close_ecu(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_state_charts_inherit),
        cmocka_unit_test(test_required_states),
        cmocka_unit_test(test_triggered_transitions),
        cmocka_unit_test(test_jobs_inherit),
        cmocka_unit_test(test_sdg_nodes),
        cmocka_unit_test(test_sdg_hostile),
        cmocka_unit_test(test_variant_matches),
        cmocka_unit_test(test_deep_chain),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
