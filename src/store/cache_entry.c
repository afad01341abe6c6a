/* SPDX-License-Identifier: Apache-2.0 */
/* Cache entries: finding, publishing and pinning them (cache_impl.h explains the scheme). */
#include "cache_impl.h"

#include <stdlib.h>
#include <string.h>

static int key_equal(const cache_key *a, const cache_key *b)
{
    return a->store == b->store && a->chunk == b->chunk && a->first_block == b->first_block &&
           a->block_count == b->block_count;
}

static cache_entry **bucket_of(cache_shard *shard, uint64_t hash)
{
    return &shard->buckets[hash & (shard->bucket_count - 1)];
}

/* Shard lock held. */
static cache_entry *table_find(cache_shard *shard, const cache_key *key, uint64_t hash)
{
    for (cache_entry *e = *bucket_of(shard, hash); e; e = e->chain)
        if (e->hash == hash && key_equal(&e->key, key))
            return e;
    return NULL;
}

/* Doubles the buckets; without memory for them the chains just grow longer. */
static void table_grow(cache_shard *shard)
{
    size_t count = shard->bucket_count * 2;
    cache_entry **buckets = calloc(count, sizeof *buckets);
    if (!buckets)
        return;
    for (size_t i = 0; i < shard->bucket_count; i++) {
        for (cache_entry *e = shard->buckets[i], *next; e; e = next) {
            next = e->chain;
            e->chain = buckets[e->hash & (count - 1)];
            buckets[e->hash & (count - 1)] = e;
        }
    }
    free(shard->buckets);
    shard->buckets = buckets;
    shard->bucket_count = count;
}

static void table_insert(cache_shard *shard, cache_entry *entry)
{
    if (shard->entry_count >= shard->bucket_count)
        table_grow(shard);
    cache_entry **bucket = bucket_of(shard, entry->hash);
    entry->chain = *bucket;
    *bucket = entry;
    shard->entry_count++;
}

void cache_table_remove(cache_shard *shard, cache_entry *entry)
{
    cache_entry **link = bucket_of(shard, entry->hash);
    while (*link != entry)
        link = &(*link)->chain;
    *link = entry->chain;
    shard->entry_count--;
}

/* Shard lock held. An entry's first pin takes its bytes out of the budget's reckoning. */
static void pin_locked(cache_entry *entry)
{
    if (entry->pins++ == 0)
        atomic_fetch_sub(&entry->cache->unpinned_bytes, entry->size);
    entry->referenced = 1;
}

cache_entry *cache_find(mdd_cache *cache, const cache_key *key)
{
    uint64_t hash = cache_key_hash(key);
    cache_shard *shard = cache_shard_of(cache, hash);
    pthread_mutex_lock(&shard->lock);
    cache_entry *e = table_find(shard, key, hash);
    if (e) {
        pin_locked(e);
        atomic_fetch_add(&cache->hits, 1);
    }
    pthread_mutex_unlock(&shard->lock);
    return e;
}

cache_entry *cache_entry_create(mdd_cache *cache, const cache_key *key, size_t size)
{
    cache_entry *e = calloc(1, sizeof *e);
    uint8_t *data = e ? cache_buffer_get(cache, size) : NULL;
    if (!data) {
        free(e);
        return NULL;
    }
    *e = (cache_entry){.cache = cache, .key = *key, .hash = cache_key_hash(key),
                       .data = data, .size = size};
    return e;
}

cache_entry *cache_publish(cache_entry *fresh)
{
    mdd_cache *cache = fresh->cache;
    cache_shard *shard = cache_shard_of(cache, fresh->hash);
    atomic_fetch_add(&cache->misses, 1);
    atomic_fetch_add(&cache->read_bytes, fresh->size);
    pthread_mutex_lock(&shard->lock);
    cache_entry *first = table_find(shard, &fresh->key, fresh->hash);
    if (first) {
        pin_locked(first);
    } else {
        /* Published pinned: its bytes never count as unpinned before the first release. */
        fresh->pins = 1;
        fresh->referenced = 1;
        table_insert(shard, fresh);
        atomic_fetch_add(&cache->cached_bytes, fresh->size);
        atomic_fetch_add(&cache->entries, 1);
    }
    pthread_mutex_unlock(&shard->lock);
    if (first) {
        cache_entry_free(fresh);
        return first;
    }
    cache_clock_add(cache, fresh);
    return fresh;
}

void cache_entry_free(cache_entry *entry)
{
    if (!entry)
        return;
    cache_buffer_put(entry->cache, entry->data, entry->size);
    free(entry);
}

void cache_pin_fill(mdd_pin *pin, cache_entry *entry, size_t offset, size_t len)
{
    pin->bytes = (mdd_bytes){entry->data + offset, len};
    pin->entry = entry;
}

void mdd_pin_release(mdd_pin *pin)
{
    if (!pin)
        return;
    cache_entry *e = pin->entry;
    memset(pin, 0, sizeof *pin);
    if (!e)
        return;
    mdd_cache *cache = e->cache;
    cache_shard *shard = cache_shard_of(cache, e->hash);
    pthread_mutex_lock(&shard->lock);
    if (--e->pins == 0)
        atomic_fetch_add(&cache->unpinned_bytes, e->size);
    pthread_mutex_unlock(&shard->lock);
    /* e may be gone by now: another thread's eviction can free it once unpinned. */
    if (atomic_load(&cache->unpinned_bytes) > cache->opts.budget_bytes)
        cache_clock_evict(cache);
}
