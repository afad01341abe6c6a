/* SPDX-License-Identifier: Apache-2.0 */
/* Private to the store layer: the block cache's insides (mdd/cache.h) and the steps a store
 * takes to read through it.
 *
 * An entry holds the bytes of one aligned span of one chunk: block_count blocks from
 * first_block on, the last one cut at the chunk's end. Entries are always complete: a reader
 * that misses reads into a new entry no one else sees (cache_entry_create()), then publishes it;
 * if an equal entry was published meanwhile, the new one is freed and the other pinned. So
 * nobody ever waits for somebody else's read.
 *
 * Locks: entries live in one of CACHE_SHARDS hash tables by key, each under its own mutex,
 * which guards the entries' pins and referenced bits too. The CLOCK ring of all published
 * entries has its own mutex. When both are held, the clock's is taken first. */
#ifndef MDD_CACHE_IMPL_H
#define MDD_CACHE_IMPL_H

#include <mdd_internal/common.h>

#include <mdd_internal/store.h>

#include <pthread.h>
#include <stdatomic.h>

#define CACHE_SHARDS 16u
/* Entry buffers start at a multiple of this: FlatBuffers need 8, and a cache line keeps two
 * buffers from sharing one. */
#define CACHE_ALIGN 64u
#define CACHE_MIN_BLOCK ((uint32_t)4 << 10)
#define CACHE_MAX_BLOCK ((uint32_t)16 << 20)
/* Evicted block buffers kept for reuse (cache_spare.c). */
#define CACHE_SPARES 8u

typedef struct cache_key {
    uint64_t store; /* cache_register_store() */
    uint64_t chunk;
    uint64_t first_block;
    uint64_t block_count;
} cache_key;

typedef struct cache_entry cache_entry;

struct cache_entry {
    mdd_cache *cache;
    cache_key key;
    uint64_t hash;
    uint8_t *data;
    size_t size;
    cache_entry *chain;                 /* the shard's bucket; shard lock */
    cache_entry *ring_prev, *ring_next; /* the CLOCK ring; clock lock */
    uint32_t pins;                      /* shard lock */
    int referenced;                     /* used since the hand last passed; shard lock */
};

typedef struct cache_shard {
    pthread_mutex_t lock;
    cache_entry **buckets;
    size_t bucket_count; /* a power of two */
    size_t entry_count;
} cache_shard;

struct mdd_cache {
    mdd_cache_options opts;
    cache_shard shards[CACHE_SHARDS];
    pthread_mutex_t clock_lock;
    cache_entry *hand;   /* the ring's next entry to look at; NULL when empty */
    uint64_t ring_count; /* entries on the ring */
    atomic_uint_least64_t next_store;
    pthread_mutex_t spare_lock;
    uint8_t *spares[CACHE_SPARES];
    size_t spare_count;
    /* Counters, updated atomically so reads need no lock. unpinned_bytes is what the budget
     * bounds. */
    atomic_uint_least64_t cached_bytes, unpinned_bytes, entries;
    atomic_uint_least64_t hits, misses, evictions, read_bytes;
};

/* cache.c */

/* MDD_ERR_ARG for a block size that is not a power of two in range. */
MDD_INTERNAL mdd_status cache_check_options(const mdd_cache_options *opts, mdd_error *err);

/* The block size of the cache. */
MDD_INTERNAL uint32_t cache_block_size(const mdd_cache *cache);

/* A key part no other store of this cache has or had. */
MDD_INTERNAL uint64_t cache_register_store(mdd_cache *cache);

/* The shard that holds key's entries, and the key's hash. */
MDD_INTERNAL uint64_t cache_key_hash(const cache_key *key);
MDD_INTERNAL cache_shard *cache_shard_of(mdd_cache *cache, uint64_t hash);

/* cache_entry.c */

/* The published entry for key, pinned, counting a hit; NULL when there is none. */
MDD_INTERNAL cache_entry *cache_find(mdd_cache *cache, const cache_key *key);

/* A new, unpublished entry of size (> 0) bytes for key, its data to be filled by the caller;
 * NULL when out of memory. */
MDD_INTERNAL cache_entry *cache_entry_create(mdd_cache *cache, const cache_key *key, size_t size);

/* Publishes a filled entry from cache_entry_create(), counting a miss and its bytes read, and
 * returns it pinned; or, when an equal entry was published first, frees fresh and returns
 * that one pinned. */
MDD_INTERNAL cache_entry *cache_publish(cache_entry *fresh);

/* Fills pin with len bytes at offset of entry's data, handing it entry's pin. */
MDD_INTERNAL void cache_pin_fill(mdd_pin *pin, cache_entry *entry, size_t offset, size_t len);

/* Removes an entry from its shard's table; shard lock held. */
MDD_INTERNAL void cache_table_remove(cache_shard *shard, cache_entry *entry);

/* Frees an entry that is in no table nor ring: unpublished (cache_entry_create()) or evicted. */
MDD_INTERNAL void cache_entry_free(cache_entry *entry);

/* cache_spare.c */

/* How many bytes a buffer for an entry of size bytes has. */
MDD_INTERNAL size_t cache_buffer_size(const mdd_cache *cache, size_t size);

/* A CACHE_ALIGN-aligned buffer for an entry of size bytes: a spare one when there is one;
 * NULL when out of memory. */
MDD_INTERNAL uint8_t *cache_buffer_get(mdd_cache *cache, size_t size);

/* Takes back the buffer of an entry of size bytes: kept as a spare or freed. */
MDD_INTERNAL void cache_buffer_put(mdd_cache *cache, uint8_t *data, size_t size);

/* Frees the spare buffers (destroying the cache). */
MDD_INTERNAL void cache_buffers_free(mdd_cache *cache);

/* cache_clock.c */

/* Appends a just published entry to the CLOCK ring, behind the hand. */
MDD_INTERNAL void cache_clock_add(mdd_cache *cache, cache_entry *entry);

/* Evicts unpinned entries, CLOCK order, until the unpinned bytes fit the budget or only
 * pinned and recently used entries are left after two turns of the hand. */
MDD_INTERNAL void cache_clock_evict(mdd_cache *cache);

/* Drops every unpinned entry of store (closing: nobody will ask for them again). */
MDD_INTERNAL void cache_clock_forget_store(mdd_cache *cache, uint64_t store);

#endif
