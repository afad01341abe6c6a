/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd (advanced API): one MDD file loaded under a chosen strategy, handing out zero-copy
 * views of every chunk's uncompressed data. Its settings (mdd_store_options) are in
 * include/mdd/load.h.
 *
 *   heap     decompressed into one allocation per file
 *   sidecar  decompressed into NAME.mdd.fb beside the file, mapped read-only; rebuilt
 *            atomically when it no longer matches the MDD file
 *   inplace  the MDD file itself, converted once to uncompressed chunks (mdd_convert_file),
 *            mapped read-only (MAP_SHARED, MADV_RANDOM)
 *   pread    the MDD file converted as for inplace, its chunks read with explicit I/O into a
 *            bounded, process-owned cache (mdd/cache.h); no range is served from a mapping
 *            (only mdd_store_chunk_data()'s whole chunks are, see below)
 *
 * Two ways to reach a chunk's bytes:
 *   mdd_store_chunk_data()  the whole chunk as a view valid until mdd_store_close(). Under
 *                           pread it is a view of the file's read-only mapping (or, with a
 *                           share_dir, of the chunk's shared image), so that touching every
 *                           chunk costs no cache memory: its pages may fault.
 *   mdd_store_read()        a byte range as a pinned view, released by the caller: under pread
 *                           the budget holds. mdd_store_try_read() does the same only when
 *                           the bytes are already in memory, and never waits.
 *
 * A store is immutable after open and may be read from many threads at once. A process
 * forked while no other thread uses the store inherits it: mapped stores share the page
 * cache with every process, a pread cache is shared with forked children only (its pinned
 * bytes copy-on-write, never written), so independent processes each read a copy of their
 * own, unless their stores name the same share_dir: then whole chunks are one shared image. */
#ifndef MDD_ADVANCED_API
#error "<mdd/store.h> is the advanced API (may change before 1.0): define MDD_ADVANCED_API"
#endif
#ifndef MDD_STORE_H
#define MDD_STORE_H

#include <mdd/cache.h>
#include <mdd/codec.h>
#include <mdd/container.h>
#include <sys/stat.h>

#ifdef __cplusplus
extern "C" {
#endif





/* How an open store's integrity was established. */
typedef enum mdd_verified_by {
    MDD_VERIFIED_NONE = 0,   /* verify was off */
    MDD_VERIFIED_HASH = 1,   /* every chunk was hashed at this open */
    MDD_VERIFIED_RECORD = 2  /* the verification record was trusted */
} mdd_verified_by;


/* Opens path under opts (NULL for the defaults). inplace converts a compressed file first and
 * sidecar writes or refreshes the sidecar, both crash-safely. On success *out owns everything
 * and is released with mdd_store_close(). */
mdd_status mdd_store_open(const char *path, const mdd_store_options *opts, mdd_store **out,
                          mdd_error *err);

/* Drops the store's mapped pages from the process and its files from the page cache, after a
 * pass over the data: later reads fault in only what they touch. Views stay valid. Heap
 * payloads are left alone (dropping anonymous pages would zero them). Advice to the kernel,
 * so it returns nothing: when the kernel declines, the pages merely stay. */
void mdd_store_evict(const mdd_store *store);

/* As mdd_store_evict(), but the files stay in the page cache: later reads fault their pages
 * in from memory instead of the disk, whole read-ahead folios at a time. */
void mdd_store_release_pages(const mdd_store *store);

/* Unmaps and frees the store; every view from it becomes invalid. Safe on NULL. */
void mdd_store_close(mdd_store *store);

/* The strategy in use: the requested one, or the fallback. */
mdd_strategy mdd_store_strategy(const mdd_store *store);

/* How the open established the store's integrity: hashing, a trusted verification record,
 * or not at all. */
mdd_verified_by mdd_store_verified_by(const mdd_store *store);

/* What the signature check at open found (include/mdd/load.h, "Signatures"): state
 * MDD_SIG_NOT_CHECKED when the policy was off. Owned by the store. */
const mdd_sig_result *mdd_store_signature(const mdd_store *store);

/* The container's views (ECU name, metadata, chunk table). For inplace they describe the
 * converted file. Owned by the store. */
const mdd_file *mdd_store_file(const mdd_store *store);

/* Sets *data to the uncompressed data of chunk index (0 <= index < chunk count), as a view
 * owned by the store and valid until mdd_store_close(). Under pread the view is of the file's
 * read-only mapping, outside the cache and its budget; with a share_dir and a signed chunk, of
 * its shared image, attached by the first call and held until the store closes. MDD_ERR_ARG
 * for an out-of-range index; under pread MDD_ERR_IO when the file no longer holds the chunk or
 * an image's read fails, MDD_ERR_NOMEM. *data is zeroed on failure. */
mdd_status mdd_store_chunk_data(const mdd_store *store, size_t index, mdd_bytes *data,
                                mdd_error *err);

/* Sets *size to the length of chunk index's uncompressed data, without reading or pinning
 * anything: the bound for mdd_store_read() ranges. MDD_ERR_ARG for an out-of-range index
 * (*size 0). */
mdd_status mdd_store_chunk_size(const mdd_store *store, size_t index, uint64_t *size,
                                mdd_error *err);

/* Pins len bytes at offset of chunk index's uncompressed data into *pin (which the caller
 * releases with mdd_pin_release()). heap, sidecar and inplace give a view of their memory
 * (touching it may fault on a mapping); pread serves it from the cache or reads the file,
 * waiting for the read. MDD_ERR_ARG when the range is not inside the chunk; MDD_ERR_IO when
 * a read fails; MDD_ERR_NOMEM. len 0 gives an empty, non-NULL view. */
mdd_status mdd_store_read(const mdd_store *store, size_t index, uint64_t offset, size_t len,
                          mdd_pin *pin, mdd_error *err);

/* As mdd_store_read(), but never waits for a disk or a fault: MDD_ERR_WOULD_BLOCK (*pin
 * zeroed) unless every byte is in memory now: always for heap, every page resident per
 * mincore(2) for sidecar and inplace, in the cache for pread. A resident mapping may still be
 * reclaimed between the check and the touch; the window is short and only costs a fault. */
mdd_status mdd_store_try_read(const mdd_store *store, size_t index, uint64_t offset,
                              size_t len, mdd_pin *pin, mdd_error *err);


/* Fills out for store. */
mdd_status mdd_store_memory_report(const mdd_store *store, mdd_store_memory *out,
                                   mdd_error *err);

/* Fills out with fstat(2) of the MDD file the store loaded (after a conversion in place, the
 * converted file): the file the store's views come from, whatever its path names now.
 * MDD_ERR_IO when the store holds no descriptor of it. */
mdd_status mdd_store_stat(const mdd_store *store, struct stat *out, mdd_error *err);

/* Sets *path to the sidecar path for an MDD path: mdd_path + ".fb", which the caller frees
 * with free(). MDD_ERR_ARG for a NULL mdd_path, MDD_ERR_NOMEM; *path is NULL on failure. */
mdd_status mdd_sidecar_path(const char *mdd_path, char **path, mdd_error *err);

/* Removes the sidecar of mdd_path if there is one. Returns MDD_OK also when there was none. */
mdd_status mdd_sidecar_remove(const char *mdd_path, mdd_error *err);

/* An ECU of a database (include/mdd/db.h), opaque here: a database is a layer above its
 * stores. */
typedef struct mdd_db_ecu mdd_db_ecu;

/* The store that holds a database ECU's file, or NULL for a payload. Owned by the database. */
const mdd_store *mdd_db_ecu_store(const mdd_db_ecu *ecu);

#ifdef __cplusplus
}
#endif

#endif
