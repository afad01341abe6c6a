/* SPDX-License-Identifier: Apache-2.0 */
/* Fuzzes chunk decoding. Input: a little-endian uint32 expected size, then an LZMA-alone
 * stream. The direct decoder and the streaming one (mdd_chunk_stream()) must agree: the same
 * status, and on success the same bytes, exactly the expected number of them, compared as
 * they stream. Two decodes per input, not one per decoding API: decoding in liblzma is most of
 * the time an input costs. The same bytes also go through a plain chunk with a
 * sha512_uncompressed signature taken from the input. */
#include <mdd/codec.h>
#include <mdd_internal/codec.h>

#include <stdlib.h>
#include <string.h>

/* Caps what one input can make the target allocate and decode. */
#define MAX_EXPECTED ((uint32_t)1 << 20)
#define FUZZ_LZMA_MEMLIMIT ((uint64_t)32 << 20)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint32_t read_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* A sink that counts what it receives and, when expect is not NULL, traps unless that is, in
 * order, exactly expect[0..len). */
typedef struct compare_sink {
    const uint8_t *expect;
    size_t len;
    size_t seen;
} compare_sink;

static mdd_status compare_write(void *ctx, const uint8_t *data, size_t len, mdd_error *err)
{
    (void)err;
    compare_sink *c = ctx;
    if (c->expect && (len > c->len - c->seen || memcmp(data, c->expect + c->seen, len) != 0))
        abort();
    c->seen += len;
    return MDD_OK;
}

static void fuzz_lzma(const uint8_t *stream, size_t len, uint32_t expected,
                      const mdd_codec_limits *limits)
{
    uint8_t *dst = malloc(expected ? expected : 1);
    if (!dst)
        return;
    mdd_error err;
    mdd_status direct = mdd_lzma_decode(stream, len, dst, expected, limits, &err);

    mdd_chunk chunk = {0};
    chunk.compression_algorithm = (mdd_bytes){(const uint8_t *)"lzma", 4};
    chunk.has_uncompressed_size = 1;
    chunk.uncompressed_size = expected;
    chunk.data = (mdd_bytes){stream, len};
    /* The streamed bytes are compared as they come with the direct decode's, when it
     * succeeded (a failed one leaves dst undefined): no digest of either is needed. */
    compare_sink cmp = {direct == MDD_OK ? dst : NULL, expected, 0};
    mdd_sink sink = {compare_write, &cmp};
    mdd_status streamed = mdd_chunk_stream(&chunk, &sink, limits, &err);
    if (direct != streamed || (streamed == MDD_OK && cmp.seen != expected))
        abort();
    free(dst);
}

static void fuzz_plain(const uint8_t *data, size_t size, const mdd_codec_limits *limits)
{
    size_t sig_len = size < MDD_SHA512_SIZE ? size : MDD_SHA512_SIZE;
    mdd_signature sig = {0};
    sig.algorithm = (mdd_bytes){(const uint8_t *)MDD_SIG_SHA512_UNCOMPRESSED,
                                sizeof MDD_SIG_SHA512_UNCOMPRESSED - 1};
    sig.signature = (mdd_bytes){data, sig_len};
    mdd_chunk chunk = {0};
    chunk.signatures = &sig;
    chunk.signature_count = 1;
    chunk.data = (mdd_bytes){data + sig_len, size - sig_len};
    mdd_chunk_report report;
    mdd_error err;
    mdd_status st = mdd_chunk_verify(&chunk, limits, &report, &err);
    if (st != MDD_OK && st != MDD_ERR_FORMAT && st != MDD_ERR_CHECKSUM)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mdd_codec_limits limits = mdd_codec_limits_default();
    limits.lzma_memlimit = FUZZ_LZMA_MEMLIMIT;
    fuzz_plain(data, size, &limits);
    if (size < 4)
        return 0;
    fuzz_lzma(data + 4, size - 4, read_le32(data) % (MAX_EXPECTED + 1), &limits);
    return 0;
}
