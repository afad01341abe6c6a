/* SPDX-License-Identifier: Apache-2.0 */
/* What a database holds in memory: its stores, as they report themselves, and its index. */
#include "db_impl.h"

#include <mdd_internal/store.h>

#include <string.h>

static void add_store(mdd_store_memory *sum, const mdd_store_memory *m)
{
    sum->payload_bytes += m->payload_bytes;
    sum->mapped_bytes += m->mapped_bytes;
    sum->resident_bytes += m->resident_bytes;
    sum->heap_bytes += m->heap_bytes;
    sum->cached_bytes += m->cached_bytes;
    sum->shared_bytes += m->shared_bytes;
}

/* Whether a store before ECU i reads into the same cache as ECU i's: a cache shared by stores
 * holds their bytes once and counts once. */
static int cache_counted(const mdd_db *db, size_t i)
{
    const mdd_cache *cache = mdd_store_cache(db->ecus[i]->store);
    for (size_t k = 0; cache && k < i; k++)
        if (db->ecus[k]->store && mdd_store_cache(db->ecus[k]->store) == cache)
            return 1;
    return 0;
}

mdd_status mdd_db_memory_report(const mdd_db *db, mdd_db_memory *out, mdd_error *err)
{
    if (!db || !out)
        return mdd_fail(err, MDD_ERR_ARG, "no database or report");
    memset(out, 0, sizeof *out);
    out->index_bytes = sizeof *db + db->count * sizeof *db->ecus;
    for (size_t i = 0; i < db->count; i++) {
        const mdd_db_ecu *ecu = db->ecus[i];
        out->index_bytes += ecu->index_bytes;
        if (!ecu->store)
            continue;
        mdd_store_memory m;
        mdd_status st = mdd_store_memory_report(ecu->store, &m, err);
        if (st != MDD_OK) {
            mdd_error_prefix(err, "%s: ", ecu->path);
            return st;
        }
        if (cache_counted(db, i))
            m.cached_bytes = 0;
        add_store(&out->stores, &m);
    }
    return MDD_OK;
}
