/* SPDX-License-Identifier: Apache-2.0 */
/* A generated payload packed as a converter packs it. */
#include "gen_impl.h"

#include <mdd/codec.h>
#include <mdd/container.h>
#include <mdd_internal/codec.h>

#include <stdio.h>
#include <string.h>

#define GEN_LZMA_PRESET 6

static mdd_bytes gen_view(const char *s)
{
    return (mdd_bytes){(const uint8_t *)s, strlen(s)};
}

mdd_status mdd_gen_pack(const mdd_gen_spec *spec, mdd_bytes payload, mdd_buffer *out,
                        mdd_error *err)
{
    uint8_t digest[MDD_SHA512_SIZE];
    mdd_status st = mdd_sha512(payload.ptr, payload.len, digest, err);
    mdd_buffer lzma = {0};
    if (st == MDD_OK)
        st = mdd_lzma_encode(payload.ptr, payload.len, GEN_LZMA_PRESET, &lzma, err);
    if (st != MDD_OK) {
        mdd_buffer_free(&lzma);
        return st;
    }
    char source[MDD_GEN_NAME_SIZE + 8];
    snprintf(source, sizeof source, "%s.pdx", spec->name);
    const mdd_kv meta[] = {
        {gen_view("converter"), gen_view("libmdd-gen " MDD_VERSION_STRING)},
        {gen_view("created"), gen_view(MDD_GEN_CREATED)},
        {gen_view("options"), gen_view("{}")},
        {gen_view("plugins"), gen_view("compression@0.1.0")},
        {gen_view("source"), gen_view(source)},
    };
    const mdd_signature sig = {.algorithm = gen_view(MDD_SIG_SHA512_UNCOMPRESSED),
                               .signature = {digest, sizeof digest}};
    const mdd_chunk chunk = {.type = MDD_CHUNK_DIAGNOSTIC_DESCRIPTION,
                             .name = gen_view(spec->name),
                             .signatures = &sig,
                             .signature_count = 1,
                             .compression_algorithm = gen_view("lzma"),
                             .has_uncompressed_size = 1,
                             .uncompressed_size = payload.len,
                             .data = {lzma.data, lzma.len}};
    const mdd_file file = {.version = gen_view("2025-05-21"),
                           .ecu_name = gen_view(spec->name),
                           .revision = gen_view("01.00.00"),
                           .metadata = {meta, sizeof meta / sizeof meta[0]},
                           .chunks = &chunk,
                           .chunk_count = 1};
    mdd_sink sink = mdd_buffer_sink(out);
    st = mdd_file_encode(&file, &sink, err);
    mdd_buffer_free(&lzma);
    return st;
}
