/* The store's public entry points: strategy names, options, open and close, accessors. */
#include "store_impl.h"

#include <stdlib.h>
#include <string.h>

static const char *const strategy_names[MDD_STRATEGY_COUNT] = {
    [MDD_STRATEGY_HEAP] = "heap",
    [MDD_STRATEGY_SIDECAR] = "sidecar",
    [MDD_STRATEGY_INPLACE] = "inplace",
    [MDD_STRATEGY_PREAD] = "pread",
};

static int strategy_valid(mdd_strategy strategy)
{
    return (unsigned)strategy < MDD_STRATEGY_COUNT;
}

const char *mdd_strategy_name(mdd_strategy strategy)
{
    return strategy_valid(strategy) ? strategy_names[strategy] : "unknown";
}

int mdd_strategy_parse(const char *name, mdd_strategy *strategy)
{
    for (unsigned i = 0; name && i < MDD_STRATEGY_COUNT; i++) {
        if (strcmp(name, strategy_names[i]) == 0) {
            *strategy = (mdd_strategy)i;
            return 0;
        }
    }
    return -1;
}

mdd_store_options mdd_store_options_default(void)
{
    return (mdd_store_options){
        .strategy = MDD_STRATEGY_INPLACE,
        .verify = 1,
        .allow_fallback = 0,
        .fallback = MDD_STRATEGY_HEAP,
        .evict = 1,
        .cache = NULL,
        .cache_options = mdd_cache_options_default(),
        .share_dir = NULL,
        .limits = mdd_codec_limits_default(),
        .parse = mdd_parse_options_default(),
    };
}

static mdd_status check_options(const mdd_store_options *opts, mdd_error *err)
{
    if (!strategy_valid(opts->strategy))
        return mdd_fail(err, MDD_ERR_ARG, "unknown strategy %d", (int)opts->strategy);
    /* Before any conversion: a bad cache option should not cost one. */
    if (opts->strategy == MDD_STRATEGY_PREAD && !opts->cache) {
        mdd_status st = cache_check_options(&opts->cache_options, err);
        if (st)
            return st;
    }
    if (!opts->allow_fallback)
        return MDD_OK;
    /* A fallback that could itself need the conversion that just failed would loop. */
    if (!strategy_valid(opts->fallback) || opts->fallback == MDD_STRATEGY_INPLACE ||
        opts->fallback == MDD_STRATEGY_PREAD)
        return mdd_fail(err, MDD_ERR_ARG, "the fallback strategy must be heap or sidecar");
    return MDD_OK;
}

mdd_status store_open_strategy(mdd_store *store, const char *path, const mdd_store_options *opts,
                               mdd_strategy strategy, mdd_error *err)
{
    mdd_status st = MDD_ERR_ARG;
    switch (strategy) {
    case MDD_STRATEGY_HEAP: st = store_open_heap(store, path, opts, err); break;
    case MDD_STRATEGY_SIDECAR: st = store_open_sidecar(store, path, opts, err); break;
    case MDD_STRATEGY_INPLACE: st = store_open_inplace(store, path, opts, err); break;
    case MDD_STRATEGY_PREAD: st = store_open_pread(store, path, opts, err); break;
    }
    if (st != MDD_OK)
        store_clear(store);
    return st;
}

mdd_status mdd_store_open(const char *path, const mdd_store_options *opts, mdd_store **out,
                          mdd_error *err)
{
    if (!out)
        return mdd_fail(err, MDD_ERR_ARG, "no store to fill");
    *out = NULL;
    if (!path)
        return mdd_fail(err, MDD_ERR_ARG, "no path");
    mdd_store_options o = opts ? *opts : mdd_store_options_default();
    mdd_status st = check_options(&o, err);
    if (st)
        return st;
    mdd_store *store = calloc(1, sizeof *store);
    if (!store)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for a store");
    st = store_open_strategy(store, path, &o, o.strategy, err);
    if (st) {
        free(store);
        return st;
    }
    /* Opening walked the container, and possibly every payload (decoding, verification, a
     * sidecar rebuild): none of those pages is needed now, and what later reads touch
     * faults back in from the page cache or the file. Evicting the files too makes those
     * faults bring in single pages instead of the large folios that reading left cached. */
    store_release_pages(store);
    if (o.evict)
        store_evict_files(store);
    *out = store;
    return MDD_OK;
}

void mdd_store_release(const mdd_store *store)
{
    store_release_pages(store);
    store_evict_files(store);
}

void mdd_store_close(mdd_store *store)
{
    if (!store)
        return;
    store_clear(store);
    free(store);
}

mdd_strategy mdd_store_strategy(const mdd_store *store) { return store->strategy; }

const mdd_file *mdd_store_file(const mdd_store *store) { return &store->file; }

mdd_bytes mdd_store_chunk_data(const mdd_store *store, size_t index)
{
    if (index >= store->file.chunk_count)
        return (mdd_bytes){NULL, 0};
    if (store->strategy == MDD_STRATEGY_PREAD)
        return store_pread_whole(store, index);
    return store->views[index];
}

uint64_t mdd_store_chunk_size(const mdd_store *store, size_t index)
{
    return index < store->file.chunk_count ? store->views[index].len : 0;
}

mdd_cache *mdd_store_cache(const mdd_store *store)
{
    return store && store->pread ? store->pread->cache : NULL;
}
