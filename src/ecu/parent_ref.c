/* SPDX-License-Identifier: Apache-2.0 */
/* The layer a parent reference names, whatever its kind: what inheritance and the database
 * follow from a layer to its parents. */
#include <mdd/ecu.h>

mdd_diag_layer mdd_parent_ref_diag_layer(mdd_parent_ref r)
{
    switch (mdd_parent_ref_ref_type(r)) {
    case MDD_PARENT_REF_TYPE_VARIANT: return mdd_variant_diag_layer(mdd_parent_ref_variant(r));
    case MDD_PARENT_REF_TYPE_PROTOCOL: return mdd_protocol_diag_layer(mdd_parent_ref_protocol(r));
    case MDD_PARENT_REF_TYPE_FUNCTIONAL_GROUP:
        return mdd_functional_group_diag_layer(mdd_parent_ref_functional_group(r));
    case MDD_PARENT_REF_TYPE_ECU_SHARED_DATA:
        return mdd_ecu_shared_data_diag_layer(mdd_parent_ref_ecu_shared_data(r));
    default: return (mdd_diag_layer){{r.t.buf, r.t.len, 0}};
    }
}

mdd_parent_ref_vec mdd_parent_ref_parent_refs(mdd_parent_ref r)
{
    switch (mdd_parent_ref_ref_type(r)) {
    case MDD_PARENT_REF_TYPE_VARIANT: return mdd_variant_parent_refs(mdd_parent_ref_variant(r));
    case MDD_PARENT_REF_TYPE_PROTOCOL:
        return mdd_protocol_parent_refs(mdd_parent_ref_protocol(r));
    case MDD_PARENT_REF_TYPE_FUNCTIONAL_GROUP:
        return mdd_functional_group_parent_refs(mdd_parent_ref_functional_group(r));
    default: return (mdd_parent_ref_vec){{r.t.buf, r.t.len, 0, 0}};
    }
}
