/* SPDX-License-Identifier: Apache-2.0 */
/* Builds one ECU's index: for every variant and functional group its effective services
 * (indexed by services.c), the layers by name, the DTCs by trouble code. */
#include "db_impl.h"

#include <mdd_internal/ecu.h>

#include <stdlib.h>
#include <string.h>

typedef struct build {
    mdd_db_ecu *ecu;
    const mdd_inherit_limits *limits;
    mdd_error *err;
    mdd_service_list services;
    db_services_build index;
    ecu_name_key *names; /* scratch for sorting the layers by name */
    size_t names_cap;
} build;

static mdd_status out_of_memory(mdd_error *err)
{
    return mdd_fail(err, MDD_ERR_NOMEM, "out of memory for the index");
}

static mdd_status index_layer(build *b, mdd_db_layer *layer, mdd_diag_layer diag_layer,
                              mdd_parent_ref_vec parents)
{
    mdd_status st =
        mdd_effective_services(diag_layer, parents, b->limits, &b->services, b->err);
    return st == MDD_OK ? db_index_services(&b->index, layer, &b->services) : st;
}

/* Layer i of ecu (variants first, then functional groups) with its table and kind, its
 * ranges zero. */
static mdd_db_layer db_layer_make(const mdd_db_ecu *ecu, uint32_t i)
{
    if (i < ecu->variant_count) {
        mdd_variant v = mdd_variant_vec_at(mdd_ecu_data_variants(ecu->root), i);
        return (mdd_db_layer){.ecu = ecu, .table = v.t, .is_variant = 1};
    }
    mdd_functional_group g = mdd_functional_group_vec_at(
        mdd_ecu_data_functional_groups(ecu->root), i - ecu->variant_count);
    return (mdd_db_layer){.ecu = ecu, .table = g.t, .is_variant = 0};
}

static mdd_status index_variant(build *b, uint32_t i)
{
    mdd_variant v = mdd_variant_vec_at(mdd_ecu_data_variants(b->ecu->root), i);
    mdd_db_layer *layer = &b->ecu->layers[i];
    *layer = db_layer_make(b->ecu, i);
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
    *layer = db_layer_make(b->ecu, b->ecu->variant_count + i);
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

mdd_status db_build_index(mdd_db_ecu *ecu, const mdd_inherit_limits *limits, mdd_error *err)
{
    build b;
    memset(&b, 0, sizeof b);
    b.ecu = ecu;
    b.limits = limits;
    b.err = err;
    b.index.ecu = ecu;
    b.index.err = err;
    mdd_status st = index_layers(&b);
    if (st == MDD_OK)
        st = index_dtcs(&b);
    db_services_build_finish(&b.index);
    mdd_service_list_free(&b.services);
    free(b.names);
    return st;
}

void db_index_free_arrays(mdd_db_ecu *ecu)
{
    free(ecu->layers_by_name);
    free(ecu->requests);
    free(ecu->names);
    free(ecu->names_folded);
    free(ecu->semantics);
    free(ecu->prefixes);
    free(ecu->runs);
    free(ecu->class_entries);
    free(ecu->class_tables);
    free(ecu->dtcs);
    ecu->layers_by_name = NULL;
    ecu->requests = NULL;
    ecu->names = NULL;
    ecu->names_folded = NULL;
    ecu->semantics = NULL;
    ecu->prefixes = NULL;
    ecu->runs = NULL;
    ecu->class_entries = NULL;
    ecu->class_tables = NULL;
    ecu->dtcs = NULL;
}

void db_ecu_free(mdd_db_ecu *ecu)
{
    if (!ecu)
        return;
    if (!ecu->index_borrowed)
        db_index_free_arrays(ecu);
    mdd_mapping_close(&ecu->index_file);
    mdd_pin_release(&ecu->pin);
    mdd_store_close(ecu->store);
    free(ecu->path);
    free(ecu->strings);
    free(ecu->layers);
    free(ecu);
}

/* ---- Growing the arrays of the database's tables ---- */
void *db_reserve(void *array, size_t *cap, size_t need, size_t size)
{
    /* An array never allocated is NULL even when nothing is needed yet (an ECU whose first
     * layers have no services): allocate, so that NULL only ever means out of memory. */
    if (need <= *cap && array)
        return array;
    size_t grown = *cap ? *cap : 16;
    while (grown < need) {
        if (grown > SIZE_MAX / 2 / size)
            return NULL;
        grown *= 2;
    }
    void *p = realloc(array, grown * size);
    if (p)
        *cap = grown;
    return p;
}
