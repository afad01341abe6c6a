/* SPDX-License-Identifier: Apache-2.0 */
/* The downgrade history's parser (mdd_internal/db.h): no input may crash it or make it read
 * outside the input. Random bytes rarely carry a valid trailing SHA-512, so each input is
 * parsed twice: as it is, and with its checksum recomputed, which lets the fuzzer reach the
 * entries. A history the parser accepts holds its entries in strictly ascending order of their
 * names, each within the limits, and finds each one's revision as its floor. */
#include <mdd/db.h>
#include <mdd_internal/codec.h>
#include <mdd_internal/db.h>

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int compare(mdd_bytes a, mdd_bytes b)
{
    size_t n = a.len < b.len ? a.len : b.len;
    int c = n ? memcmp(a.ptr, b.ptr, n) : 0;
    return c ? c : (a.len > b.len) - (a.len < b.len);
}

static void check(const uint8_t *data, size_t size)
{
    mdd_db_history *h;
    if (mdd_db_history_parse("fuzz", data, size, &h, NULL) != MDD_OK)
        return;
    mdd_bytes previous = {0};
    for (size_t i = 0; i < mdd_db_history_count(h); i++) {
        mdd_bytes name, revision;
        if (!mdd_db_history_at(h, i, &name, &revision) || name.len == 0 ||
            name.len > MDD_DB_HISTORY_TEXT_MAX || revision.len == 0 ||
            revision.len > MDD_DB_HISTORY_TEXT_MAX || (i && compare(previous, name) >= 0))
            abort();
        mdd_bytes floor = mdd_db_history_floor(h, name);
        if (compare(floor, revision) != 0)
            abort();
        previous = name;
    }
    mdd_db_history_free(h);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check(data, size);
    if (size < MDD_SHA512_SIZE || size > (1u << 22))
        return 0;
    uint8_t *sealed = malloc(size);
    if (!sealed)
        return 0;
    memcpy(sealed, data, size);
    size_t body = size - MDD_SHA512_SIZE;
    if (mdd_sha512(sealed, body, sealed + body, NULL) == MDD_OK)
        check(sealed, size);
    free(sealed);
    return 0;
}
