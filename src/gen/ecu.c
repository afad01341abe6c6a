/* SPDX-License-Identifier: Apache-2.0 */
/* The EcuData root: a Protocol layer, the base variant inheriting from it and the variants
 * inheriting from both (some base services not inherited), or for a functional-group
 * database the functional groups on the Protocol layer. */
#include "gen_impl.h"

#include <stdio.h>
#include <string.h>

#define GEN_MAX_VARIANTS 8
#define GEN_MAX_NOT_INHERITED 5

/* A layer's services from a catalogue function, as a DiagLayer. */
static mdd_fb_ref gen_layer(gen_ctx *g, const char *name,
                            int (*catalog)(gen_ctx *, uint32_t, gen_service_list *),
                            uint32_t index, gen_service_list *keep)
{
    gen_service_list l = {0};
    if (catalog(g, index, &l) != 0)
        g->nomem = 1;
    mdd_fb_ref layer = gen_diag_layer(g, name, &l);
    if (keep)
        *keep = l;
    else
        gen_service_list_free(&l);
    return layer;
}

static int catalog_protocol(gen_ctx *g, uint32_t index, gen_service_list *out)
{
    (void)index;
    return gen_catalog_protocol(g, out);
}

static int catalog_base(gen_ctx *g, uint32_t index, gen_service_list *out)
{
    (void)index;
    return gen_catalog_base(g, out);
}

static mdd_fb_ref gen_protocol(gen_ctx *g)
{
    mdd_fb_ref layer = gen_layer(g, "PR_UDS_On_CAN", catalog_protocol, 0, NULL);
    mdd_fb_table_start(g->b);
    mdd_fb_add_ref(g->b, FID_PROTOCOL_DIAG_LAYER, layer);
    return mdd_fb_table_end(g->b);
}

/* A Variant table with its parent references. */
static mdd_fb_ref gen_variant_table(gen_ctx *g, mdd_fb_ref layer, int is_base,
                                    const mdd_fb_ref *parents, uint32_t parent_count)
{
    mdd_fb_ref refs = mdd_fb_create_refs(g->b, parents, parent_count);
    mdd_fb_table_start(g->b);
    mdd_fb_add_ref(g->b, FID_VARIANT_DIAG_LAYER, layer);
    mdd_fb_add_ref(g->b, FID_VARIANT_PARENT_REFS, refs);
    if (is_base)
        mdd_fb_add_u8(g->b, FID_VARIANT_IS_BASE_VARIANT, 1);
    return mdd_fb_table_end(g->b);
}

/* Variant index: its own services, the base without a few of the base's, and the protocol. */
static mdd_fb_ref gen_variant(gen_ctx *g, const char *ecu, uint32_t index, mdd_fb_ref base,
                              const gen_service_list *base_services, mdd_fb_ref protocol)
{
    char name[MDD_GEN_NAME_SIZE + 16];
    snprintf(name, sizeof name, "%s_Variant_%u", ecu, index + 1);
    mdd_fb_ref layer = gen_layer(g, name, gen_catalog_variant, index, NULL);
    const char *skip[GEN_MAX_NOT_INHERITED];
    uint32_t nskip = gen_range(&g->rng, 1, GEN_MAX_NOT_INHERITED);
    uint32_t pool = base_services->count - GEN_FIXED_SERVICES;
    for (uint32_t i = 0; i < nskip; i++)
        skip[i] = base_services->items[GEN_FIXED_SERVICES + gen_below(&g->rng, pool)].name;
    mdd_fb_ref parents[2];
    parents[0] = gen_parent_ref(g, MDD_PARENT_REF_TYPE_VARIANT, base, skip, nskip);
    parents[1] = gen_parent_ref(g, MDD_PARENT_REF_TYPE_PROTOCOL, protocol, NULL, 0);
    return gen_variant_table(g, layer, 0, parents, 2);
}

static mdd_fb_ref gen_variants(gen_ctx *g, const char *ecu)
{
    mdd_fb_ref protocol = gen_protocol(g);
    char name[MDD_GEN_NAME_SIZE + 16];
    snprintf(name, sizeof name, "%s_Base", ecu);
    gen_service_list base_services = {0};
    mdd_fb_ref base_layer = gen_layer(g, name, catalog_base, 0, &base_services);
    mdd_fb_ref parent = gen_parent_ref(g, MDD_PARENT_REF_TYPE_PROTOCOL, protocol, NULL, 0);
    mdd_fb_ref all[GEN_MAX_VARIANTS + 1];
    all[0] = gen_variant_table(g, base_layer, 1, &parent, 1);
    uint32_t n = g->shape.variants < GEN_MAX_VARIANTS ? g->shape.variants : GEN_MAX_VARIANTS;
    /* Variants leave out identifier services, so a base without any gets none. */
    if (base_services.count <= GEN_FIXED_SERVICES)
        n = 0;
    for (uint32_t i = 0; i < n; i++)
        all[1 + i] = gen_variant(g, ecu, i, all[0], &base_services, protocol);
    gen_service_list_free(&base_services);
    return mdd_fb_create_refs(g->b, all, 1 + n);
}

static mdd_fb_ref gen_groups(gen_ctx *g, const char *name)
{
    mdd_fb_ref protocol = gen_protocol(g);
    mdd_fb_ref all[GEN_MAX_VARIANTS];
    uint32_t n = g->shape.variants < GEN_MAX_VARIANTS ? g->shape.variants : GEN_MAX_VARIANTS;
    for (uint32_t i = 0; i < n; i++) {
        char group[MDD_GEN_NAME_SIZE + 16];
        snprintf(group, sizeof group, "%s_Group_%u", name, i + 1);
        mdd_fb_ref layer = gen_layer(g, group, gen_catalog_group, i, NULL);
        mdd_fb_ref parent = gen_parent_ref(g, MDD_PARENT_REF_TYPE_PROTOCOL, protocol, NULL, 0);
        mdd_fb_ref parents = mdd_fb_create_refs(g->b, &parent, 1);
        mdd_fb_table_start(g->b);
        mdd_fb_add_ref(g->b, FID_FUNCTIONAL_GROUP_DIAG_LAYER, layer);
        mdd_fb_add_ref(g->b, FID_FUNCTIONAL_GROUP_PARENT_REFS, parents);
        all[i] = mdd_fb_table_end(g->b);
    }
    return mdd_fb_create_refs(g->b, all, n);
}

/* EcuData.metadata: what a converter records about the source. */
static mdd_fb_ref gen_metadata(gen_ctx *g, const char *name)
{
    static const char *const keys[2] = {"source", "odx_version"};
    char source[MDD_GEN_NAME_SIZE + 8];
    snprintf(source, sizeof source, "%s.pdx", name);
    const char *values[2] = {source, "2.2.0"};
    mdd_fb_ref kv[2];
    for (int i = 0; i < 2; i++) {
        mdd_fb_ref k = mdd_fb_create_cstring(g->b, keys[i]);
        mdd_fb_ref v = mdd_fb_create_cstring(g->b, values[i]);
        mdd_fb_table_start(g->b);
        mdd_fb_add_ref(g->b, FID_KEY_VALUE_KEY, k);
        mdd_fb_add_ref(g->b, FID_KEY_VALUE_VALUE, v);
        kv[i] = mdd_fb_table_end(g->b);
    }
    return mdd_fb_create_refs(g->b, kv, 2);
}

mdd_fb_ref gen_ecu_data(gen_ctx *g, const mdd_gen_spec *spec)
{
    gen_shared_init(g);
    mdd_fb_ref layers = spec->functional_groups ? gen_groups(g, spec->name)
                                                : gen_variants(g, spec->name);
    mdd_fb_ref dtcs = spec->functional_groups ? 0 : gen_dtcs(g);
    mdd_fb_ref metadata = gen_metadata(g, spec->name);
    mdd_fb_ref version = mdd_fb_create_cstring(g->b, "2025-05-21");
    mdd_fb_ref name = mdd_fb_create_cstring(g->b, spec->name);
    mdd_fb_ref revision = mdd_fb_create_cstring(g->b, "01.00.00");
    mdd_fb_table_start(g->b);
    mdd_fb_add_ref(g->b, FID_ECU_DATA_VERSION, version);
    mdd_fb_add_ref(g->b, FID_ECU_DATA_ECU_NAME, name);
    mdd_fb_add_ref(g->b, FID_ECU_DATA_REVISION, revision);
    mdd_fb_add_ref(g->b, FID_ECU_DATA_METADATA, metadata);
    mdd_fb_add_ref(g->b, spec->functional_groups ? FID_ECU_DATA_FUNCTIONAL_GROUPS
                                                 : FID_ECU_DATA_VARIANTS,
                   layers);
    mdd_fb_add_ref(g->b, FID_ECU_DATA_DTCS, dtcs);
    return mdd_fb_table_end(g->b);
}
