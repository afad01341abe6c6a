/* SPDX-License-Identifier: Apache-2.0 */
/* An ECU taking a checked persisted index as its index: its arrays become views of the
 * index's memory, and its layers (which hold pointers, so are not persisted as they are) are
 * rebuilt from the index's table positions and ranges. */
#include "index_format.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Section i as the ECU's array fields take it. They are writable because building fills
 * them; a mapped index is PROT_READ, and nothing writes to an ECU's index after opening. */
static void *array_view(const uint8_t *data, const db_index_layout *l, int i)
{
    return (void *)(uintptr_t)(data + l->offset[i]);
}

static void set_arrays(mdd_db_ecu *ecu, const uint8_t *data, const db_index_counts *c)
{
    db_index_layout l = db_index_layout_of(c);
    ecu->layers_by_name = array_view(data, &l, IDX_LAYERS_BY_NAME);
    ecu->requests = array_view(data, &l, IDX_REQUESTS);
    ecu->names = array_view(data, &l, IDX_NAMES);
    ecu->names_folded = array_view(data, &l, IDX_NAMES_FOLDED);
    ecu->semantics = array_view(data, &l, IDX_SEMANTICS);
    ecu->prefixes = array_view(data, &l, IDX_PREFIXES);
    ecu->runs = array_view(data, &l, IDX_RUNS);
    ecu->class_entries = array_view(data, &l, IDX_CLASS_ENTRIES);
    ecu->class_tables = array_view(data, &l, IDX_CLASS_TABLES);
    ecu->dtcs = array_view(data, &l, IDX_DTCS);
    ecu->request_count = c->request_count;
    ecu->prefix_bytes = c->prefix_bytes;
    ecu->run_count = c->run_count;
    ecu->class_count = c->class_count;
    ecu->dtc_count = c->dtc_count;
}

mdd_status db_index_adopt(mdd_db_ecu *ecu, const uint8_t *data, const db_index_header *h,
                          mdd_error *err)
{
    const db_index_counts *c = &h->counts;
    size_t n = (size_t)c->variant_count + c->group_count;
    mdd_db_layer *layers = calloc(n ? n : 1, sizeof *layers);
    if (!layers)
        return mdd_fail(err, MDD_ERR_NOMEM, "out of memory for the layers");
    if (!ecu->index_borrowed)
        db_index_free_arrays(ecu);
    ecu->index_borrowed = 1;
    ecu->variant_count = c->variant_count;
    ecu->group_count = c->group_count;
    db_index_layout l = db_index_layout_of(c);
    for (uint32_t i = 0; i < n; i++) {
        db_index_layer r;
        memcpy(&r, data + l.offset[IDX_LAYERS] + (size_t)i * sizeof r, sizeof r);
        layers[i] = (mdd_db_layer){
            .ecu = ecu,
            .table = {ecu->payload.ptr, ecu->payload.len, r.table},
            .is_variant = i < c->variant_count,
            .first = r.first,
            .count = r.count,
            .run_first = r.run_first,
            .run_count = r.run_count,
            .class_first = r.class_first,
            .class_count = r.class_count,
        };
    }
    free(ecu->layers);
    ecu->layers = layers;
    set_arrays(ecu, data, c);
    /* What stays allocated: the ECU, its path and its layers. */
    ecu->index_bytes = sizeof *ecu + (ecu->path ? strlen(ecu->path) + 1 : 0) + n * sizeof *layers;
    return MDD_OK;
}
