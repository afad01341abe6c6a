/* SPDX-License-Identifier: Apache-2.0 */
/* The server's startup tables: copies of everything the cheap endpoints answer, so that
 * answering them never reads a payload or a container on the loop. */
#include "serve_tables.h"

#include <mdd/store.h>

#include <stdlib.h>
#include <string.h>

/* A NUL-terminated copy of an optional string; *out is NULL when it is absent. Returns 0, or
 * -1 when out of memory. */
static int copy_bytes(mdd_bytes b, char **out)
{
    *out = NULL;
    if (!b.ptr)
        return 0;
    *out = malloc(b.len + 1);
    if (!*out)
        return -1;
    memcpy(*out, b.ptr, b.len);
    (*out)[b.len] = '\0';
    return 0;
}

static int copy_chunks(serve_ecu *e)
{
    const mdd_file *f = mdd_store_file(e->store);
    e->chunks = calloc(f->chunk_count ? f->chunk_count : 1, sizeof *e->chunks);
    if (!e->chunks)
        return -1;
    e->chunk_count = f->chunk_count;
    int found = 0;
    for (size_t i = 0; i < f->chunk_count; i++) {
        serve_chunk *c = &e->chunks[i];
        c->type = f->chunks[i].type;
        if (mdd_store_chunk_size(e->store, i, &c->size, NULL) != MDD_OK)
            return -1;
        if (copy_bytes(f->chunks[i].name, &c->name) != 0)
            return -1;
        /* The database reads the first DIAGNOSTIC_DESCRIPTION chunk. */
        if (!found && c->type == MDD_CHUNK_DIAGNOSTIC_DESCRIPTION) {
            e->payload_chunk = i;
            e->payload_len = (size_t)c->size;
            found = 1;
        }
    }
    return 0;
}

static int copy_layers(const mdd_db_layer *(*at)(const mdd_db_ecu *, uint32_t),
                       const mdd_db_ecu *ecu, uint32_t count, serve_layer **out)
{
    *out = calloc(count ? count : 1, sizeof **out);
    if (!*out)
        return -1;
    for (uint32_t i = 0; i < count; i++) {
        const mdd_db_layer *layer = at(ecu, i);
        if (copy_bytes(mdd_db_layer_name(layer), &(*out)[i].name) != 0)
            return -1;
        (*out)[i].is_base = mdd_variant_is_base_variant(mdd_db_layer_variant(layer));
        (*out)[i].services = mdd_db_layer_service_count(layer);
    }
    return 0;
}

static int copy_ecu(const mdd_db_ecu *ecu, serve_ecu *e)
{
    e->ecu = ecu;
    e->is_default = mdd_db_ecu_is_default(ecu);
    e->store = mdd_db_ecu_store(ecu);
    e->path = mdd_db_ecu_path(ecu);
    e->variant_count = mdd_db_ecu_variant_count(ecu);
    e->group_count = mdd_db_ecu_functional_group_count(ecu);
    e->dtc_count = mdd_db_ecu_dtc_count(ecu);
    e->base_variant = UINT32_MAX;
    const mdd_db_layer *base = mdd_db_ecu_base_variant(ecu);
    for (uint32_t i = 0; base && i < e->variant_count; i++)
        if (mdd_db_ecu_variant_at(ecu, i) == base)
            e->base_variant = i;
    mdd_ecu_data root = mdd_db_ecu_data(ecu);
    if (copy_bytes(mdd_db_ecu_name(ecu), &e->name) != 0 || !e->name ||
        copy_bytes(mdd_ecu_data_version(root), &e->version) != 0 ||
        copy_bytes(mdd_ecu_data_revision(root), &e->revision) != 0 ||
        copy_layers(mdd_db_ecu_variant_at, ecu, e->variant_count, &e->variants) != 0 ||
        copy_layers(mdd_db_ecu_functional_group_at, ecu, e->group_count, &e->groups) != 0)
        return -1;
    return copy_chunks(e);
}

int serve_tables_build(const mdd_db *db, serve_tables *out)
{
    size_t count = mdd_db_ecu_count(db);
    out->ecus = calloc(count ? count : 1, sizeof *out->ecus);
    out->count = count;
    if (!out->ecus)
        return -1;
    for (size_t i = 0; i < count; i++) {
        if (copy_ecu(mdd_db_ecu_at(db, i), &out->ecus[i]) != 0) {
            serve_tables_free(out);
            return -1;
        }
    }
    return 0;
}

static void free_layers(serve_layer *layers, uint32_t count)
{
    for (uint32_t i = 0; layers && i < count; i++)
        free(layers[i].name);
    free(layers);
}

void serve_tables_free(serve_tables *t)
{
    for (size_t i = 0; t->ecus && i < t->count; i++) {
        serve_ecu *e = &t->ecus[i];
        free(e->name);
        free(e->version);
        free(e->revision);
        free_layers(e->variants, e->variant_count);
        free_layers(e->groups, e->group_count);
        for (size_t c = 0; e->chunks && c < e->chunk_count; c++)
            free(e->chunks[c].name);
        free(e->chunks);
    }
    free(t->ecus);
    t->ecus = NULL;
    t->count = 0;
}

const serve_ecu *serve_tables_find(const serve_tables *t, const char *name)
{
    /* The database sorts its ECUs by name, bytewise (strcmp's order), the default of a name
     * first: the first match is the default. */
    size_t lo = 0, hi = t->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(t->ecus[mid].name, name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < t->count && strcmp(t->ecus[lo].name, name) == 0 ? &t->ecus[lo] : NULL;
}
