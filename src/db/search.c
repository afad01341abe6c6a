/* Binary search by name, shared by every by-name lookup of the database. */
#include "db_impl.h"

#include "../ecu/names.h"

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
