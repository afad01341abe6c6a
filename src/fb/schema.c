/* SPDX-License-Identifier: Apache-2.0 */
/* The generated descriptors of the EcuData schema, for readers other than the verifier: the
 * dump walker of the tool and the enum names of the ecu layer (mdd_ecu_enum_name()). */
#include "ecu_schema.h"

#include <mdd_internal/common.h>

static const fb_enum *const ecu_enums[] = {
#define FB_ENUM_ENTRY(name) &enum_##name,
    FB_ECU_ENUMS(FB_ENUM_ENTRY)
#undef FB_ENUM_ENTRY
};

const fb_type *fb_ecu_schema_root(void) { return &type_ecu_data; }

const fb_enum *fb_ecu_schema_enum(unsigned which)
{
    return which < sizeof ecu_enums / sizeof ecu_enums[0] ? ecu_enums[which] : NULL;
}
