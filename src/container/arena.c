/* SPDX-License-Identifier: Apache-2.0 */
#include "arena.h"

#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Blocks grow geometrically so a file with many entries costs few malloc calls. */
#define ARENA_FIRST_BLOCK 1024u

struct arena_block {
    struct arena_block *next;
    size_t size;
    size_t used;
    alignas(max_align_t) unsigned char data[];
};

struct mdd_arena {
    struct arena_block *head;
    size_t next_size;
};

struct mdd_arena *mdd_arena_new(void)
{
    struct mdd_arena *a = calloc(1, sizeof *a);
    if (a)
        a->next_size = ARENA_FIRST_BLOCK;
    return a;
}

static size_t round_up(size_t n)
{
    size_t align = alignof(max_align_t);
    return (n + align - 1) & ~(align - 1);
}

static struct arena_block *arena_grow(struct mdd_arena *a, size_t need)
{
    size_t size = a->next_size;
    while (size < need)
        size *= 2;
    struct arena_block *b = malloc(sizeof *b + size);
    if (!b)
        return NULL;
    b->next = a->head;
    b->size = size;
    b->used = 0;
    a->head = b;
    a->next_size = size * 2;
    return b;
}

void *mdd_arena_calloc(struct mdd_arena *a, size_t count, size_t size)
{
    if (size != 0 && count > (SIZE_MAX / 2) / size)
        return NULL;
    size_t bytes = round_up(count * size);
    struct arena_block *b = a->head;
    if (!b || b->size - b->used < bytes) {
        b = arena_grow(a, bytes);
        if (!b)
            return NULL;
    }
    void *p = b->data + b->used;
    b->used += bytes;
    memset(p, 0, bytes);
    return p;
}

void mdd_arena_free(struct mdd_arena *a)
{
    if (!a)
        return;
    struct arena_block *b = a->head;
    while (b) {
        struct arena_block *next = b->next;
        free(b);
        b = next;
    }
    free(a);
}
