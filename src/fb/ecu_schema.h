/* SPDX-License-Identifier: Apache-2.0 */
/* Generated from schema/ecu_data.fbs by schema/generate.py. Do not edit: change the
 * schema and run `make generate`. */
/* The EcuData schema as descriptors: the verifier's (verify.c, verify_quick.c, which each
 * specialize their walk per type and so need the descriptors' contents in the same translation
 * unit) and the dump walker's (names, scalar types, defaults, enum names). */
#ifndef MDD_FB_ECU_SCHEMA_H
#define MDD_FB_ECU_SCHEMA_H

#include <mdd_internal/fb.h>

/* An enum that no field uses is still described, for mdd_ecu_enum_name(). */
#define FB_MAYBE_UNUSED __attribute__((unused))

/* Every table type, as X(name); type_<name> is its descriptor. */
#define FB_ECU_TYPES(X) \
    X(sd) \
    X(sd_or_sdg) \
    X(sdg) \
    X(sdgs) \
    X(audience) \
    X(leading_length_info_type) \
    X(min_max_length_type) \
    X(param_length_info_type) \
    X(standard_length_type) \
    X(diag_coded_type) \
    X(text) \
    X(limit) \
    X(compu_values) \
    X(compu_rational_co_effs) \
    X(compu_scale) \
    X(compu_default_value) \
    X(compu_internal_to_phys) \
    X(compu_phys_to_internal) \
    X(compu_method) \
    X(physical_type) \
    X(unit) \
    X(scale_constr) \
    X(internal_constr) \
    X(dtc) \
    X(normal_dop) \
    X(field) \
    X(static_field) \
    X(end_of_pdu_field) \
    X(env_data_desc) \
    X(env_data) \
    X(structure) \
    X(dtc_dop) \
    X(long_name) \
    X(switch_key) \
    X(default_case) \
    X(case) \
    X(mux_dop) \
    X(determine_number_of_items) \
    X(dynamic_length_field) \
    X(dop) \
    X(state) \
    X(state_chart) \
    X(state_transition) \
    X(state_transition_ref) \
    X(pre_condition_state_ref) \
    X(table_row) \
    X(table_diag_comm_connector) \
    X(table_dop) \
    X(coded_const) \
    X(dynamic) \
    X(length_key_ref) \
    X(matching_request_param) \
    X(nrc_const) \
    X(phys_const) \
    X(reserved) \
    X(system) \
    X(table_entry) \
    X(table_key) \
    X(table_struct) \
    X(value) \
    X(param) \
    X(funct_class) \
    X(request) \
    X(response) \
    X(additional_audience) \
    X(diag_comm) \
    X(diag_service) \
    X(prog_code) \
    X(job_param) \
    X(single_ecu_job) \
    X(matching_parameter) \
    X(variant_pattern) \
    X(diag_layer) \
    X(functional_group) \
    X(parent_ref) \
    X(ecu_shared_data) \
    X(variant) \
    X(simple_value) \
    X(complex_value) \
    X(protocol) \
    X(com_param_ref) \
    X(regular_com_param) \
    X(complex_com_param) \
    X(com_param) \
    X(physical_dimension) \
    X(unit_group) \
    X(unit_spec) \
    X(com_param_sub_set) \
    X(prot_stack) \
    X(com_param_spec) \
    X(library) \
    X(ecu_data) \
    X(key_value)

/* The most field ids of one table type. */
#define FB_ECU_MAX_IDS 14

#define FB_MEMO_ID(name) FB_MEMO_##name,
enum { FB_MEMO_BEFORE_KNOWN = FB_MEMO_GENERIC, FB_ECU_TYPES(FB_MEMO_ID) FB_MEMO_END };
#undef FB_MEMO_ID

#define FB_DECLARE_TYPE(name) static const fb_type type_##name;
FB_ECU_TYPES(FB_DECLARE_TYPE)
#undef FB_DECLARE_TYPE

/* The type of tables the schema does not describe (a union tag it does not know). */
static const fb_type fb_generic_type = {"table", FB_MEMO_GENERIC, 0, NULL};

static const char *const enum_diag_coded_type_name_names[] = {"LEADING_LENGTH_INFO_TYPE",
    "MIN_MAX_LENGTH_TYPE", "PARAM_LENGTH_INFO_TYPE", "STANDARD_LENGTH_TYPE"};
static const fb_enum enum_diag_coded_type_name FB_MAYBE_UNUSED = {"DiagCodedTypeName", 4,
    enum_diag_coded_type_name_names};
static const char *const enum_termination_names[] = {"END_OF_PDU", "ZERO", "HEX_FF"};
static const fb_enum enum_termination FB_MAYBE_UNUSED = {"Termination", 3, enum_termination_names};
static const char *const enum_data_type_names[] = {"A_INT_32", "A_UINT_32", "A_FLOAT_32",
    "A_ASCIISTRING", "A_UTF_8_STRING", "A_UNICODE_2_STRING", "A_BYTEFIELD", "A_FLOAT_64"};
static const fb_enum enum_data_type FB_MAYBE_UNUSED = {"DataType", 8, enum_data_type_names};
static const char *const enum_interval_type_names[] = {"OPEN", "CLOSED", "INFINITE"};
static const fb_enum enum_interval_type FB_MAYBE_UNUSED = {"IntervalType", 3,
    enum_interval_type_names};
static const char *const enum_compu_category_names[] = {"IDENTICAL", "LINEAR", "SCALE_LINEAR",
    "TEXT_TABLE", "COMPU_CODE", "TAB_INTP", "RAT_FUNC", "SCALE_RAT_FUNC"};
static const fb_enum enum_compu_category FB_MAYBE_UNUSED = {"CompuCategory", 8,
    enum_compu_category_names};
static const char *const enum_physical_type_data_type_names[] = {"A_INT_32", "A_UINT_32",
    "A_FLOAT_32", "A_ASCIISTRING", "A_UTF_8_STRING", "A_UNICODE_2_STRING", "A_BYTEFIELD",
        "A_FLOAT_64"};
static const fb_enum enum_physical_type_data_type FB_MAYBE_UNUSED = {"PhysicalTypeDataType", 8,
    enum_physical_type_data_type_names};
static const char *const enum_radix_names[] = {"HEX", "DEC", "BIN", "OCT"};
static const fb_enum enum_radix FB_MAYBE_UNUSED = {"Radix", 4, enum_radix_names};
static const char *const enum_valid_type_names[] = {"VALID", "NOT_VALID", "NOT_DEFINED",
    "NOT_AVAILABLE"};
static const fb_enum enum_valid_type FB_MAYBE_UNUSED = {"ValidType", 4, enum_valid_type_names};
static const char *const enum_dop_type_names[] = {"REGULAR", "ENV_DATA_DESC", "MUX",
    "DYNAMIC_END_MARKER_FIELD", "DYNAMIC_LENGTH_FIELD", "END_OF_PDU_FIELD", "STATIC_FIELD",
        "ENV_DATA", "STRUCTURE", "DTC"};
static const fb_enum enum_dop_type FB_MAYBE_UNUSED = {"DOPType", 10, enum_dop_type_names};
static const char *const enum_param_type_names[] = {"CODED_CONST", "DYNAMIC", "LENGTH_KEY",
    "MATCHING_REQUEST_PARAM", "NRC_CONST", "PHYS_CONST", "RESERVED", "SYSTEM", "TABLE_ENTRY",
        "TABLE_KEY", "TABLE_STRUCT", "VALUE"};
static const fb_enum enum_param_type FB_MAYBE_UNUSED = {"ParamType", 12, enum_param_type_names};
static const char *const enum_table_entry_row_fragment_names[] = {"KEY", "STRUCT"};
static const fb_enum enum_table_entry_row_fragment FB_MAYBE_UNUSED = {"TableEntryRowFragment", 2,
    enum_table_entry_row_fragment_names};
static const char *const enum_response_type_names[] = {"POS_RESPONSE", "NEG_RESPONSE",
    "GLOBAL_NEG_RESPONSE"};
static const fb_enum enum_response_type FB_MAYBE_UNUSED = {"ResponseType", 3,
    enum_response_type_names};
static const char *const enum_diag_class_type_names[] = {"START_COMM", "STOP_COMM",
    "VARIANT_IDENTIFICATION", "READ_DYN_DEF_MESSAGE", "DYN_DEF_MESSAGE", "CLEAR_DYN_DEF_MESSAGE"};
static const fb_enum enum_diag_class_type FB_MAYBE_UNUSED = {"DiagClassType", 6,
    enum_diag_class_type_names};
static const char *const enum_transmission_mode_names[] = {"SEND_ONLY", "RECEIVE_ONLY",
    "SEND_AND_RECEIVE", "SEND_OR_RECEIVE"};
static const fb_enum enum_transmission_mode FB_MAYBE_UNUSED = {"TransmissionMode", 4,
    enum_transmission_mode_names};
static const char *const enum_addressing_names[] = {"FUNCTIONAL", "PHYSICAL",
    "FUNCTIONAL_OR_PHYSICAL"};
static const fb_enum enum_addressing FB_MAYBE_UNUSED = {"Addressing", 3, enum_addressing_names};
static const char *const enum_com_param_type_names[] = {"REGULAR", "COMPLEX"};
static const fb_enum enum_com_param_type FB_MAYBE_UNUSED = {"ComParamType", 2,
    enum_com_param_type_names};
static const char *const enum_com_param_standardisation_level_names[] = {"STANDARD",
    "OEM_SPECIFIC", "OPTIONAL", "OEM_OPTIONAL"};
static const fb_enum enum_com_param_standardisation_level FB_MAYBE_UNUSED = {"ComParamStandardisationLevel", 4, enum_com_param_standardisation_level_names};
static const char *const enum_com_param_usage_names[] = {"ECU_SOFTWARE", "ECU_COMM",
    "APPLICATION", "TESTER"};
static const fb_enum enum_com_param_usage FB_MAYBE_UNUSED = {"ComParamUsage", 4,
    enum_com_param_usage_names};
static const char *const enum_unit_group_category_names[] = {"COUNTRY", "EQUIV_UNITS"};
static const fb_enum enum_unit_group_category FB_MAYBE_UNUSED = {"UnitGroupCategory", 2,
    enum_unit_group_category_names};
static const char *const enum_feature_flag_names[] = {"RESERVED"};
static const fb_enum enum_feature_flag FB_MAYBE_UNUSED = {"FeatureFlag", 1,
    enum_feature_flag_names};
static const char *const enum_sd_xor_sdg_names[] = {"NONE", "SD", "SDG"};
static const fb_enum enum_sd_xor_sdg FB_MAYBE_UNUSED = {"SDxorSDG", 3, enum_sd_xor_sdg_names};
static const char *const enum_specific_data_type_names[] = {"NONE", "LeadingLengthInfoType",
    "MinMaxLengthType", "ParamLengthInfoType", "StandardLengthType"};
static const fb_enum enum_specific_data_type FB_MAYBE_UNUSED = {"SpecificDataType", 5,
    enum_specific_data_type_names};
static const char *const enum_specific_dop_data_names[] = {"NONE", "NormalDOP", "EndOfPduField",
    "StaticField", "EnvDataDesc", "EnvData", "DTCDOP", "Structure", "MUXDOP",
        "DynamicLengthField"};
static const fb_enum enum_specific_dop_data FB_MAYBE_UNUSED = {"SpecificDOPData", 10,
    enum_specific_dop_data_names};
static const char *const enum_diag_service_or_job_names[] = {"NONE", "DiagService",
    "SingleEcuJob"};
static const fb_enum enum_diag_service_or_job FB_MAYBE_UNUSED = {"DiagServiceOrJob", 3,
    enum_diag_service_or_job_names};
static const char *const enum_table_key_reference_names[] = {"NONE", "TableDop", "TableRow"};
static const fb_enum enum_table_key_reference FB_MAYBE_UNUSED = {"TableKeyReference", 3,
    enum_table_key_reference_names};
static const char *const enum_param_specific_data_names[] = {"NONE", "CodedConst", "Dynamic",
    "MatchingRequestParam", "NrcConst", "PhysConst", "Reserved", "Value", "TableEntry",
        "TableKey", "TableStruct", "System", "LengthKeyRef"};
static const fb_enum enum_param_specific_data FB_MAYBE_UNUSED = {"ParamSpecificData", 13,
    enum_param_specific_data_names};
static const char *const enum_parent_ref_type_names[] = {"NONE", "Variant", "Protocol",
    "FunctionalGroup", "TableDop", "EcuSharedData"};
static const fb_enum enum_parent_ref_type FB_MAYBE_UNUSED = {"ParentRefType", 6,
    enum_parent_ref_type_names};
static const char *const enum_simple_or_complex_value_entry_names[] = {"NONE", "SimpleValue",
    "ComplexValue"};
static const fb_enum enum_simple_or_complex_value_entry FB_MAYBE_UNUSED = {"SimpleOrComplexValueEntry", 3, enum_simple_or_complex_value_entry_names};
static const char *const enum_com_param_specific_data_names[] = {"NONE", "RegularComParam",
    "ComplexComParam"};
static const fb_enum enum_com_param_specific_data FB_MAYBE_UNUSED = {"ComParamSpecificData", 3,
    enum_com_param_specific_data_names};

/* Every enum, then every union's tags, indexed by mdd_ecu_enum. */
#define FB_ECU_ENUMS(X) \
    X(diag_coded_type_name) \
    X(termination) \
    X(data_type) \
    X(interval_type) \
    X(compu_category) \
    X(physical_type_data_type) \
    X(radix) \
    X(valid_type) \
    X(dop_type) \
    X(param_type) \
    X(table_entry_row_fragment) \
    X(response_type) \
    X(diag_class_type) \
    X(transmission_mode) \
    X(addressing) \
    X(com_param_type) \
    X(com_param_standardisation_level) \
    X(com_param_usage) \
    X(unit_group_category) \
    X(feature_flag) \
    X(sd_xor_sdg) \
    X(specific_data_type) \
    X(specific_dop_data) \
    X(diag_service_or_job) \
    X(table_key_reference) \
    X(param_specific_data) \
    X(parent_ref_type) \
    X(simple_or_complex_value_entry) \
    X(com_param_specific_data)

static const fb_type *const union_sd_xor_sdg_members[] = {
    NULL, &type_sd, &type_sdg};
static const fb_type *const union_specific_data_type_members[] = {
    NULL, &type_leading_length_info_type, &type_min_max_length_type, &type_param_length_info_type,
        &type_standard_length_type};
static const fb_type *const union_specific_dop_data_members[] = {
    NULL, &type_normal_dop, &type_end_of_pdu_field, &type_static_field, &type_env_data_desc,
        &type_env_data, &type_dtc_dop, &type_structure, &type_mux_dop, &type_dynamic_length_field};
static const fb_type *const union_diag_service_or_job_members[] = {
    NULL, &type_diag_service, &type_single_ecu_job};
static const fb_type *const union_table_key_reference_members[] = {
    NULL, &type_table_dop, &type_table_row};
static const fb_type *const union_param_specific_data_members[] = {
    NULL, &type_coded_const, &type_dynamic, &type_matching_request_param, &type_nrc_const,
        &type_phys_const, &type_reserved, &type_value, &type_table_entry, &type_table_key,
            &type_table_struct, &type_system, &type_length_key_ref};
static const fb_type *const union_parent_ref_type_members[] = {
    NULL, &type_variant, &type_protocol, &type_functional_group, &type_table_dop,
        &type_ecu_shared_data};
static const fb_type *const union_simple_or_complex_value_entry_members[] = {
    NULL, &type_simple_value, &type_complex_value};
static const fb_type *const union_com_param_specific_data_members[] = {
    NULL, &type_regular_com_param, &type_complex_com_param};

static const fb_field sd_fields[] = {
    {.name = "value", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "si", .id = 1, .kind = FB_STRING, .size = 4},
    {.name = "ti", .id = 2, .kind = FB_STRING, .size = 4},
};
static const fb_type type_sd = {"SD", FB_MEMO_sd, 3, sd_fields};

static const fb_field sd_or_sdg_fields[] = {
    {.name = "sd_or_sdg_type", .id = 0, .kind = FB_SCALAR, .size = 1, .elem_size = 1,
        .scalar = FB_UBYTE, .enum_type = &enum_sd_xor_sdg},
    {.name = "sd_or_sdg", .id = 1, .kind = FB_UNION, .size = 4,
        .members = union_sd_xor_sdg_members, .member_count = 3},
};
static const fb_type type_sd_or_sdg = {"SDOrSDG", FB_MEMO_sd_or_sdg, 2, sd_or_sdg_fields};

static const fb_field sdg_fields[] = {
    {.name = "caption_sn", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "sds", .id = 1, .kind = FB_TABLES, .size = 4, .type = &type_sd_or_sdg},
    {.name = "si", .id = 2, .kind = FB_STRING, .size = 4},
};
static const fb_type type_sdg = {"SDG", FB_MEMO_sdg, 3, sdg_fields};

static const fb_field sdgs_fields[] = {
    {.name = "sdgs", .id = 0, .kind = FB_TABLES, .size = 4, .type = &type_sdg},
};
static const fb_type type_sdgs = {"SDGS", FB_MEMO_sdgs, 1, sdgs_fields};

static const fb_field audience_fields[] = {
    {.name = "enabled_audiences", .id = 0, .kind = FB_TABLES, .size = 4,
        .type = &type_additional_audience},
    {.name = "disabled_audiences", .id = 1, .kind = FB_TABLES, .size = 4,
        .type = &type_additional_audience},
    {.name = "is_supplier", .id = 2, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL},
    {.name = "is_development", .id = 3, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL},
    {.name = "is_manufacturing", .id = 4, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL},
    {.name = "is_after_sales", .id = 5, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL},
    {.name = "is_after_market", .id = 6, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL},
};
static const fb_type type_audience = {"Audience", FB_MEMO_audience, 7, audience_fields};

static const fb_field leading_length_info_type_fields[] = {
    {.name = "bit_length", .id = 0, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32},
};
static const fb_type type_leading_length_info_type = {"LeadingLengthInfoType",
    FB_MEMO_leading_length_info_type, 1, leading_length_info_type_fields};

static const fb_field min_max_length_type_fields[] = {
    {.name = "min_length", .id = 0, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32},
    {.name = "max_length", .id = 1, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32,
        .optional = 1},
    {.name = "termination", .id = 2, .kind = FB_SCALAR, .size = 1, .scalar = FB_BYTE,
        .enum_type = &enum_termination},
};
static const fb_type type_min_max_length_type = {"MinMaxLengthType", FB_MEMO_min_max_length_type,
    3, min_max_length_type_fields};

static const fb_field param_length_info_type_fields[] = {
    {.name = "length_key", .id = 0, .kind = FB_TABLE, .size = 4, .type = &type_param},
};
static const fb_type type_param_length_info_type = {"ParamLengthInfoType",
    FB_MEMO_param_length_info_type, 1, param_length_info_type_fields};

static const fb_field standard_length_type_fields[] = {
    {.name = "bit_length", .id = 0, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32},
    {.name = "bit_mask", .id = 1, .kind = FB_SCALARS, .size = 4, .elem_size = 1,
        .scalar = FB_UBYTE},
    {.name = "condensed", .id = 2, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL},
};
static const fb_type type_standard_length_type = {"StandardLengthType",
    FB_MEMO_standard_length_type, 3, standard_length_type_fields};

static const fb_field diag_coded_type_fields[] = {
    {.name = "type", .id = 0, .kind = FB_SCALAR, .size = 1, .scalar = FB_BYTE,
        .enum_type = &enum_diag_coded_type_name},
    {.name = "base_type_encoding", .id = 1, .kind = FB_STRING, .size = 4},
    {.name = "base_data_type", .id = 2, .kind = FB_SCALAR, .size = 1, .scalar = FB_BYTE,
        .enum_type = &enum_data_type},
    {.name = "is_high_low_byte_order", .id = 3, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL,
        .default_value = 1},
    {.name = "specific_data_type", .id = 4, .kind = FB_SCALAR, .size = 1, .elem_size = 1,
        .scalar = FB_UBYTE, .enum_type = &enum_specific_data_type},
    {.name = "specific_data", .id = 5, .kind = FB_UNION, .size = 4,
        .members = union_specific_data_type_members, .member_count = 5},
};
static const fb_type type_diag_coded_type = {"DiagCodedType", FB_MEMO_diag_coded_type, 6,
    diag_coded_type_fields};

static const fb_field text_fields[] = {
    {.name = "value", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "ti", .id = 1, .kind = FB_STRING, .size = 4},
};
static const fb_type type_text = {"Text", FB_MEMO_text, 2, text_fields};

static const fb_field limit_fields[] = {
    {.name = "value", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "interval_type", .id = 1, .kind = FB_SCALAR, .size = 1, .scalar = FB_BYTE,
        .enum_type = &enum_interval_type},
};
static const fb_type type_limit = {"Limit", FB_MEMO_limit, 2, limit_fields};

static const fb_field compu_values_fields[] = {
    {.name = "v", .id = 0, .kind = FB_SCALAR, .size = 8, .scalar = FB_DOUBLE, .optional = 1},
    {.name = "vt", .id = 1, .kind = FB_STRING, .size = 4},
    {.name = "vt_ti", .id = 2, .kind = FB_STRING, .size = 4},
};
static const fb_type type_compu_values = {"CompuValues", FB_MEMO_compu_values, 3,
    compu_values_fields};

static const fb_field compu_rational_co_effs_fields[] = {
    {.name = "numerator", .id = 0, .kind = FB_SCALARS, .size = 4, .elem_size = 8,
        .scalar = FB_DOUBLE},
    {.name = "denominator", .id = 1, .kind = FB_SCALARS, .size = 4, .elem_size = 8,
        .scalar = FB_DOUBLE},
};
static const fb_type type_compu_rational_co_effs = {"CompuRationalCoEffs",
    FB_MEMO_compu_rational_co_effs, 2, compu_rational_co_effs_fields};

static const fb_field compu_scale_fields[] = {
    {.name = "short_label", .id = 0, .kind = FB_TABLE, .size = 4, .type = &type_text},
    {.name = "lower_limit", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_limit},
    {.name = "upper_limit", .id = 2, .kind = FB_TABLE, .size = 4, .type = &type_limit},
    {.name = "inverse_values", .id = 3, .kind = FB_TABLE, .size = 4, .type = &type_compu_values},
    {.name = "consts", .id = 4, .kind = FB_TABLE, .size = 4, .type = &type_compu_values},
    {.name = "rational_co_effs", .id = 5, .kind = FB_TABLE, .size = 4,
        .type = &type_compu_rational_co_effs},
};
static const fb_type type_compu_scale = {"CompuScale", FB_MEMO_compu_scale, 6, compu_scale_fields};

static const fb_field compu_default_value_fields[] = {
    {.name = "values", .id = 0, .kind = FB_TABLE, .size = 4, .type = &type_compu_values},
    {.name = "inverse_values", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_compu_values},
};
static const fb_type type_compu_default_value = {"CompuDefaultValue", FB_MEMO_compu_default_value,
    2, compu_default_value_fields};

static const fb_field compu_internal_to_phys_fields[] = {
    {.name = "compu_scales", .id = 0, .kind = FB_TABLES, .size = 4, .type = &type_compu_scale},
    {.name = "prog_code", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_prog_code},
    {.name = "compu_default_value", .id = 2, .kind = FB_TABLE, .size = 4,
        .type = &type_compu_default_value},
};
static const fb_type type_compu_internal_to_phys = {"CompuInternalToPhys",
    FB_MEMO_compu_internal_to_phys, 3, compu_internal_to_phys_fields};

static const fb_field compu_phys_to_internal_fields[] = {
    {.name = "prog_code", .id = 0, .kind = FB_TABLE, .size = 4, .type = &type_prog_code},
    {.name = "compu_scales", .id = 1, .kind = FB_TABLES, .size = 4, .type = &type_compu_scale},
    {.name = "compu_default_value", .id = 2, .kind = FB_TABLE, .size = 4,
        .type = &type_compu_default_value},
};
static const fb_type type_compu_phys_to_internal = {"CompuPhysToInternal",
    FB_MEMO_compu_phys_to_internal, 3, compu_phys_to_internal_fields};

static const fb_field compu_method_fields[] = {
    {.name = "category", .id = 0, .kind = FB_SCALAR, .size = 1, .scalar = FB_BYTE,
        .enum_type = &enum_compu_category},
    {.name = "internal_to_phys", .id = 1, .kind = FB_TABLE, .size = 4,
        .type = &type_compu_internal_to_phys},
    {.name = "phys_to_internal", .id = 2, .kind = FB_TABLE, .size = 4,
        .type = &type_compu_phys_to_internal},
};
static const fb_type type_compu_method = {"CompuMethod", FB_MEMO_compu_method, 3,
    compu_method_fields};

static const fb_field physical_type_fields[] = {
    {.name = "precision", .id = 0, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32,
        .optional = 1},
    {.name = "base_data_type", .id = 1, .kind = FB_SCALAR, .size = 1, .scalar = FB_BYTE,
        .enum_type = &enum_physical_type_data_type},
    {.name = "display_radix", .id = 2, .kind = FB_SCALAR, .size = 1, .scalar = FB_BYTE,
        .enum_type = &enum_radix},
};
static const fb_type type_physical_type = {"PhysicalType", FB_MEMO_physical_type, 3,
    physical_type_fields};

static const fb_field unit_fields[] = {
    {.name = "short_name", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "display_name", .id = 1, .kind = FB_STRING, .size = 4},
    {.name = "factorsitounit", .id = 2, .kind = FB_SCALAR, .size = 8, .scalar = FB_DOUBLE,
        .optional = 1},
    {.name = "offsetitounit", .id = 3, .kind = FB_SCALAR, .size = 8, .scalar = FB_DOUBLE,
        .optional = 1},
    {.name = "physical_dimension", .id = 4, .kind = FB_TABLE, .size = 4,
        .type = &type_physical_dimension},
};
static const fb_type type_unit = {"Unit", FB_MEMO_unit, 5, unit_fields};

static const fb_field scale_constr_fields[] = {
    {.name = "short_label", .id = 0, .kind = FB_TABLE, .size = 4, .type = &type_text},
    {.name = "lower_limit", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_limit},
    {.name = "upper_limit", .id = 2, .kind = FB_TABLE, .size = 4, .type = &type_limit},
    {.name = "validity", .id = 3, .kind = FB_SCALAR, .size = 1, .scalar = FB_BYTE,
        .enum_type = &enum_valid_type},
};
static const fb_type type_scale_constr = {"ScaleConstr", FB_MEMO_scale_constr, 4,
    scale_constr_fields};

static const fb_field internal_constr_fields[] = {
    {.name = "lower_limit", .id = 0, .kind = FB_TABLE, .size = 4, .type = &type_limit},
    {.name = "upper_limit", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_limit},
    {.name = "scale_constr", .id = 2, .kind = FB_TABLES, .size = 4, .type = &type_scale_constr},
};
static const fb_type type_internal_constr = {"InternalConstr", FB_MEMO_internal_constr, 3,
    internal_constr_fields};

static const fb_field dtc_fields[] = {
    {.name = "short_name", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "trouble_code", .id = 1, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32},
    {.name = "display_trouble_code", .id = 2, .kind = FB_STRING, .size = 4},
    {.name = "text", .id = 3, .kind = FB_TABLE, .size = 4, .type = &type_text},
    {.name = "level", .id = 4, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32, .optional = 1},
    {.name = "sdgs", .id = 5, .kind = FB_TABLE, .size = 4, .type = &type_sdgs},
    {.name = "is_temporary", .id = 6, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL},
};
static const fb_type type_dtc = {"DTC", FB_MEMO_dtc, 7, dtc_fields};

static const fb_field normal_dop_fields[] = {
    {.name = "compu_method", .id = 0, .kind = FB_TABLE, .size = 4, .type = &type_compu_method},
    {.name = "diag_coded_type", .id = 1, .kind = FB_TABLE, .size = 4,
        .type = &type_diag_coded_type},
    {.name = "physical_type", .id = 2, .kind = FB_TABLE, .size = 4, .type = &type_physical_type},
    {.name = "internal_constr", .id = 3, .kind = FB_TABLE, .size = 4,
        .type = &type_internal_constr},
    {.name = "unit_ref", .id = 4, .kind = FB_TABLE, .size = 4, .type = &type_unit},
    {.name = "phys_constr", .id = 5, .kind = FB_TABLE, .size = 4, .type = &type_internal_constr},
};
static const fb_type type_normal_dop = {"NormalDOP", FB_MEMO_normal_dop, 6, normal_dop_fields};

static const fb_field field_fields[] = {
    {.name = "basic_structure", .id = 0, .kind = FB_TABLE, .size = 4, .type = &type_dop},
    {.name = "env_data_desc", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_dop},
    {.name = "is_visible", .id = 2, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL,
        .default_value = 1},
};
static const fb_type type_field = {"Field", FB_MEMO_field, 3, field_fields};

static const fb_field static_field_fields[] = {
    {.name = "fixed_number_of_items", .id = 0, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32},
    {.name = "item_byte_size", .id = 1, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32},
    {.name = "field", .id = 2, .kind = FB_TABLE, .size = 4, .type = &type_field},
};
static const fb_type type_static_field = {"StaticField", FB_MEMO_static_field, 3,
    static_field_fields};

static const fb_field end_of_pdu_field_fields[] = {
    {.name = "max_number_of_items", .id = 0, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32,
        .optional = 1},
    {.name = "min_number_of_items", .id = 1, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32,
        .optional = 1},
    {.name = "field", .id = 2, .kind = FB_TABLE, .size = 4, .type = &type_field},
};
static const fb_type type_end_of_pdu_field = {"EndOfPduField", FB_MEMO_end_of_pdu_field, 3,
    end_of_pdu_field_fields};

static const fb_field env_data_desc_fields[] = {
    {.name = "param_short_name", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "param_path_short_name", .id = 1, .kind = FB_STRING, .size = 4},
    {.name = "env_datas", .id = 2, .kind = FB_TABLES, .size = 4, .type = &type_dop},
};
static const fb_type type_env_data_desc = {"EnvDataDesc", FB_MEMO_env_data_desc, 3,
    env_data_desc_fields};

static const fb_field env_data_fields[] = {
    {.name = "dtc_values", .id = 0, .kind = FB_SCALARS, .size = 4, .elem_size = 4,
        .scalar = FB_UINT32},
    {.name = "params", .id = 1, .kind = FB_TABLES, .size = 4, .type = &type_param},
};
static const fb_type type_env_data = {"EnvData", FB_MEMO_env_data, 2, env_data_fields};

static const fb_field structure_fields[] = {
    {.name = "params", .id = 0, .kind = FB_TABLES, .size = 4, .type = &type_param},
    {.name = "byte_size", .id = 1, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32,
        .optional = 1},
    {.name = "is_visible", .id = 2, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL,
        .default_value = 1},
};
static const fb_type type_structure = {"Structure", FB_MEMO_structure, 3, structure_fields};

static const fb_field dtc_dop_fields[] = {
    {.name = "diag_coded_type", .id = 0, .kind = FB_TABLE, .size = 4,
        .type = &type_diag_coded_type},
    {.name = "physical_type", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_physical_type},
    {.name = "compu_method", .id = 2, .kind = FB_TABLE, .size = 4, .type = &type_compu_method},
    {.name = "dtcs", .id = 3, .kind = FB_TABLES, .size = 4, .type = &type_dtc},
    {.name = "is_visible", .id = 4, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL},
};
static const fb_type type_dtc_dop = {"DTCDOP", FB_MEMO_dtc_dop, 5, dtc_dop_fields};

static const fb_field long_name_fields[] = {
    {.name = "value", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "ti", .id = 1, .kind = FB_STRING, .size = 4},
};
static const fb_type type_long_name = {"LongName", FB_MEMO_long_name, 2, long_name_fields};

static const fb_field switch_key_fields[] = {
    {.name = "byte_position", .id = 0, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32},
    {.name = "bit_position", .id = 1, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32,
        .optional = 1},
    {.name = "dop", .id = 2, .kind = FB_TABLE, .size = 4, .type = &type_dop},
};
static const fb_type type_switch_key = {"SwitchKey", FB_MEMO_switch_key, 3, switch_key_fields};

static const fb_field default_case_fields[] = {
    {.name = "short_name", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "long_name", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_long_name},
    {.name = "structure", .id = 2, .kind = FB_TABLE, .size = 4, .type = &type_dop},
};
static const fb_type type_default_case = {"DefaultCase", FB_MEMO_default_case, 3,
    default_case_fields};

static const fb_field case_fields[] = {
    {.name = "short_name", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "long_name", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_long_name},
    {.name = "structure", .id = 2, .kind = FB_TABLE, .size = 4, .type = &type_dop},
    {.name = "lower_limit", .id = 3, .kind = FB_TABLE, .size = 4, .type = &type_limit},
    {.name = "upper_limit", .id = 4, .kind = FB_TABLE, .size = 4, .type = &type_limit},
};
static const fb_type type_case = {"Case", FB_MEMO_case, 5, case_fields};

static const fb_field mux_dop_fields[] = {
    {.name = "byte_position", .id = 0, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32},
    {.name = "switch_key", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_switch_key},
    {.name = "default_case", .id = 2, .kind = FB_TABLE, .size = 4, .type = &type_default_case},
    {.name = "cases", .id = 3, .kind = FB_TABLES, .size = 4, .type = &type_case},
    {.name = "is_visible", .id = 4, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL},
};
static const fb_type type_mux_dop = {"MUXDOP", FB_MEMO_mux_dop, 5, mux_dop_fields};

static const fb_field determine_number_of_items_fields[] = {
    {.name = "byte_position", .id = 0, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32},
    {.name = "bit_position", .id = 1, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32},
    {.name = "dop", .id = 2, .kind = FB_TABLE, .size = 4, .type = &type_dop},
};
static const fb_type type_determine_number_of_items = {"DetermineNumberOfItems",
    FB_MEMO_determine_number_of_items, 3, determine_number_of_items_fields};

static const fb_field dynamic_length_field_fields[] = {
    {.name = "offset", .id = 0, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32},
    {.name = "field", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_field},
    {.name = "determine_number_of_items", .id = 2, .kind = FB_TABLE, .size = 4,
        .type = &type_determine_number_of_items},
};
static const fb_type type_dynamic_length_field = {"DynamicLengthField",
    FB_MEMO_dynamic_length_field, 3, dynamic_length_field_fields};

static const fb_field dop_fields[] = {
    {.name = "dop_type", .id = 0, .kind = FB_SCALAR, .size = 1, .scalar = FB_BYTE,
        .enum_type = &enum_dop_type},
    {.name = "short_name", .id = 1, .kind = FB_STRING, .size = 4},
    {.name = "sdgs", .id = 2, .kind = FB_TABLE, .size = 4, .type = &type_sdgs},
    {.name = "specific_data_type", .id = 3, .kind = FB_SCALAR, .size = 1, .elem_size = 1,
        .scalar = FB_UBYTE, .enum_type = &enum_specific_dop_data},
    {.name = "specific_data", .id = 4, .kind = FB_UNION, .size = 4,
        .members = union_specific_dop_data_members, .member_count = 10},
};
static const fb_type type_dop = {"DOP", FB_MEMO_dop, 5, dop_fields};

static const fb_field state_fields[] = {
    {.name = "short_name", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "long_name", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_long_name},
};
static const fb_type type_state = {"State", FB_MEMO_state, 2, state_fields};

static const fb_field state_chart_fields[] = {
    {.name = "short_name", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "semantic", .id = 1, .kind = FB_STRING, .size = 4},
    {.name = "state_transitions", .id = 2, .kind = FB_TABLES, .size = 4,
        .type = &type_state_transition},
    {.name = "start_state_short_name_ref", .id = 3, .kind = FB_STRING, .size = 4},
    {.name = "states", .id = 4, .kind = FB_TABLES, .size = 4, .type = &type_state},
};
static const fb_type type_state_chart = {"StateChart", FB_MEMO_state_chart, 5, state_chart_fields};

static const fb_field state_transition_fields[] = {
    {.name = "short_name", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "source_short_name_ref", .id = 1, .kind = FB_STRING, .size = 4},
    {.name = "target_short_name_ref", .id = 2, .kind = FB_STRING, .size = 4},
};
static const fb_type type_state_transition = {"StateTransition", FB_MEMO_state_transition, 3,
    state_transition_fields};

static const fb_field state_transition_ref_fields[] = {
    {.name = "value", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "state_transition", .id = 1, .kind = FB_TABLE, .size = 4,
        .type = &type_state_transition},
};
static const fb_type type_state_transition_ref = {"StateTransitionRef",
    FB_MEMO_state_transition_ref, 2, state_transition_ref_fields};

static const fb_field pre_condition_state_ref_fields[] = {
    {.name = "value", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "in_param_if_short_name", .id = 1, .kind = FB_STRING, .size = 4},
    {.name = "in_param_path_short_name", .id = 2, .kind = FB_STRING, .size = 4},
    {.name = "state", .id = 3, .kind = FB_TABLE, .size = 4, .type = &type_state},
};
static const fb_type type_pre_condition_state_ref = {"PreConditionStateRef",
    FB_MEMO_pre_condition_state_ref, 4, pre_condition_state_ref_fields};

static const fb_field table_row_fields[] = {
    {.name = "short_name", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "long_name", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_long_name},
    {.name = "key", .id = 2, .kind = FB_STRING, .size = 4},
    {.name = "dop", .id = 3, .kind = FB_TABLE, .size = 4, .type = &type_dop},
    {.name = "structure", .id = 4, .kind = FB_TABLE, .size = 4, .type = &type_dop},
    {.name = "sdgs", .id = 5, .kind = FB_TABLE, .size = 4, .type = &type_sdgs},
    {.name = "audience", .id = 6, .kind = FB_TABLE, .size = 4, .type = &type_audience},
    {.name = "funct_class_refs", .id = 7, .kind = FB_TABLES, .size = 4, .type = &type_funct_class},
    {.name = "state_transition_refs", .id = 8, .kind = FB_TABLES, .size = 4,
        .type = &type_state_transition_ref},
    {.name = "pre_condition_state_refs", .id = 9, .kind = FB_TABLES, .size = 4,
        .type = &type_pre_condition_state_ref},
    {.name = "is_executable", .id = 10, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL,
        .default_value = 1},
    {.name = "semantic", .id = 11, .kind = FB_STRING, .size = 4},
    {.name = "is_mandatory", .id = 12, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL},
    {.name = "is_final", .id = 13, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL},
};
static const fb_type type_table_row = {"TableRow", FB_MEMO_table_row, 14, table_row_fields};

static const fb_field table_diag_comm_connector_fields[] = {
    {.name = "diag_comm_type", .id = 0, .kind = FB_SCALAR, .size = 1, .elem_size = 1,
        .scalar = FB_UBYTE, .enum_type = &enum_diag_service_or_job},
    {.name = "diag_comm", .id = 1, .kind = FB_UNION, .size = 4,
        .members = union_diag_service_or_job_members, .member_count = 3},
    {.name = "semantic", .id = 2, .kind = FB_STRING, .size = 4},
};
static const fb_type type_table_diag_comm_connector = {"TableDiagCommConnector",
    FB_MEMO_table_diag_comm_connector, 3, table_diag_comm_connector_fields};

static const fb_field table_dop_fields[] = {
    {.name = "semantic", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "short_name", .id = 1, .kind = FB_STRING, .size = 4},
    {.name = "long_name", .id = 2, .kind = FB_TABLE, .size = 4, .type = &type_long_name},
    {.name = "key_label", .id = 3, .kind = FB_STRING, .size = 4},
    {.name = "struct_label", .id = 4, .kind = FB_STRING, .size = 4},
    {.name = "key_dop", .id = 5, .kind = FB_TABLE, .size = 4, .type = &type_dop},
    {.name = "rows", .id = 6, .kind = FB_TABLES, .size = 4, .type = &type_table_row},
    {.name = "diag_comm_connector", .id = 7, .kind = FB_TABLES, .size = 4,
        .type = &type_table_diag_comm_connector},
    {.name = "sdgs", .id = 8, .kind = FB_TABLE, .size = 4, .type = &type_sdgs},
};
static const fb_type type_table_dop = {"TableDop", FB_MEMO_table_dop, 9, table_dop_fields};

static const fb_field coded_const_fields[] = {
    {.name = "coded_value", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "diag_coded_type", .id = 1, .kind = FB_TABLE, .size = 4,
        .type = &type_diag_coded_type},
};
static const fb_type type_coded_const = {"CodedConst", FB_MEMO_coded_const, 2, coded_const_fields};

static const fb_type type_dynamic = {"Dynamic", FB_MEMO_dynamic, 0, NULL};

static const fb_field length_key_ref_fields[] = {
    {.name = "dop", .id = 0, .kind = FB_TABLE, .size = 4, .type = &type_dop},
};
static const fb_type type_length_key_ref = {"LengthKeyRef", FB_MEMO_length_key_ref, 1,
    length_key_ref_fields};

static const fb_field matching_request_param_fields[] = {
    {.name = "request_byte_pos", .id = 0, .kind = FB_SCALAR, .size = 4, .scalar = FB_INT32},
    {.name = "byte_length", .id = 1, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32},
};
static const fb_type type_matching_request_param = {"MatchingRequestParam",
    FB_MEMO_matching_request_param, 2, matching_request_param_fields};

static const fb_field nrc_const_fields[] = {
    {.name = "coded_values", .id = 0, .kind = FB_STRINGS, .size = 4},
    {.name = "diag_coded_type", .id = 1, .kind = FB_TABLE, .size = 4,
        .type = &type_diag_coded_type},
};
static const fb_type type_nrc_const = {"NrcConst", FB_MEMO_nrc_const, 2, nrc_const_fields};

static const fb_field phys_const_fields[] = {
    {.name = "phys_constant_value", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "dop", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_dop},
};
static const fb_type type_phys_const = {"PhysConst", FB_MEMO_phys_const, 2, phys_const_fields};

static const fb_field reserved_fields[] = {
    {.name = "bit_length", .id = 0, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32},
};
static const fb_type type_reserved = {"Reserved", FB_MEMO_reserved, 1, reserved_fields};

static const fb_field system_fields[] = {
    {.name = "dop", .id = 0, .kind = FB_TABLE, .size = 4, .type = &type_dop},
    {.name = "sys_param", .id = 1, .kind = FB_STRING, .size = 4},
};
static const fb_type type_system = {"System", FB_MEMO_system, 2, system_fields};

static const fb_field table_entry_fields[] = {
    {.name = "param", .id = 0, .kind = FB_TABLE, .size = 4, .type = &type_param},
    {.name = "target", .id = 1, .kind = FB_SCALAR, .size = 1, .scalar = FB_BYTE,
        .enum_type = &enum_table_entry_row_fragment},
    {.name = "table_row", .id = 2, .kind = FB_TABLE, .size = 4, .type = &type_table_row},
};
static const fb_type type_table_entry = {"TableEntry", FB_MEMO_table_entry, 3, table_entry_fields};

static const fb_field table_key_fields[] = {
    {.name = "table_key_reference_type", .id = 0, .kind = FB_SCALAR, .size = 1, .elem_size = 1,
        .scalar = FB_UBYTE, .enum_type = &enum_table_key_reference},
    {.name = "table_key_reference", .id = 1, .kind = FB_UNION, .size = 4,
        .members = union_table_key_reference_members, .member_count = 3},
};
static const fb_type type_table_key = {"TableKey", FB_MEMO_table_key, 2, table_key_fields};

static const fb_field table_struct_fields[] = {
    {.name = "table_key", .id = 0, .kind = FB_TABLE, .size = 4, .type = &type_param},
};
static const fb_type type_table_struct = {"TableStruct", FB_MEMO_table_struct, 1,
    table_struct_fields};

static const fb_field value_fields[] = {
    {.name = "physical_default_value", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "dop", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_dop},
};
static const fb_type type_value = {"Value", FB_MEMO_value, 2, value_fields};

static const fb_field param_fields[] = {
    {.name = "id", .id = 0, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32},
    {.name = "param_type", .id = 1, .kind = FB_SCALAR, .size = 1, .scalar = FB_BYTE,
        .enum_type = &enum_param_type},
    {.name = "short_name", .id = 2, .kind = FB_STRING, .size = 4},
    {.name = "semantic", .id = 3, .kind = FB_STRING, .size = 4},
    {.name = "sdgs", .id = 4, .kind = FB_TABLE, .size = 4, .type = &type_sdgs},
    {.name = "physical_default_value", .id = 5, .kind = FB_STRING, .size = 4},
    {.name = "byte_position", .id = 6, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32,
        .optional = 1},
    {.name = "bit_position", .id = 7, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32,
        .optional = 1},
    {.name = "specific_data_type", .id = 8, .kind = FB_SCALAR, .size = 1, .elem_size = 1,
        .scalar = FB_UBYTE, .enum_type = &enum_param_specific_data},
    {.name = "specific_data", .id = 9, .kind = FB_UNION, .size = 4,
        .members = union_param_specific_data_members, .member_count = 13},
};
static const fb_type type_param = {"Param", FB_MEMO_param, 10, param_fields};

static const fb_field funct_class_fields[] = {
    {.name = "short_name", .id = 0, .kind = FB_STRING, .size = 4},
};
static const fb_type type_funct_class = {"FunctClass", FB_MEMO_funct_class, 1, funct_class_fields};

static const fb_field request_fields[] = {
    {.name = "params", .id = 0, .kind = FB_TABLES, .size = 4, .type = &type_param},
    {.name = "sdgs", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_sdgs},
};
static const fb_type type_request = {"Request", FB_MEMO_request, 2, request_fields};

static const fb_field response_fields[] = {
    {.name = "response_type", .id = 0, .kind = FB_SCALAR, .size = 1, .scalar = FB_BYTE,
        .enum_type = &enum_response_type},
    {.name = "params", .id = 1, .kind = FB_TABLES, .size = 4, .type = &type_param},
    {.name = "sdgs", .id = 2, .kind = FB_TABLE, .size = 4, .type = &type_sdgs},
};
static const fb_type type_response = {"Response", FB_MEMO_response, 3, response_fields};

static const fb_field additional_audience_fields[] = {
    {.name = "short_name", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "long_name", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_long_name},
};
static const fb_type type_additional_audience = {"AdditionalAudience",
    FB_MEMO_additional_audience, 2, additional_audience_fields};

static const fb_field diag_comm_fields[] = {
    {.name = "short_name", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "long_name", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_long_name},
    {.name = "semantic", .id = 2, .kind = FB_STRING, .size = 4},
    {.name = "funct_class", .id = 3, .kind = FB_TABLES, .size = 4, .type = &type_funct_class},
    {.name = "sdgs", .id = 4, .kind = FB_TABLE, .size = 4, .type = &type_sdgs},
    {.name = "diag_class_type", .id = 5, .kind = FB_SCALAR, .size = 1, .scalar = FB_BYTE,
        .enum_type = &enum_diag_class_type},
    {.name = "pre_condition_state_refs", .id = 6, .kind = FB_TABLES, .size = 4,
        .type = &type_pre_condition_state_ref},
    {.name = "state_transition_refs", .id = 7, .kind = FB_TABLES, .size = 4,
        .type = &type_state_transition_ref},
    {.name = "protocols", .id = 8, .kind = FB_TABLES, .size = 4, .type = &type_protocol},
    {.name = "audience", .id = 9, .kind = FB_TABLE, .size = 4, .type = &type_audience},
    {.name = "is_mandatory", .id = 10, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL},
    {.name = "is_executable", .id = 11, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL,
        .default_value = 1},
    {.name = "is_final", .id = 12, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL},
};
static const fb_type type_diag_comm = {"DiagComm", FB_MEMO_diag_comm, 13, diag_comm_fields};

static const fb_field diag_service_fields[] = {
    {.name = "diag_comm", .id = 0, .kind = FB_TABLE, .size = 4, .type = &type_diag_comm},
    {.name = "request", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_request},
    {.name = "pos_responses", .id = 2, .kind = FB_TABLES, .size = 4, .type = &type_response},
    {.name = "neg_responses", .id = 3, .kind = FB_TABLES, .size = 4, .type = &type_response},
    {.name = "is_cyclic", .id = 4, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL},
    {.name = "is_multiple", .id = 5, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL},
    {.name = "addressing", .id = 6, .kind = FB_SCALAR, .size = 1, .scalar = FB_BYTE,
        .enum_type = &enum_addressing},
    {.name = "transmission_mode", .id = 7, .kind = FB_SCALAR, .size = 1, .scalar = FB_BYTE,
        .enum_type = &enum_transmission_mode},
    {.name = "com_param_refs", .id = 8, .kind = FB_TABLES, .size = 4, .type = &type_com_param_ref},
};
static const fb_type type_diag_service = {"DiagService", FB_MEMO_diag_service, 9,
    diag_service_fields};

static const fb_field prog_code_fields[] = {
    {.name = "code_file", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "encryption", .id = 1, .kind = FB_STRING, .size = 4},
    {.name = "syntax", .id = 2, .kind = FB_STRING, .size = 4},
    {.name = "revision", .id = 3, .kind = FB_STRING, .size = 4},
    {.name = "entrypoint", .id = 4, .kind = FB_STRING, .size = 4},
    {.name = "library", .id = 5, .kind = FB_TABLES, .size = 4, .type = &type_library},
};
static const fb_type type_prog_code = {"ProgCode", FB_MEMO_prog_code, 6, prog_code_fields};

static const fb_field job_param_fields[] = {
    {.name = "short_name", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "long_name", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_long_name},
    {.name = "physical_default_value", .id = 2, .kind = FB_STRING, .size = 4},
    {.name = "dop_base", .id = 3, .kind = FB_TABLE, .size = 4, .type = &type_dop},
    {.name = "semantic", .id = 4, .kind = FB_STRING, .size = 4},
};
static const fb_type type_job_param = {"JobParam", FB_MEMO_job_param, 5, job_param_fields};

static const fb_field single_ecu_job_fields[] = {
    {.name = "diag_comm", .id = 0, .kind = FB_TABLE, .size = 4, .type = &type_diag_comm},
    {.name = "prog_codes", .id = 1, .kind = FB_TABLES, .size = 4, .type = &type_prog_code},
    {.name = "input_params", .id = 2, .kind = FB_TABLES, .size = 4, .type = &type_job_param},
    {.name = "output_params", .id = 3, .kind = FB_TABLES, .size = 4, .type = &type_job_param},
    {.name = "neg_output_params", .id = 4, .kind = FB_TABLES, .size = 4, .type = &type_job_param},
};
static const fb_type type_single_ecu_job = {"SingleEcuJob", FB_MEMO_single_ecu_job, 5,
    single_ecu_job_fields};

static const fb_field matching_parameter_fields[] = {
    {.name = "expected_value", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "diag_service", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_diag_service},
    {.name = "out_param", .id = 2, .kind = FB_TABLE, .size = 4, .type = &type_param},
    {.name = "use_physical_addressing", .id = 3, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL,
        .optional = 1},
};
static const fb_type type_matching_parameter = {"MatchingParameter", FB_MEMO_matching_parameter,
    4, matching_parameter_fields};

static const fb_field variant_pattern_fields[] = {
    {.name = "matching_parameter", .id = 0, .kind = FB_TABLES, .size = 4,
        .type = &type_matching_parameter},
};
static const fb_type type_variant_pattern = {"VariantPattern", FB_MEMO_variant_pattern, 1,
    variant_pattern_fields};

static const fb_field diag_layer_fields[] = {
    {.name = "short_name", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "long_name", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_long_name},
    {.name = "funct_classes", .id = 2, .kind = FB_TABLES, .size = 4, .type = &type_funct_class},
    {.name = "com_param_refs", .id = 3, .kind = FB_TABLES, .size = 4, .type = &type_com_param_ref},
    {.name = "diag_services", .id = 4, .kind = FB_TABLES, .size = 4, .type = &type_diag_service},
    {.name = "single_ecu_jobs", .id = 5, .kind = FB_TABLES, .size = 4,
        .type = &type_single_ecu_job},
    {.name = "state_charts", .id = 6, .kind = FB_TABLES, .size = 4, .type = &type_state_chart},
    {.name = "additional_audiences", .id = 7, .kind = FB_TABLES, .size = 4,
        .type = &type_additional_audience},
    {.name = "sdgs", .id = 8, .kind = FB_TABLE, .size = 4, .type = &type_sdgs},
};
static const fb_type type_diag_layer = {"DiagLayer", FB_MEMO_diag_layer, 9, diag_layer_fields};

static const fb_field functional_group_fields[] = {
    {.name = "diag_layer", .id = 0, .kind = FB_TABLE, .size = 4, .type = &type_diag_layer},
    {.name = "parent_refs", .id = 1, .kind = FB_TABLES, .size = 4, .type = &type_parent_ref},
};
static const fb_type type_functional_group = {"FunctionalGroup", FB_MEMO_functional_group, 2,
    functional_group_fields};

static const fb_field parent_ref_fields[] = {
    {.name = "ref_type", .id = 0, .kind = FB_SCALAR, .size = 1, .elem_size = 1,
        .scalar = FB_UBYTE, .enum_type = &enum_parent_ref_type},
    {.name = "ref", .id = 1, .kind = FB_UNION, .size = 4,
        .members = union_parent_ref_type_members, .member_count = 6},
    {.name = "not_inherited_diag_comm_short_names", .id = 2, .kind = FB_STRINGS, .size = 4},
    {.name = "not_inherited_variables_short_names", .id = 3, .kind = FB_STRINGS, .size = 4},
    {.name = "not_inherited_dops_short_names", .id = 4, .kind = FB_STRINGS, .size = 4},
    {.name = "not_inherited_tables_short_names", .id = 5, .kind = FB_STRINGS, .size = 4},
    {.name = "not_inherited_global_neg_responses_short_names", .id = 6, .kind = FB_STRINGS,
        .size = 4},
};
static const fb_type type_parent_ref = {"ParentRef", FB_MEMO_parent_ref, 7, parent_ref_fields};

static const fb_field ecu_shared_data_fields[] = {
    {.name = "diag_layer", .id = 0, .kind = FB_TABLE, .size = 4, .type = &type_diag_layer},
};
static const fb_type type_ecu_shared_data = {"EcuSharedData", FB_MEMO_ecu_shared_data, 1,
    ecu_shared_data_fields};

static const fb_field variant_fields[] = {
    {.name = "diag_layer", .id = 0, .kind = FB_TABLE, .size = 4, .type = &type_diag_layer},
    {.name = "is_base_variant", .id = 1, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL},
    {.name = "variant_pattern", .id = 2, .kind = FB_TABLES, .size = 4,
        .type = &type_variant_pattern},
    {.name = "parent_refs", .id = 3, .kind = FB_TABLES, .size = 4, .type = &type_parent_ref},
};
static const fb_type type_variant = {"Variant", FB_MEMO_variant, 4, variant_fields};

static const fb_field simple_value_fields[] = {
    {.name = "value", .id = 0, .kind = FB_STRING, .size = 4},
};
static const fb_type type_simple_value = {"SimpleValue", FB_MEMO_simple_value, 1,
    simple_value_fields};

static const fb_field complex_value_fields[] = {
    {.name = "entries_type", .id = 0, .kind = FB_SCALARS, .size = 4, .elem_size = 1,
        .scalar = FB_UBYTE, .enum_type = &enum_simple_or_complex_value_entry},
    {.name = "entries", .id = 1, .kind = FB_UNIONS, .size = 4,
        .members = union_simple_or_complex_value_entry_members, .member_count = 3},
};
static const fb_type type_complex_value = {"ComplexValue", FB_MEMO_complex_value, 2,
    complex_value_fields};

static const fb_field protocol_fields[] = {
    {.name = "diag_layer", .id = 0, .kind = FB_TABLE, .size = 4, .type = &type_diag_layer},
    {.name = "com_param_spec", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_com_param_spec},
    {.name = "prot_stack", .id = 2, .kind = FB_TABLE, .size = 4, .type = &type_prot_stack},
    {.name = "parent_refs", .id = 3, .kind = FB_TABLES, .size = 4, .type = &type_parent_ref},
};
static const fb_type type_protocol = {"Protocol", FB_MEMO_protocol, 4, protocol_fields};

static const fb_field com_param_ref_fields[] = {
    {.name = "simple_value", .id = 0, .kind = FB_TABLE, .size = 4, .type = &type_simple_value},
    {.name = "complex_value", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_complex_value},
    {.name = "com_param", .id = 2, .kind = FB_TABLE, .size = 4, .type = &type_com_param},
    {.name = "protocol", .id = 3, .kind = FB_TABLE, .size = 4, .type = &type_protocol},
    {.name = "prot_stack", .id = 4, .kind = FB_TABLE, .size = 4, .type = &type_prot_stack},
};
static const fb_type type_com_param_ref = {"ComParamRef", FB_MEMO_com_param_ref, 5,
    com_param_ref_fields};

static const fb_field regular_com_param_fields[] = {
    {.name = "physical_default_value", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "dop", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_dop},
};
static const fb_type type_regular_com_param = {"RegularComParam", FB_MEMO_regular_com_param, 2,
    regular_com_param_fields};

static const fb_field complex_com_param_fields[] = {
    {.name = "com_params", .id = 0, .kind = FB_TABLES, .size = 4, .type = &type_com_param},
    {.name = "complex_physical_default_values", .id = 1, .kind = FB_TABLES, .size = 4,
        .type = &type_complex_value},
    {.name = "allow_multiple_values", .id = 2, .kind = FB_SCALAR, .size = 1, .scalar = FB_BOOL},
};
static const fb_type type_complex_com_param = {"ComplexComParam", FB_MEMO_complex_com_param, 3,
    complex_com_param_fields};

static const fb_field com_param_fields[] = {
    {.name = "com_param_type", .id = 0, .kind = FB_SCALAR, .size = 1, .scalar = FB_BYTE,
        .enum_type = &enum_com_param_type},
    {.name = "short_name", .id = 1, .kind = FB_STRING, .size = 4},
    {.name = "long_name", .id = 2, .kind = FB_TABLE, .size = 4, .type = &type_long_name},
    {.name = "param_class", .id = 3, .kind = FB_STRING, .size = 4},
    {.name = "cp_type", .id = 4, .kind = FB_SCALAR, .size = 1, .scalar = FB_BYTE,
        .enum_type = &enum_com_param_standardisation_level},
    {.name = "display_level", .id = 5, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32,
        .optional = 1},
    {.name = "cp_usage", .id = 6, .kind = FB_SCALAR, .size = 1, .scalar = FB_BYTE,
        .enum_type = &enum_com_param_usage},
    {.name = "specific_data_type", .id = 7, .kind = FB_SCALAR, .size = 1, .elem_size = 1,
        .scalar = FB_UBYTE, .enum_type = &enum_com_param_specific_data},
    {.name = "specific_data", .id = 8, .kind = FB_UNION, .size = 4,
        .members = union_com_param_specific_data_members, .member_count = 3},
};
static const fb_type type_com_param = {"ComParam", FB_MEMO_com_param, 9, com_param_fields};

static const fb_field physical_dimension_fields[] = {
    {.name = "short_name", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "long_name", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_long_name},
    {.name = "length_exp", .id = 2, .kind = FB_SCALAR, .size = 4, .scalar = FB_INT32,
        .optional = 1},
    {.name = "mass_exp", .id = 3, .kind = FB_SCALAR, .size = 4, .scalar = FB_INT32, .optional = 1},
    {.name = "time_exp", .id = 4, .kind = FB_SCALAR, .size = 4, .scalar = FB_INT32, .optional = 1},
    {.name = "current_exp", .id = 5, .kind = FB_SCALAR, .size = 4, .scalar = FB_INT32,
        .optional = 1},
    {.name = "temperature_exp", .id = 6, .kind = FB_SCALAR, .size = 4, .scalar = FB_INT32,
        .optional = 1},
    {.name = "molar_amount_exp", .id = 7, .kind = FB_SCALAR, .size = 4, .scalar = FB_INT32,
        .optional = 1},
    {.name = "luminous_intensity_exp", .id = 8, .kind = FB_SCALAR, .size = 4, .scalar = FB_INT32,
        .optional = 1},
};
static const fb_type type_physical_dimension = {"PhysicalDimension", FB_MEMO_physical_dimension,
    9, physical_dimension_fields};

static const fb_field unit_group_fields[] = {
    {.name = "short_name", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "long_name", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_long_name},
    {.name = "unitrefs", .id = 2, .kind = FB_TABLES, .size = 4, .type = &type_unit},
};
static const fb_type type_unit_group = {"UnitGroup", FB_MEMO_unit_group, 3, unit_group_fields};

static const fb_field unit_spec_fields[] = {
    {.name = "unit_groups", .id = 0, .kind = FB_TABLES, .size = 4, .type = &type_unit_group},
    {.name = "units", .id = 1, .kind = FB_TABLES, .size = 4, .type = &type_unit},
    {.name = "physical_dimensions", .id = 2, .kind = FB_TABLES, .size = 4,
        .type = &type_physical_dimension},
    {.name = "sdgs", .id = 3, .kind = FB_TABLE, .size = 4, .type = &type_sdgs},
};
static const fb_type type_unit_spec = {"UnitSpec", FB_MEMO_unit_spec, 4, unit_spec_fields};

static const fb_field com_param_sub_set_fields[] = {
    {.name = "com_params", .id = 0, .kind = FB_TABLES, .size = 4, .type = &type_com_param},
    {.name = "complex_com_params", .id = 1, .kind = FB_TABLES, .size = 4, .type = &type_com_param},
    {.name = "data_object_props", .id = 2, .kind = FB_TABLES, .size = 4, .type = &type_dop},
    {.name = "unit_spec", .id = 3, .kind = FB_TABLE, .size = 4, .type = &type_unit_spec},
};
static const fb_type type_com_param_sub_set = {"ComParamSubSet", FB_MEMO_com_param_sub_set, 4,
    com_param_sub_set_fields};

static const fb_field prot_stack_fields[] = {
    {.name = "short_name", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "long_name", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_long_name},
    {.name = "pdu_protocol_type", .id = 2, .kind = FB_STRING, .size = 4},
    {.name = "physical_link_type", .id = 3, .kind = FB_STRING, .size = 4},
    {.name = "comparam_subset_refs", .id = 4, .kind = FB_TABLES, .size = 4,
        .type = &type_com_param_sub_set},
};
static const fb_type type_prot_stack = {"ProtStack", FB_MEMO_prot_stack, 5, prot_stack_fields};

static const fb_field com_param_spec_fields[] = {
    {.name = "prot_stacks", .id = 0, .kind = FB_TABLES, .size = 4, .type = &type_prot_stack},
};
static const fb_type type_com_param_spec = {"ComParamSpec", FB_MEMO_com_param_spec, 1,
    com_param_spec_fields};

static const fb_field library_fields[] = {
    {.name = "short_name", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "long_name", .id = 1, .kind = FB_TABLE, .size = 4, .type = &type_long_name},
    {.name = "code_file", .id = 2, .kind = FB_STRING, .size = 4},
    {.name = "encryption", .id = 3, .kind = FB_STRING, .size = 4},
    {.name = "syntax", .id = 4, .kind = FB_STRING, .size = 4},
    {.name = "entry_point", .id = 5, .kind = FB_STRING, .size = 4},
};
static const fb_type type_library = {"Library", FB_MEMO_library, 6, library_fields};

static const fb_field ecu_data_fields[] = {
    {.name = "version", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "ecu_name", .id = 1, .kind = FB_STRING, .size = 4},
    {.name = "revision", .id = 2, .kind = FB_STRING, .size = 4},
    {.name = "metadata", .id = 3, .kind = FB_TABLES, .size = 4, .type = &type_key_value},
    {.name = "feature_flags", .id = 4, .kind = FB_SCALARS, .size = 4, .elem_size = 1,
        .scalar = FB_BYTE, .enum_type = &enum_feature_flag},
    {.name = "variants", .id = 5, .kind = FB_TABLES, .size = 4, .type = &type_variant},
    {.name = "functional_groups", .id = 6, .kind = FB_TABLES, .size = 4,
        .type = &type_functional_group},
    {.name = "dtcs", .id = 7, .kind = FB_TABLES, .size = 4, .type = &type_dtc},
};
static const fb_type type_ecu_data = {"EcuData", FB_MEMO_ecu_data, 8, ecu_data_fields};

static const fb_field key_value_fields[] = {
    {.name = "key", .id = 0, .kind = FB_STRING, .size = 4},
    {.name = "value", .id = 1, .kind = FB_STRING, .size = 4},
};
static const fb_type type_key_value = {"KeyValue", FB_MEMO_key_value, 2, key_value_fields};

#endif
