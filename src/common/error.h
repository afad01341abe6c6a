/* Private helpers for filling an mdd_error. */
#ifndef MDD_COMMON_ERROR_H
#define MDD_COMMON_ERROR_H

#include <mdd/status.h>

#if defined(__GNUC__)
#define MDD_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define MDD_PRINTF(fmt, args)
#endif

/* Records status and a formatted message in err (which may be NULL); returns status. */
mdd_status mdd_fail(mdd_error *err, mdd_status status, const char *fmt, ...) MDD_PRINTF(3, 4);

/* Puts a formatted context ("MDDFile.chunks[2]: ") in front of err's message. Does nothing
 * when err is NULL. */
void mdd_error_prefix(mdd_error *err, const char *fmt, ...) MDD_PRINTF(2, 3);

#endif
