/* SPDX-License-Identifier: Apache-2.0 */
/* What a description tells of a coded type without a message: its length rule (docs/codec.md,
 * "Layouts") and the kind of value a DataType decodes to. */
#include "describe.h"

mdd_uds_kind uds_kind_of_type(uint8_t data_type)
{
    switch (data_type) {
    case MDD_DATA_TYPE_A_UINT_32: return MDD_UDS_UINT;
    case MDD_DATA_TYPE_A_INT_32: return MDD_UDS_INT;
    case MDD_DATA_TYPE_A_FLOAT_32:
    case MDD_DATA_TYPE_A_FLOAT_64: return MDD_UDS_FLOAT;
    case MDD_DATA_TYPE_A_BYTEFIELD: return MDD_UDS_BYTES;
    default: return MDD_UDS_TEXT;
    }
}

mdd_uds_kind uds_normal_kind(mdd_normal_dop dop)
{
    mdd_compu_method cm = mdd_normal_dop_compu_method(dop);
    if (cm.t.pos && mdd_compu_method_category(cm) == MDD_COMPU_CATEGORY_TEXT_TABLE)
        return MDD_UDS_TEXT;
    return uds_kind_of_type(uds_normal_physical_type(dop));
}

static void fixed(mdd_uds_layout_item *item, uint32_t bits)
{
    item->rule = MDD_UDS_LENGTH_FIXED;
    item->bit_length = bits;
    item->byte_count = ((size_t)item->bit + bits + 7u) / 8u;
}

static void min_max(mdd_min_max_length_type m, mdd_uds_layout_item *item)
{
    uint32_t max = 0;
    item->termination = mdd_min_max_length_type_termination(m);
    item->rule = item->termination == MDD_TERMINATION_END_OF_PDU ? MDD_UDS_LENGTH_END_OF_PDU
                                                                  : MDD_UDS_LENGTH_TERMINATED;
    item->min_bytes = mdd_min_max_length_type_min_length(m);
    item->max_bytes = mdd_min_max_length_type_max_length(m, &max) ? max : 0;
    item->variable = 1;
}

void uds_length_of(mdd_diag_coded_type dct, mdd_uds_layout_item *item)
{
    item->coded_type = mdd_diag_coded_type_base_data_type(dct);
    item->byte_count = 0;
    item->variable = 0;
    switch (mdd_diag_coded_type_specific_data_type(dct)) {
    case MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE:
        fixed(item, mdd_standard_length_type_bit_length(
                        mdd_diag_coded_type_standard_length_type(dct)));
        return;
    case MDD_SPECIFIC_DATA_TYPE_LEADING_LENGTH_INFO_TYPE:
        item->rule = MDD_UDS_LENGTH_LEADING;
        item->bit_length = mdd_leading_length_info_type_bit_length(
            mdd_diag_coded_type_leading_length_info_type(dct));
        break;
    case MDD_SPECIFIC_DATA_TYPE_MIN_MAX_LENGTH_TYPE:
        min_max(mdd_diag_coded_type_min_max_length_type(dct), item);
        return;
    default:
        item->rule = MDD_UDS_LENGTH_LENGTH_KEY;
        break;
    }
    item->variable = 1;
}
