/* SPDX-License-Identifier: Apache-2.0 */
/* The MDD file behind every store: its mapping, its parsed container and the chunk views. */
#include "store_impl.h"

#include <mdd_internal/os.h>

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

/* What an empty view points at: a present but empty value has a non-NULL pointer. Aligned
 * like every payload, so that an empty one is no exception. */
static _Alignas(16) const uint8_t no_bytes[1];

mdd_status store_load_source(mdd_store *store, const char *path, mdd_strategy strategy,
                             const mdd_store_options *opts, mdd_error *err)
{
    store->strategy = strategy;
    store->ops = store_ops_of(strategy);
    store->path = strdup(path);
    if (!store->path)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for the file's name");
    mdd_status st = mdd_mapping_open(path, &store->source, err);
    if (st)
        return st;
    st = mdd_file_parse(store->source.data, store->source.size, &opts->parse, &store->file, err);
    if (st)
        return st;
    size_t count = store->file.chunk_count;
    /* The parser bounded count by max_repeated, so this cannot overflow. */
    store->views = calloc(count ? count : 1, sizeof *store->views);
    if (!store->views)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for %zu chunk views", count);
    return MDD_OK;
}

void store_clear(mdd_store *store)
{
    /* First: pread's pins point into the cache it may free. */
    if (store->ops && store->ops->clear)
        store->ops->clear(store);
    free(store->path);
    free(store->views);
    free(store->heap);
    mdd_file_free(&store->file);
    mdd_record_free(&store->record);
    mdd_mapping_close(&store->sidecar);
    mdd_mapping_close(&store->source);
    memset(store, 0, sizeof *store);
}

const mdd_mapping *store_backing_mapping(const mdd_store *store)
{
    return store->sidecar.data ? &store->sidecar : &store->source;
}

mdd_bytes store_view(const uint8_t *ptr, size_t len)
{
    return (mdd_bytes){ptr ? ptr : no_bytes, len};
}

void store_evict_files(const mdd_store *store)
{
    if (store->source.fd > 0)
        (void)posix_fadvise(store->source.fd, 0, 0, POSIX_FADV_DONTNEED);
    if (store->sidecar.fd > 0)
        (void)posix_fadvise(store->sidecar.fd, 0, 0, POSIX_FADV_DONTNEED);
}

void store_release_pages(const mdd_store *store)
{
    mdd_release_file_pages(store->source.data, store->source.size);
    mdd_release_file_pages(store->sidecar.data, store->sidecar.size);
}
