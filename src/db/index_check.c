/* SPDX-License-Identifier: Apache-2.0 */
/* Checking a persisted index before anything uses it, as the FlatBuffers verifier checks a
 * payload: the header and the binding, the exact size its counts imply, the checksum, then
 * every range and array position a lookup follows. Table positions into the payload are not
 * checked: the payload's readers check each table they are given, as for any hostile file. */
#include "index_format.h"

#include <stdint.h>
#include <string.h>

static mdd_status stale(mdd_error *err, const char *what)
{
    return mdd_fail(err, MDD_ERR_FORMAT, "stale: made for %s", what);
}

static mdd_status check_frame(const uint8_t *data, size_t size, db_index_header *h,
                              mdd_error *err)
{
    if ((uintptr_t)data % 8 != 0)
        return mdd_fail(err, MDD_ERR_ARG, "not 8-byte aligned in memory");
    if (size < sizeof *h + DB_INDEX_CHECKSUM_SIZE)
        return mdd_fail(err, MDD_ERR_FORMAT, "%zu bytes, shorter than an index's %zu", size,
                        sizeof *h + DB_INDEX_CHECKSUM_SIZE);
    memcpy(h, data, sizeof *h);
    if (memcmp(h->magic, DB_INDEX_MAGIC, sizeof h->magic) != 0)
        return mdd_fail(err, MDD_ERR_FORMAT, "offset 0: not an index (bad magic)");
    if (h->byte_order != DB_INDEX_BYTE_ORDER)
        return mdd_fail(err, MDD_ERR_FORMAT, "offset 8: written in another byte order");
    if (h->version != DB_INDEX_VERSION)
        return mdd_fail(err, MDD_ERR_FORMAT, "offset 12: index version %u, expected %u",
                        (unsigned)h->version, DB_INDEX_VERSION);
    return MDD_OK;
}

/* The key. The payload's own counts are not compared: reading its vectors would cost a
 * fault per file at every start, and nothing depends on them agreeing (the layers and DTCs
 * are the index's, each table read through the payload's checked readers). */
static mdd_status check_binding(const db_index_key *key, const db_index_header *h,
                                mdd_error *err)
{
    const db_index_counts *c = &h->counts;
    if (memcmp(&h->key.identity, &key->identity, sizeof key->identity) != 0)
        return stale(err, "another version of the file (size, inode, device, mtime or ctime)");
    if (h->key.chunk != key->chunk || h->key.payload_len != key->payload_len ||
        memcmp(h->key.chunk_sha512, key->chunk_sha512, MDD_SHA512_SIZE) != 0)
        return stale(err, "another description chunk (number, size or SHA-512)");
    if (h->key.inherit_max_depth != key->inherit_max_depth ||
        h->key.inherit_max_steps != key->inherit_max_steps)
        return stale(err, "other inheritance limits");
    if (c->flags & ~(uint32_t)DB_INDEX_NO_MISSING_PARENTS)
        return mdd_fail(err, MDD_ERR_FORMAT, "header: unknown flags 0x%x", (unsigned)c->flags);
    return MDD_OK;
}

static mdd_status check_sum(const uint8_t *data, size_t size, const db_index_layout *l,
                            mdd_error *err)
{
    if (l->size != size)
        return mdd_fail(err, MDD_ERR_FORMAT, "%zu bytes, its counts make %llu", size,
                        (unsigned long long)l->size);
    uint64_t stored;
    memcpy(&stored, data + l->checksum, sizeof stored);
    if (db_index_checksum(data, (size_t)l->checksum) != stored)
        return mdd_fail(err, MDD_ERR_CHECKSUM, "offset %llu: the index's checksum does not match",
                        (unsigned long long)l->checksum);
    return MDD_OK;
}

/* The arrays of a checked frame, as the lookups will read them. */
typedef struct view {
    const db_index_counts *c;
    const db_index_layer *layers;
    const uint32_t *layers_by_name;
    const db_request *requests;
    const uint32_t *orders[3]; /* names, names_folded, semantics */
    const db_length_run *runs;
    const uint32_t *class_entries;
    const uint64_t *dtcs;
    mdd_error *err;
} view;

static const void *section(const uint8_t *data, const db_index_layout *l, int i)
{
    return data + l->offset[i];
}

static view view_of(const uint8_t *data, const db_index_header *h, const db_index_layout *l,
                    mdd_error *err)
{
    return (view){
        .c = &h->counts,
        .layers = section(data, l, IDX_LAYERS),
        .layers_by_name = section(data, l, IDX_LAYERS_BY_NAME),
        .requests = section(data, l, IDX_REQUESTS),
        .orders = {section(data, l, IDX_NAMES), section(data, l, IDX_NAMES_FOLDED),
                   section(data, l, IDX_SEMANTICS)},
        .runs = section(data, l, IDX_RUNS),
        .class_entries = section(data, l, IDX_CLASS_ENTRIES),
        .dtcs = section(data, l, IDX_DTCS),
        .err = err,
    };
}

static int range_fits(uint32_t first, uint32_t count, uint32_t total)
{
    return (uint64_t)first + count <= total;
}

static mdd_status bad_layer(const view *v, uint32_t i, const char *what)
{
    return mdd_fail(v->err, MDD_ERR_FORMAT, "layers[%u]: %s", (unsigned)i, what);
}

/* Every position in order[0..n) is below limit. */
static int positions_below(const uint32_t *order, uint32_t n, uint32_t limit)
{
    for (uint32_t i = 0; i < n; i++)
        if (order[i] >= limit)
            return 0;
    return 1;
}

/* The runs split the layer's entries in order, each run's entries with the run's length. */
static int runs_fit(const view *v, const db_index_layer *l)
{
    uint32_t start = 0;
    for (uint32_t r = 0; r < l->run_count; r++) {
        db_length_run run = v->runs[l->run_first + r];
        if (run.end < start || run.end > l->count)
            return 0;
        for (uint32_t e = start; e < run.end; e++)
            if (v->requests[l->first + e].prefix_len != run.len)
                return 0;
        start = run.end;
    }
    return 1;
}

static mdd_status check_layer(const view *v, uint32_t i)
{
    const db_index_layer *l = &v->layers[i];
    if (!range_fits(l->first, l->count, v->c->request_count))
        return bad_layer(v, i, "its entries lie outside the request index");
    if (!range_fits(l->run_first, l->run_count, v->c->run_count))
        return bad_layer(v, i, "its runs lie outside the run array");
    if (!range_fits(l->class_first, l->class_count, v->c->class_count))
        return bad_layer(v, i, "its classes lie outside the class index");
    for (int k = 0; k < 3; k++)
        if (!positions_below(v->orders[k] + l->first, l->count, l->count))
            return bad_layer(v, i, "an order names an entry outside the layer");
    if (!positions_below(v->class_entries + l->class_first, l->class_count, l->count))
        return bad_layer(v, i, "a class names an entry outside the layer");
    if (!runs_fit(v, l))
        return bad_layer(v, i, "its runs do not split its entries by prefix length");
    return MDD_OK;
}

static mdd_status check_requests(const view *v)
{
    for (uint32_t i = 0; i < v->c->request_count; i++)
        if (!range_fits(v->requests[i].prefix, v->requests[i].prefix_len, v->c->prefix_bytes))
            return mdd_fail(v->err, MDD_ERR_FORMAT,
                            "requests[%u]: its prefix lies outside the prefix arena",
                            (unsigned)i);
    return MDD_OK;
}

static mdd_status check_arrays(const view *v)
{
    const db_index_counts *c = v->c;
    if (!positions_below(v->layers_by_name, c->variant_count, c->variant_count) ||
        !positions_below(v->layers_by_name + c->variant_count, c->group_count, c->group_count))
        return mdd_fail(v->err, MDD_ERR_FORMAT, "layers by name: a position outside its kind");
    for (uint32_t i = 0; i < c->dtc_count; i++)
        if ((uint32_t)v->dtcs[i] >= c->dtc_count)
            return mdd_fail(v->err, MDD_ERR_FORMAT, "dtcs[%u]: names no DTC", (unsigned)i);
    mdd_status st = check_requests(v);
    for (uint32_t i = 0; st == MDD_OK && i < c->variant_count + c->group_count; i++)
        st = check_layer(v, i);
    return st;
}

mdd_status db_index_check(const db_index_key *key, const uint8_t *data, size_t size,
                          db_index_header *header, mdd_error *err)
{
    mdd_status st = check_frame(data, size, header, err);
    if (st == MDD_OK)
        st = check_binding(key, header, err);
    if (st != MDD_OK)
        return st;
    db_index_layout l = db_index_layout_of(&header->counts);
    st = check_sum(data, size, &l, err);
    if (st != MDD_OK)
        return st;
    view v = view_of(data, header, &l, err);
    return check_arrays(&v);
}
