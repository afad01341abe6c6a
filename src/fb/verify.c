/* SPDX-License-Identifier: Apache-2.0 */
/* The EcuData verifier: walks the payload from the root following the schema descriptors
 * (schema.h) and checks every offset, size, alignment, string and union it meets.
 *
 * The payload is a DAG: one subtable may be referenced from many places. A memo of one byte
 * per 4-byte slot of the buffer records which tables (and non-empty vectors of references)
 * are already verified and as what, so each is verified once and a payload that references
 * one subtable from many places costs no more than its size. Tables and vectors start on
 * 4-byte boundaries, so the slot of a position is unique. The memo also catches one position
 * used as two different types.
 *
 * A payload is first checked by the fast pass (verify_quick.c), which only answers whether it
 * is sound; this walk runs when it is not sure, to decide and to name the fault with its path
 * (or alone, in the mode FB_VERIFY_WALK_ONLY, so that tests and fuzz_fb_verify_diff can hold the
 * two to the same verdicts).
 * It still keeps the messages out of the walk (verify_faults.c) and is compiled once per type
 * (verify_table() dispatches on the type), so that a bad payload is not slow either. */
#include "ecu_schema.h"
#include "verify_impl.h"

#include <mdd_internal/common.h>

/* The layout of mdd_fb_verify_options, which mdd_db_options nests. */
static const options_member fb_verify_members[] = {
    OPTIONS_SCALAR(mdd_fb_verify_options, max_depth, uint32_t),
    OPTIONS_SCALAR(mdd_fb_verify_options, max_tables, uint32_t),
    OPTIONS_SCALAR(mdd_fb_verify_options, max_size, size_t),
};
const options_layout options_layout_fb_verify =
    OPTIONS_LAYOUT(mdd_fb_verify_options, MDD_FB_VERIFY_OPTIONS_SIZE, fb_verify_members);

/* Deeper recursion could exhaust the thread's stack; max_depth is capped here. */
#define DEPTH_CAP 1024

/* Marks an error that is about a field as a whole rather than one element of it. */
#define NO_INDEX UINT32_MAX

/* The target of the uoffset at `at` (whose 4 bytes are known to be inside) in *target; 0 when
 * the offset is 0 or leads past the end. */
static inline int follow(const verifier *v, uint32_t at, uint32_t *target)
{
    uint32_t off = mdd_le_get32(v->buf + at);
    uint64_t t = (uint64_t)at + off;
    *target = (uint32_t)t;
    return off != 0 && t < v->len;
}

static inline mdd_status verify_string(verifier *v, uint32_t pos)
{
    if (FB_UNLIKELY((pos & 3) || (uint64_t)pos + 4 > v->len))
        return fb_bad_string(v, pos);
    uint64_t nul = (uint64_t)pos + 4 + mdd_le_get32(v->buf + pos);
    if (FB_UNLIKELY(nul >= v->len || v->buf[nul] != 0))
        return fb_bad_string(v, pos);
    return MDD_OK;
}

/* Checks the count and that count * elem_size bytes follow it; sets *count. */
static inline mdd_status verify_vector(verifier *v, uint32_t pos, uint32_t elem_size,
                                       uint32_t *count)
{
    if (FB_UNLIKELY((pos & 3) || (uint64_t)pos + 4 > v->len))
        return fb_bad_vector(v, pos, elem_size);
    *count = mdd_le_get32(v->buf + pos);
    if (FB_UNLIKELY((uint64_t)pos + 4 + (uint64_t)*count * elem_size > v->len))
        return fb_bad_vector(v, pos, elem_size);
    return MDD_OK;
}

static mdd_status verify_table(verifier *v, uint32_t pos, const fb_type *type, uint32_t depth);

/* Checks the memo slot of pos for want: sets *done when it is already verified as want. */
static inline mdd_status memo_lookup(verifier *v, uint32_t pos, uint8_t want,
                                     const fb_type *type, int *done)
{
    uint8_t have = v->memo[pos / 4];
    *done = have == want;
    if (FB_UNLIKELY(have != 0 && have != want))
        return fb_memo_mismatch(v, pos, have, want, type, done);
    return MDD_OK;
}

/* Verifies a vector of references to strings or tables at pos; on failure *failed is the
 * element at fault (or NO_INDEX). */
static mdd_status verify_refs(verifier *v, uint32_t pos, const fb_field *f, uint32_t depth,
                              uint32_t *failed)
{
    uint32_t count = 0;
    mdd_status st = verify_vector(v, pos, 4, &count);
    if (st || count == 0)
        return st;
    int strings = f->kind == FB_STRINGS;
    uint8_t want = strings ? FB_MEMO_STRINGS : (uint8_t)(FB_MEMO_VECTOR | f->type->memo_id);
    int done;
    st = memo_lookup(v, pos, want, f->type, &done);
    if (st || done)
        return st;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t elem = pos + 4 + 4 * i, target;
        if (FB_UNLIKELY(!follow(v, elem, &target)))
            st = fb_bad_offset(v, elem);
        else
            st = strings ? verify_string(v, target) : verify_table(v, target, f->type, depth + 1);
        if (FB_UNLIKELY(st)) {
            *failed = i;
            return st;
        }
    }
    v->memo[pos / 4] = want;
    return MDD_OK;
}

/* The member type of a union for tag (generic for tags the schema does not describe), or NULL
 * for NONE. */
static inline const fb_type *member_type(const fb_field *f, uint8_t tag)
{
    if (tag == 0)
        return NULL;
    return tag < f->member_count ? f->members[tag] : &fb_generic_type;
}

/* Verifies the vector of unions whose values' vector is at pos and whose tags field (f->id - 1)
 * the table at table_pos holds. Each element counts as a table against max_tables: a
 * vector of unions has no memo of its own (its meaning depends on the tags beside it), and
 * the count bounds the work when many tables share one. On failure *failed is the element at
 * fault (or NO_INDEX). */
static mdd_status verify_unions(verifier *v, uint32_t table_pos, const fb_header *h, uint32_t pos,
                                const fb_field *f, uint32_t depth, uint32_t *failed)
{
    uint32_t count = 0, tags_at = 0, tags_count = 0;
    mdd_status st = verify_vector(v, pos, 4, &count);
    if (st)
        return st;
    uint32_t off = fb_vtable_entry(v->buf, h, (uint32_t)f->id - 1);
    if (off != 0 && !follow(v, table_pos + off, &tags_at))
        return fb_bad_offset(v, table_pos + off);
    if (off != 0 && (st = verify_vector(v, tags_at, 1, &tags_count)))
        return st;
    if (FB_UNLIKELY(tags_count != count))
        return fb_bad_union_tags(v, pos, count, tags_count);
    if (FB_UNLIKELY(count > v->max_tables - v->tables))
        return fb_over_limit(v, pos, 0);
    v->tables += count;
    for (uint32_t i = 0; i < count; i++) {
        const fb_type *type = member_type(f, v->buf[tags_at + 4 + i]);
        uint32_t elem = pos + 4 + 4 * i, target;
        if (!type)
            continue;
        if (FB_UNLIKELY(!follow(v, elem, &target)))
            st = fb_bad_offset(v, elem);
        else
            st = verify_table(v, target, type, depth + 1);
        if (FB_UNLIKELY(st)) {
            *failed = i;
            return st;
        }
    }
    return MDD_OK;
}

/* The union member type named by the tag field before f (generic for tags the schema does
 * not describe), or NULL when the tag is NONE. */
static const fb_type *union_member(const verifier *v, uint32_t pos, const fb_header *h,
                                   const fb_field *f)
{
    uint32_t off = fb_vtable_entry(v->buf, h, (uint32_t)f->id - 1);
    return member_type(f, off != 0 && off < h->table_size ? v->buf[pos + off] : 0);
}

/* Forces inlining where the descriptor is a constant the compiler should fold: one copy of the
 * walk per table type. A build for size (MDD_FAST_VERIFY off) keeps one generic copy, which is
 * slower and a fraction of the code. */
#if MDD_FAST_VERIFY
#define SPECIALIZED static inline __attribute__((always_inline))
#else
#define SPECIALIZED static
#endif

/* Checks field f, stored at offset off of the table at pos; on failure *failed is the element
 * at fault in a vector (or NO_INDEX). */
SPECIALIZED mdd_status verify_field(verifier *v, uint32_t pos, uint32_t off, const fb_header *h,
                                    const fb_field *f, uint32_t depth, uint32_t *failed)
{
    uint32_t at = pos + off;
    if (FB_UNLIKELY(off + f->size > h->table_size || (at & (f->size - 1u))))
        return fb_bad_field(v, pos, off, f->size, h->table_size);
    if (f->kind == FB_SCALAR)
        return MDD_OK;
    const fb_type *type = f->type;
    if (f->kind == FB_UNION && !(type = union_member(v, pos, h, f)))
        return MDD_OK;
    uint32_t target;
    if (FB_UNLIKELY(!follow(v, at, &target)))
        return fb_bad_offset(v, at);
    switch (f->kind) {
    case FB_STRING: return verify_string(v, target);
    case FB_SCALARS: {
        uint32_t count = 0;
        return verify_vector(v, target, f->elem_size, &count);
    }
    case FB_STRINGS:
    case FB_TABLES: return verify_refs(v, target, f, depth, failed);
    case FB_UNIONS: return verify_unions(v, pos, h, target, f, depth, failed);
    default: return verify_table(v, target, type, depth + 1);
    }
}

SPECIALIZED mdd_status verify_fields(verifier *v, uint32_t pos, const fb_header *h,
                                     const fb_type *type, uint32_t depth)
{
    uint32_t entries = (h->vtable_size - 4) / 2;
    const uint8_t *offsets = v->buf + h->vtable + 4;
#pragma GCC unroll 16
    for (uint32_t i = 0; i < type->field_count; i++) {
        const fb_field *f = &type->fields[i];
        if (f->id >= entries)
            break; /* fields come in id order: the vtable names none of the rest */
        uint32_t off = mdd_le_get16(offsets + 2 * f->id);
        uint32_t failed = NO_INDEX;
        mdd_status st = off ? verify_field(v, pos, off, h, f, depth, &failed) : MDD_OK;
        if (FB_UNLIKELY(st))
            return fb_in_path(v, st, f->name, failed, failed != NO_INDEX);
    }
    return MDD_OK;
}

/* Verifies the table at pos as type, a constant in each expansion of verify_table(). */
SPECIALIZED mdd_status verify_table_as(verifier *v, uint32_t pos, const fb_type *type,
                                       uint32_t depth)
{
    if (FB_UNLIKELY(pos & 3))
        return fb_misaligned(v, pos, 4, "table");
    int done;
    mdd_status st = memo_lookup(v, pos, type->memo_id, type, &done);
    if (st || done)
        return st;
    if (FB_UNLIKELY(depth > v->max_depth || ++v->tables > v->max_tables))
        return fb_over_limit(v, pos, depth > v->max_depth);
    fb_header h;
    fb_header_fault fault = fb_table_header(v->buf, v->len, pos, &h);
    if (FB_UNLIKELY(fault != FB_HEADER_OK || (h.vtable & 1)))
        return fb_bad_header(v, pos, fault, &h);
    st = verify_fields(v, pos, &h, type, depth);
    if (!st)
        v->memo[pos / 4] = type->memo_id;
    return st;
}

/* Verifies the table at pos as type: one expansion of verify_table_as() per type. */
static mdd_status verify_table(verifier *v, uint32_t pos, const fb_type *type, uint32_t depth)
{
    switch (type->memo_id) {
#define VERIFY_AS(name)                                                                        \
    case FB_MEMO_##name: return verify_table_as(v, pos, &type_##name, depth);
        FB_ECU_TYPES(VERIFY_AS)
#undef VERIFY_AS
    default: return verify_table_as(v, pos, &fb_generic_type, depth);
    }
}

/* Checks the buffer's size against the limits before anything is allocated. */
static mdd_status check_size(const uint8_t *buf, size_t len, size_t max_size, mdd_error *err)
{
    if (!buf && len)
        return mdd_fail(err, MDD_ERR_ARG, "offset 0: no buffer");
    if (len > max_size)
        return mdd_fail(err, MDD_ERR_LIMIT, "offset 0: %zu bytes exceed the limit of %zu", len,
                        max_size);
    if (len < 4)
        return mdd_fail(err, MDD_ERR_FORMAT,
                        "offset 0: %zu bytes are too few for a root offset", len);
    return MDD_OK;
}

/* Verifies from the root with vf's memo. */
static mdd_status verify_from_root(verifier *v, mdd_fb_verifier *vf)
{
    v->memo = fb_memo_clear(&vf->walk, v->len / 4 + 1);
    if (!v->memo)
        return mdd_fail(v->err, MDD_ERR_NOMEM, "offset 0: no memory for %u bytes of bookkeeping",
                        v->len / 4 + 1);
    uint32_t root;
    return follow(v, 0, &root) ? verify_table(v, root, &type_ecu_data, 1) : fb_bad_offset(v, 0);
}

mdd_status fb_verifier_check_mode(mdd_fb_verifier *vf, const uint8_t *buf, size_t len,
                                  const mdd_fb_verify_options *opts, fb_verify_mode mode,
                                  mdd_error *err)
{
    if (!vf)
        return mdd_fail(err, MDD_ERR_ARG, "no verifier");
    mdd_fb_verify_options o = mdd_fb_verify_options_default();
    mdd_status st = options_read(&options_layout_fb_verify, opts, &o, err);
    if (st)
        return st;
    size_t max_size = o.max_size < MDD_FB_MAX_SIZE ? o.max_size : MDD_FB_MAX_SIZE;
    verifier v = {.buf = buf, .max_tables = o.max_tables,
                  .max_depth = o.max_depth < DEPTH_CAP ? o.max_depth : DEPTH_CAP, .err = err};
    st = check_size(buf, len, max_size, err);
    if (!st) {
        v.len = (uint32_t)len;
#if MDD_FAST_VERIFY
        if (mode == FB_VERIFY_QUICK_FIRST &&
            fb_verify_quick(vf, buf, v.len, v.max_depth, v.max_tables))
            return MDD_OK; /* sound: no message to build */
#else
        (void)mode; /* built without the fast pass: the walk decides alone */
#endif
        st = verify_from_root(&v, vf);
    }
    if (st)
        fb_in_path(&v, st, type_ecu_data.name, 0, 0);
    return st;
}

mdd_status mdd_fb_verifier_check(mdd_fb_verifier *vf, const uint8_t *buf, size_t len,
                                 const mdd_fb_verify_options *opts, mdd_error *err)
{
    return fb_verifier_check_mode(vf, buf, len, opts, FB_VERIFY_QUICK_FIRST, err);
}

/* The generated descriptors of the EcuData schema, for readers other than the verifier: the
 * dump walker of the tool and the enum names of the ecu layer (mdd_ecu_enum_name()). */
static const fb_enum *const ecu_enums[] = {
#define FB_ENUM_ENTRY(name) &enum_##name,
    FB_ECU_ENUMS(FB_ENUM_ENTRY)
#undef FB_ENUM_ENTRY
};

const fb_type *fb_ecu_schema_root(void) { return &type_ecu_data; }

const fb_enum *fb_ecu_schema_enum(unsigned which)
{
    return which < sizeof ecu_enums / sizeof ecu_enums[0] ? ecu_enums[which] : NULL;
}
