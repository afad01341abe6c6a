/* SPDX-License-Identifier: Apache-2.0 */
/* The generated descriptors of the EcuData schema, for readers other than the verifier: the
 * dump walker of the tool and mdd_ecu_enum_name(). */
#include "ecu_schema.h"

#include "../common/error.h"

#include <mdd/ecu.h>

static const fb_enum *const ecu_enums[] = {
#define FB_ENUM_ENTRY(name) &enum_##name,
    FB_ECU_ENUMS(FB_ENUM_ENTRY)
#undef FB_ENUM_ENTRY
};

const fb_type *fb_ecu_schema_root(void) { return &type_ecu_data; }

const char *mdd_ecu_enum_name(mdd_ecu_enum which, uint8_t value)
{
    if ((size_t)which >= sizeof ecu_enums / sizeof ecu_enums[0])
        return NULL;
    const fb_enum *e = ecu_enums[which];
    return value < e->count ? e->names[value] : NULL;
}
