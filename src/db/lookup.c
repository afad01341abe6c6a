/* SPDX-License-Identifier: Apache-2.0 */
/* Service lookups over a layer's index: by request bytes, SID and sub-function (binary
 * searches in each run of one prefix length), by name, functional class and semantic
 * (binary searches in orders sorted with case folded), by position in name order. They read
 * the index arrays and the payload only, and never allocate. */
#include "db_impl.h"

#include <mdd_internal/ecu.h>

#include <string.h>

static const db_request *layer_entries(const mdd_db_layer *layer)
{
    return layer->ecu->requests + layer->first;
}

/* Entry i (counted from the layer's first) as a service with its prefix. */
static mdd_db_service service_of(const mdd_db_layer *layer, uint32_t i)
{
    db_request e = layer_entries(layer)[i];
    const mdd_db_ecu *ecu = layer->ecu;
    mdd_db_service s;
    s.service = (mdd_diag_service){{ecu->payload.ptr, ecu->payload.len, e.service}};
    s.prefix.bytes = e.prefix_len ? ecu->prefixes + e.prefix : NULL;
    s.prefix.len = e.prefix_len;
    return s;
}

/* Where a lookup's matches go: the first cap into out, all counted in total; a filter, when
 * there is one, drops the entries it does not match. */
typedef struct sink {
    const mdd_db_layer *layer;
    const mdd_db_service_query *filter;
    mdd_db_service *out;
    size_t cap;
    size_t total;
} sink;

static int matches_filter(const sink *s, uint32_t entry);

/* Takes entry as the next match when it passes the filter. */
static void emit(sink *s, uint32_t entry)
{
    if (s->filter && !matches_filter(s, entry))
        return;
    if (s->total < s->cap)
        s->out[s->total] = service_of(s->layer, entry);
    s->total++;
}

/* Takes the entries of positions [lo, hi) of an order (entries, or the identity when NULL).
 * Without a filter, matches beyond cap are counted, not visited. */
static void emit_range(sink *s, const uint32_t *entries, size_t lo, size_t hi)
{
    for (size_t i = lo; i < hi; i++) {
        if (!s->filter && s->total >= s->cap) {
            s->total += hi - i;
            return;
        }
        emit(s, entries ? entries[i] : (uint32_t)i);
    }
}

uint32_t mdd_db_layer_service_count(const mdd_db_layer *layer) { return layer->count; }

mdd_db_service mdd_db_layer_service_at(const mdd_db_layer *layer, uint32_t i)
{
    if (i >= layer->count) {
        mdd_db_service none;
        memset(&none, 0, sizeof none);
        none.service.t = (mdd_fb_table){layer->ecu->payload.ptr, layer->ecu->payload.len, 0};
        return none;
    }
    return service_of(layer, layer->ecu->names[layer->first + i]);
}

static mdd_bytes service_name_at(const void *ctx, size_t pos)
{
    mdd_db_service s = mdd_db_layer_service_at(ctx, (uint32_t)pos);
    return mdd_diag_comm_short_name(mdd_diag_service_diag_comm(s.service));
}

int mdd_db_layer_find_service(const mdd_db_layer *layer, const char *name, mdd_db_service *out)
{
    mdd_bytes key = db_name_bytes(name);
    size_t pos = db_name_lower_bound(layer->count, service_name_at, layer, key);
    if (pos == layer->count || ecu_name_compare(service_name_at(layer, pos), key) != 0)
        return 0;
    *out = mdd_db_layer_service_at(layer, (uint32_t)pos);
    return 1;
}

/* ---- By prefix ---- */

/* <0, 0 or >0 as the first n bytes of entry e's prefix sort before, equal or after key.
 * Prefixes are a few bytes long, shorter than a memcmp() call costs; the arena is indexed
 * only when n bytes are compared (it is NULL when every prefix is empty). */
static int prefix_compare(const mdd_db_ecu *ecu, db_request e, const uint8_t *key, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint8_t b = ecu->prefixes[e.prefix + i];
        if (b != key[i])
            return b < key[i] ? -1 : 1;
    }
    return 0;
}

/* The first entry in [lo, hi) whose first n prefix bytes are above key (above set) or not
 * below it. */
static uint32_t prefix_bound(const mdd_db_layer *layer, uint32_t lo, uint32_t hi,
                             const uint8_t *key, size_t n, int above)
{
    const db_request *entries = layer_entries(layer);
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        int c = prefix_compare(layer->ecu, entries[mid], key, n);
        if (c < 0 || (above && c == 0))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* A search by prefix: every service whose prefix is at least min_len bytes long and whose
 * first bytes equal one of the keys (each of key_len bytes; compared on the bytes both
 * have). */
typedef struct prefix_query {
    const uint8_t *const *keys;
    size_t key_count;
    size_t key_len;
    uint32_t min_len;
} prefix_query;

/* 1 when no entry of [start, end) can match key on its first of n bytes: the run is sorted,
 * so its first and last entries bound the first bytes it holds. Two byte reads skip most of
 * a run's binary search (a request's service id is in few runs). */
static int run_excludes(const mdd_db_layer *layer, uint32_t start, uint32_t end,
                        const uint8_t *key, size_t n)
{
    if (n == 0)
        return 0;
    if (start == end)
        return 1;
    const db_request *entries = layer_entries(layer);
    const uint8_t *arena = layer->ecu->prefixes;
    return key[0] < arena[entries[start].prefix] || key[0] > arena[entries[end - 1].prefix];
}

static void lookup_prefixes(sink *s, const prefix_query *q)
{
    const mdd_db_layer *layer = s->layer;
    const db_length_run *runs = layer->ecu->runs + layer->run_first;
    const db_request *entries = layer_entries(layer);
    uint32_t start = 0;
    for (uint32_t r = 0; r < layer->run_count && runs[r].len >= q->min_len; r++) {
        uint32_t end = runs[r].end;
        size_t n = q->key_len < runs[r].len ? q->key_len : runs[r].len;
        /* Keys are in ascending order, so their matches come in prefix order too. */
        for (size_t k = 0; k < q->key_count; k++) {
            const uint8_t *key = q->keys[k];
            if (run_excludes(layer, start, end, key, n))
                continue;
            uint32_t lo = prefix_bound(layer, start, end, key, n, 0);
            /* Most runs hold no match: their upper bound is not searched. */
            if (lo < end && prefix_compare(layer->ecu, entries[lo], key, n) == 0)
                emit_range(s, NULL, lo, prefix_bound(layer, lo + 1, end, key, n, 1));
        }
        start = end;
    }
}

static void request_query(sink *s, const uint8_t *request, size_t len)
{
    const uint8_t *keys[] = {request};
    prefix_query q = {keys, 1, len, 0};
    lookup_prefixes(s, &q);
}

static void sid_query(sink *s, uint8_t sid)
{
    const uint8_t *keys[] = {&sid};
    prefix_query q = {keys, 1, 1, 1};
    lookup_prefixes(s, &q);
}

/* The sub-function byte is compared without the suppress-positive-response bit. */
static void subfunction_query(sink *s, uint8_t sid, uint8_t subfunction)
{
    const uint8_t plain[] = {sid, (uint8_t)(subfunction & 0x7f)};
    const uint8_t suppressed[] = {sid, (uint8_t)(subfunction | 0x80)};
    const uint8_t *keys[] = {plain, suppressed};
    prefix_query q = {keys, 2, 2, 2};
    lookup_prefixes(s, &q);
}

/* ---- By name, class and semantic, with case folded ---- */

static mdd_diag_comm entry_comm(const mdd_db_layer *layer, uint32_t entry)
{
    return mdd_diag_service_diag_comm(service_of(layer, entry).service);
}

/* An order of the layer's entries (one of the ECU's per-entry arrays) with the key it is
 * sorted by. */
typedef struct entry_order {
    const mdd_db_layer *layer;
    const uint32_t *entries;
    mdd_bytes (*key)(mdd_diag_comm comm);
} entry_order;

static mdd_bytes order_key_at(const void *ctx, size_t pos)
{
    const entry_order *o = ctx;
    return o->key(entry_comm(o->layer, o->entries[pos]));
}

static void order_query(sink *s, const uint32_t *entries, mdd_bytes (*key)(mdd_diag_comm),
                        const char *value)
{
    entry_order o = {s->layer, entries, key};
    size_t lo;
    size_t hi;
    db_folded_range(s->layer->count, order_key_at, &o, db_name_bytes(value), &lo, &hi);
    emit_range(s, entries, lo, hi);
}

static void name_query(sink *s, const char *name)
{
    const mdd_db_layer *layer = s->layer;
    order_query(s, layer->ecu->names_folded + layer->first, mdd_diag_comm_short_name, name);
}

static void semantic_query(sink *s, const char *semantic)
{
    const mdd_db_layer *layer = s->layer;
    order_query(s, layer->ecu->semantics + layer->first, mdd_diag_comm_semantic, semantic);
}

static mdd_bytes class_name_at(const void *ctx, size_t pos)
{
    const mdd_db_layer *layer = ctx;
    const mdd_db_ecu *ecu = layer->ecu;
    mdd_funct_class c = {
        {ecu->payload.ptr, ecu->payload.len, ecu->class_tables[layer->class_first + pos]}};
    return mdd_funct_class_short_name(c);
}

static void class_query(sink *s, const char *funct_class)
{
    const mdd_db_layer *layer = s->layer;
    size_t lo;
    size_t hi;
    db_folded_range(layer->class_count, class_name_at, layer, db_name_bytes(funct_class), &lo,
                    &hi);
    emit_range(s, layer->ecu->class_entries + layer->class_first, lo, hi);
}

/* ---- The filter of a combined query ---- */

static int has_class(mdd_diag_comm comm, mdd_bytes name)
{
    mdd_funct_class_vec classes = mdd_diag_comm_funct_class(comm);
    uint32_t n = mdd_funct_class_vec_count(classes);
    for (uint32_t i = 0; i < n; i++)
        if (ecu_name_compare_folded(mdd_funct_class_short_name(mdd_funct_class_vec_at(classes, i)),
                                    name) == 0)
            return 1;
    return 0;
}

static int folded_equal(mdd_bytes value, const char *want)
{
    return ecu_name_compare_folded(value, db_name_bytes(want)) == 0;
}

static int matches_filter(const sink *s, uint32_t entry)
{
    const mdd_db_service_query *q = s->filter;
    mdd_db_service svc = service_of(s->layer, entry);
    mdd_diag_comm comm = mdd_diag_service_diag_comm(svc.service);
    const uint8_t *p = svc.prefix.bytes;
    if (q->has_sid && (svc.prefix.len < 1 || p[0] != q->sid))
        return 0;
    if (q->has_subfunction && (svc.prefix.len < 2 || (p[1] & 0x7f) != (q->subfunction & 0x7f)))
        return 0;
    if (q->name && !folded_equal(mdd_diag_comm_short_name(comm), q->name))
        return 0;
    if (q->semantic && !folded_equal(mdd_diag_comm_semantic(comm), q->semantic))
        return 0;
    return !q->funct_class || has_class(comm, db_name_bytes(q->funct_class));
}

/* ---- The public lookups ---- */

static sink sink_make(const mdd_db_layer *layer, mdd_db_service *out, size_t cap)
{
    return (sink){layer, NULL, out, cap, 0};
}

size_t mdd_db_layer_lookup_request(const mdd_db_layer *layer, const uint8_t *request, size_t len,
                                   mdd_db_service *out, size_t cap)
{
    sink s = sink_make(layer, out, cap);
    request_query(&s, request, len);
    return s.total;
}

size_t mdd_db_layer_lookup_sid(const mdd_db_layer *layer, uint8_t sid, mdd_db_service *out,
                               size_t cap)
{
    sink s = sink_make(layer, out, cap);
    sid_query(&s, sid);
    return s.total;
}

size_t mdd_db_layer_lookup_subfunction(const mdd_db_layer *layer, uint8_t sid, uint8_t subfunction,
                                       mdd_db_service *out, size_t cap)
{
    sink s = sink_make(layer, out, cap);
    subfunction_query(&s, sid, subfunction);
    return s.total;
}

size_t mdd_db_layer_lookup_name(const mdd_db_layer *layer, const char *name, mdd_db_service *out,
                                size_t cap)
{
    sink s = sink_make(layer, out, cap);
    name_query(&s, name);
    return s.total;
}

size_t mdd_db_layer_lookup_class(const mdd_db_layer *layer, const char *funct_class,
                                 mdd_db_service *out, size_t cap)
{
    sink s = sink_make(layer, out, cap);
    class_query(&s, funct_class);
    return s.total;
}

size_t mdd_db_layer_lookup_semantic(const mdd_db_layer *layer, const char *semantic,
                                    mdd_db_service *out, size_t cap)
{
    sink s = sink_make(layer, out, cap);
    semantic_query(&s, semantic);
    return s.total;
}

size_t mdd_db_layer_query_services(const mdd_db_layer *layer, const mdd_db_service_query *q,
                                   mdd_db_service *out, size_t cap)
{
    sink s = sink_make(layer, out, cap);
    s.filter = q;
    /* The most selective index gives the candidates; the filter checks the rest. */
    if (q->name)
        name_query(&s, q->name);
    else if (q->has_subfunction && q->has_sid)
        subfunction_query(&s, q->sid, q->subfunction);
    else if (q->has_sid)
        sid_query(&s, q->sid);
    else if (q->funct_class)
        class_query(&s, q->funct_class);
    else if (q->semantic)
        semantic_query(&s, q->semantic);
    else
        emit_range(&s, layer->ecu->names + layer->first, 0, layer->count);
    return s.total;
}
