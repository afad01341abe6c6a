/* Views of the root table EcuData and its metadata entries. */
#include "view_macros.h"

mdd_ecu_data mdd_ecu_data_root(const uint8_t *buf, size_t len)
{
    return (mdd_ecu_data){mdd_fb_root(buf, len)};
}

VIEW_STRING(ecu_data, version, ECU_DATA_VERSION)
VIEW_STRING(ecu_data, ecu_name, ECU_DATA_ECU_NAME)
VIEW_STRING(ecu_data, revision, ECU_DATA_REVISION)
VIEW_VEC(ecu_data, metadata, key_value, ECU_DATA_METADATA)
VIEW_VEC(ecu_data, variants, variant, ECU_DATA_VARIANTS)
VIEW_VEC(ecu_data, functional_groups, functional_group, ECU_DATA_FUNCTIONAL_GROUPS)
VIEW_VEC(ecu_data, dtcs, dtc, ECU_DATA_DTCS)

mdd_bytes mdd_ecu_data_feature_flags(mdd_ecu_data e)
{
    return mdd_fb_bytes_field(e.t, ECU_DATA_FEATURE_FLAGS);
}

VIEW_STRING(key_value, key, KEY_VALUE_KEY)
VIEW_STRING(key_value, value, KEY_VALUE_VALUE)
