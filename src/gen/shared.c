/* SPDX-License-Identifier: Apache-2.0 */
/* Params and the subtables converters write once and share: coded types, the Value table,
 * the SID params of requests and responses, the negative response, the function classes. */
#include "gen_impl.h"

#include <stdio.h>
#include <string.h>

mdd_fb_ref gen_literal(gen_ctx *g, const char *s)
{
    gen_shared *sh = &g->shared;
    for (uint32_t i = 0; i < sh->literal_count; i++)
        if (sh->literal[i] == s)
            return sh->literal_ref[i];
    mdd_fb_ref ref = mdd_fb_create_cstring(g->b, s);
    if (sh->literal_count < sizeof sh->literal / sizeof sh->literal[0]) {
        sh->literal[sh->literal_count] = s;
        sh->literal_ref[sh->literal_count++] = ref;
    }
    return ref;
}

/* A DiagCodedType of a standard length. */
static mdd_fb_ref gen_coded_type(gen_ctx *g, uint8_t data_type, uint32_t bits)
{
    mdd_fb_builder *b = g->b;
    mdd_fb_table_start(b);
    mdd_fb_add_u32(b, FID_STANDARD_LENGTH_TYPE_BIT_LENGTH, bits);
    mdd_fb_ref length = mdd_fb_table_end(b);
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_DIAG_CODED_TYPE_SPECIFIC_DATA, length);
    mdd_fb_add_u8(b, FID_DIAG_CODED_TYPE_TYPE, MDD_DIAG_CODED_TYPE_NAME_STANDARD_LENGTH_TYPE);
    mdd_fb_add_u8(b, FID_DIAG_CODED_TYPE_BASE_DATA_TYPE, data_type);
    mdd_fb_add_u8(b, FID_DIAG_CODED_TYPE_SPECIFIC_DATA_TYPE,
                  MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE);
    return mdd_fb_table_end(b);
}

/* A Param table; specific may be 0 (no specific data). */
static mdd_fb_ref gen_param(gen_ctx *g, const char *name, uint8_t param_type, uint32_t byte_pos,
                            uint8_t specific_type, mdd_fb_ref specific)
{
    mdd_fb_builder *b = g->b;
    mdd_fb_ref sn = mdd_fb_create_cstring(b, name);
    mdd_fb_ref semantic = gen_literal(g, param_type == MDD_PARAM_TYPE_VALUE ? "DATA" : "SERVICE-ID");
    mdd_fb_table_start(b);
    mdd_fb_add_u32(b, FID_PARAM_ID, g->next_param_id++);
    mdd_fb_add_ref(b, FID_PARAM_SHORT_NAME, sn);
    mdd_fb_add_ref(b, FID_PARAM_SEMANTIC, semantic);
    mdd_fb_add_u32(b, FID_PARAM_BYTE_POSITION, byte_pos);
    mdd_fb_add_u32(b, FID_PARAM_BIT_POSITION, 0);
    mdd_fb_add_ref(b, FID_PARAM_SPECIFIC_DATA, specific);
    mdd_fb_add_u8(b, FID_PARAM_PARAM_TYPE, param_type);
    if (specific)
        mdd_fb_add_u8(b, FID_PARAM_SPECIFIC_DATA_TYPE, specific_type);
    return mdd_fb_table_end(b);
}

mdd_fb_ref gen_coded_param(gen_ctx *g, const char *name, uint32_t value, uint32_t bits,
                           uint32_t byte_pos)
{
    char text[16];
    snprintf(text, sizeof text, "%u", value);
    mdd_fb_ref coded = mdd_fb_create_cstring(g->b, text);
    mdd_fb_table_start(g->b);
    mdd_fb_add_ref(g->b, FID_CODED_CONST_CODED_VALUE, coded);
    mdd_fb_add_ref(g->b, FID_CODED_CONST_DIAG_CODED_TYPE, g->shared.uint_type[bits / 8]);
    mdd_fb_ref cc = mdd_fb_table_end(g->b);
    return gen_param(g, name, MDD_PARAM_TYPE_CODED_CONST, byte_pos, MDD_PARAM_SPECIFIC_DATA_CODED_CONST, cc);
}

mdd_fb_ref gen_request_sid(gen_ctx *g, uint8_t sid)
{
    if (!g->shared.request_sid[sid])
        g->shared.request_sid[sid] = gen_coded_param(g, "SID_RQ", sid, 8, 0);
    return g->shared.request_sid[sid];
}

mdd_fb_ref gen_response_sid(gen_ctx *g, uint8_t sid)
{
    if (!g->shared.response_sid[sid])
        g->shared.response_sid[sid] = gen_coded_param(g, "SID_PR", (uint32_t)sid + 0x40, 8, 0);
    return g->shared.response_sid[sid];
}

mdd_fb_ref gen_value_param(gen_ctx *g, const char *name, uint32_t byte_pos)
{
    return gen_param(g, name, MDD_PARAM_TYPE_VALUE, byte_pos, MDD_PARAM_SPECIFIC_DATA_VALUE, g->shared.value);
}

mdd_fb_ref gen_matching_param(gen_ctx *g, const char *name, int32_t request_pos, uint32_t len,
                              uint32_t byte_pos)
{
    mdd_fb_table_start(g->b);
    mdd_fb_add_i32(g->b, FID_MATCHING_REQUEST_PARAM_REQUEST_BYTE_POS, request_pos);
    mdd_fb_add_u32(g->b, FID_MATCHING_REQUEST_PARAM_BYTE_LENGTH, len);
    mdd_fb_ref m = mdd_fb_table_end(g->b);
    return gen_param(g, name, MDD_PARAM_TYPE_MATCHING_REQUEST_PARAM, byte_pos,
                     MDD_PARAM_SPECIFIC_DATA_MATCHING_REQUEST_PARAM, m);
}

/* The NRC of the shared negative response: one byte, one of the codes UDS defines for any
 * service (ISO 14229-1 annex A), as decimal text. */
static mdd_fb_ref gen_nrc_param(gen_ctx *g)
{
    static const char *const codes[] = {"16", "17", "18", "19", "20", "33", "34", "36",
                                        "49", "51", "53", "114", "120", "126", "127"};
    mdd_fb_ref values[sizeof codes / sizeof codes[0]];
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        values[i] = mdd_fb_create_cstring(g->b, codes[i]);
    mdd_fb_ref vec = mdd_fb_create_refs(g->b, values, sizeof codes / sizeof codes[0]);
    mdd_fb_table_start(g->b);
    mdd_fb_add_ref(g->b, FID_NRC_CONST_CODED_VALUES, vec);
    mdd_fb_add_ref(g->b, FID_NRC_CONST_DIAG_CODED_TYPE, g->shared.uint_type[1]);
    mdd_fb_ref nc = mdd_fb_table_end(g->b);
    return gen_param(g, "NRC", MDD_PARAM_TYPE_NRC_CONST, 2, MDD_PARAM_SPECIFIC_DATA_NRC_CONST, nc);
}

/* The Value table every data param shares: a byte read as it is (a NormalDOP of the 8-bit
 * coded type and an IDENTICAL compu method, the category's default). */
static mdd_fb_ref gen_byte_value(gen_ctx *g)
{
    mdd_fb_builder *b = g->b;
    mdd_fb_table_start(b);
    mdd_fb_ref identical = mdd_fb_table_end(b);
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_NORMAL_DOP_COMPU_METHOD, identical);
    mdd_fb_add_ref(b, FID_NORMAL_DOP_DIAG_CODED_TYPE, g->shared.uint_type[1]);
    mdd_fb_ref normal = mdd_fb_table_end(b);
    mdd_fb_ref name = mdd_fb_create_cstring(b, "Byte");
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_DOP_SHORT_NAME, name);
    mdd_fb_add_ref(b, FID_DOP_SPECIFIC_DATA, normal);
    mdd_fb_add_u8(b, FID_DOP_SPECIFIC_DATA_TYPE, MDD_SPECIFIC_DOP_DATA_NORMAL_DOP);
    mdd_fb_ref dop = mdd_fb_table_end(b);
    mdd_fb_table_start(b);
    mdd_fb_add_ref(b, FID_VALUE_DOP, dop);
    return mdd_fb_table_end(b);
}

/* The negative response every service shares: 7F, the request's SID, the NRC. */
static mdd_fb_ref gen_neg_responses(gen_ctx *g)
{
    mdd_fb_ref params[3];
    params[0] = gen_coded_param(g, "SID_NR", 0x7f, 8, 0);
    params[1] = gen_matching_param(g, "SIDRQ_NR", 0, 1, 1);
    params[2] = gen_nrc_param(g);
    mdd_fb_ref vec = mdd_fb_create_refs(g->b, params, 3);
    mdd_fb_table_start(g->b);
    mdd_fb_add_ref(g->b, FID_RESPONSE_PARAMS, vec);
    mdd_fb_add_u8(g->b, FID_RESPONSE_RESPONSE_TYPE, MDD_RESPONSE_TYPE_NEG_RESPONSE);
    mdd_fb_ref nr = mdd_fb_table_end(g->b);
    return mdd_fb_create_refs(g->b, &nr, 1);
}

/* The function classes of the layers, and a one-element list for each. */
static void gen_funct_classes(gen_ctx *g)
{
    static const char *const names[4] = {"Identification", "Fault_Memory", "Actuation",
                                         "Programming"};
    mdd_fb_ref all[4];
    for (int i = 0; i < 4; i++) {
        mdd_fb_ref sn = mdd_fb_create_cstring(g->b, names[i]);
        mdd_fb_table_start(g->b);
        mdd_fb_add_ref(g->b, FID_FUNCT_CLASS_SHORT_NAME, sn);
        all[i] = mdd_fb_table_end(g->b);
        g->shared.funct_class[i] = mdd_fb_create_refs(g->b, &all[i], 1);
    }
    g->shared.funct_classes = mdd_fb_create_refs(g->b, all, 4);
}

void gen_shared_init(gen_ctx *g)
{
    memset(&g->shared, 0, sizeof g->shared);
    for (uint32_t i = 1; i <= 4; i++)
        g->shared.uint_type[i] = gen_coded_type(g, MDD_DATA_TYPE_A_UINT_32, 8 * i);
    g->shared.value = gen_byte_value(g);
    g->shared.neg_responses = gen_neg_responses(g);
    gen_funct_classes(g);
}
