/* SPDX-License-Identifier: Apache-2.0 */
/* A variant's identification patterns, flattened to their conditions. */
#include "query_impl.h"

uint32_t mdd_db_layer_variant_matches(const mdd_db_layer *layer, mdd_variant_match *out,
                                      uint32_t cap)
{
    mdd_variant_pattern_vec patterns = mdd_variant_variant_pattern(mdd_db_layer_variant(layer));
    uint32_t total = 0;
    for (uint32_t p = 0; p < mdd_variant_pattern_vec_count(patterns); p++) {
        mdd_matching_parameter_vec conditions =
            mdd_variant_pattern_matching_parameter(mdd_variant_pattern_vec_at(patterns, p));
        for (uint32_t i = 0; i < mdd_matching_parameter_vec_count(conditions); i++, total++) {
            if (total >= cap)
                continue;
            mdd_matching_parameter m = mdd_matching_parameter_vec_at(conditions, i);
            int physical = 0;
            out[total] = (mdd_variant_match){
                .pattern = p,
                .expected_value = mdd_matching_parameter_expected_value(m),
                .service = mdd_matching_parameter_diag_service(m),
                .out_param = mdd_matching_parameter_out_param(m),
                .physical_addressing =
                    mdd_matching_parameter_use_physical_addressing(m, &physical) ? physical != 0
                                                                                 : -1};
        }
    }
    return total;
}
