/* Views of the diagnostic layers (Variant, FunctionalGroup, Protocol, EcuSharedData and their
 * DiagLayer), variant patterns, and the ParentRef union that links a layer to its parents. */
#include "view_macros.h"

VIEW_TABLE(variant, diag_layer, diag_layer, VARIANT_DIAG_LAYER)
VIEW_BOOL(variant, is_base_variant, VARIANT_IS_BASE_VARIANT, 0)
VIEW_VEC(variant, variant_patterns, variant_pattern, VARIANT_VARIANT_PATTERN)
VIEW_VEC(variant, parent_refs, parent_ref, VARIANT_PARENT_REFS)

VIEW_VEC(variant_pattern, matching_parameters, matching_parameter,
         VARIANT_PATTERN_MATCHING_PARAMETER)

VIEW_STRING(matching_parameter, expected_value, MATCHING_PARAMETER_EXPECTED_VALUE)
VIEW_TABLE(matching_parameter, diag_service, diag_service, MATCHING_PARAMETER_DIAG_SERVICE)
VIEW_TABLE(matching_parameter, out_param, param, MATCHING_PARAMETER_OUT_PARAM)

int mdd_matching_parameter_use_physical_addressing(mdd_matching_parameter m, int *out)
{
    uint8_t v;
    if (!mdd_fb_opt_u8(m.t, MATCHING_PARAMETER_USE_PHYSICAL_ADDRESSING, &v))
        return 0;
    *out = v != 0;
    return 1;
}

VIEW_TABLE(functional_group, diag_layer, diag_layer, FUNCTIONAL_GROUP_DIAG_LAYER)
VIEW_VEC(functional_group, parent_refs, parent_ref, FUNCTIONAL_GROUP_PARENT_REFS)

VIEW_TABLE(protocol, diag_layer, diag_layer, PROTOCOL_DIAG_LAYER)
VIEW_VEC(protocol, parent_refs, parent_ref, PROTOCOL_PARENT_REFS)

VIEW_TABLE(ecu_shared_data, diag_layer, diag_layer, ECU_SHARED_DATA_DIAG_LAYER)

VIEW_STRING(diag_layer, short_name, DIAG_LAYER_SHORT_NAME)
VIEW_TABLE(diag_layer, long_name, long_name, DIAG_LAYER_LONG_NAME)
VIEW_VEC(diag_layer, funct_classes, funct_class, DIAG_LAYER_FUNCT_CLASSES)
VIEW_VEC(diag_layer, diag_services, diag_service, DIAG_LAYER_DIAG_SERVICES)
VIEW_VEC(diag_layer, single_ecu_jobs, single_ecu_job, DIAG_LAYER_SINGLE_ECU_JOBS)
VIEW_TABLE(diag_layer, sdgs, sdgs, DIAG_LAYER_SDGS)

VIEW_U8(parent_ref, ref_type, PARENT_REF_REF_TYPE, MDD_PARENT_REF_NONE)
VIEW_UNION_MEMBER(parent_ref, variant, variant, PARENT_REF_REF_TYPE, MDD_PARENT_REF_VARIANT)
VIEW_UNION_MEMBER(parent_ref, protocol, protocol, PARENT_REF_REF_TYPE, MDD_PARENT_REF_PROTOCOL)
VIEW_UNION_MEMBER(parent_ref, functional_group, functional_group, PARENT_REF_REF_TYPE,
                  MDD_PARENT_REF_FUNCTIONAL_GROUP)
VIEW_UNION_MEMBER(parent_ref, ecu_shared_data, ecu_shared_data, PARENT_REF_REF_TYPE,
                  MDD_PARENT_REF_ECU_SHARED_DATA)

VIEW_STRING_VEC(parent_ref, not_inherited_diag_comm_short_names,
                PARENT_REF_NOT_INHERITED_DIAG_COMM_SHORT_NAMES)
VIEW_STRING_VEC(parent_ref, not_inherited_variables_short_names,
                PARENT_REF_NOT_INHERITED_VARIABLES_SHORT_NAMES)
VIEW_STRING_VEC(parent_ref, not_inherited_dops_short_names,
                PARENT_REF_NOT_INHERITED_DOPS_SHORT_NAMES)
VIEW_STRING_VEC(parent_ref, not_inherited_tables_short_names,
                PARENT_REF_NOT_INHERITED_TABLES_SHORT_NAMES)
VIEW_STRING_VEC(parent_ref, not_inherited_global_neg_responses_short_names,
                PARENT_REF_NOT_INHERITED_GLOBAL_NEG_RESPONSES_SHORT_NAMES)

mdd_diag_layer mdd_parent_ref_diag_layer(mdd_parent_ref r)
{
    switch (mdd_parent_ref_ref_type(r)) {
    case MDD_PARENT_REF_VARIANT: return mdd_variant_diag_layer(mdd_parent_ref_variant(r));
    case MDD_PARENT_REF_PROTOCOL: return mdd_protocol_diag_layer(mdd_parent_ref_protocol(r));
    case MDD_PARENT_REF_FUNCTIONAL_GROUP:
        return mdd_functional_group_diag_layer(mdd_parent_ref_functional_group(r));
    case MDD_PARENT_REF_ECU_SHARED_DATA:
        return mdd_ecu_shared_data_diag_layer(mdd_parent_ref_ecu_shared_data(r));
    default: return (mdd_diag_layer){{r.t.buf, r.t.len, 0}};
    }
}

mdd_parent_ref_vec mdd_parent_ref_parent_refs(mdd_parent_ref r)
{
    switch (mdd_parent_ref_ref_type(r)) {
    case MDD_PARENT_REF_VARIANT: return mdd_variant_parent_refs(mdd_parent_ref_variant(r));
    case MDD_PARENT_REF_PROTOCOL: return mdd_protocol_parent_refs(mdd_parent_ref_protocol(r));
    case MDD_PARENT_REF_FUNCTIONAL_GROUP:
        return mdd_functional_group_parent_refs(mdd_parent_ref_functional_group(r));
    default: return (mdd_parent_ref_vec){{r.t.buf, r.t.len, 0, 0}};
    }
}
