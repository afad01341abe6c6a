/* SPDX-License-Identifier: Apache-2.0 */
/* A table whose header was checked once, for readers that take several fields of the same
 * table (the UDS decoder reads most fields of every parameter it walks): each field then
 * costs one vtable entry instead of a header check per call. The fields read exactly as the
 * mdd_fb_* readers of the same table do (read.c builds those on these). */
#ifndef MDD_FB_FIELDS_H
#define MDD_FB_FIELDS_H

#include "fb_impl.h"

/* t with its vtable's place and sizes; t.pos is 0 (every field absent) when t is absent or
 * its header does not fit the buffer. */
typedef struct fb_fields {
    mdd_fb_table t;
    fb_header h;
} fb_fields;

/* Whether t is present and its header fits its buffer, with the header in *h. */
static inline int fb_fields_header(mdd_fb_table t, fb_header *h)
{
    return t.pos != 0 && t.len <= MDD_FB_MAX_SIZE &&
           fb_table_header(t.buf, t.len, t.pos, h) == FB_HEADER_OK;
}

/* Checks t's header once. */
static inline fb_fields fb_fields_of(mdd_fb_table t)
{
    fb_fields f = {t, {0, 0, 0}};
    if (!fb_fields_header(t, &f.h))
        f.t.pos = 0;
    return f;
}

/* The offset of field id of the table at pos whose header is h, when the vtable names it and
 * size bytes of it fit in the table; 0 otherwise. */
static inline uint32_t fb_fields_entry(const uint8_t *buf, uint32_t pos, const fb_header *h,
                                       uint32_t id, uint32_t size)
{
    uint32_t off = fb_vtable_entry(buf, h, id);
    if (off == 0 || (uint64_t)off + size > h->table_size)
        return 0;
    return pos + off;
}

/* The offset in the buffer of field id (as mdd_fb_field_pos()). */
static inline uint32_t fb_fields_pos(const fb_fields *f, uint32_t id, uint32_t size)
{
    return f->t.pos ? fb_fields_entry(f->t.buf, f->t.pos, &f->h, id, size) : 0;
}

/* A 1-byte scalar field, or def when absent (as mdd_fb_u8()). */
static inline uint8_t fb_fields_u8(const fb_fields *f, uint32_t id, uint8_t def)
{
    uint32_t p = fb_fields_pos(f, id, 1);
    return p ? f->t.buf[p] : def;
}

/* A 4-byte unsigned field: 1 and *out, or 0 when absent (as mdd_fb_opt_u32()). */
static inline int fb_fields_opt_u32(const fb_fields *f, uint32_t id, uint32_t *out)
{
    uint32_t p = fb_fields_pos(f, id, 4);
    if (p)
        *out = fb_load32(f->t.buf + p);
    return p != 0;
}

/* A 4-byte unsigned field, or def when absent (as mdd_fb_u32()). */
static inline uint32_t fb_fields_u32(const fb_fields *f, uint32_t id, uint32_t def)
{
    uint32_t p = fb_fields_pos(f, id, 4);
    return p ? fb_load32(f->t.buf + p) : def;
}

/* A string, byte vector, table or union member field, as mdd_fb_string_field(),
 * mdd_fb_bytes_field(), mdd_fb_table_field() and mdd_fb_union_field() read them. */
MDD_INTERNAL mdd_bytes fb_fields_string(const fb_fields *f, uint32_t id);
MDD_INTERNAL mdd_bytes fb_fields_bytes(const fb_fields *f, uint32_t id);

/* A vector field of elem_size-byte elements, as mdd_fb_vector_field() reads it. */
MDD_INTERNAL mdd_fb_vector fb_fields_vector(const fb_fields *f, uint32_t id, uint32_t elem_size);
MDD_INTERNAL mdd_fb_table fb_fields_table(const fb_fields *f, uint32_t id);
MDD_INTERNAL mdd_fb_table fb_fields_union(const fb_fields *f, uint32_t id, uint8_t tag);

/* The table that field id (a table, or a union member of tag) or element i of v refers to,
 * ready for its own fields: its header is checked once, where fb_fields_of() of
 * fb_fields_table() would check it twice. */
MDD_INTERNAL fb_fields fb_fields_child(const fb_fields *f, uint32_t id);
MDD_INTERNAL fb_fields fb_fields_child_union(const fb_fields *f, uint32_t id, uint8_t tag);
MDD_INTERNAL fb_fields fb_fields_element(mdd_fb_vector v, uint32_t i);

#endif
