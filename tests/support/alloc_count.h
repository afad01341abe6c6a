/* SPDX-License-Identifier: Apache-2.0 */
/* Counts the heap allocations of a test program. A program that calls these is linked with
 * mdd_count_allocations() (tests/CMakeLists.txt), which wraps malloc, calloc, realloc,
 * aligned_alloc and posix_memalign at link time, so every such call from the program and from
 * libmdd.a's objects goes through counters. */
#ifndef MDD_TEST_ALLOC_COUNT_H
#define MDD_TEST_ALLOC_COUNT_H

/* The number of allocations since the program started, from every thread. */
unsigned long tu_allocations(void);

#endif
