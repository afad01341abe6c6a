/* SPDX-License-Identifier: Apache-2.0 */
/* DiagService tables: the DiagComm with its texts, the request whose leading coded params
 * make the request prefix, the positive response and the shared negative one. */
#include "gen_impl.h"

#include <stdio.h>
#include <stdlib.h>

#define GEN_MAX_PARAMS 256

/* Data params, each one byte further on, named like the fields of one record. */
static uint32_t gen_data_params(gen_ctx *g, uint32_t count, uint32_t byte_pos, mdd_fb_ref *out)
{
    const char *record = gen_word(&g->rng);
    for (uint32_t i = 0; i < count; i++) {
        char name[64];
        snprintf(name, sizeof name, "%s_%s_%u", record, gen_word(&g->rng), i);
        out[i] = gen_value_param(g, name, byte_pos + i);
    }
    return count;
}

static mdd_fb_ref gen_request(gen_ctx *g, const gen_service_def *def)
{
    mdd_fb_ref params[GEN_MAX_PARAMS];
    uint32_t n = 0, pos = 1;
    params[n++] = gen_request_sid(g, (uint8_t)def->value[0]);
    for (uint32_t i = 1; i < def->prefix_params; i++) {
        static const char *const names[GEN_MAX_PREFIX] = {"SID_RQ", "SubFunction", "Identifier"};
        params[n++] = gen_coded_param(g, names[i], def->value[i], def->bits[i], pos);
        pos += def->bits[i] / 8u;
    }
    n += gen_data_params(g, def->request_data, pos, params + n);
    mdd_fb_ref vec = mdd_fb_create_refs(g->b, params, n);
    mdd_fb_table_start(g->b);
    mdd_fb_add_ref(g->b, FID_REQUEST_PARAMS, vec);
    return mdd_fb_table_end(g->b);
}

static mdd_fb_ref gen_pos_responses(gen_ctx *g, const gen_service_def *def)
{
    mdd_fb_ref params[GEN_MAX_PARAMS];
    uint32_t n = 0;
    params[n++] = gen_response_sid(g, (uint8_t)def->value[0]);
    if (def->echo_bytes)
        params[n++] = gen_matching_param(g, "Echo", 1, def->echo_bytes, 1);
    uint32_t data = def->response_data < GEN_MAX_PARAMS - 2 ? def->response_data : GEN_MAX_PARAMS - 2;
    n += gen_data_params(g, data, 1u + def->echo_bytes, params + n);
    mdd_fb_ref vec = mdd_fb_create_refs(g->b, params, n);
    mdd_fb_table_start(g->b);
    mdd_fb_add_ref(g->b, FID_RESPONSE_PARAMS, vec);
    mdd_fb_ref response = mdd_fb_table_end(g->b);
    return mdd_fb_create_refs(g->b, &response, 1);
}

static mdd_fb_ref gen_diag_comm(gen_ctx *g, const gen_service_def *def)
{
    mdd_fb_ref name = mdd_fb_create_cstring(g->b, def->name);
    mdd_fb_ref long_name = gen_long_name(g, def->name);
    mdd_fb_ref semantic = gen_literal(g, def->semantic);
    mdd_fb_ref sdgs = gen_sdgs(g, 1 + g->shape.detail);
    mdd_fb_ref funct_class = g->shared.funct_class[def->value[0] % 4];
    mdd_fb_table_start(g->b);
    mdd_fb_add_ref(g->b, FID_DIAG_COMM_SHORT_NAME, name);
    mdd_fb_add_ref(g->b, FID_DIAG_COMM_LONG_NAME, long_name);
    mdd_fb_add_ref(g->b, FID_DIAG_COMM_SEMANTIC, semantic);
    mdd_fb_add_ref(g->b, FID_DIAG_COMM_FUNCT_CLASS, funct_class);
    mdd_fb_add_ref(g->b, FID_DIAG_COMM_SDGS, sdgs);
    if (def->value[0] == 0x3e || def->value[0] == 0x10)
        mdd_fb_add_u8(g->b, FID_DIAG_COMM_IS_MANDATORY, 1);
    return mdd_fb_table_end(g->b);
}

static mdd_fb_ref gen_service(gen_ctx *g, const gen_service_def *def)
{
    mdd_fb_ref comm = gen_diag_comm(g, def);
    mdd_fb_ref request = gen_request(g, def);
    mdd_fb_ref pos = gen_pos_responses(g, def);
    mdd_fb_table_start(g->b);
    mdd_fb_add_ref(g->b, FID_DIAG_SERVICE_DIAG_COMM, comm);
    mdd_fb_add_ref(g->b, FID_DIAG_SERVICE_REQUEST, request);
    mdd_fb_add_ref(g->b, FID_DIAG_SERVICE_POS_RESPONSES, pos);
    mdd_fb_add_ref(g->b, FID_DIAG_SERVICE_NEG_RESPONSES, g->shared.neg_responses);
    mdd_fb_add_u8(g->b, FID_DIAG_SERVICE_ADDRESSING, MDD_ADDRESSING_PHYSICAL);
    mdd_fb_add_u8(g->b, FID_DIAG_SERVICE_TRANSMISSION_MODE, MDD_TRANSMISSION_MODE_SEND_AND_RECEIVE);
    return mdd_fb_table_end(g->b);
}

mdd_fb_ref gen_services(gen_ctx *g, const gen_service_list *l)
{
    mdd_fb_ref *refs = malloc((l->count ? l->count : 1) * sizeof *refs);
    if (!refs) {
        g->nomem = 1;
        return 0;
    }
    for (uint32_t i = 0; i < l->count; i++)
        refs[i] = gen_service(g, &l->items[i]);
    mdd_fb_ref vec = mdd_fb_create_refs(g->b, refs, l->count);
    free(refs);
    return vec;
}
