/* SPDX-License-Identifier: Apache-2.0 */
#include <mdd_internal/wire.h>

mdd_status mdd_varint_decode(const uint8_t *p, size_t avail, uint64_t *value, size_t *used)
{
    uint64_t v = 0;
    size_t max = avail < MDD_VARINT_MAX_SIZE ? avail : MDD_VARINT_MAX_SIZE;
    for (size_t i = 0; i < max; i++) {
        uint64_t bits = p[i] & 0x7fu;
        /* The tenth byte may only carry the top bit of a 64-bit value. */
        if (i == MDD_VARINT_MAX_SIZE - 1 && bits > 1)
            return MDD_ERR_FORMAT;
        v |= bits << (7 * i);
        if (!(p[i] & 0x80u)) {
            *value = v;
            *used = i + 1;
            return MDD_OK;
        }
    }
    return MDD_ERR_FORMAT;
}

size_t mdd_varint_encode(uint64_t value, uint8_t *out)
{
    size_t n = 0;
    while (value >= 0x80u) {
        out[n++] = (uint8_t)(value | 0x80u);
        value >>= 7;
    }
    out[n++] = (uint8_t)value;
    return n;
}

size_t mdd_varint_size(uint64_t value)
{
    size_t n = 1;
    while (value >= 0x80u) {
        value >>= 7;
        n++;
    }
    return n;
}
