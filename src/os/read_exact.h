/* SPDX-License-Identifier: Apache-2.0 */
/* Reading a whole range of a file with pread(2), through short reads and interruptions, for
 * the layers that read files explicitly (the store's pread strategy, verification records). */
#ifndef MDD_OS_READ_EXACT_H
#define MDD_OS_READ_EXACT_H

#include "../common/error.h"

#include <stddef.h>
#include <stdint.h>

/* Reads size bytes of fd at offset into buf. Returns 0 with *done == size when all arrived,
 * 0 with *done < size when the file ended first, or the errno of the read that failed (with
 * *done the bytes read before it). Callers name the file in their own errors. */
MDD_INTERNAL int os_pread_exact(int fd, void *buf, size_t size, uint64_t offset, size_t *done);

#endif
