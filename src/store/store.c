/* SPDX-License-Identifier: Apache-2.0 */
/* The store's public entry points: strategy names, options, open and close, accessors. */
#include "store_impl.h"

#include <mdd/codec.h>
#include <mdd_internal/os.h>
#include <mdd_internal/sig.h>

#include <errno.h>
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
    OPTIONS_NESTED(mdd_store_options, sig, mdd_sig_options, options_layout_sig),
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
    if ((unsigned)opts->sig.policy > MDD_SIG_REQUIRE)
        return mdd_fail(err, MDD_ERR_ARG, "unknown signature policy %d", (int)opts->sig.policy);
    /* A policy that nothing could meet is refused before any file is touched. */
    if (opts->sig.policy != MDD_SIG_OFF && !mdd_sig_available() && !opts->sig.verifier)
        return mdd_fail(err, MDD_ERR_UNSUPPORTED,
                        "signatures cannot be checked: libmdd was built without libcrypto");
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
    if (st == MDD_OK && (st = store_check_signature(store, &o.sig, err)) != MDD_OK)
        store_clear(store);
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

/* Which file a store loaded: what a caller compares with its path now to tell whether the
 * path was replaced since (a live database's reloads do). */
mdd_status mdd_store_stat(const mdd_store *store, struct stat *out, mdd_error *err)
{
    if (!store || !out)
        return mdd_fail(err, MDD_ERR_ARG, "no store or stat to fill");
    if (store->source.fd < 0 || fstat(store->source.fd, out) != 0)
        return mdd_fail(err, MDD_ERR_IO, "fstat: %s",
                        store->source.fd < 0 ? "the file is not open" : strerror(errno));
    return MDD_OK;
}

/* What a store costs in memory, measured rather than assumed. */
/* mincore(2) counts whole pages; a mapping's last page counts only as far as the file goes. */
static mdd_status add_mapping(const mdd_mapping *map, mdd_store_memory *out, mdd_error *err)
{
    uint64_t resident;
    mdd_status st = mdd_resident_bytes(map->data, map->size, &resident, err);
    if (st)
        return st;
    out->mapped_bytes += map->size;
    out->resident_bytes += resident < map->size ? resident : map->size;
    return MDD_OK;
}

mdd_status mdd_store_memory_report(const mdd_store *store, mdd_store_memory *out,
                                   mdd_error *err)
{
    if (!store || !out)
        return mdd_fail(err, MDD_ERR_ARG, "no store or no report to fill");
    *out = (mdd_store_memory){0};
    for (size_t i = 0; i < store->file.chunk_count; i++)
        out->payload_bytes += store->views[i].len;
    if (store->ops->report)
        store->ops->report(store, out);
    mdd_status st = add_mapping(&store->source, out, err);
    return st ? st : add_mapping(&store->sidecar, out, err);
}

/* Verification at open: every chunk's data, wherever the strategy put it, hashed and checked
 * against the MDD file's signatures. */
const uint8_t *store_signed_digest(const mdd_chunk *chunk)
{
    for (size_t i = 0; i < chunk->signature_count; i++) {
        const mdd_signature *sig = &chunk->signatures[i];
        if (mdd_bytes_equal_str(sig->algorithm, MDD_SIG_SHA512_UNCOMPRESSED) &&
            sig->signature.len == MDD_SHA512_SIZE)
            return sig->signature.ptr;
    }
    return NULL;
}

static mdd_status verify_chunk(const mdd_store *store, size_t index, const uint8_t *expected,
                               uint8_t digest[MDD_SHA512_SIZE], mdd_error *err)
{
    mdd_chunk_report report = {0};
    mdd_status st = store->ops->hash(store, store->views[index], digest, err);
    if (st == MDD_OK)
        st = mdd_chunk_check_signatures(&store->file.chunks[index], digest, &report, err);
    if (st == MDD_OK && expected && memcmp(expected, digest, MDD_SHA512_SIZE) != 0)
        st = mdd_fail(err, MDD_ERR_CHECKSUM, "SHA-512 differs from the one the sidecar records");
    if (st)
        mdd_error_prefix(err, "chunk %zu: ", index);
    return st;
}

mdd_status store_verify_chunks(const mdd_store *store, const sidecar_header *recorded,
                               uint8_t (*digests)[MDD_SHA512_SIZE], mdd_error *err)
{
    for (size_t i = 0; i < store->file.chunk_count; i++) {
        const uint8_t *expected = recorded ? sidecar_entry_at(recorded, i).sha512 : NULL;
        uint8_t digest[MDD_SHA512_SIZE];
        mdd_status st = verify_chunk(store, i, expected, digests ? digests[i] : digest, err);
        if (st)
            return st;
    }
    return MDD_OK;
}
