/* SPDX-License-Identifier: Apache-2.0 */
/* The UDS encoder against random JSON: the input picks an ECU of the real corpus or of a
 * generated database, a variant and a service (uds_fuzz_db.h), then a byte that chooses the
 * message (the request, or a positive or negative response), and the rest is the JSON of its
 * values. The encode fails only with a status the API names; the length it reports does not
 * depend on the room given; a message it writes decodes as that message of the service. */
#include "uds_fuzz_db.h"

#include <mdd/uds.h>

#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MESSAGE_MAX 4096

static void check(int ok)
{
    if (!ok)
        abort();
}

static int named_status(mdd_status st)
{
    return st == MDD_OK || st == MDD_ERR_NOT_FOUND || st == MDD_ERR_FORMAT ||
           st == MDD_ERR_UNSUPPORTED || st == MDD_ERR_LIMIT || st == MDD_ERR_ARG;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    uds_fuzz_open();
    return 0;
}

/* The message the byte chooses: the request for 0 to 127, else a response of the service. */
static mdd_uds_message pick_message(mdd_diag_service s, uint8_t byte)
{
    uint32_t pos = mdd_response_vec_count(mdd_diag_service_pos_responses(s));
    uint32_t neg = mdd_response_vec_count(mdd_diag_service_neg_responses(s));
    if (byte < 128 || pos + neg == 0)
        return (mdd_uds_message){MDD_UDS_REQUEST, 0};
    uint32_t i = byte % (pos + neg);
    return i < pos ? (mdd_uds_message){MDD_UDS_POSITIVE, i}
                   : (mdd_uds_message){MDD_UDS_NEGATIVE, i - pos};
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const mdd_db_ecu *ecu;
    const mdd_db_layer *layer;
    mdd_db_service service;
    if (!uds_fuzz_pick(&data, &size, &ecu, &layer, &service) || size < 1)
        return 0;
    mdd_uds_message message = pick_message(service.service, data[0]);
    const char *json = (const char *)data + 1;
    size_t json_len = size - 1;
    mdd_uds_options opts = mdd_uds_options_default();
    opts.max_values = 4096;
    const uint8_t *request = service.prefix.bytes;
    size_t request_len = service.prefix.len;

    static uint8_t out[MESSAGE_MAX];
    size_t needed = 0, short_needed = 0;
    mdd_error err;
    mdd_status st = mdd_uds_encode(layer, &service, &message, request, request_len, json,
                                   json_len, &opts, out, sizeof out, &needed, &err);
    check(named_status(st));
    if (st != MDD_OK)
        return 0;
    check(needed <= sizeof out);
    if (needed > 0) {
        uint8_t small[1];
        mdd_status short_st = mdd_uds_encode(layer, &service, &message, request, request_len,
                                             json, json_len, &opts, small, needed > 1 ? 1 : 0,
                                             &short_needed, &err);
        check(short_st == MDD_ERR_LIMIT && short_needed == needed);
    }
    mdd_uds_decoded decoded;
    st = mdd_uds_decode_message(layer, &service, &message, request, request_len, out, needed,
                                NULL, &opts, &decoded, &err);
    check(named_status(st));
    return 0;
}
