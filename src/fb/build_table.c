/* SPDX-License-Identifier: Apache-2.0 */
/* The FlatBuffers builder's tables: fields, the soffset to the vtable, and vtables shared
 * between tables of the same shape as flatc shares them. */
#include "build_impl.h"

#include <stdlib.h>
#include <string.h>

void mdd_fb_table_start(mdd_fb_builder *b)
{
    if (b->in_table)
        fbb_fail(b, MDD_ERR_ARG, "a table was started inside another");
    b->in_table = 1;
    b->field_count = 0;
    b->table_start = (mdd_fb_ref)b->used;
}

/* Notes where field id now lives, once its bytes are written. */
static void fbb_note_field(mdd_fb_builder *b, uint32_t id)
{
    if (!b->in_table || id >= MDD_FB_BUILD_MAX_FIELDS || b->field_count == MDD_FB_BUILD_MAX_FIELDS) {
        fbb_fail(b, MDD_ERR_ARG, "field %u added outside a table or past the field limit", id);
        return;
    }
    b->fields[b->field_count].id = id;
    b->fields[b->field_count++].at = (mdd_fb_ref)b->used;
}

/* Writes a scalar field of n bytes, aligned to its size. */
static void fbb_add_scalar(mdd_fb_builder *b, uint32_t id, uint32_t value, size_t n)
{
    if (b->status != MDD_OK || fbb_prep(b, n, n) != 0 || fbb_push_le(b, value, n) != 0)
        return;
    fbb_note_field(b, id);
}

void mdd_fb_add_u8(mdd_fb_builder *b, uint32_t id, uint8_t value)
{
    fbb_add_scalar(b, id, value, 1);
}

void mdd_fb_add_u32(mdd_fb_builder *b, uint32_t id, uint32_t value)
{
    fbb_add_scalar(b, id, value, 4);
}

void mdd_fb_add_i32(mdd_fb_builder *b, uint32_t id, int32_t value)
{
    fbb_add_scalar(b, id, (uint32_t)value, 4);
}

void mdd_fb_add_ref(mdd_fb_builder *b, uint32_t id, mdd_fb_ref ref)
{
    if (ref == 0 || b->status != MDD_OK)
        return;
    if (fbb_push_uoffset(b, ref) == 0)
        fbb_note_field(b, id);
}

/* Lays out the vtable for the table at distance table from the end into vt (which holds
 * MDD_FB_BUILD_MAX_FIELDS + 2 entries); returns its size in bytes. */
static size_t fbb_vtable_image(const mdd_fb_builder *b, mdd_fb_ref table, uint16_t *vt)
{
    uint32_t fields = 0;
    for (uint32_t i = 0; i < b->field_count; i++)
        if (b->fields[i].id + 1 > fields)
            fields = b->fields[i].id + 1;
    memset(vt, 0, (size_t)(fields + 2) * sizeof *vt);
    vt[0] = (uint16_t)(4 + 2 * fields);
    vt[1] = (uint16_t)(table - b->table_start);
    for (uint32_t i = 0; i < b->field_count; i++)
        vt[2 + b->fields[i].id] = (uint16_t)(table - b->fields[i].at);
    return (size_t)vt[0];
}

/* The vtable image as little-endian bytes. */
static void fbb_vtable_bytes(const uint16_t *vt, size_t size, uint8_t *out)
{
    for (size_t i = 0; i < size / 2; i++) {
        out[2 * i] = (uint8_t)vt[i];
        out[2 * i + 1] = (uint8_t)(vt[i] >> 8);
    }
}

/* A written vtable with exactly these bytes, or 0. */
static mdd_fb_ref fbb_find_vtable(mdd_fb_builder *b, const uint8_t *bytes, size_t size)
{
    for (size_t i = 0; i < b->vtable_count; i++) {
        const uint8_t *old = fbb_at(b, b->vtables[i]);
        if ((size_t)(old[0] | old[1] << 8) == size && memcmp(old, bytes, size) == 0)
            return b->vtables[i];
    }
    return 0;
}

/* Writes a new vtable and remembers it for later tables. */
static mdd_fb_ref fbb_write_vtable(mdd_fb_builder *b, const uint8_t *bytes, size_t size)
{
    if (b->vtable_count == b->vtable_cap) {
        size_t cap = b->vtable_cap ? 2 * b->vtable_cap : 32;
        mdd_fb_ref *grown = realloc(b->vtables, cap * sizeof *grown);
        if (!grown) {
            fbb_fail(b, MDD_ERR_NOMEM, "cannot grow the vtable list");
            return 0;
        }
        b->vtables = grown;
        b->vtable_cap = cap;
    }
    if (fbb_push(b, bytes, size) != 0)
        return 0;
    b->vtables[b->vtable_count++] = (mdd_fb_ref)b->used;
    return (mdd_fb_ref)b->used;
}

mdd_fb_ref mdd_fb_table_end(mdd_fb_builder *b)
{
    if (!b->in_table) {
        fbb_fail(b, MDD_ERR_ARG, "a table was ended without being started");
        return 0;
    }
    b->in_table = 0;
    /* The soffset placeholder; its value is known once the vtable has its place. */
    if (fbb_prep(b, 4, 4) != 0 || fbb_push_le(b, 0, 4) != 0)
        return 0;
    mdd_fb_ref table = (mdd_fb_ref)b->used;
    uint16_t vt[MDD_FB_BUILD_MAX_FIELDS + 2];
    uint8_t bytes[sizeof vt];
    size_t size = fbb_vtable_image(b, table, vt);
    fbb_vtable_bytes(vt, size, bytes);
    mdd_fb_ref vtable = fbb_find_vtable(b, bytes, size);
    if (vtable == 0)
        vtable = fbb_write_vtable(b, bytes, size);
    if (vtable == 0)
        return 0;
    /* vtable = table - soffset, in positions from the start: soffset = vtable_ref - table_ref. */
    int64_t soffset = (int64_t)vtable - (int64_t)table;
    uint32_t raw = (uint32_t)(int32_t)soffset;
    uint8_t *p = fbb_at(b, table);
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(raw >> (8 * i));
    return table;
}
