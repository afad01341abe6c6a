/* SPDX-License-Identifier: Apache-2.0 */
/* The verifier's diagnostics: called only once something is found bad, they work out the
 * exact reason and write the message, with the offset it is about. */
#include "verify_impl.h"

#define COLD __attribute__((cold))

COLD mdd_status fb_in_path(verifier *v, mdd_status st, const char *name, uint32_t index,
                           int indexed)
{
    const char *sep = v->path_started ? "." : ": ";
    if (indexed)
        mdd_error_prefix(v->err, "%s[%u]%s", name, index, sep);
    else
        mdd_error_prefix(v->err, "%s%s", name, sep);
    v->path_started = 1;
    return st;
}

static int memo_is_vector(uint8_t memo) { return (memo & FB_MEMO_VECTOR) != 0; }

static int memo_is_generic(uint8_t memo) { return (memo & 0x7f) == FB_MEMO_GENERIC; }

COLD mdd_status fb_memo_mismatch(verifier *v, uint32_t pos, uint8_t have, uint8_t want,
                                 const fb_type *type, int *done)
{
    int same_shape = memo_is_vector(have) == memo_is_vector(want);
    *done = have != FB_MEMO_STRINGS && memo_is_generic(want) && same_shape;
    if (*done || (memo_is_generic(have) && want != FB_MEMO_STRINGS && same_shape))
        return MDD_OK;
    const char *what = memo_is_vector(want) ? "vector" : type->name;
    const char *other = same_shape ? "something of another type"
                        : memo_is_vector(have) ? "a vector"
                                               : "a table";
    return mdd_fail(v->err, MDD_ERR_FORMAT, "offset %u: %s is also used as %s", pos, what,
                    other);
}

COLD mdd_status fb_misaligned(verifier *v, uint32_t pos, uint32_t align, const char *what)
{
    return mdd_fail(v->err, MDD_ERR_FORMAT, "offset %u: %s is not %u-byte aligned", pos, what,
                    align);
}

COLD mdd_status fb_bad_offset(verifier *v, uint32_t at)
{
    uint32_t off = mdd_le_get32(v->buf + at);
    if (off == 0)
        return mdd_fail(v->err, MDD_ERR_FORMAT, "offset %u: offset 0 points at itself", at);
    return mdd_fail(v->err, MDD_ERR_FORMAT, "offset %u: offset %u points past the end (%u bytes)",
                    at, off, v->len);
}

COLD mdd_status fb_bad_string(verifier *v, uint32_t pos)
{
    if (pos & 3)
        return fb_misaligned(v, pos, 4, "string");
    if ((uint64_t)pos + 4 > v->len)
        return mdd_fail(v->err, MDD_ERR_FORMAT, "offset %u: string length runs past the end",
                        pos);
    uint32_t n = mdd_le_get32(v->buf + pos);
    if ((uint64_t)pos + 4 + n >= v->len)
        return mdd_fail(v->err, MDD_ERR_FORMAT,
                        "offset %u: string of %u bytes runs past the end", pos, n);
    return mdd_fail(v->err, MDD_ERR_FORMAT, "offset %u: string of %u bytes lacks its NUL", pos,
                    n);
}

COLD mdd_status fb_bad_vector(verifier *v, uint32_t pos, uint32_t elem_size)
{
    if (pos & 3)
        return fb_misaligned(v, pos, 4, "vector");
    if ((uint64_t)pos + 4 > v->len)
        return mdd_fail(v->err, MDD_ERR_FORMAT, "offset %u: vector count runs past the end",
                        pos);
    return mdd_fail(v->err, MDD_ERR_FORMAT,
                    "offset %u: vector of %u elements of %u bytes runs past the end", pos,
                    mdd_le_get32(v->buf + pos), elem_size);
}

COLD mdd_status fb_bad_union_tags(verifier *v, uint32_t pos, uint32_t values, uint32_t tags)
{
    return mdd_fail(v->err, MDD_ERR_FORMAT,
                    "offset %u: vector of %u union values has %u tags", pos, values, tags);
}

COLD mdd_status fb_bad_field(verifier *v, uint32_t table, uint32_t off, uint32_t size,
                             uint32_t table_size)
{
    if (off + size > table_size)
        return mdd_fail(v->err, MDD_ERR_FORMAT,
                        "offset %u: field at %u runs past the end of its table (%u bytes)",
                        table, off, table_size);
    return fb_misaligned(v, table + off, size, "field");
}

COLD mdd_status fb_bad_header(verifier *v, uint32_t pos, fb_header_fault fault,
                              const fb_header *h)
{
    switch (fault) {
    case FB_HEADER_TABLE_PAST_END:
        return mdd_fail(v->err, MDD_ERR_FORMAT, "offset %u: table runs past the end", pos);
    case FB_HEADER_VTABLE_OUTSIDE:
        return mdd_fail(v->err, MDD_ERR_FORMAT,
                        "offset %u: vtable offset %d points outside the buffer", pos,
                        (int32_t)mdd_le_get32(v->buf + pos));
    case FB_HEADER_VTABLE_SIZE:
        return mdd_fail(v->err, MDD_ERR_FORMAT,
                        "offset %u: vtable at %u has a bad size %u (even, 4 or more, inside the "
                        "buffer)", pos, h->vtable, h->vtable_size);
    case FB_HEADER_TABLE_SIZE:
        return mdd_fail(v->err, MDD_ERR_FORMAT,
                        "offset %u: table size %u runs past the end or is below 4", pos,
                        h->table_size);
    case FB_HEADER_OK: break;
    }
    return fb_misaligned(v, h->vtable, 2, "vtable");
}

COLD mdd_status fb_over_limit(verifier *v, uint32_t pos, int depth_exceeded)
{
    if (depth_exceeded)
        return mdd_fail(v->err, MDD_ERR_LIMIT, "offset %u: tables nest deeper than %u", pos,
                        v->max_depth);
    return mdd_fail(v->err, MDD_ERR_LIMIT, "offset %u: more than %u tables", pos,
                    v->max_tables);
}
