/* SPDX-License-Identifier: Apache-2.0 */
/* The common layer's internal interface, for every other layer: filling an mdd_error, bytes as
 * hex, and the one little-endian loader of the project. */
#ifndef MDD_INTERNAL_COMMON_H
#define MDD_INTERNAL_COMMON_H

#include <mdd/status.h>

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define MDD_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))

/* Library-internal functions stay out of the shared library's exported symbols. */
#define MDD_INTERNAL __attribute__((visibility("hidden")))

/* Records status and a formatted message in err (which may be NULL); returns status. */
MDD_INTERNAL mdd_status mdd_fail(mdd_error *err, mdd_status status, const char *fmt, ...) MDD_PRINTF(3, 4);

/* Puts a formatted context ("MDDFile.chunks[2]: ") in front of err's message. Does nothing
 * when err is NULL. */
MDD_INTERNAL void mdd_error_prefix(mdd_error *err, const char *fmt, ...) MDD_PRINTF(2, 3);

/* Writes the 2 * len hex digits of bytes and a NUL into out (2 * len + 1 bytes). */
MDD_INTERNAL void mdd_hex(const uint8_t *bytes, size_t len, char *out);

/* Little-endian loads and stores: FlatBuffers, protobuf's fixed-width fields and the store's
 * own file formats (sidecars, verification records) are little-endian whatever the host. A
 * load is memcpy, so no misaligned address is ever dereferenced, and a byte swap on a
 * big-endian host; on a little-endian one the compiler makes it a single plain load. */

#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define MDD_LE_TO_HOST(bits, v) __builtin_bswap##bits(v)
#else
#define MDD_LE_TO_HOST(bits, v) (v)
#endif

/* Defines mdd_le_get16(), mdd_le_get32() and mdd_le_get64(): the bits / 8 bytes at p, least
 * significant first. */
#define MDD_LE_GET(bits)                                                                        \
    static inline uint##bits##_t mdd_le_get##bits(const uint8_t *p)                             \
    {                                                                                           \
        uint##bits##_t v;                                                                       \
        memcpy(&v, p, sizeof v);                                                                \
        return MDD_LE_TO_HOST(bits, v);                                                         \
    }
MDD_LE_GET(16)
MDD_LE_GET(32)
MDD_LE_GET(64)
#undef MDD_LE_GET

/* The `bytes` bytes (at most 8) at p, least significant first. */
static inline uint64_t mdd_le_get(const uint8_t *p, unsigned bytes)
{
    switch (bytes) {
    case 2: return mdd_le_get16(p);
    case 4: return mdd_le_get32(p);
    case 8: return mdd_le_get64(p);
    default: break;
    }
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

/* Writes the low `bytes` bytes (at most 8) of v at p, least significant first. */
static inline void mdd_le_put(uint8_t *p, uint64_t v, unsigned bytes)
{
    for (unsigned i = 0; i < bytes; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* Paths: joining a directory and a name, so that "dir/" and "dir" give the same path. */

/* Writes "dir/name" into buf (size bytes, NUL included), with no second '/' when dir already
 * ends in one, and name alone when dir is empty. Returns the length of the path, or -1 (buf
 * then holds an empty string, when size > 0) when it does not fit. */
int mdd_path_join_to(char *buf, size_t size, const char *dir, const char *name);

/* The same path in memory the caller frees, or NULL when out of memory. */
char *mdd_path_join(const char *dir, const char *name);

#endif
