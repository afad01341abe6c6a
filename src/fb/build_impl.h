/* SPDX-License-Identifier: Apache-2.0 */
/* Private primitives of the FlatBuffers builder (build.c, build_table.c). */
#ifndef MDD_FB_BUILD_IMPL_H
#define MDD_FB_BUILD_IMPL_H

#include <mdd_internal/common.h>

#include <mdd_internal/gen.h>

/* Records the first failure; later ones are consequences of it. */
MDD_INTERNAL void fbb_fail(mdd_fb_builder *b, mdd_status status, const char *fmt, ...)
    MDD_PRINTF(3, 4);

/* Pads with zeros so that, once `extra` more bytes are written, the write position is a
 * multiple of align (a power of two, at most 8). Returns 0 on success. */
MDD_INTERNAL int fbb_prep(mdd_fb_builder *b, size_t align, size_t extra);

/* Writes n bytes just below the current data, unaligned; returns 0 on success. */
MDD_INTERNAL int fbb_push(mdd_fb_builder *b, const void *data, size_t n);

/* Writes a little-endian value of n (1, 2 or 4) bytes below the current data, unaligned. */
MDD_INTERNAL int fbb_push_le(mdd_fb_builder *b, uint32_t value, size_t n);

/* Writes an aligned uoffset to ref; the offset counts from where it is stored. */
MDD_INTERNAL int fbb_push_uoffset(mdd_fb_builder *b, mdd_fb_ref ref);

/* Pointer to the byte of the written object at ref (distance from the end). */
static inline uint8_t *fbb_at(mdd_fb_builder *b, mdd_fb_ref ref)
{
    return b->buf + b->cap - ref;
}

#endif
