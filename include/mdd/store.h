/* libmdd: one MDD file loaded under a chosen strategy, handing out zero-copy views of every
 * chunk's uncompressed data.
 *
 *   heap     decompressed into one allocation per file
 *   sidecar  decompressed into NAME.mdd.fb beside the file, mapped read-only; rebuilt
 *            atomically when it no longer matches the MDD file
 *   inplace  the MDD file itself, converted once to uncompressed chunks (mdd_convert_file),
 *            mapped read-only (MAP_SHARED, MADV_RANDOM)
 *
 * Views stay valid until mdd_store_close(). A store is immutable after open and may be read
 * from many threads at once. */
#ifndef MDD_STORE_H
#define MDD_STORE_H

#include <mdd/codec.h>
#include <mdd/container.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum mdd_strategy {
    MDD_STRATEGY_HEAP = 0,
    MDD_STRATEGY_SIDECAR = 1,
    MDD_STRATEGY_INPLACE = 2
} mdd_strategy;

#define MDD_STRATEGY_COUNT 3

/* "heap", "sidecar" or "inplace". Static storage. */
const char *mdd_strategy_name(mdd_strategy strategy);

/* Parses a strategy name; returns 0 on success, -1 for an unknown name. */
int mdd_strategy_parse(const char *name, mdd_strategy *strategy);

typedef struct mdd_store_options {
    mdd_strategy strategy; /* default inplace */
    /* Check every chunk against its sha512_uncompressed signature at open, then drop the
     * mapped pages from the process so idle RSS holds only what later reads touch.
     * Default on. */
    int verify;
    /* inplace only: when the file cannot be converted (read-only file system, no
     * permission), open it under fallback instead of failing. Default off. */
    int allow_fallback;
    mdd_strategy fallback; /* default heap */
    /* After verification, drop the store's files from the page cache as well, so that later
     * reads fault in single pages rather than the large folios read-ahead left. Default on.
     * A caller that reads the payload again right after opening (mdd_db_open() verifies and
     * indexes it) turns it off and calls mdd_store_release() once done. */
    int evict;
    mdd_codec_limits limits;
    mdd_parse_options parse;
} mdd_store_options;

/* The defaults described above. */
mdd_store_options mdd_store_options_default(void);

typedef struct mdd_store mdd_store;

/* Opens path under opts (NULL for the defaults). inplace converts a compressed file first and
 * sidecar writes or refreshes the sidecar, both crash-safely. On success *out owns everything
 * and is released with mdd_store_close(). */
mdd_status mdd_store_open(const char *path, const mdd_store_options *opts, mdd_store **out,
                          mdd_error *err);

/* Drops the store's mapped pages from the process and its files from the page cache, after a
 * pass over the data: later reads fault in only what they touch. Views stay valid. Heap
 * payloads are left alone (dropping anonymous pages would zero them). */
void mdd_store_release(const mdd_store *store);

/* Unmaps and frees the store; every view from it becomes invalid. Safe on NULL. */
void mdd_store_close(mdd_store *store);

/* The strategy in use: the requested one, or the fallback. */
mdd_strategy mdd_store_strategy(const mdd_store *store);

/* The container's views (ECU name, metadata, chunk table). For inplace they describe the
 * converted file. Owned by the store. */
const mdd_file *mdd_store_file(const mdd_store *store);

/* The uncompressed data of chunk index (0 <= index < chunk count), as a view owned by the
 * store. Empty for an out-of-range index. */
mdd_bytes mdd_store_chunk_data(const mdd_store *store, size_t index);

/* What a store holds in memory. */
typedef struct mdd_store_memory {
    uint64_t payload_bytes;  /* uncompressed bytes of all chunks */
    uint64_t mapped_bytes;   /* bytes of file mappings the store holds */
    uint64_t resident_bytes; /* of those, resident per mincore(2) */
    uint64_t heap_bytes;     /* bytes the store allocated for payload data */
} mdd_store_memory;

/* Fills out for store. */
mdd_status mdd_store_memory_report(const mdd_store *store, mdd_store_memory *out,
                                   mdd_error *err);

/* The sidecar path for an MDD path: path + ".fb". The caller frees it; NULL when out of
 * memory. */
char *mdd_sidecar_path(const char *mdd_path);

/* Removes the sidecar of mdd_path if there is one. Returns MDD_OK also when there was none. */
mdd_status mdd_sidecar_remove(const char *mdd_path, mdd_error *err);

#ifdef __cplusplus
}
#endif

#endif
