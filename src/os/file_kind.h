/* SPDX-License-Identifier: Apache-2.0 */
/* Names of the kinds of file, for the messages that refuse one: "not a regular file (a
 * FIFO)". */
#ifndef MDD_OS_FILE_KIND_H
#define MDD_OS_FILE_KIND_H

#include <mdd_internal/common.h>

#include <sys/types.h>

/* "a directory", "a FIFO", "a character device", ... for the type bits of mode. */
MDD_INTERNAL const char *os_file_kind(mode_t mode);

#endif
