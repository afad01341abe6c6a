/* SPDX-License-Identifier: Apache-2.0 */
/* Byte-for-byte file copies through buffers the measured children do not inherit. */
#ifndef MDD_BENCH_STRATEGIES_COPY_H
#define MDD_BENCH_STRATEGIES_COPY_H

/* The size of an I/O block. */
#define COPY_BLOCK (1u << 20)

/* A COPY_BLOCK-byte buffer of its own mapping, or NULL; free it with io_block_free().
 * (A large malloc'd block, once freed, raises glibc's mmap threshold, and the next one
 * would stay in the parent's heap, to be inherited, resident, by every measured child.) */
char *io_block_alloc(void);

/* Unmaps a block from io_block_alloc(); NULL is ignored. */
void io_block_free(char *block);

/* Copies the file from into a new file to, byte by byte: copy_file_range() could share
 * extents (reflinks), and the strategies' disk usage must not depend on that. Returns 0, or
 * -1 after a message naming the file. */
int copy_file(const char *from, const char *to);

#endif
