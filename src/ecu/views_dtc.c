/* Views of trouble codes (DTC, Text) and of the special data groups (SDGS, SDG, SDOrSDG, SD)
 * that services, params and layers carry. */
#include "view_macros.h"

VIEW_STRING(dtc, short_name, DTC_SHORT_NAME)
VIEW_U32(dtc, trouble_code, DTC_TROUBLE_CODE)
VIEW_STRING(dtc, display_trouble_code, DTC_DISPLAY_TROUBLE_CODE)
VIEW_TABLE(dtc, text, text, DTC_TEXT)
VIEW_OPT_U32(dtc, level, DTC_LEVEL)
VIEW_TABLE(dtc, sdgs, sdgs, DTC_SDGS)
VIEW_BOOL(dtc, is_temporary, DTC_IS_TEMPORARY, 0)

VIEW_STRING(text, value, TEXT_VALUE)
VIEW_STRING(text, ti, TEXT_TI)

VIEW_VEC(sdgs, sdgs, sdg, SDGS_SDGS)

VIEW_STRING(sdg, caption_sn, SDG_CAPTION_SN)
VIEW_VEC(sdg, sds, sd_or_sdg, SDG_SDS)
VIEW_STRING(sdg, si, SDG_SI)

VIEW_U8(sd_or_sdg, content_type, SD_OR_SDG_CONTENT_TYPE, MDD_SD_OR_SDG_NONE)
VIEW_UNION_MEMBER(sd_or_sdg, sd, sd, SD_OR_SDG_CONTENT_TYPE, MDD_SD_OR_SDG_SD)
VIEW_UNION_MEMBER(sd_or_sdg, sdg, sdg, SD_OR_SDG_CONTENT_TYPE, MDD_SD_OR_SDG_SDG)

VIEW_STRING(sd, value, SD_VALUE)
VIEW_STRING(sd, si, SD_SI)
VIEW_STRING(sd, ti, SD_TI)
