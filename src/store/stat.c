/* SPDX-License-Identifier: Apache-2.0 */
/* Which file a store loaded: what a caller compares with its path now to tell whether the
 * path was replaced since (a live database's reloads do). */
#include "store_impl.h"

#include <errno.h>
#include <string.h>

mdd_status mdd_store_stat(const mdd_store *store, struct stat *out, mdd_error *err)
{
    if (!store || !out)
        return mdd_fail(err, MDD_ERR_ARG, "no store or stat to fill");
    if (store->source.fd < 0 || fstat(store->source.fd, out) != 0)
        return mdd_fail(err, MDD_ERR_IO, "fstat: %s",
                        store->source.fd < 0 ? "the file is not open" : strerror(errno));
    return MDD_OK;
}
