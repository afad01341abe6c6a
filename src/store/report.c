/* SPDX-License-Identifier: Apache-2.0 */
/* What a store costs in memory, measured rather than assumed. */
#include "store_impl.h"

#include <mdd_internal/os.h>

/* mincore(2) counts whole pages; a mapping's last page counts only as far as the file goes. */
static mdd_status add_mapping(const mdd_mapping *map, mdd_store_memory *out, mdd_error *err)
{
    uint64_t resident;
    mdd_status st = mdd_resident_bytes(map->data, map->size, &resident, err);
    if (st)
        return st;
    out->mapped_bytes += map->size;
    out->resident_bytes += resident < map->size ? resident : map->size;
    return MDD_OK;
}

mdd_status mdd_store_memory_report(const mdd_store *store, mdd_store_memory *out,
                                   mdd_error *err)
{
    if (!store || !out)
        return mdd_fail(err, MDD_ERR_ARG, "no store or no report to fill");
    *out = (mdd_store_memory){0};
    for (size_t i = 0; i < store->file.chunk_count; i++)
        out->payload_bytes += store->views[i].len;
    if (store->ops->report)
        store->ops->report(store, out);
    mdd_status st = add_mapping(&store->source, out, err);
    return st ? st : add_mapping(&store->sidecar, out, err);
}
