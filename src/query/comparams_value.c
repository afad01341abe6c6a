/* SPDX-License-Identifier: Apache-2.0 */
/* The value of a ComParamRef as a depth-first walk: a simple value, or a complex value whose
 * entries are simple or nested complex values, each paired with the ComParam it sets. The
 * walk keeps its path on a fixed stack, so a hostile nesting or a DAG of shared entries ends
 * in a bounded error instead of a deep recursion or an endless walk. */
#include "comparams_impl.h"

#include <stdio.h>

typedef struct value_walk {
    const mdd_comparam *cp;
    const mdd_comparam_visitor *v;
    void *ctx;
    mdd_error *err;
    uint32_t entries;                              /* visited so far */
    uint32_t path[MDD_COMPARAM_VALUE_MAX_DEPTH + 1]; /* entry index at each depth */
    int stopped;
} value_walk;

/* Fails with status and `ComParam 'NAME': complex_value.entries[i]...: reason`. */
static mdd_status fail_at(value_walk *w, uint32_t depth, mdd_status status, const char *reason)
{
    /* Room for the deepest path: 16 times ".entries[65535]" at most. */
    char where[272] = "complex_value";
    size_t used = sizeof "complex_value" - 1;
    for (uint32_t d = 1; d <= depth && used < sizeof where; d++) {
        int n = snprintf(where + used, sizeof where - used, ".entries[%u]", (unsigned)w->path[d]);
        used += n > 0 ? (size_t)n : 0;
    }
    char name[CP_NAME_TEXT];
    return mdd_fail(w->err, status, "ComParam '%s': %s: %s", cp_name_text(w->cp->name, name),
                    where, reason);
}

/* The definition of entry i of a complex value whose definition is def. */
static mdd_com_param entry_def(mdd_com_param def, uint32_t i, int nested_complex)
{
    mdd_complex_com_param cdef = mdd_com_param_complex_com_param(def);
    mdd_com_param none = {{def.t.buf, def.t.len, 0}};
    if (!mdd_present(cdef))
        return none;
    mdd_com_param_vec members = mdd_complex_com_param_com_params(cdef);
    mdd_com_param member = i < mdd_com_param_vec_count(members)
                               ? mdd_com_param_vec_at(members, i)
                               : none;
    /* A nested complex value for a member that is not complex is a row of def's values. */
    if (nested_complex && !mdd_present(mdd_com_param_complex_com_param(member)))
        return def;
    return member;
}

static mdd_status visit_complex(value_walk *w, mdd_complex_value cv, uint32_t depth,
                                uint32_t index, mdd_com_param def);

static mdd_status visit_entry(value_walk *w, mdd_complex_value cv, uint32_t i, uint32_t depth,
                              mdd_com_param def)
{
    w->path[depth] = i;
    if (++w->entries > MDD_COMPARAM_VALUE_MAX_ENTRIES)
        return fail_at(w, depth, MDD_ERR_LIMIT, "more than 65536 entries in the value");
    uint8_t tag = mdd_complex_value_entries_type_at(cv, i);
    if (tag == MDD_SIMPLE_OR_COMPLEX_VALUE_ENTRY_SIMPLE_VALUE) {
        mdd_simple_value sv = mdd_complex_value_entries_simple_value_at(cv, i);
        if (w->v->simple)
            w->stopped = w->v->simple(w->ctx, depth, i, entry_def(def, i, 0),
                                      mdd_simple_value_value(sv)) != 0;
        return MDD_OK;
    }
    if (tag == MDD_SIMPLE_OR_COMPLEX_VALUE_ENTRY_COMPLEX_VALUE)
        return visit_complex(w, mdd_complex_value_entries_complex_value_at(cv, i), depth, i,
                             entry_def(def, i, 1));
    char reason[80];
    snprintf(reason, sizeof reason, "union tag %u is neither SimpleValue nor ComplexValue",
             (unsigned)tag);
    return fail_at(w, depth, MDD_ERR_FORMAT, reason);
}

static mdd_status visit_complex(value_walk *w, mdd_complex_value cv, uint32_t depth,
                                uint32_t index, mdd_com_param def)
{
    if (depth >= MDD_COMPARAM_VALUE_MAX_DEPTH)
        return fail_at(w, depth, MDD_ERR_LIMIT, "complex values nested deeper than 16");
    if (w->v->complex_begin && w->v->complex_begin(w->ctx, depth, index, def)) {
        w->stopped = 1;
        return MDD_OK;
    }
    uint32_t n = mdd_complex_value_entries_count(cv);
    mdd_status st = MDD_OK;
    for (uint32_t i = 0; i < n && st == MDD_OK && !w->stopped; i++)
        st = visit_entry(w, cv, i, depth + 1, def);
    if (st == MDD_OK && !w->stopped && w->v->complex_end)
        w->stopped = w->v->complex_end(w->ctx, depth) != 0;
    return st;
}

mdd_status mdd_comparam_visit_value(const mdd_comparam *cp, const mdd_comparam_visitor *v,
                                    void *ctx, mdd_error *err)
{
    value_walk w = {.cp = cp, .v = v, .ctx = ctx, .err = err};
    mdd_simple_value sv = mdd_com_param_ref_simple_value(cp->ref);
    if (mdd_present(sv)) {
        if (v->simple)
            v->simple(ctx, 0, 0, cp->com_param, mdd_simple_value_value(sv));
        return MDD_OK;
    }
    mdd_complex_value cv = mdd_com_param_ref_complex_value(cp->ref);
    return mdd_present(cv) ? visit_complex(&w, cv, 0, 0, cp->com_param) : MDD_OK;
}
