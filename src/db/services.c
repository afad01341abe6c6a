/* Indexes one layer's effective services: by request prefix (longest first, then prefix
 * bytes, then name), by name bytewise and with case folded, by semantic and by functional
 * class. All layers of an ECU share one array of each kind, so an ECU costs a handful of
 * allocations however many services it has; scratch space is reused from layer to layer. */
#include "db_impl.h"

#include "../ecu/names.h"

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

/* Grows *array (with *cap) to need elements, or fails. */
static mdd_status reserve(void *array, size_t *cap, size_t need, size_t size, mdd_error *err)
{
    void **slot = array;
    void *p = db_reserve(*slot, cap, need ? need : 1, size);
    if (!p)
        return out_of_memory(err);
    *slot = p;
    return MDD_OK;
}

/* Makes room for n more entries in the ECU's per-entry arrays and the scratch. */
static mdd_status reserve_entries(db_services_build *b, uint32_t n)
{
    mdd_db_ecu *ecu = b->ecu;
    if (n > UINT32_MAX - ecu->request_count)
        return mdd_fail(b->err, MDD_ERR_LIMIT, "more than %u indexed services", UINT32_MAX);
    size_t need = (size_t)ecu->request_count + n;
    size_t cap = b->requests_cap;
    mdd_status st = reserve(&ecu->requests, &cap, need, sizeof *ecu->requests, b->err);
    cap = b->requests_cap;
    if (st == MDD_OK)
        st = reserve(&ecu->names, &cap, need, sizeof *ecu->names, b->err);
    cap = b->requests_cap;
    if (st == MDD_OK)
        st = reserve(&ecu->names_folded, &cap, need, sizeof *ecu->names_folded, b->err);
    cap = b->requests_cap;
    if (st == MDD_OK)
        st = reserve(&ecu->semantics, &cap, need, sizeof *ecu->semantics, b->err);
    if (st == MDD_OK)
        b->requests_cap = cap;
    if (st == MDD_OK)
        st = reserve(&b->order, &b->order_cap, n, sizeof *b->order, b->err);
    if (st == MDD_OK)
        st = reserve(&b->keys, &b->keys_cap, n, sizeof *b->keys, b->err);
    return st;
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
        mdd_status st = reserve(&ecu->runs, &b->runs_cap, (size_t)ecu->run_count + 1,
                                sizeof *ecu->runs, b->err);
        if (st != MDD_OK)
            return st;
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
    /* The arena has stopped moving for this layer. */
    for (uint32_t i = 0; i < n; i++)
        b->order[i].prefix = b->arena.bytes + b->order[i].offset;
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
        mdd_status st = reserve(&b->keys, &b->keys_cap, n + count, sizeof *b->keys, b->err);
        if (st != MDD_OK)
            return st;
        for (uint32_t k = 0; k < count; k++) {
            mdd_funct_class c = mdd_funct_class_vec_at(classes, k);
            b->keys[n++] = (db_folded_key){mdd_funct_class_short_name(c),
                                           mdd_diag_comm_short_name(comm), i, c.t.pos};
        }
    }
    size_t cap = b->classes_cap;
    mdd_status st = reserve(&ecu->class_entries, &cap, ecu->class_count + n,
                            sizeof *ecu->class_entries, b->err);
    cap = b->classes_cap;
    if (st == MDD_OK)
        st = reserve(&ecu->class_tables, &cap, ecu->class_count + n, sizeof *ecu->class_tables,
                     b->err);
    if (st != MDD_OK)
        return st;
    b->classes_cap = cap;
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

/* Shrinks *array to n elements of size bytes (at least one) and counts them. */
static void shrink(void *array, size_t n, size_t size, uint64_t *bytes)
{
    void **slot = array;
    n = n ? n : 1;
    void *p = realloc(*slot, n * size);
    if (p)
        *slot = p;
    *bytes += n * size;
}

void db_services_build_finish(db_services_build *b)
{
    mdd_db_ecu *ecu = b->ecu;
    db_prefix_arena_done(&b->arena);
    ecu->prefixes = b->arena.bytes;
    ecu->prefix_bytes = (uint32_t)b->arena.len;
    b->arena.bytes = NULL;
    /* A layer that failed half way has written nothing the ECU counts. */
    size_t n = ecu->request_count;
    uint64_t *bytes = &ecu->index_bytes;
    if (ecu->requests) {
        shrink(&ecu->requests, n, sizeof *ecu->requests, bytes);
        shrink(&ecu->names, n, sizeof *ecu->names, bytes);
        shrink(&ecu->names_folded, n, sizeof *ecu->names_folded, bytes);
        shrink(&ecu->semantics, n, sizeof *ecu->semantics, bytes);
    }
    if (ecu->runs)
        shrink(&ecu->runs, ecu->run_count, sizeof *ecu->runs, bytes);
    if (ecu->class_entries)
        shrink(&ecu->class_entries, ecu->class_count, sizeof *ecu->class_entries, bytes);
    if (ecu->class_tables)
        shrink(&ecu->class_tables, ecu->class_count, sizeof *ecu->class_tables, bytes);
    if (ecu->prefixes)
        shrink(&ecu->prefixes, ecu->prefix_bytes, 1, bytes);
    free(b->order);
    free(b->keys);
    b->order = NULL;
    b->keys = NULL;
}
