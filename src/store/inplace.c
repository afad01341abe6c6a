/* The inplace strategy: the MDD file itself, converted once to uncompressed chunks (plain.c),
 * mapped read-only; every chunk's data is a view straight into the mapping. */
#include "store_impl.h"

mdd_status store_open_inplace(mdd_store *store, const char *path, const mdd_store_options *opts,
                              mdd_error *err)
{
    int fell_back;
    return store_open_plain(store, path, opts, MDD_STRATEGY_INPLACE, &fell_back, err);
}
