/* SPDX-License-Identifier: Apache-2.0 */
/* How big each part of an ECU database is. Service and DTC counts grow slowly with the
 * size aimed at (real ECUs have 150 to 400 services); the detail level (data params per
 * response, SDG texts per service) makes up the rest and is fitted by mdd_gen_payload(). */
#include "gen_impl.h"

#define GEN_MIN_SERVICES 150
#define GEN_MAX_SERVICES 400

gen_shape gen_shape_for(const mdd_gen_spec *spec, uint32_t detail)
{
    gen_shape s;
    uint64_t services = GEN_MIN_SERVICES + spec->target_bytes / 16000;
    s.services = services > GEN_MAX_SERVICES ? GEN_MAX_SERVICES : (uint32_t)services;
    uint64_t dtcs = 100 + spec->target_bytes / 20000;
    s.dtcs = dtcs > 800 ? 800 : (uint32_t)dtcs;
    s.variants = 3 + (uint32_t)(spec->seed % 4);
    s.detail = detail;
    return s;
}
