/* Count and element accessors of the typed vectors. */
#include "view_macros.h"

#define VEC_ACCESSORS(type)                                                                    \
    uint32_t mdd_##type##_vec_count(mdd_##type##_vec v) { return v.v.count; }                  \
    mdd_##type mdd_##type##_vec_at(mdd_##type##_vec v, uint32_t i)                             \
    {                                                                                          \
        return (mdd_##type){mdd_fb_vector_table(v.v, i)};                                      \
    }

VEC_ACCESSORS(key_value)
VEC_ACCESSORS(variant)
VEC_ACCESSORS(variant_pattern)
VEC_ACCESSORS(matching_parameter)
VEC_ACCESSORS(functional_group)
VEC_ACCESSORS(protocol)
VEC_ACCESSORS(parent_ref)
VEC_ACCESSORS(diag_service)
VEC_ACCESSORS(single_ecu_job)
VEC_ACCESSORS(response)
VEC_ACCESSORS(param)
VEC_ACCESSORS(dtc)
VEC_ACCESSORS(funct_class)
VEC_ACCESSORS(sdg)
VEC_ACCESSORS(sd_or_sdg)

uint32_t mdd_string_vec_count(mdd_string_vec v) { return v.v.count; }

mdd_bytes mdd_string_vec_at(mdd_string_vec v, uint32_t i) { return mdd_fb_vector_string(v.v, i); }
