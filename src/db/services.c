/* SPDX-License-Identifier: Apache-2.0 */
/* Indexes one layer's effective services: by request prefix (longest first, then prefix
 * bytes, then name), by name bytewise and with case folded, by semantic and by functional
 * class. All layers of an ECU share one array of each kind, so an ECU costs a handful of
 * allocations however many services it has; scratch space is reused from layer to layer. */
#include "db_impl.h"

#include <mdd_internal/ecu.h>

#include <stdlib.h>
#include <string.h>

/* Where an effective service goes in its layer's request index. */
struct db_order_key {
    const uint8_t *prefix; /* into the arena, valid while the layer is sorted */
    uint32_t offset;
    uint32_t len;
    mdd_bytes name;
    uint32_t service; /* the DiagService's table position */
};

/* A sort key compared with case folded, ties broken by the service's name bytewise, then by
 * index (names are unique within a layer, but a hostile file's duplicate classes are not). */
struct db_folded_key {
    mdd_bytes key;
    mdd_bytes name;
    uint32_t index;
    uint32_t extra; /* classes: the FunctClass's table position */
};

static mdd_status out_of_memory(mdd_error *err)
{
    return mdd_fail(err, MDD_ERR_NOMEM, "out of memory for the index");
}

/* The room for need elements of size bytes when cap are allocated: cap doubled (from 16)
 * until need fits, or 0 when that overflows. */
static size_t grown(size_t cap, size_t need, size_t size)
{
    size_t room = cap ? cap : 16;
    while (room < need) {
        if (room > SIZE_MAX / 2 / size)
            return 0;
        room *= 2;
    }
    return room;
}

/* Resizes *array to room elements of 4 bytes. */
static mdd_status resize_u32(uint32_t **array, size_t room, mdd_error *err)
{
    void *p = realloc(*array, room * sizeof **array);
    if (!p)
        return out_of_memory(err);
    *array = p;
    return MDD_OK;
}

/* Grows the parallel arrays (each of 4-byte elements, sharing *cap) to need elements. */
static mdd_status reserve_u32s(uint32_t **const *arrays, size_t n, size_t *cap, size_t need,
                               mdd_error *err)
{
    if (need <= *cap)
        return MDD_OK;
    size_t room = grown(*cap, need, sizeof(uint32_t));
    if (room == 0)
        return out_of_memory(err);
    for (size_t i = 0; i < n; i++) {
        mdd_status st = resize_u32(arrays[i], room, err);
        if (st != MDD_OK)
            return st;
    }
    *cap = room;
    return MDD_OK;
}

/* Makes room for n more entries in the ECU's per-entry arrays and the scratch. */
static mdd_status reserve_entries(db_services_build *b, uint32_t n)
{
    mdd_db_ecu *ecu = b->ecu;
    if (n > UINT32_MAX - ecu->request_count)
        return mdd_fail(b->err, MDD_ERR_LIMIT, "more than %u indexed services", UINT32_MAX);
    size_t need = (size_t)ecu->request_count + n;
    if (need > b->requests_cap) {
        size_t room = grown(b->requests_cap, need, sizeof *ecu->requests);
        void *p = room ? realloc(ecu->requests, room * sizeof *ecu->requests) : NULL;
        if (!p)
            return out_of_memory(b->err);
        ecu->requests = p;
        uint32_t **const orders[] = {&ecu->names, &ecu->names_folded, &ecu->semantics};
        for (size_t i = 0; i < 3; i++) {
            mdd_status st = resize_u32(orders[i], room, b->err);
            if (st != MDD_OK)
                return st;
        }
        b->requests_cap = room;
    }
    void *p = db_reserve(b->order, &b->order_cap, n ? n : 1, sizeof *b->order);
    if (!p)
        return out_of_memory(b->err);
    b->order = p;
    p = db_reserve(b->keys, &b->keys_cap, n ? n : 1, sizeof *b->keys);
    if (!p)
        return out_of_memory(b->err);
    b->keys = p;
    return MDD_OK;
}

static int order_key_compare(const void *a, const void *b)
{
    const db_order_key *x = a;
    const db_order_key *y = b;
    if (x->len != y->len)
        return x->len > y->len ? -1 : 1;
    int c = x->len ? memcmp(x->prefix, y->prefix, x->len) : 0;
    return c ? c : ecu_name_compare(x->name, y->name);
}

static int folded_key_compare(const void *a, const void *b)
{
    const db_folded_key *x = a;
    const db_folded_key *y = b;
    int c = ecu_name_compare_folded(x->key, y->key);
    if (c == 0)
        c = ecu_name_compare(x->name, y->name);
    return c ? c : (x->index > y->index) - (x->index < y->index);
}

static mdd_diag_comm entry_comm(const mdd_db_ecu *ecu, uint32_t service)
{
    mdd_diag_service s = {{ecu->payload.ptr, ecu->payload.len, service}};
    return mdd_diag_service_diag_comm(s);
}

/* Records where each run of one prefix length ends. */
static mdd_status write_runs(db_services_build *b, mdd_db_layer *layer)
{
    mdd_db_ecu *ecu = b->ecu;
    layer->run_first = ecu->run_count;
    for (uint32_t i = 0; i < layer->count; i++) {
        uint32_t len = b->order[i].len;
        if (i + 1 < layer->count && b->order[i + 1].len == len)
            continue;
        void *p = db_reserve(ecu->runs, &b->runs_cap, (size_t)ecu->run_count + 1,
                             sizeof *ecu->runs);
        if (!p)
            return out_of_memory(b->err);
        ecu->runs = p;
        ecu->runs[ecu->run_count++] = (db_length_run){len, i + 1};
    }
    layer->run_count = ecu->run_count - layer->run_first;
    return MDD_OK;
}

/* Writes the layer's request entries, sorted, from its effective services. */
static mdd_status write_requests(db_services_build *b, mdd_db_layer *layer,
                                 const mdd_service_list *services)
{
    uint32_t n = layer->count;
    for (uint32_t i = 0; i < n; i++) {
        db_order_key *k = &b->order[i];
        mdd_status st = db_prefix_of(&b->arena, services->items[i], &k->offset, &k->len, b->err);
        if (st != MDD_OK)
            return st;
        k->name = ecu_service_name(services->items[i]);
        k->service = services->items[i].t.pos;
    }
    /* The arena has stopped moving for this layer; it has no bytes yet when every prefix so
     * far is empty, and an empty prefix is never read. */
    for (uint32_t i = 0; i < n; i++)
        b->order[i].prefix = b->order[i].len ? b->arena.bytes + b->order[i].offset : NULL;
    qsort(b->order, n, sizeof *b->order, order_key_compare);
    db_request *out = b->ecu->requests + layer->first;
    for (uint32_t i = 0; i < n; i++)
        out[i] = (db_request){b->order[i].offset, b->order[i].len, b->order[i].service};
    return write_runs(b, layer);
}

/* Sorts the first n keys and writes their indexes to out. */
static void write_order(db_services_build *b, uint32_t n, uint32_t *out)
{
    qsort(b->keys, n, sizeof *b->keys, folded_key_compare);
    for (uint32_t i = 0; i < n; i++)
        out[i] = b->keys[i].index;
}

/* Writes the name orders (bytewise and folded) and the semantic order. */
static void write_name_orders(db_services_build *b, mdd_db_layer *layer)
{
    mdd_db_ecu *ecu = b->ecu;
    const db_request *entries = ecu->requests + layer->first;
    uint32_t n = layer->count;
    /* An empty key leaves the bytewise name to decide. */
    for (uint32_t i = 0; i < n; i++) {
        mdd_bytes name = mdd_diag_comm_short_name(entry_comm(ecu, entries[i].service));
        b->keys[i] = (db_folded_key){{NULL, 0}, name, i, 0};
    }
    write_order(b, n, ecu->names + layer->first);
    for (uint32_t i = 0; i < n; i++)
        b->keys[i].key = b->keys[i].name;
    write_order(b, n, ecu->names_folded + layer->first);
    for (uint32_t i = 0; i < n; i++)
        b->keys[i].key = mdd_diag_comm_semantic(entry_comm(ecu, entries[b->keys[i].index].service));
    write_order(b, n, ecu->semantics + layer->first);
}

/* The layer's class entries: one per FunctClass of each service. */
static mdd_status write_classes(db_services_build *b, mdd_db_layer *layer)
{
    mdd_db_ecu *ecu = b->ecu;
    const db_request *entries = ecu->requests + layer->first;
    size_t n = 0;
    for (uint32_t i = 0; i < layer->count; i++) {
        mdd_diag_comm comm = entry_comm(ecu, entries[i].service);
        mdd_funct_class_vec classes = mdd_diag_comm_funct_class(comm);
        uint32_t count = mdd_funct_class_vec_count(classes);
        if (count > UINT32_MAX - ecu->class_count - n)
            return mdd_fail(b->err, MDD_ERR_LIMIT, "more than %u functional class entries",
                            UINT32_MAX);
        void *p = db_reserve(b->keys, &b->keys_cap, n + count ? n + count : 1, sizeof *b->keys);
        if (!p)
            return out_of_memory(b->err);
        b->keys = p;
        for (uint32_t k = 0; k < count; k++) {
            mdd_funct_class c = mdd_funct_class_vec_at(classes, k);
            b->keys[n++] = (db_folded_key){mdd_funct_class_short_name(c),
                                           mdd_diag_comm_short_name(comm), i, c.t.pos};
        }
    }
    uint32_t **const arrays[] = {&ecu->class_entries, &ecu->class_tables};
    mdd_status st = reserve_u32s(arrays, 2, &b->classes_cap, (size_t)ecu->class_count + n,
                                 b->err);
    if (st != MDD_OK)
        return st;
    if (n)
        qsort(b->keys, n, sizeof *b->keys, folded_key_compare);
    layer->class_first = ecu->class_count;
    /* A service that lists one class twice (or in two cases) is indexed under it once: the
     * sort put its entries next to each other. */
    for (size_t i = 0; i < n; i++) {
        const db_folded_key *k = &b->keys[i];
        if (i > 0 && k->index == k[-1].index && ecu_name_compare_folded(k->key, k[-1].key) == 0)
            continue;
        ecu->class_entries[ecu->class_count] = k->index;
        ecu->class_tables[ecu->class_count++] = k->extra;
    }
    layer->class_count = ecu->class_count - layer->class_first;
    return MDD_OK;
}

mdd_status db_index_services(db_services_build *b, mdd_db_layer *layer,
                             const mdd_service_list *services)
{
    mdd_status st = reserve_entries(b, services->count);
    if (st != MDD_OK)
        return st;
    layer->first = b->ecu->request_count;
    layer->count = services->count;
    layer->run_first = b->ecu->run_count;
    layer->class_first = b->ecu->class_count;
    if (layer->count == 0)
        return MDD_OK;
    st = write_requests(b, layer, services);
    if (st == MDD_OK) {
        write_name_orders(b, layer);
        st = write_classes(b, layer);
    }
    if (st == MDD_OK)
        b->ecu->request_count += layer->count;
    return st;
}

/* array (NULL for none yet) resized to n elements of size bytes, at least one: array itself
 * when realloc() fails. The bytes are counted in *bytes. */
static void *shrunk(void *array, size_t n, size_t size, uint64_t *bytes)
{
    n = n ? n : 1;
    void *p = realloc(array, n * size);
    *bytes += n * size;
    return p ? p : array;
}

void db_services_build_finish(db_services_build *b)
{
    mdd_db_ecu *ecu = b->ecu;
    db_prefix_arena_done(&b->arena);
    ecu->prefixes = b->arena.bytes;
    ecu->prefix_bytes = (uint32_t)b->arena.len;
    b->arena.bytes = NULL;
    /* Every array gets at least one element, so that lookups never offset a NULL pointer;
     * a layer that failed half way has written nothing the ECU counts. */
    size_t n = ecu->request_count;
    uint64_t *bytes = &ecu->index_bytes;
    ecu->requests = shrunk(ecu->requests, n, sizeof *ecu->requests, bytes);
    ecu->names = shrunk(ecu->names, n, sizeof *ecu->names, bytes);
    ecu->names_folded = shrunk(ecu->names_folded, n, sizeof *ecu->names_folded, bytes);
    ecu->semantics = shrunk(ecu->semantics, n, sizeof *ecu->semantics, bytes);
    ecu->runs = shrunk(ecu->runs, ecu->run_count, sizeof *ecu->runs, bytes);
    ecu->class_entries =
        shrunk(ecu->class_entries, ecu->class_count, sizeof *ecu->class_entries, bytes);
    ecu->class_tables =
        shrunk(ecu->class_tables, ecu->class_count, sizeof *ecu->class_tables, bytes);
    ecu->prefixes = shrunk(ecu->prefixes, ecu->prefix_bytes, 1, bytes);
    free(b->order);
    free(b->keys);
    b->order = NULL;
    b->keys = NULL;
}
