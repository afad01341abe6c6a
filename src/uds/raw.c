/* SPDX-License-Identifier: Apache-2.0 */
/* Bits without a coded type: what RESERVED and MATCHING_REQUEST_PARAM parameters read and
 * write, unsigned and high-low, with the window of docs/codec.md ("Positions"). */
#include "walk.h"

/* The bytes a field of bits bits at bit position bit spans. */
static size_t window(uint8_t bit, uint32_t bits) { return ((size_t)bit + bits + 7u) / 8u; }

mdd_status uds_raw_read(uds_walk *w, mdd_bytes msg, uds_pos pos, uint32_t bits, uint64_t *value,
                        size_t *next)
{
    size_t n = window(pos.bit, bits);
    if (bits == 0 || bits > 64 || n > 9)
        return uds_fail(w, MDD_ERR_FORMAT, pos.byte, "%u bits cannot be read as a number",
                        (unsigned)bits);
    if (pos.byte > msg.len || n > msg.len - pos.byte)
        return uds_fail(w, MDD_ERR_FORMAT, pos.byte,
                        "%zu bytes wanted, the message has %zu from there", n,
                        pos.byte > msg.len ? 0 : msg.len - pos.byte);
    /* Nine bytes hold 64 bits at a bit position up to 7: gather in two halves. */
    uint64_t hi = 0, lo = 0;
    for (size_t i = 0; i < n; i++) {
        hi = (hi << 8) | (lo >> 56);
        lo = (lo << 8) | msg.ptr[pos.byte + i];
    }
    uint64_t v = pos.bit ? (lo >> pos.bit) | (hi << (64 - pos.bit)) : lo;
    *value = bits == 64 ? v : v & ((UINT64_C(1) << bits) - 1);
    *next = pos.byte + n;
    if (*next > w->high)
        w->high = *next;
    return MDD_OK;
}

void uds_out_extend(uds_out *out, size_t len)
{
    for (size_t i = out->len; i < len && i < out->cap; i++)
        out->data[i] = 0;
    if (len > out->len)
        out->len = len;
}

void uds_raw_write(uds_out *out, uds_pos pos, uint32_t bits, uint64_t value, size_t *next)
{
    size_t n = window(pos.bit, bits);
    uds_out_extend(out, pos.byte + n);
    uint64_t mask = bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
    value &= mask;
    /* Byte i from the end holds bits 8i..8i+7 of (value << bit). */
    for (size_t i = 0; i < n; i++) {
        size_t shift = 8 * i;
        uint64_t m = 0, v = 0;
        if (shift >= pos.bit) {
            size_t s = shift - pos.bit;
            m = s < 64 ? mask >> s : 0;
            v = s < 64 ? value >> s : 0;
        } else {
            size_t s = pos.bit - shift;
            m = mask << s;
            v = value << s;
        }
        size_t at = pos.byte + n - 1 - i;
        if (at < out->cap)
            out->data[at] = (uint8_t)((out->data[at] & ~(uint8_t)m) | ((uint8_t)v & (uint8_t)m));
    }
    *next = pos.byte + n;
}
