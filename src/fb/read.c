/* SPDX-License-Identifier: Apache-2.0 */
/* Bounds-checked readers of single FlatBuffers fields. They check every read against the
 * buffer on every call instead of trusting the verifier, so that a view over bytes that were
 * never verified (or a view built by hand) still cannot read outside the buffer. */
#include <mdd_internal/fb.h>

static mdd_fb_table table_at(const uint8_t *buf, size_t len, uint32_t pos)
{
    return fb_fields_at(buf, len, pos).t;
}

mdd_fb_table mdd_fb_root(const uint8_t *buf, size_t len)
{
    if (!buf || len < 4 || len > MDD_FB_MAX_SIZE)
        return (mdd_fb_table){buf, len, 0};
    return table_at(buf, len, fb_follow(buf, len, 0));
}

/* mdd_fb_field_pos() for the readers below: an exported function is not inlined into its
 * callers in a shared library (it could be interposed), and this is every field's cost. */
static inline uint32_t field_at(mdd_fb_table t, uint32_t id, uint32_t size)
{
    fb_header h;
    return fb_fields_header(t, &h) ? fb_fields_entry(t.buf, t.pos, &h, id, size) : 0;
}

uint32_t mdd_fb_field_pos(mdd_fb_table t, uint32_t id, uint32_t size)
{
    return field_at(t, id, size);
}

uint8_t mdd_fb_u8(mdd_fb_table t, uint32_t id, uint8_t def)
{
    uint32_t p = field_at(t, id, 1);
    return p ? t.buf[p] : def;
}

uint32_t mdd_fb_u32(mdd_fb_table t, uint32_t id, uint32_t def)
{
    uint32_t p = field_at(t, id, 4);
    return p ? mdd_le_get32(t.buf + p) : def;
}

int32_t mdd_fb_i32(mdd_fb_table t, uint32_t id, int32_t def)
{
    uint32_t p = field_at(t, id, 4);
    return p ? (int32_t)mdd_le_get32(t.buf + p) : def;
}

int mdd_fb_opt_u8(mdd_fb_table t, uint32_t id, uint8_t *out)
{
    uint32_t p = field_at(t, id, 1);
    if (p)
        *out = t.buf[p];
    return p != 0;
}

int mdd_fb_opt_u32(mdd_fb_table t, uint32_t id, uint32_t *out)
{
    uint32_t p = field_at(t, id, 4);
    if (p)
        *out = mdd_le_get32(t.buf + p);
    return p != 0;
}

mdd_fb_table mdd_fb_table_field(mdd_fb_table t, uint32_t id)
{
    return table_at(t.buf, t.len, fb_follow_field(t.buf, t.len, field_at(t, id, 4)));
}

mdd_bytes mdd_fb_string_field(mdd_fb_table t, uint32_t id)
{
    return fb_string_at(t.buf, t.len, fb_follow_field(t.buf, t.len, field_at(t, id, 4)));
}

mdd_fb_vector mdd_fb_vector_field(mdd_fb_table t, uint32_t id, uint32_t elem_size)
{
    return fb_vector_at(t.buf, t.len, fb_follow_field(t.buf, t.len, field_at(t, id, 4)),
                        elem_size);
}

mdd_bytes mdd_fb_bytes_field(mdd_fb_table t, uint32_t id)
{
    return fb_bytes_of(mdd_fb_vector_field(t, id, 1));
}

mdd_fb_table mdd_fb_vector_table(mdd_fb_vector v, uint32_t i)
{
    return table_at(v.buf, v.len, fb_follow_field(v.buf, v.len, fb_element_pos(v, i)));
}

mdd_bytes mdd_fb_vector_string(mdd_fb_vector v, uint32_t i)
{
    return fb_string_at(v.buf, v.len, fb_follow_field(v.buf, v.len, fb_element_pos(v, i)));
}

/* A little-endian double: its 8 bytes as the integer of the same bit pattern. */
static double load_f64(const uint8_t *p)
{
    uint64_t bits = (uint64_t)mdd_le_get32(p) | (uint64_t)mdd_le_get32(p + 4) << 32;
    double v;
    memcpy(&v, &bits, sizeof v);
    return v;
}

double mdd_fb_f64(mdd_fb_table t, uint32_t id, double def)
{
    uint32_t p = field_at(t, id, 8);
    return p ? load_f64(t.buf + p) : def;
}

int mdd_fb_opt_i32(mdd_fb_table t, uint32_t id, int32_t *out)
{
    uint32_t p = field_at(t, id, 4);
    if (p)
        *out = (int32_t)mdd_le_get32(t.buf + p);
    return p != 0;
}

int mdd_fb_opt_f64(mdd_fb_table t, uint32_t id, double *out)
{
    uint32_t p = field_at(t, id, 8);
    if (p)
        *out = load_f64(t.buf + p);
    return p != 0;
}

/* The position of element i of a vector of size-byte scalars, or 0 when i is past the end. */
static uint32_t scalar_pos(mdd_fb_vector v, uint32_t i, uint32_t size)
{
    uint64_t p = (uint64_t)v.pos + (uint64_t)size * i;
    return v.pos != 0 && i < v.count && p + size <= v.len ? (uint32_t)p : 0;
}

uint32_t mdd_fb_vector_u32(mdd_fb_vector v, uint32_t i)
{
    uint32_t p = scalar_pos(v, i, 4);
    return p ? mdd_le_get32(v.buf + p) : 0;
}

double mdd_fb_vector_f64(mdd_fb_vector v, uint32_t i)
{
    uint32_t p = scalar_pos(v, i, 8);
    return p ? load_f64(v.buf + p) : 0;
}

mdd_fb_table mdd_fb_union_field(mdd_fb_table t, uint32_t id, uint8_t tag)
{
    fb_fields f = fb_fields_of(t);
    return fb_fields_union(&f, id, tag);
}

uint8_t mdd_fb_union_vector_tag(mdd_fb_table t, uint32_t id, uint32_t i)
{
    if (id == 0 || i >= mdd_fb_vector_field(t, id, 4).count)
        return 0;
    mdd_bytes tags = mdd_fb_bytes_field(t, id - 1);
    return i < tags.len ? tags.ptr[i] : 0;
}

mdd_fb_table mdd_fb_union_vector_table(mdd_fb_table t, uint32_t id, uint32_t i, uint8_t tag)
{
    if (tag == 0 || mdd_fb_union_vector_tag(t, id, i) != tag)
        return (mdd_fb_table){t.buf, t.len, 0};
    return mdd_fb_vector_table(mdd_fb_vector_field(t, id, 4), i);
}
