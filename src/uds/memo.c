/* SPDX-License-Identifier: Apache-2.0 */
/* The memo of requests: a fixed table of slots, one request each, found by hashing the
 * layer's identity and the request bytes its lookup reads. A slot is filled by the decode
 * that misses it, replacing what it held, so the memo never grows. */
#include "memo.h"

#include <mdd_internal/db.h>

#include <stdlib.h>
#include <string.h>

/* The most slots a memo takes (117 MB of address space): a bound on what a caller's mistake
 * allocates. */
#define MEMO_MAX_ENTRIES (1u << 12)
#define MEMO_DEFAULT_ENTRIES 64

struct mdd_uds_memo {
    size_t mask; /* slots - 1, slots being a power of two */
    /* The longest request prefix of the layer met last (db_layer_prefix_max() reads all its
     * runs), told by its address and its ECU's serial as entries are. */
    const mdd_db_layer *prefix_layer;
    uint64_t prefix_serial;
    uint32_t prefix_max;
    uds_memo_entry entries[];
};

mdd_status mdd_uds_memo_create(size_t entries, mdd_uds_memo **out, mdd_error *err)
{
    if (!out)
        return mdd_fail(err, MDD_ERR_ARG, "mdd_uds_memo_create: no out");
    if (entries > MEMO_MAX_ENTRIES)
        return mdd_fail(err, MDD_ERR_ARG, "mdd_uds_memo_create: %zu slots (most %u)", entries,
                        MEMO_MAX_ENTRIES);
    size_t slots = 1;
    while (slots < (entries ? entries : MEMO_DEFAULT_ENTRIES))
        slots *= 2;
    /* calloc: slots never met stay untouched pages. */
    mdd_uds_memo *memo = calloc(1, sizeof *memo + slots * sizeof memo->entries[0]);
    if (!memo)
        return mdd_fail(err, MDD_ERR_NOMEM, "out of memory for a memo of %zu slots", slots);
    memo->mask = slots - 1;
    *out = memo;
    return MDD_OK;
}

void mdd_uds_memo_free(mdd_uds_memo *memo) { free(memo); }

/* FNV-1a over the key, seeded with the layer's identity. */
static size_t slot_of(const mdd_uds_memo *memo, uint64_t serial, const mdd_db_layer *layer,
                      const uint8_t *key, size_t len)
{
    const uint64_t prime = UINT64_C(0x100000001b3);
    uint64_t h = (UINT64_C(0xcbf29ce484222325) ^ serial) * prime;
    h = (h ^ (uint64_t)(uintptr_t)layer) * prime;
    h = (h ^ len) * prime;
    for (size_t i = 0; i < len; i++)
        h = (h ^ key[i]) * prime;
    return (size_t)(h ^ h >> 32) & memo->mask;
}

/* The response a decode tries first for service s: its first positive, else its first
 * negative one. 1 and *c, or 0 when it has none. */
static int first_response(mdd_diag_service s, uds_chosen *c)
{
    mdd_response_vec pos = mdd_diag_service_pos_responses(s);
    mdd_response_vec neg = mdd_diag_service_neg_responses(s);
    int positive = mdd_response_vec_count(pos) > 0;
    if (!positive && mdd_response_vec_count(neg) == 0)
        return 0;
    c->message.kind = positive ? MDD_UDS_POSITIVE : MDD_UDS_NEGATIVE;
    c->message.index = 0;
    c->response = mdd_response_vec_at(positive ? pos : neg, 0);
    c->params = mdd_response_params(c->response);
    return 1;
}

static void fill(uds_memo_entry *e, const mdd_db_layer *layer, uint64_t serial,
                 const uint8_t *key, size_t key_len)
{
    uds_chosen first;
    e->layer = layer;
    e->serial = serial;
    e->key_len = (uint32_t)key_len;
    if (key_len)
        memcpy(e->key, key, key_len);
    e->service_count = mdd_db_layer_lookup_request(layer, key, key_len, e->services, UDS_MEMO_SERVICES);
    e->planned = e->service_count >= 1 && e->service_count <= UDS_MEMO_SERVICES &&
                 first_response(e->services[0].service, &first) &&
                 uds_match_plan_compile(&first, &e->plan);
    e->walk.ready = false;
    e->json_head_len = 0;
    if (e->planned)
        uds_plan_compile(&e->walk, first.params, e->plan.matched, e->plan.matched_count);
}

/* Whether a[0..n) and b[0..n) are equal: a key is a few bytes. */
static bool same_bytes(const uint8_t *a, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return false;
    return true;
}

uds_memo_entry *uds_memo_entry_for(mdd_uds_memo *memo, const mdd_db_layer *layer,
                                   const uint8_t *request, size_t len)
{
    uint64_t serial = db_layer_serial(layer);
    if (memo->prefix_layer != layer || memo->prefix_serial != serial) {
        memo->prefix_layer = layer;
        memo->prefix_serial = serial;
        memo->prefix_max = db_layer_prefix_max(layer);
    }
    size_t key_len = len < memo->prefix_max ? len : memo->prefix_max;
    if (key_len > UDS_MEMO_KEY_MAX)
        return NULL;
    uds_memo_entry *e = &memo->entries[slot_of(memo, serial, layer, request, key_len)];
    if (e->layer != layer || e->serial != serial || e->key_len != key_len ||
        !same_bytes(e->key, request, key_len)) {
        if (e->busy)
            return NULL;
        fill(e, layer, serial, request, key_len);
    }
    return e->service_count <= UDS_MEMO_SERVICES ? e : NULL;
}
