/* SPDX-License-Identifier: Apache-2.0 */
/* The database's ECUs and, per ECU, its layers (variants and functional groups) and DTCs:
 * accessors and lookups by name or trouble code over the arrays built at open. */
#include "db_impl.h"

#include <mdd_internal/ecu.h>

#include <string.h>

size_t mdd_db_ecu_count(const mdd_db *db) { return db->count; }

const mdd_db_ecu *mdd_db_ecu_at(const mdd_db *db, size_t i)
{
    return i < db->count ? db->ecus[i] : NULL;
}

static mdd_bytes ecu_name_at(const void *ctx, size_t pos)
{
    return ((const mdd_db *)ctx)->ecus[pos]->name;
}

const mdd_db_ecu *mdd_db_find_ecu(const mdd_db *db, const char *name)
{
    mdd_bytes key = db_name_bytes(name);
    size_t pos = db_name_lower_bound(db->count, ecu_name_at, db, key);
    return pos < db->count && ecu_name_compare(db->ecus[pos]->name, key) == 0 ? db->ecus[pos]
                                                                               : NULL;
}

const mdd_db_ecu *mdd_db_find_ecu_path(const mdd_db *db, const char *path)
{
    for (size_t i = 0; i < db->count; i++)
        if (db->ecus[i]->path && strcmp(db->ecus[i]->path, path) == 0)
            return db->ecus[i];
    return NULL;
}

int mdd_db_ecu_is_default(const mdd_db_ecu *ecu) { return ecu->is_default; }

mdd_bytes mdd_db_ecu_revision(const mdd_db_ecu *ecu) { return ecu->revision; }

mdd_bytes mdd_db_ecu_name(const mdd_db_ecu *ecu) { return ecu->name; }

const char *mdd_db_ecu_path(const mdd_db_ecu *ecu) { return ecu->path; }

const mdd_sig_result *mdd_db_ecu_signature(const mdd_db_ecu *ecu)
{
    static const mdd_sig_result not_checked = {0};
    return ecu->store ? mdd_store_signature(ecu->store) : &not_checked;
}

const mdd_store *mdd_db_ecu_store(const mdd_db_ecu *ecu) { return ecu->store; }

mdd_ecu_data mdd_db_ecu_data(const mdd_db_ecu *ecu) { return ecu->root; }

/* ---- Layers ---- */

uint32_t mdd_db_ecu_variant_count(const mdd_db_ecu *ecu) { return ecu->variant_count; }

const mdd_db_layer *mdd_db_ecu_variant_at(const mdd_db_ecu *ecu, uint32_t i)
{
    return i < ecu->variant_count ? &ecu->layers[i] : NULL;
}

uint32_t mdd_db_ecu_functional_group_count(const mdd_db_ecu *ecu) { return ecu->group_count; }

const mdd_db_layer *mdd_db_ecu_functional_group_at(const mdd_db_ecu *ecu, uint32_t i)
{
    return i < ecu->group_count ? &ecu->layers[ecu->variant_count + i] : NULL;
}

/* The variants' or the functional groups' part of layers_by_name. */
typedef struct layer_section {
    const mdd_db_ecu *ecu;
    uint32_t first;
    uint32_t count;
} layer_section;

static const mdd_db_layer *section_layer(const layer_section *s, size_t pos)
{
    return &s->ecu->layers[s->first + s->ecu->layers_by_name[s->first + pos]];
}

static mdd_bytes section_name_at(const void *ctx, size_t pos)
{
    const mdd_db_layer *layer = section_layer(ctx, pos);
    return db_layer_table_name(layer->table, layer->is_variant);
}

static const mdd_db_layer *find_layer(layer_section s, const char *name)
{
    mdd_bytes key = db_name_bytes(name);
    size_t pos = db_name_lower_bound(s.count, section_name_at, &s, key);
    if (pos == s.count || ecu_name_compare(section_name_at(&s, pos), key) != 0)
        return NULL;
    return section_layer(&s, pos);
}

const mdd_db_layer *mdd_db_ecu_find_variant(const mdd_db_ecu *ecu, const char *name)
{
    return find_layer((layer_section){ecu, 0, ecu->variant_count}, name);
}

const mdd_db_layer *mdd_db_ecu_find_functional_group(const mdd_db_ecu *ecu, const char *name)
{
    return find_layer((layer_section){ecu, ecu->variant_count, ecu->group_count}, name);
}

const mdd_db_layer *mdd_db_ecu_base_variant(const mdd_db_ecu *ecu)
{
    for (uint32_t i = 0; i < ecu->variant_count; i++)
        if (mdd_variant_is_base_variant(mdd_db_layer_variant(&ecu->layers[i])))
            return &ecu->layers[i];
    return mdd_db_ecu_variant_at(ecu, 0);
}

const mdd_db_ecu *mdd_db_layer_ecu(const mdd_db_layer *layer) { return layer->ecu; }

mdd_bytes mdd_db_layer_name(const mdd_db_layer *layer)
{
    return db_layer_table_name(layer->table, layer->is_variant);
}

mdd_diag_layer mdd_db_layer_diag_layer(const mdd_db_layer *layer)
{
    return layer->is_variant ? mdd_variant_diag_layer(mdd_db_layer_variant(layer))
                             : mdd_functional_group_diag_layer(
                                   mdd_db_layer_functional_group(layer));
}

mdd_variant mdd_db_layer_variant(const mdd_db_layer *layer)
{
    mdd_fb_table none = {layer->table.buf, layer->table.len, 0};
    return (mdd_variant){layer->is_variant ? layer->table : none};
}

mdd_functional_group mdd_db_layer_functional_group(const mdd_db_layer *layer)
{
    mdd_fb_table none = {layer->table.buf, layer->table.len, 0};
    return (mdd_functional_group){layer->is_variant ? none : layer->table};
}

/* ---- DTCs ---- */

uint32_t mdd_db_ecu_dtc_count(const mdd_db_ecu *ecu) { return ecu->dtc_count; }

mdd_dtc mdd_db_ecu_dtc_at(const mdd_db_ecu *ecu, uint32_t i)
{
    mdd_dtc_vec dtcs = mdd_ecu_data_dtcs(ecu->root);
    /* An index past the vector's end reads as an absent DTC. */
    uint32_t index = i < ecu->dtc_count ? (uint32_t)ecu->dtcs[i] : UINT32_MAX;
    return mdd_dtc_vec_at(dtcs, index);
}

/* The first position whose trouble code is above code (above set) or not below it. */
static uint32_t dtc_bound(const mdd_db_ecu *ecu, uint32_t code, int above)
{
    uint32_t lo = 0;
    uint32_t hi = ecu->dtc_count;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        uint32_t c = (uint32_t)(ecu->dtcs[mid] >> 32);
        if (c < code || (above && c == code))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

uint32_t mdd_db_ecu_find_dtcs(const mdd_db_ecu *ecu, uint32_t code, uint32_t *first)
{
    uint32_t lo = dtc_bound(ecu, code, 0);
    uint32_t hi = dtc_bound(ecu, code, 1);
    if (hi > lo)
        *first = lo;
    return hi - lo;
}
