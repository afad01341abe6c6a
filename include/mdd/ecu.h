/* libmdd: typed, zero-copy views of the EcuData FlatBuffer (docs/format.md, "The payload").
 *
 * Each view is a small value that wraps an mdd_fb_table (or mdd_fb_vector) pointing into the
 * payload buffer: nothing is allocated or copied, views hold no state, and they stay valid as
 * long as the buffer. Any number of threads may read through them at once.
 *
 * Precondition: verify the buffer first (mdd_fb_verify_ecu_data()). The views do not re-check
 * what verification guarantees, but every accessor still checks each read against the
 * buffer's length, so a view over unverified or corrupt bytes reads absent values and
 * defaults instead of reading out of bounds.
 *
 * Conventions:
 *   - A table view is absent when its .t.pos is 0; test with mdd_present(view). Accessors on
 *     an absent view return absent views, empty vectors, NULL strings and defaults.
 *   - Strings are mdd_bytes without the NUL: ptr NULL when absent, non-NULL (len may be 0)
 *     when present.
 *   - Scalars and enums return their format.md default when absent. Enums come back as the
 *     raw byte, so values this version does not know are kept; mdd_ecu_enum_name() names them.
 *   - Optional scalars (`= null` in format.md) return 1 and set *out when present, 0 when
 *     absent, so absence is distinct from 0.
 *   - A vector of tables T is an mdd_T_vec, read with mdd_T_vec_count() / mdd_T_vec_at();
 *     an index past the end gives an absent view. A vector of strings is an mdd_string_vec.
 *   - A union is a tag accessor (…_type) plus one accessor per member type, which gives an
 *     absent view unless the tag names that member.
 *   - The .t.pos of a view identifies its table within the buffer: shared subtables (the
 *     payload is a DAG) have equal positions, which lets walkers remember what they have seen. */
#ifndef MDD_ECU_H
#define MDD_ECU_H

#include <mdd/fb.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Nonzero when a table view (any mdd_* view type below) refers to a table. */
#define mdd_present(view) ((view).t.pos != 0)

/* ---- Enums and union tags (values as stored; format.md names them) ---- */

enum mdd_parent_ref_type {
    MDD_PARENT_REF_NONE = 0,
    MDD_PARENT_REF_VARIANT = 1,
    MDD_PARENT_REF_PROTOCOL = 2,
    MDD_PARENT_REF_FUNCTIONAL_GROUP = 3,
    MDD_PARENT_REF_TABLE_DOP = 4,
    MDD_PARENT_REF_ECU_SHARED_DATA = 5
};

enum mdd_param_data_type {
    MDD_PARAM_DATA_NONE = 0,
    MDD_PARAM_DATA_CODED_CONST = 1,
    MDD_PARAM_DATA_DYNAMIC = 2,
    MDD_PARAM_DATA_MATCHING_REQUEST_PARAM = 3,
    MDD_PARAM_DATA_NRC_CONST = 4,
    MDD_PARAM_DATA_PHYS_CONST = 5,
    MDD_PARAM_DATA_RESERVED = 6,
    MDD_PARAM_DATA_VALUE = 7,
    MDD_PARAM_DATA_TABLE_ENTRY = 8,
    MDD_PARAM_DATA_TABLE_KEY = 9,
    MDD_PARAM_DATA_TABLE_STRUCT = 10,
    MDD_PARAM_DATA_SYSTEM = 11,
    MDD_PARAM_DATA_LENGTH_KEY_REF = 12
};

/* DiagCodedType.specific_data_type */
enum mdd_length_type {
    MDD_LENGTH_NONE = 0,
    MDD_LENGTH_LEADING_LENGTH_INFO_TYPE = 1,
    MDD_LENGTH_MIN_MAX_LENGTH_TYPE = 2,
    MDD_LENGTH_PARAM_LENGTH_INFO_TYPE = 3,
    MDD_LENGTH_STANDARD_LENGTH_TYPE = 4
};

/* SDOrSDG.content_type: an SDG entry is a single datum or a nested group. format.md does not
 * name the members; the corpus holds only SD (1), and SDG (2) is the other member. */
enum mdd_sd_or_sdg_type {
    MDD_SD_OR_SDG_NONE = 0,
    MDD_SD_OR_SDG_SD = 1,
    MDD_SD_OR_SDG_SDG = 2
};

enum mdd_addressing {
    MDD_ADDRESSING_FUNCTIONAL = 0,
    MDD_ADDRESSING_PHYSICAL = 1,
    MDD_ADDRESSING_FUNCTIONAL_OR_PHYSICAL = 2
};

enum mdd_transmission_mode {
    MDD_TRANSMISSION_SEND_ONLY = 0,
    MDD_TRANSMISSION_RECEIVE_ONLY = 1,
    MDD_TRANSMISSION_SEND_AND_RECEIVE = 2,
    MDD_TRANSMISSION_SEND_OR_RECEIVE = 3
};

enum mdd_diag_class_type {
    MDD_DIAG_CLASS_START_COMM = 0,
    MDD_DIAG_CLASS_STOP_COMM = 1,
    MDD_DIAG_CLASS_VARIANT_IDENTIFICATION = 2,
    MDD_DIAG_CLASS_READ_DYN_DEF_MESSAGE = 3,
    MDD_DIAG_CLASS_DYN_DEF_MESSAGE = 4,
    MDD_DIAG_CLASS_CLEAR_DYN_DEF_MESSAGE = 5
};

enum mdd_response_type {
    MDD_RESPONSE_POS_RESPONSE = 0,
    MDD_RESPONSE_NEG_RESPONSE = 1,
    MDD_RESPONSE_GLOBAL_NEG_RESPONSE = 2
};

enum mdd_param_type {
    MDD_PARAM_CODED_CONST = 0,
    MDD_PARAM_DYNAMIC = 1,
    MDD_PARAM_LENGTH_KEY = 2,
    MDD_PARAM_MATCHING_REQUEST_PARAM = 3,
    MDD_PARAM_NRC_CONST = 4,
    MDD_PARAM_PHYS_CONST = 5,
    MDD_PARAM_RESERVED = 6,
    MDD_PARAM_SYSTEM = 7,
    MDD_PARAM_TABLE_ENTRY = 8,
    MDD_PARAM_TABLE_KEY = 9,
    MDD_PARAM_TABLE_STRUCT = 10,
    MDD_PARAM_VALUE = 11
};

/* DiagCodedType.type */
enum mdd_coded_type_name {
    MDD_CODED_LEADING_LENGTH_INFO_TYPE = 0,
    MDD_CODED_MIN_MAX_LENGTH_TYPE = 1,
    MDD_CODED_PARAM_LENGTH_INFO_TYPE = 2,
    MDD_CODED_STANDARD_LENGTH_TYPE = 3
};

enum mdd_data_type {
    MDD_DATA_A_INT_32 = 0,
    MDD_DATA_A_UINT_32 = 1,
    MDD_DATA_A_FLOAT_32 = 2,
    MDD_DATA_A_ASCIISTRING = 3,
    MDD_DATA_A_UTF_8_STRING = 4,
    MDD_DATA_A_UNICODE_2_STRING = 5,
    MDD_DATA_A_BYTEFIELD = 6,
    MDD_DATA_A_FLOAT_64 = 7
};

/* EcuData.feature_flags elements */
enum mdd_feature_flag { MDD_FEATURE_RESERVED = 0 };

/* Which enum or union tag mdd_ecu_enum_name() names. */
typedef enum mdd_ecu_enum {
    MDD_ENUM_PARENT_REF_TYPE,   /* enum mdd_parent_ref_type: "Variant", "Protocol", ... */
    MDD_ENUM_PARAM_DATA_TYPE,   /* enum mdd_param_data_type: "CodedConst", ... */
    MDD_ENUM_LENGTH_TYPE,       /* enum mdd_length_type: "StandardLengthType", ... */
    MDD_ENUM_SD_OR_SDG_TYPE,    /* enum mdd_sd_or_sdg_type: "SD", "SDG" */
    MDD_ENUM_ADDRESSING,        /* enum mdd_addressing: "PHYSICAL", ... */
    MDD_ENUM_TRANSMISSION_MODE, /* enum mdd_transmission_mode */
    MDD_ENUM_DIAG_CLASS_TYPE,   /* enum mdd_diag_class_type */
    MDD_ENUM_RESPONSE_TYPE,     /* enum mdd_response_type */
    MDD_ENUM_PARAM_TYPE,        /* enum mdd_param_type */
    MDD_ENUM_CODED_TYPE_NAME,   /* enum mdd_coded_type_name */
    MDD_ENUM_DATA_TYPE,         /* enum mdd_data_type */
    MDD_ENUM_FEATURE_FLAG       /* enum mdd_feature_flag */
} mdd_ecu_enum;

/* The schema name of value in the given enum or union ("NONE" for union tag 0, as flatc
 * prints it), or NULL for a value the schema does not define. Static storage. */
const char *mdd_ecu_enum_name(mdd_ecu_enum which, uint8_t value);

/* ---- View types ---- */

typedef struct mdd_ecu_data { mdd_fb_table t; } mdd_ecu_data;
typedef struct mdd_key_value { mdd_fb_table t; } mdd_key_value;
typedef struct mdd_variant { mdd_fb_table t; } mdd_variant;
typedef struct mdd_variant_pattern { mdd_fb_table t; } mdd_variant_pattern;
typedef struct mdd_matching_parameter { mdd_fb_table t; } mdd_matching_parameter;
typedef struct mdd_functional_group { mdd_fb_table t; } mdd_functional_group;
typedef struct mdd_protocol { mdd_fb_table t; } mdd_protocol;
typedef struct mdd_ecu_shared_data { mdd_fb_table t; } mdd_ecu_shared_data;
typedef struct mdd_diag_layer { mdd_fb_table t; } mdd_diag_layer;
typedef struct mdd_parent_ref { mdd_fb_table t; } mdd_parent_ref;
typedef struct mdd_diag_service { mdd_fb_table t; } mdd_diag_service;
typedef struct mdd_single_ecu_job { mdd_fb_table t; } mdd_single_ecu_job;
typedef struct mdd_diag_comm { mdd_fb_table t; } mdd_diag_comm;
typedef struct mdd_request { mdd_fb_table t; } mdd_request;
typedef struct mdd_response { mdd_fb_table t; } mdd_response;
typedef struct mdd_param { mdd_fb_table t; } mdd_param;
typedef struct mdd_coded_const { mdd_fb_table t; } mdd_coded_const;
typedef struct mdd_diag_coded_type { mdd_fb_table t; } mdd_diag_coded_type;
typedef struct mdd_standard_length_type { mdd_fb_table t; } mdd_standard_length_type;
typedef struct mdd_matching_request_param { mdd_fb_table t; } mdd_matching_request_param;
typedef struct mdd_dtc { mdd_fb_table t; } mdd_dtc;
typedef struct mdd_text { mdd_fb_table t; } mdd_text;
typedef struct mdd_long_name { mdd_fb_table t; } mdd_long_name;
typedef struct mdd_funct_class { mdd_fb_table t; } mdd_funct_class;
typedef struct mdd_sdgs { mdd_fb_table t; } mdd_sdgs;
typedef struct mdd_sdg { mdd_fb_table t; } mdd_sdg;
typedef struct mdd_sd_or_sdg { mdd_fb_table t; } mdd_sd_or_sdg;
typedef struct mdd_sd { mdd_fb_table t; } mdd_sd;

typedef struct mdd_string_vec { mdd_fb_vector v; } mdd_string_vec;
typedef struct mdd_key_value_vec { mdd_fb_vector v; } mdd_key_value_vec;
typedef struct mdd_variant_vec { mdd_fb_vector v; } mdd_variant_vec;
typedef struct mdd_variant_pattern_vec { mdd_fb_vector v; } mdd_variant_pattern_vec;
typedef struct mdd_matching_parameter_vec { mdd_fb_vector v; } mdd_matching_parameter_vec;
typedef struct mdd_functional_group_vec { mdd_fb_vector v; } mdd_functional_group_vec;
typedef struct mdd_protocol_vec { mdd_fb_vector v; } mdd_protocol_vec;
typedef struct mdd_parent_ref_vec { mdd_fb_vector v; } mdd_parent_ref_vec;
typedef struct mdd_diag_service_vec { mdd_fb_vector v; } mdd_diag_service_vec;
typedef struct mdd_single_ecu_job_vec { mdd_fb_vector v; } mdd_single_ecu_job_vec;
typedef struct mdd_response_vec { mdd_fb_vector v; } mdd_response_vec;
typedef struct mdd_param_vec { mdd_fb_vector v; } mdd_param_vec;
typedef struct mdd_dtc_vec { mdd_fb_vector v; } mdd_dtc_vec;
typedef struct mdd_funct_class_vec { mdd_fb_vector v; } mdd_funct_class_vec;
typedef struct mdd_sdg_vec { mdd_fb_vector v; } mdd_sdg_vec;
typedef struct mdd_sd_or_sdg_vec { mdd_fb_vector v; } mdd_sd_or_sdg_vec;

/* ---- Vectors ---- */

/* Number of strings in the vector (0 when absent). */
uint32_t mdd_string_vec_count(mdd_string_vec v);
/* String i, or ptr NULL past the end. */
mdd_bytes mdd_string_vec_at(mdd_string_vec v, uint32_t i);

/* Number of entries. */
uint32_t mdd_key_value_vec_count(mdd_key_value_vec v);
/* Entry i, or absent past the end. */
mdd_key_value mdd_key_value_vec_at(mdd_key_value_vec v, uint32_t i);
/* Number of entries. */
uint32_t mdd_variant_vec_count(mdd_variant_vec v);
/* Entry i, or absent past the end. */
mdd_variant mdd_variant_vec_at(mdd_variant_vec v, uint32_t i);
/* Number of entries. */
uint32_t mdd_variant_pattern_vec_count(mdd_variant_pattern_vec v);
/* Entry i, or absent past the end. */
mdd_variant_pattern mdd_variant_pattern_vec_at(mdd_variant_pattern_vec v, uint32_t i);
/* Number of entries. */
uint32_t mdd_matching_parameter_vec_count(mdd_matching_parameter_vec v);
/* Entry i, or absent past the end. */
mdd_matching_parameter mdd_matching_parameter_vec_at(mdd_matching_parameter_vec v, uint32_t i);
/* Number of entries. */
uint32_t mdd_functional_group_vec_count(mdd_functional_group_vec v);
/* Entry i, or absent past the end. */
mdd_functional_group mdd_functional_group_vec_at(mdd_functional_group_vec v, uint32_t i);
/* Number of entries. */
uint32_t mdd_protocol_vec_count(mdd_protocol_vec v);
/* Entry i, or absent past the end. */
mdd_protocol mdd_protocol_vec_at(mdd_protocol_vec v, uint32_t i);
/* Number of entries. */
uint32_t mdd_parent_ref_vec_count(mdd_parent_ref_vec v);
/* Entry i, or absent past the end. */
mdd_parent_ref mdd_parent_ref_vec_at(mdd_parent_ref_vec v, uint32_t i);
/* Number of entries. */
uint32_t mdd_diag_service_vec_count(mdd_diag_service_vec v);
/* Entry i, or absent past the end. */
mdd_diag_service mdd_diag_service_vec_at(mdd_diag_service_vec v, uint32_t i);
/* Number of entries. */
uint32_t mdd_single_ecu_job_vec_count(mdd_single_ecu_job_vec v);
/* Entry i, or absent past the end. */
mdd_single_ecu_job mdd_single_ecu_job_vec_at(mdd_single_ecu_job_vec v, uint32_t i);
/* Number of entries. */
uint32_t mdd_response_vec_count(mdd_response_vec v);
/* Entry i, or absent past the end. */
mdd_response mdd_response_vec_at(mdd_response_vec v, uint32_t i);
/* Number of entries. */
uint32_t mdd_param_vec_count(mdd_param_vec v);
/* Entry i, or absent past the end. */
mdd_param mdd_param_vec_at(mdd_param_vec v, uint32_t i);
/* Number of entries. */
uint32_t mdd_dtc_vec_count(mdd_dtc_vec v);
/* Entry i, or absent past the end. */
mdd_dtc mdd_dtc_vec_at(mdd_dtc_vec v, uint32_t i);
/* Number of entries. */
uint32_t mdd_funct_class_vec_count(mdd_funct_class_vec v);
/* Entry i, or absent past the end. */
mdd_funct_class mdd_funct_class_vec_at(mdd_funct_class_vec v, uint32_t i);
/* Number of entries. */
uint32_t mdd_sdg_vec_count(mdd_sdg_vec v);
/* Entry i, or absent past the end. */
mdd_sdg mdd_sdg_vec_at(mdd_sdg_vec v, uint32_t i);
/* Number of entries. */
uint32_t mdd_sd_or_sdg_vec_count(mdd_sd_or_sdg_vec v);
/* Entry i, or absent past the end. */
mdd_sd_or_sdg mdd_sd_or_sdg_vec_at(mdd_sd_or_sdg_vec v, uint32_t i);

/* ---- EcuData (the root) ---- */

/* The root EcuData of payload buf[0..len); absent when the root does not fit. Verify the
 * buffer first (see the top of this header). */
mdd_ecu_data mdd_ecu_data_root(const uint8_t *buf, size_t len);
/* EcuData.version */
mdd_bytes mdd_ecu_data_version(mdd_ecu_data e);
/* EcuData.ecu_name */
mdd_bytes mdd_ecu_data_ecu_name(mdd_ecu_data e);
/* EcuData.revision */
mdd_bytes mdd_ecu_data_revision(mdd_ecu_data e);
/* EcuData.metadata */
mdd_key_value_vec mdd_ecu_data_metadata(mdd_ecu_data e);
/* EcuData.feature_flags, one enum mdd_feature_flag byte each (ptr NULL when absent). */
mdd_bytes mdd_ecu_data_feature_flags(mdd_ecu_data e);
/* EcuData.variants */
mdd_variant_vec mdd_ecu_data_variants(mdd_ecu_data e);
/* EcuData.functional_groups */
mdd_functional_group_vec mdd_ecu_data_functional_groups(mdd_ecu_data e);
/* EcuData.dtcs */
mdd_dtc_vec mdd_ecu_data_dtcs(mdd_ecu_data e);

/* KeyValue.key */
mdd_bytes mdd_key_value_key(mdd_key_value kv);
/* KeyValue.value */
mdd_bytes mdd_key_value_value(mdd_key_value kv);

/* ---- Variant, FunctionalGroup, Protocol, EcuSharedData: the layers ---- */

/* Variant.diag_layer */
mdd_diag_layer mdd_variant_diag_layer(mdd_variant v);
/* Variant.is_base_variant (default false) */
int mdd_variant_is_base_variant(mdd_variant v);
/* Variant.variant_pattern */
mdd_variant_pattern_vec mdd_variant_variant_patterns(mdd_variant v);
/* Variant.parent_refs */
mdd_parent_ref_vec mdd_variant_parent_refs(mdd_variant v);

/* VariantPattern.matching_parameter */
mdd_matching_parameter_vec mdd_variant_pattern_matching_parameters(mdd_variant_pattern p);
/* MatchingParameter.expected_value */
mdd_bytes mdd_matching_parameter_expected_value(mdd_matching_parameter m);
/* MatchingParameter.diag_service */
mdd_diag_service mdd_matching_parameter_diag_service(mdd_matching_parameter m);
/* MatchingParameter.out_param */
mdd_param mdd_matching_parameter_out_param(mdd_matching_parameter m);
/* MatchingParameter.use_physical_addressing (bool = null): 1 and *out when present. */
int mdd_matching_parameter_use_physical_addressing(mdd_matching_parameter m, int *out);

/* FunctionalGroup.diag_layer */
mdd_diag_layer mdd_functional_group_diag_layer(mdd_functional_group g);
/* FunctionalGroup.parent_refs */
mdd_parent_ref_vec mdd_functional_group_parent_refs(mdd_functional_group g);

/* Protocol.diag_layer */
mdd_diag_layer mdd_protocol_diag_layer(mdd_protocol p);
/* Protocol.parent_refs */
mdd_parent_ref_vec mdd_protocol_parent_refs(mdd_protocol p);

/* EcuSharedData.diag_layer */
mdd_diag_layer mdd_ecu_shared_data_diag_layer(mdd_ecu_shared_data s);

/* ---- ParentRef ---- */

/* ParentRef.ref_type: an enum mdd_parent_ref_type value (0 = NONE when absent). */
uint8_t mdd_parent_ref_ref_type(mdd_parent_ref r);
/* ParentRef.ref when it is a Variant, else absent. */
mdd_variant mdd_parent_ref_variant(mdd_parent_ref r);
/* ParentRef.ref when it is a Protocol, else absent. */
mdd_protocol mdd_parent_ref_protocol(mdd_parent_ref r);
/* ParentRef.ref when it is a FunctionalGroup, else absent. */
mdd_functional_group mdd_parent_ref_functional_group(mdd_parent_ref r);
/* ParentRef.ref when it is an EcuSharedData, else absent. */
mdd_ecu_shared_data mdd_parent_ref_ecu_shared_data(mdd_parent_ref r);
/* The DiagLayer of the referenced Variant, Protocol, FunctionalGroup or EcuSharedData;
 * absent for TableDop, NONE and unknown tags. */
mdd_diag_layer mdd_parent_ref_diag_layer(mdd_parent_ref r);
/* The parent_refs of the referenced Variant, Protocol or FunctionalGroup (the next step of
 * inheritance); empty for the other members, which have none. */
mdd_parent_ref_vec mdd_parent_ref_parent_refs(mdd_parent_ref r);
/* ParentRef.not_inherited_diag_comm_short_names */
mdd_string_vec mdd_parent_ref_not_inherited_diag_comm_short_names(mdd_parent_ref r);
/* ParentRef.not_inherited_variables_short_names */
mdd_string_vec mdd_parent_ref_not_inherited_variables_short_names(mdd_parent_ref r);
/* ParentRef.not_inherited_dops_short_names */
mdd_string_vec mdd_parent_ref_not_inherited_dops_short_names(mdd_parent_ref r);
/* ParentRef.not_inherited_tables_short_names */
mdd_string_vec mdd_parent_ref_not_inherited_tables_short_names(mdd_parent_ref r);
/* ParentRef.not_inherited_global_neg_responses_short_names */
mdd_string_vec mdd_parent_ref_not_inherited_global_neg_responses_short_names(mdd_parent_ref r);

/* ---- DiagLayer ---- */

/* DiagLayer.short_name */
mdd_bytes mdd_diag_layer_short_name(mdd_diag_layer l);
/* DiagLayer.long_name */
mdd_long_name mdd_diag_layer_long_name(mdd_diag_layer l);
/* DiagLayer.funct_classes */
mdd_funct_class_vec mdd_diag_layer_funct_classes(mdd_diag_layer l);
/* DiagLayer.diag_services: the layer's own services, not inherited ones. */
mdd_diag_service_vec mdd_diag_layer_diag_services(mdd_diag_layer l);
/* DiagLayer.single_ecu_jobs */
mdd_single_ecu_job_vec mdd_diag_layer_single_ecu_jobs(mdd_diag_layer l);
/* DiagLayer.sdgs */
mdd_sdgs mdd_diag_layer_sdgs(mdd_diag_layer l);

/* ---- DiagService, SingleEcuJob, DiagComm ---- */

/* DiagService.diag_comm */
mdd_diag_comm mdd_diag_service_diag_comm(mdd_diag_service s);
/* DiagService.request */
mdd_request mdd_diag_service_request(mdd_diag_service s);
/* DiagService.pos_responses */
mdd_response_vec mdd_diag_service_pos_responses(mdd_diag_service s);
/* DiagService.neg_responses */
mdd_response_vec mdd_diag_service_neg_responses(mdd_diag_service s);
/* DiagService.is_cyclic (default false) */
int mdd_diag_service_is_cyclic(mdd_diag_service s);
/* DiagService.is_multiple (default false) */
int mdd_diag_service_is_multiple(mdd_diag_service s);
/* DiagService.addressing: an enum mdd_addressing value (default FUNCTIONAL). */
uint8_t mdd_diag_service_addressing(mdd_diag_service s);
/* DiagService.transmission_mode: an enum mdd_transmission_mode value (default SEND_ONLY). */
uint8_t mdd_diag_service_transmission_mode(mdd_diag_service s);

/* SingleEcuJob.diag_comm */
mdd_diag_comm mdd_single_ecu_job_diag_comm(mdd_single_ecu_job j);

/* DiagComm.short_name */
mdd_bytes mdd_diag_comm_short_name(mdd_diag_comm c);
/* DiagComm.long_name */
mdd_long_name mdd_diag_comm_long_name(mdd_diag_comm c);
/* DiagComm.semantic */
mdd_bytes mdd_diag_comm_semantic(mdd_diag_comm c);
/* DiagComm.funct_class */
mdd_funct_class_vec mdd_diag_comm_funct_classes(mdd_diag_comm c);
/* DiagComm.sdgs */
mdd_sdgs mdd_diag_comm_sdgs(mdd_diag_comm c);
/* DiagComm.diag_class_type: an enum mdd_diag_class_type value (default START_COMM). */
uint8_t mdd_diag_comm_diag_class_type(mdd_diag_comm c);
/* DiagComm.protocols */
mdd_protocol_vec mdd_diag_comm_protocols(mdd_diag_comm c);
/* DiagComm.is_mandatory (default false) */
int mdd_diag_comm_is_mandatory(mdd_diag_comm c);
/* DiagComm.is_executable (default true) */
int mdd_diag_comm_is_executable(mdd_diag_comm c);
/* DiagComm.is_final (default false) */
int mdd_diag_comm_is_final(mdd_diag_comm c);

/* LongName.value */
mdd_bytes mdd_long_name_value(mdd_long_name n);
/* LongName.ti */
mdd_bytes mdd_long_name_ti(mdd_long_name n);
/* FunctClass.short_name */
mdd_bytes mdd_funct_class_short_name(mdd_funct_class f);

/* ---- Request, Response, Param ---- */

/* Request.params, in stored order. */
mdd_param_vec mdd_request_params(mdd_request r);
/* Request.sdgs */
mdd_sdgs mdd_request_sdgs(mdd_request r);

/* Response.response_type: an enum mdd_response_type value (default POS_RESPONSE). */
uint8_t mdd_response_response_type(mdd_response r);
/* Response.params */
mdd_param_vec mdd_response_params(mdd_response r);
/* Response.sdgs */
mdd_sdgs mdd_response_sdgs(mdd_response r);

/* Param.id (default 0) */
uint32_t mdd_param_id(mdd_param p);
/* Param.param_type: an enum mdd_param_type value (default CODED_CONST). */
uint8_t mdd_param_param_type(mdd_param p);
/* Param.short_name */
mdd_bytes mdd_param_short_name(mdd_param p);
/* Param.semantic */
mdd_bytes mdd_param_semantic(mdd_param p);
/* Param.sdgs */
mdd_sdgs mdd_param_sdgs(mdd_param p);
/* Param.physical_default_value */
mdd_bytes mdd_param_physical_default_value(mdd_param p);
/* Param.byte_position (uint32 = null): 1 and *out when present, 0 when absent. */
int mdd_param_byte_position(mdd_param p, uint32_t *out);
/* Param.bit_position (uint32 = null): 1 and *out when present, 0 when absent. */
int mdd_param_bit_position(mdd_param p, uint32_t *out);
/* Param.specific_data_type: an enum mdd_param_data_type value (0 = NONE when absent). */
uint8_t mdd_param_specific_data_type(mdd_param p);
/* Param.specific_data when it is a CodedConst, else absent. */
mdd_coded_const mdd_param_coded_const(mdd_param p);
/* Param.specific_data when it is a MatchingRequestParam, else absent. */
mdd_matching_request_param mdd_param_matching_request_param(mdd_param p);

/* CodedConst.coded_value (the value as decimal text) */
mdd_bytes mdd_coded_const_coded_value(mdd_coded_const c);
/* CodedConst.diag_coded_type */
mdd_diag_coded_type mdd_coded_const_diag_coded_type(mdd_coded_const c);

/* DiagCodedType.type: an enum mdd_coded_type_name value (default LEADING_LENGTH_INFO_TYPE). */
uint8_t mdd_diag_coded_type_type(mdd_diag_coded_type d);
/* DiagCodedType.base_type_encoding */
mdd_bytes mdd_diag_coded_type_base_type_encoding(mdd_diag_coded_type d);
/* DiagCodedType.base_data_type: an enum mdd_data_type value (default A_INT_32). */
uint8_t mdd_diag_coded_type_base_data_type(mdd_diag_coded_type d);
/* DiagCodedType.is_high_low_byte_order (default true) */
int mdd_diag_coded_type_is_high_low_byte_order(mdd_diag_coded_type d);
/* DiagCodedType.specific_data_type: an enum mdd_length_type value (0 = NONE when absent). */
uint8_t mdd_diag_coded_type_specific_data_type(mdd_diag_coded_type d);
/* DiagCodedType.specific_data when it is a StandardLengthType, else absent. */
mdd_standard_length_type mdd_diag_coded_type_standard_length_type(mdd_diag_coded_type d);

/* StandardLengthType.bit_length (default 0) */
uint32_t mdd_standard_length_type_bit_length(mdd_standard_length_type s);
/* StandardLengthType.bit_mask as bytes (ptr NULL when absent). */
mdd_bytes mdd_standard_length_type_bit_mask(mdd_standard_length_type s);
/* StandardLengthType.condensed (default false) */
int mdd_standard_length_type_condensed(mdd_standard_length_type s);

/* MatchingRequestParam.request_byte_pos (default 0) */
int32_t mdd_matching_request_param_request_byte_pos(mdd_matching_request_param m);
/* MatchingRequestParam.byte_length (default 0) */
uint32_t mdd_matching_request_param_byte_length(mdd_matching_request_param m);

/* ---- DTC, Text ---- */

/* DTC.short_name */
mdd_bytes mdd_dtc_short_name(mdd_dtc d);
/* DTC.trouble_code (default 0) */
uint32_t mdd_dtc_trouble_code(mdd_dtc d);
/* DTC.display_trouble_code */
mdd_bytes mdd_dtc_display_trouble_code(mdd_dtc d);
/* DTC.text */
mdd_text mdd_dtc_text(mdd_dtc d);
/* DTC.level (uint32 = null): 1 and *out when present, 0 when absent. */
int mdd_dtc_level(mdd_dtc d, uint32_t *out);
/* DTC.sdgs */
mdd_sdgs mdd_dtc_sdgs(mdd_dtc d);
/* DTC.is_temporary (default false) */
int mdd_dtc_is_temporary(mdd_dtc d);

/* Text.value */
mdd_bytes mdd_text_value(mdd_text t);
/* Text.ti */
mdd_bytes mdd_text_ti(mdd_text t);

/* ---- Special data groups: SDGS, SDG, SDOrSDG, SD ---- */

/* SDGS.sdgs */
mdd_sdg_vec mdd_sdgs_sdgs(mdd_sdgs s);
/* SDG.caption_sn */
mdd_bytes mdd_sdg_caption_sn(mdd_sdg g);
/* SDG.sds: entries, each a single SD or a nested SDG. */
mdd_sd_or_sdg_vec mdd_sdg_sds(mdd_sdg g);
/* SDG.si */
mdd_bytes mdd_sdg_si(mdd_sdg g);
/* SDOrSDG.content_type: an enum mdd_sd_or_sdg_type value (0 = NONE when absent). */
uint8_t mdd_sd_or_sdg_content_type(mdd_sd_or_sdg e);
/* SDOrSDG.content when it is an SD, else absent. */
mdd_sd mdd_sd_or_sdg_sd(mdd_sd_or_sdg e);
/* SDOrSDG.content when it is an SDG, else absent. */
mdd_sdg mdd_sd_or_sdg_sdg(mdd_sd_or_sdg e);
/* SD.value */
mdd_bytes mdd_sd_value(mdd_sd d);
/* SD.si */
mdd_bytes mdd_sd_si(mdd_sd d);
/* SD.ti */
mdd_bytes mdd_sd_ti(mdd_sd d);

/* ---- Request prefixes (docs/format.md, "Request matching") ---- */

/* The longest request prefix: a param that would make the prefix longer ends it. */
#define MDD_REQUEST_PREFIX_MAX 4

/* The constant leading bytes of a service's request. */
typedef struct mdd_request_prefix {
    uint8_t bytes[MDD_REQUEST_PREFIX_MAX];
    uint8_t len; /* 0..MDD_REQUEST_PREFIX_MAX; bytes past len are zero */
} mdd_request_prefix;

/* The request prefix of service s: starting at byte 0, repeatedly takes the first request
 * param (in stored order) whose byte position is the current one and whose bit position is
 * 0 (absent positions count as 0), and whose specific data is a CodedConst with a decimal
 * coded_value, base_data_type A_UINT_32 and a StandardLengthType that is not condensed, has
 * no bit mask (an empty one masks nothing) and a bit_length of 1 or more; it adds the value
 * big-endian in ceil(bit_length / 8) bytes and moves on by that many bytes. It stops at the
 * first position without such a param; a param whose value does not fit in bit_length bits,
 * or whose bytes would make the prefix longer than MDD_REQUEST_PREFIX_MAX, does not count.
 * A service without request params has the empty prefix. Reads the payload only; never
 * fails. */
mdd_request_prefix mdd_diag_service_request_prefix(mdd_diag_service s);

/* Nonzero when prefix matches the request request[0..len): the prefix's bytes equal the
 * request's first bytes, and a request shorter than the prefix matches on the bytes it has
 * (so the empty request matches every prefix). */
int mdd_request_prefix_matches(const mdd_request_prefix *prefix, const uint8_t *request,
                               size_t len);

/* ---- Inheritance (docs/format.md, "Inheritance") ---- */

/* Bounds on resolving inheritance, which follows parent references through a DAG that a
 * hostile file may make deep or wide. */
typedef struct mdd_inherit_limits {
    /* The longest chain of parent references followed, counting the layer itself as 0.
     * Default 32; values above 64 count as 64. A parent that is already on the chain (a
     * cycle) is skipped. */
    uint32_t max_depth;
    /* The most work one layer may take: layers visited, services considered and
     * not-inherited names compared, together. Default 16,777,216. */
    uint32_t max_steps;
} mdd_inherit_limits;

/* The defaults described above. */
mdd_inherit_limits mdd_inherit_limits_default(void);

/* A growable list of services that mdd_effective_services() fills. Zero-initialise it; it
 * can be reused for any number of calls, and mdd_service_list_free() releases it. */
typedef struct mdd_service_list {
    mdd_diag_service *items;
    uint32_t count;
    uint32_t cap;  /* private: entries allocated in items and in scratch */
    void *scratch; /* private: sorting space reused between calls */
} mdd_service_list;

/* Fills out (replacing what it held) with the effective services of a layer whose DiagLayer
 * is layer and whose parent references are parents (a Variant's or FunctionalGroup's): the
 * layer's own diag_services in stored order, then for each parent reference in order the
 * parent's effective services (recursively, through Variant, Protocol, FunctionalGroup and
 * EcuSharedData parents), leaving out the names that reference lists in
 * not_inherited_diag_comm_short_names and every name already taken. A service's name is its
 * DiagComm short_name (an absent one counts as the empty name). The views point into the
 * payload. limits may be NULL for the defaults. Fails with MDD_ERR_LIMIT when the depth or
 * the work exceeds limits, MDD_ERR_NOMEM when the list cannot grow; out is then empty. */
mdd_status mdd_effective_services(mdd_diag_layer layer, mdd_parent_ref_vec parents,
                                  const mdd_inherit_limits *limits, mdd_service_list *out,
                                  mdd_error *err);

/* Frees the list's storage and zeroes it. Safe on a zeroed list. */
void mdd_service_list_free(mdd_service_list *list);

#ifdef __cplusplus
}
#endif

#endif
