/* SPDX-License-Identifier: Apache-2.0 */
/* Coded values whose length the message says (codec rules §2): MIN_MAX_LENGTH, ended by the
 * message or a terminator, and LEADING_LENGTH_INFO, preceded by its length. */
#include "prim.h"

/* ---- MIN_MAX_LENGTH: a string or byte field of min_length to max_length bytes, ended by the
 * message (END_OF_PDU) or a terminator (ZERO, HEX_FF) that is left out when the value reaches
 * its maximum or the message's end ---- */

/* The terminator: its byte and length (2 for UTF-16, which searches even offsets only). */
typedef struct terminator {
    uint8_t byte;
    size_t len;
} terminator;

static mdd_status terminator_of(const uds_base *base, uint8_t termination, size_t at,
                                terminator *t, mdd_error *err)
{
    bool utf16 = base->type != MDD_DATA_TYPE_A_BYTEFIELD &&
                 (base->text_encoding == MDD_UDS_TEXT_UTF16BE ||
                  base->text_encoding == MDD_UDS_TEXT_UTF16LE);
    t->len = utf16 ? 2 : 1;
    switch (termination) {
    case MDD_TERMINATION_END_OF_PDU: t->len = 0; t->byte = 0; return MDD_OK;
    case MDD_TERMINATION_ZERO: t->byte = 0x00; return MDD_OK;
    case MDD_TERMINATION_HEX_FF: t->byte = 0xFF; return MDD_OK;
    default:
        return mdd_fail(err, MDD_ERR_FORMAT, "byte %zu: MinMaxLengthType: unknown termination %u",
                        at, termination);
    }
}

static mdd_status check_type(const uds_base *base, uds_pos pos, mdd_error *err)
{
    if (!uds_type_is_text(base->type) && base->type != MDD_DATA_TYPE_A_BYTEFIELD)
        return mdd_fail(err, MDD_ERR_FORMAT,
                        "byte %zu: MIN_MAX_LENGTH needs a string or byte field, not %s", pos.byte,
                        uds_type_name(base->type));
    if (pos.bit)
        return mdd_fail(err, MDD_ERR_FORMAT,
                        "byte %zu: a MIN_MAX_LENGTH value must start at bit position 0, not %u",
                        pos.byte, pos.bit);
    return MDD_OK;
}

/* Where the terminator lies wholly inside [from, end), at an even offset from start when it
 * has two bytes; end when it is not there. */
static size_t find_terminator(mdd_bytes msg, size_t start, size_t from, size_t end,
                              const terminator *t)
{
    size_t step = t->len;
    if ((from - start) % step)
        from++;
    for (size_t at = from; at + t->len <= end; at += step) {
        bool all = true;
        for (size_t i = 0; i < t->len; i++)
            all = all && msg.ptr[at + i] == t->byte;
        if (all)
            return at;
    }
    return end;
}

mdd_status uds_minmax_read(const uds_base *base, mdd_min_max_length_type mm, mdd_bytes msg,
                           uds_pos pos, uds_scalar *out, size_t *next, mdd_error *err)
{
    size_t start = pos.byte;
    uint32_t min = mdd_min_max_length_type_min_length(mm), max = 0;
    bool has_max = mdd_min_max_length_type_max_length(mm, &max) != 0;
    terminator t;
    mdd_status st = check_type(base, pos, err);
    if (st == MDD_OK)
        st = terminator_of(base, mdd_min_max_length_type_termination(mm), start, &t, err);
    if (st != MDD_OK)
        return st;
    if (start > msg.len || min > msg.len - start)
        return mdd_fail(err, MDD_ERR_FORMAT,
                        "byte %zu: at least %u bytes wanted, the message ends at byte %zu", start,
                        min, msg.len);
    size_t end = has_max && max < msg.len - start ? start + max : msg.len;
    size_t value_end = t.len ? find_terminator(msg, start, start + min, end, &t) : end;
    *next = value_end < end ? value_end + t.len : end;
    return uds_base_from_span(base, msg, start, value_end - start, out, err);
}

mdd_status uds_minmax_write(const uds_base *base, mdd_min_max_length_type mm, uds_out *out,
                            uds_pos pos, const uds_scalar *value, bool last, size_t *next,
                            mdd_error *err)
{
    size_t len;
    uint32_t min = mdd_min_max_length_type_min_length(mm), max = 0;
    bool has_max = mdd_min_max_length_type_max_length(mm, &max) != 0;
    terminator t;
    mdd_status st = check_type(base, pos, err);
    if (st == MDD_OK)
        st = terminator_of(base, mdd_min_max_length_type_termination(mm), pos.byte, &t, err);
    if (st == MDD_OK)
        st = uds_base_span_length(base, value, &len, err);
    if (st != MDD_OK)
        return st;
    if (len < min)
        return mdd_fail(err, MDD_ERR_ARG, "byte %zu: %zu bytes, fewer than the minimum %u",
                        pos.byte, len, min);
    if (has_max && len > max)
        return mdd_fail(err, MDD_ERR_ARG, "byte %zu: %zu bytes, more than the maximum %u",
                        pos.byte, len, max);
    st = uds_base_write_span(base, value, out, pos.byte, len, err);
    if (st != MDD_OK)
        return st;
    *next = pos.byte + len;
    if (last || (has_max && len == max))
        return MDD_OK;
    for (size_t i = 0; i < t.len; i++)
        uds_out_set(out, (*next)++, t.byte);
    return MDD_OK;
}

/* ---- LEADING_LENGTH_INFO: an unsigned prefix of bit_length bits, read in the
 * DiagCodedType's byte order at the parameter's bit position, holds the number of bytes of the
 * value that follows; both are consumed ---- */

static mdd_status prefix_window(const uds_base *base, mdd_leading_length_info_type t,
                                size_t msg_len, uds_pos pos, uds_window *w, mdd_error *err)
{
    uint32_t bits = mdd_leading_length_info_type_bit_length(t);
    if (bits == 0 || bits > 64)
        return mdd_fail(err, MDD_ERR_FORMAT,
                        "byte %zu: a length prefix of %u bits (1 to 64 supported)", pos.byte,
                        bits);
    return uds_window_at(msg_len, pos, bits, !base->high_low, w, err);
}

mdd_status uds_leading_read(const uds_base *base, mdd_leading_length_info_type t, mdd_bytes msg,
                            uds_pos pos, uds_scalar *out, size_t *next, mdd_error *err)
{
    uds_window w;
    mdd_status st = prefix_window(base, t, msg.len, pos, &w, err);
    if (st != MDD_OK)
        return st;
    uint64_t len = uds_window_read(msg.ptr, &w);
    size_t start = w.start + w.n;
    if (len > msg.len - start)
        return mdd_fail(err, MDD_ERR_FORMAT,
                        "byte %zu: length prefix %llu runs past the message end at byte %zu",
                        pos.byte, (unsigned long long)len, msg.len);
    *next = start + (size_t)len;
    return uds_base_from_span(base, msg, start, (size_t)len, out, err);
}

mdd_status uds_leading_write(const uds_base *base, mdd_leading_length_info_type t, uds_out *out,
                             uds_pos pos, const uds_scalar *value, size_t *next, mdd_error *err)
{
    uds_window w;
    size_t len;
    mdd_status st = prefix_window(base, t, SIZE_MAX, pos, &w, err);
    if (st == MDD_OK)
        st = uds_base_span_length(base, value, &len, err);
    if (st != MDD_OK)
        return st;
    if ((uint64_t)len > uds_low_bits(w.bits))
        return mdd_fail(err, MDD_ERR_ARG, "byte %zu: %zu bytes do not fit a %u-bit length prefix",
                        pos.byte, len, w.bits);
    uds_window_write(out, &w, len, UINT64_MAX);
    size_t start = w.start + w.n;
    st = uds_base_write_span(base, value, out, start, len, err);
    *next = start + len;
    return st;
}
