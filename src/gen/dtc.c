/* SPDX-License-Identifier: Apache-2.0 */
/* Diagnostic trouble codes: 24-bit codes with their SAE display form (P0123, U0100, ...),
 * texts and now and then a level and SDG texts. */
#include "gen_impl.h"

#include <stdio.h>
#include <stdlib.h>

static mdd_fb_ref gen_dtc(gen_ctx *g, uint32_t code)
{
    static const char systems[4] = {'P', 'C', 'B', 'U'};
    char display[16], name[32], ti[32];
    /* The display code spells the top 16 bits; the low byte is the failure type. */
    uint32_t dtc16 = code >> 8;
    snprintf(display, sizeof display, "%c%04X", systems[dtc16 >> 14], dtc16 & 0x3fff);
    snprintf(name, sizeof name, "DTC_%06X", code);
    snprintf(ti, sizeof ti, "TI_DTC_%06X", code);
    mdd_fb_ref value = gen_prose(g, gen_range(&g->rng, 4, 12));
    mdd_fb_ref tiref = mdd_fb_create_cstring(g->b, ti);
    mdd_fb_table_start(g->b);
    mdd_fb_add_ref(g->b, FID_TEXT_VALUE, value);
    mdd_fb_add_ref(g->b, FID_TEXT_TI, tiref);
    mdd_fb_ref text = mdd_fb_table_end(g->b);
    mdd_fb_ref sn = mdd_fb_create_cstring(g->b, name);
    mdd_fb_ref disp = mdd_fb_create_cstring(g->b, display);
    mdd_fb_ref sdgs = gen_below(&g->rng, 4) == 0 ? gen_sdgs(g, 2) : 0;
    mdd_fb_table_start(g->b);
    mdd_fb_add_ref(g->b, FID_DTC_SHORT_NAME, sn);
    mdd_fb_add_u32(g->b, FID_DTC_TROUBLE_CODE, code);
    mdd_fb_add_ref(g->b, FID_DTC_DISPLAY_TROUBLE_CODE, disp);
    mdd_fb_add_ref(g->b, FID_DTC_TEXT, text);
    mdd_fb_add_ref(g->b, FID_DTC_SDGS, sdgs);
    if (gen_below(&g->rng, 2))
        mdd_fb_add_u32(g->b, FID_DTC_LEVEL, gen_range(&g->rng, 1, 4));
    return mdd_fb_table_end(g->b);
}

mdd_fb_ref gen_dtcs(gen_ctx *g)
{
    uint32_t n = g->shape.dtcs;
    mdd_fb_ref *refs = malloc((n ? n : 1) * sizeof *refs);
    if (!refs) {
        g->nomem = 1;
        return 0;
    }
    /* Ascending, distinct codes: one per stride of the 24-bit space. */
    uint32_t stride = 0xffffffu / (n ? n : 1);
    for (uint32_t i = 0; i < n; i++)
        refs[i] = gen_dtc(g, i * stride + gen_below(&g->rng, stride));
    mdd_fb_ref vec = mdd_fb_create_refs(g->b, refs, n);
    free(refs);
    return vec;
}
