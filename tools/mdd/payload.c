/* SPDX-License-Identifier: Apache-2.0 */
#include "payload.h"

#include <mdd_internal/codec.h>

#include <stdio.h>
#include <stdlib.h>

const mdd_chunk *payload_find_description(const mdd_file *f)
{
    for (size_t i = 0; i < f->chunk_count; i++)
        if (f->chunks[i].type == MDD_CHUNK_DIAGNOSTIC_DESCRIPTION)
            return &f->chunks[i];
    return NULL;
}

mdd_status payload_load(const mdd_chunk *c, uint8_t **out, size_t *len,
                        uint8_t digest[MDD_SHA512_SIZE], mdd_error *err)
{
    uint64_t size;
    *out = NULL;
    mdd_status st = mdd_chunk_payload_size(c, NULL, &size, err);
    if (st)
        return st;
    *len = (size_t)size;
    *out = malloc(*len ? *len : 1);
    if (!*out) {
        snprintf(err->message, sizeof err->message, "no memory for %zu payload bytes", *len);
        return err->status = MDD_ERR_NOMEM;
    }
    uint8_t own[MDD_SHA512_SIZE];
    uint8_t *d = digest ? digest : own;
    mdd_chunk_report report = {0};
    st = mdd_chunk_decode(c, *out, *len, NULL, err);
    if (!st)
        st = mdd_sha512(*out, *len, d, err);
    if (!st)
        st = mdd_chunk_check_signatures(c, d, &report, err);
    return st;
}
