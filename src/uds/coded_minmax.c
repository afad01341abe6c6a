/* SPDX-License-Identifier: Apache-2.0 */
/* MIN_MAX_LENGTH coded values (codec rules §2): a string or byte field of min_length to
 * max_length bytes, ended by the message (END_OF_PDU) or a terminator (ZERO, HEX_FF) that
 * is left out when the value reaches its maximum or the message's end. */
#include "prim.h"

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
