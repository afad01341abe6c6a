/* SPDX-License-Identifier: Apache-2.0 */
/* Bits without a coded type: what RESERVED and MATCHING_REQUEST_PARAM parameters read and
 * write, unsigned and high-low (docs/adr/0021-uds-messages.md), with the path in errors and
 * the furthest byte read kept. */
#include "walk.h"

mdd_status uds_raw_read(uds_walk *w, mdd_bytes msg, uds_pos pos, uint32_t bits, uint64_t *value,
                        size_t *next)
{
    mdd_status st = uds_uint_read(msg, pos, bits, 1, value, next, w->err);
    if (st != MDD_OK)
        return uds_blame(w, st);
    if (*next > w->high)
        w->high = *next;
    return MDD_OK;
}

mdd_status uds_raw_write(uds_walk *w, uds_pos pos, uint32_t bits, uint64_t value, size_t *next)
{
    mdd_status st = uds_uint_write(w->out, pos, bits, 1, value, next, w->err);
    return st == MDD_OK ? MDD_OK : uds_blame(w, st);
}
