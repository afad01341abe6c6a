/* SPDX-License-Identifier: Apache-2.0 */
/* Private helpers for filling an mdd_error. */
#ifndef MDD_COMMON_ERROR_H
#define MDD_COMMON_ERROR_H

#include <mdd/status.h>

#define MDD_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))

/* Library-internal functions stay out of the shared library's exported symbols. */
#define MDD_INTERNAL __attribute__((visibility("hidden")))

/* Records status and a formatted message in err (which may be NULL); returns status. */
MDD_INTERNAL mdd_status mdd_fail(mdd_error *err, mdd_status status, const char *fmt, ...) MDD_PRINTF(3, 4);

/* Puts a formatted context ("MDDFile.chunks[2]: ") in front of err's message. Does nothing
 * when err is NULL. */
MDD_INTERNAL void mdd_error_prefix(mdd_error *err, const char *fmt, ...) MDD_PRINTF(2, 3);

#endif
