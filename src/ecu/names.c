/* SPDX-License-Identifier: Apache-2.0 */
/* Names: those of the database compared (exactly and without case) and keyed for sorted
 * lookups, and the names of the schema's enums. */
#include <mdd_internal/ecu.h>
#include <mdd_internal/fb.h>

#include <mdd/ecu.h>

#include <string.h>

int ecu_name_compare(mdd_bytes a, mdd_bytes b)
{
    size_t n = a.len < b.len ? a.len : b.len;
    /* memcmp() must not see the NULL pointer of an absent name, even for 0 bytes. */
    int c = n ? memcmp(a.ptr, b.ptr, n) : 0;
    if (c)
        return c;
    return (a.len > b.len) - (a.len < b.len);
}

static uint8_t fold(uint8_t c)
{
    return c >= 'A' && c <= 'Z' ? (uint8_t)(c + ('a' - 'A')) : c;
}

int ecu_name_compare_folded(mdd_bytes a, mdd_bytes b)
{
    size_t n = a.len < b.len ? a.len : b.len;
    for (size_t i = 0; i < n; i++) {
        uint8_t x = fold(a.ptr[i]);
        uint8_t y = fold(b.ptr[i]);
        if (x != y)
            return x < y ? -1 : 1;
    }
    return (a.len > b.len) - (a.len < b.len);
}

mdd_bytes ecu_service_name(mdd_diag_service s)
{
    return mdd_diag_comm_short_name(mdd_diag_service_diag_comm(s));
}

ecu_name_key ecu_name_key_make(mdd_bytes name, uint32_t index)
{
    return (ecu_name_key){name.ptr, (uint32_t)name.len, index};
}

int ecu_name_key_compare(const void *a, const void *b)
{
    const ecu_name_key *x = a;
    const ecu_name_key *y = b;
    int c = ecu_name_compare((mdd_bytes){x->ptr, x->len}, (mdd_bytes){y->ptr, y->len});
    if (c)
        return c;
    return (x->index > y->index) - (x->index < y->index);
}

/* mdd_ecu_enum_name(): the names of the schema's enums, from the fb layer's descriptors. */
const char *mdd_ecu_enum_name(mdd_ecu_enum which, uint8_t value)
{
    const fb_enum *e = fb_ecu_schema_enum((unsigned)which);
    return e != NULL && value < e->count ? e->names[value] : NULL;
}
