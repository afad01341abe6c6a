/* SPDX-License-Identifier: Apache-2.0 */
/* Fixed-length coded values: STANDARD_LENGTH (bit length, bit mask, condensed) and
 * PARAM_LENGTH_INFO, which reads its key's length in bits the same way (codec rules §1, §2). */
#include "prim.h"

/* The mask as a number aligned to bit 0 of the field, limited to its bits; *has 0 when
 * there is none (absent or empty). */
static uint64_t mask_of(const uds_fixed *f, bool *has)
{
    uint64_t m = 0;
    size_t from = f->mask.len > 8 ? f->mask.len - 8 : 0;
    *has = f->mask.ptr && f->mask.len;
    for (size_t i = from; i < f->mask.len; i++)
        m = m << 8 | f->mask.ptr[i];
    return *has ? m & uds_low_bits(f->bits) : uds_low_bits(f->bits);
}

static bool mask_is_whole(const uds_fixed *f)
{
    if (!f->mask.ptr || !f->mask.len)
        return true;
    if (f->mask.len * 8 < f->bits)
        return false;
    for (size_t i = f->mask.len - f->bits / 8; i < f->mask.len; i++)
        if (f->mask.ptr[i] != 0xFF)
            return false;
    return true;
}

static bool is_span_type(uint8_t type)
{
    return uds_type_is_text(type) || type == MDD_DATA_TYPE_A_BYTEFIELD;
}

/* Checks that a string or byte field of f can be at pos: whole units, bit position 0, no
 * mask that drops bits. */
static mdd_status check_span(const uds_base *base, const uds_fixed *f, uds_pos pos,
                             mdd_error *err)
{
    uint32_t unit = base->text_encoding == MDD_UDS_TEXT_UTF16BE ||
                            base->text_encoding == MDD_UDS_TEXT_UTF16LE
                        ? 16
                        : 8;
    if (base->type == MDD_DATA_TYPE_A_BYTEFIELD)
        unit = 8;
    if (f->bits % unit)
        return mdd_fail(err, MDD_ERR_FORMAT, "byte %zu: a %s of %u bits is not whole %u-bit units",
                        pos.byte, uds_type_name(base->type), f->bits, unit);
    if (pos.bit)
        return mdd_fail(err, MDD_ERR_FORMAT, "byte %zu: a %s must start at bit position 0, not %u",
                        pos.byte, uds_type_name(base->type), pos.bit);
    if (!mask_is_whole(f))
        return mdd_fail(err, MDD_ERR_UNSUPPORTED, "byte %zu: a bit mask on a %s is not supported",
                        pos.byte, uds_type_name(base->type));
    return MDD_OK;
}

static mdd_status check_number(const uds_base *base, const uds_fixed *f, uds_pos pos,
                               mdd_error *err)
{
    if (f->bits == 0)
        return mdd_fail(err, MDD_ERR_FORMAT, "byte %zu: a %s of 0 bits", pos.byte,
                        uds_type_name(base->type));
    if (f->bits > 64)
        return mdd_fail(err, MDD_ERR_UNSUPPORTED,
                        "byte %zu: a %s of %u bits (numbers longer than 64 bits are not supported)",
                        pos.byte, uds_type_name(base->type), f->bits);
    return MDD_OK;
}

static unsigned popcount(uint64_t v)
{
    unsigned n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

static mdd_status read_number(const uds_base *base, const uds_fixed *f, mdd_bytes msg,
                              uds_pos pos, uds_scalar *out, size_t *next, mdd_error *err)
{
    uds_window w;
    mdd_status st = check_number(base, f, pos, err);
    if (st == MDD_OK)
        st = uds_window_at(msg.len, pos, f->bits, !base->high_low, &w, err);
    if (st != MDD_OK)
        return st;
    bool has_mask;
    uint64_t mask = mask_of(f, &has_mask);
    uint64_t raw = uds_window_read(msg.ptr, &w) & mask;
    uint32_t bits = f->bits;
    if (has_mask && f->condensed) {
        raw = uds_bits_gather(raw, mask);
        bits = popcount(mask);
    }
    if (!bits)
        return mdd_fail(err, MDD_ERR_FORMAT, "byte %zu: the bit mask selects no bit", pos.byte);
    st = uds_base_from_bits(base, raw, bits, out, err);
    if (st != MDD_OK)
        mdd_error_prefix(err, "byte %zu: ", pos.byte);
    *next = w.start + w.n;
    return st;
}

mdd_status uds_fixed_read(const uds_base *base, const uds_fixed *f, mdd_bytes msg, uds_pos pos,
                          uds_scalar *out, size_t *next, mdd_error *err)
{
    if (!is_span_type(base->type))
        return read_number(base, f, msg, pos, out, next, err);
    mdd_status st = check_span(base, f, pos, err);
    if (st == MDD_OK)
        st = uds_base_from_span(base, msg, pos.byte, f->bits / 8, out, err);
    *next = pos.byte + f->bits / 8;
    return st;
}

static mdd_status write_number(const uds_base *base, const uds_fixed *f, uds_out *out,
                               uds_pos pos, const uds_scalar *value, size_t *next,
                               mdd_error *err)
{
    uds_window w;
    mdd_status st = check_number(base, f, pos, err);
    if (st == MDD_OK)
        st = uds_window_at(SIZE_MAX, pos, f->bits, !base->high_low, &w, err);
    if (st != MDD_OK)
        return st;
    bool has_mask;
    uint64_t mask = mask_of(f, &has_mask);
    bool condensed = has_mask && f->condensed;
    uint64_t raw;
    st = uds_base_to_bits(base, value, condensed ? popcount(mask) : f->bits, &raw, err);
    if (st != MDD_OK) {
        mdd_error_prefix(err, "byte %zu: ", pos.byte);
        return st;
    }
    uds_window_write(out, &w, condensed ? uds_bits_spread(raw, mask) : raw, mask);
    *next = w.start + w.n;
    return MDD_OK;
}

static mdd_status write_span(const uds_base *base, const uds_fixed *f, uds_out *out,
                             uds_pos pos, const uds_scalar *value, size_t *next,
                             mdd_error *err)
{
    size_t len, room = f->bits / 8;
    mdd_status st = check_span(base, f, pos, err);
    if (st == MDD_OK)
        st = uds_base_span_length(base, value, &len, err);
    if (st == MDD_OK && len > room)
        st = mdd_fail(err, MDD_ERR_ARG, "byte %zu: %zu bytes do not fit in the %zu of the %s",
                      pos.byte, len, room, uds_type_name(base->type));
    if (st == MDD_OK)
        st = uds_base_write_span(base, value, out, pos.byte, len, err);
    if (st != MDD_OK)
        return st;
    for (size_t i = len; i < room; i++) /* shorter values are left-aligned, padded with 00 */
        uds_out_set(out, pos.byte + i, 0);
    *next = pos.byte + room;
    return MDD_OK;
}

mdd_status uds_fixed_write(const uds_base *base, const uds_fixed *f, uds_out *out, uds_pos pos,
                           const uds_scalar *value, size_t *next, mdd_error *err)
{
    if (is_span_type(base->type))
        return write_span(base, f, out, pos, value, next, err);
    return write_number(base, f, out, pos, value, next, err);
}
