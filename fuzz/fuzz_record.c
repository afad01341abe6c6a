/* SPDX-License-Identifier: Apache-2.0 */
/* Verification record parser (mdd_internal/store.h): no input may crash it or make it read
 * outside the input. Random bytes rarely carry a valid trailing SHA-512, so each input is
 * parsed twice: as it is, and with its trailer recomputed, which lets the fuzzer reach every
 * check behind the checksum. A record the parser accepts must encode back to the same bytes. */
#include <mdd/codec.h>
#include <mdd_internal/store.h>
#include <mdd_internal/codec.h>

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_round_trip(const uint8_t *data, size_t size)
{
    mdd_record r;
    if (mdd_record_parse(data, size, &r, NULL) != MDD_OK)
        return;
    if (mdd_record_size(r.chunk_count) != size)
        abort();
    uint8_t *again = malloc(size);
    if (!again || mdd_record_encode(&r, again, NULL) != MDD_OK || memcmp(again, data, size) != 0)
        abort();
    free(again);
    mdd_record_free(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check_round_trip(data, size);
    if (size < MDD_RECORD_HEADER_SIZE + MDD_RECORD_TRAILER_SIZE || size > MDD_RECORD_MAX_SIZE)
        return 0;
    uint8_t *sealed = malloc(size);
    if (!sealed)
        return 0;
    memcpy(sealed, data, size);
    size_t body = size - MDD_RECORD_TRAILER_SIZE;
    if (mdd_sha512(sealed, body, sealed + body, NULL) == MDD_OK)
        check_round_trip(sealed, size);
    free(sealed);
    return 0;
}
