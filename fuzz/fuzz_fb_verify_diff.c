/* The EcuData verifier's two implementations must agree: the fast pass (which only tells a
 * sound payload, and hands anything else to the walk) and the walk alone (the walk_only
 * option). For every input, verified once with the default limits and once with small limits
 * taken from its last two bytes (so that the depth and tables limits fire), both modes must
 * return the same status and, on failure, the same message; anything else traps. So must a
 * verifier reused across all inputs in each mode (mdd_fb_verifier_check()), whatever it
 * verified before.
 *
 * The whole input is the payload, so real payloads seed it as they are: limits from trailing
 * bytes leave every offset in place. */
#include <mdd/fb.h>

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

/* Verifies data with o one-shot and with the mode's reused verifier (index: o.walk_only);
 * traps unless they agree. Returns the one-shot status, its message in *err. */
static mdd_status verify_reused_too(const uint8_t *data, size_t size, mdd_fb_verify_options o,
                                    mdd_error *err)
{
    static mdd_fb_verifier *reused[2]; /* live for the whole run */
    mdd_fb_verifier **vf = &reused[o.walk_only != 0];
    if (!*vf && mdd_fb_verifier_create(vf, NULL) != MDD_OK)
        __builtin_trap();
    mdd_error again = {0};
    mdd_status st = mdd_fb_verify_ecu_data(data, size, &o, err);
    same(st, err, mdd_fb_verifier_check(*vf, data, size, &o, &again), &again);
    return st;
}

/* Verifies data with o in both modes; traps unless they agree. */
static void verify_both(const uint8_t *data, size_t size, mdd_fb_verify_options o)
{
    mdd_error fast = {0}, walk = {0};
    o.walk_only = 0;
    mdd_status fast_st = verify_reused_too(data, size, o, &fast);
    o.walk_only = 1;
    same(fast_st, &fast, verify_reused_too(data, size, o, &walk), &walk);
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
