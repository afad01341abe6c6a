/* SPDX-License-Identifier: Apache-2.0 */
/* Private: a bump allocator that owns the arrays of one parsed file, freed all at once. */
#ifndef MDD_CONTAINER_ARENA_H
#define MDD_CONTAINER_ARENA_H

#include <mdd_internal/common.h>

#include <stddef.h>

struct mdd_arena;

/* A new, empty arena, or NULL when out of memory. */
MDD_INTERNAL struct mdd_arena *mdd_arena_new(void);

/* count zeroed elements of size bytes each, aligned for any type; NULL on overflow or when
 * out of memory. A zero count returns a valid non-NULL pointer. */
MDD_INTERNAL void *mdd_arena_calloc(struct mdd_arena *arena, size_t count, size_t size);

/* Frees the arena and everything taken from it. Safe on NULL. */
MDD_INTERNAL void mdd_arena_free(struct mdd_arena *arena);

#endif
