/* SPDX-License-Identifier: Apache-2.0 */
/* The EcuData verifier's two implementations must agree: the fast pass (which only tells a
 * sound payload, and hands anything else to the walk) and the walk alone (the mode
 * FB_VERIFY_WALK_ONLY of <mdd_internal/fb.h>). For every input, verified once with the default limits and once with small limits
 * taken from its last two bytes (so that the depth and tables limits fire), both modes must
 * return the same status and, on failure, the same message; anything else traps. So must a
 * verifier reused across all inputs in each mode (mdd_fb_verifier_check()), whatever it
 * verified before, and a one-shot verification (mdd_fb_verify_ecu_data()): in the fast mode
 * under the default limits, in the walk mode under the small ones. One one-shot run per set
 * of limits instead of one per mode spares a quarter of the work and still compares every
 * mode, fresh and reused.
 *
 * The whole input is the payload, so real payloads seed it as they are: limits from trailing
 * bytes leave every offset in place. */
#include <mdd/fb.h>
#include <mdd_internal/fb.h>

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Traps unless a and b are the same status and, on failure, the same message. */
static void same(mdd_status a_st, const mdd_error *a, mdd_status b_st, const mdd_error *b)
{
    if (a_st != b_st)
        __builtin_trap();
    if (a_st != MDD_OK && strcmp(a->message, b->message) != 0)
        __builtin_trap();
}

/* The status of verifying data with o in mode by that mode's verifier, reused for the whole
 * run; its message in *err. */
static mdd_status verify_reused(const uint8_t *data, size_t size, mdd_fb_verify_options o,
                                fb_verify_mode mode, mdd_error *err)
{
    static mdd_fb_verifier *reused[2]; /* live for the whole run, by mode */
    mdd_fb_verifier **vf = &reused[mode];
    if (!*vf && mdd_fb_verifier_create(vf, NULL) != MDD_OK)
        __builtin_trap();
    return fb_verifier_check_mode(*vf, data, size, &o, mode, err);
}

/* Verifies data with o in both modes with the reused verifiers, and one-shot in the mode
 * one_shot; traps unless all three agree. */
static void verify_three_ways(const uint8_t *data, size_t size, mdd_fb_verify_options o,
                              fb_verify_mode one_shot)
{
    mdd_error fast = {0}, walk = {0}, once = {0};
    mdd_status fast_st = verify_reused(data, size, o, FB_VERIFY_QUICK_FIRST, &fast);
    same(fast_st, &fast, verify_reused(data, size, o, FB_VERIFY_WALK_ONLY, &walk), &walk);
    same(fast_st, &fast, fb_verify_ecu_data_mode(data, size, &o, one_shot, &once), &once);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mdd_fb_verify_options o = mdd_fb_verify_options_default();
    verify_three_ways(data, size, o, FB_VERIFY_QUICK_FIRST);
    if (size >= 2) {
        uint8_t last = data[size - 1], before = data[size - 2];
        o.max_depth = 1u + (last & 0x0fu);                      /* 1 to 16 */
        o.max_tables = 1u + ((uint32_t)(last >> 4) | (uint32_t)before << 4); /* 1 to 4096 */
        verify_three_ways(data, size, o, FB_VERIFY_WALK_ONLY);
    }
    return 0;
}
