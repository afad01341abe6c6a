/* SPDX-License-Identifier: Apache-2.0 */
/* The generator's random source: splitmix64. */
#include "gen_impl.h"

uint64_t gen_next(gen_rng *r)
{
    uint64_t z = (r->state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

uint32_t gen_below(gen_rng *r, uint32_t n)
{
    /* The multiply-shift maps 32 random bits onto [0, n) with negligible bias. */
    return (uint32_t)(((gen_next(r) >> 32) * n) >> 32);
}

uint32_t gen_range(gen_rng *r, uint32_t lo, uint32_t hi)
{
    return lo + gen_below(r, hi - lo + 1);
}
