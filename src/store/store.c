/* SPDX-License-Identifier: Apache-2.0 */
/* The store's public entry points: strategy names, options, open and close, accessors. */
#include "store_impl.h"

#include <stdlib.h>
#include <string.h>

/* The layout of mdd_store_options, which mdd_db_options nests. */
static const options_member store_members[] = {
    OPTIONS_SCALAR(mdd_store_options, strategy, mdd_strategy),
    OPTIONS_SCALAR(mdd_store_options, verify, int),
    OPTIONS_SCALAR(mdd_store_options, integrity, mdd_integrity),
    OPTIONS_SCALAR(mdd_store_options, allow_fallback, int),
    OPTIONS_SCALAR(mdd_store_options, fallback, mdd_strategy),
    OPTIONS_SCALAR(mdd_store_options, evict, int),
    OPTIONS_SCALAR(mdd_store_options, cache, mdd_cache *),
    OPTIONS_NESTED(mdd_store_options, cache_options, mdd_cache_options, options_layout_cache),
    OPTIONS_SCALAR(mdd_store_options, share_dir, const char *),
    OPTIONS_NESTED(mdd_store_options, limits, mdd_codec_limits, options_layout_codec),
    OPTIONS_NESTED(mdd_store_options, parse, mdd_parse_options, options_layout_parse),
};
const options_layout options_layout_store =
    OPTIONS_LAYOUT(mdd_store_options, MDD_STORE_OPTIONS_SIZE, store_members);

/* The strategies by mdd_strategy: the one place that knows them all. */
static const store_ops *const strategies[MDD_STRATEGY_COUNT] = {
    [MDD_STRATEGY_HEAP] = &store_heap_ops,
    [MDD_STRATEGY_SIDECAR] = &store_sidecar_ops,
    [MDD_STRATEGY_INPLACE] = &store_inplace_ops,
    [MDD_STRATEGY_PREAD] = &store_pread_ops,
};

const store_ops *store_ops_of(mdd_strategy strategy)
{
    return (unsigned)strategy < MDD_STRATEGY_COUNT ? strategies[strategy] : NULL;
}

const char *mdd_strategy_name(mdd_strategy strategy)
{
    const store_ops *ops = store_ops_of(strategy);
    return ops ? ops->name : "unknown";
}

mdd_status mdd_strategy_parse(const char *name, mdd_strategy *strategy, mdd_error *err)
{
    if (!name)
        return mdd_fail(err, MDD_ERR_ARG, "no strategy name");
    for (unsigned i = 0; i < MDD_STRATEGY_COUNT; i++) {
        if (strcmp(name, strategies[i]->name) == 0) {
            *strategy = (mdd_strategy)i;
            return MDD_OK;
        }
    }
    return mdd_fail(err, MDD_ERR_ARG, "unknown strategy '%s': heap, sidecar, inplace or pread",
                    name);
}

static mdd_status check_options(const mdd_store_options *opts, mdd_error *err)
{
    const store_ops *ops = store_ops_of(opts->strategy);
    if (!ops)
        return mdd_fail(err, MDD_ERR_ARG, "unknown strategy %d", (int)opts->strategy);
    if (opts->integrity != MDD_INTEGRITY_RECORD && opts->integrity != MDD_INTEGRITY_HASH)
        return mdd_fail(err, MDD_ERR_ARG, "unknown integrity mode %d", (int)opts->integrity);
    /* Before any conversion: a bad option should not cost one. */
    if (ops->check_options) {
        mdd_status st = ops->check_options(opts, err);
        if (st)
            return st;
    }
    if (!opts->allow_fallback)
        return MDD_OK;
    /* A fallback that could itself need the conversion that just failed would loop. */
    const store_ops *fallback = store_ops_of(opts->fallback);
    if (!fallback || fallback->converts)
        return mdd_fail(err, MDD_ERR_ARG, "the fallback strategy must be heap or sidecar");
    return MDD_OK;
}

mdd_status store_open_as(mdd_store *store, const char *path, const mdd_store_options *opts,
                         mdd_strategy strategy, mdd_error *err)
{
    mdd_status st = store_ops_of(strategy)->open(store, path, opts, err);
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
    mdd_store_options o = mdd_store_options_default();
    mdd_status st = options_read(&options_layout_store, opts, &o, err);
    if (st == MDD_OK)
        st = check_options(&o, err);
    if (st)
        return st;
    mdd_store *store = calloc(1, sizeof *store);
    if (!store)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for a store");
    st = store_open_as(store, path, &o, o.strategy, err);
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

void mdd_store_evict(const mdd_store *store)
{
    store_release_pages(store);
    store_evict_files(store);
}

void mdd_store_release_pages(const mdd_store *store) { store_release_pages(store); }

void mdd_store_close(mdd_store *store)
{
    if (!store)
        return;
    store_clear(store);
    free(store);
}

mdd_strategy mdd_store_strategy(const mdd_store *store) { return store->strategy; }

mdd_verified_by mdd_store_verified_by(const mdd_store *store) { return store->verified_by; }

const mdd_file *mdd_store_file(const mdd_store *store) { return &store->file; }

/* MDD_ERR_ARG unless store exists and has chunk index. */
static mdd_status check_index(const mdd_store *store, size_t index, mdd_error *err)
{
    if (!store)
        return mdd_fail(err, MDD_ERR_ARG, "no store");
    if (index >= store->file.chunk_count)
        return mdd_fail(err, MDD_ERR_ARG, "no chunk %zu: the file has %zu", index,
                        store->file.chunk_count);
    return MDD_OK;
}

mdd_status mdd_store_chunk_data(const mdd_store *store, size_t index, mdd_bytes *data,
                                mdd_error *err)
{
    if (!data)
        return mdd_fail(err, MDD_ERR_ARG, "no view to fill");
    *data = (mdd_bytes){NULL, 0};
    mdd_status st = check_index(store, index, err);
    return st ? st : store->ops->chunk_data(store, index, data, err);
}

mdd_status mdd_store_chunk_size(const mdd_store *store, size_t index, uint64_t *size,
                                mdd_error *err)
{
    if (!size)
        return mdd_fail(err, MDD_ERR_ARG, "no size to fill");
    *size = 0;
    mdd_status st = check_index(store, index, err);
    if (st == MDD_OK)
        *size = store->views[index].len;
    return st;
}

mdd_cache *mdd_store_cache(const mdd_store *store)
{
    return store && store->pread ? store->pread->cache : NULL;
}
