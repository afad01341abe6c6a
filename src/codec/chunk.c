/* SPDX-License-Identifier: Apache-2.0 */
/* A chunk's payload: which codec its fields call for, how big it is, and how it is decoded,
 * streamed and checked against its signatures. */
#include <mdd_internal/common.h>

#include <mdd/codec.h>
#include <mdd_internal/codec.h>
#include <mdd_internal/os.h>

#include <stdio.h>
#include <string.h>

/* Names from the file go into error messages: show at most this many of their bytes. */
#define NAME_SHOWN_MAX 32
/* Each shown byte takes at most 4 characters ("\xNN"), plus "..." and the NUL. */
#define NAME_TEXT_SIZE (NAME_SHOWN_MAX * 4 + 4)
/* Digests in messages are cut to a prefix: enough to tell them apart, short enough to read. */
#define DIGEST_SHOWN_BYTES 8

typedef enum chunk_codec { CODEC_PLAIN, CODEC_LZMA } chunk_codec;

typedef struct chunk_plan {
    chunk_codec codec;
    uint64_t size;
} chunk_plan;

/* Renders bytes from the file printable and bounded, whatever they hold. */
static void show_name(mdd_bytes name, char out[NAME_TEXT_SIZE])
{
    size_t shown = name.len < NAME_SHOWN_MAX ? name.len : NAME_SHOWN_MAX;
    size_t pos = 0;
    for (size_t i = 0; i < shown; i++) {
        uint8_t c = name.ptr[i];
        int printable = c >= 0x20 && c < 0x7f && c != '\'' && c != '\\';
        int n = printable ? snprintf(out + pos, NAME_TEXT_SIZE - pos, "%c", c)
                          : snprintf(out + pos, NAME_TEXT_SIZE - pos, "\\x%02x", c);
        pos += (size_t)n;
    }
    snprintf(out + pos, NAME_TEXT_SIZE - pos, "%s", shown < name.len ? "..." : "");
}

static mdd_status chunk_codec_of(const mdd_chunk *chunk, chunk_codec *codec, mdd_error *err)
{
    char text[NAME_TEXT_SIZE];
    if (chunk->encryption) {
        show_name(chunk->encryption->encryption_algorithm, text);
        return mdd_fail(err, MDD_ERR_UNSUPPORTED, "encrypted chunk (algorithm '%s')", text);
    }
    if (!chunk->compression_algorithm.ptr) {
        *codec = CODEC_PLAIN;
        return MDD_OK;
    }
    if (mdd_bytes_equal_str(chunk->compression_algorithm, "lzma")) {
        *codec = CODEC_LZMA;
        return MDD_OK;
    }
    show_name(chunk->compression_algorithm, text);
    return mdd_fail(err, MDD_ERR_UNSUPPORTED, "unknown compression algorithm '%s'", text);
}

static mdd_status plan_chunk(const mdd_chunk *chunk, const mdd_codec_limits *limits,
                             chunk_plan *plan, mdd_error *err)
{
    mdd_codec_limits lim = mdd_codec_limits_default();
    *plan = (chunk_plan){0}; /* defined on every path, which optimisers cannot always see */
    mdd_status st = options_read(&options_layout_codec, limits, &lim, err);
    if (st)
        return st;
    st = chunk_codec_of(chunk, &plan->codec, err);
    if (st)
        return st;
    if (plan->codec == CODEC_LZMA && !chunk->has_uncompressed_size)
        return mdd_fail(err, MDD_ERR_FORMAT, "compressed chunk has no uncompressed_size");
    plan->size = plan->codec == CODEC_PLAIN ? chunk->data.len : chunk->uncompressed_size;
    if (plan->size > lim.max_uncompressed_size)
        return mdd_fail(err, MDD_ERR_LIMIT, "chunk payload of %llu bytes exceeds the limit of %llu",
                        (unsigned long long)plan->size,
                        (unsigned long long)lim.max_uncompressed_size);
    return MDD_OK;
}

mdd_status mdd_chunk_payload_size(const mdd_chunk *chunk, const mdd_codec_limits *limits,
                                  uint64_t *size, mdd_error *err)
{
    chunk_plan plan;
    mdd_status st = plan_chunk(chunk, limits, &plan, err);
    if (st == MDD_OK)
        *size = plan.size;
    return st;
}

mdd_status mdd_chunk_decode(const mdd_chunk *chunk, uint8_t *dst, size_t dst_len,
                            const mdd_codec_limits *limits, mdd_error *err)
{
    chunk_plan plan;
    mdd_status st = plan_chunk(chunk, limits, &plan, err);
    if (st)
        return st;
    if (plan.size != dst_len)
        return mdd_fail(err, MDD_ERR_ARG, "destination holds %zu bytes, the payload is %llu",
                        dst_len, (unsigned long long)plan.size);
    if (plan.codec == CODEC_LZMA)
        return mdd_lzma_decode(chunk->data.ptr, chunk->data.len, dst, dst_len, limits, err);
    if (dst_len > 0)
        memcpy(dst, chunk->data.ptr, dst_len);
    return MDD_OK;
}

/* Plain data written window by window, each dropped once written when it is mapped. */
static mdd_status write_plain(mdd_bytes data, int mapped, mdd_sink *out, mdd_error *err)
{
    if (!mapped)
        return mdd_sink_write(out, data.ptr, data.len, err);
    for (size_t done = 0; done < data.len;) {
        size_t n = data.len - done < MDD_MAPPED_WINDOW ? data.len - done : MDD_MAPPED_WINDOW;
        mdd_status st = mdd_sink_write(out, data.ptr + done, n, err);
        mdd_release_file_pages(data.ptr + done, n);
        if (st)
            return st;
        done += n;
    }
    return MDD_OK;
}

static mdd_status stream_planned(const mdd_chunk *chunk, const chunk_plan *plan, int mapped,
                                 mdd_sink *out, const mdd_codec_limits *limits, mdd_error *err)
{
    if (plan->codec == CODEC_PLAIN)
        return write_plain(chunk->data, mapped, out, err);
    if (mapped)
        return mdd_lzma_decode_mapped_to_sink(chunk->data.ptr, chunk->data.len, plan->size,
                                              out, limits, err);
    return mdd_lzma_decode_to_sink(chunk->data.ptr, chunk->data.len, plan->size, out, limits,
                                   err);
}

static mdd_status stream_chunk(const mdd_chunk *chunk, int mapped, mdd_sink *out,
                               const mdd_codec_limits *limits, mdd_error *err)
{
    chunk_plan plan;
    mdd_status st = plan_chunk(chunk, limits, &plan, err);
    return st ? st : stream_planned(chunk, &plan, mapped, out, limits, err);
}

mdd_status mdd_chunk_stream(const mdd_chunk *chunk, mdd_sink *out,
                            const mdd_codec_limits *limits, mdd_error *err)
{
    return stream_chunk(chunk, 0, out, limits, err);
}

mdd_status mdd_chunk_stream_mapped(const mdd_chunk *chunk, mdd_sink *out,
                                   const mdd_codec_limits *limits, mdd_error *err)
{
    return stream_chunk(chunk, 1, out, limits, err);
}

static mdd_status digest_chunk(const mdd_chunk *chunk, const mdd_codec_limits *limits,
                               mdd_chunk_report *report, mdd_error *err)
{
    chunk_plan plan;
    mdd_status st = plan_chunk(chunk, limits, &plan, err);
    if (st)
        return st;
    report->payload_size = plan.size;
    mdd_sha512_ctx h;
    st = mdd_sha512_init(&h, err);
    if (st)
        return st;
    mdd_sink sink = mdd_sha512_sink(&h);
    st = stream_planned(chunk, &plan, 0, &sink, limits, err);
    if (st) {
        mdd_sha512_free(&h);
        return st;
    }
    return mdd_sha512_final(&h, report->payload_sha512, err);
}

static mdd_status check_signature(const mdd_signature *sig, size_t index,
                                  const uint8_t digest[MDD_SHA512_SIZE], mdd_error *err)
{
    if (sig->signature.len != MDD_SHA512_SIZE)
        return mdd_fail(err, MDD_ERR_FORMAT,
                        "signatures[%zu]: " MDD_SIG_SHA512_UNCOMPRESSED
                        " signature is %zu bytes, expected %d",
                        index, sig->signature.len, MDD_SHA512_SIZE);
    if (memcmp(sig->signature.ptr, digest, MDD_SHA512_SIZE) == 0)
        return MDD_OK;
    char expected[2 * DIGEST_SHOWN_BYTES + 1], got[2 * DIGEST_SHOWN_BYTES + 1];
    mdd_hex(sig->signature.ptr, DIGEST_SHOWN_BYTES, expected);
    mdd_hex(digest, DIGEST_SHOWN_BYTES, got);
    return mdd_fail(err, MDD_ERR_CHECKSUM,
                    "signatures[%zu]: SHA-512 mismatch: expected %s..., got %s...", index,
                    expected, got);
}

mdd_status mdd_chunk_check_signatures(const mdd_chunk *chunk,
                                      const uint8_t digest[MDD_SHA512_SIZE],
                                      mdd_chunk_report *report, mdd_error *err)
{
    for (size_t i = 0; i < chunk->signature_count; i++) {
        const mdd_signature *sig = &chunk->signatures[i];
        if (!mdd_bytes_equal_str(sig->algorithm, MDD_SIG_SHA512_UNCOMPRESSED)) {
            report->signatures_skipped++;
            continue;
        }
        mdd_status st = check_signature(sig, i, digest, err);
        if (st)
            return st;
        report->signatures_checked++;
    }
    return MDD_OK;
}

mdd_status mdd_chunk_verify(const mdd_chunk *chunk, const mdd_codec_limits *limits,
                            mdd_chunk_report *report, mdd_error *err)
{
    memset(report, 0, sizeof *report);
    mdd_status st = digest_chunk(chunk, limits, report, err);
    return st ? st : mdd_chunk_check_signatures(chunk, report->payload_sha512, report, err);
}
