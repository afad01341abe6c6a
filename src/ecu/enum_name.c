/* SPDX-License-Identifier: Apache-2.0 */
/* mdd_ecu_enum_name(): the names of the schema's enums, from the fb layer's descriptors. */
#include <mdd_internal/fb.h>

#include <mdd/ecu.h>

const char *mdd_ecu_enum_name(mdd_ecu_enum which, uint8_t value)
{
    const fb_enum *e = fb_ecu_schema_enum((unsigned)which);
    return e != NULL && value < e->count ? e->names[value] : NULL;
}
