/* SPDX-License-Identifier: Apache-2.0 */
/* The UDS services of each generated layer. The base variant has every SID family of a real
 * ECU; its size comes from the shape: routines and data identifiers fill it up to
 * shape.services. */
#include "gen_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void gen_service_list_free(gen_service_list *l)
{
    free(l->items);
    memset(l, 0, sizeof *l);
}

/* Appends a service whose prefix is the SID and up to two more coded params. */
static int add(gen_service_list *l, const char *name, const char *semantic, uint8_t sid,
               uint32_t v1, uint8_t bits1, uint32_t v2, uint8_t bits2, uint8_t request_data,
               uint16_t response_data)
{
    if (l->count == l->cap) {
        uint32_t cap = l->cap ? 2 * l->cap : 64;
        gen_service_def *items = realloc(l->items, cap * sizeof *items);
        if (!items)
            return -1;
        l->items = items;
        l->cap = cap;
    }
    gen_service_def *d = &l->items[l->count++];
    memset(d, 0, sizeof *d);
    snprintf(d->name, sizeof d->name, "%s", name);
    d->semantic = semantic;
    d->value[0] = sid;
    d->bits[0] = 8;
    d->value[1] = v1;
    d->bits[1] = bits1;
    d->value[2] = v2;
    d->bits[2] = bits2;
    d->prefix_params = (uint8_t)(1 + (bits1 != 0) + (bits2 != 0));
    d->echo_bytes = (uint8_t)((bits1 + bits2) / 8 > 3 ? 3 : (bits1 + bits2) / 8);
    d->request_data = request_data;
    d->response_data = response_data;
    return 0;
}

/* A service with a one-byte subfunction. */
static int add_sub(gen_service_list *l, const char *name, const char *semantic, uint8_t sid,
                   uint32_t sub, uint8_t request_data, uint16_t response_data)
{
    return add(l, name, semantic, sid, sub, 8, 0, 0, request_data, response_data);
}

/* A read (22) or write (2E) of a data identifier, named after the DID and some words. */
static int add_did(gen_ctx *g, gen_service_list *l, uint8_t sid, uint32_t did)
{
    char name[80];
    snprintf(name, sizeof name, "DID_%04X_%s_%s_%s", did, gen_word(&g->rng),
             gen_word(&g->rng), sid == 0x22 ? "Read" : "Write");
    uint16_t data = (uint16_t)(g->shape.detail + gen_below(&g->rng, 3));
    return sid == 0x22 ? add(l, name, "DATA-READ", sid, did, 16, 0, 0, 0, data)
                       : add(l, name, "DATA-WRITE", sid, did, 16, 0, 0, (uint8_t)(data % 4 + 1), 0);
}

/* Start, stop and results of routine id. */
static int add_routine(gen_ctx *g, gen_service_list *l, uint32_t id)
{
    static const char *const ops[3] = {"Start", "Stop", "RequestResults"};
    const char *what = gen_word(&g->rng);
    for (uint8_t op = 0; op < 3; op++) {
        char name[80];
        snprintf(name, sizeof name, "RC_%04X_%s_%s", id, what, ops[op]);
        if (add(l, name, "ROUTINE", 0x31, op + 1u, 8, id, 16, (uint8_t)(op == 0 ? 2 : 0),
                (uint16_t)(op == 2 ? g->shape.detail : 1)) != 0)
            return -1;
    }
    return 0;
}

/* Sessions, reset, tester present, communication control and DTC setting: what the protocol
 * layer defines and the base variant redefines. */
static int add_protocol_services(gen_service_list *l)
{
    return add_sub(l, "DiagnosticSessionControl_Default", "SESSION", 0x10, 1, 0, 4) ||
           add_sub(l, "DiagnosticSessionControl_Extended", "SESSION", 0x10, 3, 0, 4) ||
           add_sub(l, "ECUReset_HardReset", "ECU-RESET", 0x11, 1, 0, 0) ||
           add_sub(l, "TesterPresent", "TESTING", 0x3e, 0, 0, 0) ||
           add_sub(l, "CommunicationControl_EnableRxAndTx", "COMMUNICATION", 0x28, 0, 1, 0) ||
           add_sub(l, "CommunicationControl_DisableRxAndTx", "COMMUNICATION", 0x28, 3, 1, 0) ||
           add_sub(l, "ControlDTCSetting_On", "DTC-SETTING", 0x85, 1, 0, 0) ||
           add_sub(l, "ControlDTCSetting_Off", "DTC-SETTING", 0x85, 2, 0, 0)
               ? -1
               : 0;
}

int gen_catalog_protocol(gen_ctx *g, gen_service_list *out)
{
    (void)g;
    return add_protocol_services(out) ||
                   add_sub(out, "TesterPresent_SuppressResponse", "TESTING", 0x3e, 0x80, 0, 0)
               ? -1
               : 0;
}

/* Everything but data identifiers and routines: GEN_FIXED_SERVICES services. */
static int add_fixed_services(gen_service_list *l)
{
    return add_protocol_services(l) ||
                   add_sub(l, "DiagnosticSessionControl_Programming", "SESSION", 0x10, 2, 0, 4) ||
                   add_sub(l, "ECUReset_KeyOffOnReset", "ECU-RESET", 0x11, 2, 0, 0) ||
                   add_sub(l, "ECUReset_SoftReset", "ECU-RESET", 0x11, 3, 0, 0) ||
                   add(l, "ClearDiagnosticInformation_All", "CLEAR-DTC", 0x14, 0xffffff, 24, 0,
                       0, 0, 0) ||
                   add_sub(l, "ReadDTCInformation_NumberByStatusMask", "FAULTREAD", 0x19, 1, 1, 3) ||
                   add_sub(l, "ReadDTCInformation_ByStatusMask", "FAULTREAD", 0x19, 2, 1, 4) ||
                   add_sub(l, "ReadDTCInformation_SnapshotRecord", "FAULTREAD", 0x19, 4, 4, 6) ||
                   add_sub(l, "ReadDTCInformation_ExtendedData", "FAULTREAD", 0x19, 6, 4, 6) ||
                   add_sub(l, "ReadDTCInformation_SupportedDTC", "FAULTREAD", 0x19, 0x0a, 0, 4) ||
                   add_sub(l, "SecurityAccess_RequestSeed_Level1", "SECURITY", 0x27, 1, 0, 1) ||
                   add_sub(l, "SecurityAccess_SendKey_Level1", "SECURITY", 0x27, 2, 1, 0) ||
                   add_sub(l, "SecurityAccess_RequestSeed_Level3", "SECURITY", 0x27, 3, 0, 1) ||
                   add_sub(l, "SecurityAccess_SendKey_Level3", "SECURITY", 0x27, 4, 1, 0) ||
                   add_sub(l, "SecurityAccess_RequestSeed_Programming", "SECURITY", 0x27, 0x11, 0, 1) ||
                   add_sub(l, "SecurityAccess_SendKey_Programming", "SECURITY", 0x27, 0x12, 1, 0) ||
                   add_sub(l, "CommunicationControl_EnableRxDisableTx", "COMMUNICATION", 0x28, 1, 1, 0) ||
                   add(l, "RequestDownload", "DOWNLOAD", 0x34, 0, 0, 0, 0, 4, 2) ||
                   add(l, "TransferData", "DOWNLOAD", 0x36, 0, 0, 0, 0, 2, 1) ||
                   add(l, "RequestTransferExit", "DOWNLOAD", 0x37, 0, 0, 0, 0, 0, 0)
               ? -1
               : 0;
}

/* The standard identification DIDs every ECU reads. */
static const uint32_t standard_dids[] = {0xf186, 0xf187, 0xf188, 0xf18a, 0xf18c,
                                         0xf190, 0xf191, 0xf197, 0xf19e};
#define STANDARD_DIDS ((uint32_t)(sizeof standard_dids / sizeof standard_dids[0]))

int gen_catalog_base(gen_ctx *g, gen_service_list *out)
{
    if (add_fixed_services(out) != 0)
        return -1;
    uint32_t rest = g->shape.services > out->count + 40 ? g->shape.services - out->count : 40;
    uint32_t routines = rest / 25 < 3 ? 3 : rest / 25;
    uint32_t dids = (rest - 3 * routines) * 3 / 4;
    uint32_t writes = rest - 3 * routines - dids;
    for (uint32_t i = 0; i < routines; i++)
        if (add_routine(g, out, 0x0200 + 0x10 * i + gen_below(&g->rng, 0x10)) != 0)
            return -1;
    /* Manufacturer DIDs spread over 0x0100..0xEFFF, one per stride, so they stay distinct. */
    uint32_t custom = dids > STANDARD_DIDS ? dids - STANDARD_DIDS : 0;
    uint32_t stride = custom ? 0xee00 / custom : 1;
    for (uint32_t i = 0; i < dids; i++) {
        uint32_t did = i < STANDARD_DIDS ? standard_dids[i]
                                         : 0x0100 + stride * (i - STANDARD_DIDS) +
                                               gen_below(&g->rng, stride);
        if (add_did(g, out, 0x22, did) != 0 ||
            (i >= STANDARD_DIDS && i - STANDARD_DIDS < writes && add_did(g, out, 0x2e, did) != 0))
            return -1;
    }
    return 0;
}

int gen_catalog_variant(gen_ctx *g, uint32_t index, gen_service_list *out)
{
    /* Each variant has its own range of identifiers near the top of the manufacturer range. */
    uint32_t own = gen_range(&g->rng, 6, 20);
    for (uint32_t i = 0; i < own; i++)
        if (add_did(g, out, 0x22, 0xfd00 + 0x20 * index + i) != 0)
            return -1;
    return add_sub(out, "ECUReset_SoftReset", "ECU-RESET", 0x11, 3, 0, 1);
}

int gen_catalog_group(gen_ctx *g, uint32_t index, gen_service_list *out)
{
    if (add_protocol_services(out) != 0 ||
        add(out, "ClearDiagnosticInformation_All", "CLEAR-DTC", 0x14, 0xffffff, 24, 0, 0, 0, 0) ||
        add_sub(out, "ReadDTCInformation_ByStatusMask", "FAULTREAD", 0x19, 2, 1, 4))
        return -1;
    for (uint32_t i = 0; i < 6; i++)
        if (add_did(g, out, 0x22, i < 2 ? standard_dids[5 + i] : 0xf1a0 + 8 * index + i) != 0)
            return -1;
    return 0;
}
