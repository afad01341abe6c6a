/* SPDX-License-Identifier: Apache-2.0 */
#include "touch.h"

#include "bench_common.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TOUCH_HEAD_BYTES 4096u

static int compare_addresses(const void *a, const void *b)
{
    uintptr_t x = *(const uintptr_t *)a, y = *(const uintptr_t *)b;
    return (x > y) - (x < y);
}

static size_t count_distinct(uintptr_t *pages, size_t n)
{
    qsort(pages, n, sizeof *pages, compare_addresses);
    size_t distinct = 0;
    for (size_t i = 0; i < n; i++)
        distinct += i == 0 || pages[i] != pages[i - 1];
    return distinct;
}

/* One chunk's reads; pages has room for words + 2 page numbers. */
static size_t touch_view(mdd_bytes v, unsigned words, uint64_t seed, uintptr_t *pages,
                         volatile uint64_t *sink)
{
    if (v.len < 8)
        return 0;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    size_t head = v.len < TOUCH_HEAD_BYTES ? v.len : TOUCH_HEAD_BYTES;
    size_t n = 0;
    uint64_t acc = 0;
    for (size_t i = 0; i < head; i += 64)
        acc += v.ptr[i];
    pages[n++] = (uintptr_t)v.ptr / page;
    pages[n++] = ((uintptr_t)v.ptr + head - 1) / page;
    uint64_t state = seed | 1u;
    for (unsigned w = 0; w < words; w++) {
        size_t at = (size_t)(bench_next_random(&state) % (v.len / 8)) * 8;
        uint64_t word;
        memcpy(&word, v.ptr + at, sizeof word);
        acc += word;
        pages[n++] = ((uintptr_t)v.ptr + at) / page;
    }
    *sink += acc;
    return count_distinct(pages, n);
}

uint64_t touch_all(mdd_store **stores, size_t count, unsigned words)
{
    uintptr_t *pages = malloc((words + 2u) * sizeof *pages);
    volatile uint64_t sink = 0;
    uint64_t touched = 0;
    for (size_t f = 0; pages && f < count; f++) {
        const mdd_file *file = mdd_store_file(stores[f]);
        for (size_t c = 0; c < file->chunk_count; c++) {
            uint64_t seed = ((uint64_t)f << 32) ^ (uint64_t)c ^ 0x9e3779b97f4a7c15u;
            mdd_bytes v;
            mdd_error err;
            if (mdd_store_chunk_data(stores[f], c, &v, &err) != MDD_OK)
                bench_fail(mdd_strategy_name(mdd_store_strategy(stores[f])), "%s", err.message);
            else
                touched += touch_view(v, words, seed, pages, &sink);
        }
    }
    free(pages);
    return touched;
}
