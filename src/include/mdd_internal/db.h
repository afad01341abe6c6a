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


/* ---- Switching a directory's set of files at once (src/db/switch*.c) ----
 *
 * An update of a directory (src/update) keeps its work in DIR/.mdd-update: the staged files
 * and their plan (stage/), the set a switch replaced (backup/, with the plan that puts it
 * back), and, while a switch runs, the journal and the backup being made (next-backup/).
 * A switch moves files between those and DIR by the ops of a plan under an exclusive lock on
 * DIR/.mdd-update/switch; every open of the directory (mdd_db_open_dir(), live databases and
 * their reloads) reads DIR under a shared lock on it, so it sees the whole set before or the
 * whole set after. A switch that was interrupted (its journal is there when nobody holds the
 * lock) is completed by the next one to take the lock: docs/adr/0034-update-transactions.md. */

#define DB_UPDATE_DIR ".mdd-update"
/* The most ops a plan holds, and the longest file name of one. */
#define DB_SWITCH_OPS_MAX 4096
#define DB_SWITCH_NAME_MAX 255

typedef enum db_switch_kind {
    DB_SWITCH_ADD = 1, /* a file DIR lacks, from the plan's source */
    DB_SWITCH_REPLACE, /* a file of DIR, by the source's of its name */
    DB_SWITCH_REMOVE   /* a file of DIR, taken out */
} db_switch_kind;

/* One file of a plan: what it does, and what status shows of it (the ECU, revision, size
 * and SHA-512 of the file the op puts into DIR; of the file it removes for a removal). */
typedef struct db_switch_op {
    db_switch_kind kind;
    char name[DB_SWITCH_NAME_MAX + 1]; /* NAME.mdd, a plain name in DIR */
    uint8_t ecu[MDD_DB_HISTORY_TEXT_MAX];
    size_t ecu_len;
    uint8_t revision[MDD_DB_HISTORY_TEXT_MAX];
    size_t revision_len;
    uint64_t size;
    uint8_t sha512[64];
} db_switch_op;

/* Where a plan's files come from: staged files (an apply, which raises the downgrade
 * history to their revisions) or the backup (a rollback, which sets it to theirs). */
typedef enum db_switch_source { DB_SWITCH_FROM_STAGE = 1, DB_SWITCH_FROM_BACKUP } db_switch_source;

typedef struct db_switch_plan {
    db_switch_source source;
    int finishing; /* a journal whose ops are all done: only the tidying is left */
    db_switch_op *ops;
    size_t count;
} db_switch_plan;

/* Whether name may be a plan's file name: NAME.mdd without '/', not starting with '.'. */
MDD_INTERNAL int db_switch_name_ok(const char *name);

/* Appends a zeroed op to plan (ops grow as needed); NULL when out of memory or full. */
MDD_INTERNAL db_switch_op *db_switch_plan_add(db_switch_plan *plan, mdd_error *err);

/* The op of plan for file name, or NULL. */
MDD_INTERNAL db_switch_op *db_switch_plan_find(const db_switch_plan *plan, const char *name);

/* Frees plan's ops and empties it. */
MDD_INTERNAL void db_switch_plan_free(db_switch_plan *plan);

/* Parses a plan file's content data[0..size) into *plan (empty on failure), named name in
 * messages: MDD_ERR_FORMAT naming the line and the reason, MDD_ERR_CHECKSUM, MDD_ERR_LIMIT. */
MDD_INTERNAL mdd_status db_switch_plan_parse(const char *name, const uint8_t *data, size_t size,
                                             db_switch_plan *plan, mdd_error *err);

/* Encodes plan into out (appended): what db_switch_plan_parse() reads back. */
MDD_INTERNAL mdd_status db_switch_plan_encode(const db_switch_plan *plan, mdd_buffer *out,
                                              mdd_error *err);

/* Reads the plan file at path, trusted as files the library keeps are (mdd_record_check_owner()).
 * A missing file gives an empty plan and MDD_ERR_NOT_FOUND. */
MDD_INTERNAL mdd_status db_switch_plan_read(const char *path, db_switch_plan *plan,
                                            mdd_error *err);

/* Writes plan to path crash-safely (mode 0644). */
MDD_INTERNAL mdd_status db_switch_plan_write(const char *path, const db_switch_plan *plan,
                                             mdd_error *err);

/* Takes the shared lock of dir's switch for a reader: *fd holds it until
 * db_switch_release(). When an interrupted switch is found, completes it first (which needs
 * write access to dir: MDD_ERR_READ_ONLY says so otherwise). A directory that never had an
 * update has no lock to take: *fd is then -1, and the reader asks db_switch_appeared() once
 * it has read the directory. */
MDD_INTERNAL mdd_status db_switch_hold(const char *dir, int *fd, mdd_error *err);

/* Gives up a hold from db_switch_hold(). Safe on -1. */
MDD_INTERNAL void db_switch_release(int fd);

/* Whether a switch lock appeared in dir since a db_switch_hold() that found none: a reader
 * then reads the directory again under the lock. */
MDD_INTERNAL int db_switch_appeared(const char *dir);

/* Switches dir's files by plan, whose source directory (.mdd-update/stage or backup) holds
 * the files the ops put in and whose next-backup/ directory exists (with the plan that
 * undoes this one): writes the journal, then under the exclusive lock sets the downgrade
 * history, links the files replaced or removed into next-backup/, renames and removes, and
 * makes next-backup/ the backup. A failure after the journal is written leaves it for the
 * next lock holder to complete. */
MDD_INTERNAL mdd_status db_switch_run(const char *dir, const db_switch_plan *plan,
                                      mdd_error *err);

/* Completes an interrupted switch of dir, if any, and removes what killed journal writers
 * left: under the exclusive lock. For the updater, which holds the directory's update
 * lock. */
MDD_INTERNAL mdd_status db_switch_recover(const char *dir, mdd_error *err);

#ifdef __cplusplus
}
#endif

/* The layout of mdd_db_options (options_read()). */
MDD_INTERNAL extern const options_layout options_layout_db;

#endif
