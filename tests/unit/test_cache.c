/* SPDX-License-Identifier: Apache-2.0 */
/* The block cache behind the pread strategy: options, exact hits, misses and evictions for
 * scripted reads, the budget, pinned entries under eviction pressure, multi-block spans, a
 * cache shared by two stores, and the counters. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "testutil.h"

#include <mdd/store.h>
#include <mdd_internal/store.h>
#include <mdd_internal/os.h>

#include "../../src/store/cache_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BLOCK 4096u
/* Ten whole blocks and a short eleventh. */
#define CHUNK_LEN (10u * BLOCK + 100u)

typedef struct fixture {
    char dir[4096];
    char mdd[4200];
} fixture;

/* A byte that differs between neighbouring blocks at the same offset, so a block served from
 * the wrong place shows. */
static uint8_t byte_at(size_t i) { return (uint8_t)(i * 31u + i / BLOCK); }

static mdd_status encode_file(void *ctx, mdd_sink *out, mdd_error *err)
{
    return mdd_file_encode(ctx, out, err);
}

/* An MDD file of one plain chunk of CHUNK_LEN bytes: pread opens it without converting. */
static void write_mdd(const char *path)
{
    uint8_t *payload = malloc(CHUNK_LEN);
    assert_non_null(payload);
    for (size_t i = 0; i < CHUNK_LEN; i++)
        payload[i] = byte_at(i);
    mdd_chunk chunk = {.name = {(const uint8_t *)"ECU", 3}, .data = {payload, CHUNK_LEN}};
    mdd_file file = {.version = {(const uint8_t *)"1", 1}, .ecu_name = {(const uint8_t *)"ECU", 3},
                     .chunks = &chunk, .chunk_count = 1};
    mdd_error err;
    assert_int_equal(mdd_write_file_atomic(path, 0644, encode_file, &file, &err), MDD_OK);
    free(payload);
}

static int setup(void **state)
{
    fixture *fx = calloc(1, sizeof *fx);
    if (!fx)
        return -1;
    if (tu_make_temp_dir(fx->dir, sizeof fx->dir, "cache") != 0)
        return -1;
    snprintf(fx->mdd, sizeof fx->mdd, "%s/ecu.mdd", fx->dir);
    write_mdd(fx->mdd);
    *state = fx;
    return 0;
}

static int teardown(void **state)
{
    fixture *fx = *state;
    /* The file, and the verification record its stores wrote. */
    int rc = tu_remove_tree(fx->dir);
    free(fx);
    return rc;
}

static mdd_cache *cache_of(uint64_t budget)
{
    mdd_cache_options o = mdd_cache_options_default();
    o.budget_bytes = budget;
    o.block_size = BLOCK;
    mdd_cache *cache = NULL;
    mdd_error err;
    assert_int_equal(mdd_cache_create(&o, &cache, &err), MDD_OK);
    return cache;
}

static mdd_store *open_with(const char *path, mdd_cache *cache)
{
    mdd_store_options o = mdd_store_options_default();
    o.strategy = MDD_STRATEGY_PREAD;
    o.cache = cache;
    mdd_store *s = NULL;
    mdd_error err = {0};
    if (mdd_store_open(path, &o, &s, &err) != MDD_OK)
        fail_msg("open: %s", err.message);
    return s;
}

/* Reads len bytes at offset into pin and checks them against the payload. */
static void read_pinned(const mdd_store *s, uint64_t offset, size_t len, mdd_pin *pin)
{
    mdd_error err = {0};
    if (mdd_store_read(s, 0, offset, len, pin, &err) != MDD_OK)
        fail_msg("read %zu at %llu: %s", len, (unsigned long long)offset, err.message);
    assert_non_null(pin->entry);
    assert_int_equal(pin->bytes.len, len);
    for (size_t i = 0; i < len; i++)
        if (pin->bytes.ptr[i] != byte_at((size_t)offset + i))
            fail_msg("byte %zu of %zu at %llu differs", i, len, (unsigned long long)offset);
}

/* Reads block b whole and releases it at once. */
static void read_block(const mdd_store *s, uint64_t b)
{
    mdd_pin pin = {0};
    read_pinned(s, b * BLOCK, BLOCK, &pin);
    mdd_pin_release(&pin);
}

static mdd_cache_stats stats_of(const mdd_cache *cache)
{
    mdd_cache_stats st;
    mdd_cache_stats_read(cache, &st);
    return st;
}

static void assert_counts(const mdd_cache *cache, uint64_t hits, uint64_t misses,
                          uint64_t evictions, uint64_t entries)
{
    mdd_cache_stats st = stats_of(cache);
    assert_int_equal(st.hits, hits);
    assert_int_equal(st.misses, misses);
    assert_int_equal(st.evictions, evictions);
    assert_int_equal(st.entries, entries);
}

static void test_options(void **state)
{
    fixture *fx = *state;
    mdd_cache_options d = mdd_cache_options_default();
    assert_int_equal(d.budget_bytes, 16u << 20);
    assert_int_equal(d.block_size, 64u << 10);
    static const uint32_t bad[] = {0, 2048, 4097, 3u << 12, 32u << 20};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        mdd_cache_options o = mdd_cache_options_default();
        o.budget_bytes = 1;
        o.block_size = bad[i];
        mdd_cache *cache = (mdd_cache *)1;
        mdd_error err = {0};
        assert_int_equal(mdd_cache_create(&o, &cache, &err), MDD_ERR_ARG);
        assert_null(cache);
        assert_non_null(strstr(err.message, "is not a power of two from 4096 to 16777216"));
    }
    static const uint32_t good[] = {4096, 64u << 10, 16u << 20};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        mdd_cache_options o = mdd_cache_options_default();
        o.budget_bytes = 0;
        o.block_size = good[i];
        mdd_cache *cache = NULL;
        assert_int_equal(mdd_cache_create(&o, &cache, NULL), MDD_OK);
        mdd_cache_stats st = stats_of(cache);
        assert_int_equal(st.budget_bytes, 0);
        assert_int_equal(st.cached_bytes + st.entries + st.hits + st.misses, 0);
        mdd_cache_free(cache);
    }
    mdd_cache *cache = NULL;
    assert_int_equal(mdd_cache_create(NULL, &cache, NULL), MDD_OK);
    assert_int_equal(stats_of(cache).budget_bytes, 16u << 20);
    mdd_cache_free(cache);
    mdd_cache_free(NULL);
    assert_int_equal(mdd_cache_create(NULL, NULL, NULL), MDD_ERR_ARG);
    /* A store checks its own cache's options before it touches the file. */
    mdd_store_options o = mdd_store_options_default();
    o.strategy = MDD_STRATEGY_PREAD;
    o.cache_options.block_size = 1000;
    mdd_store *s = NULL;
    mdd_error err = {0};
    assert_int_equal(mdd_store_open("/nonexistent.mdd", &o, &s, &err), MDD_ERR_ARG);
    assert_null(s);
    /* Under its defaults the store has a cache of its own. */
    o.cache_options = mdd_cache_options_default();
    assert_int_equal(mdd_store_open(fx->mdd, &o, &s, &err), MDD_OK);
    assert_non_null(mdd_store_cache(s));
    assert_int_equal(stats_of(mdd_store_cache(s)).budget_bytes, 16u << 20);
    mdd_store_close(s);
}

/* Budget two blocks. The hand meets entries in the order they came; a used entry gets one
 * more turn. */
static void test_scripted_clock(void **state)
{
    fixture *fx = *state;
    mdd_cache *cache = cache_of(2 * BLOCK);
    mdd_store *s = open_with(fx->mdd, cache);
    read_block(s, 0); /* A: miss */
    read_block(s, 1); /* B: miss */
    assert_counts(cache, 0, 2, 0, 2);
    read_block(s, 2); /* C: miss; the hand clears A, B, C, then evicts A */
    assert_counts(cache, 0, 3, 1, 2);
    read_block(s, 1); /* B: hit */
    assert_counts(cache, 1, 3, 1, 2);
    read_block(s, 0); /* A: miss; B was used, so C goes */
    assert_counts(cache, 1, 4, 2, 2);
    read_block(s, 1); /* hit */
    read_block(s, 0); /* hit */
    assert_counts(cache, 3, 4, 2, 2);
    read_block(s, 2); /* C: miss; A goes */
    assert_counts(cache, 3, 5, 3, 2);
    read_block(s, 1); /* B stayed: hit */
    read_block(s, 0); /* A went: miss */
    mdd_cache_stats st = stats_of(cache);
    assert_int_equal(st.hits, 4);
    assert_int_equal(st.misses, 6);
    assert_int_equal(st.evictions, 4);
    assert_int_equal(st.read_bytes, 6 * BLOCK);
    assert_int_equal(st.cached_bytes, 2 * BLOCK);
    assert_int_equal(st.pinned_bytes, 0);
    mdd_store_memory m;
    assert_int_equal(mdd_store_memory_report(s, &m, NULL), MDD_OK);
    assert_int_equal(m.cached_bytes, 2 * BLOCK);
    assert_int_equal(m.heap_bytes, 0);
    assert_int_equal(m.payload_bytes, CHUNK_LEN);
    mdd_store_close(s);
    mdd_cache_free(cache);
}

/* With no budget at all, pinned blocks stay, with their bytes, while every unpinned one goes. */
static void test_pinned_survive(void **state)
{
    fixture *fx = *state;
    mdd_cache *cache = cache_of(0);
    mdd_store *s = open_with(fx->mdd, cache);
    mdd_pin pins[4];
    memset(pins, 0, sizeof pins);
    for (uint64_t b = 0; b < 4; b++)
        read_pinned(s, b * BLOCK, BLOCK, &pins[b]);
    mdd_cache_stats st = stats_of(cache);
    assert_int_equal(st.cached_bytes, 4 * BLOCK);
    assert_int_equal(st.pinned_bytes, 4 * BLOCK);
    for (uint64_t b = 4; b < 10; b++)
        read_block(s, b);
    assert_counts(cache, 0, 10, 6, 4);
    st = stats_of(cache);
    assert_int_equal(st.cached_bytes, 4 * BLOCK);
    assert_int_equal(st.pinned_bytes, 4 * BLOCK);
    for (uint64_t b = 0; b < 4; b++)
        for (size_t i = 0; i < BLOCK; i++)
            assert_int_equal(pins[b].bytes.ptr[i], byte_at(b * BLOCK + i));
    /* A second pin on a pinned block is a hit; the block goes with its last pin. */
    mdd_pin again = {0};
    read_pinned(s, 0, 10, &again);
    assert_ptr_equal(again.bytes.ptr, pins[0].bytes.ptr);
    assert_counts(cache, 1, 10, 6, 4);
    mdd_pin_release(&pins[0]);
    assert_counts(cache, 1, 10, 6, 4);
    mdd_pin_release(&again);
    assert_null(again.entry);
    assert_null(again.bytes.ptr);
    mdd_pin_release(&again); /* a released pin releases nothing */
    assert_counts(cache, 1, 10, 7, 3);
    for (int b = 1; b < 4; b++)
        mdd_pin_release(&pins[b]);
    st = stats_of(cache);
    assert_int_equal(st.evictions, 10);
    assert_int_equal(st.entries, 0);
    assert_int_equal(st.cached_bytes, 0);
    assert_int_equal(st.pinned_bytes, 0);
    mdd_store_close(s);
    mdd_cache_free(cache);
}

/* A range inside one block uses that block's entry; a range across blocks gets an entry of
 * its own, for the blocks it touches; the last block ends with the chunk. */
static void test_spans(void **state)
{
    fixture *fx = *state;
    mdd_cache *cache = cache_of(1u << 20);
    mdd_store *s = open_with(fx->mdd, cache);
    mdd_pin a = {0}, b = {0}, c = {0}, d = {0};
    read_pinned(s, BLOCK - 96, 200, &a); /* blocks 0-1: 8192 bytes */
    read_pinned(s, 100, 50, &b);         /* block 0 alone */
    assert_counts(cache, 0, 2, 0, 2);
    assert_int_equal(stats_of(cache).cached_bytes, 3 * BLOCK);
    read_pinned(s, BLOCK - 6, 16, &c); /* blocks 0-1 again: a hit */
    assert_counts(cache, 1, 2, 0, 2);
    assert_ptr_equal(c.bytes.ptr, a.bytes.ptr + 90);
    read_pinned(s, 10 * BLOCK + 40, 60, &d); /* the short last block */
    assert_int_equal(stats_of(cache).cached_bytes, 3 * BLOCK + 100);
    mdd_pin_release(&d);
    read_pinned(s, 0, CHUNK_LEN, &d); /* the whole chunk: eleven blocks, cut at its end */
    assert_int_equal(stats_of(cache).cached_bytes, 3 * BLOCK + 100 + CHUNK_LEN);
    assert_int_equal(stats_of(cache).read_bytes, 3 * BLOCK + 100 + CHUNK_LEN);
    /* Entries keep the payload's alignment. */
    assert_int_equal((uintptr_t)d.bytes.ptr % 16, 0);
    assert_int_equal((uintptr_t)(b.bytes.ptr - 100) % 16, 0);
    assert_int_equal(stats_of(cache).entries, 4);
    mdd_pin_release(&a);
    mdd_pin_release(&b);
    mdd_pin_release(&c);
    mdd_pin_release(&d);
    /* Within budget, nothing was evicted. */
    assert_counts(cache, 1, 4, 0, 4);
    assert_int_equal(stats_of(cache).pinned_bytes, 0);
    mdd_store_close(s);
    mdd_cache_free(cache);
}

/* Two stores share a cache: the same block of each is its own entry, and closing one store
 * drops its entries only. */
static void test_shared(void **state)
{
    fixture *fx = *state;
    mdd_cache *cache = cache_of(1u << 20);
    mdd_store *s1 = open_with(fx->mdd, cache);
    mdd_store *s2 = open_with(fx->mdd, cache);
    assert_ptr_equal(mdd_store_cache(s1), cache);
    read_block(s1, 3);
    read_block(s2, 3);
    read_block(s2, 4);
    read_block(s1, 3);
    assert_counts(cache, 1, 3, 0, 3);
    mdd_store_close(s2);
    assert_counts(cache, 1, 3, 0, 1);
    assert_int_equal(stats_of(cache).cached_bytes, BLOCK);
    read_block(s1, 3);
    assert_counts(cache, 2, 3, 0, 1);
    mdd_store_close(s1);
    assert_int_equal(stats_of(cache).entries, 0);
    mdd_cache_free(cache);
}

/* An evicted block's buffer serves the next miss, and the bytes are the new block's. */
static void test_spare_reuse(void **state)
{
    fixture *fx = *state;
    mdd_cache *cache = cache_of(1 * BLOCK);
    mdd_store *s = open_with(fx->mdd, cache);
    mdd_pin a = {0}, b = {0};
    read_pinned(s, 0, BLOCK, &a);
    const uint8_t *first = a.bytes.ptr;
    mdd_pin_release(&a);
    read_pinned(s, BLOCK, BLOCK, &b); /* a miss: block 0 goes, its buffer is kept */
    mdd_pin_release(&b);
    /* Had the buffer gone back to malloc, this is where it would most likely go. */
    void *decoy = malloc(BLOCK);
    assert_non_null(decoy);
    read_pinned(s, 2 * BLOCK, BLOCK, &a); /* block 1 goes; block 2 gets block 0's buffer */
    assert_ptr_equal(a.bytes.ptr, first);
    mdd_pin_release(&a);
    free(decoy);
    assert_counts(cache, 0, 3, 2, 1);
    mdd_store_close(s);
    mdd_cache_free(cache);
}

/* A fresh block buffer comes with every page in memory: whoever reads into it later (a pool
 * thread, an io_uring worker) takes no fault, and so no lock an event loop's allocation waits
 * for. Not under an emulator: qemu-user accepts MADV_POPULATE_WRITE and does nothing. */
static void test_fresh_buffer_populated(void **state)
{
    (void)state;
    if (tu_emulator()) {
        print_message("skipped: madvise() under %s does not populate\n", tu_emulator());
        skip();
    }
    enum { BIG = 1u << 20 };
    mdd_cache_options o = mdd_cache_options_default();
    o.budget_bytes = 4u * BIG;
    o.block_size = BIG;
    mdd_cache *cache = NULL;
    mdd_error err;
    assert_int_equal(mdd_cache_create(&o, &cache, &err), MDD_OK);
    uint8_t *buf = cache_buffer_get(cache, BIG);
    assert_non_null(buf);
    uint64_t resident = 0;
    assert_int_equal(mdd_resident_bytes(buf, BIG, &resident, &err), MDD_OK);
    /* mincore() counts the whole pages the buffer touches. */
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t start = (uintptr_t)buf & ~(page - 1);
    uintptr_t end = ((uintptr_t)buf + BIG + page - 1) & ~(page - 1);
    assert_int_equal(resident, end - start);
    free(buf);
    mdd_cache_free(cache);
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        T(test_options),
        T(test_scripted_clock),
        T(test_pinned_survive),
        T(test_spans),
        T(test_shared),
        T(test_spare_reuse),
        T(test_fresh_buffer_populated),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
