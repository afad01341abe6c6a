/* Views of a parameter and what its specific data says about its coding: CodedConst,
 * DiagCodedType, StandardLengthType, MatchingRequestParam. */
#include "view_macros.h"

VIEW_U32(param, id, PARAM_ID)
VIEW_U8(param, param_type, PARAM_PARAM_TYPE, MDD_PARAM_CODED_CONST)
VIEW_STRING(param, short_name, PARAM_SHORT_NAME)
VIEW_STRING(param, semantic, PARAM_SEMANTIC)
VIEW_TABLE(param, sdgs, sdgs, PARAM_SDGS)
VIEW_STRING(param, physical_default_value, PARAM_PHYSICAL_DEFAULT_VALUE)
VIEW_OPT_U32(param, byte_position, PARAM_BYTE_POSITION)
VIEW_OPT_U32(param, bit_position, PARAM_BIT_POSITION)
VIEW_U8(param, specific_data_type, PARAM_SPECIFIC_DATA_TYPE, MDD_PARAM_DATA_NONE)
VIEW_UNION_MEMBER(param, coded_const, coded_const, PARAM_SPECIFIC_DATA_TYPE,
                  MDD_PARAM_DATA_CODED_CONST)
VIEW_UNION_MEMBER(param, matching_request_param, matching_request_param,
                  PARAM_SPECIFIC_DATA_TYPE, MDD_PARAM_DATA_MATCHING_REQUEST_PARAM)

VIEW_STRING(coded_const, coded_value, CODED_CONST_CODED_VALUE)
VIEW_TABLE(coded_const, diag_coded_type, diag_coded_type, CODED_CONST_DIAG_CODED_TYPE)

VIEW_U8(diag_coded_type, type, DIAG_CODED_TYPE_TYPE, MDD_CODED_LEADING_LENGTH_INFO_TYPE)
VIEW_STRING(diag_coded_type, base_type_encoding, DIAG_CODED_TYPE_BASE_TYPE_ENCODING)
VIEW_U8(diag_coded_type, base_data_type, DIAG_CODED_TYPE_BASE_DATA_TYPE, MDD_DATA_A_INT_32)
VIEW_BOOL(diag_coded_type, is_high_low_byte_order, DIAG_CODED_TYPE_IS_HIGH_LOW_BYTE_ORDER, 1)
VIEW_U8(diag_coded_type, specific_data_type, DIAG_CODED_TYPE_SPECIFIC_DATA_TYPE,
        MDD_LENGTH_NONE)
VIEW_UNION_MEMBER(diag_coded_type, standard_length_type, standard_length_type,
                  DIAG_CODED_TYPE_SPECIFIC_DATA_TYPE, MDD_LENGTH_STANDARD_LENGTH_TYPE)

VIEW_U32(standard_length_type, bit_length, STANDARD_LENGTH_TYPE_BIT_LENGTH)
VIEW_BOOL(standard_length_type, condensed, STANDARD_LENGTH_TYPE_CONDENSED, 0)

mdd_bytes mdd_standard_length_type_bit_mask(mdd_standard_length_type s)
{
    return mdd_fb_bytes_field(s.t, STANDARD_LENGTH_TYPE_BIT_MASK);
}

int32_t mdd_matching_request_param_request_byte_pos(mdd_matching_request_param m)
{
    return mdd_fb_i32(m.t, MATCHING_REQUEST_PARAM_REQUEST_BYTE_POS, 0);
}

VIEW_U32(matching_request_param, byte_length, MATCHING_REQUEST_PARAM_BYTE_LENGTH)
