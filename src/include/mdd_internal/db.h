/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd internal (not installed): the db layer's internal interface. Its parts:
 *
 * - The database's persisted index, NAME.mdd.idx beside an MDD file
 *   (docs/adr/0024-ready-fast-with-integrity.md, docs/format.md "Persisted index"). The tests
 *   observe with it whether an open loaded, wrote or only built an ECU's index; the fuzz
 *   target feeds hostile indexes to the checker through it.
 * - What a memo of request lookups (the UDS codec's, src/uds/memo.c) keys a layer on: an
 *   identity that outlives the layer's address, and how many request bytes a lookup reads. */
#ifndef MDD_INTERNAL_DB_H
#define MDD_INTERNAL_DB_H

#include <mdd_internal/common.h>

#include <mdd/db.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- The persisted index ---- */

#define MDD_DB_INDEX_SUFFIX ".idx"

/* Where an open ECU's index came from. */
typedef enum mdd_db_index_origin {
    /* Built at this open and kept in memory: a payload, no verification record (verify off,
     * MDD_INTEGRITY_HASH, heap or sidecar), persist_index off, or the index file could not
     * be written or read back. */
    MDD_DB_INDEX_MEMORY = 0,
    /* Built at this open (none was there, or it was stale or refused), written beside the
     * file and mapped from it. */
    MDD_DB_INDEX_WRITTEN = 1,
    /* Mapped from the index an earlier open wrote, which checked: nothing was built. */
    MDD_DB_INDEX_LOADED = 2,
} mdd_db_index_origin;

/* Where ecu's index came from. */
mdd_db_index_origin mdd_db_ecu_index_origin(const mdd_db_ecu *ecu);

/* Sets *path to mdd_path + MDD_DB_INDEX_SUFFIX, which the caller frees with free(). */
mdd_status mdd_db_index_path(const char *mdd_path, char **path, mdd_error *err);

/* Recomputes the trailing checksum of the index data[0..size) (its last 8 bytes), as a
 * writer would have; nothing when size is below 8. For tests and fuzzing behind the
 * checksum. */
void mdd_db_index_seal(uint8_t *data, size_t size);

/* Appends to out the persisted index of ECU i of db, which was opened from payloads with
 * inheritance limits *limits, as it would be written for a payload (no file identity, no
 * chunk digest). MDD_ERR_ARG when there is no ECU i. */
mdd_status mdd_db_index_encode_payload(const mdd_db *db, size_t i,
                                       const mdd_inherit_limits *limits, mdd_buffer *out,
                                       mdd_error *err);

/* Checks data[0..size) (8-byte aligned) as the index of ECU i of db keyed as
 * mdd_db_index_encode_payload() keys it, exactly as an open checks an index file, and on
 * success makes it that ECU's index: data must then stay alive and unchanged until db is
 * closed. The ECU's index is unchanged on failure. */
mdd_status mdd_db_index_adopt_payload(mdd_db *db, size_t i, const mdd_inherit_limits *limits,
                                      const uint8_t *data, size_t size, mdd_error *err);

/* ---- Layer keys of a memo ---- */

/* The serial of the layer's ECU: unique among every ECU the process opened, so that a
 * layer freed and another allocated at its address are told apart. Never 0. */
MDD_INTERNAL uint64_t db_layer_serial(const mdd_db_layer *layer);

/* The length of the layer's longest request prefix: mdd_db_layer_lookup_request() of a request
 * reads no byte past it, so requests that agree on their first prefix_max bytes (and are
 * both at least that long) find the same services. */
MDD_INTERNAL uint32_t db_layer_prefix_max(const mdd_db_layer *layer);

/* ---- The downgrade history's bytes ---- */

/* Parses a history file's content data[0..size) (copied) into *out, as mdd_db_history_load()
 * parses the file, named name in messages: for tests and fuzzing. */
MDD_INTERNAL mdd_status mdd_db_history_parse(const char *name, const uint8_t *data, size_t size,
                                             mdd_db_history **out, mdd_error *err);

#ifdef __cplusplus
}
#endif

/* The layout of mdd_db_options (options_read()). */
MDD_INTERNAL extern const options_layout options_layout_db;

#endif
