/* SPDX-License-Identifier: Apache-2.0 */
/* The block cache's life and counters (mdd/cache.h); cache_entry.c finds, fills and pins
 * entries, cache_clock.c evicts them. */
#include "cache_impl.h"

#include <stdlib.h>
#include <string.h>

/* The layout of mdd_cache_options, which mdd_store_options nests. */
static const options_member cache_members[] = {
    OPTIONS_SCALAR(mdd_cache_options, budget_bytes, uint64_t),
    OPTIONS_SCALAR(mdd_cache_options, block_size, uint32_t),
};
const options_layout options_layout_cache =
    OPTIONS_LAYOUT(mdd_cache_options, MDD_CACHE_OPTIONS_SIZE, cache_members);

/* Buckets per shard at first; a table doubles when it holds more entries than buckets. */
#define CACHE_INITIAL_BUCKETS 16u

mdd_status cache_check_options(const mdd_cache_options *opts, mdd_error *err)
{
    uint32_t b = opts->block_size;
    if (b < CACHE_MIN_BLOCK || b > CACHE_MAX_BLOCK || (b & (b - 1)) != 0)
        return mdd_fail(err, MDD_ERR_ARG,
                        "cache block size %u is not a power of two from %u to %u", b,
                        CACHE_MIN_BLOCK, CACHE_MAX_BLOCK);
    return MDD_OK;
}

static void destroy_shards(mdd_cache *cache, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        free(cache->shards[i].buckets);
        pthread_mutex_destroy(&cache->shards[i].lock);
    }
}

static mdd_status init_shards(mdd_cache *cache, mdd_error *err)
{
    for (size_t i = 0; i < CACHE_SHARDS; i++) {
        cache_shard *s = &cache->shards[i];
        s->buckets = calloc(CACHE_INITIAL_BUCKETS, sizeof *s->buckets);
        if (!s->buckets || pthread_mutex_init(&s->lock, NULL) != 0) {
            free(s->buckets);
            destroy_shards(cache, i);
            return mdd_fail(err, MDD_ERR_NOMEM, "no memory for the cache's tables");
        }
        s->bucket_count = CACHE_INITIAL_BUCKETS;
    }
    return MDD_OK;
}

mdd_status mdd_cache_create(const mdd_cache_options *opts, mdd_cache **out, mdd_error *err)
{
    if (!out)
        return mdd_fail(err, MDD_ERR_ARG, "no cache to fill");
    *out = NULL;
    mdd_cache_options o = mdd_cache_options_default();
    mdd_status st = options_read(&options_layout_cache, opts, &o, err);
    if (st == MDD_OK)
        st = cache_check_options(&o, err);
    if (st)
        return st;
    mdd_cache *cache = calloc(1, sizeof *cache);
    if (!cache)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for a cache");
    cache->opts = o;
    st = init_shards(cache, err);
    if (st == MDD_OK && pthread_mutex_init(&cache->clock_lock, NULL) != 0) {
        destroy_shards(cache, CACHE_SHARDS);
        st = mdd_fail(err, MDD_ERR_NOMEM, "no memory for the cache's lock");
    }
    if (st == MDD_OK && pthread_mutex_init(&cache->spare_lock, NULL) != 0) {
        destroy_shards(cache, CACHE_SHARDS);
        pthread_mutex_destroy(&cache->clock_lock);
        st = mdd_fail(err, MDD_ERR_NOMEM, "no memory for the cache's lock");
    }
    if (st) {
        free(cache);
        return st;
    }
    *out = cache;
    return MDD_OK;
}

void mdd_cache_free(mdd_cache *cache)
{
    if (!cache)
        return;
    /* Every published entry is on the ring once no call is running. */
    cache_entry *e = cache->hand;
    while (e) {
        cache_entry *next = e->ring_next == cache->hand ? NULL : e->ring_next;
        cache_entry_free(e);
        e = next;
    }
    cache_buffers_free(cache);
    destroy_shards(cache, CACHE_SHARDS);
    pthread_mutex_destroy(&cache->clock_lock);
    pthread_mutex_destroy(&cache->spare_lock);
    free(cache);
}

void mdd_cache_stats_read(const mdd_cache *cache, mdd_cache_stats *out)
{
    uint64_t cached = atomic_load(&cache->cached_bytes);
    uint64_t unpinned = atomic_load(&cache->unpinned_bytes);
    *out = (mdd_cache_stats){
        .budget_bytes = cache->opts.budget_bytes,
        .cached_bytes = cached,
        /* The two counters move one after the other: never report a negative difference. */
        .pinned_bytes = cached > unpinned ? cached - unpinned : 0,
        .entries = atomic_load(&cache->entries),
        .hits = atomic_load(&cache->hits),
        .misses = atomic_load(&cache->misses),
        .evictions = atomic_load(&cache->evictions),
        .read_bytes = atomic_load(&cache->read_bytes),
    };
}

uint32_t cache_block_size(const mdd_cache *cache) { return cache->opts.block_size; }

uint64_t cache_register_store(mdd_cache *cache)
{
    return atomic_fetch_add(&cache->next_store, 1);
}

/* A 64-bit finaliser (MurmurHash3's): every key bit moves every hash bit, so neither the
 * shard (high word) nor the bucket (low bits) clusters on neighbouring blocks. */
static uint64_t mix(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return h;
}

uint64_t cache_key_hash(const cache_key *key)
{
    uint64_t h = mix(key->store + 0x9e3779b97f4a7c15ull);
    h = mix(h ^ key->chunk);
    h = mix(h ^ key->first_block);
    return mix(h ^ key->block_count);
}

cache_shard *cache_shard_of(mdd_cache *cache, uint64_t hash)
{
    return &cache->shards[(size_t)(hash >> 32) & (CACHE_SHARDS - 1)];
}
