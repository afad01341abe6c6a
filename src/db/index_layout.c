/* SPDX-License-Identifier: Apache-2.0 */
/* Where the persisted index's sections lie: a function of its counts alone, shared by the
 * writer and the checker, so that no offset in the file needs trusting. */
#include "index_format.h"

#include <lzma.h>

_Static_assert(sizeof(db_index_key) == 136, "the index key has no padding");
_Static_assert(sizeof(db_index_header) == 184, "the index header has no padding");
_Static_assert(sizeof(db_index_header) % 8 == 0, "sections start 8-byte aligned");
_Static_assert(sizeof(db_request) == 12 && sizeof(db_length_run) == 8,
               "the index's element sizes");

static uint64_t align8(uint64_t n) { return (n + 7) & ~(uint64_t)7; }

db_index_layout db_index_layout_of(const db_index_counts *c)
{
    uint64_t layers = (uint64_t)c->variant_count + c->group_count;
    uint64_t requests = c->request_count;
    uint64_t classes = c->class_count;
    const uint64_t bytes[IDX_SECTION_COUNT] = {
        [IDX_LAYERS] = layers * sizeof(db_index_layer),
        [IDX_LAYERS_BY_NAME] = layers * sizeof(uint32_t),
        [IDX_REQUESTS] = requests * sizeof(db_request),
        [IDX_NAMES] = requests * sizeof(uint32_t),
        [IDX_NAMES_FOLDED] = requests * sizeof(uint32_t),
        [IDX_SEMANTICS] = requests * sizeof(uint32_t),
        [IDX_PREFIXES] = c->prefix_bytes,
        [IDX_RUNS] = (uint64_t)c->run_count * sizeof(db_length_run),
        [IDX_CLASS_ENTRIES] = classes * sizeof(uint32_t),
        [IDX_CLASS_TABLES] = classes * sizeof(uint32_t),
        [IDX_DTCS] = (uint64_t)c->dtc_count * sizeof(uint64_t),
    };
    db_index_layout l;
    uint64_t at = sizeof(db_index_header);
    for (int i = 0; i < IDX_SECTION_COUNT; i++) {
        l.offset[i] = at;
        l.bytes[i] = bytes[i];
        at = align8(at + bytes[i]);
    }
    l.checksum = at;
    l.size = at + DB_INDEX_CHECKSUM_SIZE;
    return l;
}

uint64_t db_index_checksum(const uint8_t *data, size_t size)
{
    return lzma_crc64(data, size, 0);
}
