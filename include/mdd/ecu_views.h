/* SPDX-License-Identifier: Apache-2.0 */
/* Generated from schema/ecu_data.fbs by schema/generate.py. Do not edit: change the
 * schema and run `make generate`. */
/* libmdd: typed, zero-copy views of every table of the EcuData FlatBuffer.
 *
 * Each view wraps an mdd_fb_table (or mdd_fb_vector) pointing into the payload buffer: nothing
 * is allocated or copied, and views stay valid as long as the buffer. Every accessor is a
 * static inline call of a bounds-checked read primitive of <mdd/fb.h>, so a view over
 * unverified or corrupt bytes reads absent values and defaults, never out of bounds.
 *
 * Names: table T is mdd_<t>, field F of T is mdd_<t>_<f>(view), with the schema's names in
 * lower case with underscores. A union field F is F_type (the tag) and one accessor per
 * member, mdd_<t>_<member>(view), absent unless the tag names that member. The vector of
 * unions F is F_count, F_type_at(view, i) and F_<member>_at(view, i). Scalars return their
 * schema default when absent; optional scalars (`= null`) return 1 and set *out when present,
 * 0 when absent. Enums come back as the stored byte, so unknown values are kept;
 * mdd_ecu_enum_name() names them. */
#ifndef MDD_ECU_VIEWS_H
#define MDD_ECU_VIEWS_H

#include <mdd/fb.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Enums (stored as one byte; accessors return the raw value) ---- */

/* Schema enum DiagCodedTypeName. */
enum mdd_diag_coded_type_name {
    MDD_DIAG_CODED_TYPE_NAME_LEADING_LENGTH_INFO_TYPE = 0,
    MDD_DIAG_CODED_TYPE_NAME_MIN_MAX_LENGTH_TYPE = 1,
    MDD_DIAG_CODED_TYPE_NAME_PARAM_LENGTH_INFO_TYPE = 2,
    MDD_DIAG_CODED_TYPE_NAME_STANDARD_LENGTH_TYPE = 3
};

/* Schema enum Termination. */
enum mdd_termination {
    MDD_TERMINATION_END_OF_PDU = 0,
    MDD_TERMINATION_ZERO = 1,
    MDD_TERMINATION_HEX_FF = 2
};

/* Schema enum DataType. */
enum mdd_data_type {
    MDD_DATA_TYPE_A_INT_32 = 0,
    MDD_DATA_TYPE_A_UINT_32 = 1,
    MDD_DATA_TYPE_A_FLOAT_32 = 2,
    MDD_DATA_TYPE_A_ASCIISTRING = 3,
    MDD_DATA_TYPE_A_UTF_8_STRING = 4,
    MDD_DATA_TYPE_A_UNICODE_2_STRING = 5,
    MDD_DATA_TYPE_A_BYTEFIELD = 6,
    MDD_DATA_TYPE_A_FLOAT_64 = 7
};

/* Schema enum IntervalType. */
enum mdd_interval_type {
    MDD_INTERVAL_TYPE_OPEN = 0,
    MDD_INTERVAL_TYPE_CLOSED = 1,
    MDD_INTERVAL_TYPE_INFINITE = 2
};

/* Schema enum CompuCategory. */
enum mdd_compu_category {
    MDD_COMPU_CATEGORY_IDENTICAL = 0,
    MDD_COMPU_CATEGORY_LINEAR = 1,
    MDD_COMPU_CATEGORY_SCALE_LINEAR = 2,
    MDD_COMPU_CATEGORY_TEXT_TABLE = 3,
    MDD_COMPU_CATEGORY_COMPU_CODE = 4,
    MDD_COMPU_CATEGORY_TAB_INTP = 5,
    MDD_COMPU_CATEGORY_RAT_FUNC = 6,
    MDD_COMPU_CATEGORY_SCALE_RAT_FUNC = 7
};

/* Schema enum PhysicalTypeDataType. */
enum mdd_physical_type_data_type {
    MDD_PHYSICAL_TYPE_DATA_TYPE_A_INT_32 = 0,
    MDD_PHYSICAL_TYPE_DATA_TYPE_A_UINT_32 = 1,
    MDD_PHYSICAL_TYPE_DATA_TYPE_A_FLOAT_32 = 2,
    MDD_PHYSICAL_TYPE_DATA_TYPE_A_ASCIISTRING = 3,
    MDD_PHYSICAL_TYPE_DATA_TYPE_A_UTF_8_STRING = 4,
    MDD_PHYSICAL_TYPE_DATA_TYPE_A_UNICODE_2_STRING = 5,
    MDD_PHYSICAL_TYPE_DATA_TYPE_A_BYTEFIELD = 6,
    MDD_PHYSICAL_TYPE_DATA_TYPE_A_FLOAT_64 = 7
};

/* Schema enum Radix. */
enum mdd_radix {
    MDD_RADIX_HEX = 0,
    MDD_RADIX_DEC = 1,
    MDD_RADIX_BIN = 2,
    MDD_RADIX_OCT = 3
};

/* Schema enum ValidType. */
enum mdd_valid_type {
    MDD_VALID_TYPE_VALID = 0,
    MDD_VALID_TYPE_NOT_VALID = 1,
    MDD_VALID_TYPE_NOT_DEFINED = 2,
    MDD_VALID_TYPE_NOT_AVAILABLE = 3
};

/* Schema enum DOPType. */
enum mdd_dop_type {
    MDD_DOP_TYPE_REGULAR = 0,
    MDD_DOP_TYPE_ENV_DATA_DESC = 1,
    MDD_DOP_TYPE_MUX = 2,
    MDD_DOP_TYPE_DYNAMIC_END_MARKER_FIELD = 3,
    MDD_DOP_TYPE_DYNAMIC_LENGTH_FIELD = 4,
    MDD_DOP_TYPE_END_OF_PDU_FIELD = 5,
    MDD_DOP_TYPE_STATIC_FIELD = 6,
    MDD_DOP_TYPE_ENV_DATA = 7,
    MDD_DOP_TYPE_STRUCTURE = 8,
    MDD_DOP_TYPE_DTC = 9
};

/* Schema enum ParamType. */
enum mdd_param_type {
    MDD_PARAM_TYPE_CODED_CONST = 0,
    MDD_PARAM_TYPE_DYNAMIC = 1,
    MDD_PARAM_TYPE_LENGTH_KEY = 2,
    MDD_PARAM_TYPE_MATCHING_REQUEST_PARAM = 3,
    MDD_PARAM_TYPE_NRC_CONST = 4,
    MDD_PARAM_TYPE_PHYS_CONST = 5,
    MDD_PARAM_TYPE_RESERVED = 6,
    MDD_PARAM_TYPE_SYSTEM = 7,
    MDD_PARAM_TYPE_TABLE_ENTRY = 8,
    MDD_PARAM_TYPE_TABLE_KEY = 9,
    MDD_PARAM_TYPE_TABLE_STRUCT = 10,
    MDD_PARAM_TYPE_VALUE = 11
};

/* Schema enum TableEntryRowFragment. */
enum mdd_table_entry_row_fragment {
    MDD_TABLE_ENTRY_ROW_FRAGMENT_KEY = 0,
    MDD_TABLE_ENTRY_ROW_FRAGMENT_STRUCT = 1
};

/* Schema enum ResponseType. */
enum mdd_response_type {
    MDD_RESPONSE_TYPE_POS_RESPONSE = 0,
    MDD_RESPONSE_TYPE_NEG_RESPONSE = 1,
    MDD_RESPONSE_TYPE_GLOBAL_NEG_RESPONSE = 2
};

/* Schema enum DiagClassType. */
enum mdd_diag_class_type {
    MDD_DIAG_CLASS_TYPE_START_COMM = 0,
    MDD_DIAG_CLASS_TYPE_STOP_COMM = 1,
    MDD_DIAG_CLASS_TYPE_VARIANT_IDENTIFICATION = 2,
    MDD_DIAG_CLASS_TYPE_READ_DYN_DEF_MESSAGE = 3,
    MDD_DIAG_CLASS_TYPE_DYN_DEF_MESSAGE = 4,
    MDD_DIAG_CLASS_TYPE_CLEAR_DYN_DEF_MESSAGE = 5
};

/* Schema enum TransmissionMode. */
enum mdd_transmission_mode {
    MDD_TRANSMISSION_MODE_SEND_ONLY = 0,
    MDD_TRANSMISSION_MODE_RECEIVE_ONLY = 1,
    MDD_TRANSMISSION_MODE_SEND_AND_RECEIVE = 2,
    MDD_TRANSMISSION_MODE_SEND_OR_RECEIVE = 3
};

/* Schema enum Addressing. */
enum mdd_addressing {
    MDD_ADDRESSING_FUNCTIONAL = 0,
    MDD_ADDRESSING_PHYSICAL = 1,
    MDD_ADDRESSING_FUNCTIONAL_OR_PHYSICAL = 2
};

/* Schema enum ComParamType. */
enum mdd_com_param_type {
    MDD_COM_PARAM_TYPE_REGULAR = 0,
    MDD_COM_PARAM_TYPE_COMPLEX = 1
};

/* Schema enum ComParamStandardisationLevel. */
enum mdd_com_param_standardisation_level {
    MDD_COM_PARAM_STANDARDISATION_LEVEL_STANDARD = 0,
    MDD_COM_PARAM_STANDARDISATION_LEVEL_OEM_SPECIFIC = 1,
    MDD_COM_PARAM_STANDARDISATION_LEVEL_OPTIONAL = 2,
    MDD_COM_PARAM_STANDARDISATION_LEVEL_OEM_OPTIONAL = 3
};

/* Schema enum ComParamUsage. */
enum mdd_com_param_usage {
    MDD_COM_PARAM_USAGE_ECU_SOFTWARE = 0,
    MDD_COM_PARAM_USAGE_ECU_COMM = 1,
    MDD_COM_PARAM_USAGE_APPLICATION = 2,
    MDD_COM_PARAM_USAGE_TESTER = 3
};

/* Schema enum UnitGroupCategory. */
enum mdd_unit_group_category {
    MDD_UNIT_GROUP_CATEGORY_COUNTRY = 0,
    MDD_UNIT_GROUP_CATEGORY_EQUIV_UNITS = 1
};

/* Schema enum FeatureFlag. */
enum mdd_feature_flag {
    MDD_FEATURE_FLAG_RESERVED = 0
};

/* Schema union SDxorSDG: the tag of its member. */
enum mdd_sd_xor_sdg {
    MDD_SD_XOR_SDG_NONE = 0,
    MDD_SD_XOR_SDG_SD = 1,
    MDD_SD_XOR_SDG_SDG = 2
};

/* Schema union SpecificDataType: the tag of its member. */
enum mdd_specific_data_type {
    MDD_SPECIFIC_DATA_TYPE_NONE = 0,
    MDD_SPECIFIC_DATA_TYPE_LEADING_LENGTH_INFO_TYPE = 1,
    MDD_SPECIFIC_DATA_TYPE_MIN_MAX_LENGTH_TYPE = 2,
    MDD_SPECIFIC_DATA_TYPE_PARAM_LENGTH_INFO_TYPE = 3,
    MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE = 4
};

/* Schema union SpecificDOPData: the tag of its member. */
enum mdd_specific_dop_data {
    MDD_SPECIFIC_DOP_DATA_NONE = 0,
    MDD_SPECIFIC_DOP_DATA_NORMAL_DOP = 1,
    MDD_SPECIFIC_DOP_DATA_END_OF_PDU_FIELD = 2,
    MDD_SPECIFIC_DOP_DATA_STATIC_FIELD = 3,
    MDD_SPECIFIC_DOP_DATA_ENV_DATA_DESC = 4,
    MDD_SPECIFIC_DOP_DATA_ENV_DATA = 5,
    MDD_SPECIFIC_DOP_DATA_DTC_DOP = 6,
    MDD_SPECIFIC_DOP_DATA_STRUCTURE = 7,
    MDD_SPECIFIC_DOP_DATA_MUX_DOP = 8,
    MDD_SPECIFIC_DOP_DATA_DYNAMIC_LENGTH_FIELD = 9
};

/* Schema union DiagServiceOrJob: the tag of its member. */
enum mdd_diag_service_or_job {
    MDD_DIAG_SERVICE_OR_JOB_NONE = 0,
    MDD_DIAG_SERVICE_OR_JOB_DIAG_SERVICE = 1,
    MDD_DIAG_SERVICE_OR_JOB_SINGLE_ECU_JOB = 2
};

/* Schema union TableKeyReference: the tag of its member. */
enum mdd_table_key_reference {
    MDD_TABLE_KEY_REFERENCE_NONE = 0,
    MDD_TABLE_KEY_REFERENCE_TABLE_DOP = 1,
    MDD_TABLE_KEY_REFERENCE_TABLE_ROW = 2
};

/* Schema union ParamSpecificData: the tag of its member. */
enum mdd_param_specific_data {
    MDD_PARAM_SPECIFIC_DATA_NONE = 0,
    MDD_PARAM_SPECIFIC_DATA_CODED_CONST = 1,
    MDD_PARAM_SPECIFIC_DATA_DYNAMIC = 2,
    MDD_PARAM_SPECIFIC_DATA_MATCHING_REQUEST_PARAM = 3,
    MDD_PARAM_SPECIFIC_DATA_NRC_CONST = 4,
    MDD_PARAM_SPECIFIC_DATA_PHYS_CONST = 5,
    MDD_PARAM_SPECIFIC_DATA_RESERVED = 6,
    MDD_PARAM_SPECIFIC_DATA_VALUE = 7,
    MDD_PARAM_SPECIFIC_DATA_TABLE_ENTRY = 8,
    MDD_PARAM_SPECIFIC_DATA_TABLE_KEY = 9,
    MDD_PARAM_SPECIFIC_DATA_TABLE_STRUCT = 10,
    MDD_PARAM_SPECIFIC_DATA_SYSTEM = 11,
    MDD_PARAM_SPECIFIC_DATA_LENGTH_KEY_REF = 12
};

/* Schema union ParentRefType: the tag of its member. */
enum mdd_parent_ref_type {
    MDD_PARENT_REF_TYPE_NONE = 0,
    MDD_PARENT_REF_TYPE_VARIANT = 1,
    MDD_PARENT_REF_TYPE_PROTOCOL = 2,
    MDD_PARENT_REF_TYPE_FUNCTIONAL_GROUP = 3,
    MDD_PARENT_REF_TYPE_TABLE_DOP = 4,
    MDD_PARENT_REF_TYPE_ECU_SHARED_DATA = 5
};

/* Schema union SimpleOrComplexValueEntry: the tag of its member. */
enum mdd_simple_or_complex_value_entry {
    MDD_SIMPLE_OR_COMPLEX_VALUE_ENTRY_NONE = 0,
    MDD_SIMPLE_OR_COMPLEX_VALUE_ENTRY_SIMPLE_VALUE = 1,
    MDD_SIMPLE_OR_COMPLEX_VALUE_ENTRY_COMPLEX_VALUE = 2
};

/* Schema union ComParamSpecificData: the tag of its member. */
enum mdd_com_param_specific_data {
    MDD_COM_PARAM_SPECIFIC_DATA_NONE = 0,
    MDD_COM_PARAM_SPECIFIC_DATA_REGULAR_COM_PARAM = 1,
    MDD_COM_PARAM_SPECIFIC_DATA_COMPLEX_COM_PARAM = 2
};

/* Which enum or union mdd_ecu_enum_name() names. */
typedef enum mdd_ecu_enum {
    MDD_ENUM_DIAG_CODED_TYPE_NAME,
    MDD_ENUM_TERMINATION,
    MDD_ENUM_DATA_TYPE,
    MDD_ENUM_INTERVAL_TYPE,
    MDD_ENUM_COMPU_CATEGORY,
    MDD_ENUM_PHYSICAL_TYPE_DATA_TYPE,
    MDD_ENUM_RADIX,
    MDD_ENUM_VALID_TYPE,
    MDD_ENUM_DOP_TYPE,
    MDD_ENUM_PARAM_TYPE,
    MDD_ENUM_TABLE_ENTRY_ROW_FRAGMENT,
    MDD_ENUM_RESPONSE_TYPE,
    MDD_ENUM_DIAG_CLASS_TYPE,
    MDD_ENUM_TRANSMISSION_MODE,
    MDD_ENUM_ADDRESSING,
    MDD_ENUM_COM_PARAM_TYPE,
    MDD_ENUM_COM_PARAM_STANDARDISATION_LEVEL,
    MDD_ENUM_COM_PARAM_USAGE,
    MDD_ENUM_UNIT_GROUP_CATEGORY,
    MDD_ENUM_FEATURE_FLAG,
    MDD_ENUM_SD_XOR_SDG,
    MDD_ENUM_SPECIFIC_DATA_TYPE,
    MDD_ENUM_SPECIFIC_DOP_DATA,
    MDD_ENUM_DIAG_SERVICE_OR_JOB,
    MDD_ENUM_TABLE_KEY_REFERENCE,
    MDD_ENUM_PARAM_SPECIFIC_DATA,
    MDD_ENUM_PARENT_REF_TYPE,
    MDD_ENUM_SIMPLE_OR_COMPLEX_VALUE_ENTRY,
    MDD_ENUM_COM_PARAM_SPECIFIC_DATA
} mdd_ecu_enum;

/* The schema name of value in enum or union `which` ("NONE" for union tag 0), or NULL for a
 * value the schema does not define. Static storage. */
const char *mdd_ecu_enum_name(mdd_ecu_enum which, uint8_t value);

/* ---- View types: one per table, one per vector of tables ---- */

typedef struct mdd_sd { mdd_fb_table t; } mdd_sd;
typedef struct mdd_sd_or_sdg { mdd_fb_table t; } mdd_sd_or_sdg;
typedef struct mdd_sdg { mdd_fb_table t; } mdd_sdg;
typedef struct mdd_sdgs { mdd_fb_table t; } mdd_sdgs;
typedef struct mdd_audience { mdd_fb_table t; } mdd_audience;
typedef struct mdd_leading_length_info_type { mdd_fb_table t; } mdd_leading_length_info_type;
typedef struct mdd_min_max_length_type { mdd_fb_table t; } mdd_min_max_length_type;
typedef struct mdd_param_length_info_type { mdd_fb_table t; } mdd_param_length_info_type;
typedef struct mdd_standard_length_type { mdd_fb_table t; } mdd_standard_length_type;
typedef struct mdd_diag_coded_type { mdd_fb_table t; } mdd_diag_coded_type;
typedef struct mdd_text { mdd_fb_table t; } mdd_text;
typedef struct mdd_limit { mdd_fb_table t; } mdd_limit;
typedef struct mdd_compu_values { mdd_fb_table t; } mdd_compu_values;
typedef struct mdd_compu_rational_co_effs { mdd_fb_table t; } mdd_compu_rational_co_effs;
typedef struct mdd_compu_scale { mdd_fb_table t; } mdd_compu_scale;
typedef struct mdd_compu_default_value { mdd_fb_table t; } mdd_compu_default_value;
typedef struct mdd_compu_internal_to_phys { mdd_fb_table t; } mdd_compu_internal_to_phys;
typedef struct mdd_compu_phys_to_internal { mdd_fb_table t; } mdd_compu_phys_to_internal;
typedef struct mdd_compu_method { mdd_fb_table t; } mdd_compu_method;
typedef struct mdd_physical_type { mdd_fb_table t; } mdd_physical_type;
typedef struct mdd_unit { mdd_fb_table t; } mdd_unit;
typedef struct mdd_scale_constr { mdd_fb_table t; } mdd_scale_constr;
typedef struct mdd_internal_constr { mdd_fb_table t; } mdd_internal_constr;
typedef struct mdd_dtc { mdd_fb_table t; } mdd_dtc;
typedef struct mdd_normal_dop { mdd_fb_table t; } mdd_normal_dop;
typedef struct mdd_field { mdd_fb_table t; } mdd_field;
typedef struct mdd_static_field { mdd_fb_table t; } mdd_static_field;
typedef struct mdd_end_of_pdu_field { mdd_fb_table t; } mdd_end_of_pdu_field;
typedef struct mdd_env_data_desc { mdd_fb_table t; } mdd_env_data_desc;
typedef struct mdd_env_data { mdd_fb_table t; } mdd_env_data;
typedef struct mdd_structure { mdd_fb_table t; } mdd_structure;
typedef struct mdd_dtc_dop { mdd_fb_table t; } mdd_dtc_dop;
typedef struct mdd_long_name { mdd_fb_table t; } mdd_long_name;
typedef struct mdd_switch_key { mdd_fb_table t; } mdd_switch_key;
typedef struct mdd_default_case { mdd_fb_table t; } mdd_default_case;
typedef struct mdd_case { mdd_fb_table t; } mdd_case;
typedef struct mdd_mux_dop { mdd_fb_table t; } mdd_mux_dop;
typedef struct mdd_determine_number_of_items { mdd_fb_table t; } mdd_determine_number_of_items;
typedef struct mdd_dynamic_length_field { mdd_fb_table t; } mdd_dynamic_length_field;
typedef struct mdd_dop { mdd_fb_table t; } mdd_dop;
typedef struct mdd_state { mdd_fb_table t; } mdd_state;
typedef struct mdd_state_chart { mdd_fb_table t; } mdd_state_chart;
typedef struct mdd_state_transition { mdd_fb_table t; } mdd_state_transition;
typedef struct mdd_state_transition_ref { mdd_fb_table t; } mdd_state_transition_ref;
typedef struct mdd_pre_condition_state_ref { mdd_fb_table t; } mdd_pre_condition_state_ref;
typedef struct mdd_table_row { mdd_fb_table t; } mdd_table_row;
typedef struct mdd_table_diag_comm_connector { mdd_fb_table t; } mdd_table_diag_comm_connector;
typedef struct mdd_table_dop { mdd_fb_table t; } mdd_table_dop;
typedef struct mdd_coded_const { mdd_fb_table t; } mdd_coded_const;
typedef struct mdd_dynamic { mdd_fb_table t; } mdd_dynamic;
typedef struct mdd_length_key_ref { mdd_fb_table t; } mdd_length_key_ref;
typedef struct mdd_matching_request_param { mdd_fb_table t; } mdd_matching_request_param;
typedef struct mdd_nrc_const { mdd_fb_table t; } mdd_nrc_const;
typedef struct mdd_phys_const { mdd_fb_table t; } mdd_phys_const;
typedef struct mdd_reserved { mdd_fb_table t; } mdd_reserved;
typedef struct mdd_system { mdd_fb_table t; } mdd_system;
typedef struct mdd_table_entry { mdd_fb_table t; } mdd_table_entry;
typedef struct mdd_table_key { mdd_fb_table t; } mdd_table_key;
typedef struct mdd_table_struct { mdd_fb_table t; } mdd_table_struct;
typedef struct mdd_value { mdd_fb_table t; } mdd_value;
typedef struct mdd_param { mdd_fb_table t; } mdd_param;
typedef struct mdd_funct_class { mdd_fb_table t; } mdd_funct_class;
typedef struct mdd_request { mdd_fb_table t; } mdd_request;
typedef struct mdd_response { mdd_fb_table t; } mdd_response;
typedef struct mdd_additional_audience { mdd_fb_table t; } mdd_additional_audience;
typedef struct mdd_diag_comm { mdd_fb_table t; } mdd_diag_comm;
typedef struct mdd_diag_service { mdd_fb_table t; } mdd_diag_service;
typedef struct mdd_prog_code { mdd_fb_table t; } mdd_prog_code;
typedef struct mdd_job_param { mdd_fb_table t; } mdd_job_param;
typedef struct mdd_single_ecu_job { mdd_fb_table t; } mdd_single_ecu_job;
typedef struct mdd_matching_parameter { mdd_fb_table t; } mdd_matching_parameter;
typedef struct mdd_variant_pattern { mdd_fb_table t; } mdd_variant_pattern;
typedef struct mdd_diag_layer { mdd_fb_table t; } mdd_diag_layer;
typedef struct mdd_functional_group { mdd_fb_table t; } mdd_functional_group;
typedef struct mdd_parent_ref { mdd_fb_table t; } mdd_parent_ref;
typedef struct mdd_ecu_shared_data { mdd_fb_table t; } mdd_ecu_shared_data;
typedef struct mdd_variant { mdd_fb_table t; } mdd_variant;
typedef struct mdd_simple_value { mdd_fb_table t; } mdd_simple_value;
typedef struct mdd_complex_value { mdd_fb_table t; } mdd_complex_value;
typedef struct mdd_protocol { mdd_fb_table t; } mdd_protocol;
typedef struct mdd_com_param_ref { mdd_fb_table t; } mdd_com_param_ref;
typedef struct mdd_regular_com_param { mdd_fb_table t; } mdd_regular_com_param;
typedef struct mdd_complex_com_param { mdd_fb_table t; } mdd_complex_com_param;
typedef struct mdd_com_param { mdd_fb_table t; } mdd_com_param;
typedef struct mdd_physical_dimension { mdd_fb_table t; } mdd_physical_dimension;
typedef struct mdd_unit_group { mdd_fb_table t; } mdd_unit_group;
typedef struct mdd_unit_spec { mdd_fb_table t; } mdd_unit_spec;
typedef struct mdd_com_param_sub_set { mdd_fb_table t; } mdd_com_param_sub_set;
typedef struct mdd_prot_stack { mdd_fb_table t; } mdd_prot_stack;
typedef struct mdd_com_param_spec { mdd_fb_table t; } mdd_com_param_spec;
typedef struct mdd_library { mdd_fb_table t; } mdd_library;
typedef struct mdd_ecu_data { mdd_fb_table t; } mdd_ecu_data;
typedef struct mdd_key_value { mdd_fb_table t; } mdd_key_value;

typedef struct mdd_sd_or_sdg_vec {
    mdd_fb_vector v;
} mdd_sd_or_sdg_vec;
typedef struct mdd_sdg_vec {
    mdd_fb_vector v;
} mdd_sdg_vec;
typedef struct mdd_compu_scale_vec {
    mdd_fb_vector v;
} mdd_compu_scale_vec;
typedef struct mdd_unit_vec {
    mdd_fb_vector v;
} mdd_unit_vec;
typedef struct mdd_scale_constr_vec {
    mdd_fb_vector v;
} mdd_scale_constr_vec;
typedef struct mdd_dtc_vec {
    mdd_fb_vector v;
} mdd_dtc_vec;
typedef struct mdd_case_vec {
    mdd_fb_vector v;
} mdd_case_vec;
typedef struct mdd_dop_vec {
    mdd_fb_vector v;
} mdd_dop_vec;
typedef struct mdd_state_vec {
    mdd_fb_vector v;
} mdd_state_vec;
typedef struct mdd_state_chart_vec {
    mdd_fb_vector v;
} mdd_state_chart_vec;
typedef struct mdd_state_transition_vec {
    mdd_fb_vector v;
} mdd_state_transition_vec;
typedef struct mdd_state_transition_ref_vec {
    mdd_fb_vector v;
} mdd_state_transition_ref_vec;
typedef struct mdd_pre_condition_state_ref_vec {
    mdd_fb_vector v;
} mdd_pre_condition_state_ref_vec;
typedef struct mdd_table_row_vec {
    mdd_fb_vector v;
} mdd_table_row_vec;
typedef struct mdd_table_diag_comm_connector_vec {
    mdd_fb_vector v;
} mdd_table_diag_comm_connector_vec;
typedef struct mdd_param_vec {
    mdd_fb_vector v;
} mdd_param_vec;
typedef struct mdd_funct_class_vec {
    mdd_fb_vector v;
} mdd_funct_class_vec;
typedef struct mdd_response_vec {
    mdd_fb_vector v;
} mdd_response_vec;
typedef struct mdd_additional_audience_vec {
    mdd_fb_vector v;
} mdd_additional_audience_vec;
typedef struct mdd_diag_service_vec {
    mdd_fb_vector v;
} mdd_diag_service_vec;
typedef struct mdd_prog_code_vec {
    mdd_fb_vector v;
} mdd_prog_code_vec;
typedef struct mdd_job_param_vec {
    mdd_fb_vector v;
} mdd_job_param_vec;
typedef struct mdd_single_ecu_job_vec {
    mdd_fb_vector v;
} mdd_single_ecu_job_vec;
typedef struct mdd_matching_parameter_vec {
    mdd_fb_vector v;
} mdd_matching_parameter_vec;
typedef struct mdd_variant_pattern_vec {
    mdd_fb_vector v;
} mdd_variant_pattern_vec;
typedef struct mdd_functional_group_vec {
    mdd_fb_vector v;
} mdd_functional_group_vec;
typedef struct mdd_parent_ref_vec {
    mdd_fb_vector v;
} mdd_parent_ref_vec;
typedef struct mdd_variant_vec {
    mdd_fb_vector v;
} mdd_variant_vec;
typedef struct mdd_complex_value_vec {
    mdd_fb_vector v;
} mdd_complex_value_vec;
typedef struct mdd_protocol_vec {
    mdd_fb_vector v;
} mdd_protocol_vec;
typedef struct mdd_com_param_ref_vec {
    mdd_fb_vector v;
} mdd_com_param_ref_vec;
typedef struct mdd_com_param_vec {
    mdd_fb_vector v;
} mdd_com_param_vec;
typedef struct mdd_physical_dimension_vec {
    mdd_fb_vector v;
} mdd_physical_dimension_vec;
typedef struct mdd_unit_group_vec {
    mdd_fb_vector v;
} mdd_unit_group_vec;
typedef struct mdd_com_param_sub_set_vec {
    mdd_fb_vector v;
} mdd_com_param_sub_set_vec;
typedef struct mdd_prot_stack_vec {
    mdd_fb_vector v;
} mdd_prot_stack_vec;
typedef struct mdd_library_vec {
    mdd_fb_vector v;
} mdd_library_vec;
typedef struct mdd_key_value_vec {
    mdd_fb_vector v;
} mdd_key_value_vec;

/* ---- Vectors ---- */

/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_sd_or_sdg_vec_count(mdd_sd_or_sdg_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_sd_or_sdg mdd_sd_or_sdg_vec_at(mdd_sd_or_sdg_vec v, uint32_t i)
{
    mdd_sd_or_sdg r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_sdg_vec_count(mdd_sdg_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_sdg mdd_sdg_vec_at(mdd_sdg_vec v, uint32_t i)
{
    mdd_sdg r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_compu_scale_vec_count(mdd_compu_scale_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_compu_scale mdd_compu_scale_vec_at(mdd_compu_scale_vec v, uint32_t i)
{
    mdd_compu_scale r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_unit_vec_count(mdd_unit_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_unit mdd_unit_vec_at(mdd_unit_vec v, uint32_t i)
{
    mdd_unit r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_scale_constr_vec_count(mdd_scale_constr_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_scale_constr mdd_scale_constr_vec_at(mdd_scale_constr_vec v, uint32_t i)
{
    mdd_scale_constr r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_dtc_vec_count(mdd_dtc_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_dtc mdd_dtc_vec_at(mdd_dtc_vec v, uint32_t i)
{
    mdd_dtc r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_case_vec_count(mdd_case_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_case mdd_case_vec_at(mdd_case_vec v, uint32_t i)
{
    mdd_case r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_dop_vec_count(mdd_dop_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_dop mdd_dop_vec_at(mdd_dop_vec v, uint32_t i)
{
    mdd_dop r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_state_vec_count(mdd_state_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_state mdd_state_vec_at(mdd_state_vec v, uint32_t i)
{
    mdd_state r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_state_chart_vec_count(mdd_state_chart_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_state_chart mdd_state_chart_vec_at(mdd_state_chart_vec v, uint32_t i)
{
    mdd_state_chart r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t
mdd_state_transition_vec_count(mdd_state_transition_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_state_transition
mdd_state_transition_vec_at(mdd_state_transition_vec v, uint32_t i)
{
    mdd_state_transition r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t
mdd_state_transition_ref_vec_count(mdd_state_transition_ref_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_state_transition_ref
mdd_state_transition_ref_vec_at(mdd_state_transition_ref_vec v, uint32_t i)
{
    mdd_state_transition_ref r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t
mdd_pre_condition_state_ref_vec_count(mdd_pre_condition_state_ref_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_pre_condition_state_ref
mdd_pre_condition_state_ref_vec_at(mdd_pre_condition_state_ref_vec v, uint32_t i)
{
    mdd_pre_condition_state_ref r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_table_row_vec_count(mdd_table_row_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_table_row mdd_table_row_vec_at(mdd_table_row_vec v, uint32_t i)
{
    mdd_table_row r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t
mdd_table_diag_comm_connector_vec_count(mdd_table_diag_comm_connector_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_table_diag_comm_connector
mdd_table_diag_comm_connector_vec_at(mdd_table_diag_comm_connector_vec v, uint32_t i)
{
    mdd_table_diag_comm_connector r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_param_vec_count(mdd_param_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_param mdd_param_vec_at(mdd_param_vec v, uint32_t i)
{
    mdd_param r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_funct_class_vec_count(mdd_funct_class_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_funct_class mdd_funct_class_vec_at(mdd_funct_class_vec v, uint32_t i)
{
    mdd_funct_class r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_response_vec_count(mdd_response_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_response mdd_response_vec_at(mdd_response_vec v, uint32_t i)
{
    mdd_response r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t
mdd_additional_audience_vec_count(mdd_additional_audience_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_additional_audience
mdd_additional_audience_vec_at(mdd_additional_audience_vec v, uint32_t i)
{
    mdd_additional_audience r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_diag_service_vec_count(mdd_diag_service_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_diag_service mdd_diag_service_vec_at(mdd_diag_service_vec v, uint32_t i)
{
    mdd_diag_service r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_prog_code_vec_count(mdd_prog_code_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_prog_code mdd_prog_code_vec_at(mdd_prog_code_vec v, uint32_t i)
{
    mdd_prog_code r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_job_param_vec_count(mdd_job_param_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_job_param mdd_job_param_vec_at(mdd_job_param_vec v, uint32_t i)
{
    mdd_job_param r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_single_ecu_job_vec_count(mdd_single_ecu_job_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_single_ecu_job mdd_single_ecu_job_vec_at(mdd_single_ecu_job_vec v, uint32_t i)
{
    mdd_single_ecu_job r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t
mdd_matching_parameter_vec_count(mdd_matching_parameter_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_matching_parameter
mdd_matching_parameter_vec_at(mdd_matching_parameter_vec v, uint32_t i)
{
    mdd_matching_parameter r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t
mdd_variant_pattern_vec_count(mdd_variant_pattern_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_variant_pattern mdd_variant_pattern_vec_at(mdd_variant_pattern_vec v, uint32_t i)
{
    mdd_variant_pattern r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t
mdd_functional_group_vec_count(mdd_functional_group_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_functional_group
mdd_functional_group_vec_at(mdd_functional_group_vec v, uint32_t i)
{
    mdd_functional_group r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_parent_ref_vec_count(mdd_parent_ref_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_parent_ref mdd_parent_ref_vec_at(mdd_parent_ref_vec v, uint32_t i)
{
    mdd_parent_ref r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_variant_vec_count(mdd_variant_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_variant mdd_variant_vec_at(mdd_variant_vec v, uint32_t i)
{
    mdd_variant r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_complex_value_vec_count(mdd_complex_value_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_complex_value mdd_complex_value_vec_at(mdd_complex_value_vec v, uint32_t i)
{
    mdd_complex_value r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_protocol_vec_count(mdd_protocol_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_protocol mdd_protocol_vec_at(mdd_protocol_vec v, uint32_t i)
{
    mdd_protocol r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_com_param_ref_vec_count(mdd_com_param_ref_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_com_param_ref mdd_com_param_ref_vec_at(mdd_com_param_ref_vec v, uint32_t i)
{
    mdd_com_param_ref r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_com_param_vec_count(mdd_com_param_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_com_param mdd_com_param_vec_at(mdd_com_param_vec v, uint32_t i)
{
    mdd_com_param r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t
mdd_physical_dimension_vec_count(mdd_physical_dimension_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_physical_dimension
mdd_physical_dimension_vec_at(mdd_physical_dimension_vec v, uint32_t i)
{
    mdd_physical_dimension r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_unit_group_vec_count(mdd_unit_group_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_unit_group mdd_unit_group_vec_at(mdd_unit_group_vec v, uint32_t i)
{
    mdd_unit_group r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t
mdd_com_param_sub_set_vec_count(mdd_com_param_sub_set_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_com_param_sub_set
mdd_com_param_sub_set_vec_at(mdd_com_param_sub_set_vec v, uint32_t i)
{
    mdd_com_param_sub_set r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_prot_stack_vec_count(mdd_prot_stack_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_prot_stack mdd_prot_stack_vec_at(mdd_prot_stack_vec v, uint32_t i)
{
    mdd_prot_stack r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_library_vec_count(mdd_library_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_library mdd_library_vec_at(mdd_library_vec v, uint32_t i)
{
    mdd_library r = {mdd_fb_vector_table(v.v, i)};
    return r;
}
/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_key_value_vec_count(mdd_key_value_vec v) { return v.v.count; }
/* Element i, absent past the end. */
static inline mdd_key_value mdd_key_value_vec_at(mdd_key_value_vec v, uint32_t i)
{
    mdd_key_value r = {mdd_fb_vector_table(v.v, i)};
    return r;
}

/* The root EcuData of buf[0..len); absent when the root offset or its vtable does not fit. */
static inline mdd_ecu_data mdd_ecu_data_root(const uint8_t *buf, size_t len)
{
    mdd_ecu_data r = {mdd_fb_root(buf, len)};
    return r;
}

/* ---- SD ---- */

static inline mdd_bytes mdd_sd_value(mdd_sd x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_bytes mdd_sd_si(mdd_sd x)
{
    return mdd_fb_string_field(x.t, 1);
}
static inline mdd_bytes mdd_sd_ti(mdd_sd x)
{
    return mdd_fb_string_field(x.t, 2);
}

/* ---- SDOrSDG ---- */

static inline uint8_t mdd_sd_or_sdg_sd_or_sdg_type(mdd_sd_or_sdg x)
{
    return mdd_fb_u8(x.t, 0, 0);
}
static inline mdd_sd mdd_sd_or_sdg_sd(mdd_sd_or_sdg x)
{
    mdd_sd r = {mdd_fb_union_field(x.t, 1, MDD_SD_XOR_SDG_SD)};
    return r;
}
static inline mdd_sdg mdd_sd_or_sdg_sdg(mdd_sd_or_sdg x)
{
    mdd_sdg r = {mdd_fb_union_field(x.t, 1, MDD_SD_XOR_SDG_SDG)};
    return r;
}

/* ---- SDG ---- */

static inline mdd_bytes mdd_sdg_caption_sn(mdd_sdg x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_sd_or_sdg_vec mdd_sdg_sds(mdd_sdg x)
{
    mdd_sd_or_sdg_vec r = {mdd_fb_vector_field(x.t, 1, 4)};
    return r;
}
static inline mdd_bytes mdd_sdg_si(mdd_sdg x)
{
    return mdd_fb_string_field(x.t, 2);
}

/* ---- SDGS ---- */

static inline mdd_sdg_vec mdd_sdgs_sdgs(mdd_sdgs x)
{
    mdd_sdg_vec r = {mdd_fb_vector_field(x.t, 0, 4)};
    return r;
}

/* ---- Audience ---- */

static inline mdd_additional_audience_vec mdd_audience_enabled_audiences(mdd_audience x)
{
    mdd_additional_audience_vec r = {mdd_fb_vector_field(x.t, 0, 4)};
    return r;
}
static inline mdd_additional_audience_vec mdd_audience_disabled_audiences(mdd_audience x)
{
    mdd_additional_audience_vec r = {mdd_fb_vector_field(x.t, 1, 4)};
    return r;
}
static inline int mdd_audience_is_supplier(mdd_audience x)
{
    return mdd_fb_u8(x.t, 2, 0) != 0;
}
static inline int mdd_audience_is_development(mdd_audience x)
{
    return mdd_fb_u8(x.t, 3, 0) != 0;
}
static inline int mdd_audience_is_manufacturing(mdd_audience x)
{
    return mdd_fb_u8(x.t, 4, 0) != 0;
}
static inline int mdd_audience_is_after_sales(mdd_audience x)
{
    return mdd_fb_u8(x.t, 5, 0) != 0;
}
static inline int mdd_audience_is_after_market(mdd_audience x)
{
    return mdd_fb_u8(x.t, 6, 0) != 0;
}

/* ---- LeadingLengthInfoType ---- */

static inline uint32_t mdd_leading_length_info_type_bit_length(mdd_leading_length_info_type x)
{
    return mdd_fb_u32(x.t, 0, 0);
}

/* ---- MinMaxLengthType ---- */

static inline uint32_t mdd_min_max_length_type_min_length(mdd_min_max_length_type x)
{
    return mdd_fb_u32(x.t, 0, 0);
}
static inline int mdd_min_max_length_type_max_length(mdd_min_max_length_type x, uint32_t *out)
{
    return mdd_fb_opt_u32(x.t, 1, out);
}
static inline uint8_t mdd_min_max_length_type_termination(mdd_min_max_length_type x)
{
    return mdd_fb_u8(x.t, 2, 0);
}

/* ---- ParamLengthInfoType ---- */

static inline mdd_param mdd_param_length_info_type_length_key(mdd_param_length_info_type x)
{
    mdd_param r = {mdd_fb_table_field(x.t, 0)};
    return r;
}

/* ---- StandardLengthType ---- */

static inline uint32_t mdd_standard_length_type_bit_length(mdd_standard_length_type x)
{
    return mdd_fb_u32(x.t, 0, 0);
}
static inline mdd_bytes mdd_standard_length_type_bit_mask(mdd_standard_length_type x)
{
    return mdd_fb_bytes_field(x.t, 1);
}
static inline int mdd_standard_length_type_condensed(mdd_standard_length_type x)
{
    return mdd_fb_u8(x.t, 2, 0) != 0;
}

/* ---- DiagCodedType ---- */

static inline uint8_t mdd_diag_coded_type_type(mdd_diag_coded_type x)
{
    return mdd_fb_u8(x.t, 0, 0);
}
static inline mdd_bytes mdd_diag_coded_type_base_type_encoding(mdd_diag_coded_type x)
{
    return mdd_fb_string_field(x.t, 1);
}
static inline uint8_t mdd_diag_coded_type_base_data_type(mdd_diag_coded_type x)
{
    return mdd_fb_u8(x.t, 2, 0);
}
static inline int mdd_diag_coded_type_is_high_low_byte_order(mdd_diag_coded_type x)
{
    return mdd_fb_u8(x.t, 3, 1) != 0;
}
static inline uint8_t mdd_diag_coded_type_specific_data_type(mdd_diag_coded_type x)
{
    return mdd_fb_u8(x.t, 4, 0);
}
static inline mdd_leading_length_info_type
mdd_diag_coded_type_leading_length_info_type(mdd_diag_coded_type x)
{
    mdd_leading_length_info_type r = {mdd_fb_union_field(x.t, 5,
        MDD_SPECIFIC_DATA_TYPE_LEADING_LENGTH_INFO_TYPE)};
    return r;
}
static inline mdd_min_max_length_type
mdd_diag_coded_type_min_max_length_type(mdd_diag_coded_type x)
{
    mdd_min_max_length_type r = {mdd_fb_union_field(x.t, 5,
        MDD_SPECIFIC_DATA_TYPE_MIN_MAX_LENGTH_TYPE)};
    return r;
}
static inline mdd_param_length_info_type
mdd_diag_coded_type_param_length_info_type(mdd_diag_coded_type x)
{
    mdd_param_length_info_type r = {mdd_fb_union_field(x.t, 5,
        MDD_SPECIFIC_DATA_TYPE_PARAM_LENGTH_INFO_TYPE)};
    return r;
}
static inline mdd_standard_length_type
mdd_diag_coded_type_standard_length_type(mdd_diag_coded_type x)
{
    mdd_standard_length_type r = {mdd_fb_union_field(x.t, 5,
        MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE)};
    return r;
}

/* ---- Text ---- */

static inline mdd_bytes mdd_text_value(mdd_text x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_bytes mdd_text_ti(mdd_text x)
{
    return mdd_fb_string_field(x.t, 1);
}

/* ---- Limit ---- */

static inline mdd_bytes mdd_limit_value(mdd_limit x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline uint8_t mdd_limit_interval_type(mdd_limit x)
{
    return mdd_fb_u8(x.t, 1, 0);
}

/* ---- CompuValues ---- */

static inline int mdd_compu_values_v(mdd_compu_values x, double *out)
{
    return mdd_fb_opt_f64(x.t, 0, out);
}
static inline mdd_bytes mdd_compu_values_vt(mdd_compu_values x)
{
    return mdd_fb_string_field(x.t, 1);
}
static inline mdd_bytes mdd_compu_values_vt_ti(mdd_compu_values x)
{
    return mdd_fb_string_field(x.t, 2);
}

/* ---- CompuRationalCoEffs ---- */

static inline mdd_f64_vec mdd_compu_rational_co_effs_numerator(mdd_compu_rational_co_effs x)
{
    mdd_f64_vec r = {mdd_fb_vector_field(x.t, 0, 8)};
    return r;
}
static inline mdd_f64_vec mdd_compu_rational_co_effs_denominator(mdd_compu_rational_co_effs x)
{
    mdd_f64_vec r = {mdd_fb_vector_field(x.t, 1, 8)};
    return r;
}

/* ---- CompuScale ---- */

static inline mdd_text mdd_compu_scale_short_label(mdd_compu_scale x)
{
    mdd_text r = {mdd_fb_table_field(x.t, 0)};
    return r;
}
static inline mdd_limit mdd_compu_scale_lower_limit(mdd_compu_scale x)
{
    mdd_limit r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline mdd_limit mdd_compu_scale_upper_limit(mdd_compu_scale x)
{
    mdd_limit r = {mdd_fb_table_field(x.t, 2)};
    return r;
}
static inline mdd_compu_values mdd_compu_scale_inverse_values(mdd_compu_scale x)
{
    mdd_compu_values r = {mdd_fb_table_field(x.t, 3)};
    return r;
}
static inline mdd_compu_values mdd_compu_scale_consts(mdd_compu_scale x)
{
    mdd_compu_values r = {mdd_fb_table_field(x.t, 4)};
    return r;
}
static inline mdd_compu_rational_co_effs mdd_compu_scale_rational_co_effs(mdd_compu_scale x)
{
    mdd_compu_rational_co_effs r = {mdd_fb_table_field(x.t, 5)};
    return r;
}

/* ---- CompuDefaultValue ---- */

static inline mdd_compu_values mdd_compu_default_value_values(mdd_compu_default_value x)
{
    mdd_compu_values r = {mdd_fb_table_field(x.t, 0)};
    return r;
}
static inline mdd_compu_values mdd_compu_default_value_inverse_values(mdd_compu_default_value x)
{
    mdd_compu_values r = {mdd_fb_table_field(x.t, 1)};
    return r;
}

/* ---- CompuInternalToPhys ---- */

static inline mdd_compu_scale_vec
mdd_compu_internal_to_phys_compu_scales(mdd_compu_internal_to_phys x)
{
    mdd_compu_scale_vec r = {mdd_fb_vector_field(x.t, 0, 4)};
    return r;
}
static inline mdd_prog_code mdd_compu_internal_to_phys_prog_code(mdd_compu_internal_to_phys x)
{
    mdd_prog_code r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline mdd_compu_default_value
mdd_compu_internal_to_phys_compu_default_value(mdd_compu_internal_to_phys x)
{
    mdd_compu_default_value r = {mdd_fb_table_field(x.t, 2)};
    return r;
}

/* ---- CompuPhysToInternal ---- */

static inline mdd_prog_code mdd_compu_phys_to_internal_prog_code(mdd_compu_phys_to_internal x)
{
    mdd_prog_code r = {mdd_fb_table_field(x.t, 0)};
    return r;
}
static inline mdd_compu_scale_vec
mdd_compu_phys_to_internal_compu_scales(mdd_compu_phys_to_internal x)
{
    mdd_compu_scale_vec r = {mdd_fb_vector_field(x.t, 1, 4)};
    return r;
}
static inline mdd_compu_default_value
mdd_compu_phys_to_internal_compu_default_value(mdd_compu_phys_to_internal x)
{
    mdd_compu_default_value r = {mdd_fb_table_field(x.t, 2)};
    return r;
}

/* ---- CompuMethod ---- */

static inline uint8_t mdd_compu_method_category(mdd_compu_method x)
{
    return mdd_fb_u8(x.t, 0, 0);
}
static inline mdd_compu_internal_to_phys mdd_compu_method_internal_to_phys(mdd_compu_method x)
{
    mdd_compu_internal_to_phys r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline mdd_compu_phys_to_internal mdd_compu_method_phys_to_internal(mdd_compu_method x)
{
    mdd_compu_phys_to_internal r = {mdd_fb_table_field(x.t, 2)};
    return r;
}

/* ---- PhysicalType ---- */

static inline int mdd_physical_type_precision(mdd_physical_type x, uint32_t *out)
{
    return mdd_fb_opt_u32(x.t, 0, out);
}
static inline uint8_t mdd_physical_type_base_data_type(mdd_physical_type x)
{
    return mdd_fb_u8(x.t, 1, 0);
}
static inline uint8_t mdd_physical_type_display_radix(mdd_physical_type x)
{
    return mdd_fb_u8(x.t, 2, 0);
}

/* ---- Unit ---- */

static inline mdd_bytes mdd_unit_short_name(mdd_unit x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_bytes mdd_unit_display_name(mdd_unit x)
{
    return mdd_fb_string_field(x.t, 1);
}
static inline int mdd_unit_factorsitounit(mdd_unit x, double *out)
{
    return mdd_fb_opt_f64(x.t, 2, out);
}
static inline int mdd_unit_offsetitounit(mdd_unit x, double *out)
{
    return mdd_fb_opt_f64(x.t, 3, out);
}
static inline mdd_physical_dimension mdd_unit_physical_dimension(mdd_unit x)
{
    mdd_physical_dimension r = {mdd_fb_table_field(x.t, 4)};
    return r;
}

/* ---- ScaleConstr ---- */

static inline mdd_text mdd_scale_constr_short_label(mdd_scale_constr x)
{
    mdd_text r = {mdd_fb_table_field(x.t, 0)};
    return r;
}
static inline mdd_limit mdd_scale_constr_lower_limit(mdd_scale_constr x)
{
    mdd_limit r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline mdd_limit mdd_scale_constr_upper_limit(mdd_scale_constr x)
{
    mdd_limit r = {mdd_fb_table_field(x.t, 2)};
    return r;
}
static inline uint8_t mdd_scale_constr_validity(mdd_scale_constr x)
{
    return mdd_fb_u8(x.t, 3, 0);
}

/* ---- InternalConstr ---- */

static inline mdd_limit mdd_internal_constr_lower_limit(mdd_internal_constr x)
{
    mdd_limit r = {mdd_fb_table_field(x.t, 0)};
    return r;
}
static inline mdd_limit mdd_internal_constr_upper_limit(mdd_internal_constr x)
{
    mdd_limit r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline mdd_scale_constr_vec mdd_internal_constr_scale_constr(mdd_internal_constr x)
{
    mdd_scale_constr_vec r = {mdd_fb_vector_field(x.t, 2, 4)};
    return r;
}

/* ---- DTC ---- */

static inline mdd_bytes mdd_dtc_short_name(mdd_dtc x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline uint32_t mdd_dtc_trouble_code(mdd_dtc x)
{
    return mdd_fb_u32(x.t, 1, 0);
}
static inline mdd_bytes mdd_dtc_display_trouble_code(mdd_dtc x)
{
    return mdd_fb_string_field(x.t, 2);
}
static inline mdd_text mdd_dtc_text(mdd_dtc x)
{
    mdd_text r = {mdd_fb_table_field(x.t, 3)};
    return r;
}
static inline int mdd_dtc_level(mdd_dtc x, uint32_t *out)
{
    return mdd_fb_opt_u32(x.t, 4, out);
}
static inline mdd_sdgs mdd_dtc_sdgs(mdd_dtc x)
{
    mdd_sdgs r = {mdd_fb_table_field(x.t, 5)};
    return r;
}
static inline int mdd_dtc_is_temporary(mdd_dtc x)
{
    return mdd_fb_u8(x.t, 6, 0) != 0;
}

/* ---- NormalDOP ---- */

static inline mdd_compu_method mdd_normal_dop_compu_method(mdd_normal_dop x)
{
    mdd_compu_method r = {mdd_fb_table_field(x.t, 0)};
    return r;
}
static inline mdd_diag_coded_type mdd_normal_dop_diag_coded_type(mdd_normal_dop x)
{
    mdd_diag_coded_type r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline mdd_physical_type mdd_normal_dop_physical_type(mdd_normal_dop x)
{
    mdd_physical_type r = {mdd_fb_table_field(x.t, 2)};
    return r;
}
static inline mdd_internal_constr mdd_normal_dop_internal_constr(mdd_normal_dop x)
{
    mdd_internal_constr r = {mdd_fb_table_field(x.t, 3)};
    return r;
}
static inline mdd_unit mdd_normal_dop_unit_ref(mdd_normal_dop x)
{
    mdd_unit r = {mdd_fb_table_field(x.t, 4)};
    return r;
}
static inline mdd_internal_constr mdd_normal_dop_phys_constr(mdd_normal_dop x)
{
    mdd_internal_constr r = {mdd_fb_table_field(x.t, 5)};
    return r;
}

/* ---- Field ---- */

static inline mdd_dop mdd_field_basic_structure(mdd_field x)
{
    mdd_dop r = {mdd_fb_table_field(x.t, 0)};
    return r;
}
static inline mdd_dop mdd_field_env_data_desc(mdd_field x)
{
    mdd_dop r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline int mdd_field_is_visible(mdd_field x)
{
    return mdd_fb_u8(x.t, 2, 1) != 0;
}

/* ---- StaticField ---- */

static inline uint32_t mdd_static_field_fixed_number_of_items(mdd_static_field x)
{
    return mdd_fb_u32(x.t, 0, 0);
}
static inline uint32_t mdd_static_field_item_byte_size(mdd_static_field x)
{
    return mdd_fb_u32(x.t, 1, 0);
}
static inline mdd_field mdd_static_field_field(mdd_static_field x)
{
    mdd_field r = {mdd_fb_table_field(x.t, 2)};
    return r;
}

/* ---- EndOfPduField ---- */

static inline int mdd_end_of_pdu_field_max_number_of_items(mdd_end_of_pdu_field x, uint32_t *out)
{
    return mdd_fb_opt_u32(x.t, 0, out);
}
static inline int mdd_end_of_pdu_field_min_number_of_items(mdd_end_of_pdu_field x, uint32_t *out)
{
    return mdd_fb_opt_u32(x.t, 1, out);
}
static inline mdd_field mdd_end_of_pdu_field_field(mdd_end_of_pdu_field x)
{
    mdd_field r = {mdd_fb_table_field(x.t, 2)};
    return r;
}

/* ---- EnvDataDesc ---- */

static inline mdd_bytes mdd_env_data_desc_param_short_name(mdd_env_data_desc x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_bytes mdd_env_data_desc_param_path_short_name(mdd_env_data_desc x)
{
    return mdd_fb_string_field(x.t, 1);
}
static inline mdd_dop_vec mdd_env_data_desc_env_datas(mdd_env_data_desc x)
{
    mdd_dop_vec r = {mdd_fb_vector_field(x.t, 2, 4)};
    return r;
}

/* ---- EnvData ---- */

static inline mdd_u32_vec mdd_env_data_dtc_values(mdd_env_data x)
{
    mdd_u32_vec r = {mdd_fb_vector_field(x.t, 0, 4)};
    return r;
}
static inline mdd_param_vec mdd_env_data_params(mdd_env_data x)
{
    mdd_param_vec r = {mdd_fb_vector_field(x.t, 1, 4)};
    return r;
}

/* ---- Structure ---- */

static inline mdd_param_vec mdd_structure_params(mdd_structure x)
{
    mdd_param_vec r = {mdd_fb_vector_field(x.t, 0, 4)};
    return r;
}
static inline int mdd_structure_byte_size(mdd_structure x, uint32_t *out)
{
    return mdd_fb_opt_u32(x.t, 1, out);
}
static inline int mdd_structure_is_visible(mdd_structure x)
{
    return mdd_fb_u8(x.t, 2, 1) != 0;
}

/* ---- DTCDOP ---- */

static inline mdd_diag_coded_type mdd_dtc_dop_diag_coded_type(mdd_dtc_dop x)
{
    mdd_diag_coded_type r = {mdd_fb_table_field(x.t, 0)};
    return r;
}
static inline mdd_physical_type mdd_dtc_dop_physical_type(mdd_dtc_dop x)
{
    mdd_physical_type r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline mdd_compu_method mdd_dtc_dop_compu_method(mdd_dtc_dop x)
{
    mdd_compu_method r = {mdd_fb_table_field(x.t, 2)};
    return r;
}
static inline mdd_dtc_vec mdd_dtc_dop_dtcs(mdd_dtc_dop x)
{
    mdd_dtc_vec r = {mdd_fb_vector_field(x.t, 3, 4)};
    return r;
}
static inline int mdd_dtc_dop_is_visible(mdd_dtc_dop x)
{
    return mdd_fb_u8(x.t, 4, 0) != 0;
}

/* ---- LongName ---- */

static inline mdd_bytes mdd_long_name_value(mdd_long_name x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_bytes mdd_long_name_ti(mdd_long_name x)
{
    return mdd_fb_string_field(x.t, 1);
}

/* ---- SwitchKey ---- */

static inline uint32_t mdd_switch_key_byte_position(mdd_switch_key x)
{
    return mdd_fb_u32(x.t, 0, 0);
}
static inline int mdd_switch_key_bit_position(mdd_switch_key x, uint32_t *out)
{
    return mdd_fb_opt_u32(x.t, 1, out);
}
static inline mdd_dop mdd_switch_key_dop(mdd_switch_key x)
{
    mdd_dop r = {mdd_fb_table_field(x.t, 2)};
    return r;
}

/* ---- DefaultCase ---- */

static inline mdd_bytes mdd_default_case_short_name(mdd_default_case x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_long_name mdd_default_case_long_name(mdd_default_case x)
{
    mdd_long_name r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline mdd_dop mdd_default_case_structure(mdd_default_case x)
{
    mdd_dop r = {mdd_fb_table_field(x.t, 2)};
    return r;
}

/* ---- Case ---- */

static inline mdd_bytes mdd_case_short_name(mdd_case x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_long_name mdd_case_long_name(mdd_case x)
{
    mdd_long_name r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline mdd_dop mdd_case_structure(mdd_case x)
{
    mdd_dop r = {mdd_fb_table_field(x.t, 2)};
    return r;
}
static inline mdd_limit mdd_case_lower_limit(mdd_case x)
{
    mdd_limit r = {mdd_fb_table_field(x.t, 3)};
    return r;
}
static inline mdd_limit mdd_case_upper_limit(mdd_case x)
{
    mdd_limit r = {mdd_fb_table_field(x.t, 4)};
    return r;
}

/* ---- MUXDOP ---- */

static inline uint32_t mdd_mux_dop_byte_position(mdd_mux_dop x)
{
    return mdd_fb_u32(x.t, 0, 0);
}
static inline mdd_switch_key mdd_mux_dop_switch_key(mdd_mux_dop x)
{
    mdd_switch_key r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline mdd_default_case mdd_mux_dop_default_case(mdd_mux_dop x)
{
    mdd_default_case r = {mdd_fb_table_field(x.t, 2)};
    return r;
}
static inline mdd_case_vec mdd_mux_dop_cases(mdd_mux_dop x)
{
    mdd_case_vec r = {mdd_fb_vector_field(x.t, 3, 4)};
    return r;
}
static inline int mdd_mux_dop_is_visible(mdd_mux_dop x)
{
    return mdd_fb_u8(x.t, 4, 0) != 0;
}

/* ---- DetermineNumberOfItems ---- */

static inline uint32_t mdd_determine_number_of_items_byte_position(mdd_determine_number_of_items x)
{
    return mdd_fb_u32(x.t, 0, 0);
}
static inline uint32_t mdd_determine_number_of_items_bit_position(mdd_determine_number_of_items x)
{
    return mdd_fb_u32(x.t, 1, 0);
}
static inline mdd_dop mdd_determine_number_of_items_dop(mdd_determine_number_of_items x)
{
    mdd_dop r = {mdd_fb_table_field(x.t, 2)};
    return r;
}

/* ---- DynamicLengthField ---- */

static inline uint32_t mdd_dynamic_length_field_offset(mdd_dynamic_length_field x)
{
    return mdd_fb_u32(x.t, 0, 0);
}
static inline mdd_field mdd_dynamic_length_field_field(mdd_dynamic_length_field x)
{
    mdd_field r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline mdd_determine_number_of_items
mdd_dynamic_length_field_determine_number_of_items(mdd_dynamic_length_field x)
{
    mdd_determine_number_of_items r = {mdd_fb_table_field(x.t, 2)};
    return r;
}

/* ---- DOP ---- */

static inline uint8_t mdd_dop_dop_type(mdd_dop x)
{
    return mdd_fb_u8(x.t, 0, 0);
}
static inline mdd_bytes mdd_dop_short_name(mdd_dop x)
{
    return mdd_fb_string_field(x.t, 1);
}
static inline mdd_sdgs mdd_dop_sdgs(mdd_dop x)
{
    mdd_sdgs r = {mdd_fb_table_field(x.t, 2)};
    return r;
}
static inline uint8_t mdd_dop_specific_data_type(mdd_dop x)
{
    return mdd_fb_u8(x.t, 3, 0);
}
static inline mdd_normal_dop mdd_dop_normal_dop(mdd_dop x)
{
    mdd_normal_dop r = {mdd_fb_union_field(x.t, 4, MDD_SPECIFIC_DOP_DATA_NORMAL_DOP)};
    return r;
}
static inline mdd_end_of_pdu_field mdd_dop_end_of_pdu_field(mdd_dop x)
{
    mdd_end_of_pdu_field r = {mdd_fb_union_field(x.t, 4, MDD_SPECIFIC_DOP_DATA_END_OF_PDU_FIELD)};
    return r;
}
static inline mdd_static_field mdd_dop_static_field(mdd_dop x)
{
    mdd_static_field r = {mdd_fb_union_field(x.t, 4, MDD_SPECIFIC_DOP_DATA_STATIC_FIELD)};
    return r;
}
static inline mdd_env_data_desc mdd_dop_env_data_desc(mdd_dop x)
{
    mdd_env_data_desc r = {mdd_fb_union_field(x.t, 4, MDD_SPECIFIC_DOP_DATA_ENV_DATA_DESC)};
    return r;
}
static inline mdd_env_data mdd_dop_env_data(mdd_dop x)
{
    mdd_env_data r = {mdd_fb_union_field(x.t, 4, MDD_SPECIFIC_DOP_DATA_ENV_DATA)};
    return r;
}
static inline mdd_dtc_dop mdd_dop_dtc_dop(mdd_dop x)
{
    mdd_dtc_dop r = {mdd_fb_union_field(x.t, 4, MDD_SPECIFIC_DOP_DATA_DTC_DOP)};
    return r;
}
static inline mdd_structure mdd_dop_structure(mdd_dop x)
{
    mdd_structure r = {mdd_fb_union_field(x.t, 4, MDD_SPECIFIC_DOP_DATA_STRUCTURE)};
    return r;
}
static inline mdd_mux_dop mdd_dop_mux_dop(mdd_dop x)
{
    mdd_mux_dop r = {mdd_fb_union_field(x.t, 4, MDD_SPECIFIC_DOP_DATA_MUX_DOP)};
    return r;
}
static inline mdd_dynamic_length_field mdd_dop_dynamic_length_field(mdd_dop x)
{
    mdd_dynamic_length_field r = {mdd_fb_union_field(x.t, 4,
        MDD_SPECIFIC_DOP_DATA_DYNAMIC_LENGTH_FIELD)};
    return r;
}

/* ---- State ---- */

static inline mdd_bytes mdd_state_short_name(mdd_state x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_long_name mdd_state_long_name(mdd_state x)
{
    mdd_long_name r = {mdd_fb_table_field(x.t, 1)};
    return r;
}

/* ---- StateChart ---- */

static inline mdd_bytes mdd_state_chart_short_name(mdd_state_chart x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_bytes mdd_state_chart_semantic(mdd_state_chart x)
{
    return mdd_fb_string_field(x.t, 1);
}
static inline mdd_state_transition_vec mdd_state_chart_state_transitions(mdd_state_chart x)
{
    mdd_state_transition_vec r = {mdd_fb_vector_field(x.t, 2, 4)};
    return r;
}
static inline mdd_bytes mdd_state_chart_start_state_short_name_ref(mdd_state_chart x)
{
    return mdd_fb_string_field(x.t, 3);
}
static inline mdd_state_vec mdd_state_chart_states(mdd_state_chart x)
{
    mdd_state_vec r = {mdd_fb_vector_field(x.t, 4, 4)};
    return r;
}

/* ---- StateTransition ---- */

static inline mdd_bytes mdd_state_transition_short_name(mdd_state_transition x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_bytes mdd_state_transition_source_short_name_ref(mdd_state_transition x)
{
    return mdd_fb_string_field(x.t, 1);
}
static inline mdd_bytes mdd_state_transition_target_short_name_ref(mdd_state_transition x)
{
    return mdd_fb_string_field(x.t, 2);
}

/* ---- StateTransitionRef ---- */

static inline mdd_bytes mdd_state_transition_ref_value(mdd_state_transition_ref x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_state_transition
mdd_state_transition_ref_state_transition(mdd_state_transition_ref x)
{
    mdd_state_transition r = {mdd_fb_table_field(x.t, 1)};
    return r;
}

/* ---- PreConditionStateRef ---- */

static inline mdd_bytes mdd_pre_condition_state_ref_value(mdd_pre_condition_state_ref x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_bytes
mdd_pre_condition_state_ref_in_param_if_short_name(mdd_pre_condition_state_ref x)
{
    return mdd_fb_string_field(x.t, 1);
}
static inline mdd_bytes
mdd_pre_condition_state_ref_in_param_path_short_name(mdd_pre_condition_state_ref x)
{
    return mdd_fb_string_field(x.t, 2);
}
static inline mdd_state mdd_pre_condition_state_ref_state(mdd_pre_condition_state_ref x)
{
    mdd_state r = {mdd_fb_table_field(x.t, 3)};
    return r;
}

/* ---- TableRow ---- */

static inline mdd_bytes mdd_table_row_short_name(mdd_table_row x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_long_name mdd_table_row_long_name(mdd_table_row x)
{
    mdd_long_name r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline mdd_bytes mdd_table_row_key(mdd_table_row x)
{
    return mdd_fb_string_field(x.t, 2);
}
static inline mdd_dop mdd_table_row_dop(mdd_table_row x)
{
    mdd_dop r = {mdd_fb_table_field(x.t, 3)};
    return r;
}
static inline mdd_dop mdd_table_row_structure(mdd_table_row x)
{
    mdd_dop r = {mdd_fb_table_field(x.t, 4)};
    return r;
}
static inline mdd_sdgs mdd_table_row_sdgs(mdd_table_row x)
{
    mdd_sdgs r = {mdd_fb_table_field(x.t, 5)};
    return r;
}
static inline mdd_audience mdd_table_row_audience(mdd_table_row x)
{
    mdd_audience r = {mdd_fb_table_field(x.t, 6)};
    return r;
}
static inline mdd_funct_class_vec mdd_table_row_funct_class_refs(mdd_table_row x)
{
    mdd_funct_class_vec r = {mdd_fb_vector_field(x.t, 7, 4)};
    return r;
}
static inline mdd_state_transition_ref_vec mdd_table_row_state_transition_refs(mdd_table_row x)
{
    mdd_state_transition_ref_vec r = {mdd_fb_vector_field(x.t, 8, 4)};
    return r;
}
static inline mdd_pre_condition_state_ref_vec
mdd_table_row_pre_condition_state_refs(mdd_table_row x)
{
    mdd_pre_condition_state_ref_vec r = {mdd_fb_vector_field(x.t, 9, 4)};
    return r;
}
static inline int mdd_table_row_is_executable(mdd_table_row x)
{
    return mdd_fb_u8(x.t, 10, 1) != 0;
}
static inline mdd_bytes mdd_table_row_semantic(mdd_table_row x)
{
    return mdd_fb_string_field(x.t, 11);
}
static inline int mdd_table_row_is_mandatory(mdd_table_row x)
{
    return mdd_fb_u8(x.t, 12, 0) != 0;
}
static inline int mdd_table_row_is_final(mdd_table_row x)
{
    return mdd_fb_u8(x.t, 13, 0) != 0;
}

/* ---- TableDiagCommConnector ---- */

static inline uint8_t mdd_table_diag_comm_connector_diag_comm_type(mdd_table_diag_comm_connector x)
{
    return mdd_fb_u8(x.t, 0, 0);
}
static inline mdd_diag_service
mdd_table_diag_comm_connector_diag_service(mdd_table_diag_comm_connector x)
{
    mdd_diag_service r = {mdd_fb_union_field(x.t, 1, MDD_DIAG_SERVICE_OR_JOB_DIAG_SERVICE)};
    return r;
}
static inline mdd_single_ecu_job
mdd_table_diag_comm_connector_single_ecu_job(mdd_table_diag_comm_connector x)
{
    mdd_single_ecu_job r = {mdd_fb_union_field(x.t, 1, MDD_DIAG_SERVICE_OR_JOB_SINGLE_ECU_JOB)};
    return r;
}
static inline mdd_bytes mdd_table_diag_comm_connector_semantic(mdd_table_diag_comm_connector x)
{
    return mdd_fb_string_field(x.t, 2);
}

/* ---- TableDop ---- */

static inline mdd_bytes mdd_table_dop_semantic(mdd_table_dop x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_bytes mdd_table_dop_short_name(mdd_table_dop x)
{
    return mdd_fb_string_field(x.t, 1);
}
static inline mdd_long_name mdd_table_dop_long_name(mdd_table_dop x)
{
    mdd_long_name r = {mdd_fb_table_field(x.t, 2)};
    return r;
}
static inline mdd_bytes mdd_table_dop_key_label(mdd_table_dop x)
{
    return mdd_fb_string_field(x.t, 3);
}
static inline mdd_bytes mdd_table_dop_struct_label(mdd_table_dop x)
{
    return mdd_fb_string_field(x.t, 4);
}
static inline mdd_dop mdd_table_dop_key_dop(mdd_table_dop x)
{
    mdd_dop r = {mdd_fb_table_field(x.t, 5)};
    return r;
}
static inline mdd_table_row_vec mdd_table_dop_rows(mdd_table_dop x)
{
    mdd_table_row_vec r = {mdd_fb_vector_field(x.t, 6, 4)};
    return r;
}
static inline mdd_table_diag_comm_connector_vec mdd_table_dop_diag_comm_connector(mdd_table_dop x)
{
    mdd_table_diag_comm_connector_vec r = {mdd_fb_vector_field(x.t, 7, 4)};
    return r;
}
static inline mdd_sdgs mdd_table_dop_sdgs(mdd_table_dop x)
{
    mdd_sdgs r = {mdd_fb_table_field(x.t, 8)};
    return r;
}

/* ---- CodedConst ---- */

static inline mdd_bytes mdd_coded_const_coded_value(mdd_coded_const x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_diag_coded_type mdd_coded_const_diag_coded_type(mdd_coded_const x)
{
    mdd_diag_coded_type r = {mdd_fb_table_field(x.t, 1)};
    return r;
}

/* ---- Dynamic ---- */


/* ---- LengthKeyRef ---- */

static inline mdd_dop mdd_length_key_ref_dop(mdd_length_key_ref x)
{
    mdd_dop r = {mdd_fb_table_field(x.t, 0)};
    return r;
}

/* ---- MatchingRequestParam ---- */

static inline int32_t mdd_matching_request_param_request_byte_pos(mdd_matching_request_param x)
{
    return mdd_fb_i32(x.t, 0, 0);
}
static inline uint32_t mdd_matching_request_param_byte_length(mdd_matching_request_param x)
{
    return mdd_fb_u32(x.t, 1, 0);
}

/* ---- NrcConst ---- */

static inline mdd_string_vec mdd_nrc_const_coded_values(mdd_nrc_const x)
{
    mdd_string_vec r = {mdd_fb_vector_field(x.t, 0, 4)};
    return r;
}
static inline mdd_diag_coded_type mdd_nrc_const_diag_coded_type(mdd_nrc_const x)
{
    mdd_diag_coded_type r = {mdd_fb_table_field(x.t, 1)};
    return r;
}

/* ---- PhysConst ---- */

static inline mdd_bytes mdd_phys_const_phys_constant_value(mdd_phys_const x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_dop mdd_phys_const_dop(mdd_phys_const x)
{
    mdd_dop r = {mdd_fb_table_field(x.t, 1)};
    return r;
}

/* ---- Reserved ---- */

static inline uint32_t mdd_reserved_bit_length(mdd_reserved x)
{
    return mdd_fb_u32(x.t, 0, 0);
}

/* ---- System ---- */

static inline mdd_dop mdd_system_dop(mdd_system x)
{
    mdd_dop r = {mdd_fb_table_field(x.t, 0)};
    return r;
}
static inline mdd_bytes mdd_system_sys_param(mdd_system x)
{
    return mdd_fb_string_field(x.t, 1);
}

/* ---- TableEntry ---- */

static inline mdd_param mdd_table_entry_param(mdd_table_entry x)
{
    mdd_param r = {mdd_fb_table_field(x.t, 0)};
    return r;
}
static inline uint8_t mdd_table_entry_target(mdd_table_entry x)
{
    return mdd_fb_u8(x.t, 1, 0);
}
static inline mdd_table_row mdd_table_entry_table_row(mdd_table_entry x)
{
    mdd_table_row r = {mdd_fb_table_field(x.t, 2)};
    return r;
}

/* ---- TableKey ---- */

static inline uint8_t mdd_table_key_table_key_reference_type(mdd_table_key x)
{
    return mdd_fb_u8(x.t, 0, 0);
}
static inline mdd_table_dop mdd_table_key_table_dop(mdd_table_key x)
{
    mdd_table_dop r = {mdd_fb_union_field(x.t, 1, MDD_TABLE_KEY_REFERENCE_TABLE_DOP)};
    return r;
}
static inline mdd_table_row mdd_table_key_table_row(mdd_table_key x)
{
    mdd_table_row r = {mdd_fb_union_field(x.t, 1, MDD_TABLE_KEY_REFERENCE_TABLE_ROW)};
    return r;
}

/* ---- TableStruct ---- */

static inline mdd_param mdd_table_struct_table_key(mdd_table_struct x)
{
    mdd_param r = {mdd_fb_table_field(x.t, 0)};
    return r;
}

/* ---- Value ---- */

static inline mdd_bytes mdd_value_physical_default_value(mdd_value x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_dop mdd_value_dop(mdd_value x)
{
    mdd_dop r = {mdd_fb_table_field(x.t, 1)};
    return r;
}

/* ---- Param ---- */

static inline uint32_t mdd_param_id(mdd_param x)
{
    return mdd_fb_u32(x.t, 0, 0);
}
static inline uint8_t mdd_param_param_type(mdd_param x)
{
    return mdd_fb_u8(x.t, 1, 0);
}
static inline mdd_bytes mdd_param_short_name(mdd_param x)
{
    return mdd_fb_string_field(x.t, 2);
}
static inline mdd_bytes mdd_param_semantic(mdd_param x)
{
    return mdd_fb_string_field(x.t, 3);
}
static inline mdd_sdgs mdd_param_sdgs(mdd_param x)
{
    mdd_sdgs r = {mdd_fb_table_field(x.t, 4)};
    return r;
}
static inline mdd_bytes mdd_param_physical_default_value(mdd_param x)
{
    return mdd_fb_string_field(x.t, 5);
}
static inline int mdd_param_byte_position(mdd_param x, uint32_t *out)
{
    return mdd_fb_opt_u32(x.t, 6, out);
}
static inline int mdd_param_bit_position(mdd_param x, uint32_t *out)
{
    return mdd_fb_opt_u32(x.t, 7, out);
}
static inline uint8_t mdd_param_specific_data_type(mdd_param x)
{
    return mdd_fb_u8(x.t, 8, 0);
}
static inline mdd_coded_const mdd_param_coded_const(mdd_param x)
{
    mdd_coded_const r = {mdd_fb_union_field(x.t, 9, MDD_PARAM_SPECIFIC_DATA_CODED_CONST)};
    return r;
}
static inline mdd_dynamic mdd_param_dynamic(mdd_param x)
{
    mdd_dynamic r = {mdd_fb_union_field(x.t, 9, MDD_PARAM_SPECIFIC_DATA_DYNAMIC)};
    return r;
}
static inline mdd_matching_request_param mdd_param_matching_request_param(mdd_param x)
{
    mdd_matching_request_param r = {mdd_fb_union_field(x.t, 9,
        MDD_PARAM_SPECIFIC_DATA_MATCHING_REQUEST_PARAM)};
    return r;
}
static inline mdd_nrc_const mdd_param_nrc_const(mdd_param x)
{
    mdd_nrc_const r = {mdd_fb_union_field(x.t, 9, MDD_PARAM_SPECIFIC_DATA_NRC_CONST)};
    return r;
}
static inline mdd_phys_const mdd_param_phys_const(mdd_param x)
{
    mdd_phys_const r = {mdd_fb_union_field(x.t, 9, MDD_PARAM_SPECIFIC_DATA_PHYS_CONST)};
    return r;
}
static inline mdd_reserved mdd_param_reserved(mdd_param x)
{
    mdd_reserved r = {mdd_fb_union_field(x.t, 9, MDD_PARAM_SPECIFIC_DATA_RESERVED)};
    return r;
}
static inline mdd_value mdd_param_value(mdd_param x)
{
    mdd_value r = {mdd_fb_union_field(x.t, 9, MDD_PARAM_SPECIFIC_DATA_VALUE)};
    return r;
}
static inline mdd_table_entry mdd_param_table_entry(mdd_param x)
{
    mdd_table_entry r = {mdd_fb_union_field(x.t, 9, MDD_PARAM_SPECIFIC_DATA_TABLE_ENTRY)};
    return r;
}
static inline mdd_table_key mdd_param_table_key(mdd_param x)
{
    mdd_table_key r = {mdd_fb_union_field(x.t, 9, MDD_PARAM_SPECIFIC_DATA_TABLE_KEY)};
    return r;
}
static inline mdd_table_struct mdd_param_table_struct(mdd_param x)
{
    mdd_table_struct r = {mdd_fb_union_field(x.t, 9, MDD_PARAM_SPECIFIC_DATA_TABLE_STRUCT)};
    return r;
}
static inline mdd_system mdd_param_system(mdd_param x)
{
    mdd_system r = {mdd_fb_union_field(x.t, 9, MDD_PARAM_SPECIFIC_DATA_SYSTEM)};
    return r;
}
static inline mdd_length_key_ref mdd_param_length_key_ref(mdd_param x)
{
    mdd_length_key_ref r = {mdd_fb_union_field(x.t, 9, MDD_PARAM_SPECIFIC_DATA_LENGTH_KEY_REF)};
    return r;
}

/* ---- FunctClass ---- */

static inline mdd_bytes mdd_funct_class_short_name(mdd_funct_class x)
{
    return mdd_fb_string_field(x.t, 0);
}

/* ---- Request ---- */

static inline mdd_param_vec mdd_request_params(mdd_request x)
{
    mdd_param_vec r = {mdd_fb_vector_field(x.t, 0, 4)};
    return r;
}
static inline mdd_sdgs mdd_request_sdgs(mdd_request x)
{
    mdd_sdgs r = {mdd_fb_table_field(x.t, 1)};
    return r;
}

/* ---- Response ---- */

static inline uint8_t mdd_response_response_type(mdd_response x)
{
    return mdd_fb_u8(x.t, 0, 0);
}
static inline mdd_param_vec mdd_response_params(mdd_response x)
{
    mdd_param_vec r = {mdd_fb_vector_field(x.t, 1, 4)};
    return r;
}
static inline mdd_sdgs mdd_response_sdgs(mdd_response x)
{
    mdd_sdgs r = {mdd_fb_table_field(x.t, 2)};
    return r;
}

/* ---- AdditionalAudience ---- */

static inline mdd_bytes mdd_additional_audience_short_name(mdd_additional_audience x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_long_name mdd_additional_audience_long_name(mdd_additional_audience x)
{
    mdd_long_name r = {mdd_fb_table_field(x.t, 1)};
    return r;
}

/* ---- DiagComm ---- */

static inline mdd_bytes mdd_diag_comm_short_name(mdd_diag_comm x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_long_name mdd_diag_comm_long_name(mdd_diag_comm x)
{
    mdd_long_name r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline mdd_bytes mdd_diag_comm_semantic(mdd_diag_comm x)
{
    return mdd_fb_string_field(x.t, 2);
}
static inline mdd_funct_class_vec mdd_diag_comm_funct_class(mdd_diag_comm x)
{
    mdd_funct_class_vec r = {mdd_fb_vector_field(x.t, 3, 4)};
    return r;
}
static inline mdd_sdgs mdd_diag_comm_sdgs(mdd_diag_comm x)
{
    mdd_sdgs r = {mdd_fb_table_field(x.t, 4)};
    return r;
}
static inline uint8_t mdd_diag_comm_diag_class_type(mdd_diag_comm x)
{
    return mdd_fb_u8(x.t, 5, 0);
}
static inline mdd_pre_condition_state_ref_vec
mdd_diag_comm_pre_condition_state_refs(mdd_diag_comm x)
{
    mdd_pre_condition_state_ref_vec r = {mdd_fb_vector_field(x.t, 6, 4)};
    return r;
}
static inline mdd_state_transition_ref_vec mdd_diag_comm_state_transition_refs(mdd_diag_comm x)
{
    mdd_state_transition_ref_vec r = {mdd_fb_vector_field(x.t, 7, 4)};
    return r;
}
static inline mdd_protocol_vec mdd_diag_comm_protocols(mdd_diag_comm x)
{
    mdd_protocol_vec r = {mdd_fb_vector_field(x.t, 8, 4)};
    return r;
}
static inline mdd_audience mdd_diag_comm_audience(mdd_diag_comm x)
{
    mdd_audience r = {mdd_fb_table_field(x.t, 9)};
    return r;
}
static inline int mdd_diag_comm_is_mandatory(mdd_diag_comm x)
{
    return mdd_fb_u8(x.t, 10, 0) != 0;
}
static inline int mdd_diag_comm_is_executable(mdd_diag_comm x)
{
    return mdd_fb_u8(x.t, 11, 1) != 0;
}
static inline int mdd_diag_comm_is_final(mdd_diag_comm x)
{
    return mdd_fb_u8(x.t, 12, 0) != 0;
}

/* ---- DiagService ---- */

static inline mdd_diag_comm mdd_diag_service_diag_comm(mdd_diag_service x)
{
    mdd_diag_comm r = {mdd_fb_table_field(x.t, 0)};
    return r;
}
static inline mdd_request mdd_diag_service_request(mdd_diag_service x)
{
    mdd_request r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline mdd_response_vec mdd_diag_service_pos_responses(mdd_diag_service x)
{
    mdd_response_vec r = {mdd_fb_vector_field(x.t, 2, 4)};
    return r;
}
static inline mdd_response_vec mdd_diag_service_neg_responses(mdd_diag_service x)
{
    mdd_response_vec r = {mdd_fb_vector_field(x.t, 3, 4)};
    return r;
}
static inline int mdd_diag_service_is_cyclic(mdd_diag_service x)
{
    return mdd_fb_u8(x.t, 4, 0) != 0;
}
static inline int mdd_diag_service_is_multiple(mdd_diag_service x)
{
    return mdd_fb_u8(x.t, 5, 0) != 0;
}
static inline uint8_t mdd_diag_service_addressing(mdd_diag_service x)
{
    return mdd_fb_u8(x.t, 6, 0);
}
static inline uint8_t mdd_diag_service_transmission_mode(mdd_diag_service x)
{
    return mdd_fb_u8(x.t, 7, 0);
}
static inline mdd_com_param_ref_vec mdd_diag_service_com_param_refs(mdd_diag_service x)
{
    mdd_com_param_ref_vec r = {mdd_fb_vector_field(x.t, 8, 4)};
    return r;
}

/* ---- ProgCode ---- */

static inline mdd_bytes mdd_prog_code_code_file(mdd_prog_code x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_bytes mdd_prog_code_encryption(mdd_prog_code x)
{
    return mdd_fb_string_field(x.t, 1);
}
static inline mdd_bytes mdd_prog_code_syntax(mdd_prog_code x)
{
    return mdd_fb_string_field(x.t, 2);
}
static inline mdd_bytes mdd_prog_code_revision(mdd_prog_code x)
{
    return mdd_fb_string_field(x.t, 3);
}
static inline mdd_bytes mdd_prog_code_entrypoint(mdd_prog_code x)
{
    return mdd_fb_string_field(x.t, 4);
}
static inline mdd_library_vec mdd_prog_code_library(mdd_prog_code x)
{
    mdd_library_vec r = {mdd_fb_vector_field(x.t, 5, 4)};
    return r;
}

/* ---- JobParam ---- */

static inline mdd_bytes mdd_job_param_short_name(mdd_job_param x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_long_name mdd_job_param_long_name(mdd_job_param x)
{
    mdd_long_name r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline mdd_bytes mdd_job_param_physical_default_value(mdd_job_param x)
{
    return mdd_fb_string_field(x.t, 2);
}
static inline mdd_dop mdd_job_param_dop_base(mdd_job_param x)
{
    mdd_dop r = {mdd_fb_table_field(x.t, 3)};
    return r;
}
static inline mdd_bytes mdd_job_param_semantic(mdd_job_param x)
{
    return mdd_fb_string_field(x.t, 4);
}

/* ---- SingleEcuJob ---- */

static inline mdd_diag_comm mdd_single_ecu_job_diag_comm(mdd_single_ecu_job x)
{
    mdd_diag_comm r = {mdd_fb_table_field(x.t, 0)};
    return r;
}
static inline mdd_prog_code_vec mdd_single_ecu_job_prog_codes(mdd_single_ecu_job x)
{
    mdd_prog_code_vec r = {mdd_fb_vector_field(x.t, 1, 4)};
    return r;
}
static inline mdd_job_param_vec mdd_single_ecu_job_input_params(mdd_single_ecu_job x)
{
    mdd_job_param_vec r = {mdd_fb_vector_field(x.t, 2, 4)};
    return r;
}
static inline mdd_job_param_vec mdd_single_ecu_job_output_params(mdd_single_ecu_job x)
{
    mdd_job_param_vec r = {mdd_fb_vector_field(x.t, 3, 4)};
    return r;
}
static inline mdd_job_param_vec mdd_single_ecu_job_neg_output_params(mdd_single_ecu_job x)
{
    mdd_job_param_vec r = {mdd_fb_vector_field(x.t, 4, 4)};
    return r;
}

/* ---- MatchingParameter ---- */

static inline mdd_bytes mdd_matching_parameter_expected_value(mdd_matching_parameter x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_diag_service mdd_matching_parameter_diag_service(mdd_matching_parameter x)
{
    mdd_diag_service r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline mdd_param mdd_matching_parameter_out_param(mdd_matching_parameter x)
{
    mdd_param r = {mdd_fb_table_field(x.t, 2)};
    return r;
}
static inline int
mdd_matching_parameter_use_physical_addressing(mdd_matching_parameter x, int *out)
{
    uint8_t v;
    if (!mdd_fb_opt_u8(x.t, 3, &v))
        return 0;
    *out = v != 0;
    return 1;
}

/* ---- VariantPattern ---- */

static inline mdd_matching_parameter_vec
mdd_variant_pattern_matching_parameter(mdd_variant_pattern x)
{
    mdd_matching_parameter_vec r = {mdd_fb_vector_field(x.t, 0, 4)};
    return r;
}

/* ---- DiagLayer ---- */

static inline mdd_bytes mdd_diag_layer_short_name(mdd_diag_layer x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_long_name mdd_diag_layer_long_name(mdd_diag_layer x)
{
    mdd_long_name r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline mdd_funct_class_vec mdd_diag_layer_funct_classes(mdd_diag_layer x)
{
    mdd_funct_class_vec r = {mdd_fb_vector_field(x.t, 2, 4)};
    return r;
}
static inline mdd_com_param_ref_vec mdd_diag_layer_com_param_refs(mdd_diag_layer x)
{
    mdd_com_param_ref_vec r = {mdd_fb_vector_field(x.t, 3, 4)};
    return r;
}
static inline mdd_diag_service_vec mdd_diag_layer_diag_services(mdd_diag_layer x)
{
    mdd_diag_service_vec r = {mdd_fb_vector_field(x.t, 4, 4)};
    return r;
}
static inline mdd_single_ecu_job_vec mdd_diag_layer_single_ecu_jobs(mdd_diag_layer x)
{
    mdd_single_ecu_job_vec r = {mdd_fb_vector_field(x.t, 5, 4)};
    return r;
}
static inline mdd_state_chart_vec mdd_diag_layer_state_charts(mdd_diag_layer x)
{
    mdd_state_chart_vec r = {mdd_fb_vector_field(x.t, 6, 4)};
    return r;
}
static inline mdd_additional_audience_vec mdd_diag_layer_additional_audiences(mdd_diag_layer x)
{
    mdd_additional_audience_vec r = {mdd_fb_vector_field(x.t, 7, 4)};
    return r;
}
static inline mdd_sdgs mdd_diag_layer_sdgs(mdd_diag_layer x)
{
    mdd_sdgs r = {mdd_fb_table_field(x.t, 8)};
    return r;
}

/* ---- FunctionalGroup ---- */

static inline mdd_diag_layer mdd_functional_group_diag_layer(mdd_functional_group x)
{
    mdd_diag_layer r = {mdd_fb_table_field(x.t, 0)};
    return r;
}
static inline mdd_parent_ref_vec mdd_functional_group_parent_refs(mdd_functional_group x)
{
    mdd_parent_ref_vec r = {mdd_fb_vector_field(x.t, 1, 4)};
    return r;
}

/* ---- ParentRef ---- */

static inline uint8_t mdd_parent_ref_ref_type(mdd_parent_ref x)
{
    return mdd_fb_u8(x.t, 0, 0);
}
static inline mdd_variant mdd_parent_ref_variant(mdd_parent_ref x)
{
    mdd_variant r = {mdd_fb_union_field(x.t, 1, MDD_PARENT_REF_TYPE_VARIANT)};
    return r;
}
static inline mdd_protocol mdd_parent_ref_protocol(mdd_parent_ref x)
{
    mdd_protocol r = {mdd_fb_union_field(x.t, 1, MDD_PARENT_REF_TYPE_PROTOCOL)};
    return r;
}
static inline mdd_functional_group mdd_parent_ref_functional_group(mdd_parent_ref x)
{
    mdd_functional_group r = {mdd_fb_union_field(x.t, 1, MDD_PARENT_REF_TYPE_FUNCTIONAL_GROUP)};
    return r;
}
static inline mdd_table_dop mdd_parent_ref_table_dop(mdd_parent_ref x)
{
    mdd_table_dop r = {mdd_fb_union_field(x.t, 1, MDD_PARENT_REF_TYPE_TABLE_DOP)};
    return r;
}
static inline mdd_ecu_shared_data mdd_parent_ref_ecu_shared_data(mdd_parent_ref x)
{
    mdd_ecu_shared_data r = {mdd_fb_union_field(x.t, 1, MDD_PARENT_REF_TYPE_ECU_SHARED_DATA)};
    return r;
}
static inline mdd_string_vec mdd_parent_ref_not_inherited_diag_comm_short_names(mdd_parent_ref x)
{
    mdd_string_vec r = {mdd_fb_vector_field(x.t, 2, 4)};
    return r;
}
static inline mdd_string_vec mdd_parent_ref_not_inherited_variables_short_names(mdd_parent_ref x)
{
    mdd_string_vec r = {mdd_fb_vector_field(x.t, 3, 4)};
    return r;
}
static inline mdd_string_vec mdd_parent_ref_not_inherited_dops_short_names(mdd_parent_ref x)
{
    mdd_string_vec r = {mdd_fb_vector_field(x.t, 4, 4)};
    return r;
}
static inline mdd_string_vec mdd_parent_ref_not_inherited_tables_short_names(mdd_parent_ref x)
{
    mdd_string_vec r = {mdd_fb_vector_field(x.t, 5, 4)};
    return r;
}
static inline mdd_string_vec
mdd_parent_ref_not_inherited_global_neg_responses_short_names(mdd_parent_ref x)
{
    mdd_string_vec r = {mdd_fb_vector_field(x.t, 6, 4)};
    return r;
}

/* ---- EcuSharedData ---- */

static inline mdd_diag_layer mdd_ecu_shared_data_diag_layer(mdd_ecu_shared_data x)
{
    mdd_diag_layer r = {mdd_fb_table_field(x.t, 0)};
    return r;
}

/* ---- Variant ---- */

static inline mdd_diag_layer mdd_variant_diag_layer(mdd_variant x)
{
    mdd_diag_layer r = {mdd_fb_table_field(x.t, 0)};
    return r;
}
static inline int mdd_variant_is_base_variant(mdd_variant x)
{
    return mdd_fb_u8(x.t, 1, 0) != 0;
}
static inline mdd_variant_pattern_vec mdd_variant_variant_pattern(mdd_variant x)
{
    mdd_variant_pattern_vec r = {mdd_fb_vector_field(x.t, 2, 4)};
    return r;
}
static inline mdd_parent_ref_vec mdd_variant_parent_refs(mdd_variant x)
{
    mdd_parent_ref_vec r = {mdd_fb_vector_field(x.t, 3, 4)};
    return r;
}

/* ---- SimpleValue ---- */

static inline mdd_bytes mdd_simple_value_value(mdd_simple_value x)
{
    return mdd_fb_string_field(x.t, 0);
}

/* ---- ComplexValue ---- */

static inline uint32_t mdd_complex_value_entries_count(mdd_complex_value x)
{
    return mdd_fb_vector_field(x.t, 1, 4).count;
}
static inline uint8_t mdd_complex_value_entries_type_at(mdd_complex_value x, uint32_t i)
{
    return mdd_fb_union_vector_tag(x.t, 1, i);
}
static inline mdd_simple_value
mdd_complex_value_entries_simple_value_at(mdd_complex_value x, uint32_t i)
{
    mdd_simple_value r = {mdd_fb_union_vector_table(x.t, 1, i,
        MDD_SIMPLE_OR_COMPLEX_VALUE_ENTRY_SIMPLE_VALUE)};
    return r;
}
static inline mdd_complex_value
mdd_complex_value_entries_complex_value_at(mdd_complex_value x, uint32_t i)
{
    mdd_complex_value r = {mdd_fb_union_vector_table(x.t, 1, i,
        MDD_SIMPLE_OR_COMPLEX_VALUE_ENTRY_COMPLEX_VALUE)};
    return r;
}

/* ---- Protocol ---- */

static inline mdd_diag_layer mdd_protocol_diag_layer(mdd_protocol x)
{
    mdd_diag_layer r = {mdd_fb_table_field(x.t, 0)};
    return r;
}
static inline mdd_com_param_spec mdd_protocol_com_param_spec(mdd_protocol x)
{
    mdd_com_param_spec r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline mdd_prot_stack mdd_protocol_prot_stack(mdd_protocol x)
{
    mdd_prot_stack r = {mdd_fb_table_field(x.t, 2)};
    return r;
}
static inline mdd_parent_ref_vec mdd_protocol_parent_refs(mdd_protocol x)
{
    mdd_parent_ref_vec r = {mdd_fb_vector_field(x.t, 3, 4)};
    return r;
}

/* ---- ComParamRef ---- */

static inline mdd_simple_value mdd_com_param_ref_simple_value(mdd_com_param_ref x)
{
    mdd_simple_value r = {mdd_fb_table_field(x.t, 0)};
    return r;
}
static inline mdd_complex_value mdd_com_param_ref_complex_value(mdd_com_param_ref x)
{
    mdd_complex_value r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline mdd_com_param mdd_com_param_ref_com_param(mdd_com_param_ref x)
{
    mdd_com_param r = {mdd_fb_table_field(x.t, 2)};
    return r;
}
static inline mdd_protocol mdd_com_param_ref_protocol(mdd_com_param_ref x)
{
    mdd_protocol r = {mdd_fb_table_field(x.t, 3)};
    return r;
}
static inline mdd_prot_stack mdd_com_param_ref_prot_stack(mdd_com_param_ref x)
{
    mdd_prot_stack r = {mdd_fb_table_field(x.t, 4)};
    return r;
}

/* ---- RegularComParam ---- */

static inline mdd_bytes mdd_regular_com_param_physical_default_value(mdd_regular_com_param x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_dop mdd_regular_com_param_dop(mdd_regular_com_param x)
{
    mdd_dop r = {mdd_fb_table_field(x.t, 1)};
    return r;
}

/* ---- ComplexComParam ---- */

static inline mdd_com_param_vec mdd_complex_com_param_com_params(mdd_complex_com_param x)
{
    mdd_com_param_vec r = {mdd_fb_vector_field(x.t, 0, 4)};
    return r;
}
static inline mdd_complex_value_vec
mdd_complex_com_param_complex_physical_default_values(mdd_complex_com_param x)
{
    mdd_complex_value_vec r = {mdd_fb_vector_field(x.t, 1, 4)};
    return r;
}
static inline int mdd_complex_com_param_allow_multiple_values(mdd_complex_com_param x)
{
    return mdd_fb_u8(x.t, 2, 0) != 0;
}

/* ---- ComParam ---- */

static inline uint8_t mdd_com_param_com_param_type(mdd_com_param x)
{
    return mdd_fb_u8(x.t, 0, 0);
}
static inline mdd_bytes mdd_com_param_short_name(mdd_com_param x)
{
    return mdd_fb_string_field(x.t, 1);
}
static inline mdd_long_name mdd_com_param_long_name(mdd_com_param x)
{
    mdd_long_name r = {mdd_fb_table_field(x.t, 2)};
    return r;
}
static inline mdd_bytes mdd_com_param_param_class(mdd_com_param x)
{
    return mdd_fb_string_field(x.t, 3);
}
static inline uint8_t mdd_com_param_cp_type(mdd_com_param x)
{
    return mdd_fb_u8(x.t, 4, 0);
}
static inline int mdd_com_param_display_level(mdd_com_param x, uint32_t *out)
{
    return mdd_fb_opt_u32(x.t, 5, out);
}
static inline uint8_t mdd_com_param_cp_usage(mdd_com_param x)
{
    return mdd_fb_u8(x.t, 6, 0);
}
static inline uint8_t mdd_com_param_specific_data_type(mdd_com_param x)
{
    return mdd_fb_u8(x.t, 7, 0);
}
static inline mdd_regular_com_param mdd_com_param_regular_com_param(mdd_com_param x)
{
    mdd_regular_com_param r = {mdd_fb_union_field(x.t, 8,
        MDD_COM_PARAM_SPECIFIC_DATA_REGULAR_COM_PARAM)};
    return r;
}
static inline mdd_complex_com_param mdd_com_param_complex_com_param(mdd_com_param x)
{
    mdd_complex_com_param r = {mdd_fb_union_field(x.t, 8,
        MDD_COM_PARAM_SPECIFIC_DATA_COMPLEX_COM_PARAM)};
    return r;
}

/* ---- PhysicalDimension ---- */

static inline mdd_bytes mdd_physical_dimension_short_name(mdd_physical_dimension x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_long_name mdd_physical_dimension_long_name(mdd_physical_dimension x)
{
    mdd_long_name r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline int mdd_physical_dimension_length_exp(mdd_physical_dimension x, int32_t *out)
{
    return mdd_fb_opt_i32(x.t, 2, out);
}
static inline int mdd_physical_dimension_mass_exp(mdd_physical_dimension x, int32_t *out)
{
    return mdd_fb_opt_i32(x.t, 3, out);
}
static inline int mdd_physical_dimension_time_exp(mdd_physical_dimension x, int32_t *out)
{
    return mdd_fb_opt_i32(x.t, 4, out);
}
static inline int mdd_physical_dimension_current_exp(mdd_physical_dimension x, int32_t *out)
{
    return mdd_fb_opt_i32(x.t, 5, out);
}
static inline int mdd_physical_dimension_temperature_exp(mdd_physical_dimension x, int32_t *out)
{
    return mdd_fb_opt_i32(x.t, 6, out);
}
static inline int mdd_physical_dimension_molar_amount_exp(mdd_physical_dimension x, int32_t *out)
{
    return mdd_fb_opt_i32(x.t, 7, out);
}
static inline int
mdd_physical_dimension_luminous_intensity_exp(mdd_physical_dimension x, int32_t *out)
{
    return mdd_fb_opt_i32(x.t, 8, out);
}

/* ---- UnitGroup ---- */

static inline mdd_bytes mdd_unit_group_short_name(mdd_unit_group x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_long_name mdd_unit_group_long_name(mdd_unit_group x)
{
    mdd_long_name r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline mdd_unit_vec mdd_unit_group_unitrefs(mdd_unit_group x)
{
    mdd_unit_vec r = {mdd_fb_vector_field(x.t, 2, 4)};
    return r;
}

/* ---- UnitSpec ---- */

static inline mdd_unit_group_vec mdd_unit_spec_unit_groups(mdd_unit_spec x)
{
    mdd_unit_group_vec r = {mdd_fb_vector_field(x.t, 0, 4)};
    return r;
}
static inline mdd_unit_vec mdd_unit_spec_units(mdd_unit_spec x)
{
    mdd_unit_vec r = {mdd_fb_vector_field(x.t, 1, 4)};
    return r;
}
static inline mdd_physical_dimension_vec mdd_unit_spec_physical_dimensions(mdd_unit_spec x)
{
    mdd_physical_dimension_vec r = {mdd_fb_vector_field(x.t, 2, 4)};
    return r;
}
static inline mdd_sdgs mdd_unit_spec_sdgs(mdd_unit_spec x)
{
    mdd_sdgs r = {mdd_fb_table_field(x.t, 3)};
    return r;
}

/* ---- ComParamSubSet ---- */

static inline mdd_com_param_vec mdd_com_param_sub_set_com_params(mdd_com_param_sub_set x)
{
    mdd_com_param_vec r = {mdd_fb_vector_field(x.t, 0, 4)};
    return r;
}
static inline mdd_com_param_vec mdd_com_param_sub_set_complex_com_params(mdd_com_param_sub_set x)
{
    mdd_com_param_vec r = {mdd_fb_vector_field(x.t, 1, 4)};
    return r;
}
static inline mdd_dop_vec mdd_com_param_sub_set_data_object_props(mdd_com_param_sub_set x)
{
    mdd_dop_vec r = {mdd_fb_vector_field(x.t, 2, 4)};
    return r;
}
static inline mdd_unit_spec mdd_com_param_sub_set_unit_spec(mdd_com_param_sub_set x)
{
    mdd_unit_spec r = {mdd_fb_table_field(x.t, 3)};
    return r;
}

/* ---- ProtStack ---- */

static inline mdd_bytes mdd_prot_stack_short_name(mdd_prot_stack x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_long_name mdd_prot_stack_long_name(mdd_prot_stack x)
{
    mdd_long_name r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline mdd_bytes mdd_prot_stack_pdu_protocol_type(mdd_prot_stack x)
{
    return mdd_fb_string_field(x.t, 2);
}
static inline mdd_bytes mdd_prot_stack_physical_link_type(mdd_prot_stack x)
{
    return mdd_fb_string_field(x.t, 3);
}
static inline mdd_com_param_sub_set_vec mdd_prot_stack_comparam_subset_refs(mdd_prot_stack x)
{
    mdd_com_param_sub_set_vec r = {mdd_fb_vector_field(x.t, 4, 4)};
    return r;
}

/* ---- ComParamSpec ---- */

static inline mdd_prot_stack_vec mdd_com_param_spec_prot_stacks(mdd_com_param_spec x)
{
    mdd_prot_stack_vec r = {mdd_fb_vector_field(x.t, 0, 4)};
    return r;
}

/* ---- Library ---- */

static inline mdd_bytes mdd_library_short_name(mdd_library x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_long_name mdd_library_long_name(mdd_library x)
{
    mdd_long_name r = {mdd_fb_table_field(x.t, 1)};
    return r;
}
static inline mdd_bytes mdd_library_code_file(mdd_library x)
{
    return mdd_fb_string_field(x.t, 2);
}
static inline mdd_bytes mdd_library_encryption(mdd_library x)
{
    return mdd_fb_string_field(x.t, 3);
}
static inline mdd_bytes mdd_library_syntax(mdd_library x)
{
    return mdd_fb_string_field(x.t, 4);
}
static inline mdd_bytes mdd_library_entry_point(mdd_library x)
{
    return mdd_fb_string_field(x.t, 5);
}

/* ---- EcuData ---- */

static inline mdd_bytes mdd_ecu_data_version(mdd_ecu_data x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_bytes mdd_ecu_data_ecu_name(mdd_ecu_data x)
{
    return mdd_fb_string_field(x.t, 1);
}
static inline mdd_bytes mdd_ecu_data_revision(mdd_ecu_data x)
{
    return mdd_fb_string_field(x.t, 2);
}
static inline mdd_key_value_vec mdd_ecu_data_metadata(mdd_ecu_data x)
{
    mdd_key_value_vec r = {mdd_fb_vector_field(x.t, 3, 4)};
    return r;
}
static inline mdd_bytes mdd_ecu_data_feature_flags(mdd_ecu_data x)
{
    return mdd_fb_bytes_field(x.t, 4);
}
static inline mdd_variant_vec mdd_ecu_data_variants(mdd_ecu_data x)
{
    mdd_variant_vec r = {mdd_fb_vector_field(x.t, 5, 4)};
    return r;
}
static inline mdd_functional_group_vec mdd_ecu_data_functional_groups(mdd_ecu_data x)
{
    mdd_functional_group_vec r = {mdd_fb_vector_field(x.t, 6, 4)};
    return r;
}
static inline mdd_dtc_vec mdd_ecu_data_dtcs(mdd_ecu_data x)
{
    mdd_dtc_vec r = {mdd_fb_vector_field(x.t, 7, 4)};
    return r;
}

/* ---- KeyValue ---- */

static inline mdd_bytes mdd_key_value_key(mdd_key_value x)
{
    return mdd_fb_string_field(x.t, 0);
}
static inline mdd_bytes mdd_key_value_value(mdd_key_value x)
{
    return mdd_fb_string_field(x.t, 1);
}

#ifdef __cplusplus
}
#endif

#endif
