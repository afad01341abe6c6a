/* Service lookups over a layer's index: by request bytes, by name, by position in name
 * order. They read the index arrays and the payload only, and never allocate. */
#include "db_impl.h"

#include "../ecu/names.h"

#include <string.h>

static const db_request *layer_entries(const mdd_db_layer *layer)
{
    return layer->ecu->requests + layer->first;
}

/* The group that entry i of the layer sits in. */
static uint32_t group_of(const mdd_db_layer *layer, uint32_t i)
{
    uint32_t g = 0;
    while (g + 1 < DB_GROUPS && i >= layer->group_end[g])
        g++;
    return g;
}

static mdd_db_service service_of(const mdd_db_layer *layer, uint32_t i, uint32_t group)
{
    db_request e = layer_entries(layer)[i];
    mdd_bytes payload = layer->ecu->payload;
    mdd_db_service s;
    memset(&s, 0, sizeof s);
    s.service = (mdd_diag_service){{payload.ptr, payload.len, e.service}};
    s.prefix.len = (uint8_t)DB_GROUP_LEN(group);
    for (uint32_t k = 0; k < s.prefix.len; k++)
        s.prefix.bytes[k] = (uint8_t)(e.value >> (8 * (s.prefix.len - 1 - k)));
    return s;
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
    uint32_t entry = layer->ecu->names[layer->first + i];
    return service_of(layer, entry, group_of(layer, entry));
}

static mdd_bytes service_name_at(const void *ctx, size_t pos)
{
    mdd_db_service s = mdd_db_layer_service_at(ctx, (uint32_t)pos);
    return mdd_diag_comm_short_name(mdd_diag_service_diag_comm(s.service));
}

int mdd_db_find_service(const mdd_db_layer *layer, const char *name, mdd_db_service *out)
{
    mdd_bytes key = db_name_bytes(name);
    size_t pos = db_name_lower_bound(layer->count, service_name_at, layer, key);
    if (pos == layer->count || ecu_name_compare(service_name_at(layer, pos), key) != 0)
        return 0;
    *out = mdd_db_layer_service_at(layer, (uint32_t)pos);
    return 1;
}

/* The first entry in entries[lo, hi) whose value is not below value. */
static uint32_t value_lower_bound(const db_request *entries, uint32_t lo, uint32_t hi,
                                  uint64_t value)
{
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (entries[mid].value < value)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The request's first n bytes as a big-endian number. */
static uint64_t leading_value(const uint8_t *request, size_t n)
{
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++)
        v = v << 8 | request[i];
    return v;
}

size_t mdd_db_lookup_request(const mdd_db_layer *layer, const uint8_t *request, size_t len,
                             mdd_db_service *out, size_t cap)
{
    const db_request *entries = layer_entries(layer);
    size_t total = 0;
    uint32_t start = 0;
    for (uint32_t g = 0; g < DB_GROUPS; g++) {
        uint32_t plen = DB_GROUP_LEN(g);
        /* Prefixes of this length that match form one run of values: the request's first
         * plen bytes, or, for a shorter request, every value that starts with its bytes. */
        uint32_t have = len < plen ? (uint32_t)len : plen;
        uint64_t lo = leading_value(request, have) << (8 * (plen - have));
        uint64_t hi = lo + ((uint64_t)1 << (8 * (plen - have)));
        uint32_t end = layer->group_end[g];
        uint32_t i = value_lower_bound(entries, start, end, lo);
        uint32_t stop = value_lower_bound(entries, i, end, hi);
        for (; i < stop && total < cap; i++, total++)
            out[total] = service_of(layer, i, g);
        /* Matches beyond cap are counted, not visited. */
        total += stop - i;
        start = end;
    }
    return total;
}
