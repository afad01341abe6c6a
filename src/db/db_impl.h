/* Private to the db layer: what a database, an ECU and a layer hold, and the steps that open
 * and index them. Everything here is written once while opening and only read afterwards,
 * which is what lets lookups run on many threads without locks. */
#ifndef MDD_DB_IMPL_H
#define MDD_DB_IMPL_H

#include "../common/error.h"

#include <mdd/db.h>

/* Prefix lengths MDD_REQUEST_PREFIX_MAX down to 0: one group of index entries each. */
#define DB_GROUPS (MDD_REQUEST_PREFIX_MAX + 1)

/* The prefix length of group g. */
#define DB_GROUP_LEN(g) ((uint32_t)(MDD_REQUEST_PREFIX_MAX - (g)))

/* One entry of a layer's request index: the prefix bytes read as a big-endian number (the
 * group gives their count) and the DiagService's table position in the payload. */
typedef struct db_request {
    uint32_t value;
    uint32_t service;
} db_request;

struct mdd_db_layer {
    const mdd_db_ecu *ecu;
    mdd_fb_table table; /* the Variant or FunctionalGroup */
    int is_variant;
    /* The layer's entries are ecu->requests[first .. first + count), grouped by prefix
     * length, longest first (group g ends at group_end[g]), each group ordered by value, then
     * by effective order. ecu->names[first .. first + count) lists the same entries (as
     * offsets from first) in name order. */
    uint32_t first;
    uint32_t count;
    uint32_t group_end[DB_GROUPS];
};

struct mdd_db_ecu {
    size_t source;   /* its place among the paths or payloads the database was opened with */
    char *path;      /* NULL for a payload */
    mdd_store *store; /* NULL for a payload */
    /* The payload as pinned by mdd_store_read() until the ECU is freed: under pread an entry
     * of the store's cache, otherwise a view that needs no pin. */
    mdd_pin pin;
    mdd_bytes payload;
    mdd_bytes name;
    mdd_bytes revision; /* EcuData's, else the container's */
    int is_default;     /* the newest of the ECUs of its name */
    mdd_ecu_data root;
    mdd_db_layer *layers; /* variants, then functional groups, in EcuData order */
    uint32_t variant_count;
    uint32_t group_count;
    uint32_t *layers_by_name; /* variant indexes by name, then functional group indexes */
    db_request *requests;     /* every layer's request index */
    uint32_t *names;          /* every layer's name order */
    uint32_t request_count;
    uint64_t *dtcs; /* trouble_code << 32 | index in EcuData.dtcs, ascending */
    uint32_t dtc_count;
    uint64_t index_bytes; /* what the ECU allocated: itself, its path and its arrays */
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
};

/* report.c */

/* Appends an entry whose strings are copies of source, chosen and where (each may be NULL)
 * and of the formatted message. Fails only when out of memory, adding nothing. */
MDD_INTERNAL mdd_status db_report_add(db_report *r, mdd_db_report_kind kind, mdd_status status,
                                      const char *source, const char *chosen, const char *where,
                                      mdd_error *err, const char *fmt, ...) MDD_PRINTF(8, 9);

/* Frees the entries and their strings. */
MDD_INTERNAL void db_report_free(db_report *r);

/* Copies name into buf (size bytes, NUL-terminated) for a message: at most size - 1 bytes,
 * anything outside printable ASCII as '?', so a hostile name cannot break the line. */
MDD_INTERNAL void db_printable(mdd_bytes name, char *buf, size_t size);

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

/* After the walks of verification and indexing, drops the store's mapped pages from the
 * process and its files from the page cache (mdd_store_evict()), so that idle memory holds
 * only what lookups touch and their faults bring in single pages. */
MDD_INTERNAL void db_release_payload(const mdd_db_ecu *ecu);

/* build.c */

/* Builds ecu's index over its loaded payload. */
MDD_INTERNAL mdd_status db_build_index(mdd_db_ecu *ecu, const mdd_inherit_limits *limits,
                                       mdd_error *err);

/* Frees what db_load_*() and db_build_index() gave ecu, and ecu itself. Safe on NULL. */
MDD_INTERNAL void db_ecu_free(mdd_db_ecu *ecu);

/* reserve.c */

/* Returns array grown (by doubling) to hold need elements of size bytes, updating *cap, or
 * NULL when out of memory, leaving array and *cap as they were. */
MDD_INTERNAL void *db_reserve(void *array, size_t *cap, size_t need, size_t size);

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

/* A C string as a name to search for. */
MDD_INTERNAL mdd_bytes db_name_bytes(const char *name);

/* The DiagLayer short_name of a Variant (is_variant) or FunctionalGroup table. */
MDD_INTERNAL mdd_bytes db_layer_table_name(mdd_fb_table t, int is_variant);

#endif
