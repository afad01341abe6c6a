/* SPDX-License-Identifier: Apache-2.0 */
/* Binary search by name, shared by every by-name lookup of the database. */
#include "db_impl.h"

#include <mdd_internal/ecu.h>

#include <string.h>

size_t db_name_lower_bound(size_t n, db_name_fn name_of, const void *ctx, mdd_bytes name)
{
    size_t lo = 0;
    size_t hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (ecu_name_compare(name_of(ctx, mid), name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The first position in [lo, hi) whose name, folded, is above name (above set) or not below
 * it. */
static size_t folded_bound(size_t lo, size_t hi, db_name_fn name_of, const void *ctx,
                           mdd_bytes name, int above)
{
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = ecu_name_compare_folded(name_of(ctx, mid), name);
        if (c < 0 || (above && c == 0))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

void db_folded_range(size_t n, db_name_fn name_of, const void *ctx, mdd_bytes name,
                     size_t *lo, size_t *hi)
{
    *lo = folded_bound(0, n, name_of, ctx, name, 0);
    /* Runs are mostly short (a name has one service): gallop from the start of the run, so
     * that its end costs about twice the logarithm of its length. */
    size_t step = 1;
    size_t below = *lo;
    while (below + step < n &&
           ecu_name_compare_folded(name_of(ctx, below + step), name) == 0) {
        below += step;
        step *= 2;
    }
    size_t end = below + step < n ? below + step : n;
    *hi = *lo == n ? n : folded_bound(below, end, name_of, ctx, name, 1);
}

mdd_bytes db_name_bytes(const char *name)
{
    return (mdd_bytes){(const uint8_t *)name, strlen(name)};
}

mdd_bytes db_layer_table_name(mdd_fb_table t, int is_variant)
{
    mdd_diag_layer layer = is_variant ? mdd_variant_diag_layer((mdd_variant){t})
                                      : mdd_functional_group_diag_layer((mdd_functional_group){t});
    return mdd_diag_layer_short_name(layer);
}
