/* SPDX-License-Identifier: Apache-2.0 */
/* LEADING_LENGTH_INFO coded values (codec rules §2): an unsigned prefix of bit_length bits,
 * read in the DiagCodedType's byte order at the parameter's bit position, holds the number of
 * bytes of the value that follows; both are consumed. */
#include "prim.h"

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
