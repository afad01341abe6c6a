/* SPDX-License-Identifier: Apache-2.0 */
/* The bit window of a coded value (codec rules §1): L bits at bit position p of a start
 * byte occupy n = ceil((p + L) / 8) bytes, read as one big-endian number X (after reversing
 * the n bytes for low-high), and the value is (X >> p) & (2^L - 1). Also the message being
 * written, which counts the bytes past its buffer. */
#include "prim.h"

uint8_t uds_out_get(const uds_out *out, size_t i)
{
    return i < out->len && i < out->cap ? out->data[i] : 0;
}

void uds_out_extend(uds_out *out, size_t end)
{
    for (size_t i = out->len; i < end && i < out->cap; i++)
        out->data[i] = 0;
    if (end > out->len)
        out->len = end;
}

void uds_out_set(uds_out *out, size_t i, uint8_t value)
{
    uds_out_extend(out, i + 1);
    if (i < out->cap)
        out->data[i] = value;
}

mdd_status uds_window_at(size_t msg_len, uds_pos pos, uint32_t bits, bool reversed,
                         uds_window *w, mdd_error *err)
{
    if (pos.bit > 7)
        return mdd_fail(err, MDD_ERR_FORMAT, "byte %zu: bit position %u is not 0..7", pos.byte,
                        pos.bit);
    w->start = pos.byte;
    w->n = ((size_t)pos.bit + bits + 7) / 8;
    w->bit = pos.bit;
    w->bits = bits;
    w->reversed = reversed;
    if (pos.byte > msg_len || w->n > msg_len - pos.byte)
        return mdd_fail(err, MDD_ERR_FORMAT,
                        "byte %zu: %u bits at bit position %u need %zu bytes, the message "
                        "ends at byte %zu",
                        pos.byte, bits, pos.bit, w->n, msg_len);
    return MDD_OK;
}

/* The message index of byte i of the window in big-endian order. */
static size_t window_index(const uds_window *w, size_t i)
{
    return w->start + (w->reversed ? w->n - 1 - i : i);
}

/* The bits of v << p that fall into byte i of the window (counted from its first, most
 * significant byte). */
static uint8_t byte_of_shifted(const uds_window *w, size_t i, uint64_t v)
{
    size_t base = (w->n - 1 - i) * 8;
    if (base < w->bit)
        return (uint8_t)(v << (w->bit - base));
    if (base - w->bit >= 64)
        return 0;
    return (uint8_t)(v >> (base - w->bit));
}

void uds_window_write(uds_out *out, const uds_window *w, uint64_t value, uint64_t select)
{
    select &= uds_low_bits(w->bits);
    uds_out_extend(out, w->start + w->n);
    for (size_t i = 0; i < w->n; i++) {
        size_t at = window_index(w, i);
        uint8_t keep = (uint8_t)~byte_of_shifted(w, i, select);
        uint8_t put = byte_of_shifted(w, i, value & select);
        uds_out_set(out, at, (uint8_t)((uds_out_get(out, at) & keep) | put));
    }
}

uint64_t uds_bits_gather(uint64_t raw, uint64_t mask)
{
    uint64_t v = 0;
    unsigned k = 0;
    for (unsigned i = 0; i < 64; i++) {
        if (!(mask >> i & 1))
            continue;
        v |= (raw >> i & 1) << k++;
    }
    return v;
}

uint64_t uds_bits_spread(uint64_t value, uint64_t mask)
{
    uint64_t raw = 0;
    unsigned k = 0;
    for (unsigned i = 0; i < 64; i++) {
        if (!(mask >> i & 1))
            continue;
        raw |= (value >> k++ & 1) << i;
    }
    return raw;
}

static mdd_status check_uint_bits(uds_pos pos, uint32_t bits, mdd_error *err)
{
    if (bits == 0 || bits > 64)
        return mdd_fail(err, MDD_ERR_UNSUPPORTED,
                        "byte %zu: an unsigned integer of %u bits (1 to 64 supported)", pos.byte,
                        bits);
    return MDD_OK;
}

mdd_status uds_uint_read(mdd_bytes msg, uds_pos pos, uint32_t bits, int high_low,
                         uint64_t *value, size_t *next, mdd_error *err)
{
    uds_window w;
    mdd_status st = check_uint_bits(pos, bits, err);
    if (st == MDD_OK)
        st = uds_window_at(msg.len, pos, bits, !high_low, &w, err);
    if (st != MDD_OK)
        return st;
    *value = uds_window_read(msg.ptr, &w);
    *next = w.start + w.n;
    return MDD_OK;
}

mdd_status uds_uint_write(uds_out *out, uds_pos pos, uint32_t bits, int high_low,
                          uint64_t value, size_t *next, mdd_error *err)
{
    uds_window w;
    mdd_status st = check_uint_bits(pos, bits, err);
    if (st == MDD_OK)
        st = uds_window_at(SIZE_MAX, pos, bits, !high_low, &w, err);
    if (st != MDD_OK)
        return st;
    if (value > uds_low_bits(bits))
        return mdd_fail(err, MDD_ERR_ARG, "byte %zu: %llu does not fit in %u bits", pos.byte,
                        (unsigned long long)value, bits);
    uds_window_write(out, &w, value, UINT64_MAX);
    *next = w.start + w.n;
    return MDD_OK;
}
