/* SPDX-License-Identifier: Apache-2.0 */
/* Writing an ECU's built index as a persisted index: its arrays copied as they are in memory,
 * behind a header that binds them to the file they index. */
#include "index_format.h"

#include <string.h>

db_index_counts db_index_counts_of(const mdd_db_ecu *ecu, uint32_t flags)
{
    return (db_index_counts){
        .variant_count = ecu->variant_count,
        .group_count = ecu->group_count,
        .request_count = ecu->request_count,
        .prefix_bytes = ecu->prefix_bytes,
        .run_count = ecu->run_count,
        .class_count = ecu->class_count,
        .dtc_count = ecu->dtc_count,
        .flags = flags,
    };
}

static void encode_layers(const mdd_db_ecu *ecu, uint8_t *out)
{
    uint32_t n = ecu->variant_count + ecu->group_count;
    for (uint32_t i = 0; i < n; i++) {
        const mdd_db_layer *l = &ecu->layers[i];
        db_index_layer e = {l->table.pos,  l->first,       l->count,      l->run_first,
                            l->run_count,  l->class_first, l->class_count};
        memcpy(out + i * sizeof e, &e, sizeof e);
    }
}

/* Copies bytes of src to out + offset; nothing when there are none (src may then be any). */
static void put_section(uint8_t *out, const db_index_layout *l, int section, const void *src)
{
    if (l->bytes[section])
        memcpy(out + l->offset[section], src, (size_t)l->bytes[section]);
}

void db_index_encode(const mdd_db_ecu *ecu, const db_index_key *key,
                     const db_index_counts *counts, uint8_t *out)
{
    db_index_layout l = db_index_layout_of(counts);
    memset(out, 0, (size_t)l.size);
    db_index_header h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, DB_INDEX_MAGIC, sizeof h.magic);
    h.byte_order = DB_INDEX_BYTE_ORDER;
    h.version = DB_INDEX_VERSION;
    h.key = *key;
    h.counts = *counts;
    memcpy(out, &h, sizeof h);
    encode_layers(ecu, out + l.offset[IDX_LAYERS]);
    put_section(out, &l, IDX_LAYERS_BY_NAME, ecu->layers_by_name);
    put_section(out, &l, IDX_REQUESTS, ecu->requests);
    put_section(out, &l, IDX_NAMES, ecu->names);
    put_section(out, &l, IDX_NAMES_FOLDED, ecu->names_folded);
    put_section(out, &l, IDX_SEMANTICS, ecu->semantics);
    put_section(out, &l, IDX_PREFIXES, ecu->prefixes);
    put_section(out, &l, IDX_RUNS, ecu->runs);
    put_section(out, &l, IDX_CLASS_ENTRIES, ecu->class_entries);
    put_section(out, &l, IDX_CLASS_TABLES, ecu->class_tables);
    put_section(out, &l, IDX_DTCS, ecu->dtcs);
    uint64_t sum = db_index_checksum(out, (size_t)l.checksum);
    memcpy(out + l.checksum, &sum, sizeof sum);
}
