/* SPDX-License-Identifier: Apache-2.0 */
/* The ECU's prefix arena: services share Requests (the payload is a DAG and layers inherit
 * the same services), so each distinct Request's prefix is read and stored once. That keeps
 * opening linear in the payload even for a hostile file whose many services point at one
 * Request with a costly prefix. */
#include "db_impl.h"

#include <stdlib.h>
#include <string.h>

static mdd_status out_of_memory(mdd_error *err)
{
    return mdd_fail(err, MDD_ERR_NOMEM, "out of memory for the request prefixes");
}

static size_t slot_of(const db_prefix_arena *a, uint32_t key)
{
    /* Fibonacci hashing spreads the table positions, which are multiples of 4. */
    size_t i = (size_t)((key * UINT64_C(0x9e3779b97f4a7c15)) >> 32) & (a->slot_count - 1);
    while (a->keys[i] != 0 && a->keys[i] != key)
        i = (i + 1) & (a->slot_count - 1);
    return i;
}

/* Doubles the table (or makes its first 64 slots) and puts the old entries back. */
static mdd_status grow_slots(db_prefix_arena *a, mdd_error *err)
{
    size_t count = a->slot_count ? 2 * a->slot_count : 64;
    uint32_t *keys = calloc(count, sizeof *keys);
    uint64_t *values = malloc(count * sizeof *values);
    if (!keys || !values) {
        free(keys);
        free(values);
        return out_of_memory(err);
    }
    db_prefix_arena old = *a;
    a->keys = keys;
    a->values = values;
    a->slot_count = count;
    for (size_t i = 0; i < old.slot_count; i++) {
        if (old.keys[i] == 0)
            continue;
        size_t j = slot_of(a, old.keys[i]);
        a->keys[j] = old.keys[i];
        a->values[j] = old.values[i];
    }
    free(old.keys);
    free(old.values);
    return MDD_OK;
}

/* Appends s's prefix to the arena: sets *offset and *len. */
static mdd_status append_prefix(db_prefix_arena *a, mdd_diag_service s, uint32_t *offset,
                                uint32_t *len, mdd_error *err)
{
    size_t n = mdd_diag_service_request_prefix(s, NULL, 0);
    *offset = 0;
    *len = 0;
    if (n == 0)
        return MDD_OK;
    if (n > UINT32_MAX - a->len)
        return mdd_fail(err, MDD_ERR_LIMIT, "request prefixes take more than 4 GiB");
    void *p = db_reserve(a->bytes, &a->cap, a->len + n, 1);
    if (!p)
        return out_of_memory(err);
    a->bytes = p;
    mdd_diag_service_request_prefix(s, a->bytes + a->len, n);
    *offset = (uint32_t)a->len;
    *len = (uint32_t)n;
    a->len += n;
    return MDD_OK;
}

mdd_status db_prefix_of(db_prefix_arena *a, mdd_diag_service s, uint32_t *offset,
                        uint32_t *len, mdd_error *err)
{
    uint32_t key = mdd_diag_service_request(s).t.pos;
    if (key == 0) {
        *offset = 0;
        *len = 0;
        return MDD_OK;
    }
    mdd_status st = MDD_OK;
    if (2 * (a->used + 1) > a->slot_count && (st = grow_slots(a, err)) != MDD_OK)
        return st;
    size_t i = slot_of(a, key);
    if (a->keys[i] == key) {
        *offset = (uint32_t)(a->values[i] >> 32);
        *len = (uint32_t)a->values[i];
        return MDD_OK;
    }
    if ((st = append_prefix(a, s, offset, len, err)) != MDD_OK)
        return st;
    a->keys[i] = key;
    a->values[i] = (uint64_t)*offset << 32 | *len;
    a->used++;
    return MDD_OK;
}

void db_prefix_arena_done(db_prefix_arena *a)
{
    free(a->keys);
    free(a->values);
    a->keys = NULL;
    a->values = NULL;
    a->slot_count = 0;
    a->used = 0;
}
