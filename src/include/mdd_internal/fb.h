/* SPDX-License-Identifier: Apache-2.0 */
/* The fb layer's internal interface. Its parts:
 *
 * - Descriptors of a FlatBuffers schema: for each table type, the fields it knows, each with
 *   its kind (scalar, string, table of a type, vector of those, union, vector of unions), and
 *   what a reader needs to print it (scalar type, enum names, default). schema/generate.py
 *   writes the EcuData schema's (src/fb/ecu_schema.h); the verifier walks them, and so do
 *   `mdd dump` and mdd_ecu_enum_name(). A table type the descriptors do not know (a union tag
 *   the schema does not define) is checked generically: table and vtable in bounds and
 *   aligned, no field knowledge.
 * - The verifier's two passes, chosen one by one: the tests and the differential fuzz target
 *   hold the fast pass and the path-naming walk to the same verdicts and messages. Users get
 *   both through mdd_fb_verifier_check(), which runs the walk only when the fast pass is not
 *   sure.
 * - The table primitives of the verifier and the readers. Every load goes through
 *   mdd_le_get*(), so no pointer into the buffer is ever dereferenced at a misaligned address.
 * - fb_fields: a table whose header was checked once, for readers that take several fields of
 *   the same table (the UDS decoder reads most fields of every parameter it walks): each field
 *   then costs one vtable entry instead of a header check per call. The fields read exactly as
 *   the mdd_fb_* readers of the same table do (read.c builds those on these). */
#ifndef MDD_INTERNAL_FB_H
#define MDD_INTERNAL_FB_H

#include <mdd_internal/common.h>

#include <mdd/fb.h>
#include <mdd/fb_verify.h>

#include <stddef.h>
#include <stdint.h>

/* ---- Schema descriptors ---- */

typedef enum fb_kind {
    FB_SCALAR,  /* size bytes inline */
    FB_STRING,  /* uoffset to a string */
    FB_TABLE,   /* uoffset to a table of type */
    FB_SCALARS, /* uoffset to a vector of elem_size-byte scalars */
    FB_STRINGS, /* uoffset to a vector of uoffsets to strings */
    FB_TABLES,  /* uoffset to a vector of uoffsets to tables of type */
    FB_UNION,   /* uoffset to a table whose type the byte field at id - 1 names */
    FB_UNIONS   /* uoffset to a vector of uoffsets to tables whose types the vector of bytes at
                 * id - 1 names, element by element */
} fb_kind;

/* The type of an FB_SCALAR field or of the elements of an FB_SCALARS one. */
typedef enum fb_scalar { FB_BOOL, FB_BYTE, FB_UBYTE, FB_INT32, FB_UINT32, FB_DOUBLE } fb_scalar;

/* An enum (or a union's tags): the name of each value from 0 to count - 1. */
typedef struct fb_enum {
    const char *name;
    uint8_t count;
    const char *const *names;
} fb_enum;

typedef struct fb_type fb_type;

typedef struct fb_field {
    const char *name;
    uint16_t id;
    uint8_t kind;                  /* fb_kind */
    uint8_t size;                  /* bytes in the table: the scalar's size, 4 for references */
    uint8_t elem_size;             /* FB_SCALARS: bytes per element */
    uint8_t scalar;                /* FB_SCALAR, FB_SCALARS: fb_scalar */
    uint8_t optional;              /* FB_SCALAR declared `= null`: absent is not the default */
    uint8_t deprecated;            /* declared deprecated: checked, never printed */
    double default_value;          /* FB_SCALAR: the value an absent field reads as */
    const fb_enum *enum_type;      /* FB_SCALAR, FB_SCALARS of an enum or union tags; or NULL */
    const fb_type *type;           /* FB_TABLE, FB_TABLES */
    const fb_type *const *members; /* FB_UNION, FB_UNIONS: type by tag (index 0, NONE, unused) */
    uint8_t member_count;          /* FB_UNION, FB_UNIONS: tags below this have an entry in
                                    * members; the others are checked generically */
} fb_field;

/* The memo value of a table checked generically; known types have larger ones. */
#define FB_MEMO_GENERIC 1

struct fb_type {
    const char *name;
    uint8_t memo_id; /* distinct per type, FB_MEMO_GENERIC .. 0x7e */
    uint8_t field_count;
    const fb_field *fields; /* in increasing id order */
};

/* The root type of the EcuData schema, for walkers outside the verifier (src/fb/verify.c). */
const fb_type *fb_ecu_schema_root(void);

/* The names of the EcuData schema's enum number which (in the order of mdd_ecu_enum, both
 * generated from the schema), or NULL past the last one. */
const fb_enum *fb_ecu_schema_enum(unsigned which);

/* ---- The verifier's passes ---- */

typedef enum fb_verify_mode {
    FB_VERIFY_QUICK_FIRST, /* as mdd_fb_verifier_check(): the fast pass, then the walk if need be */
    FB_VERIFY_WALK_ONLY    /* the walk alone: the same status and message, more slowly */
} fb_verify_mode;

/* mdd_fb_verifier_check() in the given mode. */
mdd_status fb_verifier_check_mode(mdd_fb_verifier *vf, const uint8_t *buf, size_t len,
                                  const mdd_fb_verify_options *opts, fb_verify_mode mode,
                                  mdd_error *err);

/* mdd_fb_verify_ecu_data() in the given mode. */
mdd_status fb_verify_ecu_data_mode(const uint8_t *buf, size_t len,
                                   const mdd_fb_verify_options *opts, fb_verify_mode mode,
                                   mdd_error *err);

/* ---- Table primitives ---- */

/* Where a table's vtable lives and what it declares; filled by fb_table_header(). */
typedef struct fb_header {
    uint32_t vtable;      /* offset of the vtable */
    uint32_t vtable_size; /* bytes, including the two size fields */
    uint32_t table_size;  /* bytes, including the soffset */
} fb_header;

/* What is wrong with a table header, in the order fb_table_header() checks. */
typedef enum fb_header_fault {
    FB_HEADER_OK = 0,
    FB_HEADER_TABLE_PAST_END, /* the soffset itself does not fit */
    FB_HEADER_VTABLE_OUTSIDE, /* table - soffset is before the start or past the end */
    FB_HEADER_VTABLE_SIZE,    /* vtable size below 4, odd, or past the end */
    FB_HEADER_TABLE_SIZE      /* table size below 4 or past the end */
} fb_header_fault;

/* Checks that the table at pos, its vtable and its declared size lie inside buf[0..len),
 * and fills *h. Alignment is the verifier's business: readers load with memcpy. */
static inline fb_header_fault fb_table_header(const uint8_t *buf, size_t len, uint32_t pos,
                                              fb_header *h)
{
    if ((uint64_t)pos + 4 > len)
        return FB_HEADER_TABLE_PAST_END;
    int64_t vt = (int64_t)pos - (int32_t)mdd_le_get32(buf + pos);
    if (vt < 0 || (uint64_t)vt + 4 > len)
        return FB_HEADER_VTABLE_OUTSIDE;
    h->vtable = (uint32_t)vt;
    h->vtable_size = mdd_le_get16(buf + vt);
    h->table_size = mdd_le_get16(buf + vt + 2);
    if (h->vtable_size < 4 || (h->vtable_size & 1) || (uint64_t)vt + h->vtable_size > len)
        return FB_HEADER_VTABLE_SIZE;
    if (h->table_size < 4 || (uint64_t)pos + h->table_size > len)
        return FB_HEADER_TABLE_SIZE;
    return FB_HEADER_OK;
}

/* The offset of field id within its table (0 when the vtable does not name it). */
static inline uint32_t fb_vtable_entry(const uint8_t *buf, const fb_header *h, uint32_t id)
{
    uint64_t at = 4 + 2 * (uint64_t)id;
    return at + 2 <= h->vtable_size ? mdd_le_get16(buf + h->vtable + at) : 0;
}

/* The target of the uoffset stored at pos (whose 4 bytes the caller has checked), or 0 when
 * it points past the end of a buffer of len bytes. */
static inline uint32_t fb_follow(const uint8_t *buf, size_t len, uint32_t pos)
{
    uint64_t target = (uint64_t)pos + mdd_le_get32(buf + pos);
    return target < len ? (uint32_t)target : 0;
}

/* ---- Tables read field by field ---- */

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
        *out = mdd_le_get32(f->t.buf + p);
    return p != 0;
}

/* A 4-byte unsigned field, or def when absent (as mdd_fb_u32()). */
static inline uint32_t fb_fields_u32(const fb_fields *f, uint32_t id, uint32_t def)
{
    uint32_t p = fb_fields_pos(f, id, 4);
    return p ? mdd_le_get32(f->t.buf + p) : def;
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
    uint32_t n = mdd_le_get32(buf + pos);
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
    uint32_t count = mdd_le_get32(buf + pos);
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

/* The layout of mdd_fb_verify_options (options_read()), which mdd_db_options nests. */
MDD_INTERNAL extern const options_layout options_layout_fb_verify;

#endif
