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

/* ---- Following a field to what it refers to ----
 * Inline: the codec follows several references per value it decodes, and a call with a
 * struct to return costs as much as the checks. */

/* The table at pos (0: none) with its header, absent when the header does not fit. */
static inline fb_fields fb_fields_at(const uint8_t *buf, size_t len, uint32_t pos)
{
    fb_fields f = {{buf, len, pos}, {0, 0, 0}};
    if (pos != 0 && fb_table_header(buf, len, pos, &f.h) != FB_HEADER_OK)
        f.t.pos = 0;
    return f;
}

/* The string at pos without its NUL; ptr NULL when absent or when length, bytes and NUL do
 * not all fit. */
static inline mdd_bytes fb_string_at(const uint8_t *buf, size_t len, uint32_t pos)
{
    if (pos == 0 || (uint64_t)pos + 4 > len)
        return (mdd_bytes){NULL, 0};
    uint32_t n = fb_load32(buf + pos);
    if ((uint64_t)pos + 4 + n >= len)
        return (mdd_bytes){NULL, 0};
    return (mdd_bytes){buf + pos + 4, n};
}

/* The vector at pos of elem_size-byte elements; count 0 when absent or when they do not
 * fit. */
static inline mdd_fb_vector fb_vector_at(const uint8_t *buf, size_t len, uint32_t pos,
                                         uint32_t elem_size)
{
    mdd_fb_vector none = {buf, len, 0, 0};
    if (pos == 0 || (uint64_t)pos + 4 > len)
        return none;
    uint32_t count = fb_load32(buf + pos);
    if ((uint64_t)pos + 4 + (uint64_t)count * elem_size > len)
        return none;
    return (mdd_fb_vector){buf, len, pos + 4, count};
}

/* The target of the uoffset at p, or 0 when p is 0 or the offset leads outside. */
static inline uint32_t fb_follow_field(const uint8_t *buf, size_t len, uint32_t p)
{
    return p != 0 && (uint64_t)p + 4 <= len ? fb_follow(buf, len, p) : 0;
}

/* The position of element i's uoffset, or 0 when i is past the end. */
static inline uint32_t fb_element_pos(mdd_fb_vector v, uint32_t i)
{
    uint64_t p = (uint64_t)v.pos + 4 * (uint64_t)i;
    return v.pos != 0 && i < v.count && p < v.len ? (uint32_t)p : 0;
}

/* The target of reference field id, or 0. */
static inline uint32_t fb_fields_target(const fb_fields *f, uint32_t id)
{
    return fb_follow_field(f->t.buf, f->t.len, fb_fields_pos(f, id, 4));
}

/* A string or vector field, as mdd_fb_string_field() and mdd_fb_vector_field() read them. */
static inline mdd_bytes fb_fields_string(const fb_fields *f, uint32_t id)
{
    return fb_string_at(f->t.buf, f->t.len, fb_fields_target(f, id));
}

static inline mdd_fb_vector fb_fields_vector(const fb_fields *f, uint32_t id, uint32_t elem_size)
{
    return fb_vector_at(f->t.buf, f->t.len, fb_fields_target(f, id), elem_size);
}

/* A vector of bytes as bytes: ptr NULL when absent. */
static inline mdd_bytes fb_bytes_of(mdd_fb_vector v)
{
    return v.pos ? (mdd_bytes){v.buf + v.pos, v.count} : (mdd_bytes){NULL, 0};
}

/* A byte vector field (as mdd_fb_bytes_field()). */
static inline mdd_bytes fb_fields_bytes(const fb_fields *f, uint32_t id)
{
    return fb_bytes_of(fb_fields_vector(f, id, 1));
}

/* The table that field id (a table, or a union member of tag) or element i of v refers to,
 * ready for its own fields: its header is checked once, where fb_fields_of() of
 * fb_fields_table() would check it twice. */
static inline fb_fields fb_fields_child(const fb_fields *f, uint32_t id)
{
    return fb_fields_at(f->t.buf, f->t.len, fb_fields_target(f, id));
}

static inline fb_fields fb_fields_child_union(const fb_fields *f, uint32_t id, uint8_t tag)
{
    if (id == 0 || fb_fields_u8(f, id - 1, 0) != tag)
        return fb_fields_at(f->t.buf, f->t.len, 0);
    return fb_fields_child(f, id);
}

static inline fb_fields fb_fields_element(mdd_fb_vector v, uint32_t i)
{
    return fb_fields_at(v.buf, v.len, fb_follow_field(v.buf, v.len, fb_element_pos(v, i)));
}

/* A table or union member field, as mdd_fb_table_field() and mdd_fb_union_field() read
 * them. */
static inline mdd_fb_table fb_fields_table(const fb_fields *f, uint32_t id)
{
    return fb_fields_child(f, id).t;
}

static inline mdd_fb_table fb_fields_union(const fb_fields *f, uint32_t id, uint8_t tag)
{
    return fb_fields_child_union(f, id, tag).t;
}

#endif
