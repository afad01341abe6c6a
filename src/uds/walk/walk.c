/* SPDX-License-Identifier: Apache-2.0 */
/* The state of one decode or encode: the name path, the nesting depth, the values reported,
 * and the errors that name the path and the byte. */
#include "walk.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <mdd_internal/uds.h>

/* The layout of mdd_uds_options. */
static const options_member uds_members[] = {
    OPTIONS_SCALAR(mdd_uds_options, max_depth, uint32_t),
    OPTIONS_SCALAR(mdd_uds_options, max_values, uint32_t),
    OPTIONS_SCALAR(mdd_uds_options, memo, mdd_uds_memo *),
};
const options_layout options_layout_uds =
    OPTIONS_LAYOUT(mdd_uds_options, MDD_UDS_OPTIONS_SIZE, uds_members);

mdd_status uds_walk_init(uds_walk *w, const mdd_db_layer *layer, const mdd_uds_options *opts,
                         mdd_error *err)
{
    mdd_uds_options o = mdd_uds_options_default();
    mdd_status st = MDD_OK;
    /* Options of this build's size are read as they are: options_read() would copy the same
     * members from the same places. */
    if (opts && opts->size == MDD_UDS_OPTIONS_SIZE) {
        o.max_depth = opts->max_depth;
        o.max_values = opts->max_values;
        o.memo = opts->memo;
    } else {
        st = options_read(&options_layout_uds, opts, &o, err);
    }
    /* The path and key arrays are written before they are read: only the counts start at
     * 0, so a walk costs no clearing of its stack arrays. */
    memset(w, 0, offsetof(uds_walk, path));
    w->key_count = 0;
    w->key_high = 0;
    w->layer = layer;
    w->max_depth = o.max_depth > UDS_DEPTH_CAP ? UDS_DEPTH_CAP : o.max_depth;
    w->max_values = o.max_values;
    w->memo = o.memo;
    w->err = err;
    return st;
}

mdd_status uds_path_overflow(uds_walk *w)
{
    return uds_fail(w, MDD_ERR_LIMIT, w->high, "names nested deeper than %d", UDS_PATH_CAP);
}

mdd_status uds_enter(uds_walk *w, size_t byte)
{
    if (w->depth >= w->max_depth)
        return uds_fail(w, MDD_ERR_LIMIT, byte, "nested deeper than max_depth %u",
                        (unsigned)w->max_depth);
    w->depth++;
    return MDD_OK;
}

void uds_leave(uds_walk *w) { w->depth--; }

void uds_path_text(const uds_walk *w, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (uint32_t i = 0; i < w->path_len && n < cap; i++) {
        const mdd_uds_path_elem *e = &w->path[i];
        int k = e->name.ptr ? snprintf(buf + n, cap - n, "/%.*s", (int)e->name.len,
                                       (const char *)e->name.ptr)
                            : snprintf(buf + n, cap - n, "[%u]", (unsigned)e->index);
        if (k < 0)
            break;
        n += (size_t)k;
    }
    if (n == 0)
        snprintf(buf, cap, "/");
}

mdd_status uds_fail(uds_walk *w, mdd_status status, size_t byte, const char *fmt, ...)
{
    if (!w->err)
        return status;
    char path[160];
    char reason[MDD_ERROR_MESSAGE_SIZE];
    uds_path_text(w, path, sizeof path);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(reason, sizeof reason, fmt, ap);
    va_end(ap);
    return mdd_fail(w->err, status, "%s at byte %zu: %s", path, byte, reason);
}

mdd_status uds_blame(uds_walk *w, mdd_status status)
{
    char path[160];
    uds_path_text(w, path, sizeof path);
    mdd_error_prefix(w->err, "%s: ", path);
    return status;
}

static mdd_status emit(uds_walk *w, mdd_uds_value *v)
{
    mdd_status st = uds_count_value(w, v->byte_offset);
    if (st != MDD_OK || !w->visitor)
        return st;
    v->path = w->path;
    v->depth = w->path_len;
    return w->visitor->visit(w->visitor->ctx, v, w->err);
}

mdd_status uds_too_many_values(uds_walk *w, size_t byte)
{
    return uds_fail(w, MDD_ERR_LIMIT, byte, "more than max_values %u values",
                    (unsigned)w->max_values);
}

/* A value of kind for param over [start, end), its content zero. */
static void value_at(mdd_uds_value *v, mdd_uds_kind kind, mdd_param param, size_t start,
                     size_t end)
{
    v->kind = kind;
    v->path = NULL;
    v->depth = 0;
    v->param = param;
    v->byte_offset = start;
    v->byte_count = end > start ? end - start : 0;
    memset(&v->as, 0, sizeof v->as);
}

mdd_status uds_emit_scalar(uds_walk *w, mdd_param param, const uds_scalar *s, size_t start,
                           size_t end)
{
    mdd_uds_value v;
    value_at(&v, s->kind, param, start, end);
    switch (s->kind) {
    case MDD_UDS_UINT: v.as.u = s->as.u; break;
    case MDD_UDS_INT: v.as.i = s->as.i; break;
    case MDD_UDS_FLOAT: v.as.f = s->as.f; break;
    case MDD_UDS_TEXT: v.as.text = s->as.text; break;
    default: v.as.bytes = s->as.bytes; break;
    }
    return emit(w, &v);
}

mdd_status uds_emit_dtc(uds_walk *w, mdd_param param, uint32_t code, mdd_dtc dtc, size_t start,
                        size_t end)
{
    mdd_uds_value v;
    value_at(&v, MDD_UDS_DTC, param, start, end);
    v.as.dtc.code = code;
    v.as.dtc.dtc = dtc;
    return emit(w, &v);
}

mdd_status uds_emit_mark(uds_walk *w, mdd_uds_kind kind, mdd_param param, size_t start,
                         size_t end)
{
    mdd_uds_value v;
    value_at(&v, kind, param, start, end);
    return emit(w, &v);
}
