/* SPDX-License-Identifier: Apache-2.0 */
/* Explicit little-endian stores and loads for the store's own file formats (sidecars,
 * verification records): the same bytes on every host, and no unaligned access. */
#ifndef MDD_STORE_LE_H
#define MDD_STORE_LE_H

#include <stdint.h>

/* Writes the low `bytes` bytes of v at p, least significant first. */
static inline void store_put_le(uint8_t *p, uint64_t v, unsigned bytes)
{
    for (unsigned i = 0; i < bytes; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* Reads `bytes` bytes at p, least significant first. */
static inline uint64_t store_get_le(const uint8_t *p, unsigned bytes)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

#endif
