/* SPDX-License-Identifier: Apache-2.0 */
/* A layer's ComParams and protocols: the first item of each key in inheritance order wins
 * (comparams_walk.c). Without memory to remember the keys already taken, each candidate is
 * checked by walking again up to it; layers hold a handful of references, and the shared step
 * budget bounds the quadratic cost on hostile input. */
#include "comparams_impl.h"

#include <stdio.h>
#include <string.h>

/* What a collecting walk carries: the winners written so far and the first failure. */
typedef struct collect {
    cp_query *q;
    void (*store)(struct collect *c, const cp_item *item);
    void *out;
    size_t cap;
    size_t total;
    mdd_status status;
    mdd_error *err;
} collect;

static int collect_item(void *ctx, const cp_item *item)
{
    collect *c = ctx;
    int first = 0;
    c->status = cp_is_first(c->q, item, &first, c->err);
    if (c->status != MDD_OK)
        return 1;
    if (first) {
        if (c->total < c->cap)
            c->store(c, item);
        c->total++;
    }
    return 0;
}

static void store_comparam(collect *c, const cp_item *item)
{
    ((mdd_comparam *)c->out)[c->total] = item->cp;
}

static void store_protocol(collect *c, const cp_item *item)
{
    ((mdd_bytes *)c->out)[c->total] = item->cp.name;
}

static mdd_status run_collect(collect *c, size_t *total)
{
    mdd_status st = cp_walk(c->q, collect_item, c, c->err);
    if (st == MDD_OK)
        st = c->status;
    *total = st == MDD_OK ? c->total : 0;
    return st;
}

mdd_status mdd_db_layer_protocols(const mdd_db_layer *layer, mdd_bytes *out, size_t cap,
                                  size_t *total, mdd_error *err)
{
    cp_query q;
    cp_query_init(&q, layer, CP_ITEMS_PROTOCOLS, NULL);
    collect c = {&q, store_protocol, out, cap, 0, MDD_OK, err};
    return run_collect(&c, total);
}

/* Appends the protocols of layer to msg, comma-separated, as far as they fit. */
static void append_protocols(const mdd_db_layer *layer, char *msg, size_t size)
{
    mdd_bytes names[8];
    size_t total = 0;
    if (mdd_db_layer_protocols(layer, names, 8, &total, NULL) != MDD_OK || total == 0) {
        snprintf(msg, size, "none");
        return;
    }
    size_t used = 0;
    for (size_t i = 0; i < total && i < 8 && used < size; i++) {
        char name[CP_NAME_TEXT];
        int n = snprintf(msg + used, size - used, "%s%s", i ? ", " : "",
                         cp_name_text(names[i], name));
        used += n > 0 ? (size_t)n : 0;
    }
    if (total > 8 && used < size)
        snprintf(msg + used, size - used, ", ... (%zu in all)", total);
}

typedef struct protocol_search {
    const char *name;
    int found;
} protocol_search;

static int match_protocol(void *ctx, const cp_item *item)
{
    protocol_search *s = ctx;
    s->found = mdd_bytes_equal_str(item->cp.name, s->name);
    return s->found;
}

mdd_status cp_check_protocol(const mdd_db_layer *layer, const char *protocol, mdd_error *err)
{
    if (!protocol)
        return MDD_OK;
    cp_query q;
    cp_query_init(&q, layer, CP_ITEMS_PROTOCOLS, NULL);
    protocol_search s = {protocol, 0};
    mdd_status st = cp_walk(&q, match_protocol, &s, err);
    if (st != MDD_OK || s.found)
        return st;
    char have[200];
    append_protocols(layer, have, sizeof have);
    char lname[CP_NAME_TEXT];
    return mdd_fail(err, MDD_ERR_NOT_FOUND, "layer '%s' has no protocol '%.64s'; it has: %s",
                    cp_name_text(mdd_db_layer_name(layer), lname), protocol, have);
}

mdd_status mdd_db_layer_comparams(const mdd_db_layer *layer, const char *protocol,
                                  mdd_comparam *out, size_t cap, size_t *total,
                                  mdd_error *err)
{
    *total = 0;
    mdd_status st = cp_check_protocol(layer, protocol, err);
    if (st != MDD_OK)
        return st;
    cp_query q;
    cp_query_init(&q, layer, CP_ITEMS_COMPARAMS, protocol);
    collect c = {&q, store_comparam, out, cap, 0, MDD_OK, err};
    return run_collect(&c, total);
}

typedef struct name_search {
    const char *name;
    mdd_comparam *out;
    int found;
} name_search;

static int match_name(void *ctx, const cp_item *item)
{
    name_search *s = ctx;
    if (!mdd_bytes_equal_str(item->cp.name, s->name))
        return 0;
    *s->out = item->cp;
    s->found = 1;
    return 1;
}

mdd_status mdd_db_layer_find_comparam(const mdd_db_layer *layer, const char *protocol,
                                      const char *name, mdd_comparam *out, mdd_error *err)
{
    mdd_status st = cp_check_protocol(layer, protocol, err);
    if (st != MDD_OK)
        return st;
    cp_query q;
    cp_query_init(&q, layer, CP_ITEMS_COMPARAMS, protocol);
    /* The first reference of the name in the walk is the nearest, whatever its protocol. */
    name_search s = {name, out, 0};
    st = cp_walk(&q, match_name, &s, err);
    if (st != MDD_OK || s.found)
        return st;
    char lname[CP_NAME_TEXT];
    return mdd_fail(err, MDD_ERR_NOT_FOUND, "layer '%s' has no ComParam '%.64s'%s%.64s",
                    cp_name_text(mdd_db_layer_name(layer), lname), name,
                    protocol ? " for protocol " : "", protocol ? protocol : "");
}
