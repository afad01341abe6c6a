/* Builds one ECU's index: for every variant and functional group its effective services by
 * request prefix and by name, the layers by name, the DTCs by trouble code. All layers share
 * one request array and one name array per ECU, so an ECU costs a handful of allocations
 * however many services it has; scratch space is reused from layer to layer. */
#include "db_impl.h"

#include "../ecu/names.h"

#include <stdlib.h>
#include <string.h>

/* Where an effective service goes in its layer's request index. */
typedef struct order_key {
    uint32_t group;   /* MDD_REQUEST_PREFIX_MAX - prefix length: longest first */
    uint32_t value;   /* the prefix bytes as a big-endian number */
    uint32_t ordinal; /* effective order, so own services come before inherited ones */
    uint32_t service; /* the DiagService's table position */
} order_key;

typedef struct build {
    mdd_db_ecu *ecu;
    const mdd_inherit_limits *limits;
    mdd_error *err;
    mdd_service_list services;
    order_key *order;
    size_t order_cap;
    ecu_name_key *names;
    size_t names_cap;
    size_t requests_cap;
    size_t ecu_names_cap;
} build;

static mdd_status out_of_memory(mdd_error *err)
{
    return mdd_fail(err, MDD_ERR_NOMEM, "out of memory for the index");
}

/* Makes room for n more entries in the ECU's request and name arrays and the scratch. */
static mdd_status reserve_layer(build *b, uint32_t n)
{
    mdd_db_ecu *ecu = b->ecu;
    if (n > UINT32_MAX - ecu->request_count)
        return mdd_fail(b->err, MDD_ERR_LIMIT, "more than %u indexed services", UINT32_MAX);
    size_t need = (size_t)ecu->request_count + n;
    void *p;
    if (!(p = db_reserve(ecu->requests, &b->requests_cap, need, sizeof *ecu->requests)))
        return out_of_memory(b->err);
    ecu->requests = p;
    if (!(p = db_reserve(ecu->names, &b->ecu_names_cap, need, sizeof *ecu->names)))
        return out_of_memory(b->err);
    ecu->names = p;
    if (!(p = db_reserve(b->order, &b->order_cap, n, sizeof *b->order)))
        return out_of_memory(b->err);
    b->order = p;
    if (!(p = db_reserve(b->names, &b->names_cap, n, sizeof *b->names)))
        return out_of_memory(b->err);
    b->names = p;
    return MDD_OK;
}

static int order_key_compare(const void *a, const void *b)
{
    const order_key *x = a;
    const order_key *y = b;
    if (x->group != y->group)
        return x->group < y->group ? -1 : 1;
    if (x->value != y->value)
        return x->value < y->value ? -1 : 1;
    return (x->ordinal > y->ordinal) - (x->ordinal < y->ordinal);
}

static order_key order_key_of(mdd_diag_service s, uint32_t ordinal)
{
    mdd_request_prefix p = mdd_diag_service_request_prefix(s);
    uint32_t value = 0;
    for (uint32_t i = 0; i < p.len; i++)
        value = value << 8 | p.bytes[i];
    return (order_key){(uint32_t)(MDD_REQUEST_PREFIX_MAX - p.len), value, ordinal, s.t.pos};
}

/* Writes the layer's request index from the effective services in b->services. */
static void write_requests(build *b, mdd_db_layer *layer)
{
    uint32_t n = layer->count;
    for (uint32_t i = 0; i < n; i++)
        b->order[i] = order_key_of(b->services.items[i], i);
    qsort(b->order, n, sizeof *b->order, order_key_compare);
    db_request *out = b->ecu->requests + layer->first;
    for (uint32_t i = 0; i < n; i++)
        out[i] = (db_request){b->order[i].value, b->order[i].service};
    uint32_t end = 0;
    for (uint32_t g = 0; g < DB_GROUPS; g++) {
        while (end < n && b->order[end].group == g)
            end++;
        layer->group_end[g] = end;
    }
}

/* Writes the layer's name order over the entries write_requests() placed. */
static void write_names(build *b, mdd_db_layer *layer)
{
    const db_request *entries = b->ecu->requests + layer->first;
    mdd_bytes payload = b->ecu->payload;
    for (uint32_t i = 0; i < layer->count; i++) {
        mdd_diag_service s = {{payload.ptr, payload.len, entries[i].service}};
        b->names[i] = ecu_name_key_make(ecu_service_name(s), i);
    }
    qsort(b->names, layer->count, sizeof *b->names, ecu_name_key_compare);
    for (uint32_t i = 0; i < layer->count; i++)
        b->ecu->names[layer->first + i] = b->names[i].index;
}

static mdd_status index_layer(build *b, mdd_db_layer *layer, mdd_diag_layer diag_layer,
                              mdd_parent_ref_vec parents)
{
    mdd_status st =
        mdd_effective_services(diag_layer, parents, b->limits, &b->services, b->err);
    if (st == MDD_OK)
        st = reserve_layer(b, b->services.count);
    if (st != MDD_OK)
        return st;
    layer->first = b->ecu->request_count;
    layer->count = b->services.count;
    /* Without services the scratch may never have been allocated; the groups stay empty. */
    if (layer->count) {
        write_requests(b, layer);
        write_names(b, layer);
    }
    b->ecu->request_count += layer->count;
    return MDD_OK;
}

static mdd_status index_variant(build *b, uint32_t i)
{
    mdd_variant v = mdd_variant_vec_at(mdd_ecu_data_variants(b->ecu->root), i);
    mdd_db_layer *layer = &b->ecu->layers[i];
    *layer = (mdd_db_layer){.ecu = b->ecu, .table = v.t, .is_variant = 1};
    mdd_status st =
        index_layer(b, layer, mdd_variant_diag_layer(v), mdd_variant_parent_refs(v));
    if (st != MDD_OK)
        mdd_error_prefix(b->err, "EcuData.variants[%u]: ", (unsigned)i);
    return st;
}

static mdd_status index_group(build *b, uint32_t i)
{
    mdd_functional_group g =
        mdd_functional_group_vec_at(mdd_ecu_data_functional_groups(b->ecu->root), i);
    mdd_db_layer *layer = &b->ecu->layers[b->ecu->variant_count + i];
    *layer = (mdd_db_layer){.ecu = b->ecu, .table = g.t, .is_variant = 0};
    mdd_status st = index_layer(b, layer, mdd_functional_group_diag_layer(g),
                                mdd_functional_group_parent_refs(g));
    if (st != MDD_OK)
        mdd_error_prefix(b->err, "EcuData.functional_groups[%u]: ", (unsigned)i);
    return st;
}

/* Sorts layers[first .. first + n) by name into layers_by_name at the same place. */
static mdd_status sort_layer_names(build *b, uint32_t first, uint32_t n)
{
    if (n == 0)
        return MDD_OK;
    void *p = db_reserve(b->names, &b->names_cap, n, sizeof *b->names);
    if (!p)
        return out_of_memory(b->err);
    b->names = p;
    const mdd_db_layer *layers = b->ecu->layers + first;
    for (uint32_t i = 0; i < n; i++)
        b->names[i] = ecu_name_key_make(db_layer_table_name(layers[i].table, layers[i].is_variant), i);
    qsort(b->names, n, sizeof *b->names, ecu_name_key_compare);
    for (uint32_t i = 0; i < n; i++)
        b->ecu->layers_by_name[first + i] = b->names[i].index;
    return MDD_OK;
}

static mdd_status index_layers(build *b)
{
    mdd_db_ecu *ecu = b->ecu;
    ecu->variant_count = mdd_variant_vec_count(mdd_ecu_data_variants(ecu->root));
    ecu->group_count = mdd_functional_group_vec_count(mdd_ecu_data_functional_groups(ecu->root));
    size_t n = (size_t)ecu->variant_count + ecu->group_count;
    ecu->layers = calloc(n ? n : 1, sizeof *ecu->layers);
    ecu->layers_by_name = calloc(n ? n : 1, sizeof *ecu->layers_by_name);
    if (!ecu->layers || !ecu->layers_by_name)
        return out_of_memory(b->err);
    ecu->index_bytes += n * (sizeof *ecu->layers + sizeof *ecu->layers_by_name);
    mdd_status st = MDD_OK;
    for (uint32_t i = 0; i < ecu->variant_count && st == MDD_OK; i++)
        st = index_variant(b, i);
    for (uint32_t i = 0; i < ecu->group_count && st == MDD_OK; i++)
        st = index_group(b, i);
    if (st == MDD_OK)
        st = sort_layer_names(b, 0, ecu->variant_count);
    if (st == MDD_OK)
        st = sort_layer_names(b, ecu->variant_count, ecu->group_count);
    return st;
}

static int u64_compare(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a;
    uint64_t y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static mdd_status index_dtcs(build *b)
{
    mdd_db_ecu *ecu = b->ecu;
    mdd_dtc_vec dtcs = mdd_ecu_data_dtcs(ecu->root);
    ecu->dtc_count = mdd_dtc_vec_count(dtcs);
    ecu->dtcs = malloc(ecu->dtc_count ? ecu->dtc_count * sizeof *ecu->dtcs : 1);
    if (!ecu->dtcs)
        return out_of_memory(b->err);
    ecu->index_bytes += ecu->dtc_count * sizeof *ecu->dtcs;
    for (uint32_t i = 0; i < ecu->dtc_count; i++)
        ecu->dtcs[i] = (uint64_t)mdd_dtc_trouble_code(mdd_dtc_vec_at(dtcs, i)) << 32 | i;
    qsort(ecu->dtcs, ecu->dtc_count, sizeof *ecu->dtcs, u64_compare);
    return MDD_OK;
}

/* Gives back the room the doubling left over: the arrays live as long as the database. */
static void shrink_requests(mdd_db_ecu *ecu)
{
    size_t n = ecu->request_count ? ecu->request_count : 1;
    void *p = realloc(ecu->requests, n * sizeof *ecu->requests);
    if (p)
        ecu->requests = p;
    p = realloc(ecu->names, n * sizeof *ecu->names);
    if (p)
        ecu->names = p;
    ecu->index_bytes += n * (sizeof *ecu->requests + sizeof *ecu->names);
}

mdd_status db_build_index(mdd_db_ecu *ecu, const mdd_inherit_limits *limits, mdd_error *err)
{
    build b;
    memset(&b, 0, sizeof b);
    b.ecu = ecu;
    b.limits = limits;
    b.err = err;
    mdd_status st = index_layers(&b);
    if (st == MDD_OK)
        st = index_dtcs(&b);
    if (st == MDD_OK)
        shrink_requests(ecu);
    mdd_service_list_free(&b.services);
    free(b.order);
    free(b.names);
    return st;
}

void db_ecu_free(mdd_db_ecu *ecu)
{
    if (!ecu)
        return;
    mdd_pin_release(&ecu->pin);
    mdd_store_close(ecu->store);
    free(ecu->path);
    free(ecu->layers);
    free(ecu->layers_by_name);
    free(ecu->requests);
    free(ecu->names);
    free(ecu->dtcs);
    free(ecu);
}
