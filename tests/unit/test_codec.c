/* SPDX-License-Identifier: Apache-2.0 */
/* The codec layer: LZMA-alone decode/encode, SHA-512, and chunk payloads. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "testutil.h"

#include <mdd_internal/codec.h>

#include <stdlib.h>
#include <string.h>

/* "hello, mdd\n" as written by `xz --format=lzma` (unknown size, end marker). */
static const uint8_t HELLO_LZMA[] = {
    0x5d, 0x00, 0x00, 0x80, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0x00, 0x34, 0x19, 0x49, 0xee, 0x8d, 0xef, 0x8c, 0x6a, 0x77, 0x9f,
    0xd9, 0x7d, 0x52, 0x0f, 0xff, 0xff, 0xd2, 0xbf, 0x00, 0x00};
static const char HELLO[] = "hello, mdd\n";
#define HELLO_LEN (sizeof HELLO - 1)
/* Byte 5..12 of an LZMA-alone header: the uncompressed size, little-endian. */
#define LZMA_HEADER_SIZE_OFFSET 5

static const char SHA512_HELLO[] =
    "5c3ba33280de5003618c9d49973d265183f11c84b1867f11dbc79ed305c31911"
    "d5d8a436747a068a3b16d7041f3b9a092c901a2c2948133efae0ebe2cb5f8b0a";
static const char SHA512_ABC[] =
    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
    "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f";
static const char SHA512_EMPTY[] =
    "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
    "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e";
static const char SHA512_MILLION_A[] =
    "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
    "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b";

#define MIB ((size_t)1 << 20)

/* ---- helpers ---- */

static void assert_digest_hex(const uint8_t digest[MDD_SHA512_SIZE], const char *hex)
{
    char got[2 * MDD_SHA512_SIZE + 1];
    tu_hex(digest, MDD_SHA512_SIZE, got);
    assert_string_equal(got, hex);
}

static void assert_failure(mdd_status st, const mdd_error *err, mdd_status want,
                           const char *substring)
{
    assert_int_equal(st, want);
    assert_int_equal(err->status, want);
    assert_true(err->message[0] != '\0');
    if (substring && !strstr(err->message, substring))
        fail_msg("message \"%s\" lacks \"%s\"", err->message, substring);
}

/* Deterministic bytes that do not compress. */
static uint8_t *random_bytes(size_t n, uint64_t seed)
{
    uint8_t *p = malloc(n ? n : 1);
    assert_non_null(p);
    for (size_t i = 0; i < n; i++) {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        p[i] = (uint8_t)(seed >> 32);
    }
    return p;
}

/* Deterministic text that compresses well but not trivially. */
static uint8_t *text_bytes(size_t n)
{
    static const char *const words[] = {"Read", "DataIdentifier", "Session", "Default",
                                        "Extended", "ECU", "Reset", "Security", "Access"};
    uint8_t *p = malloc(n ? n : 1);
    assert_non_null(p);
    size_t pos = 0;
    for (unsigned i = 0; pos < n; i++) {
        const char *w = words[(i * 7u + i / 5u) % (sizeof words / sizeof words[0])];
        for (size_t k = 0; w[k] && pos < n; k++)
            p[pos++] = (uint8_t)w[k];
        if (pos < n)
            p[pos++] = (uint8_t)(i % 13u == 0 ? '\n' : ' ');
    }
    return p;
}

static mdd_buffer encode_ok(const uint8_t *src, size_t len, uint32_t preset)
{
    mdd_buffer out = {0};
    mdd_error err;
    assert_int_equal(mdd_lzma_encode(src, len, preset, &out, &err), MDD_OK);
    return out;
}

static mdd_status decode_to_buffer(const uint8_t *src, size_t src_len, uint64_t expected,
                                   const mdd_codec_limits *limits, mdd_buffer *out,
                                   mdd_error *err)
{
    mdd_sink sink = mdd_buffer_sink(out);
    return mdd_lzma_decode_to_sink(src, src_len, expected, &sink, limits, err);
}

/* Decodes both ways and checks each gives exactly the original bytes. */
static void assert_round_trip(const uint8_t *data, size_t len, uint32_t preset)
{
    mdd_buffer stream = encode_ok(data, len, preset);
    mdd_error err;
    uint8_t *direct = malloc(len ? len : 1);
    assert_non_null(direct);
    assert_int_equal(mdd_lzma_decode(stream.data, stream.len, direct, len, NULL, &err), MDD_OK);
    assert_memory_equal(direct, data, len);

    mdd_buffer streamed = {0};
    assert_int_equal(decode_to_buffer(stream.data, stream.len, len, NULL, &streamed, &err),
                     MDD_OK);
    assert_int_equal(streamed.len, len);
    if (len)
        assert_memory_equal(streamed.data, data, len);
    mdd_buffer_free(&streamed);
    free(direct);
    mdd_buffer_free(&stream);
}

/* A sink that must never be written to. */
static mdd_status forbidden_write(void *ctx, const uint8_t *data, size_t len, mdd_error *err)
{
    (void)ctx;
    (void)data;
    (void)len;
    (void)err;
    fail_msg("the sink was written to");
    return MDD_ERR_ARG;
}

/* ---- SHA-512 ---- */

static void test_sha512_known_digests(void **state)
{
    (void)state;
    uint8_t d[MDD_SHA512_SIZE];
    mdd_error err;
    assert_int_equal(mdd_sha512("abc", 3, d, &err), MDD_OK);
    assert_digest_hex(d, SHA512_ABC);
    assert_int_equal(mdd_sha512(NULL, 0, d, &err), MDD_OK);
    assert_digest_hex(d, SHA512_EMPTY);
    assert_int_equal(mdd_sha512(HELLO, HELLO_LEN, d, &err), MDD_OK);
    assert_digest_hex(d, SHA512_HELLO);
}

static void test_sha512_incremental_and_sink(void **state)
{
    (void)state;
    uint8_t chunk[1000];
    memset(chunk, 'a', sizeof chunk);
    mdd_sha512_ctx h;
    mdd_error err;
    assert_int_equal(mdd_sha512_init(&h, &err), MDD_OK);
    mdd_sink sink = mdd_sha512_sink(&h);
    for (int i = 0; i < 500; i++)
        assert_int_equal(mdd_sha512_update(&h, chunk, sizeof chunk, &err), MDD_OK);
    for (int i = 0; i < 500; i++)
        assert_int_equal(mdd_sink_write(&sink, chunk, sizeof chunk, &err), MDD_OK);
    uint8_t d[MDD_SHA512_SIZE];
    assert_int_equal(mdd_sha512_final(&h, d, &err), MDD_OK);
    assert_digest_hex(d, SHA512_MILLION_A);
    assert_null(h.ctx);
    mdd_sha512_free(&h); /* safe after final */
    assert_failure(mdd_sha512_update(&h, "x", 1, &err), &err, MDD_ERR_ARG, "context");
    assert_failure(mdd_sha512_final(&h, d, &err), &err, MDD_ERR_ARG, "context");
}

static void test_sha512_free_unfinished(void **state)
{
    (void)state;
    mdd_sha512_ctx h;
    mdd_error err;
    assert_int_equal(mdd_sha512_init(&h, &err), MDD_OK);
    assert_int_equal(mdd_sha512_update(&h, "abc", 3, &err), MDD_OK);
    mdd_sha512_free(&h);
    assert_null(h.ctx);
}

/* ---- LZMA: decoding a fixture ---- */

static void test_lzma_decode_xz_fixture(void **state)
{
    (void)state;
    uint8_t out[HELLO_LEN];
    mdd_error err;
    assert_int_equal(mdd_lzma_decode(HELLO_LZMA, sizeof HELLO_LZMA, out, sizeof out, NULL, &err),
                     MDD_OK);
    assert_memory_equal(out, HELLO, HELLO_LEN);
}

/* The header may carry the real size instead of all-ones; liblzma then checks it. */
static void test_lzma_decode_known_size_header(void **state)
{
    (void)state;
    uint8_t stream[sizeof HELLO_LZMA];
    memcpy(stream, HELLO_LZMA, sizeof stream);
    memset(stream + LZMA_HEADER_SIZE_OFFSET, 0, 8);
    stream[LZMA_HEADER_SIZE_OFFSET] = (uint8_t)HELLO_LEN;
    uint8_t out[HELLO_LEN];
    mdd_error err;
    assert_int_equal(mdd_lzma_decode(stream, sizeof stream, out, sizeof out, NULL, &err), MDD_OK);
    assert_memory_equal(out, HELLO, HELLO_LEN);

    /* A header that disagrees with the data it precedes makes liblzma reject the data: it
     * expects an end marker where a literal follows, or meets one too early. */
    stream[LZMA_HEADER_SIZE_OFFSET] = (uint8_t)(HELLO_LEN - 1);
    assert_failure(mdd_lzma_decode(stream, sizeof stream, out, sizeof out, NULL, &err), &err,
                   MDD_ERR_CORRUPT, "corrupt");
    stream[LZMA_HEADER_SIZE_OFFSET] = (uint8_t)(HELLO_LEN + 1);
    assert_failure(mdd_lzma_decode(stream, sizeof stream, out, sizeof out, NULL, &err), &err,
                   MDD_ERR_CORRUPT, "corrupt");
}

/* ---- LZMA: round trips ---- */

static void test_lzma_round_trip_empty(void **state)
{
    (void)state;
    assert_round_trip(NULL, 0, 6);
}

static void test_lzma_round_trip_one_byte(void **state)
{
    (void)state;
    const uint8_t one = 0x5a;
    assert_round_trip(&one, 1, 6);
}

static void test_lzma_round_trip_random_mib(void **state)
{
    (void)state;
    uint8_t *data = random_bytes(MIB, 0x9e3779b97f4a7c15u);
    assert_round_trip(data, MIB, 1);
    free(data);
}

static void test_lzma_round_trip_compressible(void **state)
{
    (void)state;
    size_t len = 4 * MIB + 17;
    uint8_t *data = text_bytes(len);
    mdd_buffer stream = encode_ok(data, len, 6);
    /* Repetitive text must shrink a lot: this catches an encoder that stores. */
    assert_true(stream.len < len / 50);
    mdd_buffer_free(&stream);
    assert_round_trip(data, len, 6);
    free(data);
}

/* A payload larger than the decoder's scratch window reaches the sink in several writes
 * that together equal the direct decode. */
typedef struct recording_sink {
    mdd_buffer buf;
    size_t writes;
} recording_sink;

static mdd_status record_write(void *ctx, const uint8_t *data, size_t len, mdd_error *err)
{
    recording_sink *rec = ctx;
    rec->writes++;
    mdd_sink inner = mdd_buffer_sink(&rec->buf);
    return mdd_sink_write(&inner, data, len, err);
}

static void test_lzma_sink_matches_direct(void **state)
{
    (void)state;
    size_t len = 3 * MIB + 123;
    uint8_t *data = text_bytes(len);
    mdd_buffer stream = encode_ok(data, len, 1);
    mdd_error err;
    uint8_t *direct = malloc(len);
    assert_non_null(direct);
    assert_int_equal(mdd_lzma_decode(stream.data, stream.len, direct, len, NULL, &err), MDD_OK);

    recording_sink rec = {{0}, 0};
    mdd_sink sink = {record_write, &rec};
    assert_int_equal(
        mdd_lzma_decode_to_sink(stream.data, stream.len, len, &sink, NULL, &err), MDD_OK);
    assert_true(rec.writes > 1);
    assert_int_equal(rec.buf.len, len);
    assert_memory_equal(rec.buf.data, direct, len);
    assert_memory_equal(direct, data, len);
    mdd_buffer_free(&rec.buf);
    mdd_buffer_free(&stream);
    free(direct);
    free(data);
}

/* ---- LZMA: failures ---- */

static void test_lzma_dst_too_short(void **state)
{
    (void)state;
    uint8_t out[HELLO_LEN - 1];
    mdd_error err;
    assert_failure(mdd_lzma_decode(HELLO_LZMA, sizeof HELLO_LZMA, out, sizeof out, NULL, &err),
                   &err, MDD_ERR_SIZE, "more than the expected 10 bytes");
    mdd_buffer buf = {0};
    assert_failure(
        decode_to_buffer(HELLO_LZMA, sizeof HELLO_LZMA, HELLO_LEN - 1, NULL, &buf, &err), &err,
        MDD_ERR_SIZE, "more than the expected 10 bytes");
    mdd_buffer_free(&buf);
}

static void test_lzma_dst_too_long(void **state)
{
    (void)state;
    uint8_t out[HELLO_LEN + 1];
    mdd_error err;
    assert_failure(mdd_lzma_decode(HELLO_LZMA, sizeof HELLO_LZMA, out, sizeof out, NULL, &err),
                   &err, MDD_ERR_SIZE, "stream ended after 11 of 12 bytes");
    mdd_buffer buf = {0};
    assert_failure(
        decode_to_buffer(HELLO_LZMA, sizeof HELLO_LZMA, HELLO_LEN + 1, NULL, &buf, &err), &err,
        MDD_ERR_SIZE, "stream ended after 11 of 12 bytes");
    mdd_buffer_free(&buf);
}

/* A stream far larger than declared stops at the first surplus byte: the sink never sees
 * a single byte because the window (the declared size) never gets flushed. */
static void test_lzma_bomb_stops_early(void **state)
{
    (void)state;
    size_t len = 16 * MIB;
    uint8_t *zeros = calloc(len, 1);
    assert_non_null(zeros);
    mdd_buffer stream = encode_ok(zeros, len, 0);
    free(zeros);
    mdd_sink sink = {forbidden_write, NULL};
    mdd_error err;
    assert_failure(mdd_lzma_decode_to_sink(stream.data, stream.len, 4096, &sink, NULL, &err),
                   &err, MDD_ERR_SIZE, "more than the expected 4096 bytes");
    mdd_buffer_free(&stream);
}

static void test_lzma_corrupt_byte(void **state)
{
    (void)state;
    size_t len = 64 * 1024;
    uint8_t *data = text_bytes(len);
    mdd_buffer stream = encode_ok(data, len, 6);
    stream.data[stream.len / 2] ^= 0x55;
    mdd_error err;
    assert_failure(mdd_lzma_decode(stream.data, stream.len, data, len, NULL, &err), &err,
                   MDD_ERR_CORRUPT, "corrupt");
    mdd_buffer_free(&stream);
    free(data);
}

static void test_lzma_truncated(void **state)
{
    (void)state;
    uint8_t out[HELLO_LEN];
    mdd_error err;
    assert_failure(mdd_lzma_decode(HELLO_LZMA, sizeof HELLO_LZMA - 3, out, sizeof out, NULL,
                                   &err),
                   &err, MDD_ERR_CORRUPT, "truncated");
    /* Inside the 13-byte header. */
    assert_failure(mdd_lzma_decode(HELLO_LZMA, 7, out, sizeof out, NULL, &err), &err,
                   MDD_ERR_CORRUPT, "truncated");
    assert_failure(mdd_lzma_decode(NULL, 0, out, sizeof out, NULL, &err), &err, MDD_ERR_CORRUPT,
                   "truncated after 0 input bytes");
}

static void test_lzma_trailing_bytes(void **state)
{
    (void)state;
    uint8_t stream[sizeof HELLO_LZMA + 2];
    memcpy(stream, HELLO_LZMA, sizeof HELLO_LZMA);
    stream[sizeof HELLO_LZMA] = 0;
    stream[sizeof HELLO_LZMA + 1] = 0;
    uint8_t out[HELLO_LEN];
    mdd_error err;
    assert_failure(mdd_lzma_decode(stream, sizeof stream, out, sizeof out, NULL, &err), &err,
                   MDD_ERR_CORRUPT, "2 trailing bytes after the LZMA stream");
}

static void test_lzma_bad_header(void **state)
{
    (void)state;
    uint8_t stream[sizeof HELLO_LZMA];
    memcpy(stream, HELLO_LZMA, sizeof stream);
    stream[0] = 0xff; /* lc/lp/pb out of range */
    uint8_t out[HELLO_LEN];
    mdd_error err;
    assert_failure(mdd_lzma_decode(stream, sizeof stream, out, sizeof out, NULL, &err), &err,
                   MDD_ERR_CORRUPT, "header");
}

/* Over the size limit nothing is decoded: the output keeps its fill pattern, the sink stays
 * untouched, and the garbage input is never looked at. */
static void test_lzma_size_limit(void **state)
{
    (void)state;
    mdd_codec_limits limits = mdd_codec_limits_default();
    limits.max_uncompressed_size = HELLO_LEN - 1;
    const uint8_t garbage[4] = {1, 2, 3, 4};
    uint8_t out[HELLO_LEN];
    memset(out, 0xee, sizeof out);
    mdd_error err;
    assert_failure(mdd_lzma_decode(garbage, sizeof garbage, out, sizeof out, &limits, &err), &err,
                   MDD_ERR_LIMIT, "uncompressed size 11 exceeds the limit of 10 bytes");
    for (size_t i = 0; i < sizeof out; i++)
        assert_int_equal(out[i], 0xee);
    mdd_sink sink = {forbidden_write, NULL};
    assert_failure(mdd_lzma_decode_to_sink(garbage, sizeof garbage, UINT64_MAX, &sink, NULL, &err),
                   &err, MDD_ERR_LIMIT, "exceeds the limit");
}

static void test_lzma_memlimit(void **state)
{
    (void)state;
    mdd_codec_limits limits = mdd_codec_limits_default();
    limits.lzma_memlimit = 4096; /* the fixture's dictionary alone is 8 MiB */
    uint8_t out[HELLO_LEN];
    mdd_error err;
    assert_failure(mdd_lzma_decode(HELLO_LZMA, sizeof HELLO_LZMA, out, sizeof out, &limits, &err),
                   &err, MDD_ERR_LIMIT, "memory, the limit is 4096");
}

static void test_lzma_bad_arguments(void **state)
{
    (void)state;
    uint8_t out[HELLO_LEN];
    mdd_error err;
    assert_failure(mdd_lzma_decode(NULL, 5, out, sizeof out, NULL, &err), &err, MDD_ERR_ARG,
                   NULL);
    assert_failure(mdd_lzma_decode(HELLO_LZMA, sizeof HELLO_LZMA, NULL, 5, NULL, &err), &err,
                   MDD_ERR_ARG, NULL);
    assert_failure(mdd_lzma_decode_to_sink(HELLO_LZMA, sizeof HELLO_LZMA, 5, NULL, NULL, &err),
                   &err, MDD_ERR_ARG, NULL);
    mdd_buffer buf = {0};
    assert_failure(mdd_lzma_encode(out, sizeof out, 10, &buf, &err), &err, MDD_ERR_ARG,
                   "preset 10");
    assert_null(buf.data);
}

static void test_codec_limits_default(void **state)
{
    (void)state;
    mdd_codec_limits limits = mdd_codec_limits_default();
    assert_int_equal(limits.max_uncompressed_size, (uint64_t)1 << 30);
    assert_int_equal(limits.lzma_memlimit, (uint64_t)256 << 20);
}

/* ---- chunks ---- */

static mdd_bytes bytes_of(const void *p, size_t len) { return (mdd_bytes){p, len}; }

static mdd_bytes str_bytes(const char *s) { return bytes_of(s, strlen(s)); }

static mdd_chunk plain_chunk(const char *data)
{
    mdd_chunk c;
    memset(&c, 0, sizeof c);
    c.data = str_bytes(data);
    return c;
}

static mdd_chunk hello_lzma_chunk(void)
{
    mdd_chunk c;
    memset(&c, 0, sizeof c);
    c.compression_algorithm = str_bytes("lzma");
    c.has_uncompressed_size = 1;
    c.uncompressed_size = HELLO_LEN;
    c.data = bytes_of(HELLO_LZMA, sizeof HELLO_LZMA);
    return c;
}

static mdd_signature signature(const char *algorithm, const uint8_t *bytes, size_t len)
{
    mdd_signature s;
    memset(&s, 0, sizeof s);
    s.algorithm = str_bytes(algorithm);
    s.signature = bytes_of(bytes, len);
    return s;
}

/* The chunk's size, direct decode and streamed decode all give HELLO. */
static void assert_chunk_yields_hello(mdd_chunk c)
{
    uint64_t size = 0;
    mdd_error err;
    assert_int_equal(mdd_chunk_payload_size(&c, NULL, &size, &err), MDD_OK);
    assert_int_equal(size, HELLO_LEN);
    uint8_t out[HELLO_LEN];
    assert_int_equal(mdd_chunk_decode(&c, out, sizeof out, NULL, &err), MDD_OK);
    assert_memory_equal(out, HELLO, HELLO_LEN);
    mdd_buffer buf = {0};
    mdd_sink sink = mdd_buffer_sink(&buf);
    assert_int_equal(mdd_chunk_stream(&c, &sink, NULL, &err), MDD_OK);
    assert_int_equal(buf.len, HELLO_LEN);
    assert_memory_equal(buf.data, HELLO, HELLO_LEN);
    mdd_buffer_free(&buf);
}

static void test_chunk_plain(void **state)
{
    (void)state;
    assert_chunk_yields_hello(plain_chunk(HELLO));
}

static void test_chunk_plain_absent_data(void **state)
{
    (void)state;
    mdd_chunk c;
    memset(&c, 0, sizeof c);
    mdd_chunk_report report;
    mdd_error err;
    assert_int_equal(mdd_chunk_verify(&c, NULL, &report, &err), MDD_OK);
    assert_int_equal(report.payload_size, 0);
    assert_digest_hex(report.payload_sha512, SHA512_EMPTY);
    assert_int_equal(report.signatures_checked, 0);
    assert_int_equal(report.signatures_skipped, 0);
}

static void test_chunk_lzma(void **state)
{
    (void)state;
    assert_chunk_yields_hello(hello_lzma_chunk());
}

static void test_chunk_verify_signatures(void **state)
{
    (void)state;
    uint8_t digest[MDD_SHA512_SIZE];
    mdd_error err;
    assert_int_equal(mdd_sha512(HELLO, HELLO_LEN, digest, &err), MDD_OK);
    const uint8_t other[3] = {1, 2, 3};
    mdd_signature sigs[3] = {signature("rsa_pss_sha256", other, sizeof other),
                             signature(MDD_SIG_SHA512_UNCOMPRESSED, digest, sizeof digest),
                             signature("sha512_uncompressed_v2", other, sizeof other)};
    mdd_chunk c = hello_lzma_chunk();
    c.signatures = sigs;
    c.signature_count = 3;
    mdd_chunk_report report;
    assert_int_equal(mdd_chunk_verify(&c, NULL, &report, &err), MDD_OK);
    assert_int_equal(report.payload_size, HELLO_LEN);
    assert_digest_hex(report.payload_sha512, SHA512_HELLO);
    assert_int_equal(report.signatures_checked, 1);
    assert_int_equal(report.signatures_skipped, 2);
}

static void test_chunk_signature_wrong_length(void **state)
{
    (void)state;
    uint8_t digest[MDD_SHA512_SIZE - 1] = {0};
    mdd_signature sig = signature(MDD_SIG_SHA512_UNCOMPRESSED, digest, sizeof digest);
    mdd_chunk c = plain_chunk(HELLO);
    c.signatures = &sig;
    c.signature_count = 1;
    mdd_chunk_report report;
    mdd_error err;
    assert_failure(mdd_chunk_verify(&c, NULL, &report, &err), &err, MDD_ERR_FORMAT,
                   "signatures[0]: sha512_uncompressed signature is 63 bytes, expected 64");
    assert_int_equal(report.signatures_checked, 0);
}

static void test_chunk_signature_mismatch(void **state)
{
    (void)state;
    uint8_t digest[MDD_SHA512_SIZE];
    memset(digest, 0xab, sizeof digest);
    mdd_signature sig = signature(MDD_SIG_SHA512_UNCOMPRESSED, digest, sizeof digest);
    mdd_chunk c = hello_lzma_chunk();
    c.signatures = &sig;
    c.signature_count = 1;
    mdd_chunk_report report;
    mdd_error err;
    assert_failure(mdd_chunk_verify(&c, NULL, &report, &err), &err, MDD_ERR_CHECKSUM,
                   "SHA-512 mismatch: expected abababababababab..., got 5c3ba33280de5003...");
    /* The digest was computed before the comparison failed. */
    assert_int_equal(report.payload_size, HELLO_LEN);
    assert_digest_hex(report.payload_sha512, SHA512_HELLO);
}

static void test_chunk_unknown_algorithm(void **state)
{
    (void)state;
    mdd_chunk c = hello_lzma_chunk();
    c.compression_algorithm = str_bytes("zstd");
    uint64_t size = 0;
    mdd_error err;
    assert_failure(mdd_chunk_payload_size(&c, NULL, &size, &err), &err, MDD_ERR_UNSUPPORTED,
                   "unknown compression algorithm 'zstd'");
    uint8_t out[HELLO_LEN];
    assert_failure(mdd_chunk_decode(&c, out, sizeof out, NULL, &err), &err, MDD_ERR_UNSUPPORTED,
                   "'zstd'");
}

/* Names from a hostile file are escaped and cut short in messages. */
static void test_chunk_unknown_algorithm_escaped(void **state)
{
    (void)state;
    uint8_t name[100];
    memset(name, 'z', sizeof name);
    name[0] = 0x01;
    name[1] = '\'';
    mdd_chunk c = hello_lzma_chunk();
    c.compression_algorithm = bytes_of(name, sizeof name);
    uint64_t size = 0;
    mdd_error err;
    assert_failure(mdd_chunk_payload_size(&c, NULL, &size, &err), &err, MDD_ERR_UNSUPPORTED,
                   "unknown compression algorithm '\\x01\\x27zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz...'");
}

static void test_chunk_encrypted(void **state)
{
    (void)state;
    mdd_encryption enc;
    memset(&enc, 0, sizeof enc);
    enc.encryption_algorithm = str_bytes("AES-256-GCM");
    mdd_chunk c = plain_chunk(HELLO);
    c.encryption = &enc;
    mdd_chunk_report report;
    mdd_error err;
    assert_failure(mdd_chunk_verify(&c, NULL, &report, &err), &err, MDD_ERR_UNSUPPORTED,
                   "encrypted chunk (algorithm 'AES-256-GCM')");
}

static void test_chunk_missing_uncompressed_size(void **state)
{
    (void)state;
    mdd_chunk c = hello_lzma_chunk();
    c.has_uncompressed_size = 0;
    uint64_t size = 0;
    mdd_error err;
    assert_failure(mdd_chunk_payload_size(&c, NULL, &size, &err), &err, MDD_ERR_FORMAT,
                   "uncompressed_size");
}

static void test_chunk_limits(void **state)
{
    (void)state;
    mdd_codec_limits limits = mdd_codec_limits_default();
    limits.max_uncompressed_size = HELLO_LEN - 1;
    mdd_chunk plain = plain_chunk(HELLO);
    mdd_chunk packed = hello_lzma_chunk();
    uint64_t size = 0;
    mdd_error err;
    assert_failure(mdd_chunk_payload_size(&plain, &limits, &size, &err), &err, MDD_ERR_LIMIT,
                   "11 bytes exceeds the limit of 10");
    assert_failure(mdd_chunk_payload_size(&packed, &limits, &size, &err), &err, MDD_ERR_LIMIT,
                   "11 bytes exceeds the limit of 10");
    packed.uncompressed_size = UINT64_MAX;
    mdd_chunk_report report;
    assert_failure(mdd_chunk_verify(&packed, NULL, &report, &err), &err, MDD_ERR_LIMIT, NULL);
}

static void test_chunk_declared_size_differs(void **state)
{
    (void)state;
    mdd_chunk c = hello_lzma_chunk();
    c.uncompressed_size = HELLO_LEN + 5;
    mdd_chunk_report report;
    mdd_error err;
    assert_failure(mdd_chunk_verify(&c, NULL, &report, &err), &err, MDD_ERR_SIZE,
                   "ended after 11 of 16 bytes");
    uint8_t out[HELLO_LEN];
    assert_failure(mdd_chunk_decode(&c, out, sizeof out, NULL, &err), &err, MDD_ERR_ARG,
                   "destination holds 11 bytes, the payload is 16");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sha512_known_digests),
        cmocka_unit_test(test_sha512_incremental_and_sink),
        cmocka_unit_test(test_sha512_free_unfinished),
        cmocka_unit_test(test_lzma_decode_xz_fixture),
        cmocka_unit_test(test_lzma_decode_known_size_header),
        cmocka_unit_test(test_lzma_round_trip_empty),
        cmocka_unit_test(test_lzma_round_trip_one_byte),
        cmocka_unit_test(test_lzma_round_trip_random_mib),
        cmocka_unit_test(test_lzma_round_trip_compressible),
        cmocka_unit_test(test_lzma_sink_matches_direct),
        cmocka_unit_test(test_lzma_dst_too_short),
        cmocka_unit_test(test_lzma_dst_too_long),
        cmocka_unit_test(test_lzma_bomb_stops_early),
        cmocka_unit_test(test_lzma_corrupt_byte),
        cmocka_unit_test(test_lzma_truncated),
        cmocka_unit_test(test_lzma_trailing_bytes),
        cmocka_unit_test(test_lzma_bad_header),
        cmocka_unit_test(test_lzma_size_limit),
        cmocka_unit_test(test_lzma_memlimit),
        cmocka_unit_test(test_lzma_bad_arguments),
        cmocka_unit_test(test_codec_limits_default),
        cmocka_unit_test(test_chunk_plain),
        cmocka_unit_test(test_chunk_plain_absent_data),
        cmocka_unit_test(test_chunk_lzma),
        cmocka_unit_test(test_chunk_verify_signatures),
        cmocka_unit_test(test_chunk_signature_wrong_length),
        cmocka_unit_test(test_chunk_signature_mismatch),
        cmocka_unit_test(test_chunk_unknown_algorithm),
        cmocka_unit_test(test_chunk_unknown_algorithm_escaped),
        cmocka_unit_test(test_chunk_encrypted),
        cmocka_unit_test(test_chunk_missing_uncompressed_size),
        cmocka_unit_test(test_chunk_limits),
        cmocka_unit_test(test_chunk_declared_size_differs),
    };
    return cmocka_run_group_tests_name("codec", tests, NULL, NULL);
}
