/* SPDX-License-Identifier: Apache-2.0 */
/* The io_uring backend of a library built without liburing (MDD_WITH_IO_URING off or not
 * found): it is never available, so AUTO readers take the thread pool and a reader that asks
 * for io_uring by name fails saying why. */
#include "async_impl.h"

mdd_status async_uring_open(mdd_reader *reader, const mdd_reader_options *opts, mdd_error *err)
{
    (void)reader;
    (void)opts;
    return mdd_fail(err, MDD_ERR_UNSUPPORTED, "not built with io_uring (liburing)");
}
