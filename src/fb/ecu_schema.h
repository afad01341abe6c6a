/* The EcuData schema of docs/format.md as verifier descriptors. Field names are the schema's,
 * so error paths read like the schema ("variants[2].diag_layer.short_name"). Tables that
 * format.md lists without fields (ComParamRef, StateChart, ...) and union members libmdd
 * does not read are checked generically.
 *
 * This header defines the descriptors and is included by the two walks, verify.c and
 * verify_quick.c: each is specialized per type, which needs the descriptors' contents in the
 * same translation unit so that the compiler can fold them into the code. */
#ifndef MDD_FB_ECU_SCHEMA_H
#define MDD_FB_ECU_SCHEMA_H

#include "ecu_fields.h"
#include "schema.h"

/* Every table type the schema describes, as X(name); type_<name> is its descriptor. */
#define FB_ECU_TYPES(X)                                                                        \
    X(ecu_data) X(key_value) X(variant) X(variant_pattern) X(matching_parameter)               \
    X(functional_group) X(protocol) X(ecu_shared_data) X(diag_layer) X(parent_ref)             \
    X(diag_service) X(single_ecu_job) X(diag_comm) X(long_name) X(funct_class) X(request)      \
    X(response) X(param) X(coded_const) X(diag_coded_type) X(standard_length_type)             \
    X(matching_request_param) X(dtc) X(text) X(sdgs) X(sdg) X(sd_or_sdg) X(sd)

#define FB_MEMO_ID(name) FB_MEMO_##name,
enum { FB_MEMO_BEFORE_KNOWN = FB_MEMO_GENERIC, FB_ECU_TYPES(FB_MEMO_ID) };
#undef FB_MEMO_ID

#define FB_DECLARE_TYPE(name) static const fb_type type_##name;
FB_ECU_TYPES(FB_DECLARE_TYPE)
#undef FB_DECLARE_TYPE

/* The type of tables the schema does not describe. */
static const fb_type fb_generic_type = {"table", FB_MEMO_GENERIC, 0, NULL};

#define SCALAR(n, i, sz) {.name = n, .id = i, .kind = FB_SCALAR, .size = sz}
#define STRING(n, i) {.name = n, .id = i, .kind = FB_STRING, .size = 4}
#define TABLE(n, i, t) {.name = n, .id = i, .kind = FB_TABLE, .size = 4, .type = t}
#define SCALARS(n, i, sz) {.name = n, .id = i, .kind = FB_SCALARS, .size = 4, .elem_size = sz}
#define STRINGS(n, i) {.name = n, .id = i, .kind = FB_STRINGS, .size = 4}
#define TABLES(n, i, t) {.name = n, .id = i, .kind = FB_TABLES, .size = 4, .type = t}
#define UNION(n, i, m)                                                                         \
    {.name = n, .id = i, .kind = FB_UNION, .size = 4, .members = m,                            \
     .member_count = sizeof m / sizeof m[0]}
#define TYPE(var, n, f)                                                                        \
    static const fb_type type_##var = {n, FB_MEMO_##var, sizeof f / sizeof f[0], f}

/* Tables the schema names but libmdd does not read: checked generically. */
#define GENERIC (&fb_generic_type)

static const fb_field ecu_data_fields[] = {
    STRING("version", ECU_DATA_VERSION),
    STRING("ecu_name", ECU_DATA_ECU_NAME),
    STRING("revision", ECU_DATA_REVISION),
    TABLES("metadata", ECU_DATA_METADATA, &type_key_value),
    SCALARS("feature_flags", ECU_DATA_FEATURE_FLAGS, 1),
    TABLES("variants", ECU_DATA_VARIANTS, &type_variant),
    TABLES("functional_groups", ECU_DATA_FUNCTIONAL_GROUPS, &type_functional_group),
    TABLES("dtcs", ECU_DATA_DTCS, &type_dtc),
};
TYPE(ecu_data, "EcuData", ecu_data_fields);

static const fb_field key_value_fields[] = {
    STRING("key", KEY_VALUE_KEY),
    STRING("value", KEY_VALUE_VALUE),
};
TYPE(key_value, "KeyValue", key_value_fields);

static const fb_field variant_fields[] = {
    TABLE("diag_layer", VARIANT_DIAG_LAYER, &type_diag_layer),
    SCALAR("is_base_variant", VARIANT_IS_BASE_VARIANT, 1),
    TABLES("variant_pattern", VARIANT_VARIANT_PATTERN, &type_variant_pattern),
    TABLES("parent_refs", VARIANT_PARENT_REFS, &type_parent_ref),
};
TYPE(variant, "Variant", variant_fields);

static const fb_field variant_pattern_fields[] = {
    TABLES("matching_parameter", VARIANT_PATTERN_MATCHING_PARAMETER, &type_matching_parameter),
};
TYPE(variant_pattern, "VariantPattern", variant_pattern_fields);

static const fb_field matching_parameter_fields[] = {
    STRING("expected_value", MATCHING_PARAMETER_EXPECTED_VALUE),
    TABLE("diag_service", MATCHING_PARAMETER_DIAG_SERVICE, &type_diag_service),
    TABLE("out_param", MATCHING_PARAMETER_OUT_PARAM, &type_param),
    SCALAR("use_physical_addressing", MATCHING_PARAMETER_USE_PHYSICAL_ADDRESSING, 1),
};
TYPE(matching_parameter, "MatchingParameter", matching_parameter_fields);

static const fb_field functional_group_fields[] = {
    TABLE("diag_layer", FUNCTIONAL_GROUP_DIAG_LAYER, &type_diag_layer),
    TABLES("parent_refs", FUNCTIONAL_GROUP_PARENT_REFS, &type_parent_ref),
};
TYPE(functional_group, "FunctionalGroup", functional_group_fields);

static const fb_field protocol_fields[] = {
    TABLE("diag_layer", PROTOCOL_DIAG_LAYER, &type_diag_layer),
    TABLE("com_param_spec", PROTOCOL_COM_PARAM_SPEC, GENERIC),
    TABLE("prot_stack", PROTOCOL_PROT_STACK, GENERIC),
    TABLES("parent_refs", PROTOCOL_PARENT_REFS, &type_parent_ref),
};
TYPE(protocol, "Protocol", protocol_fields);

static const fb_field ecu_shared_data_fields[] = {
    TABLE("diag_layer", ECU_SHARED_DATA_DIAG_LAYER, &type_diag_layer),
};
TYPE(ecu_shared_data, "EcuSharedData", ecu_shared_data_fields);

static const fb_field diag_layer_fields[] = {
    STRING("short_name", DIAG_LAYER_SHORT_NAME),
    TABLE("long_name", DIAG_LAYER_LONG_NAME, &type_long_name),
    TABLES("funct_classes", DIAG_LAYER_FUNCT_CLASSES, &type_funct_class),
    TABLES("com_param_refs", DIAG_LAYER_COM_PARAM_REFS, GENERIC),
    TABLES("diag_services", DIAG_LAYER_DIAG_SERVICES, &type_diag_service),
    TABLES("single_ecu_jobs", DIAG_LAYER_SINGLE_ECU_JOBS, &type_single_ecu_job),
    TABLES("state_charts", DIAG_LAYER_STATE_CHARTS, GENERIC),
    TABLES("additional_audiences", DIAG_LAYER_ADDITIONAL_AUDIENCES, GENERIC),
    TABLE("sdgs", DIAG_LAYER_SDGS, &type_sdgs),
};
TYPE(diag_layer, "DiagLayer", diag_layer_fields);

/* Index = tag: 1 Variant, 2 Protocol, 3 FunctionalGroup, 4 TableDop, 5 EcuSharedData. */
static const fb_type *const parent_ref_members[] = {
    NULL, &type_variant, &type_protocol, &type_functional_group, GENERIC, &type_ecu_shared_data,
};
static const fb_field parent_ref_fields[] = {
    SCALAR("ref_type", PARENT_REF_REF_TYPE, 1),
    UNION("ref", PARENT_REF_REF, parent_ref_members),
    STRINGS("not_inherited_diag_comm_short_names", PARENT_REF_NOT_INHERITED_DIAG_COMM_SHORT_NAMES),
    STRINGS("not_inherited_variables_short_names", PARENT_REF_NOT_INHERITED_VARIABLES_SHORT_NAMES),
    STRINGS("not_inherited_dops_short_names", PARENT_REF_NOT_INHERITED_DOPS_SHORT_NAMES),
    STRINGS("not_inherited_tables_short_names", PARENT_REF_NOT_INHERITED_TABLES_SHORT_NAMES),
    STRINGS("not_inherited_global_neg_responses_short_names",
            PARENT_REF_NOT_INHERITED_GLOBAL_NEG_RESPONSES_SHORT_NAMES),
};
TYPE(parent_ref, "ParentRef", parent_ref_fields);

static const fb_field diag_service_fields[] = {
    TABLE("diag_comm", DIAG_SERVICE_DIAG_COMM, &type_diag_comm),
    TABLE("request", DIAG_SERVICE_REQUEST, &type_request),
    TABLES("pos_responses", DIAG_SERVICE_POS_RESPONSES, &type_response),
    TABLES("neg_responses", DIAG_SERVICE_NEG_RESPONSES, &type_response),
    SCALAR("is_cyclic", DIAG_SERVICE_IS_CYCLIC, 1),
    SCALAR("is_multiple", DIAG_SERVICE_IS_MULTIPLE, 1),
    SCALAR("addressing", DIAG_SERVICE_ADDRESSING, 1),
    SCALAR("transmission_mode", DIAG_SERVICE_TRANSMISSION_MODE, 1),
    TABLES("com_param_refs", DIAG_SERVICE_COM_PARAM_REFS, GENERIC),
};
TYPE(diag_service, "DiagService", diag_service_fields);

static const fb_field single_ecu_job_fields[] = {
    TABLE("diag_comm", SINGLE_ECU_JOB_DIAG_COMM, &type_diag_comm),
    TABLES("prog_codes", SINGLE_ECU_JOB_PROG_CODES, GENERIC),
    TABLES("input_params", SINGLE_ECU_JOB_INPUT_PARAMS, GENERIC),
    TABLES("output_params", SINGLE_ECU_JOB_OUTPUT_PARAMS, GENERIC),
    TABLES("neg_output_params", SINGLE_ECU_JOB_NEG_OUTPUT_PARAMS, GENERIC),
};
TYPE(single_ecu_job, "SingleEcuJob", single_ecu_job_fields);

static const fb_field diag_comm_fields[] = {
    STRING("short_name", DIAG_COMM_SHORT_NAME),
    TABLE("long_name", DIAG_COMM_LONG_NAME, &type_long_name),
    STRING("semantic", DIAG_COMM_SEMANTIC),
    TABLES("funct_class", DIAG_COMM_FUNCT_CLASS, &type_funct_class),
    TABLE("sdgs", DIAG_COMM_SDGS, &type_sdgs),
    SCALAR("diag_class_type", DIAG_COMM_DIAG_CLASS_TYPE, 1),
    TABLES("pre_condition_state_refs", DIAG_COMM_PRE_CONDITION_STATE_REFS, GENERIC),
    TABLES("state_transition_refs", DIAG_COMM_STATE_TRANSITION_REFS, GENERIC),
    TABLES("protocols", DIAG_COMM_PROTOCOLS, &type_protocol),
    TABLE("audience", DIAG_COMM_AUDIENCE, GENERIC),
    SCALAR("is_mandatory", DIAG_COMM_IS_MANDATORY, 1),
    SCALAR("is_executable", DIAG_COMM_IS_EXECUTABLE, 1),
    SCALAR("is_final", DIAG_COMM_IS_FINAL, 1),
};
TYPE(diag_comm, "DiagComm", diag_comm_fields);

static const fb_field long_name_fields[] = {
    STRING("value", LONG_NAME_VALUE),
    STRING("ti", LONG_NAME_TI),
};
TYPE(long_name, "LongName", long_name_fields);

static const fb_field funct_class_fields[] = {
    STRING("short_name", FUNCT_CLASS_SHORT_NAME),
};
TYPE(funct_class, "FunctClass", funct_class_fields);

static const fb_field request_fields[] = {
    TABLES("params", REQUEST_PARAMS, &type_param),
    TABLE("sdgs", REQUEST_SDGS, &type_sdgs),
};
TYPE(request, "Request", request_fields);

static const fb_field response_fields[] = {
    SCALAR("response_type", RESPONSE_RESPONSE_TYPE, 1),
    TABLES("params", RESPONSE_PARAMS, &type_param),
    TABLE("sdgs", RESPONSE_SDGS, &type_sdgs),
};
TYPE(response, "Response", response_fields);

/* Index = tag: 1 CodedConst, 3 MatchingRequestParam; the other members are generic. */
static const fb_type *const param_members[] = {
    NULL, &type_coded_const, GENERIC, &type_matching_request_param,
};
static const fb_field param_fields[] = {
    SCALAR("id", PARAM_ID, 4),
    SCALAR("param_type", PARAM_PARAM_TYPE, 1),
    STRING("short_name", PARAM_SHORT_NAME),
    STRING("semantic", PARAM_SEMANTIC),
    TABLE("sdgs", PARAM_SDGS, &type_sdgs),
    STRING("physical_default_value", PARAM_PHYSICAL_DEFAULT_VALUE),
    SCALAR("byte_position", PARAM_BYTE_POSITION, 4),
    SCALAR("bit_position", PARAM_BIT_POSITION, 4),
    SCALAR("specific_data_type", PARAM_SPECIFIC_DATA_TYPE, 1),
    UNION("specific_data", PARAM_SPECIFIC_DATA, param_members),
};
TYPE(param, "Param", param_fields);

static const fb_field coded_const_fields[] = {
    STRING("coded_value", CODED_CONST_CODED_VALUE),
    TABLE("diag_coded_type", CODED_CONST_DIAG_CODED_TYPE, &type_diag_coded_type),
};
TYPE(coded_const, "CodedConst", coded_const_fields);

/* Index = tag: 4 StandardLengthType; the other members are generic. */
static const fb_type *const length_members[] = {
    NULL, GENERIC, GENERIC, GENERIC, &type_standard_length_type,
};
static const fb_field diag_coded_type_fields[] = {
    SCALAR("type", DIAG_CODED_TYPE_TYPE, 1),
    STRING("base_type_encoding", DIAG_CODED_TYPE_BASE_TYPE_ENCODING),
    SCALAR("base_data_type", DIAG_CODED_TYPE_BASE_DATA_TYPE, 1),
    SCALAR("is_high_low_byte_order", DIAG_CODED_TYPE_IS_HIGH_LOW_BYTE_ORDER, 1),
    SCALAR("specific_data_type", DIAG_CODED_TYPE_SPECIFIC_DATA_TYPE, 1),
    UNION("specific_data", DIAG_CODED_TYPE_SPECIFIC_DATA, length_members),
};
TYPE(diag_coded_type, "DiagCodedType", diag_coded_type_fields);

static const fb_field standard_length_type_fields[] = {
    SCALAR("bit_length", STANDARD_LENGTH_TYPE_BIT_LENGTH, 4),
    SCALARS("bit_mask", STANDARD_LENGTH_TYPE_BIT_MASK, 1),
    SCALAR("condensed", STANDARD_LENGTH_TYPE_CONDENSED, 1),
};
TYPE(standard_length_type, "StandardLengthType", standard_length_type_fields);

static const fb_field matching_request_param_fields[] = {
    SCALAR("request_byte_pos", MATCHING_REQUEST_PARAM_REQUEST_BYTE_POS, 4),
    SCALAR("byte_length", MATCHING_REQUEST_PARAM_BYTE_LENGTH, 4),
};
TYPE(matching_request_param, "MatchingRequestParam", matching_request_param_fields);

static const fb_field dtc_fields[] = {
    STRING("short_name", DTC_SHORT_NAME),
    SCALAR("trouble_code", DTC_TROUBLE_CODE, 4),
    STRING("display_trouble_code", DTC_DISPLAY_TROUBLE_CODE),
    TABLE("text", DTC_TEXT, &type_text),
    SCALAR("level", DTC_LEVEL, 4),
    TABLE("sdgs", DTC_SDGS, &type_sdgs),
    SCALAR("is_temporary", DTC_IS_TEMPORARY, 1),
};
TYPE(dtc, "DTC", dtc_fields);

static const fb_field text_fields[] = {
    STRING("value", TEXT_VALUE),
    STRING("ti", TEXT_TI),
};
TYPE(text, "Text", text_fields);

static const fb_field sdgs_fields[] = {
    TABLES("sdgs", SDGS_SDGS, &type_sdg),
};
TYPE(sdgs, "SDGS", sdgs_fields);

static const fb_field sdg_fields[] = {
    STRING("caption_sn", SDG_CAPTION_SN),
    TABLES("sds", SDG_SDS, &type_sd_or_sdg),
    STRING("si", SDG_SI),
};
TYPE(sdg, "SDG", sdg_fields);

/* Index = tag: 1 SD, 2 SDG (a nested group). */
static const fb_type *const sd_or_sdg_members[] = {NULL, &type_sd, &type_sdg};
static const fb_field sd_or_sdg_fields[] = {
    SCALAR("content_type", SD_OR_SDG_CONTENT_TYPE, 1),
    UNION("content", SD_OR_SDG_CONTENT, sd_or_sdg_members),
};
TYPE(sd_or_sdg, "SDOrSDG", sd_or_sdg_fields);

static const fb_field sd_fields[] = {
    STRING("value", SD_VALUE),
    STRING("si", SD_SI),
    STRING("ti", SD_TI),
};
TYPE(sd, "SD", sd_fields);

#undef SCALAR
#undef STRING
#undef TABLE
#undef SCALARS
#undef STRINGS
#undef TABLES
#undef UNION
#undef TYPE
#undef GENERIC

#endif
