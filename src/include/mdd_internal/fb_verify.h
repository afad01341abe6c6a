/* SPDX-License-Identifier: Apache-2.0 */
/* The verifier's two passes, chosen one by one: the tests and the differential fuzz target
 * hold the fast pass and the path-naming walk to the same verdicts and messages. Users get
 * both through mdd_fb_verifier_check(), which runs the walk only when the fast pass is not
 * sure. */
#ifndef MDD_INTERNAL_FB_VERIFY_H
#define MDD_INTERNAL_FB_VERIFY_H

#include <mdd/fb.h>

typedef enum fb_verify_mode {
    FB_VERIFY_QUICK_FIRST, /* as mdd_fb_verifier_check(): the fast pass, then the walk if need be */
    FB_VERIFY_WALK_ONLY    /* the walk alone: the same status and message, more slowly */
} fb_verify_mode;

/* mdd_fb_verifier_check() in the given mode. */
mdd_status fb_verifier_check_mode(mdd_fb_verifier *vf, const uint8_t *buf, size_t len,
                                  const mdd_fb_verify_options *opts, fb_verify_mode mode,
                                  mdd_error *err);

/* mdd_fb_verify_ecu_data() in the given mode. */
mdd_status fb_verify_ecu_data_mode(const uint8_t *buf, size_t len,
                                   const mdd_fb_verify_options *opts, fb_verify_mode mode,
                                   mdd_error *err);

#endif
