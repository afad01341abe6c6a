/* SPDX-License-Identifier: Apache-2.0 */
/* mdd serve's startup tables (serve_tables.c): what the cheap endpoints answer (ECU names,
 * paths, layer names, chunk tables), copied out of the database into the server's memory. */
#ifndef MDD_TOOL_SERVE_TABLES_H
#define MDD_TOOL_SERVE_TABLES_H

#include <mdd/db.h>

#include <stddef.h>
#include <stdint.h>

typedef struct serve_chunk {
    char *name; /* NULL when the chunk has none */
    int32_t type;
    uint64_t size; /* uncompressed bytes */
} serve_chunk;

typedef struct serve_layer {
    char *name;
    int is_base;
    uint32_t services; /* effective services */
} serve_layer;

typedef struct serve_ecu {
    char *name;
    const char *path; /* owned by the database */
    char *version;    /* NULL when absent */
    char *revision;
    const mdd_db_ecu *ecu;
    int is_default; /* the default of its name (several files may declare one ECU) */
    const mdd_store *store;
    size_t payload_chunk; /* the DIAGNOSTIC_DESCRIPTION chunk the database reads */
    size_t payload_len;
    serve_layer *variants; /* in EcuData order, as mdd_db_ecu_variant_at() */
    uint32_t variant_count;
    uint32_t base_variant; /* an index into variants, or UINT32_MAX when there is none */
    serve_layer *groups;
    uint32_t group_count;
    uint32_t dtc_count;
    serve_chunk *chunks;
    size_t chunk_count;
    /* The loop's: the payload's pages were mapped into the process once, resident
     * (serve_lookup.c), so that later residency checks find them in the page tables. */
    int payload_mapped;
} serve_ecu;

typedef struct serve_tables {
    serve_ecu *ecus; /* in the database's order: by name, the default first */
    size_t count;
} serve_tables;

/* Copies what the cheap endpoints need out of db (this touches the payloads: startup may
 * block). Returns 0, or -1 when out of memory (with nothing left allocated). */
int serve_tables_build(const mdd_db *db, serve_tables *out);

void serve_tables_free(serve_tables *t);

/* The ECU named name (bytewise), or NULL. */
const serve_ecu *serve_tables_find(const serve_tables *t, const char *name);

#endif
