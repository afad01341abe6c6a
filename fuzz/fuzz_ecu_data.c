/* EcuData verifier and typed views: no input may crash them or make them read outside it.
 * The input is verified, then every view is walked over the whole DAG (whatever the verdict:
 * views must stay in bounds over unverified bytes too), under a budget of visited tables and
 * a depth limit, since shared subtables make the expanded tree exponential. Every string and
 * byte view must lie inside the input. */
#include <mdd/ecu.h>
#include <mdd/fb.h>

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define VISIT_BUDGET 20000
#define MAX_DEPTH 64

typedef struct walk {
    const uint8_t *buf;
    size_t len;
    long budget;
    uint32_t depth;
} walk;

static void check_bytes(const walk *w, mdd_bytes b)
{
    if (b.ptr && (b.ptr < w->buf || b.len > w->len || (size_t)(b.ptr - w->buf) > w->len - b.len))
        abort();
}

/* Enters a table: 1 when it is present and the budget and depth allow a visit. */
static int enter(walk *w, mdd_fb_table t)
{
    if (!t.pos)
        return 0;
    if (t.pos >= w->len || t.buf != w->buf)
        abort();
    if (w->budget <= 0 || w->depth >= MAX_DEPTH)
        return 0;
    w->budget--;
    w->depth++;
    return 1;
}

static void leave(walk *w) { w->depth--; }

static void strings(walk *w, mdd_string_vec v)
{
    for (uint32_t i = 0; i < mdd_string_vec_count(v); i++)
        check_bytes(w, mdd_string_vec_at(v, i));
}

static void sdg(walk *w, mdd_sdg g);

static void sd_or_sdg(walk *w, mdd_sd_or_sdg e)
{
    if (!enter(w, e.t))
        return;
    (void)mdd_sd_or_sdg_sd_or_sdg_type(e);
    mdd_sd sd = mdd_sd_or_sdg_sd(e);
    if (enter(w, sd.t)) {
        check_bytes(w, mdd_sd_value(sd));
        check_bytes(w, mdd_sd_si(sd));
        check_bytes(w, mdd_sd_ti(sd));
        leave(w);
    }
    sdg(w, mdd_sd_or_sdg_sdg(e));
    leave(w);
}

static void sdg(walk *w, mdd_sdg g)
{
    if (!enter(w, g.t))
        return;
    check_bytes(w, mdd_sdg_caption_sn(g));
    check_bytes(w, mdd_sdg_si(g));
    mdd_sd_or_sdg_vec v = mdd_sdg_sds(g);
    for (uint32_t i = 0; i < mdd_sd_or_sdg_vec_count(v); i++)
        sd_or_sdg(w, mdd_sd_or_sdg_vec_at(v, i));
    leave(w);
}

static void sdgs(walk *w, mdd_sdgs s)
{
    if (!enter(w, s.t))
        return;
    mdd_sdg_vec v = mdd_sdgs_sdgs(s);
    for (uint32_t i = 0; i < mdd_sdg_vec_count(v); i++)
        sdg(w, mdd_sdg_vec_at(v, i));
    leave(w);
}

static void long_name(walk *w, mdd_long_name n)
{
    check_bytes(w, mdd_long_name_value(n));
    check_bytes(w, mdd_long_name_ti(n));
}

static void funct_classes(walk *w, mdd_funct_class_vec v)
{
    for (uint32_t i = 0; i < mdd_funct_class_vec_count(v); i++)
        check_bytes(w, mdd_funct_class_short_name(mdd_funct_class_vec_at(v, i)));
}

static void coded_const(walk *w, mdd_coded_const c)
{
    if (!enter(w, c.t))
        return;
    check_bytes(w, mdd_coded_const_coded_value(c));
    mdd_diag_coded_type t = mdd_coded_const_diag_coded_type(c);
    (void)mdd_diag_coded_type_type(t);
    check_bytes(w, mdd_diag_coded_type_base_type_encoding(t));
    (void)mdd_diag_coded_type_base_data_type(t);
    (void)mdd_diag_coded_type_is_high_low_byte_order(t);
    (void)mdd_diag_coded_type_specific_data_type(t);
    mdd_standard_length_type s = mdd_diag_coded_type_standard_length_type(t);
    (void)mdd_standard_length_type_bit_length(s);
    check_bytes(w, mdd_standard_length_type_bit_mask(s));
    (void)mdd_standard_length_type_condensed(s);
    leave(w);
}

static void param(walk *w, mdd_param p)
{
    if (!enter(w, p.t))
        return;
    uint32_t u;
    (void)mdd_param_id(p);
    (void)mdd_param_param_type(p);
    check_bytes(w, mdd_param_short_name(p));
    check_bytes(w, mdd_param_semantic(p));
    sdgs(w, mdd_param_sdgs(p));
    check_bytes(w, mdd_param_physical_default_value(p));
    (void)mdd_param_byte_position(p, &u);
    (void)mdd_param_bit_position(p, &u);
    (void)mdd_param_specific_data_type(p);
    coded_const(w, mdd_param_coded_const(p));
    mdd_matching_request_param m = mdd_param_matching_request_param(p);
    (void)mdd_matching_request_param_request_byte_pos(m);
    (void)mdd_matching_request_param_byte_length(m);
    leave(w);
}

static void params(walk *w, mdd_param_vec v)
{
    for (uint32_t i = 0; i < mdd_param_vec_count(v); i++)
        param(w, mdd_param_vec_at(v, i));
}

static void responses(walk *w, mdd_response_vec v)
{
    for (uint32_t i = 0; i < mdd_response_vec_count(v); i++) {
        mdd_response r = mdd_response_vec_at(v, i);
        (void)mdd_response_response_type(r);
        params(w, mdd_response_params(r));
        sdgs(w, mdd_response_sdgs(r));
    }
}

static void parent_refs(walk *w, mdd_parent_ref_vec v);
static void diag_layer(walk *w, mdd_diag_layer l);

static void diag_comm(walk *w, mdd_diag_comm c)
{
    if (!enter(w, c.t))
        return;
    check_bytes(w, mdd_diag_comm_short_name(c));
    long_name(w, mdd_diag_comm_long_name(c));
    check_bytes(w, mdd_diag_comm_semantic(c));
    funct_classes(w, mdd_diag_comm_funct_class(c));
    sdgs(w, mdd_diag_comm_sdgs(c));
    (void)mdd_diag_comm_diag_class_type(c);
    mdd_protocol_vec ps = mdd_diag_comm_protocols(c);
    for (uint32_t i = 0; i < mdd_protocol_vec_count(ps); i++) {
        mdd_protocol p = mdd_protocol_vec_at(ps, i);
        diag_layer(w, mdd_protocol_diag_layer(p));
        parent_refs(w, mdd_protocol_parent_refs(p));
    }
    (void)mdd_diag_comm_is_mandatory(c);
    (void)mdd_diag_comm_is_executable(c);
    (void)mdd_diag_comm_is_final(c);
    leave(w);
}

static void diag_service(walk *w, mdd_diag_service s)
{
    if (!enter(w, s.t))
        return;
    diag_comm(w, mdd_diag_service_diag_comm(s));
    mdd_request r = mdd_diag_service_request(s);
    params(w, mdd_request_params(r));
    sdgs(w, mdd_request_sdgs(r));
    responses(w, mdd_diag_service_pos_responses(s));
    responses(w, mdd_diag_service_neg_responses(s));
    (void)mdd_diag_service_is_cyclic(s);
    (void)mdd_diag_service_is_multiple(s);
    (void)mdd_diag_service_addressing(s);
    (void)mdd_diag_service_transmission_mode(s);
    leave(w);
}

static void diag_layer(walk *w, mdd_diag_layer l)
{
    if (!enter(w, l.t))
        return;
    check_bytes(w, mdd_diag_layer_short_name(l));
    long_name(w, mdd_diag_layer_long_name(l));
    funct_classes(w, mdd_diag_layer_funct_classes(l));
    mdd_diag_service_vec ss = mdd_diag_layer_diag_services(l);
    for (uint32_t i = 0; i < mdd_diag_service_vec_count(ss); i++)
        diag_service(w, mdd_diag_service_vec_at(ss, i));
    mdd_single_ecu_job_vec js = mdd_diag_layer_single_ecu_jobs(l);
    for (uint32_t i = 0; i < mdd_single_ecu_job_vec_count(js); i++)
        diag_comm(w, mdd_single_ecu_job_diag_comm(mdd_single_ecu_job_vec_at(js, i)));
    sdgs(w, mdd_diag_layer_sdgs(l));
    leave(w);
}

static void parent_ref(walk *w, mdd_parent_ref r)
{
    if (!enter(w, r.t))
        return;
    (void)mdd_parent_ref_ref_type(r);
    (void)mdd_parent_ref_variant(r);
    (void)mdd_parent_ref_protocol(r);
    (void)mdd_parent_ref_functional_group(r);
    diag_layer(w, mdd_parent_ref_diag_layer(r));
    parent_refs(w, mdd_parent_ref_parent_refs(r));
    strings(w, mdd_parent_ref_not_inherited_diag_comm_short_names(r));
    strings(w, mdd_parent_ref_not_inherited_variables_short_names(r));
    strings(w, mdd_parent_ref_not_inherited_dops_short_names(r));
    strings(w, mdd_parent_ref_not_inherited_tables_short_names(r));
    strings(w, mdd_parent_ref_not_inherited_global_neg_responses_short_names(r));
    leave(w);
}

static void parent_refs(walk *w, mdd_parent_ref_vec v)
{
    for (uint32_t i = 0; i < mdd_parent_ref_vec_count(v); i++)
        parent_ref(w, mdd_parent_ref_vec_at(v, i));
}

static void variant(walk *w, mdd_variant v)
{
    if (!enter(w, v.t))
        return;
    diag_layer(w, mdd_variant_diag_layer(v));
    (void)mdd_variant_is_base_variant(v);
    mdd_variant_pattern_vec ps = mdd_variant_variant_pattern(v);
    for (uint32_t i = 0; i < mdd_variant_pattern_vec_count(ps); i++) {
        mdd_matching_parameter_vec ms =
            mdd_variant_pattern_matching_parameter(mdd_variant_pattern_vec_at(ps, i));
        for (uint32_t k = 0; k < mdd_matching_parameter_vec_count(ms); k++) {
            mdd_matching_parameter m = mdd_matching_parameter_vec_at(ms, k);
            int physical;
            check_bytes(w, mdd_matching_parameter_expected_value(m));
            diag_service(w, mdd_matching_parameter_diag_service(m));
            param(w, mdd_matching_parameter_out_param(m));
            (void)mdd_matching_parameter_use_physical_addressing(m, &physical);
        }
    }
    parent_refs(w, mdd_variant_parent_refs(v));
    leave(w);
}

static void dtc(walk *w, mdd_dtc d)
{
    uint32_t level;
    check_bytes(w, mdd_dtc_short_name(d));
    (void)mdd_dtc_trouble_code(d);
    check_bytes(w, mdd_dtc_display_trouble_code(d));
    check_bytes(w, mdd_text_value(mdd_dtc_text(d)));
    check_bytes(w, mdd_text_ti(mdd_dtc_text(d)));
    (void)mdd_dtc_level(d, &level);
    sdgs(w, mdd_dtc_sdgs(d));
    (void)mdd_dtc_is_temporary(d);
}

static void ecu_data(walk *w, mdd_ecu_data e)
{
    check_bytes(w, mdd_ecu_data_version(e));
    check_bytes(w, mdd_ecu_data_ecu_name(e));
    check_bytes(w, mdd_ecu_data_revision(e));
    check_bytes(w, mdd_ecu_data_feature_flags(e));
    mdd_key_value_vec kv = mdd_ecu_data_metadata(e);
    for (uint32_t i = 0; i < mdd_key_value_vec_count(kv); i++) {
        check_bytes(w, mdd_key_value_key(mdd_key_value_vec_at(kv, i)));
        check_bytes(w, mdd_key_value_value(mdd_key_value_vec_at(kv, i)));
    }
    mdd_variant_vec vs = mdd_ecu_data_variants(e);
    for (uint32_t i = 0; i < mdd_variant_vec_count(vs); i++)
        variant(w, mdd_variant_vec_at(vs, i));
    mdd_functional_group_vec gs = mdd_ecu_data_functional_groups(e);
    for (uint32_t i = 0; i < mdd_functional_group_vec_count(gs); i++) {
        mdd_functional_group g = mdd_functional_group_vec_at(gs, i);
        diag_layer(w, mdd_functional_group_diag_layer(g));
        parent_refs(w, mdd_functional_group_parent_refs(g));
    }
    mdd_dtc_vec ds = mdd_ecu_data_dtcs(e);
    for (uint32_t i = 0; i < mdd_dtc_vec_count(ds); i++)
        dtc(w, mdd_dtc_vec_at(ds, i));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mdd_error err;
    mdd_status st = mdd_fb_verify_ecu_data(data, size, NULL, &err);
    if (st != MDD_OK && st != MDD_ERR_FORMAT && st != MDD_ERR_LIMIT)
        abort();
    walk w = {data, size, VISIT_BUDGET, 0};
    ecu_data(&w, mdd_ecu_data_root(data, size));
    return 0;
}
