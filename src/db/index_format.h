/* SPDX-License-Identifier: Apache-2.0 */
/* Private to the db layer: the persisted index, NAME.mdd.idx (docs/format.md "Persisted
 * index", docs/adr/0024-ready-fast-with-integrity.md). It holds an ECU's index arrays in the
 * host's native layout, so that lookups read them in place from a read-only mapping: a
 * header saying which file, chunk and options they index, the arrays at 8-byte aligned
 * offsets that the counts alone determine, and a trailing checksum. Nothing in it is used
 * before the checksum, the binding and every offset and count are checked. */
#ifndef MDD_DB_INDEX_FORMAT_H
#define MDD_DB_INDEX_FORMAT_H

#include "db_impl.h"

#include <mdd_internal/store.h>

#define DB_INDEX_MAGIC "MDDINDX1"
/* Written as a native uint32_t: a file from a host of the other byte order reads it
 * reversed. */
#define DB_INDEX_BYTE_ORDER 0x01020304u
/* The library's index version: bumped whenever what the arrays mean or how they are built
 * changes, so that an index from another version is stale. */
#define DB_INDEX_VERSION 1u
/* A header flag: building found no missing parent reference, so an open that loads the
 * index has no MDD_DB_REPORT_MISSING_PARENT entry to add for the file. */
#define DB_INDEX_NO_MISSING_PARENTS 1u
/* The largest index loaded: bounds what a hostile file can make an open map and checksum. */
#define DB_INDEX_MAX_SIZE ((uint64_t)1 << 30)

/* What an index is bound to: the file version, its description chunk and the options that
 * shaped the index. An index whose key differs in any field is stale. */
typedef struct db_index_key {
    mdd_record_identity identity; /* zero for a payload */
    uint64_t chunk;               /* the DIAGNOSTIC_DESCRIPTION chunk's number */
    uint64_t payload_len;
    uint8_t chunk_sha512[MDD_SHA512_SIZE]; /* the chunk's, from the verification record */
    uint32_t inherit_max_depth;
    uint32_t inherit_max_steps;
} db_index_key;

/* The counts that determine the layout. */
typedef struct db_index_counts {
    uint32_t variant_count;
    uint32_t group_count;
    uint32_t request_count;
    uint32_t prefix_bytes;
    uint32_t run_count;
    uint32_t class_count;
    uint32_t dtc_count;
    uint32_t flags; /* DB_INDEX_* flags */
} db_index_counts;

typedef struct db_index_header {
    char magic[8];
    uint32_t byte_order;
    uint32_t version;
    db_index_key key;
    db_index_counts counts;
} db_index_header;

/* One layer's Variant or FunctionalGroup table position and its ranges, as in mdd_db_layer.
 * The position is kept so that loading reads no layer table of the payload (each would be a
 * page fault, on a cold start a disk read); like every table position, it is checked by the
 * payload's readers when used, not here. */
typedef struct db_index_layer {
    uint32_t table;
    uint32_t first;
    uint32_t count;
    uint32_t run_first;
    uint32_t run_count;
    uint32_t class_first;
    uint32_t class_count;
} db_index_layer;

/* The sections, in file order. */
enum {
    IDX_LAYERS,
    IDX_LAYERS_BY_NAME,
    IDX_REQUESTS,
    IDX_NAMES,
    IDX_NAMES_FOLDED,
    IDX_SEMANTICS,
    IDX_PREFIXES,
    IDX_RUNS,
    IDX_CLASS_ENTRIES,
    IDX_CLASS_TABLES,
    IDX_DTCS,
    IDX_SECTION_COUNT
};

/* Where each section starts and how many bytes it takes; size is the whole file's. */
typedef struct db_index_layout {
    uint64_t offset[IDX_SECTION_COUNT];
    uint64_t bytes[IDX_SECTION_COUNT];
    uint64_t checksum; /* where the trailing checksum starts */
    uint64_t size;
} db_index_layout;

#define DB_INDEX_CHECKSUM_SIZE 8u

/* index.c: where the sections lie */

/* The layout of an index with counts c. */
MDD_INTERNAL db_index_layout db_index_layout_of(const db_index_counts *c);

/* The checksum of data[0..size): lzma_crc64 (see the ADR for why not SHA-512). */
MDD_INTERNAL uint64_t db_index_checksum(const uint8_t *data, size_t size);

/* index_encode.c */

/* The counts of ecu's built index, with flags. */
MDD_INTERNAL db_index_counts db_index_counts_of(const mdd_db_ecu *ecu, uint32_t flags);

/* Writes ecu's index bound to key into out, which holds db_index_layout_of(counts).size
 * bytes, checksum included. */
MDD_INTERNAL void db_index_encode(const mdd_db_ecu *ecu, const db_index_key *key,
                                  const db_index_counts *counts, uint8_t *out);

/* index_check.c */

/* Checks data[0..size) as an index bound to key: header, binding, size for its counts,
 * checksum, then every range and position the lookups follow, in one pass. Sets *header (a
 * copy) on success. MDD_ERR_FORMAT or MDD_ERR_CHECKSUM naming the offset or the structure and
 * the reason. Reads nothing outside data. */
MDD_INTERNAL mdd_status db_index_check(const db_index_key *key, const uint8_t *data,
                                       size_t size, db_index_header *header, mdd_error *err);

/* Replaces ecu's index arrays by views of data (an index db_index_check() accepted, which
 * stays alive while ecu uses it: the ECU's index_file, or a caller's memory), freeing the
 * arrays it allocated, and rebuilds its layers from it. Fails only when out of memory,
 * leaving ecu as it was. */
MDD_INTERNAL mdd_status db_index_adopt(mdd_db_ecu *ecu, const uint8_t *data,
                                       const db_index_header *header, mdd_error *err);

/* Frees the arrays db_build_index() allocated (not the layers) and clears them. */
MDD_INTERNAL void db_index_free_arrays(mdd_db_ecu *ecu);

/* ---- Persisted index files (index_file.c) ---- */

/* An index file mapped read-only, its descriptor still open (for eviction). */
typedef struct db_index_file {
    int fd;
    mdd_mapping map; /* its fd is -1: the descriptor is fd above */
} db_index_file;

/* Maps the index file of mdd_path when it may be trusted as a file (mdd_record_check_owner()
 * with DB_INDEX_MAX_SIZE), not following a symbolic link, and asks for it all to be read
 * ahead. MDD_ERR_NOT_FOUND when there is none; otherwise the message names the file. */
MDD_INTERNAL mdd_status db_index_file_map(const char *mdd_path, db_index_file *out,
                                          mdd_error *err);

/* Closes the descriptor (first dropping the file from the page cache when evict is set) and
 * unmaps unless the mapping was taken (f->map zeroed) by the caller. */
MDD_INTERNAL void db_index_file_close(db_index_file *f, int evict);

/* Writes index as mdd_path's index file, crash-safely, with mode (masked to 0644). */
MDD_INTERNAL mdd_status db_index_file_write(const char *mdd_path, mode_t mode, mdd_bytes index,
                                            mdd_error *err);

#endif
