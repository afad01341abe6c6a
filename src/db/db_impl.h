/* SPDX-License-Identifier: Apache-2.0 */
/* Private to the db layer: what a database, an ECU and a layer hold, and the steps that open
 * and index them. Everything here is written once while opening and only read afterwards,
 * which is what lets lookups run on many threads without locks. The reference counts are
 * the exception: a live database's generations share unchanged ECUs (live.c, reload.c). */
#ifndef MDD_DB_IMPL_H
#define MDD_DB_IMPL_H

#include <mdd_internal/common.h>

#include <mdd/db.h>
#include <mdd/fb_verify.h>
#include <mdd/file.h>
#include <mdd/store.h>

#include <stdatomic.h>
#include <sys/types.h>

/* One entry of a layer's request index: where the service's request prefix sits in the
 * ECU's prefix arena, and the DiagService's table position in the payload. */
typedef struct db_request {
    uint32_t prefix;
    uint32_t prefix_len;
    uint32_t service;
} db_request;

/* A run of a layer's request entries whose prefixes have one length: they end at entry end
 * (counted from the layer's first). */
typedef struct db_length_run {
    uint32_t len;
    uint32_t end;
} db_length_run;

struct mdd_db_layer {
    const mdd_db_ecu *ecu;
    mdd_fb_table table; /* the Variant or FunctionalGroup */
    int is_variant;
    /* The layer's entries are ecu->requests[first .. first + count), longest prefix first,
     * then by prefix bytes, then by service name; ecu->runs[run_first .. run_first +
     * run_count) splits them by prefix length. The same range of ecu->names,
     * ecu->names_folded and ecu->semantics lists the entries (counted from first) by name,
     * by name with ASCII case folded, and by semantic (folded); ties by name. */
    uint32_t first;
    uint32_t count;
    uint32_t run_first;
    uint32_t run_count;
    /* The layer's functional-class index: ecu->class_entries and ecu->class_tables
     * [class_first .. class_first + class_count), by class name (folded), then by service
     * name. */
    uint32_t class_first;
    uint32_t class_count;
};

/* Which file a path named when it was loaded: a reload loads a path again only when this
 * changed. valid is 0 for a payload, or when the path could not be stat'ed. */
typedef struct db_identity {
    int valid;
    dev_t dev;
    ino_t ino;
    off_t size;
    struct timespec mtime;
    struct timespec ctime;
} db_identity;

struct mdd_db_ecu {
    /* The databases (generations of a live database) that hold the ECU; it is freed with
     * the last. Only an ECU held by one database is ever written to after open. */
    atomic_size_t refs;
    uint64_t serial; /* unique among the ECUs the process ever opened (mdd_internal/db.h) */
    size_t source;   /* its place among the paths or payloads the database was opened with */
    char *path;      /* NULL for a payload */
    db_identity identity; /* of the file the store loaded */
    mdd_store *store; /* NULL for a payload */
    /* The payload as pinned by mdd_store_read() until the ECU is freed: under pread an entry
     * of the store's cache, otherwise a view that needs no pin. */
    mdd_pin pin;
    mdd_bytes payload;
    mdd_bytes name;
    mdd_bytes revision; /* EcuData's, else the container's; for a file, copies in strings */
    uint8_t *strings;   /* owns the copies of a file's name and revision, or NULL */
    int is_default;     /* the newest of the ECUs of its name */
    mdd_ecu_data root;
    mdd_db_layer *layers; /* variants, then functional groups, in EcuData order */
    uint32_t variant_count;
    uint32_t group_count;
    uint32_t *layers_by_name; /* variant indexes by name, then functional group indexes */
    db_request *requests;     /* every layer's request index */
    uint32_t *names;          /* every layer's name order */
    uint32_t *names_folded;   /* every layer's order by folded name */
    uint32_t *semantics;      /* every layer's order by folded semantic */
    uint32_t request_count;
    uint8_t *prefixes;        /* every distinct Request's prefix bytes, once */
    uint32_t prefix_bytes;
    db_length_run *runs;
    uint32_t run_count;
    uint32_t *class_entries; /* a request entry, counted from its layer's first */
    uint32_t *class_tables;  /* one FunctClass of that entry's DiagComm: its table position */
    uint32_t class_count;
    uint64_t *dtcs; /* trouble_code << 32 | index in EcuData.dtcs, ascending */
    uint32_t dtc_count;
    uint64_t index_bytes; /* what the ECU allocated: itself, its path and its arrays */
    size_t chunk;         /* the DIAGNOSTIC_DESCRIPTION chunk's number (0 for a payload) */
    /* The persisted index the arrays above are views of (read-only), unmapped when the ECU
     * is freed; empty (data NULL) when they were allocated (index.c). */
    mdd_mapping index_file;
    /* Nonzero: the index arrays are views of memory the ECU does not own (index_file's, or
     * a caller's), freed by nobody here. */
    int index_borrowed;
    int index_origin; /* an mdd_db_index_origin (mdd_internal/db.h) */
};

/* What opening reported, in the order it was found. */
typedef struct db_report {
    mdd_db_report_entry *entries;
    size_t count;
    size_t cap;
} db_report;

struct mdd_db {
    mdd_db_ecu **ecus; /* by name, the default first among equal names, then newest first */
    size_t count;
    db_report report;
    /* A live database's generation: the holds of mdd_db_live_acquire() plus the live
     * database's own while it is the current one; closed with the last. */
    atomic_size_t holds;
};

/* open.c */

/* A database with room for cap ECUs and none yet. */
MDD_INTERNAL mdd_status db_create(size_t cap, mdd_db **out, mdd_error *err);

/* Opens the file path as the ECU of source number source (its place in the order the ECUs
 * were given, which breaks ties of name and revision), adding its missing-parent entries to
 * report. The message of a failure starts with path. */
MDD_INTERNAL mdd_status db_open_file_ecu(const char *path, size_t source,
                                         const mdd_db_options *opts, mdd_fb_verifier *verifier,
                                         db_report *report, mdd_db_ecu **out, mdd_error *err);

/* mdd_db_open_dir() leaving out, with a report entry, each file below the floor of its ECU
 * name in history (NULL: none; see db_history_check_ecu()). */
MDD_INTERNAL mdd_status db_open_dir_over(const char *dir, const mdd_db_options *opts,
                                         const mdd_db_history *history, mdd_db **out,
                                         mdd_error *err);

/* Sorts db's ECUs (by name, newest revision first, then in the order they were added),
 * marks the default of each name and reports the others as duplicates. An ECU another
 * database holds too keeps its mark (reload.c loads one afresh when the mark must
 * change). */
MDD_INTERNAL mdd_status db_order_ecus(mdd_db *db, mdd_error *err);

/* Gives up db's hold of ecu, freeing it with the last hold. Safe on NULL. */
MDD_INTERNAL void db_ecu_drop(mdd_db_ecu *ecu);

/* The arguments of an open of a directory as a database, for db_switch_read(). */
typedef struct db_dir_open {
    const char *dir;
    const mdd_db_options *opts;
    mdd_db **out;
} db_dir_open;

/* db_switch_read()'s undo for a db_dir_open: closes the database it made (open.c). */
MDD_INTERNAL void db_dir_open_undo(void *ctx);

/* switch.c: reading a directory that an update may switch */

/* Reads a directory: MDD_OK, or why not (leaving nothing to undo). */
typedef mdd_status (*db_switch_reader)(void *ctx, mdd_error *err);

/* Runs read(ctx) while holding dir's switch lock shared (db_switch_hold()), so that it sees
 * the set of files before an update's switch or after it, never a mix. When the directory
 * had no lock and one appeared meanwhile (its first update), it reads again under the lock,
 * after undo(ctx) drops what a read that succeeded made (one that failed may have met a file
 * the switch took away). */
MDD_INTERNAL mdd_status db_switch_read(const char *dir, db_switch_reader read,
                                       void (*undo)(void *ctx), void *ctx, mdd_error *err);

/* live.c: what a reload needs of the live database. */

MDD_INTERNAL const char *db_live_dir(const mdd_db_live *live);
MDD_INTERNAL const mdd_db_options *db_live_options(const mdd_db_live *live);

/* Reloads take turns under this lock, which readers never take. */
MDD_INTERNAL void db_live_lock(mdd_db_live *live);
MDD_INTERNAL void db_live_unlock(mdd_db_live *live);

/* The current generation; only a caller holding the reload lock may use it without a hold,
 * since only a reload replaces it. */
MDD_INTERNAL const mdd_db *db_live_current(const mdd_db_live *live);

/* Makes next (with its one hold) the current generation and gives up the live database's
 * hold of the one before, once no reader can still be taking a hold of it. Under the reload
 * lock. */
MDD_INTERNAL void db_live_publish(mdd_db_live *live, mdd_db *next);

/* reload.c: which file a path or a store names */

/* The identity of the file path names now (invalid when it cannot be stat'ed). */
MDD_INTERNAL db_identity db_file_identity(const char *path);

/* The identity of the file store loaded (invalid when the store cannot say). */
MDD_INTERNAL db_identity db_store_identity(const mdd_store *store);

/* Whether a and b are valid and name the same, unchanged file. */
MDD_INTERNAL int db_identity_same(const db_identity *a, const db_identity *b);

/* report.c */

/* Appends an entry whose strings are copies of source, chosen and where (each may be NULL)
 * and of the formatted message. Fails only when out of memory, adding nothing. */
MDD_INTERNAL mdd_status db_report_add(db_report *r, mdd_db_report_kind kind, mdd_status status,
                                      const char *source, const char *chosen, const char *where,
                                      mdd_error *err, const char *fmt, ...) MDD_PRINTF(8, 9);

/* Frees the entries and their strings. */
MDD_INTERNAL void db_report_free(db_report *r);

/* Appends to r a copy of every entry of from of kind kind about source. Fails only when out
 * of memory. */
MDD_INTERNAL mdd_status db_report_copy(db_report *r, const db_report *from,
                                       mdd_db_report_kind kind, const char *source,
                                       mdd_error *err);

/* Copies name into buf (size bytes, NUL-terminated) for a message: at most size - 1 bytes,
 * anything outside printable ASCII as '?', so a hostile name cannot break the line. */
MDD_INTERNAL void db_printable(mdd_bytes name, char *buf, size_t size);

/* A revision for a message: as db_printable(), an absent or empty one as "none". */
MDD_INTERNAL void db_revision_text(mdd_bytes revision, char *buf, size_t size);

/* history.c: the downgrade history (include/mdd/db.h) */

/* One ECU name's highest accepted revision. */
typedef struct db_history_entry {
    mdd_bytes name;
    mdd_bytes revision;
} db_history_entry;

/* mdd_db_history_raise() for add[0..n) at once: one read and at most one write. */
MDD_INTERNAL mdd_status db_history_raise_all(const char *dir, const db_history_entry *add,
                                             size_t n, mdd_error *err);

/* As db_history_raise_all(), but lowering entries too: dir's history then records exactly
 * set[0..n)'s revisions for their names (a rollback goes back on purpose). */
MDD_INTERNAL mdd_status db_history_set_all(const char *dir, const db_history_entry *set,
                                           size_t n, mdd_error *err);

/* mdd_db_history_check() of ecu's name and revision under opts->allow_downgrade. */
MDD_INTERNAL mdd_status db_history_check_ecu(const mdd_db_history *history,
                                             const mdd_db_ecu *ecu, const mdd_db_options *opts,
                                             mdd_error *err);

/* Records the revisions of db's ECUs, which a live database took, in dir's history when the
 * process can: best effort, a history that cannot be written stays as it is (reading it
 * still applies). */
MDD_INTERNAL void db_history_record(const char *dir, const mdd_db *db);

/* parents.c */

/* Adds a MDD_DB_REPORT_MISSING_PARENT entry to r for every parent reference of the indexed
 * ecu that names no layer of its file, reached from its variants and functional groups
 * (each referenced table checked once). source names the file. Fails only when out of
 * memory. */
MDD_INTERNAL mdd_status db_check_parents(const mdd_db_ecu *ecu, const char *source,
                                         db_report *r, mdd_error *err);

/* load.c */

/* Opens path under opts into ecu: the store, the DIAGNOSTIC_DESCRIPTION payload, verified
 * as EcuData with verifier (shared by the ECUs of one open) when opts->store.verify is set,
 * and its name. Messages do not name the path: the caller puts it in front. */
MDD_INTERNAL mdd_status db_load_file(mdd_db_ecu *ecu, const char *path,
                                     const mdd_db_options *opts, mdd_fb_verifier *verifier,
                                     mdd_error *err);

/* Takes payload as ecu's EcuData, verified with verifier when opts->store.verify is set. */
MDD_INTERNAL mdd_status db_load_payload(mdd_db_ecu *ecu, mdd_bytes payload,
                                        const mdd_db_options *opts, mdd_fb_verifier *verifier,
                                        mdd_error *err);

/* Makes ecu's name and revision copies of its own (for a file: the database sorts its ECUs
 * by them after every payload was released, and a page of a released payload read again is a
 * disk read on a cold start). Fails only when out of memory. */
MDD_INTERNAL mdd_status db_keep_names(mdd_db_ecu *ecu, mdd_error *err);

/* After the walks of verification and indexing, drops the store's mapped pages from the
 * process and, when opts->store.evict is on, its files from the page cache
 * (mdd_store_evict()), so that idle memory holds only what lookups touch and their faults
 * bring in single pages. */
MDD_INTERNAL void db_release_payload(const mdd_db_ecu *ecu, const mdd_db_options *opts);

/* build.c */

/* Builds ecu's index over its loaded payload. */
MDD_INTERNAL mdd_status db_build_index(mdd_db_ecu *ecu, const mdd_inherit_limits *limits,
                                       mdd_error *err);

/* Frees what db_load_*() and db_build_index() (or db_index_establish()) gave ecu, and ecu
 * itself. Safe on NULL. */
MDD_INTERNAL void db_ecu_free(mdd_db_ecu *ecu);

/* Frees the index arrays db_build_index() allocated (not the layers) and clears them. */
MDD_INTERNAL void db_index_free_arrays(mdd_db_ecu *ecu);

/* index.c: the persisted index (docs/adr/0024-ready-fast-with-integrity.md) */

/* Gives ecu, whose payload is loaded, its index: the persisted one of its file when it is
 * current and checks, else built (db_build_index()) and, for a file whose integrity a
 * verification record establishes and with opts->persist_index on, written beside the file
 * and mapped for the next open; a file that cannot be written keeps the built index in
 * memory. Also adds the file's missing-parent entries to report (source names the file).
 * Fails only as building or the parent check fails. */
MDD_INTERNAL mdd_status db_index_establish(mdd_db_ecu *ecu, const mdd_db_options *opts,
                                           const char *source, db_report *report,
                                           mdd_error *err);


/* prefixes.c */

/* The prefix arena under construction: each distinct Request's prefix once, found again by
 * the Request's table position through an open-addressing table. */
typedef struct db_prefix_arena {
    uint8_t *bytes;
    size_t len;
    size_t cap;
    uint32_t *keys;    /* Request table positions, 0 for a free slot */
    uint64_t *values;  /* offset << 32 | length of the key's prefix */
    size_t slot_count; /* a power of two, or 0 */
    size_t used;       /* slots taken */
} db_prefix_arena;

/* The prefix of service s in the arena (adding it when its Request is new): sets *offset
 * and *len. Fails with MDD_ERR_NOMEM, or MDD_ERR_LIMIT past 4 GiB of prefixes. */
MDD_INTERNAL mdd_status db_prefix_of(db_prefix_arena *a, mdd_diag_service s, uint32_t *offset,
                                     uint32_t *len, mdd_error *err);

/* Frees the lookup table, keeping the bytes (the caller takes them). */
MDD_INTERNAL void db_prefix_arena_done(db_prefix_arena *a);

/* services.c */

typedef struct db_order_key db_order_key;
typedef struct db_folded_key db_folded_key;

/* What indexing the layers of one ECU builds up and reuses from layer to layer. Zero it
 * before the first layer. */
typedef struct db_services_build {
    mdd_db_ecu *ecu;
    mdd_error *err;
    db_prefix_arena arena;
    size_t requests_cap; /* of ecu->requests, names, names_folded and semantics alike */
    size_t runs_cap;
    size_t classes_cap; /* of ecu->class_entries and class_tables alike */
    db_order_key *order;
    size_t order_cap;
    db_folded_key *keys;
    size_t keys_cap;
} db_services_build;

/* Indexes the effective services of layer (services, in effective order) into b->ecu's
 * arrays: sets the layer's ranges. */
MDD_INTERNAL mdd_status db_index_services(db_services_build *b, mdd_db_layer *layer,
                                          const mdd_service_list *services);

/* After the last layer: hands the prefix arena to the ECU, gives back the room the doubling
 * left over, counts the arrays in index_bytes, and frees the scratch. Also on failure. */
MDD_INTERNAL void db_services_build_finish(db_services_build *b);

/* build.c: growing arrays */

/* Returns array grown (by doubling) to hold need elements of size bytes, updating *cap, or
 * NULL when out of memory, leaving array and *cap as they were. */
MDD_INTERNAL void *db_reserve(void *array, size_t *cap, size_t need, size_t size);

/* prefetch.c */

/* Asks the kernel to read ahead, for every file of paths at once, what opening it under opts
 * reads first (the file's head and tail, its verification record and persisted index), so
 * that a cold start's reads overlap. Only for the strategies and modes that trust a record
 * (the others read whole files anyway). Advice: nothing fails. */
MDD_INTERNAL void db_prefetch(const char *const *paths, size_t count,
                              const mdd_db_options *opts);

/* dir.c */

/* The *.mdd regular files of dir as paths "dir/name", sorted bytewise. The caller frees
 * each path and the array (db_paths_free()). */
MDD_INTERNAL mdd_status db_list_dir(const char *dir, char ***paths, size_t *count,
                                    mdd_error *err);

MDD_INTERNAL void db_paths_free(char **paths, size_t count);

/* search.c */

/* The name at position pos of something sorted by name, for db_name_lower_bound(). */
typedef mdd_bytes (*db_name_fn)(const void *ctx, size_t pos);

/* The first position in [0, n) whose name is not below name (n when there is none). */
MDD_INTERNAL size_t db_name_lower_bound(size_t n, db_name_fn name_of, const void *ctx,
                                        mdd_bytes name);

/* The positions [*lo, *hi) of the run of [0, n), sorted by folded name, whose names equal
 * name with case folded. */
MDD_INTERNAL void db_folded_range(size_t n, db_name_fn name_of, const void *ctx, mdd_bytes name,
                                  size_t *lo, size_t *hi);

/* A C string as a name to search for. */
MDD_INTERNAL mdd_bytes db_name_bytes(const char *name);

/* The DiagLayer short_name of a Variant (is_variant) or FunctionalGroup table. */
MDD_INTERNAL mdd_bytes db_layer_table_name(mdd_fb_table t, int is_variant);

#endif
