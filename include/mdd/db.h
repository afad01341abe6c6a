/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd: a database of ECUs, each one MDD file's diagnostic description with an index for
 * fast, allocation-free lookups.
 *
 * mdd_db_open() loads each file with a store (include/mdd/load.h has its settings), takes the
 * payload of its DIAGNOSTIC_DESCRIPTION chunk, verifies it as an EcuData FlatBuffer
 * (mdd_fb_verify_ecu_data()) when verification is on, and builds per ECU a handful of sorted
 * arrays: for every variant and functional group its effective services (its own plus the
 * inherited ones, docs/format.md "Inheritance") ordered by request prefix, by short name (as
 * is and without case), by semantic and by functional class, the variants and functional
 * groups by name, and the DTCs by trouble code; the request prefixes, of any length, sit in
 * one byte array per ECU.
 *
 * Names (of ECUs, variants, functional groups, services) are compared and sorted bytewise, so
 * UTF-8 sorts by code point; an absent name counts as the empty one.
 *
 * Everything a database hands out (ECU, layer and service handles, views into the payload)
 * stays valid until mdd_db_close(). A database never changes after it is opened: any number
 * of threads may call the lookups below at once without locks, and no lookup allocates.
 *
 * A live database (mdd_db_live_open_dir()) follows a directory whose files are updated while
 * it serves: each reload publishes a new database, a generation, that readers acquire,
 * look up in with every call below, and release. See "Live databases" at the end.
 *
 * Request prefixes and inheritance, which the index is built from, are in include/mdd/ecu.h:
 * they work on any EcuData view without a database. */
#ifndef MDD_DB_H
#define MDD_DB_H

#include <mdd/ecu.h>
#include <mdd/load.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Opening and closing a database ---- */

typedef struct mdd_db mdd_db;
typedef struct mdd_db_ecu mdd_db_ecu;
typedef struct mdd_db_layer mdd_db_layer;

typedef struct mdd_db_options {
    size_t size; /* see "Options" in include/mdd/status.h */
    /* How each file is loaded: strategy (default inplace, which converts a compressed file
     * in place once) and verify (default on), see include/mdd/load.h. With verify on, every
     * chunk's SHA-512 is checked and the diagnostic description is verified as an EcuData
     * FlatBuffer with the options below before anything reads it. With evict (default on)
     * the files leave the page cache after those walks; off, only the process's mapped
     * pages go. */
    mdd_store_options store;
    mdd_fb_verify_options fb;
    mdd_inherit_limits inherit;
    /* Nonzero: a file (or payload) that does not open, verify or index is left out of the
     * database with a report entry (MDD_DB_REPORT_SKIPPED) instead of failing the open. Out
     * of memory still fails. Default 0. */
    int skip_invalid;
    /* Live databases only: nonzero lets a reload take a file whose revision is older than the
     * one loaded from its path, or than the directory's downgrade history records for its
     * ECU name (a downgrade), which is otherwise refused. Default 0. */
    int allow_downgrade;
    /* Nonzero (the default): a file whose integrity a verification record establishes
     * (store.integrity MDD_INTEGRITY_RECORD, inplace or pread) keeps its lookup index in
     * NAME.mdd.idx beside it, written at the first open that finds none current and mapped
     * read-only by later opens instead of building it again; a directory that cannot be
     * written keeps the index in memory. 0 builds it in memory at every open and neither
     * reads nor writes index files. */
    int persist_index;
} mdd_db_options;

/* The bytes of mdd_db_options this header knows: through its last field. */
#define MDD_DB_OPTIONS_SIZE MDD_OPTIONS_END(mdd_db_options, persist_index)

/* The defaults described above. */
static inline mdd_db_options mdd_db_options_default(void)
{
    mdd_db_options o = {MDD_DB_OPTIONS_SIZE, mdd_store_options_default(),
                        mdd_fb_verify_options_default(), mdd_inherit_limits_default(), 0, 0, 1};
    return o;
}

/* Opens the MDD files paths[0..count) as one database under opts (NULL for the defaults).
 * Each file gives one ECU, named by its EcuData ecu_name (or, when that is absent or empty,
 * its container's ecu_name); it must hold a DIAGNOSTIC_DESCRIPTION chunk (the first one is
 * used). Fails on the first file that does not open, verify or index (unless
 * opts->skip_invalid); the message then starts with the file's path and *out is NULL.
 * Several files may declare the same ECU name: all of them load, the one with the newest
 * revision (mdd_db_revision_compare(); the first given among equal ones) is the default that
 * mdd_db_find_ecu() returns, the others stay reachable by path (mdd_db_find_ecu_path()) and
 * by iteration, and each of them gets a report entry (MDD_DB_REPORT_DUPLICATE). On success
 * *out owns every store and index; release it with mdd_db_close(). */
mdd_status mdd_db_open(const char *const *paths, size_t count, const mdd_db_options *opts,
                       mdd_db **out, mdd_error *err);

/* As mdd_db_open() for the regular files named *.mdd in directory dir (not recursing), in
 * byte order of their names. A directory without any gives an empty database; one that
 * cannot be read fails with MDD_ERR_IO. */
mdd_status mdd_db_open_dir(const char *dir, const mdd_db_options *opts, mdd_db **out,
                           mdd_error *err);

/* As mdd_db_open() for EcuData payloads already in memory (payloads[i] is a whole
 * DIAGNOSTIC_DESCRIPTION payload): no store, no signature check, but the FlatBuffer is
 * verified when opts->store.verify is on (the default). The database borrows the payloads:
 * the caller keeps them alive and unchanged until mdd_db_close(). Messages start with
 * `payload N`. */
mdd_status mdd_db_open_payloads(const mdd_bytes *payloads, size_t count,
                                const mdd_db_options *opts, mdd_db **out, mdd_error *err);

/* Releases the database: its indexes, its stores and every view and handle from it. Safe on
 * NULL. */
void mdd_db_close(mdd_db *db);

/* What a database holds in memory. */
typedef struct mdd_db_memory {
    mdd_store_memory stores; /* the sums of mdd_store_memory_report() over its stores; a
                              * cache the stores share counts once */
    uint64_t index_bytes;    /* bytes allocated for the ECUs and their indexes */
} mdd_db_memory;

/* Fills out for db. Fails when a store's report fails. */
mdd_status mdd_db_memory_report(const mdd_db *db, mdd_db_memory *out, mdd_error *err);

/* ---- What opening decided: the database's report ---- */

typedef enum mdd_db_report_kind {
    /* A file left out under skip_invalid: status and message say why. */
    MDD_DB_REPORT_SKIPPED = 1,
    /* A file whose ECU name another file declares too with a newer (or equal, earlier given)
     * revision: it loads and stays reachable by path, but is not the default for the name. */
    MDD_DB_REPORT_DUPLICATE = 2,
    /* A parent reference that names no layer of the file: no table, no or an unknown kind,
     * or a Variant or FunctionalGroup that EcuData does not list. Inheritance goes on with
     * the layer's other parents (a listed-nowhere table that exists is still followed). */
    MDD_DB_REPORT_MISSING_PARENT = 3,
    /* Live databases: a changed file that a reload could not open, verify or index; the
     * version loaded before keeps serving. status and message say why. */
    MDD_DB_REPORT_REFUSED = 4,
    /* Live databases: a changed file whose revision is older than the loaded one's, or a
     * file whose revision is older than the directory's downgrade history records for its
     * ECU name, refused (see allow_downgrade); the version loaded before (if any) keeps
     * serving. */
    MDD_DB_REPORT_DOWNGRADE = 5,
} mdd_db_report_kind;

/* The most MDD_DB_REPORT_MISSING_PARENT entries one ECU adds; one more entry (where NULL)
 * counts the rest, so a hostile payload cannot grow the report without bound. */
#define MDD_DB_REPORT_PARENTS_MAX 64

/* One thing opening decided or left out. Every string is owned by the database. */
typedef struct mdd_db_report_entry {
    mdd_db_report_kind kind;
    mdd_status status;  /* SKIPPED: why the file failed; MDD_OK otherwise */
    const char *source; /* the file it is about: its path, or "payload N" */
    const char *chosen; /* DUPLICATE: the source that is the default for the name; else NULL */
    const char *where;  /* MISSING_PARENT: the reference, e.g.
                         * "EcuData.variants[2].parent_refs[1]" or
                         * "Protocol 'P'.parent_refs[0]"; else NULL */
    const char *message; /* one line for people, starting with source */
} mdd_db_report_entry;

/* Number of report entries, in the order opening found them: per source in the order given
 * its skip or its missing-parent entries, then the duplicates in mdd_db_ecu_at() order. */
size_t mdd_db_report_count(const mdd_db *db);

/* Report entry i (0 <= i < count), or NULL past the end. Owned by db. */
const mdd_db_report_entry *mdd_db_report_at(const mdd_db *db, size_t i);

/* Compares two revisions: <0, 0 or >0 as a is older than, the same as or newer than b.
 * Revisions are split at '.' into segments compared left to right; two segments of digits
 * compare as numbers (so "00.10" is newer than "00.9" and "01" equals "1"), any other pair
 * bytewise; a revision that runs out of segments first is older ("1.2" < "1.2.0"), and an
 * absent or empty revision is older than any other. */
int mdd_db_revision_compare(mdd_bytes a, mdd_bytes b);

/* ---- ECUs ---- */

/* Number of ECUs. */
size_t mdd_db_ecu_count(const mdd_db *db);

/* ECU i in byte order of the names, the default first among equal names, then newest
 * revision first (0 <= i < count); NULL past the end. Owned by db. */
const mdd_db_ecu *mdd_db_ecu_at(const mdd_db *db, size_t i);

/* The ECU named name (compared bytewise), the default one when several files declare it
 * (see mdd_db_open()), or NULL. Owned by db. */
const mdd_db_ecu *mdd_db_find_ecu(const mdd_db *db, const char *name);

/* The ECU opened from path (compared as given to mdd_db_open(), or as "dir/name" for
 * mdd_db_open_dir()), or NULL. Linear in the number of ECUs. Owned by db. */
const mdd_db_ecu *mdd_db_find_ecu_path(const mdd_db *db, const char *path);

/* Whether the ECU is the default for its name: 1, or 0 for a duplicate that a newer
 * revision shadows. */
int mdd_db_ecu_is_default(const mdd_db_ecu *ecu);

/* The ECU's revision: its EcuData revision or, when that is absent or empty, its
 * container's; an absent view when neither has one. */
mdd_bytes mdd_db_ecu_revision(const mdd_db_ecu *ecu);

/* The ECU's name, a view into its payload (or its container). */
mdd_bytes mdd_db_ecu_name(const mdd_db_ecu *ecu);

/* The path the ECU was opened from, or NULL for a payload from mdd_db_open_payloads().
 * Owned by the database. */
const char *mdd_db_ecu_path(const mdd_db_ecu *ecu);

/* What the signature check found when the ECU's file opened (mdd_store_options.sig): which
 * signature and key made it authentic, or MDD_SIG_NOT_CHECKED (the policy was off, or a
 * payload). Owned by db. */
const mdd_sig_result *mdd_db_ecu_signature(const mdd_db_ecu *ecu);

/* The root of the ECU's EcuData, for everything the index does not cover. */
mdd_ecu_data mdd_db_ecu_data(const mdd_db_ecu *ecu);

/* ---- Layers: variants and functional groups ---- */

/* Number of variants, in EcuData order. */
uint32_t mdd_db_ecu_variant_count(const mdd_db_ecu *ecu);

/* Variant i in EcuData order, or NULL past the end. Owned by the database. */
const mdd_db_layer *mdd_db_ecu_variant_at(const mdd_db_ecu *ecu, uint32_t i);

/* The variant whose DiagLayer short_name is name (the first in EcuData order when several
 * are), or NULL. */
const mdd_db_layer *mdd_db_ecu_find_variant(const mdd_db_ecu *ecu, const char *name);

/* The first variant marked is_base_variant, else the first variant, or NULL when the ECU has
 * none. */
const mdd_db_layer *mdd_db_ecu_base_variant(const mdd_db_ecu *ecu);

/* Number of functional groups, in EcuData order. */
uint32_t mdd_db_ecu_functional_group_count(const mdd_db_ecu *ecu);

/* Functional group i in EcuData order, or NULL past the end. */
const mdd_db_layer *mdd_db_ecu_functional_group_at(const mdd_db_ecu *ecu, uint32_t i);

/* The functional group whose DiagLayer short_name is name (the first when several are), or
 * NULL. */
const mdd_db_layer *mdd_db_ecu_find_functional_group(const mdd_db_ecu *ecu, const char *name);

/* The ECU the layer belongs to. */
const mdd_db_ecu *mdd_db_layer_ecu(const mdd_db_layer *layer);

/* The layer's DiagLayer short_name. */
mdd_bytes mdd_db_layer_name(const mdd_db_layer *layer);

/* The layer's DiagLayer. */
mdd_diag_layer mdd_db_layer_diag_layer(const mdd_db_layer *layer);

/* The Variant, or an absent view when the layer is a functional group. */
mdd_variant mdd_db_layer_variant(const mdd_db_layer *layer);

/* The FunctionalGroup, or an absent view when the layer is a variant. */
mdd_functional_group mdd_db_layer_functional_group(const mdd_db_layer *layer);

/* ---- Services ---- */

/* An effective service of a layer with its request prefix (a view into the database's
 * index, valid until mdd_db_close()). */
typedef struct mdd_db_service {
    mdd_diag_service service;
    mdd_request_prefix prefix;
} mdd_db_service;

/* Number of effective services of the layer. */
uint32_t mdd_db_layer_service_count(const mdd_db_layer *layer);

/* Effective service i in byte order of the names (0 <= i < count); an absent service view
 * past the end. */
mdd_db_service mdd_db_layer_service_at(const mdd_db_layer *layer, uint32_t i);

/* Finds the effective service named name exactly (bytewise): returns 1 and fills *out, or
 * 0. */
int mdd_db_layer_find_service(const mdd_db_layer *layer, const char *name, mdd_db_service *out);

/* The lookups below find effective services of a layer (a variant or a functional group)
 * through the index: each writes the first min(total, cap) matches to out (out may be NULL
 * when cap is 0) and returns the total, so a return above cap means out was too small. They
 * never allocate. Where names, functional classes and semantics are compared, ASCII letters
 * compare without case, as adapters address services by lower-cased ids. */

/* Every service whose request prefix matches request[0..len) (see
 * mdd_request_prefix_matches()), most specific first, so that the first answer is the one
 * to send: longest prefix first, then in byte order of the prefixes (several prefixes of one
 * length match only a request shorter than them), then by name. Costs two binary searches
 * per distinct prefix length of the layer plus the matches. */
size_t mdd_db_layer_lookup_request(const mdd_db_layer *layer, const uint8_t *request, size_t len,
                                   mdd_db_service *out, size_t cap);

/* Every service whose prefix starts with the service id sid (the empty prefix does not), in
 * the order of mdd_db_layer_lookup_request(). */
size_t mdd_db_layer_lookup_sid(const mdd_db_layer *layer, uint8_t sid, mdd_db_service *out,
                               size_t cap);

/* Every service whose prefix starts with sid and then the sub-function byte subfunction, the
 * suppress-positive-response bit (0x80) ignored on both sides, in the order of
 * mdd_db_layer_lookup_request(). The sub-function is the prefix's second byte, whatever param it
 * comes from. */
size_t mdd_db_layer_lookup_subfunction(const mdd_db_layer *layer, uint8_t sid, uint8_t subfunction,
                                       mdd_db_service *out, size_t cap);

/* Every service whose DiagComm short_name is name without case: several only when their
 * names differ in case alone, then in byte order. */
size_t mdd_db_layer_lookup_name(const mdd_db_layer *layer, const char *name, mdd_db_service *out,
                                size_t cap);

/* Every service with a FunctClass (DiagComm.funct_class) whose short_name is funct_class,
 * by name. */
size_t mdd_db_layer_lookup_class(const mdd_db_layer *layer, const char *funct_class,
                                 mdd_db_service *out, size_t cap);

/* Every service whose DiagComm semantic is semantic, by name. */
size_t mdd_db_layer_lookup_semantic(const mdd_db_layer *layer, const char *semantic,
                                    mdd_db_service *out, size_t cap);

/* Criteria for mdd_db_layer_query_services(): a service must meet every one that is set. */
typedef struct mdd_db_service_query {
    const char *name;        /* as mdd_db_layer_lookup_name(); NULL for any */
    const char *funct_class; /* as mdd_db_layer_lookup_class(); NULL for any */
    const char *semantic;    /* as mdd_db_layer_lookup_semantic(); NULL for any */
    int has_sid;             /* nonzero: the prefix starts with sid */
    uint8_t sid;
    int has_subfunction;     /* nonzero: the prefix's second byte is subfunction, 0x80 ignored */
    uint8_t subfunction;
} mdd_db_service_query;

/* Every service that meets all of q's criteria (every effective service when none is set):
 * in the order of the lookup of the most selective criterion set (name, then sub-function,
 * SID, class, semantic), else by name. Costs that lookup plus a check of each of its
 * matches. */
size_t mdd_db_layer_query_services(const mdd_db_layer *layer, const mdd_db_service_query *q,
                                   mdd_db_service *out, size_t cap);

/* ---- DTCs ---- */

/* Number of DTCs of the ECU. */
uint32_t mdd_db_ecu_dtc_count(const mdd_db_ecu *ecu);

/* DTC i in order of trouble code (EcuData order among equal codes), or an absent view past
 * the end. */
mdd_dtc mdd_db_ecu_dtc_at(const mdd_db_ecu *ecu, uint32_t i);

/* Returns how many DTCs have trouble code code, and sets *first to the index (for
 * mdd_db_ecu_dtc_at()) of the first of them when there are any. */
uint32_t mdd_db_ecu_find_dtcs(const mdd_db_ecu *ecu, uint32_t code, uint32_t *first);

/* ---- Live databases: reloads while readers run ---- */

/* A database that follows the *.mdd files of a directory. It holds one current generation,
 * an mdd_db as mdd_db_open_dir() makes one. mdd_db_live_reload() opens and verifies what
 * changed beside it and then swaps the new generation in at once; a reader holds a
 * generation from mdd_db_live_acquire() to mdd_db_live_release(), so every lookup sees one
 * generation whole and every view from it stays valid until the release. Acquiring and
 * releasing take no lock (reference counts; a reload waits for readers that are inside
 * mdd_db_live_acquire() at its swap). Generations share the ECUs of unchanged files: a
 * reload costs the files that changed, and an old file's mapping goes with the last
 * generation that holds it. The files a reload opens stay in the page cache (as with
 * store.evict off), so that the first lookups after the swap do not wait for the disk. */
typedef struct mdd_db_live mdd_db_live;

/* Opens dir as mdd_db_open_dir() does (same options and failures) as the first generation
 * of a live database. opts is copied (allow_downgrade included) and applies to every reload.
 * Unlike mdd_db_open_dir(), it reads dir's downgrade history (below): a file whose revision
 * is below the one recorded for its ECU name is left out with a MDD_DB_REPORT_DOWNGRADE
 * entry (unless allow_downgrade), a history that cannot be trusted fails the open (the
 * message names it and says why), and the revisions taken are recorded when the process
 * can write dir. On success *out owns the database; close it with mdd_db_live_close(). */
mdd_status mdd_db_live_open_dir(const char *dir, const mdd_db_options *opts,
                                mdd_db_live **out, mdd_error *err);

/* The current generation, held for the caller until mdd_db_live_release(): a database for every
 * call above but mdd_db_close(). Never NULL. Safe from any number of threads, also while a
 * reload runs. */
const mdd_db *mdd_db_live_acquire(mdd_db_live *live);

/* Gives up a hold from mdd_db_live_acquire(); the generation is closed with its last hold
 * (the live database holds its current one). Safe on NULL. */
void mdd_db_live_release(const mdd_db *db);

/* What a reload did, file by file. */
typedef struct mdd_db_reload_stats {
    size_t loaded;    /* new or changed files opened, verified and taken */
    size_t unchanged; /* files whose ECU the new generation shares with the old one */
    size_t removed;   /* files gone from the directory, left out */
    size_t refused;   /* files refused: a report entry each (SKIPPED for a new file that does
                       * not open, REFUSED or DOWNGRADE for a changed one) */
    int published;    /* 1 when a new generation was swapped in: anything loaded, removed or
                       * refused */
} mdd_db_reload_stats;

/* Reads the directory again and builds the next generation: a file whose identity (device,
 * inode, size, modification and change time) is unchanged keeps its ECU; a new or changed
 * one is opened and verified (its ECU name may change); one that fails, or whose revision is
 * older than the one loaded from its path or than the directory's downgrade history records
 * for its ECU name (unless allow_downgrade), is refused with an entry in the new
 * generation's report, and the old version (if any) keeps serving. A history that cannot be
 * trusted refuses every new or changed file, naming it and why. The revisions a published
 * generation holds are recorded in the history when the process can write the directory
 * (best effort: a failure to record leaves the history as it was). Runs on the
 * caller's thread; reloads of one database take turns. stats (may be NULL) says what
 * happened. Fails, publishing nothing and keeping the current generation, when the directory
 * cannot be read (MDD_ERR_IO) or memory runs out. */
mdd_status mdd_db_live_reload(mdd_db_live *live, mdd_db_reload_stats *stats, mdd_error *err);

/* Closes the live database: gives up its hold of the current generation. Holds from
 * mdd_db_live_acquire() may outlive it: each generation closes with its last release. No
 * call on live may run at the same time or after. Safe on NULL. */
void mdd_db_live_close(mdd_db_live *live);

/* ---- Downgrade history: the highest revision a directory ever accepted, per ECU ----
 *
 * A directory of MDD files that is updated (mdd install, live reloads) keeps, in the file
 * DIR/.mdd-history (a name no directory scan lists), the highest revision it accepted for
 * each ECU name (compared with mdd_db_revision_compare()). The record outlives the files: a
 * revision below it is a downgrade even after the ECU's file was deleted. It only ever goes
 * up; an install or reload that allows a downgrade leaves it as it is. docs/format.md has
 * its layout, docs/adr/0028-downgrade-history.md what protects it and what does not.
 *
 * The file is trusted only as files the library keeps beside a database are (a regular file,
 * not a symbolic link, owned by the effective user or root, not writable by group or
 * others, within the size its limits allow) and when its SHA-512 checksum matches; anything
 * else fails with the file and the reason, never silently resets it. It is replaced
 * crash-safely (temporary file, fsync, rename, directory fsync), and writers take turns
 * under an exclusive lock on DIR/.mdd-history.lock. */

#define MDD_DB_HISTORY_FILE ".mdd-history"
#define MDD_DB_HISTORY_LOCK_FILE ".mdd-history.lock"
/* The most entries (ECU names) one history holds. */
#define MDD_DB_HISTORY_ENTRIES_MAX 4096
/* The most bytes of an ECU name or a revision in a history. */
#define MDD_DB_HISTORY_TEXT_MAX 255

typedef struct mdd_db_history mdd_db_history;

/* Reads dir's history into *out: empty when dir has none. Fails, *out NULL, with
 * MDD_ERR_FORMAT (not trusted as a file, or malformed: the message names the entry),
 * MDD_ERR_CHECKSUM, MDD_ERR_UNSUPPORTED (another version of the format), MDD_ERR_IO or
 * MDD_ERR_NOMEM; messages start with the history's path. On success the caller owns *out:
 * free it with mdd_db_history_free(). */
mdd_status mdd_db_history_load(const char *dir, mdd_db_history **out, mdd_error *err);

/* Frees a history from mdd_db_history_load(). Safe on NULL. */
void mdd_db_history_free(mdd_db_history *history);

/* The number of ECU names the history records. */
size_t mdd_db_history_count(const mdd_db_history *history);

/* Entry i in byte order of the names (0 <= i < count): sets *name and *revision to views
 * owned by the history and returns 1; 0 past the end. */
int mdd_db_history_at(const mdd_db_history *history, size_t i, mdd_bytes *name,
                      mdd_bytes *revision);

/* The highest revision accepted for ecu_name (compared bytewise), a view owned by the
 * history, or an absent view when it records none. */
mdd_bytes mdd_db_history_floor(const mdd_db_history *history, mdd_bytes ecu_name);

/* Whether revision of ecu_name may be accepted: MDD_OK when it is not below the floor, or
 * allow_downgrade is set; MDD_ERR_DOWNGRADE otherwise, the message naming the ECU, both
 * revisions and the history's path. MDD_ERR_LIMIT (whatever allow_downgrade) when the name
 * or the revision is longer than MDD_DB_HISTORY_TEXT_MAX, so could not be recorded. */
mdd_status mdd_db_history_check(const mdd_db_history *history, mdd_bytes ecu_name,
                                mdd_bytes revision, int allow_downgrade, mdd_error *err);

/* Records that dir accepted revision of ecu_name: under the history's lock, reads the
 * history again, and when revision is above its floor (an empty revision never is) replaces
 * the file crash-safely with the entry raised; a lower or equal revision changes nothing.
 * Removes temporary files that interrupted writers of the history left. Fails with
 * MDD_ERR_READ_ONLY when dir cannot be written, MDD_ERR_LIMIT when the name or the revision
 * is too long or the history is full, and as mdd_db_history_load() when the history there
 * cannot be trusted (it is then left as it is). */
mdd_status mdd_db_history_raise(const char *dir, mdd_bytes ecu_name, mdd_bytes revision,
                                mdd_error *err);

#ifdef __cplusplus
}
#endif

#endif
