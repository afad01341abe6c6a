/* SPDX-License-Identifier: Apache-2.0 */
#include "fb_json.h"

#include <string.h>

typedef struct walker {
    json_writer *j;
    uint32_t depth;
    uint64_t tables; /* objects opened so far */
    fb_json_limits limits;
} walker;

static void table(walker *w, mdd_fb_table t, const fb_type *type);

/* An enum value or union tag by name, or its number when the schema does not name it. */
static void enum_value(walker *w, const fb_enum *e, uint8_t value)
{
    if (value < e->count)
        json_cstring(w->j, e->names[value]);
    else
        json_uint(w->j, value);
}

uint64_t fb_json_le(const uint8_t *p, uint32_t n)
{
    uint64_t v = 0;
    for (uint32_t i = 0; i < n; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

/* The scalar of field f (or of its vector's elements) at p, whose bytes are inside. */
static void scalar_at(walker *w, const fb_field *f, const uint8_t *p)
{
    switch ((fb_scalar)f->scalar) {
    case FB_BOOL: json_bool(w->j, p[0] != 0); break;
    case FB_BYTE:
    case FB_UBYTE:
        if (f->enum_type)
            enum_value(w, f->enum_type, p[0]);
        else if (f->scalar == FB_BYTE)
            json_int(w->j, (int8_t)p[0]);
        else
            json_uint(w->j, p[0]);
        break;
    case FB_INT32: json_int(w->j, (int32_t)(uint32_t)fb_json_le(p, 4)); break;
    case FB_UINT32: json_uint(w->j, fb_json_le(p, 4)); break;
    case FB_DOUBLE: {
        uint64_t bits = fb_json_le(p, 8);
        double d;
        memcpy(&d, &bits, sizeof d);
        json_double(w->j, d);
        break;
    }
    }
}

/* The scalar's size in the table; the descriptors give it for the elements of a vector. */
static uint32_t scalar_size(const fb_field *f)
{
    return f->kind == FB_SCALARS ? f->elem_size : f->size;
}

/* An absent integer, bool or enum field: its default, laid out as stored. */
static void default_value(walker *w, const fb_field *f)
{
    uint64_t v = (uint64_t)(int64_t)f->default_value;
    uint8_t bytes[8];
    for (uint32_t i = 0; i < sizeof bytes; i++)
        bytes[i] = (uint8_t)(v >> (8 * i));
    scalar_at(w, f, bytes);
}

static void scalar_field(walker *w, mdd_fb_table t, const fb_field *f)
{
    uint32_t pos = mdd_fb_field_pos(t, f->id, scalar_size(f));
    json_key(w->j, f->name);
    if (pos)
        scalar_at(w, f, t.buf + pos);
    else if (f->optional)
        json_null(w->j);
    else if (f->scalar == FB_DOUBLE)
        json_double(w->j, f->default_value);
    else
        default_value(w, f);
}

/* Opens a present table's object and returns 1; past a limit writes the truncation marker
 * instead and returns 0. */
static int object_begin(walker *w)
{
    json_object_begin(w->j);
    if (w->depth >= w->limits.max_depth || w->tables >= w->limits.max_tables) {
        json_key(w->j, "$truncated");
        json_bool(w->j, 1);
        json_object_end(w->j);
        return 0;
    }
    w->depth++;
    w->tables++;
    return 1;
}

/* A table as an object, or null for an element that is absent (a vector's). */
static void table_value(walker *w, mdd_fb_table t, const fb_type *type)
{
    if (!t.pos)
        json_null(w->j);
    else
        table(w, t, type);
}

const fb_type *fb_json_member(const fb_field *f, uint8_t tag)
{
    static const fb_type generic = {"table", FB_MEMO_GENERIC, 0, NULL};
    if (tag == 0)
        return NULL;
    return tag < f->member_count ? f->members[tag] : &generic;
}

static void vector_field(walker *w, mdd_fb_table t, const fb_field *f)
{
    uint32_t elem = f->kind == FB_SCALARS ? f->elem_size : 4;
    mdd_fb_vector v = mdd_fb_vector_field(t, f->id, elem);
    if (!v.pos)
        return;
    json_key(w->j, f->name);
    json_array_begin(w->j);
    for (uint32_t i = 0; i < v.count; i++) {
        if (f->kind == FB_SCALARS)
            scalar_at(w, f, v.buf + v.pos + (size_t)i * elem);
        else if (f->kind == FB_STRINGS)
            json_optional_string(w->j, mdd_fb_vector_string(v, i));
        else if (f->kind == FB_TABLES)
            table_value(w, mdd_fb_vector_table(v, i), f->type);
        else {
            const fb_type *type = fb_json_member(f, mdd_fb_union_vector_tag(t, f->id, i));
            if (type)
                table_value(w, mdd_fb_vector_table(v, i), type);
            else
                json_null(w->j);
        }
    }
    json_array_end(w->j);
}

static void field(walker *w, mdd_fb_table t, const fb_field *f)
{
    if (f->deprecated)
        return;
    if (f->kind == FB_SCALAR) {
        scalar_field(w, t, f);
    } else if (f->kind == FB_STRING) {
        mdd_bytes s = mdd_fb_string_field(t, f->id);
        if (s.ptr) {
            json_key(w->j, f->name);
            json_string(w->j, s);
        }
    } else if (f->kind == FB_TABLE || f->kind == FB_UNION) {
        const fb_type *type = f->kind == FB_TABLE ? f->type
                                                  : fb_json_member(f, mdd_fb_u8(t, f->id - 1u, 0));
        mdd_fb_table sub = type ? mdd_fb_table_field(t, f->id) : (mdd_fb_table){t.buf, t.len, 0};
        if (sub.pos) {
            json_key(w->j, f->name);
            table(w, sub, type);
        }
    } else {
        vector_field(w, t, f);
    }
}

static void table(walker *w, mdd_fb_table t, const fb_type *type)
{
    if (!object_begin(w))
        return;
    for (uint32_t i = 0; i < type->field_count; i++)
        field(w, t, &type->fields[i]);
    json_object_end(w->j);
    w->depth--;
}

void fb_json_table(json_writer *j, mdd_fb_table t, const fb_type *type,
                   const fb_json_limits *limits)
{
    walker w = {.j = j, .limits = *limits};
    table_value(&w, t, type);
}
