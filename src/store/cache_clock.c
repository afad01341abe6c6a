/* SPDX-License-Identifier: Apache-2.0 */
/* CLOCK eviction: the hand sweeps the ring of published entries, clearing the referenced bit
 * of each used entry it passes and evicting the first unpinned one found unreferenced, until
 * the unpinned bytes are within the budget. Pinned entries are passed over, never freed. */
#include "cache_impl.h"

/* Clock lock held. Takes entry off the ring, the hand moving on past it. */
static void ring_remove(mdd_cache *cache, cache_entry *entry)
{
    if (entry->ring_next == entry) {
        cache->hand = NULL;
    } else {
        entry->ring_prev->ring_next = entry->ring_next;
        entry->ring_next->ring_prev = entry->ring_prev;
        if (cache->hand == entry)
            cache->hand = entry->ring_next;
    }
    entry->ring_prev = entry->ring_next = NULL;
    cache->ring_count--;
}

void cache_clock_add(mdd_cache *cache, cache_entry *entry)
{
    pthread_mutex_lock(&cache->clock_lock);
    cache_entry *hand = cache->hand;
    if (!hand) {
        entry->ring_prev = entry->ring_next = entry;
        cache->hand = entry;
    } else {
        /* Just behind the hand: the last entry it reaches. */
        entry->ring_next = hand;
        entry->ring_prev = hand->ring_prev;
        hand->ring_prev->ring_next = entry;
        hand->ring_prev = entry;
    }
    cache->ring_count++;
    pthread_mutex_unlock(&cache->clock_lock);
}

/* Clock lock held. Takes entry out of its shard's table if it is unpinned and, when
 * need_unreferenced, not used since the hand last passed; clears its referenced bit either
 * way. Returns whether it was taken out. */
static int take_out(mdd_cache *cache, cache_entry *entry, int need_unreferenced)
{
    cache_shard *shard = cache_shard_of(cache, entry->hash);
    pthread_mutex_lock(&shard->lock);
    int out = entry->pins == 0 && !(need_unreferenced && entry->referenced);
    entry->referenced = 0;
    if (out) {
        cache_table_remove(shard, entry);
        atomic_fetch_sub(&cache->unpinned_bytes, entry->size);
        atomic_fetch_sub(&cache->cached_bytes, entry->size);
        atomic_fetch_sub(&cache->entries, 1);
    }
    pthread_mutex_unlock(&shard->lock);
    return out;
}

/* Entries taken out under the clock lock, freed after it: free() need not stall the others. */
typedef struct victims {
    cache_entry *first;
} victims;

static void victims_add(victims *v, cache_entry *entry)
{
    entry->chain = v->first;
    v->first = entry;
}

static void victims_free(victims *v)
{
    for (cache_entry *e = v->first, *next; e; e = next) {
        next = e->chain;
        cache_entry_free(e);
    }
}

void cache_clock_evict(mdd_cache *cache)
{
    victims v = {NULL};
    pthread_mutex_lock(&cache->clock_lock);
    /* Two turns: the first may only clear referenced bits. */
    uint64_t steps = 2 * cache->ring_count;
    while (atomic_load(&cache->unpinned_bytes) > cache->opts.budget_bytes && cache->hand &&
           steps-- > 0) {
        cache_entry *e = cache->hand;
        if (take_out(cache, e, 1)) {
            ring_remove(cache, e);
            victims_add(&v, e);
            atomic_fetch_add(&cache->evictions, 1);
        } else {
            cache->hand = e->ring_next;
        }
    }
    pthread_mutex_unlock(&cache->clock_lock);
    victims_free(&v);
}

void cache_clock_forget_store(mdd_cache *cache, uint64_t store)
{
    victims v = {NULL};
    pthread_mutex_lock(&cache->clock_lock);
    for (uint64_t n = cache->ring_count; n > 0 && cache->hand; n--) {
        cache_entry *e = cache->hand;
        if (e->key.store == store && take_out(cache, e, 0)) {
            ring_remove(cache, e);
            victims_add(&v, e);
        } else {
            cache->hand = e->ring_next;
        }
    }
    pthread_mutex_unlock(&cache->clock_lock);
    victims_free(&v);
}
