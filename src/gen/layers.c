/* SPDX-License-Identifier: Apache-2.0 */
/* DiagLayer and ParentRef tables. */
#include "gen_impl.h"

#include <stdlib.h>

mdd_fb_ref gen_diag_layer(gen_ctx *g, const char *name, const gen_service_list *l)
{
    mdd_fb_ref services = gen_services(g, l);
    mdd_fb_ref sn = mdd_fb_create_cstring(g->b, name);
    mdd_fb_ref long_name = gen_long_name(g, name);
    mdd_fb_ref sdgs = gen_sdgs(g, 2 + g->shape.detail);
    mdd_fb_table_start(g->b);
    mdd_fb_add_ref(g->b, FID_DIAG_LAYER_SHORT_NAME, sn);
    mdd_fb_add_ref(g->b, FID_DIAG_LAYER_LONG_NAME, long_name);
    mdd_fb_add_ref(g->b, FID_DIAG_LAYER_FUNCT_CLASSES, g->shared.funct_classes);
    mdd_fb_add_ref(g->b, FID_DIAG_LAYER_DIAG_SERVICES, services);
    mdd_fb_add_ref(g->b, FID_DIAG_LAYER_SDGS, sdgs);
    return mdd_fb_table_end(g->b);
}

mdd_fb_ref gen_parent_ref(gen_ctx *g, uint8_t type, mdd_fb_ref table, const char *const *names,
                          uint32_t count)
{
    mdd_fb_ref vec = 0;
    if (count) {
        mdd_fb_ref *refs = malloc(count * sizeof *refs);
        if (!refs) {
            g->nomem = 1;
            return 0;
        }
        for (uint32_t i = 0; i < count; i++)
            refs[i] = mdd_fb_create_cstring(g->b, names[i]);
        vec = mdd_fb_create_refs(g->b, refs, count);
        free(refs);
    }
    mdd_fb_table_start(g->b);
    mdd_fb_add_ref(g->b, FID_PARENT_REF_REF, table);
    mdd_fb_add_ref(g->b, FID_PARENT_REF_NOT_INHERITED_DIAG_COMM_SHORT_NAMES, vec);
    mdd_fb_add_u8(g->b, FID_PARENT_REF_REF_TYPE, type);
    return mdd_fb_table_end(g->b);
}
