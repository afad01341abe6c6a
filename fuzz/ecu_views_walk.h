/* SPDX-License-Identifier: Apache-2.0 */
/* Generated from schema/ecu_data.fbs by schema/generate.py. Do not edit: change the
 * schema and run `make generate`. */
/* Calls every accessor of the typed views (include/mdd/ecu_views.h), from a root down, within
 * a budget of tables and a depth: the fuzz target fuzz_ecu_views.c runs it over unverified
 * bytes, so that every generated accessor meets hostile input. One element past the end of
 * each vector is read too, which must come back absent. */
#ifndef MDD_FUZZ_ECU_VIEWS_WALK_H
#define MDD_FUZZ_ECU_VIEWS_WALK_H

#include <mdd/ecu.h>

#include <stdlib.h>
#include <string.h>

/* Elements visited per vector, so that one long vector does not take the whole budget. */
#define WALK_MAX_ELEMENTS 16

typedef struct views_walk {
    const uint8_t *buf; /* the bytes walked: every view must lie inside them */
    size_t len;
    uint32_t budget; /* tables still to visit */
    uint32_t depth;
    uint32_t max_depth;
    uint64_t sink; /* what was read, so that no read is optimised away */
} views_walk;

static void walk_bytes(views_walk *w, mdd_bytes b)
{
    if (b.ptr && (b.ptr < w->buf || b.len > w->len || (size_t)(b.ptr - w->buf) > w->len - b.len))
        abort();
    w->sink += b.len + (b.ptr && b.len ? b.ptr[0] + b.ptr[b.len - 1] : 0);
}

static uint64_t walk_double(double d)
{
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    return bits;
}

/* Whether to visit the table t: present, within the budget and the depth. */
static int walk_enter(views_walk *w, mdd_fb_table t)
{
    if (!t.pos)
        return 0;
    if (t.buf != w->buf || t.len != w->len || t.pos >= w->len)
        abort();
    if (w->budget == 0 || w->depth >= w->max_depth)
        return 0;
    w->budget--;
    w->depth++;
    return 1;
}

static void walk_sd(views_walk *w, mdd_sd x);
static void walk_sd_or_sdg(views_walk *w, mdd_sd_or_sdg x);
static void walk_sdg(views_walk *w, mdd_sdg x);
static void walk_sdgs(views_walk *w, mdd_sdgs x);
static void walk_audience(views_walk *w, mdd_audience x);
static void walk_leading_length_info_type(views_walk *w, mdd_leading_length_info_type x);
static void walk_min_max_length_type(views_walk *w, mdd_min_max_length_type x);
static void walk_param_length_info_type(views_walk *w, mdd_param_length_info_type x);
static void walk_standard_length_type(views_walk *w, mdd_standard_length_type x);
static void walk_diag_coded_type(views_walk *w, mdd_diag_coded_type x);
static void walk_text(views_walk *w, mdd_text x);
static void walk_limit(views_walk *w, mdd_limit x);
static void walk_compu_values(views_walk *w, mdd_compu_values x);
static void walk_compu_rational_co_effs(views_walk *w, mdd_compu_rational_co_effs x);
static void walk_compu_scale(views_walk *w, mdd_compu_scale x);
static void walk_compu_default_value(views_walk *w, mdd_compu_default_value x);
static void walk_compu_internal_to_phys(views_walk *w, mdd_compu_internal_to_phys x);
static void walk_compu_phys_to_internal(views_walk *w, mdd_compu_phys_to_internal x);
static void walk_compu_method(views_walk *w, mdd_compu_method x);
static void walk_physical_type(views_walk *w, mdd_physical_type x);
static void walk_unit(views_walk *w, mdd_unit x);
static void walk_scale_constr(views_walk *w, mdd_scale_constr x);
static void walk_internal_constr(views_walk *w, mdd_internal_constr x);
static void walk_dtc(views_walk *w, mdd_dtc x);
static void walk_normal_dop(views_walk *w, mdd_normal_dop x);
static void walk_field(views_walk *w, mdd_field x);
static void walk_static_field(views_walk *w, mdd_static_field x);
static void walk_end_of_pdu_field(views_walk *w, mdd_end_of_pdu_field x);
static void walk_env_data_desc(views_walk *w, mdd_env_data_desc x);
static void walk_env_data(views_walk *w, mdd_env_data x);
static void walk_structure(views_walk *w, mdd_structure x);
static void walk_dtc_dop(views_walk *w, mdd_dtc_dop x);
static void walk_long_name(views_walk *w, mdd_long_name x);
static void walk_switch_key(views_walk *w, mdd_switch_key x);
static void walk_default_case(views_walk *w, mdd_default_case x);
static void walk_case(views_walk *w, mdd_case x);
static void walk_mux_dop(views_walk *w, mdd_mux_dop x);
static void walk_determine_number_of_items(views_walk *w, mdd_determine_number_of_items x);
static void walk_dynamic_length_field(views_walk *w, mdd_dynamic_length_field x);
static void walk_dop(views_walk *w, mdd_dop x);
static void walk_state(views_walk *w, mdd_state x);
static void walk_state_chart(views_walk *w, mdd_state_chart x);
static void walk_state_transition(views_walk *w, mdd_state_transition x);
static void walk_state_transition_ref(views_walk *w, mdd_state_transition_ref x);
static void walk_pre_condition_state_ref(views_walk *w, mdd_pre_condition_state_ref x);
static void walk_table_row(views_walk *w, mdd_table_row x);
static void walk_table_diag_comm_connector(views_walk *w, mdd_table_diag_comm_connector x);
static void walk_table_dop(views_walk *w, mdd_table_dop x);
static void walk_coded_const(views_walk *w, mdd_coded_const x);
static void walk_dynamic(views_walk *w, mdd_dynamic x);
static void walk_length_key_ref(views_walk *w, mdd_length_key_ref x);
static void walk_matching_request_param(views_walk *w, mdd_matching_request_param x);
static void walk_nrc_const(views_walk *w, mdd_nrc_const x);
static void walk_phys_const(views_walk *w, mdd_phys_const x);
static void walk_reserved(views_walk *w, mdd_reserved x);
static void walk_system(views_walk *w, mdd_system x);
static void walk_table_entry(views_walk *w, mdd_table_entry x);
static void walk_table_key(views_walk *w, mdd_table_key x);
static void walk_table_struct(views_walk *w, mdd_table_struct x);
static void walk_value(views_walk *w, mdd_value x);
static void walk_param(views_walk *w, mdd_param x);
static void walk_funct_class(views_walk *w, mdd_funct_class x);
static void walk_request(views_walk *w, mdd_request x);
static void walk_response(views_walk *w, mdd_response x);
static void walk_additional_audience(views_walk *w, mdd_additional_audience x);
static void walk_diag_comm(views_walk *w, mdd_diag_comm x);
static void walk_diag_service(views_walk *w, mdd_diag_service x);
static void walk_prog_code(views_walk *w, mdd_prog_code x);
static void walk_job_param(views_walk *w, mdd_job_param x);
static void walk_single_ecu_job(views_walk *w, mdd_single_ecu_job x);
static void walk_matching_parameter(views_walk *w, mdd_matching_parameter x);
static void walk_variant_pattern(views_walk *w, mdd_variant_pattern x);
static void walk_diag_layer(views_walk *w, mdd_diag_layer x);
static void walk_functional_group(views_walk *w, mdd_functional_group x);
static void walk_parent_ref(views_walk *w, mdd_parent_ref x);
static void walk_ecu_shared_data(views_walk *w, mdd_ecu_shared_data x);
static void walk_variant(views_walk *w, mdd_variant x);
static void walk_simple_value(views_walk *w, mdd_simple_value x);
static void walk_complex_value(views_walk *w, mdd_complex_value x);
static void walk_protocol(views_walk *w, mdd_protocol x);
static void walk_com_param_ref(views_walk *w, mdd_com_param_ref x);
static void walk_regular_com_param(views_walk *w, mdd_regular_com_param x);
static void walk_complex_com_param(views_walk *w, mdd_complex_com_param x);
static void walk_com_param(views_walk *w, mdd_com_param x);
static void walk_physical_dimension(views_walk *w, mdd_physical_dimension x);
static void walk_unit_group(views_walk *w, mdd_unit_group x);
static void walk_unit_spec(views_walk *w, mdd_unit_spec x);
static void walk_com_param_sub_set(views_walk *w, mdd_com_param_sub_set x);
static void walk_prot_stack(views_walk *w, mdd_prot_stack x);
static void walk_com_param_spec(views_walk *w, mdd_com_param_spec x);
static void walk_library(views_walk *w, mdd_library x);
static void walk_ecu_data(views_walk *w, mdd_ecu_data x);
static void walk_key_value(views_walk *w, mdd_key_value x);

static void walk_sd(views_walk *w, mdd_sd x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_sd_value(x));
    walk_bytes(w, mdd_sd_si(x));
    walk_bytes(w, mdd_sd_ti(x));
    w->depth--;
}

static void walk_sd_or_sdg(views_walk *w, mdd_sd_or_sdg x)
{
    if (!walk_enter(w, x.t))
        return;
    w->sink += mdd_sd_or_sdg_sd_or_sdg_type(x);
    walk_sd(w, mdd_sd_or_sdg_sd(x));
    walk_sdg(w, mdd_sd_or_sdg_sdg(x));
    w->depth--;
}

static void walk_sdg(views_walk *w, mdd_sdg x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_sdg_caption_sn(x));
    {
        mdd_sd_or_sdg_vec v = mdd_sdg_sds(x);
        uint32_t n = mdd_sd_or_sdg_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_sd_or_sdg(w, mdd_sd_or_sdg_vec_at(v, i));
        walk_sd_or_sdg(w, mdd_sd_or_sdg_vec_at(v, n));
    }
    walk_bytes(w, mdd_sdg_si(x));
    w->depth--;
}

static void walk_sdgs(views_walk *w, mdd_sdgs x)
{
    if (!walk_enter(w, x.t))
        return;
    {
        mdd_sdg_vec v = mdd_sdgs_sdgs(x);
        uint32_t n = mdd_sdg_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_sdg(w, mdd_sdg_vec_at(v, i));
        walk_sdg(w, mdd_sdg_vec_at(v, n));
    }
    w->depth--;
}

static void walk_audience(views_walk *w, mdd_audience x)
{
    if (!walk_enter(w, x.t))
        return;
    {
        mdd_additional_audience_vec v = mdd_audience_enabled_audiences(x);
        uint32_t n = mdd_additional_audience_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_additional_audience(w, mdd_additional_audience_vec_at(v, i));
        walk_additional_audience(w, mdd_additional_audience_vec_at(v, n));
    }
    {
        mdd_additional_audience_vec v = mdd_audience_disabled_audiences(x);
        uint32_t n = mdd_additional_audience_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_additional_audience(w, mdd_additional_audience_vec_at(v, i));
        walk_additional_audience(w, mdd_additional_audience_vec_at(v, n));
    }
    w->sink += (uint64_t)(mdd_audience_is_supplier(x));
    w->sink += (uint64_t)(mdd_audience_is_development(x));
    w->sink += (uint64_t)(mdd_audience_is_manufacturing(x));
    w->sink += (uint64_t)(mdd_audience_is_after_sales(x));
    w->sink += (uint64_t)(mdd_audience_is_after_market(x));
    w->depth--;
}

static void walk_leading_length_info_type(views_walk *w, mdd_leading_length_info_type x)
{
    if (!walk_enter(w, x.t))
        return;
    w->sink += (uint64_t)(mdd_leading_length_info_type_bit_length(x));
    w->depth--;
}

static void walk_min_max_length_type(views_walk *w, mdd_min_max_length_type x)
{
    if (!walk_enter(w, x.t))
        return;
    w->sink += (uint64_t)(mdd_min_max_length_type_min_length(x));
    {
        uint32_t v = 0;
        if (mdd_min_max_length_type_max_length(x, &v))
            w->sink += (uint64_t)(v) + 1;
    }
    w->sink += (uint64_t)(mdd_min_max_length_type_termination(x));
    w->depth--;
}

static void walk_param_length_info_type(views_walk *w, mdd_param_length_info_type x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_param(w, mdd_param_length_info_type_length_key(x));
    w->depth--;
}

static void walk_standard_length_type(views_walk *w, mdd_standard_length_type x)
{
    if (!walk_enter(w, x.t))
        return;
    w->sink += (uint64_t)(mdd_standard_length_type_bit_length(x));
    walk_bytes(w, mdd_standard_length_type_bit_mask(x));
    w->sink += (uint64_t)(mdd_standard_length_type_condensed(x));
    w->depth--;
}

static void walk_diag_coded_type(views_walk *w, mdd_diag_coded_type x)
{
    if (!walk_enter(w, x.t))
        return;
    w->sink += (uint64_t)(mdd_diag_coded_type_type(x));
    walk_bytes(w, mdd_diag_coded_type_base_type_encoding(x));
    w->sink += (uint64_t)(mdd_diag_coded_type_base_data_type(x));
    w->sink += (uint64_t)(mdd_diag_coded_type_is_high_low_byte_order(x));
    w->sink += mdd_diag_coded_type_specific_data_type(x);
    walk_leading_length_info_type(w, mdd_diag_coded_type_leading_length_info_type(x));
    walk_min_max_length_type(w, mdd_diag_coded_type_min_max_length_type(x));
    walk_param_length_info_type(w, mdd_diag_coded_type_param_length_info_type(x));
    walk_standard_length_type(w, mdd_diag_coded_type_standard_length_type(x));
    w->depth--;
}

static void walk_text(views_walk *w, mdd_text x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_text_value(x));
    walk_bytes(w, mdd_text_ti(x));
    w->depth--;
}

static void walk_limit(views_walk *w, mdd_limit x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_limit_value(x));
    w->sink += (uint64_t)(mdd_limit_interval_type(x));
    w->depth--;
}

static void walk_compu_values(views_walk *w, mdd_compu_values x)
{
    if (!walk_enter(w, x.t))
        return;
    {
        double v = 0;
        if (mdd_compu_values_v(x, &v))
            w->sink += walk_double(v) + 1;
    }
    walk_bytes(w, mdd_compu_values_vt(x));
    walk_bytes(w, mdd_compu_values_vt_ti(x));
    w->depth--;
}

static void walk_compu_rational_co_effs(views_walk *w, mdd_compu_rational_co_effs x)
{
    if (!walk_enter(w, x.t))
        return;
    {
        mdd_f64_vec v = mdd_compu_rational_co_effs_numerator(x);
        for (uint32_t i = 0; i <= mdd_f64_vec_count(v) && i < WALK_MAX_ELEMENTS; i++)
            w->sink += walk_double(mdd_f64_vec_at(v, i));
    }
    {
        mdd_f64_vec v = mdd_compu_rational_co_effs_denominator(x);
        for (uint32_t i = 0; i <= mdd_f64_vec_count(v) && i < WALK_MAX_ELEMENTS; i++)
            w->sink += walk_double(mdd_f64_vec_at(v, i));
    }
    w->depth--;
}

static void walk_compu_scale(views_walk *w, mdd_compu_scale x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_text(w, mdd_compu_scale_short_label(x));
    walk_limit(w, mdd_compu_scale_lower_limit(x));
    walk_limit(w, mdd_compu_scale_upper_limit(x));
    walk_compu_values(w, mdd_compu_scale_inverse_values(x));
    walk_compu_values(w, mdd_compu_scale_consts(x));
    walk_compu_rational_co_effs(w, mdd_compu_scale_rational_co_effs(x));
    w->depth--;
}

static void walk_compu_default_value(views_walk *w, mdd_compu_default_value x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_compu_values(w, mdd_compu_default_value_values(x));
    walk_compu_values(w, mdd_compu_default_value_inverse_values(x));
    w->depth--;
}

static void walk_compu_internal_to_phys(views_walk *w, mdd_compu_internal_to_phys x)
{
    if (!walk_enter(w, x.t))
        return;
    {
        mdd_compu_scale_vec v = mdd_compu_internal_to_phys_compu_scales(x);
        uint32_t n = mdd_compu_scale_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_compu_scale(w, mdd_compu_scale_vec_at(v, i));
        walk_compu_scale(w, mdd_compu_scale_vec_at(v, n));
    }
    walk_prog_code(w, mdd_compu_internal_to_phys_prog_code(x));
    walk_compu_default_value(w, mdd_compu_internal_to_phys_compu_default_value(x));
    w->depth--;
}

static void walk_compu_phys_to_internal(views_walk *w, mdd_compu_phys_to_internal x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_prog_code(w, mdd_compu_phys_to_internal_prog_code(x));
    {
        mdd_compu_scale_vec v = mdd_compu_phys_to_internal_compu_scales(x);
        uint32_t n = mdd_compu_scale_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_compu_scale(w, mdd_compu_scale_vec_at(v, i));
        walk_compu_scale(w, mdd_compu_scale_vec_at(v, n));
    }
    walk_compu_default_value(w, mdd_compu_phys_to_internal_compu_default_value(x));
    w->depth--;
}

static void walk_compu_method(views_walk *w, mdd_compu_method x)
{
    if (!walk_enter(w, x.t))
        return;
    w->sink += (uint64_t)(mdd_compu_method_category(x));
    walk_compu_internal_to_phys(w, mdd_compu_method_internal_to_phys(x));
    walk_compu_phys_to_internal(w, mdd_compu_method_phys_to_internal(x));
    w->depth--;
}

static void walk_physical_type(views_walk *w, mdd_physical_type x)
{
    if (!walk_enter(w, x.t))
        return;
    {
        uint32_t v = 0;
        if (mdd_physical_type_precision(x, &v))
            w->sink += (uint64_t)(v) + 1;
    }
    w->sink += (uint64_t)(mdd_physical_type_base_data_type(x));
    w->sink += (uint64_t)(mdd_physical_type_display_radix(x));
    w->depth--;
}

static void walk_unit(views_walk *w, mdd_unit x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_unit_short_name(x));
    walk_bytes(w, mdd_unit_display_name(x));
    {
        double v = 0;
        if (mdd_unit_factorsitounit(x, &v))
            w->sink += walk_double(v) + 1;
    }
    {
        double v = 0;
        if (mdd_unit_offsetitounit(x, &v))
            w->sink += walk_double(v) + 1;
    }
    walk_physical_dimension(w, mdd_unit_physical_dimension(x));
    w->depth--;
}

static void walk_scale_constr(views_walk *w, mdd_scale_constr x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_text(w, mdd_scale_constr_short_label(x));
    walk_limit(w, mdd_scale_constr_lower_limit(x));
    walk_limit(w, mdd_scale_constr_upper_limit(x));
    w->sink += (uint64_t)(mdd_scale_constr_validity(x));
    w->depth--;
}

static void walk_internal_constr(views_walk *w, mdd_internal_constr x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_limit(w, mdd_internal_constr_lower_limit(x));
    walk_limit(w, mdd_internal_constr_upper_limit(x));
    {
        mdd_scale_constr_vec v = mdd_internal_constr_scale_constr(x);
        uint32_t n = mdd_scale_constr_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_scale_constr(w, mdd_scale_constr_vec_at(v, i));
        walk_scale_constr(w, mdd_scale_constr_vec_at(v, n));
    }
    w->depth--;
}

static void walk_dtc(views_walk *w, mdd_dtc x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_dtc_short_name(x));
    w->sink += (uint64_t)(mdd_dtc_trouble_code(x));
    walk_bytes(w, mdd_dtc_display_trouble_code(x));
    walk_text(w, mdd_dtc_text(x));
    {
        uint32_t v = 0;
        if (mdd_dtc_level(x, &v))
            w->sink += (uint64_t)(v) + 1;
    }
    walk_sdgs(w, mdd_dtc_sdgs(x));
    w->sink += (uint64_t)(mdd_dtc_is_temporary(x));
    w->depth--;
}

static void walk_normal_dop(views_walk *w, mdd_normal_dop x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_compu_method(w, mdd_normal_dop_compu_method(x));
    walk_diag_coded_type(w, mdd_normal_dop_diag_coded_type(x));
    walk_physical_type(w, mdd_normal_dop_physical_type(x));
    walk_internal_constr(w, mdd_normal_dop_internal_constr(x));
    walk_unit(w, mdd_normal_dop_unit_ref(x));
    walk_internal_constr(w, mdd_normal_dop_phys_constr(x));
    w->depth--;
}

static void walk_field(views_walk *w, mdd_field x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_dop(w, mdd_field_basic_structure(x));
    walk_dop(w, mdd_field_env_data_desc(x));
    w->sink += (uint64_t)(mdd_field_is_visible(x));
    w->depth--;
}

static void walk_static_field(views_walk *w, mdd_static_field x)
{
    if (!walk_enter(w, x.t))
        return;
    w->sink += (uint64_t)(mdd_static_field_fixed_number_of_items(x));
    w->sink += (uint64_t)(mdd_static_field_item_byte_size(x));
    walk_field(w, mdd_static_field_field(x));
    w->depth--;
}

static void walk_end_of_pdu_field(views_walk *w, mdd_end_of_pdu_field x)
{
    if (!walk_enter(w, x.t))
        return;
    {
        uint32_t v = 0;
        if (mdd_end_of_pdu_field_max_number_of_items(x, &v))
            w->sink += (uint64_t)(v) + 1;
    }
    {
        uint32_t v = 0;
        if (mdd_end_of_pdu_field_min_number_of_items(x, &v))
            w->sink += (uint64_t)(v) + 1;
    }
    walk_field(w, mdd_end_of_pdu_field_field(x));
    w->depth--;
}

static void walk_env_data_desc(views_walk *w, mdd_env_data_desc x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_env_data_desc_param_short_name(x));
    walk_bytes(w, mdd_env_data_desc_param_path_short_name(x));
    {
        mdd_dop_vec v = mdd_env_data_desc_env_datas(x);
        uint32_t n = mdd_dop_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_dop(w, mdd_dop_vec_at(v, i));
        walk_dop(w, mdd_dop_vec_at(v, n));
    }
    w->depth--;
}

static void walk_env_data(views_walk *w, mdd_env_data x)
{
    if (!walk_enter(w, x.t))
        return;
    {
        mdd_u32_vec v = mdd_env_data_dtc_values(x);
        for (uint32_t i = 0; i <= mdd_u32_vec_count(v) && i < WALK_MAX_ELEMENTS; i++)
            w->sink += (mdd_u32_vec_at(v, i));
    }
    {
        mdd_param_vec v = mdd_env_data_params(x);
        uint32_t n = mdd_param_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_param(w, mdd_param_vec_at(v, i));
        walk_param(w, mdd_param_vec_at(v, n));
    }
    w->depth--;
}

static void walk_structure(views_walk *w, mdd_structure x)
{
    if (!walk_enter(w, x.t))
        return;
    {
        mdd_param_vec v = mdd_structure_params(x);
        uint32_t n = mdd_param_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_param(w, mdd_param_vec_at(v, i));
        walk_param(w, mdd_param_vec_at(v, n));
    }
    {
        uint32_t v = 0;
        if (mdd_structure_byte_size(x, &v))
            w->sink += (uint64_t)(v) + 1;
    }
    w->sink += (uint64_t)(mdd_structure_is_visible(x));
    w->depth--;
}

static void walk_dtc_dop(views_walk *w, mdd_dtc_dop x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_diag_coded_type(w, mdd_dtc_dop_diag_coded_type(x));
    walk_physical_type(w, mdd_dtc_dop_physical_type(x));
    walk_compu_method(w, mdd_dtc_dop_compu_method(x));
    {
        mdd_dtc_vec v = mdd_dtc_dop_dtcs(x);
        uint32_t n = mdd_dtc_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_dtc(w, mdd_dtc_vec_at(v, i));
        walk_dtc(w, mdd_dtc_vec_at(v, n));
    }
    w->sink += (uint64_t)(mdd_dtc_dop_is_visible(x));
    w->depth--;
}

static void walk_long_name(views_walk *w, mdd_long_name x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_long_name_value(x));
    walk_bytes(w, mdd_long_name_ti(x));
    w->depth--;
}

static void walk_switch_key(views_walk *w, mdd_switch_key x)
{
    if (!walk_enter(w, x.t))
        return;
    w->sink += (uint64_t)(mdd_switch_key_byte_position(x));
    {
        uint32_t v = 0;
        if (mdd_switch_key_bit_position(x, &v))
            w->sink += (uint64_t)(v) + 1;
    }
    walk_dop(w, mdd_switch_key_dop(x));
    w->depth--;
}

static void walk_default_case(views_walk *w, mdd_default_case x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_default_case_short_name(x));
    walk_long_name(w, mdd_default_case_long_name(x));
    walk_dop(w, mdd_default_case_structure(x));
    w->depth--;
}

static void walk_case(views_walk *w, mdd_case x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_case_short_name(x));
    walk_long_name(w, mdd_case_long_name(x));
    walk_dop(w, mdd_case_structure(x));
    walk_limit(w, mdd_case_lower_limit(x));
    walk_limit(w, mdd_case_upper_limit(x));
    w->depth--;
}

static void walk_mux_dop(views_walk *w, mdd_mux_dop x)
{
    if (!walk_enter(w, x.t))
        return;
    w->sink += (uint64_t)(mdd_mux_dop_byte_position(x));
    walk_switch_key(w, mdd_mux_dop_switch_key(x));
    walk_default_case(w, mdd_mux_dop_default_case(x));
    {
        mdd_case_vec v = mdd_mux_dop_cases(x);
        uint32_t n = mdd_case_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_case(w, mdd_case_vec_at(v, i));
        walk_case(w, mdd_case_vec_at(v, n));
    }
    w->sink += (uint64_t)(mdd_mux_dop_is_visible(x));
    w->depth--;
}

static void walk_determine_number_of_items(views_walk *w, mdd_determine_number_of_items x)
{
    if (!walk_enter(w, x.t))
        return;
    w->sink += (uint64_t)(mdd_determine_number_of_items_byte_position(x));
    w->sink += (uint64_t)(mdd_determine_number_of_items_bit_position(x));
    walk_dop(w, mdd_determine_number_of_items_dop(x));
    w->depth--;
}

static void walk_dynamic_length_field(views_walk *w, mdd_dynamic_length_field x)
{
    if (!walk_enter(w, x.t))
        return;
    w->sink += (uint64_t)(mdd_dynamic_length_field_offset(x));
    walk_field(w, mdd_dynamic_length_field_field(x));
    walk_determine_number_of_items(w, mdd_dynamic_length_field_determine_number_of_items(x));
    w->depth--;
}

static void walk_dop(views_walk *w, mdd_dop x)
{
    if (!walk_enter(w, x.t))
        return;
    w->sink += (uint64_t)(mdd_dop_dop_type(x));
    walk_bytes(w, mdd_dop_short_name(x));
    walk_sdgs(w, mdd_dop_sdgs(x));
    w->sink += mdd_dop_specific_data_type(x);
    walk_normal_dop(w, mdd_dop_normal_dop(x));
    walk_end_of_pdu_field(w, mdd_dop_end_of_pdu_field(x));
    walk_static_field(w, mdd_dop_static_field(x));
    walk_env_data_desc(w, mdd_dop_env_data_desc(x));
    walk_env_data(w, mdd_dop_env_data(x));
    walk_dtc_dop(w, mdd_dop_dtc_dop(x));
    walk_structure(w, mdd_dop_structure(x));
    walk_mux_dop(w, mdd_dop_mux_dop(x));
    walk_dynamic_length_field(w, mdd_dop_dynamic_length_field(x));
    w->depth--;
}

static void walk_state(views_walk *w, mdd_state x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_state_short_name(x));
    walk_long_name(w, mdd_state_long_name(x));
    w->depth--;
}

static void walk_state_chart(views_walk *w, mdd_state_chart x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_state_chart_short_name(x));
    walk_bytes(w, mdd_state_chart_semantic(x));
    {
        mdd_state_transition_vec v = mdd_state_chart_state_transitions(x);
        uint32_t n = mdd_state_transition_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_state_transition(w, mdd_state_transition_vec_at(v, i));
        walk_state_transition(w, mdd_state_transition_vec_at(v, n));
    }
    walk_bytes(w, mdd_state_chart_start_state_short_name_ref(x));
    {
        mdd_state_vec v = mdd_state_chart_states(x);
        uint32_t n = mdd_state_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_state(w, mdd_state_vec_at(v, i));
        walk_state(w, mdd_state_vec_at(v, n));
    }
    w->depth--;
}

static void walk_state_transition(views_walk *w, mdd_state_transition x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_state_transition_short_name(x));
    walk_bytes(w, mdd_state_transition_source_short_name_ref(x));
    walk_bytes(w, mdd_state_transition_target_short_name_ref(x));
    w->depth--;
}

static void walk_state_transition_ref(views_walk *w, mdd_state_transition_ref x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_state_transition_ref_value(x));
    walk_state_transition(w, mdd_state_transition_ref_state_transition(x));
    w->depth--;
}

static void walk_pre_condition_state_ref(views_walk *w, mdd_pre_condition_state_ref x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_pre_condition_state_ref_value(x));
    walk_bytes(w, mdd_pre_condition_state_ref_in_param_if_short_name(x));
    walk_bytes(w, mdd_pre_condition_state_ref_in_param_path_short_name(x));
    walk_state(w, mdd_pre_condition_state_ref_state(x));
    w->depth--;
}

static void walk_table_row(views_walk *w, mdd_table_row x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_table_row_short_name(x));
    walk_long_name(w, mdd_table_row_long_name(x));
    walk_bytes(w, mdd_table_row_key(x));
    walk_dop(w, mdd_table_row_dop(x));
    walk_dop(w, mdd_table_row_structure(x));
    walk_sdgs(w, mdd_table_row_sdgs(x));
    walk_audience(w, mdd_table_row_audience(x));
    {
        mdd_funct_class_vec v = mdd_table_row_funct_class_refs(x);
        uint32_t n = mdd_funct_class_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_funct_class(w, mdd_funct_class_vec_at(v, i));
        walk_funct_class(w, mdd_funct_class_vec_at(v, n));
    }
    {
        mdd_state_transition_ref_vec v = mdd_table_row_state_transition_refs(x);
        uint32_t n = mdd_state_transition_ref_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_state_transition_ref(w, mdd_state_transition_ref_vec_at(v, i));
        walk_state_transition_ref(w, mdd_state_transition_ref_vec_at(v, n));
    }
    {
        mdd_pre_condition_state_ref_vec v = mdd_table_row_pre_condition_state_refs(x);
        uint32_t n = mdd_pre_condition_state_ref_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_pre_condition_state_ref(w, mdd_pre_condition_state_ref_vec_at(v, i));
        walk_pre_condition_state_ref(w, mdd_pre_condition_state_ref_vec_at(v, n));
    }
    w->sink += (uint64_t)(mdd_table_row_is_executable(x));
    walk_bytes(w, mdd_table_row_semantic(x));
    w->sink += (uint64_t)(mdd_table_row_is_mandatory(x));
    w->sink += (uint64_t)(mdd_table_row_is_final(x));
    w->depth--;
}

static void walk_table_diag_comm_connector(views_walk *w, mdd_table_diag_comm_connector x)
{
    if (!walk_enter(w, x.t))
        return;
    w->sink += mdd_table_diag_comm_connector_diag_comm_type(x);
    walk_diag_service(w, mdd_table_diag_comm_connector_diag_service(x));
    walk_single_ecu_job(w, mdd_table_diag_comm_connector_single_ecu_job(x));
    walk_bytes(w, mdd_table_diag_comm_connector_semantic(x));
    w->depth--;
}

static void walk_table_dop(views_walk *w, mdd_table_dop x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_table_dop_semantic(x));
    walk_bytes(w, mdd_table_dop_short_name(x));
    walk_long_name(w, mdd_table_dop_long_name(x));
    walk_bytes(w, mdd_table_dop_key_label(x));
    walk_bytes(w, mdd_table_dop_struct_label(x));
    walk_dop(w, mdd_table_dop_key_dop(x));
    {
        mdd_table_row_vec v = mdd_table_dop_rows(x);
        uint32_t n = mdd_table_row_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_table_row(w, mdd_table_row_vec_at(v, i));
        walk_table_row(w, mdd_table_row_vec_at(v, n));
    }
    {
        mdd_table_diag_comm_connector_vec v = mdd_table_dop_diag_comm_connector(x);
        uint32_t n = mdd_table_diag_comm_connector_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_table_diag_comm_connector(w, mdd_table_diag_comm_connector_vec_at(v, i));
        walk_table_diag_comm_connector(w, mdd_table_diag_comm_connector_vec_at(v, n));
    }
    walk_sdgs(w, mdd_table_dop_sdgs(x));
    w->depth--;
}

static void walk_coded_const(views_walk *w, mdd_coded_const x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_coded_const_coded_value(x));
    walk_diag_coded_type(w, mdd_coded_const_diag_coded_type(x));
    w->depth--;
}

static void walk_dynamic(views_walk *w, mdd_dynamic x)
{
    if (!walk_enter(w, x.t))
        return;
    w->depth--;
}

static void walk_length_key_ref(views_walk *w, mdd_length_key_ref x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_dop(w, mdd_length_key_ref_dop(x));
    w->depth--;
}

static void walk_matching_request_param(views_walk *w, mdd_matching_request_param x)
{
    if (!walk_enter(w, x.t))
        return;
    w->sink += (uint64_t)(mdd_matching_request_param_request_byte_pos(x));
    w->sink += (uint64_t)(mdd_matching_request_param_byte_length(x));
    w->depth--;
}

static void walk_nrc_const(views_walk *w, mdd_nrc_const x)
{
    if (!walk_enter(w, x.t))
        return;
    {
        mdd_string_vec v = mdd_nrc_const_coded_values(x);
        uint32_t n = mdd_string_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_bytes(w, mdd_string_vec_at(v, i));
        walk_bytes(w, mdd_string_vec_at(v, n));
    }
    walk_diag_coded_type(w, mdd_nrc_const_diag_coded_type(x));
    w->depth--;
}

static void walk_phys_const(views_walk *w, mdd_phys_const x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_phys_const_phys_constant_value(x));
    walk_dop(w, mdd_phys_const_dop(x));
    w->depth--;
}

static void walk_reserved(views_walk *w, mdd_reserved x)
{
    if (!walk_enter(w, x.t))
        return;
    w->sink += (uint64_t)(mdd_reserved_bit_length(x));
    w->depth--;
}

static void walk_system(views_walk *w, mdd_system x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_dop(w, mdd_system_dop(x));
    walk_bytes(w, mdd_system_sys_param(x));
    w->depth--;
}

static void walk_table_entry(views_walk *w, mdd_table_entry x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_param(w, mdd_table_entry_param(x));
    w->sink += (uint64_t)(mdd_table_entry_target(x));
    walk_table_row(w, mdd_table_entry_table_row(x));
    w->depth--;
}

static void walk_table_key(views_walk *w, mdd_table_key x)
{
    if (!walk_enter(w, x.t))
        return;
    w->sink += mdd_table_key_table_key_reference_type(x);
    walk_table_dop(w, mdd_table_key_table_dop(x));
    walk_table_row(w, mdd_table_key_table_row(x));
    w->depth--;
}

static void walk_table_struct(views_walk *w, mdd_table_struct x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_param(w, mdd_table_struct_table_key(x));
    w->depth--;
}

static void walk_value(views_walk *w, mdd_value x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_value_physical_default_value(x));
    walk_dop(w, mdd_value_dop(x));
    w->depth--;
}

static void walk_param(views_walk *w, mdd_param x)
{
    if (!walk_enter(w, x.t))
        return;
    w->sink += (uint64_t)(mdd_param_id(x));
    w->sink += (uint64_t)(mdd_param_param_type(x));
    walk_bytes(w, mdd_param_short_name(x));
    walk_bytes(w, mdd_param_semantic(x));
    walk_sdgs(w, mdd_param_sdgs(x));
    walk_bytes(w, mdd_param_physical_default_value(x));
    {
        uint32_t v = 0;
        if (mdd_param_byte_position(x, &v))
            w->sink += (uint64_t)(v) + 1;
    }
    {
        uint32_t v = 0;
        if (mdd_param_bit_position(x, &v))
            w->sink += (uint64_t)(v) + 1;
    }
    w->sink += mdd_param_specific_data_type(x);
    walk_coded_const(w, mdd_param_coded_const(x));
    walk_dynamic(w, mdd_param_dynamic(x));
    walk_matching_request_param(w, mdd_param_matching_request_param(x));
    walk_nrc_const(w, mdd_param_nrc_const(x));
    walk_phys_const(w, mdd_param_phys_const(x));
    walk_reserved(w, mdd_param_reserved(x));
    walk_value(w, mdd_param_value(x));
    walk_table_entry(w, mdd_param_table_entry(x));
    walk_table_key(w, mdd_param_table_key(x));
    walk_table_struct(w, mdd_param_table_struct(x));
    walk_system(w, mdd_param_system(x));
    walk_length_key_ref(w, mdd_param_length_key_ref(x));
    w->depth--;
}

static void walk_funct_class(views_walk *w, mdd_funct_class x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_funct_class_short_name(x));
    w->depth--;
}

static void walk_request(views_walk *w, mdd_request x)
{
    if (!walk_enter(w, x.t))
        return;
    {
        mdd_param_vec v = mdd_request_params(x);
        uint32_t n = mdd_param_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_param(w, mdd_param_vec_at(v, i));
        walk_param(w, mdd_param_vec_at(v, n));
    }
    walk_sdgs(w, mdd_request_sdgs(x));
    w->depth--;
}

static void walk_response(views_walk *w, mdd_response x)
{
    if (!walk_enter(w, x.t))
        return;
    w->sink += (uint64_t)(mdd_response_response_type(x));
    {
        mdd_param_vec v = mdd_response_params(x);
        uint32_t n = mdd_param_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_param(w, mdd_param_vec_at(v, i));
        walk_param(w, mdd_param_vec_at(v, n));
    }
    walk_sdgs(w, mdd_response_sdgs(x));
    w->depth--;
}

static void walk_additional_audience(views_walk *w, mdd_additional_audience x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_additional_audience_short_name(x));
    walk_long_name(w, mdd_additional_audience_long_name(x));
    w->depth--;
}

static void walk_diag_comm(views_walk *w, mdd_diag_comm x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_diag_comm_short_name(x));
    walk_long_name(w, mdd_diag_comm_long_name(x));
    walk_bytes(w, mdd_diag_comm_semantic(x));
    {
        mdd_funct_class_vec v = mdd_diag_comm_funct_class(x);
        uint32_t n = mdd_funct_class_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_funct_class(w, mdd_funct_class_vec_at(v, i));
        walk_funct_class(w, mdd_funct_class_vec_at(v, n));
    }
    walk_sdgs(w, mdd_diag_comm_sdgs(x));
    w->sink += (uint64_t)(mdd_diag_comm_diag_class_type(x));
    {
        mdd_pre_condition_state_ref_vec v = mdd_diag_comm_pre_condition_state_refs(x);
        uint32_t n = mdd_pre_condition_state_ref_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_pre_condition_state_ref(w, mdd_pre_condition_state_ref_vec_at(v, i));
        walk_pre_condition_state_ref(w, mdd_pre_condition_state_ref_vec_at(v, n));
    }
    {
        mdd_state_transition_ref_vec v = mdd_diag_comm_state_transition_refs(x);
        uint32_t n = mdd_state_transition_ref_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_state_transition_ref(w, mdd_state_transition_ref_vec_at(v, i));
        walk_state_transition_ref(w, mdd_state_transition_ref_vec_at(v, n));
    }
    {
        mdd_protocol_vec v = mdd_diag_comm_protocols(x);
        uint32_t n = mdd_protocol_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_protocol(w, mdd_protocol_vec_at(v, i));
        walk_protocol(w, mdd_protocol_vec_at(v, n));
    }
    walk_audience(w, mdd_diag_comm_audience(x));
    w->sink += (uint64_t)(mdd_diag_comm_is_mandatory(x));
    w->sink += (uint64_t)(mdd_diag_comm_is_executable(x));
    w->sink += (uint64_t)(mdd_diag_comm_is_final(x));
    w->depth--;
}

static void walk_diag_service(views_walk *w, mdd_diag_service x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_diag_comm(w, mdd_diag_service_diag_comm(x));
    walk_request(w, mdd_diag_service_request(x));
    {
        mdd_response_vec v = mdd_diag_service_pos_responses(x);
        uint32_t n = mdd_response_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_response(w, mdd_response_vec_at(v, i));
        walk_response(w, mdd_response_vec_at(v, n));
    }
    {
        mdd_response_vec v = mdd_diag_service_neg_responses(x);
        uint32_t n = mdd_response_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_response(w, mdd_response_vec_at(v, i));
        walk_response(w, mdd_response_vec_at(v, n));
    }
    w->sink += (uint64_t)(mdd_diag_service_is_cyclic(x));
    w->sink += (uint64_t)(mdd_diag_service_is_multiple(x));
    w->sink += (uint64_t)(mdd_diag_service_addressing(x));
    w->sink += (uint64_t)(mdd_diag_service_transmission_mode(x));
    {
        mdd_com_param_ref_vec v = mdd_diag_service_com_param_refs(x);
        uint32_t n = mdd_com_param_ref_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_com_param_ref(w, mdd_com_param_ref_vec_at(v, i));
        walk_com_param_ref(w, mdd_com_param_ref_vec_at(v, n));
    }
    w->depth--;
}

static void walk_prog_code(views_walk *w, mdd_prog_code x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_prog_code_code_file(x));
    walk_bytes(w, mdd_prog_code_encryption(x));
    walk_bytes(w, mdd_prog_code_syntax(x));
    walk_bytes(w, mdd_prog_code_revision(x));
    walk_bytes(w, mdd_prog_code_entrypoint(x));
    {
        mdd_library_vec v = mdd_prog_code_library(x);
        uint32_t n = mdd_library_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_library(w, mdd_library_vec_at(v, i));
        walk_library(w, mdd_library_vec_at(v, n));
    }
    w->depth--;
}

static void walk_job_param(views_walk *w, mdd_job_param x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_job_param_short_name(x));
    walk_long_name(w, mdd_job_param_long_name(x));
    walk_bytes(w, mdd_job_param_physical_default_value(x));
    walk_dop(w, mdd_job_param_dop_base(x));
    walk_bytes(w, mdd_job_param_semantic(x));
    w->depth--;
}

static void walk_single_ecu_job(views_walk *w, mdd_single_ecu_job x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_diag_comm(w, mdd_single_ecu_job_diag_comm(x));
    {
        mdd_prog_code_vec v = mdd_single_ecu_job_prog_codes(x);
        uint32_t n = mdd_prog_code_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_prog_code(w, mdd_prog_code_vec_at(v, i));
        walk_prog_code(w, mdd_prog_code_vec_at(v, n));
    }
    {
        mdd_job_param_vec v = mdd_single_ecu_job_input_params(x);
        uint32_t n = mdd_job_param_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_job_param(w, mdd_job_param_vec_at(v, i));
        walk_job_param(w, mdd_job_param_vec_at(v, n));
    }
    {
        mdd_job_param_vec v = mdd_single_ecu_job_output_params(x);
        uint32_t n = mdd_job_param_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_job_param(w, mdd_job_param_vec_at(v, i));
        walk_job_param(w, mdd_job_param_vec_at(v, n));
    }
    {
        mdd_job_param_vec v = mdd_single_ecu_job_neg_output_params(x);
        uint32_t n = mdd_job_param_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_job_param(w, mdd_job_param_vec_at(v, i));
        walk_job_param(w, mdd_job_param_vec_at(v, n));
    }
    w->depth--;
}

static void walk_matching_parameter(views_walk *w, mdd_matching_parameter x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_matching_parameter_expected_value(x));
    walk_diag_service(w, mdd_matching_parameter_diag_service(x));
    walk_param(w, mdd_matching_parameter_out_param(x));
    {
        int v = 0;
        if (mdd_matching_parameter_use_physical_addressing(x, &v))
            w->sink += (uint64_t)(v) + 1;
    }
    w->depth--;
}

static void walk_variant_pattern(views_walk *w, mdd_variant_pattern x)
{
    if (!walk_enter(w, x.t))
        return;
    {
        mdd_matching_parameter_vec v = mdd_variant_pattern_matching_parameter(x);
        uint32_t n = mdd_matching_parameter_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_matching_parameter(w, mdd_matching_parameter_vec_at(v, i));
        walk_matching_parameter(w, mdd_matching_parameter_vec_at(v, n));
    }
    w->depth--;
}

static void walk_diag_layer(views_walk *w, mdd_diag_layer x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_diag_layer_short_name(x));
    walk_long_name(w, mdd_diag_layer_long_name(x));
    {
        mdd_funct_class_vec v = mdd_diag_layer_funct_classes(x);
        uint32_t n = mdd_funct_class_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_funct_class(w, mdd_funct_class_vec_at(v, i));
        walk_funct_class(w, mdd_funct_class_vec_at(v, n));
    }
    {
        mdd_com_param_ref_vec v = mdd_diag_layer_com_param_refs(x);
        uint32_t n = mdd_com_param_ref_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_com_param_ref(w, mdd_com_param_ref_vec_at(v, i));
        walk_com_param_ref(w, mdd_com_param_ref_vec_at(v, n));
    }
    {
        mdd_diag_service_vec v = mdd_diag_layer_diag_services(x);
        uint32_t n = mdd_diag_service_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_diag_service(w, mdd_diag_service_vec_at(v, i));
        walk_diag_service(w, mdd_diag_service_vec_at(v, n));
    }
    {
        mdd_single_ecu_job_vec v = mdd_diag_layer_single_ecu_jobs(x);
        uint32_t n = mdd_single_ecu_job_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_single_ecu_job(w, mdd_single_ecu_job_vec_at(v, i));
        walk_single_ecu_job(w, mdd_single_ecu_job_vec_at(v, n));
    }
    {
        mdd_state_chart_vec v = mdd_diag_layer_state_charts(x);
        uint32_t n = mdd_state_chart_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_state_chart(w, mdd_state_chart_vec_at(v, i));
        walk_state_chart(w, mdd_state_chart_vec_at(v, n));
    }
    {
        mdd_additional_audience_vec v = mdd_diag_layer_additional_audiences(x);
        uint32_t n = mdd_additional_audience_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_additional_audience(w, mdd_additional_audience_vec_at(v, i));
        walk_additional_audience(w, mdd_additional_audience_vec_at(v, n));
    }
    walk_sdgs(w, mdd_diag_layer_sdgs(x));
    w->depth--;
}

static void walk_functional_group(views_walk *w, mdd_functional_group x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_diag_layer(w, mdd_functional_group_diag_layer(x));
    {
        mdd_parent_ref_vec v = mdd_functional_group_parent_refs(x);
        uint32_t n = mdd_parent_ref_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_parent_ref(w, mdd_parent_ref_vec_at(v, i));
        walk_parent_ref(w, mdd_parent_ref_vec_at(v, n));
    }
    w->depth--;
}

static void walk_parent_ref(views_walk *w, mdd_parent_ref x)
{
    if (!walk_enter(w, x.t))
        return;
    w->sink += mdd_parent_ref_ref_type(x);
    walk_variant(w, mdd_parent_ref_variant(x));
    walk_protocol(w, mdd_parent_ref_protocol(x));
    walk_functional_group(w, mdd_parent_ref_functional_group(x));
    walk_table_dop(w, mdd_parent_ref_table_dop(x));
    walk_ecu_shared_data(w, mdd_parent_ref_ecu_shared_data(x));
    {
        mdd_string_vec v = mdd_parent_ref_not_inherited_diag_comm_short_names(x);
        uint32_t n = mdd_string_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_bytes(w, mdd_string_vec_at(v, i));
        walk_bytes(w, mdd_string_vec_at(v, n));
    }
    {
        mdd_string_vec v = mdd_parent_ref_not_inherited_variables_short_names(x);
        uint32_t n = mdd_string_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_bytes(w, mdd_string_vec_at(v, i));
        walk_bytes(w, mdd_string_vec_at(v, n));
    }
    {
        mdd_string_vec v = mdd_parent_ref_not_inherited_dops_short_names(x);
        uint32_t n = mdd_string_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_bytes(w, mdd_string_vec_at(v, i));
        walk_bytes(w, mdd_string_vec_at(v, n));
    }
    {
        mdd_string_vec v = mdd_parent_ref_not_inherited_tables_short_names(x);
        uint32_t n = mdd_string_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_bytes(w, mdd_string_vec_at(v, i));
        walk_bytes(w, mdd_string_vec_at(v, n));
    }
    {
        mdd_string_vec v = mdd_parent_ref_not_inherited_global_neg_responses_short_names(x);
        uint32_t n = mdd_string_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_bytes(w, mdd_string_vec_at(v, i));
        walk_bytes(w, mdd_string_vec_at(v, n));
    }
    w->depth--;
}

static void walk_ecu_shared_data(views_walk *w, mdd_ecu_shared_data x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_diag_layer(w, mdd_ecu_shared_data_diag_layer(x));
    w->depth--;
}

static void walk_variant(views_walk *w, mdd_variant x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_diag_layer(w, mdd_variant_diag_layer(x));
    w->sink += (uint64_t)(mdd_variant_is_base_variant(x));
    {
        mdd_variant_pattern_vec v = mdd_variant_variant_pattern(x);
        uint32_t n = mdd_variant_pattern_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_variant_pattern(w, mdd_variant_pattern_vec_at(v, i));
        walk_variant_pattern(w, mdd_variant_pattern_vec_at(v, n));
    }
    {
        mdd_parent_ref_vec v = mdd_variant_parent_refs(x);
        uint32_t n = mdd_parent_ref_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_parent_ref(w, mdd_parent_ref_vec_at(v, i));
        walk_parent_ref(w, mdd_parent_ref_vec_at(v, n));
    }
    w->depth--;
}

static void walk_simple_value(views_walk *w, mdd_simple_value x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_simple_value_value(x));
    w->depth--;
}

static void walk_complex_value(views_walk *w, mdd_complex_value x)
{
    if (!walk_enter(w, x.t))
        return;
    for (uint32_t i = 0; i <= mdd_complex_value_entries_count(x) && i < WALK_MAX_ELEMENTS; i++) {
        w->sink += mdd_complex_value_entries_type_at(x, i);
        walk_simple_value(w, mdd_complex_value_entries_simple_value_at(x, i));
        walk_complex_value(w, mdd_complex_value_entries_complex_value_at(x, i));
    }
    w->depth--;
}

static void walk_protocol(views_walk *w, mdd_protocol x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_diag_layer(w, mdd_protocol_diag_layer(x));
    walk_com_param_spec(w, mdd_protocol_com_param_spec(x));
    walk_prot_stack(w, mdd_protocol_prot_stack(x));
    {
        mdd_parent_ref_vec v = mdd_protocol_parent_refs(x);
        uint32_t n = mdd_parent_ref_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_parent_ref(w, mdd_parent_ref_vec_at(v, i));
        walk_parent_ref(w, mdd_parent_ref_vec_at(v, n));
    }
    w->depth--;
}

static void walk_com_param_ref(views_walk *w, mdd_com_param_ref x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_simple_value(w, mdd_com_param_ref_simple_value(x));
    walk_complex_value(w, mdd_com_param_ref_complex_value(x));
    walk_com_param(w, mdd_com_param_ref_com_param(x));
    walk_protocol(w, mdd_com_param_ref_protocol(x));
    walk_prot_stack(w, mdd_com_param_ref_prot_stack(x));
    w->depth--;
}

static void walk_regular_com_param(views_walk *w, mdd_regular_com_param x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_regular_com_param_physical_default_value(x));
    walk_dop(w, mdd_regular_com_param_dop(x));
    w->depth--;
}

static void walk_complex_com_param(views_walk *w, mdd_complex_com_param x)
{
    if (!walk_enter(w, x.t))
        return;
    {
        mdd_com_param_vec v = mdd_complex_com_param_com_params(x);
        uint32_t n = mdd_com_param_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_com_param(w, mdd_com_param_vec_at(v, i));
        walk_com_param(w, mdd_com_param_vec_at(v, n));
    }
    {
        mdd_complex_value_vec v = mdd_complex_com_param_complex_physical_default_values(x);
        uint32_t n = mdd_complex_value_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_complex_value(w, mdd_complex_value_vec_at(v, i));
        walk_complex_value(w, mdd_complex_value_vec_at(v, n));
    }
    w->sink += (uint64_t)(mdd_complex_com_param_allow_multiple_values(x));
    w->depth--;
}

static void walk_com_param(views_walk *w, mdd_com_param x)
{
    if (!walk_enter(w, x.t))
        return;
    w->sink += (uint64_t)(mdd_com_param_com_param_type(x));
    walk_bytes(w, mdd_com_param_short_name(x));
    walk_long_name(w, mdd_com_param_long_name(x));
    walk_bytes(w, mdd_com_param_param_class(x));
    w->sink += (uint64_t)(mdd_com_param_cp_type(x));
    {
        uint32_t v = 0;
        if (mdd_com_param_display_level(x, &v))
            w->sink += (uint64_t)(v) + 1;
    }
    w->sink += (uint64_t)(mdd_com_param_cp_usage(x));
    w->sink += mdd_com_param_specific_data_type(x);
    walk_regular_com_param(w, mdd_com_param_regular_com_param(x));
    walk_complex_com_param(w, mdd_com_param_complex_com_param(x));
    w->depth--;
}

static void walk_physical_dimension(views_walk *w, mdd_physical_dimension x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_physical_dimension_short_name(x));
    walk_long_name(w, mdd_physical_dimension_long_name(x));
    {
        int32_t v = 0;
        if (mdd_physical_dimension_length_exp(x, &v))
            w->sink += (uint64_t)(v) + 1;
    }
    {
        int32_t v = 0;
        if (mdd_physical_dimension_mass_exp(x, &v))
            w->sink += (uint64_t)(v) + 1;
    }
    {
        int32_t v = 0;
        if (mdd_physical_dimension_time_exp(x, &v))
            w->sink += (uint64_t)(v) + 1;
    }
    {
        int32_t v = 0;
        if (mdd_physical_dimension_current_exp(x, &v))
            w->sink += (uint64_t)(v) + 1;
    }
    {
        int32_t v = 0;
        if (mdd_physical_dimension_temperature_exp(x, &v))
            w->sink += (uint64_t)(v) + 1;
    }
    {
        int32_t v = 0;
        if (mdd_physical_dimension_molar_amount_exp(x, &v))
            w->sink += (uint64_t)(v) + 1;
    }
    {
        int32_t v = 0;
        if (mdd_physical_dimension_luminous_intensity_exp(x, &v))
            w->sink += (uint64_t)(v) + 1;
    }
    w->depth--;
}

static void walk_unit_group(views_walk *w, mdd_unit_group x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_unit_group_short_name(x));
    walk_long_name(w, mdd_unit_group_long_name(x));
    {
        mdd_unit_vec v = mdd_unit_group_unitrefs(x);
        uint32_t n = mdd_unit_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_unit(w, mdd_unit_vec_at(v, i));
        walk_unit(w, mdd_unit_vec_at(v, n));
    }
    w->depth--;
}

static void walk_unit_spec(views_walk *w, mdd_unit_spec x)
{
    if (!walk_enter(w, x.t))
        return;
    {
        mdd_unit_group_vec v = mdd_unit_spec_unit_groups(x);
        uint32_t n = mdd_unit_group_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_unit_group(w, mdd_unit_group_vec_at(v, i));
        walk_unit_group(w, mdd_unit_group_vec_at(v, n));
    }
    {
        mdd_unit_vec v = mdd_unit_spec_units(x);
        uint32_t n = mdd_unit_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_unit(w, mdd_unit_vec_at(v, i));
        walk_unit(w, mdd_unit_vec_at(v, n));
    }
    {
        mdd_physical_dimension_vec v = mdd_unit_spec_physical_dimensions(x);
        uint32_t n = mdd_physical_dimension_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_physical_dimension(w, mdd_physical_dimension_vec_at(v, i));
        walk_physical_dimension(w, mdd_physical_dimension_vec_at(v, n));
    }
    walk_sdgs(w, mdd_unit_spec_sdgs(x));
    w->depth--;
}

static void walk_com_param_sub_set(views_walk *w, mdd_com_param_sub_set x)
{
    if (!walk_enter(w, x.t))
        return;
    {
        mdd_com_param_vec v = mdd_com_param_sub_set_com_params(x);
        uint32_t n = mdd_com_param_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_com_param(w, mdd_com_param_vec_at(v, i));
        walk_com_param(w, mdd_com_param_vec_at(v, n));
    }
    {
        mdd_com_param_vec v = mdd_com_param_sub_set_complex_com_params(x);
        uint32_t n = mdd_com_param_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_com_param(w, mdd_com_param_vec_at(v, i));
        walk_com_param(w, mdd_com_param_vec_at(v, n));
    }
    {
        mdd_dop_vec v = mdd_com_param_sub_set_data_object_props(x);
        uint32_t n = mdd_dop_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_dop(w, mdd_dop_vec_at(v, i));
        walk_dop(w, mdd_dop_vec_at(v, n));
    }
    walk_unit_spec(w, mdd_com_param_sub_set_unit_spec(x));
    w->depth--;
}

static void walk_prot_stack(views_walk *w, mdd_prot_stack x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_prot_stack_short_name(x));
    walk_long_name(w, mdd_prot_stack_long_name(x));
    walk_bytes(w, mdd_prot_stack_pdu_protocol_type(x));
    walk_bytes(w, mdd_prot_stack_physical_link_type(x));
    {
        mdd_com_param_sub_set_vec v = mdd_prot_stack_comparam_subset_refs(x);
        uint32_t n = mdd_com_param_sub_set_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_com_param_sub_set(w, mdd_com_param_sub_set_vec_at(v, i));
        walk_com_param_sub_set(w, mdd_com_param_sub_set_vec_at(v, n));
    }
    w->depth--;
}

static void walk_com_param_spec(views_walk *w, mdd_com_param_spec x)
{
    if (!walk_enter(w, x.t))
        return;
    {
        mdd_prot_stack_vec v = mdd_com_param_spec_prot_stacks(x);
        uint32_t n = mdd_prot_stack_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_prot_stack(w, mdd_prot_stack_vec_at(v, i));
        walk_prot_stack(w, mdd_prot_stack_vec_at(v, n));
    }
    w->depth--;
}

static void walk_library(views_walk *w, mdd_library x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_library_short_name(x));
    walk_long_name(w, mdd_library_long_name(x));
    walk_bytes(w, mdd_library_code_file(x));
    walk_bytes(w, mdd_library_encryption(x));
    walk_bytes(w, mdd_library_syntax(x));
    walk_bytes(w, mdd_library_entry_point(x));
    w->depth--;
}

static void walk_ecu_data(views_walk *w, mdd_ecu_data x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_ecu_data_version(x));
    walk_bytes(w, mdd_ecu_data_ecu_name(x));
    walk_bytes(w, mdd_ecu_data_revision(x));
    {
        mdd_key_value_vec v = mdd_ecu_data_metadata(x);
        uint32_t n = mdd_key_value_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_key_value(w, mdd_key_value_vec_at(v, i));
        walk_key_value(w, mdd_key_value_vec_at(v, n));
    }
    walk_bytes(w, mdd_ecu_data_feature_flags(x));
    {
        mdd_variant_vec v = mdd_ecu_data_variants(x);
        uint32_t n = mdd_variant_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_variant(w, mdd_variant_vec_at(v, i));
        walk_variant(w, mdd_variant_vec_at(v, n));
    }
    {
        mdd_functional_group_vec v = mdd_ecu_data_functional_groups(x);
        uint32_t n = mdd_functional_group_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_functional_group(w, mdd_functional_group_vec_at(v, i));
        walk_functional_group(w, mdd_functional_group_vec_at(v, n));
    }
    {
        mdd_dtc_vec v = mdd_ecu_data_dtcs(x);
        uint32_t n = mdd_dtc_vec_count(v);
        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)
            walk_dtc(w, mdd_dtc_vec_at(v, i));
        walk_dtc(w, mdd_dtc_vec_at(v, n));
    }
    w->depth--;
}

static void walk_key_value(views_walk *w, mdd_key_value x)
{
    if (!walk_enter(w, x.t))
        return;
    walk_bytes(w, mdd_key_value_key(x));
    walk_bytes(w, mdd_key_value_value(x));
    w->depth--;
}

/* Walks buf[0..len) from its root, visiting at most budget tables; aborts when a view lies
 * outside the bytes. */
static inline uint64_t walk_views(const uint8_t *buf, size_t len, uint32_t budget,
                                  uint32_t max_depth)
{
    views_walk w = {.buf = buf, .len = len, .budget = budget, .max_depth = max_depth};
    walk_ecu_data(&w, mdd_ecu_data_root(buf, len));
    return w.sink;
}

#endif
