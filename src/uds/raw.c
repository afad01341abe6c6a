/* SPDX-License-Identifier: Apache-2.0 */
/* Bits without a coded type: what RESERVED and MATCHING_REQUEST_PARAM parameters read and
 * write, unsigned and high-low, in the bit window of the primitives (docs/codec.md,
 * "Positions"). */
#include "walk.h"

mdd_status uds_raw_read(uds_walk *w, mdd_bytes msg, uds_pos pos, uint32_t bits, uint64_t *value,
                        size_t *next)
{
    if (bits == 0 || bits > 64)
        return uds_fail(w, MDD_ERR_FORMAT, pos.byte, "%u bits cannot be read as a number",
                        (unsigned)bits);
    uds_window win;
    mdd_status st = uds_window_at(msg.len, pos, bits, false, &win, w->err);
    if (st != MDD_OK)
        return uds_blame(w, st);
    *value = uds_window_read(msg.ptr, &win);
    *next = pos.byte + win.n;
    if (*next > w->high)
        w->high = *next;
    return MDD_OK;
}

void uds_raw_write(uds_out *out, uds_pos pos, uint32_t bits, uint64_t value, size_t *next)
{
    uds_window win;
    uds_window_at(SIZE_MAX, pos, bits, false, &win, NULL);
    uds_window_write(out, &win, value, uds_low_bits(bits));
    *next = pos.byte + win.n;
}
