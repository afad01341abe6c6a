/* SPDX-License-Identifier: Apache-2.0 */
/* The EcuData root: a Protocol layer, the base variant inheriting from it and the variants
 * inheriting from both (some base services not inherited), or for a functional-group
 * database the functional groups on the Protocol layer. */
#include "gen_impl.h"

#include <stdio.h>
#include <stdlib.h>
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

/* Diagnostic trouble codes: 24-bit codes with their SAE display form (P0123, U0100, ...),
 * texts and now and then a level and SDG texts. */
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

/* DiagLayer and ParentRef tables. */
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
