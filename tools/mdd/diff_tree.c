/* SPDX-License-Identifier: Apache-2.0 */
#include "diff_tree.h"

#include "fb_json.h"

#include <mdd/fb.h>
#include <mdd_internal/fb.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Deeper than any payload of the corpus (27); a hostile chain stops here instead of the stack
 * running out. Tables below it count as equal. */
#define MAX_DEPTH 64
/* Room for one value as text (a vector's elements are cut to fit). */
#define VALUE_SIZE 256

/* ---- content hashes, memoized per (offset, type) ---- */

typedef struct memo {
    uint64_t *keys; /* (pos << 8 | memo_id) + 1; 0 is an empty slot */
    uint64_t *values;
    size_t cap, count;
} memo;

typedef struct side {
    mdd_fb_table root;
    memo m;
} side;

typedef struct differ {
    side a, b;
    diff_path *path;
    diff_emit_fn emit;
    void *ctx;
    int nomem;
    /* The names of the renamed pair being compared: its short_name change is the rename. */
    mdd_bytes renamed_from, renamed_to;
} differ;

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15u + (h << 6) + (h >> 2);
    h ^= h >> 31;
    h *= 0xbf58476d1ce4e5b9u;
    return h ^ (h >> 29);
}

static uint64_t hash_bytes(mdd_bytes s)
{
    if (!s.ptr)
        return 0x5a17u;
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < s.len; i++)
        h = (h ^ s.ptr[i]) * 1099511628211u;
    return mix(h, s.len);
}

/* The slot of key in m: its own, or the empty one where it goes. */
static size_t memo_slot(const memo *m, uint64_t key)
{
    size_t i = (size_t)mix(0, key) & (m->cap - 1);
    while (m->keys[i] && m->keys[i] != key)
        i = (i + 1) & (m->cap - 1);
    return i;
}

/* Room for one more key; at most one entry per table of the payload, so it stays linear. */
static int memo_reserve(memo *m)
{
    if (m->count * 2 < m->cap)
        return 0;
    memo grown = {.cap = m->cap ? m->cap * 2 : 1024, .count = m->count};
    grown.keys = calloc(grown.cap, sizeof *grown.keys);
    grown.values = malloc(grown.cap * sizeof *grown.values);
    if (!grown.keys || !grown.values) {
        free(grown.keys);
        free(grown.values);
        return -1;
    }
    for (size_t i = 0; i < m->cap; i++) {
        if (!m->keys[i])
            continue;
        size_t j = memo_slot(&grown, m->keys[i]);
        grown.keys[j] = m->keys[i];
        grown.values[j] = m->values[i];
    }
    free(m->keys);
    free(m->values);
    *m = grown;
    return 0;
}

static uint64_t hash_table(differ *d, side *s, mdd_fb_table t, const fb_type *type,
                           unsigned depth);

/* A scalar field's bits, its default when absent, so that writing a default or leaving it out
 * (builders differ) is the same content; an absent optional scalar is absent. */
static int scalar_bits(mdd_fb_table t, const fb_field *f, uint64_t *bits)
{
    uint32_t pos = mdd_fb_field_pos(t, f->id, f->size);
    if (pos) {
        *bits = fb_json_le(t.buf + pos, f->size);
        if (f->scalar == FB_BYTE || f->scalar == FB_INT32) /* sign-extend as the default is */
            *bits = (uint64_t)(f->size == 1 ? (int64_t)(int8_t)*bits
                                            : (int64_t)(int32_t)(uint32_t)*bits);
        return 1;
    }
    if (f->optional)
        return 0;
    double dv = f->default_value;
    if (f->scalar == FB_DOUBLE)
        memcpy(bits, &dv, sizeof dv);
    else
        *bits = (uint64_t)(int64_t)dv;
    return 1;
}

/* How the tables of a type are keyed in a vector. */
typedef enum key_kind { KEY_INDEX, KEY_NAME, KEY_CODE, KEY_VIA } key_kind;
typedef struct key_spec {
    key_kind kind;
    const fb_field *field; /* the key field, or for KEY_VIA the subtable holding it */
    const fb_field *via;   /* KEY_VIA: the subtable's short_name */
} key_spec;

static const fb_field *find_field(const fb_type *type, const char *name, fb_kind kind)
{
    for (uint32_t i = 0; type && i < type->field_count; i++)
        if (type->fields[i].kind == kind && strcmp(type->fields[i].name, name) == 0)
            return &type->fields[i];
    return NULL;
}

/* A DTC by its trouble code, others by their short_name (a KeyValue by its key), or by that of
 * their first subtable that has one (a variant's diag_layer, a service's diag_comm); tables
 * with no name by position. */
static key_spec key_of(const fb_type *type)
{
    key_spec k = {KEY_INDEX, NULL, NULL};
    if ((k.field = find_field(type, "trouble_code", FB_SCALAR)) != NULL)
        k.kind = KEY_CODE;
    else if ((k.field = find_field(type, "short_name", FB_STRING)) != NULL ||
             (k.field = find_field(type, "key", FB_STRING)) != NULL)
        k.kind = KEY_NAME;
    for (uint32_t i = 0; k.kind == KEY_INDEX && type && i < type->field_count; i++) {
        const fb_field *f = &type->fields[i];
        if (f->kind == FB_TABLE && (k.via = find_field(f->type, "short_name", FB_STRING))) {
            k.field = f;
            k.kind = KEY_VIA;
        }
    }
    return k;
}

/* A vector's hash: in order, or for keyed tables as a sum, which does not depend on it. */
static uint64_t hash_vector(differ *d, side *s, mdd_fb_table t, const fb_field *f,
                            unsigned depth)
{
    uint32_t elem = f->kind == FB_SCALARS ? f->elem_size : 4;
    mdd_fb_vector v = mdd_fb_vector_field(t, f->id, elem);
    int keyed = f->kind == FB_TABLES && key_of(f->type).kind != KEY_INDEX;
    uint64_t h = mix(0x7ec, v.count), sum = 0;
    for (uint32_t i = 0; i < v.count; i++) {
        uint64_t e;
        if (f->kind == FB_SCALARS)
            e = fb_json_le(v.buf + v.pos + (size_t)i * elem, elem);
        else if (f->kind == FB_STRINGS)
            e = hash_bytes(mdd_fb_vector_string(v, i));
        else if (f->kind == FB_TABLES)
            e = hash_table(d, s, mdd_fb_vector_table(v, i), f->type, depth + 1);
        else {
            uint8_t tag = mdd_fb_union_vector_tag(t, f->id, i);
            const fb_type *type = fb_json_member(f, tag);
            e = mix(tag, type ? hash_table(d, s, mdd_fb_vector_table(v, i), type, depth + 1) : 0);
        }
        if (keyed)
            sum += mix(0, e);
        else
            h = mix(h, e);
    }
    return keyed ? mix(h, sum) : h;
}

static uint64_t hash_field(differ *d, side *s, mdd_fb_table t, const fb_field *f,
                           unsigned depth)
{
    uint64_t bits = 0;
    switch ((fb_kind)f->kind) {
    case FB_SCALAR: return scalar_bits(t, f, &bits) ? mix(1, bits) : 0x0b5e;
    case FB_STRING: return hash_bytes(mdd_fb_string_field(t, f->id));
    case FB_TABLE: return hash_table(d, s, mdd_fb_table_field(t, f->id), f->type, depth + 1);
    case FB_UNION: {
        uint8_t tag = mdd_fb_u8(t, f->id - 1u, 0);
        const fb_type *type = fb_json_member(f, tag);
        return mix(tag, type ? hash_table(d, s, mdd_fb_table_field(t, f->id), type, depth + 1)
                             : 0);
    }
    default: return hash_vector(d, s, t, f, depth);
    }
}

static uint64_t hash_table(differ *d, side *s, mdd_fb_table t, const fb_type *type,
                           unsigned depth)
{
    if (!t.pos)
        return 0xab5e;
    if (depth > MAX_DEPTH)
        return 0xdee9;
    uint64_t key = ((uint64_t)t.pos << 8 | type->memo_id) + 1;
    if (s->m.cap) {
        size_t i = memo_slot(&s->m, key);
        if (s->m.keys[i])
            return s->m.values[i];
    }
    uint64_t h = mix(type->memo_id, type->field_count);
    for (uint32_t i = 0; i < type->field_count; i++)
        if (!type->fields[i].deprecated)
            h = mix(h, hash_field(d, s, t, &type->fields[i], depth));
    if (memo_reserve(&s->m) != 0) {
        d->nomem = 1;
        return h;
    }
    size_t i = memo_slot(&s->m, key);
    s->m.keys[i] = key;
    s->m.values[i] = h;
    s->m.count++;
    return h;
}

/* ---- paths and values as text ---- */

size_t diff_path_push(diff_path *p, const char *fmt, ...)
{
    size_t old = p->len;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(p->buf + p->len, sizeof p->buf - p->len, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < sizeof p->buf - p->len)
        p->len += (size_t)n;
    else { /* cut: the reader still sees where it was going */
        p->len = sizeof p->buf - 1;
        memcpy(p->buf + p->len - 3, "...", 4);
    }
    return old;
}

void diff_path_pop(diff_path *p, size_t len)
{
    p->len = len;
    p->buf[len] = '\0';
}

void diff_quote(char *buf, size_t size, mdd_bytes s)
{
    size_t n = 0;
    if (!s.ptr) {
        snprintf(buf, size, "null");
        return;
    }
    buf[n++] = '"';
    for (size_t i = 0; i < s.len; i++) {
        if (n + 12 >= size) { /* room for an escape, the cut mark and the quote */
            memcpy(buf + n, "...", 3);
            n += 3;
            break;
        }
        uint8_t c = s.ptr[i];
        if (c == '"' || c == '\\')
            n += (size_t)snprintf(buf + n, size - n, "\\%c", c);
        else if (c < 0x20 || c == 0x7f)
            n += (size_t)snprintf(buf + n, size - n, "\\u%04x", c);
        else
            buf[n++] = (char)c;
    }
    snprintf(buf + n, size - n, "\"");
}

/* A scalar's bits as text: enum by name, bool, number. */
static void scalar_text(char *buf, size_t size, const fb_field *f, uint64_t bits)
{
    double dv;
    switch ((fb_scalar)f->scalar) {
    case FB_BOOL: snprintf(buf, size, "%s", bits ? "true" : "false"); return;
    case FB_DOUBLE:
        memcpy(&dv, &bits, sizeof dv);
        snprintf(buf, size, "%.12g", dv);
        return;
    case FB_BYTE:
    case FB_INT32: snprintf(buf, size, "%lld", (long long)(int64_t)bits); return;
    case FB_UBYTE:
    case FB_UINT32:
        if (f->enum_type && bits < f->enum_type->count)
            snprintf(buf, size, "%s", f->enum_type->names[bits]);
        else
            snprintf(buf, size, "%llu", (unsigned long long)bits);
        return;
    }
}

/* A vector of scalars or strings as text, "[a,b]", cut with "..." to fit. */
static void vector_text(char *buf, size_t size, mdd_fb_table t, const fb_field *f)
{
    uint32_t elem = f->kind == FB_SCALARS ? f->elem_size : 4;
    mdd_fb_vector v = mdd_fb_vector_field(t, f->id, elem);
    size_t n = (size_t)snprintf(buf, size, "[");
    for (uint32_t i = 0; i < v.count; i++) {
        char item[VALUE_SIZE];
        if (f->kind == FB_SCALARS)
            scalar_text(item, sizeof item, f, fb_json_le(v.buf + v.pos + (size_t)i * elem, elem));
        else
            diff_quote(item, sizeof item, mdd_fb_vector_string(v, i));
        if (n + strlen(item) + 6 >= size) {
            n += (size_t)snprintf(buf + n, size - n, "...");
            break;
        }
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? "," : "", item);
    }
    snprintf(buf + n, size - n, "]");
}

/* The text of a field of any kind but a table's: for a change line. */
static void field_text(char *buf, size_t size, mdd_fb_table t, const fb_field *f)
{
    uint64_t bits;
    if (f->kind == FB_SCALAR) {
        if (scalar_bits(t, f, &bits))
            scalar_text(buf, size, f, bits);
        else
            snprintf(buf, size, "null");
    } else if (f->kind == FB_STRING)
        diff_quote(buf, size, mdd_fb_string_field(t, f->id));
    else
        vector_text(buf, size, t, f);
}

/* ---- the comparison ---- */

static void emit(differ *d, diff_kind kind, const char *old_value, const char *new_value)
{
    d->emit(d->ctx, kind, d->path->buf, old_value, new_value);
}

static void diff_table(differ *d, mdd_fb_table ta, mdd_fb_table tb, const fb_type *type,
                       unsigned depth);

/* A table field (or union member) present on one side, the other, or both. */
static void diff_subtable(differ *d, mdd_fb_table ta, mdd_fb_table tb, const fb_type *type,
                          unsigned depth)
{
    if (!ta.pos && !tb.pos)
        return;
    if (!ta.pos || !tb.pos)
        emit(d, ta.pos ? DIFF_REMOVED : DIFF_ADDED, NULL, NULL);
    else
        diff_table(d, ta, tb, type, depth + 1);
}

/* One table of a vector, with its key. */
typedef struct elem {
    mdd_fb_table t;
    mdd_bytes name;   /* KEY_NAME, KEY_VIA */
    uint32_t code;    /* KEY_CODE: the trouble code; KEY_INDEX: the position */
    uint32_t index;   /* the position, which orders equal keys */
    uint32_t nth;     /* how many before it have the same key: "#2" from the second on */
    uint32_t partner; /* the matching element of the other side, or NO_PARTNER */
    int renamed;
} elem;
#define NO_PARTNER UINT32_MAX

static int key_cmp(const elem *x, const elem *y)
{
    size_t n = x->name.len < y->name.len ? x->name.len : y->name.len;
    int c = n ? memcmp(x->name.ptr, y->name.ptr, n) : 0;
    if (c)
        return c;
    if (x->name.len != y->name.len)
        return x->name.len < y->name.len ? -1 : 1;
    return x->code < y->code ? -1 : x->code > y->code;
}

static int elem_order(const void *p, const void *q)
{
    const elem *x = p, *y = q;
    int c = key_cmp(x, y);
    return c ? c : (x->index > y->index) - (x->index < y->index);
}

/* The vector's tables with their keys, sorted by key; NULL (and *count 0) when empty, or when
 * memory ran out (d->nomem). */
static elem *elems_of(differ *d, mdd_fb_vector v, key_spec k, uint32_t *count)
{
    *count = 0;
    elem *e = v.count ? calloc(v.count, sizeof *e) : NULL;
    if (!e) {
        d->nomem |= v.count != 0;
        return NULL;
    }
    const fb_field *key = k.field, *via = k.via;
    for (uint32_t i = 0; i < v.count; i++) {
        mdd_fb_table t = mdd_fb_vector_table(v, i);
        e[i] = (elem){.t = t, .index = i, .code = i, .partner = NO_PARTNER};
        if (k.kind == KEY_CODE)
            e[i].code = mdd_fb_u32(t, key->id, 0);
        else if (k.kind == KEY_NAME)
            e[i].name = mdd_fb_string_field(t, key->id);
        else if (k.kind == KEY_VIA)
            e[i].name = mdd_fb_string_field(mdd_fb_table_field(t, key->id), via->id);
        if (k.kind == KEY_NAME || k.kind == KEY_VIA)
            e[i].code = 0;
    }
    qsort(e, v.count, sizeof *e, elem_order);
    for (uint32_t i = 1; i < v.count; i++)
        if (key_cmp(&e[i - 1], &e[i]) == 0)
            e[i].nth = e[i - 1].nth + 1;
    *count = v.count;
    return e;
}

/* Pairs the elements of equal keys of the sorted lists. */
static void match_keys(elem *a, uint32_t na, elem *b, uint32_t nb)
{
    uint32_t i = 0, j = 0;
    while (i < na && j < nb) {
        int c = key_cmp(&a[i], &b[j]);
        if (c == 0)
            c = (a[i].nth > b[j].nth) - (a[i].nth < b[j].nth);
        if (c == 0) {
            a[i].partner = j;
            b[j].partner = i;
        }
        i += c <= 0;
        j += c >= 0;
    }
}

/* Beyond this many candidate pairs a vector's renames are not looked for (quadratic). */
#define MAX_RENAME_PAIRS (1u << 22)

/* A removed and an added table whose requests are equal (a service under a new name) are one
 * table renamed. */
static void match_renames(differ *d, elem *a, uint32_t na, elem *b, uint32_t nb,
                          const fb_type *type, unsigned depth)
{
    const fb_field *req = find_field(type, "request", FB_TABLE);
    if (!req || (uint64_t)na * nb > MAX_RENAME_PAIRS)
        return;
    for (uint32_t i = 0; i < na; i++) {
        mdd_fb_table ra = mdd_fb_table_field(a[i].t, req->id);
        if (a[i].partner != NO_PARTNER || !ra.pos)
            continue;
        uint64_t ha = hash_table(d, &d->a, ra, req->type, depth + 2);
        for (uint32_t j = 0; j < nb; j++) {
            mdd_fb_table rb = mdd_fb_table_field(b[j].t, req->id);
            if (b[j].partner != NO_PARTNER || !rb.pos ||
                hash_table(d, &d->b, rb, req->type, depth + 2) != ha)
                continue;
            a[i].partner = j;
            b[j].partner = i;
            a[i].renamed = b[j].renamed = 1;
            break;
        }
    }
}

static size_t push_key(differ *d, const elem *e, key_kind kind)
{
    char nth[16] = "";
    if (e->nth)
        snprintf(nth, sizeof nth, "#%u", e->nth + 1);
    if (kind == KEY_INDEX)
        return diff_path_push(d->path, "[%u]", e->code);
    if (kind == KEY_CODE)
        return diff_path_push(d->path, "[0x%06X%s]", e->code, nth);
    return diff_path_push(d->path, "[%.*s%s]", (int)e->name.len,
                          e->name.ptr ? (const char *)e->name.ptr : "", nth);
}

/* A renamed pair: the rename, then its other changes under the new name. */
static void diff_renamed(differ *d, const elem *ea, const elem *eb, const fb_type *type,
                         unsigned depth)
{
    char name[VALUE_SIZE];
    diff_quote(name, sizeof name, eb->name);
    emit(d, DIFF_RENAMED, NULL, name);
    mdd_bytes from = d->renamed_from, to = d->renamed_to;
    d->renamed_from = ea->name;
    d->renamed_to = eb->name;
    diff_table(d, ea->t, eb->t, type, depth + 1);
    d->renamed_from = from;
    d->renamed_to = to;
}

static void diff_table_vector(differ *d, mdd_fb_table ta, mdd_fb_table tb, const fb_field *f,
                              unsigned depth)
{
    key_spec k = key_of(f->type);
    uint32_t na, nb;
    elem *a = elems_of(d, mdd_fb_vector_field(ta, f->id, 4), k, &na);
    elem *b = elems_of(d, mdd_fb_vector_field(tb, f->id, 4), k, &nb);
    match_keys(a, na, b, nb);
    if (k.kind == KEY_NAME || k.kind == KEY_VIA)
        match_renames(d, a, na, b, nb, f->type, depth);
    for (uint32_t i = 0; i < na; i++) {
        size_t mark = push_key(d, &a[i], k.kind);
        if (a[i].partner == NO_PARTNER)
            emit(d, DIFF_REMOVED, NULL, NULL);
        else if (a[i].renamed)
            diff_renamed(d, &a[i], &b[a[i].partner], f->type, depth);
        else
            diff_table(d, a[i].t, b[a[i].partner].t, f->type, depth + 1);
        diff_path_pop(d->path, mark);
    }
    for (uint32_t j = 0; j < nb; j++) {
        if (b[j].partner != NO_PARTNER)
            continue;
        size_t mark = push_key(d, &b[j], k.kind);
        emit(d, DIFF_ADDED, NULL, NULL);
        diff_path_pop(d->path, mark);
    }
    free(a);
    free(b);
}

/* A union's member type by name, for a change of type. */
static const char *member_name(const fb_field *f, uint8_t tag)
{
    return f->enum_type && tag < f->enum_type->count ? f->enum_type->names[tag] : "?";
}

/* A union (one member, or element i of a vector of them) on both sides. */
static void diff_member(differ *d, const fb_field *f, uint8_t tag_a, mdd_fb_table ma,
                        uint8_t tag_b, mdd_fb_table mb, unsigned depth)
{
    if (tag_a != tag_b) {
        emit(d, DIFF_CHANGED, member_name(f, tag_a), member_name(f, tag_b));
        return;
    }
    const fb_type *type = fb_json_member(f, tag_a);
    if (type)
        diff_subtable(d, ma, mb, type, depth);
}

static void diff_union_vector(differ *d, mdd_fb_table ta, mdd_fb_table tb, const fb_field *f,
                              unsigned depth)
{
    mdd_fb_vector va = mdd_fb_vector_field(ta, f->id, 4);
    mdd_fb_vector vb = mdd_fb_vector_field(tb, f->id, 4);
    uint32_t n = va.count > vb.count ? va.count : vb.count;
    for (uint32_t i = 0; i < n; i++) {
        size_t mark = diff_path_push(d->path, "[%u]", i);
        if (i >= vb.count || i >= va.count)
            emit(d, i >= vb.count ? DIFF_REMOVED : DIFF_ADDED, NULL, NULL);
        else
            diff_member(d, f, mdd_fb_union_vector_tag(ta, f->id, i), mdd_fb_vector_table(va, i),
                        mdd_fb_union_vector_tag(tb, f->id, i), mdd_fb_vector_table(vb, i),
                        depth);
        diff_path_pop(d->path, mark);
    }
}

/* The short_name change of a renamed pair, which the rename line already says. */
static int is_the_rename(const differ *d, const fb_field *f, mdd_fb_table ta, mdd_fb_table tb)
{
    if (!d->renamed_from.ptr || f->kind != FB_STRING || strcmp(f->name, "short_name") != 0)
        return 0;
    mdd_bytes x = mdd_fb_string_field(ta, f->id), y = mdd_fb_string_field(tb, f->id);
    return x.len == d->renamed_from.len && y.len == d->renamed_to.len &&
           memcmp(x.ptr, d->renamed_from.ptr, x.len) == 0 &&
           memcmp(y.ptr, d->renamed_to.ptr, y.len) == 0;
}

static void diff_field(differ *d, mdd_fb_table ta, mdd_fb_table tb, const fb_field *f,
                       unsigned depth)
{
    if (f->kind == FB_TABLE) {
        diff_subtable(d, mdd_fb_table_field(ta, f->id), mdd_fb_table_field(tb, f->id), f->type,
                      depth);
    } else if (f->kind == FB_UNION) {
        diff_member(d, f, mdd_fb_u8(ta, f->id - 1u, 0), mdd_fb_table_field(ta, f->id),
                    mdd_fb_u8(tb, f->id - 1u, 0), mdd_fb_table_field(tb, f->id), depth);
    } else if (f->kind == FB_TABLES) {
        diff_table_vector(d, ta, tb, f, depth);
    } else if (f->kind == FB_UNIONS) {
        diff_union_vector(d, ta, tb, f, depth);
    } else if (!is_the_rename(d, f, ta, tb)) {
        char old_value[VALUE_SIZE], new_value[VALUE_SIZE];
        field_text(old_value, sizeof old_value, ta, f);
        field_text(new_value, sizeof new_value, tb, f);
        emit(d, DIFF_CHANGED, old_value, new_value);
    }
}

static void diff_table(differ *d, mdd_fb_table ta, mdd_fb_table tb, const fb_type *type,
                       unsigned depth)
{
    if (depth > MAX_DEPTH ||
        hash_table(d, &d->a, ta, type, depth) == hash_table(d, &d->b, tb, type, depth))
        return;
    for (uint32_t i = 0; i < type->field_count; i++) {
        const fb_field *f = &type->fields[i];
        if (f->deprecated ||
            hash_field(d, &d->a, ta, f, depth) == hash_field(d, &d->b, tb, f, depth))
            continue;
        size_t mark = diff_path_push(d->path, "/%s", f->name);
        diff_field(d, ta, tb, f, depth);
        diff_path_pop(d->path, mark);
    }
}

mdd_status diff_ecu_data(mdd_bytes a, mdd_bytes b, diff_path *path, diff_emit_fn emit_fn,
                         void *ctx, mdd_error *err)
{
    differ d = {.path = path, .emit = emit_fn, .ctx = ctx};
    d.a.root = mdd_fb_root(a.ptr, a.len);
    d.b.root = mdd_fb_root(b.ptr, b.len);
    diff_table(&d, d.a.root, d.b.root, fb_ecu_schema_root(), 1);
    free(d.a.m.keys);
    free(d.a.m.values);
    free(d.b.m.keys);
    free(d.b.m.values);
    if (d.nomem) {
        snprintf(err->message, sizeof err->message, "no memory to compare the payloads");
        return err->status = MDD_ERR_NOMEM;
    }
    return MDD_OK;
}
