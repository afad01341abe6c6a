/* SPDX-License-Identifier: Apache-2.0 */
/* Coded values: what a DiagCodedType reads and writes at a position of a message, dispatched
 * on its specific data (codec rules §2). */
#include "prim.h"

static mdd_status no_length_type(mdd_diag_coded_type dct, uds_pos pos, mdd_error *err)
{
    return mdd_fail(err, MDD_ERR_FORMAT, "byte %zu: DiagCodedType without a length type (tag %u)",
                    pos.byte, mdd_diag_coded_type_specific_data_type(dct));
}

static mdd_status key_length(uint64_t length_key_bits, uds_pos pos, uds_fixed *f,
                             mdd_error *err)
{
    if (length_key_bits > UINT32_MAX)
        return mdd_fail(err, MDD_ERR_FORMAT, "byte %zu: length key of %llu bits is too long",
                        pos.byte, (unsigned long long)length_key_bits);
    *f = (uds_fixed){.bits = (uint32_t)length_key_bits};
    return MDD_OK;
}

static uds_fixed standard_of(mdd_standard_length_type t)
{
    uds_fixed f = {mdd_standard_length_type_bit_length(t), mdd_standard_length_type_bit_mask(t),
                   mdd_standard_length_type_condensed(t)};
    return f;
}

mdd_status uds_coded_read(mdd_diag_coded_type dct, mdd_bytes msg, uds_pos pos,
                          uint64_t length_key_bits, uds_scalar *coded, size_t *next,
                          mdd_error *err)
{
    uds_base base;
    uds_fixed f;
    *next = pos.byte;
    mdd_status st = uds_base_of(dct, &base, err);
    if (st != MDD_OK)
        return st;
    switch (mdd_diag_coded_type_specific_data_type(dct)) {
    case MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE:
        f = standard_of(mdd_diag_coded_type_standard_length_type(dct));
        return uds_fixed_read(&base, &f, msg, pos, coded, next, err);
    case MDD_SPECIFIC_DATA_TYPE_PARAM_LENGTH_INFO_TYPE:
        st = key_length(length_key_bits, pos, &f, err);
        return st == MDD_OK ? uds_fixed_read(&base, &f, msg, pos, coded, next, err) : st;
    case MDD_SPECIFIC_DATA_TYPE_MIN_MAX_LENGTH_TYPE:
        return uds_minmax_read(&base, mdd_diag_coded_type_min_max_length_type(dct), msg, pos,
                               coded, next, err);
    case MDD_SPECIFIC_DATA_TYPE_LEADING_LENGTH_INFO_TYPE:
        return uds_leading_read(&base, mdd_diag_coded_type_leading_length_info_type(dct), msg,
                                pos, coded, next, err);
    default: return no_length_type(dct, pos, err);
    }
}

mdd_status uds_coded_write(mdd_diag_coded_type dct, uds_out *out, uds_pos pos,
                           const uds_scalar *coded, int last, uint64_t length_key_bits,
                           size_t *next, mdd_error *err)
{
    uds_base base;
    uds_fixed f;
    *next = pos.byte;
    mdd_status st = uds_base_of(dct, &base, err);
    if (st != MDD_OK)
        return st;
    switch (mdd_diag_coded_type_specific_data_type(dct)) {
    case MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE:
        f = standard_of(mdd_diag_coded_type_standard_length_type(dct));
        return uds_fixed_write(&base, &f, out, pos, coded, next, err);
    case MDD_SPECIFIC_DATA_TYPE_PARAM_LENGTH_INFO_TYPE:
        st = key_length(length_key_bits, pos, &f, err);
        return st == MDD_OK ? uds_fixed_write(&base, &f, out, pos, coded, next, err) : st;
    case MDD_SPECIFIC_DATA_TYPE_MIN_MAX_LENGTH_TYPE:
        return uds_minmax_write(&base, mdd_diag_coded_type_min_max_length_type(dct), out, pos,
                                coded, last != 0, next, err);
    case MDD_SPECIFIC_DATA_TYPE_LEADING_LENGTH_INFO_TYPE:
        return uds_leading_write(&base, mdd_diag_coded_type_leading_length_info_type(dct), out,
                                 pos, coded, next, err);
    default: return no_length_type(dct, pos, err);
    }
}

uint64_t uds_coded_length_bits(mdd_diag_coded_type dct, const uds_scalar *coded)
{
    uds_base base;
    if (uds_base_of(dct, &base, NULL) != MDD_OK)
        return 0;
    return uds_base_length_bits(&base, coded);
}
