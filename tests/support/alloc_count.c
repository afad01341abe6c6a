/* SPDX-License-Identifier: Apache-2.0 */
/* The link-time wrappers behind alloc_count.h: each counts the call and forwards it. */
#include "alloc_count.h"

#include <stdatomic.h>
#include <stddef.h>

static atomic_ulong allocations;

unsigned long tu_allocations(void) { return atomic_load(&allocations); }

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void *__real_aligned_alloc(size_t align, size_t size);
int __real_posix_memalign(void **p, size_t align, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);
void *__wrap_aligned_alloc(size_t align, size_t size);
int __wrap_posix_memalign(void **p, size_t align, size_t size);

void *__wrap_malloc(size_t size)
{
    atomic_fetch_add(&allocations, 1);
    return __real_malloc(size);
}

void *__wrap_calloc(size_t n, size_t size)
{
    atomic_fetch_add(&allocations, 1);
    return __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t size)
{
    atomic_fetch_add(&allocations, 1);
    return __real_realloc(p, size);
}

void *__wrap_aligned_alloc(size_t align, size_t size)
{
    atomic_fetch_add(&allocations, 1);
    return __real_aligned_alloc(align, size);
}

int __wrap_posix_memalign(void **p, size_t align, size_t size)
{
    atomic_fetch_add(&allocations, 1);
    return __real_posix_memalign(p, align, size);
}
