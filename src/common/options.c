/* SPDX-License-Identifier: Apache-2.0 */
/* Reading options structs by the caller's layout (mdd_internal/common.h says how). */
#include <mdd_internal/common.h>

#include <stdio.h>
#include <string.h>

static size_t align_up(size_t n, size_t align)
{
    return (n + align - 1) / align * align;
}

/* Reads the struct of layout l at src, which may take up to room bytes of its enclosing
 * struct, into dst. where names it in messages ("mdd_db_options.store"). */
static mdd_status read_struct(const options_layout *l, const unsigned char *src, size_t room,
                              unsigned char *dst, const char *where, mdd_error *err)
{
    size_t size;
    memcpy(&size, src, sizeof size);
    if (size < sizeof size)
        return mdd_fail(err, MDD_ERR_ARG, "%s: size %zu: not made by %s_default()", where,
                        size, l->name);
    if (size > room)
        return mdd_fail(err, MDD_ERR_ARG, "%s: size %zu is past its place (%zu bytes)", where,
                        size, room);
    if (size > l->size)
        return mdd_fail(err, MDD_ERR_UNSUPPORTED,
                        "%s: size %zu, this libmdd knows %zu bytes of %s (built against a "
                        "newer libmdd?)", where, size, l->size, l->name);
    size_t at = sizeof size;
    for (size_t i = 0; i < l->count; i++) {
        const options_member *m = &l->members[i];
        at = align_up(at, m->align);
        if (!m->nested) {
            if (at + m->size > size)
                break;
            memcpy(dst + m->offset, src + at, m->size);
            at += m->size;
            continue;
        }
        if (at + sizeof size > size)
            break;
        char inner[160];
        snprintf(inner, sizeof inner, "%s.%s", where, m->name);
        mdd_status st = read_struct(m->nested, src + at, size - at, dst + m->offset, inner, err);
        if (st != MDD_OK)
            return st;
        size_t nested_size;
        memcpy(&nested_size, src + at, sizeof nested_size);
        at += align_up(nested_size, m->nested->align);
    }
    return MDD_OK;
}

mdd_status options_read(const options_layout *layout, const void *opts, void *out,
                        mdd_error *err)
{
    if (!opts)
        return MDD_OK;
    size_t size;
    memcpy(&size, opts, sizeof size);
    return read_struct(layout, opts, size < sizeof size ? sizeof size : size, out,
                       layout->name, err);
}
