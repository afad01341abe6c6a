/* SPDX-License-Identifier: Apache-2.0 */
/* The parser of an update's plans and journal (mdd_internal/db.h): no input may crash it or
 * make it read outside the input. Random bytes rarely end in a valid seal, so each input is
 * parsed twice: as it is, and sealed with the SHA-512 line of its bytes, which lets the fuzzer
 * reach the ops. A plan the parser accepts holds valid names, once each, and encodes back to
 * exactly the bytes it was read from: the format has one text per plan. */
#include <mdd_internal/codec.h>
#include <mdd_internal/common.h>
#include <mdd_internal/db.h>

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const uint8_t *data, size_t size)
{
    db_switch_plan plan;
    if (db_switch_plan_parse("fuzz", data, size, &plan, NULL) != MDD_OK)
        return;
    for (size_t i = 0; i < plan.count; i++)
        if (!db_switch_name_ok(plan.ops[i].name) ||
            db_switch_plan_find(&plan, plan.ops[i].name) != &plan.ops[i])
            abort();
    mdd_buffer again = {0};
    if (db_switch_plan_encode(&plan, &again, NULL) != MDD_OK || again.len != size ||
        memcmp(again.data, data, size) != 0)
        abort();
    mdd_buffer_free(&again);
    db_switch_plan_free(&plan);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check(data, size);
    if (size > (1u << 20))
        return 0;
    uint8_t digest[MDD_SHA512_SIZE];
    size_t sealed_size = size + 7 + 2 * MDD_SHA512_SIZE + 1;
    uint8_t *sealed = malloc(sealed_size + 1);
    if (!sealed || mdd_sha512(data, size, digest, NULL) != MDD_OK) {
        free(sealed);
        return 0;
    }
    memcpy(sealed, data, size);
    memcpy(sealed + size, "sha512 ", 7);
    mdd_hex(digest, sizeof digest, (char *)sealed + size + 7);
    sealed[sealed_size - 1] = '\n';
    check(sealed, sealed_size);
    free(sealed);
    return 0;
}
