/* SPDX-License-Identifier: Apache-2.0 */
#include "adapter.h"

#include "bench_common.h"

#include <stdio.h>
#include <stdlib.h>

#define WARM_LOOKUP_MS 300.0

typedef struct adapter_request {
    const mdd_db_layer *layer;
    mdd_request_prefix prefix;
} adapter_request;

/* A request a tester could send: the prefix of a random service of a random layer of ECU
 * i % count, so that consecutive requests go to different ECUs. */
static adapter_request adapter_pick(const mdd_db *db, size_t i, uint64_t *state)
{
    const mdd_db_ecu *ecu = mdd_db_ecu_at(db, i % mdd_db_ecu_count(db));
    uint32_t variants = mdd_db_ecu_variant_count(ecu);
    uint32_t groups = mdd_db_ecu_functional_group_count(ecu);
    uint32_t k =
        (uint32_t)(bench_next_random(state) % (variants + groups ? variants + groups : 1));
    adapter_request rq = {k < variants ? mdd_db_ecu_variant_at(ecu, k)
                                       : mdd_db_ecu_functional_group_at(ecu, k - variants),
                          {NULL, 0}};
    uint32_t services = rq.layer ? mdd_db_layer_service_count(rq.layer) : 0;
    if (services)
        rq.prefix =
            mdd_db_layer_service_at(rq.layer, (uint32_t)(bench_next_random(state) % services))
                .prefix;
    return rq;
}

static size_t adapter_lookup(const adapter_request *rq)
{
    mdd_db_service found[4];
    return rq->layer ? mdd_db_layer_lookup_request(rq->layer, rq->prefix.bytes, rq->prefix.len, found, 4)
                     : 0;
}

/* Warm lookups per second over the requests, repeated for WARM_LOOKUP_MS. */
static double adapter_warm_rate(const adapter_request *rqs, size_t n)
{
    volatile size_t sink = 0;
    size_t done = 0;
    double t0 = bench_now_ms(), t;
    do {
        for (size_t i = 0; i < n; i++)
            sink += adapter_lookup(&rqs[i]);
        done += n;
        t = bench_now_ms();
    } while (t - t0 < WARM_LOOKUP_MS);
    (void)sink;
    return (double)done * 1000.0 / (t - t0);
}

int adapter_start(const strategy_set *set, int verify, unsigned requests, adapter_figures *out,
                  char *message, size_t message_size)
{
    mdd_db_options opts = mdd_db_options_default();
    opts.store.strategy = set->strategy;
    opts.store.verify = verify;
    adapter_request *rqs = malloc((requests ? requests : 1) * sizeof *rqs);
    mdd_db *db = NULL;
    mdd_error err;
    uint64_t state = 0x2545f4914f6cdd1du;
    double t0 = bench_now_ms();
    if (!rqs ||
        mdd_db_open((const char *const *)set->paths, set->count, &opts, &db, &err) != MDD_OK) {
        snprintf(message, message_size, "database: %s", rqs ? err.message : "out of memory");
        free(rqs);
        return -1;
    }
    out->ready_ms = bench_now_ms() - t0;
    volatile size_t sink = 0;
    for (size_t i = 0; i < requests && mdd_db_ecu_count(db); i++) {
        rqs[i] = adapter_pick(db, i, &state);
        sink += adapter_lookup(&rqs[i]);
    }
    (void)sink;
    out->open_ms = bench_now_ms() - t0;
    out->lookups_per_s = mdd_db_ecu_count(db) && requests ? adapter_warm_rate(rqs, requests) : 0;
    free(rqs);
    return 0;
}
