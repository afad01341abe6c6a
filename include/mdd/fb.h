/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd: FlatBuffers read zero-copy, the primitives the typed views (include/mdd/ecu.h) are
 * built on. (The verifier, mdd_fb_verify_ecu_data(), which the database runs at open, is the
 * advanced API: include/mdd/fb_verify.h.)
 *
 * The primitives below read one table field at a time. They never read outside [buf, buf+len)
 * whatever the bytes say: a field that does not fit reads as absent (or its default). After a
 * successful verification no field of a verified table is cut off that way, so absent means
 * absent. The typed views of include/mdd/ecu.h are built on them.
 *
 * Views are plain values that point into the caller's buffer: no allocation, no state, safe to
 * use from many threads at once, valid as long as the buffer. */
#ifndef MDD_FB_H
#define MDD_FB_H

#include <mdd/load.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A table inside a FlatBuffer. pos is the table's offset in buf; pos 0 means absent (offset 0
 * holds the root offset, never a table). */
typedef struct mdd_fb_table {
    const uint8_t *buf;
    size_t len;
    uint32_t pos;
} mdd_fb_table;

/* A vector inside a FlatBuffer: count elements starting at offset pos (just past the count).
 * pos 0 means absent; an absent vector has count 0. */
typedef struct mdd_fb_vector {
    const uint8_t *buf;
    size_t len;
    uint32_t pos;
    uint32_t count;
} mdd_fb_vector;

/* The root table of buf[0..len), or an absent table when the root offset or the root's
 * vtable does not fit. */
mdd_fb_table mdd_fb_root(const uint8_t *buf, size_t len);

/* The offset in buf of field id of t when the vtable names it and size bytes of it fit in the
 * table and the buffer; 0 when absent or cut off. */
uint32_t mdd_fb_field_pos(mdd_fb_table t, uint32_t id, uint32_t size);

/* A 1-byte scalar field (bool, enum, union tag), or def when absent. */
uint8_t mdd_fb_u8(mdd_fb_table t, uint32_t id, uint8_t def);

/* A little-endian 4-byte unsigned field, or def when absent. */
uint32_t mdd_fb_u32(mdd_fb_table t, uint32_t id, uint32_t def);

/* A little-endian 4-byte signed field, or def when absent. */
int32_t mdd_fb_i32(mdd_fb_table t, uint32_t id, int32_t def);

/* An optional 1-byte scalar (`= null`): 1 with *out set when present, 0 when absent. */
int mdd_fb_opt_u8(mdd_fb_table t, uint32_t id, uint8_t *out);

/* An optional 4-byte unsigned scalar (`= null`): 1 with *out set when present, 0 when absent. */
int mdd_fb_opt_u32(mdd_fb_table t, uint32_t id, uint32_t *out);

/* The table that field id refers to; absent when the field is absent or the table (or its
 * vtable) does not fit. */
mdd_fb_table mdd_fb_table_field(mdd_fb_table t, uint32_t id);

/* The string that field id refers to, without its NUL: ptr NULL when absent or when it does
 * not fit (length, bytes and NUL inside the buffer). */
mdd_bytes mdd_fb_string_field(mdd_fb_table t, uint32_t id);

/* The vector that field id refers to, with elements of elem_size bytes; absent (count 0) when
 * the field is absent or count * elem_size bytes do not fit. */
mdd_fb_vector mdd_fb_vector_field(mdd_fb_table t, uint32_t id, uint32_t elem_size);

/* A vector of 1-byte scalars ([ubyte], [byte], [bool]) as bytes: ptr NULL when absent. */
mdd_bytes mdd_fb_bytes_field(mdd_fb_table t, uint32_t id);

/* Element i of a vector of tables; absent when i >= count or the table does not fit. */
mdd_fb_table mdd_fb_vector_table(mdd_fb_vector v, uint32_t i);

/* Element i of a vector of strings; ptr NULL when i >= count or the string does not fit. */
mdd_bytes mdd_fb_vector_string(mdd_fb_vector v, uint32_t i);

/* A little-endian 8-byte IEEE 754 double field, or def when absent. */
double mdd_fb_f64(mdd_fb_table t, uint32_t id, double def);

/* Optional 4-byte signed and 8-byte double scalars (`= null`): 1 with *out set when present,
 * 0 when absent. */
int mdd_fb_opt_i32(mdd_fb_table t, uint32_t id, int32_t *out);
int mdd_fb_opt_f64(mdd_fb_table t, uint32_t id, double *out);

/* Element i of a vector of 4-byte unsigned or 8-byte double scalars; 0 when i >= count. */
uint32_t mdd_fb_vector_u32(mdd_fb_vector v, uint32_t i);
double mdd_fb_vector_f64(mdd_fb_vector v, uint32_t i);

/* The member of the union whose value is field id and whose tag is field id - 1, when the tag
 * is tag; absent otherwise (another member, NONE, or a table that does not fit). */
mdd_fb_table mdd_fb_union_field(mdd_fb_table t, uint32_t id, uint8_t tag);

/* Of the vector of unions whose values are field id and whose tags are the vector of bytes at
 * field id - 1: tag i (0, NONE, past the end of either vector), and element i when its tag is
 * tag (absent otherwise). */
uint8_t mdd_fb_union_vector_tag(mdd_fb_table t, uint32_t id, uint32_t i);
mdd_fb_table mdd_fb_union_vector_table(mdd_fb_table t, uint32_t id, uint32_t i, uint8_t tag);

/* ---- Vectors of strings and scalars, as the typed views (ecu_views.h) return them ---- */

typedef struct mdd_string_vec { mdd_fb_vector v; } mdd_string_vec;
typedef struct mdd_u32_vec { mdd_fb_vector v; } mdd_u32_vec;
typedef struct mdd_f64_vec { mdd_fb_vector v; } mdd_f64_vec;

/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_string_vec_count(mdd_string_vec v) { return v.v.count; }
/* String i, or ptr NULL past the end. */
static inline mdd_bytes mdd_string_vec_at(mdd_string_vec v, uint32_t i)
{
    return mdd_fb_vector_string(v.v, i);
}
static inline uint32_t mdd_u32_vec_count(mdd_u32_vec v) { return v.v.count; }
/* Element i, 0 past the end. */
static inline uint32_t mdd_u32_vec_at(mdd_u32_vec v, uint32_t i) { return mdd_fb_vector_u32(v.v, i); }
static inline uint32_t mdd_f64_vec_count(mdd_f64_vec v) { return v.v.count; }
/* Element i, 0 past the end. */
static inline double mdd_f64_vec_at(mdd_f64_vec v, uint32_t i) { return mdd_fb_vector_f64(v.v, i); }

#ifdef __cplusplus
}
#endif

#endif
