/* SPDX-License-Identifier: Apache-2.0 */
/* Private FlatBuffers primitives shared by the verifier (verify.c) and the readers (read.c).
 * Every load goes through memcpy, so no pointer into the buffer is ever dereferenced at a
 * misaligned address. */
#ifndef MDD_FB_IMPL_H
#define MDD_FB_IMPL_H

#include "../common/error.h"

#include <mdd/fb.h>

#include <string.h>

static inline uint16_t fb_load16(const uint8_t *p)
{
    uint16_t v;
    memcpy(&v, p, sizeof v);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap16(v);
#endif
    return v;
}

static inline uint32_t fb_load32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof v);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    return v;
}

static inline uint64_t fb_load64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

/* Where a table's vtable lives and what it declares; filled by fb_table_header(). */
typedef struct fb_header {
    uint32_t vtable;      /* offset of the vtable */
    uint32_t vtable_size; /* bytes, including the two size fields */
    uint32_t table_size;  /* bytes, including the soffset */
} fb_header;

/* What is wrong with a table header, in the order fb_table_header() checks. */
typedef enum fb_header_fault {
    FB_HEADER_OK = 0,
    FB_HEADER_TABLE_PAST_END, /* the soffset itself does not fit */
    FB_HEADER_VTABLE_OUTSIDE, /* table - soffset is before the start or past the end */
    FB_HEADER_VTABLE_SIZE,    /* vtable size below 4, odd, or past the end */
    FB_HEADER_TABLE_SIZE      /* table size below 4 or past the end */
} fb_header_fault;

/* Checks that the table at pos, its vtable and its declared size lie inside buf[0..len),
 * and fills *h. Alignment is the verifier's business: readers load with memcpy. */
static inline fb_header_fault fb_table_header(const uint8_t *buf, size_t len, uint32_t pos,
                                              fb_header *h)
{
    if ((uint64_t)pos + 4 > len)
        return FB_HEADER_TABLE_PAST_END;
    int64_t vt = (int64_t)pos - (int32_t)fb_load32(buf + pos);
    if (vt < 0 || (uint64_t)vt + 4 > len)
        return FB_HEADER_VTABLE_OUTSIDE;
    h->vtable = (uint32_t)vt;
    h->vtable_size = fb_load16(buf + vt);
    h->table_size = fb_load16(buf + vt + 2);
    if (h->vtable_size < 4 || (h->vtable_size & 1) || (uint64_t)vt + h->vtable_size > len)
        return FB_HEADER_VTABLE_SIZE;
    if (h->table_size < 4 || (uint64_t)pos + h->table_size > len)
        return FB_HEADER_TABLE_SIZE;
    return FB_HEADER_OK;
}

/* The offset of field id within its table (0 when the vtable does not name it). */
static inline uint32_t fb_vtable_entry(const uint8_t *buf, const fb_header *h, uint32_t id)
{
    uint64_t at = 4 + 2 * (uint64_t)id;
    return at + 2 <= h->vtable_size ? fb_load16(buf + h->vtable + at) : 0;
}

/* The target of the uoffset stored at pos (whose 4 bytes the caller has checked), or 0 when
 * it points past the end of a buffer of len bytes. */
static inline uint32_t fb_follow(const uint8_t *buf, size_t len, uint32_t pos)
{
    uint64_t target = (uint64_t)pos + fb_load32(buf + pos);
    return target < len ? (uint32_t)target : 0;
}

#endif
