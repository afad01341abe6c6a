/* SPDX-License-Identifier: Apache-2.0 */
/* The common layer's internal interface, for every other layer: filling an mdd_error, bytes as
 * hex, the one little-endian loader of the project, joining paths, and reading the options
 * structs callers pass by the caller's layout. */
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

/* ---- Options structs by the caller's layout ---- */

/* A program built against an older libmdd passes options structs that end earlier (each
 * starts with its size, include/mdd/status.h, "Options"), and the options they nest may end
 * earlier too, which moves every member after them. Each layer describes its options structs
 * as layouts beside the code that reads them; options_read() rebuilds the caller's layout
 * from the sizes it carries, member by member with the alignments of this build (the same
 * types, so the same alignments). */

typedef struct options_layout options_layout;

/* One member of an options struct, after its size field. */
typedef struct options_member {
    const char *name;
    size_t offset; /* in this library's struct */
    size_t size;
    size_t align;
    const options_layout *nested; /* an options struct held by value, else NULL */
} options_member;

struct options_layout {
    const char *name;
    size_t size;  /* what this library knows: MDD_X_SIZE */
    size_t align; /* of the whole struct, so the caller's sizeof is its size rounded up */
    const options_member *members;
    size_t count;
};

/* The members of a layout: a scalar (or pointer), or an options struct nested by value. */
#define OPTIONS_SCALAR(type, member, member_type) \
    {#member, offsetof(type, member), sizeof(member_type), _Alignof(member_type), NULL}
#define OPTIONS_NESTED(type, member, member_type, layout) \
    {#member, offsetof(type, member), sizeof(member_type), _Alignof(member_type), &(layout)}
/* The layout of type, whose current size is size, from its members array. */
#define OPTIONS_LAYOUT(type, size, members) \
    {#type, size, _Alignof(type), members, sizeof(members) / sizeof(members)[0]}

/* Reads the caller's options struct at opts (NULL: nothing to read) into *out, which holds
 * the defaults in this library's layout: every field inside the caller's size (and, for the
 * options it nests, inside theirs) is copied, the rest keep their defaults. Fails with
 * MDD_ERR_ARG for a size of 0 or one past its place in the enclosing struct,
 * MDD_ERR_UNSUPPORTED for one larger than this library knows; err names the struct. */
MDD_INTERNAL mdd_status options_read(const options_layout *layout, const void *opts, void *out,
                                     mdd_error *err);

#endif
