/* The EcuData verifier's two implementations must agree: the fast pass (which only tells a
 * sound payload, and hands anything else to the walk) and the walk alone (the walk_only
 * option). For every input, verified once with the default limits and once with small limits
 * taken from its last two bytes (so that the depth and tables limits fire), both modes must
 * return the same status and, on failure, the same message; anything else traps.
 *
 * The whole input is the payload, so real payloads seed it as they are: limits from trailing
 * bytes leave every offset in place. */
#include <mdd/fb.h>

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Verifies data with o in both modes; traps unless they agree. */
static void verify_both(const uint8_t *data, size_t size, mdd_fb_verify_options o)
{
    mdd_error fast = {0}, walk = {0};
    o.walk_only = 0;
    mdd_status fast_st = mdd_fb_verify_ecu_data(data, size, &o, &fast);
    o.walk_only = 1;
    mdd_status walk_st = mdd_fb_verify_ecu_data(data, size, &o, &walk);
    if (fast_st != walk_st)
        __builtin_trap();
    if (fast_st != MDD_OK && strcmp(fast.message, walk.message) != 0)
        __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mdd_fb_verify_options o = mdd_fb_verify_options_default();
    verify_both(data, size, o);
    if (size >= 2) {
        uint8_t last = data[size - 1], before = data[size - 2];
        o.max_depth = 1u + (last & 0x0fu);                      /* 1 to 16 */
        o.max_tables = 1u + ((uint32_t)(last >> 4) | (uint32_t)before << 4); /* 1 to 4096 */
        verify_both(data, size, o);
    }
    return 0;
}
