/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd: chunk codecs. LZMA-alone through liblzma, SHA-512 through OpenSSL libcrypto, and
 * the payload of a chunk (decoded, measured, verified against its signatures). */
#ifndef MDD_CODEC_H
#define MDD_CODEC_H

#include <mdd/container.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mdd_codec_limits {
    /* The largest uncompressed chunk accepted, checked before anything is allocated or
     * decoded. Default 1 GiB. */
    uint64_t max_uncompressed_size;
    /* The most memory liblzma may use for one stream (its dictionary). Default 256 MiB. */
    uint64_t lzma_memlimit;
} mdd_codec_limits;

/* The defaults described above. */
mdd_codec_limits mdd_codec_limits_default(void);

/* Decodes the LZMA-alone stream src[0..src_len) into dst, which must be exactly the
 * uncompressed size. A stream that ends early (MDD_ERR_SIZE), produces more than dst_len
 * bytes (MDD_ERR_SIZE), is corrupt or truncated (MDD_ERR_CORRUPT) or needs more memory than
 * allowed (MDD_ERR_LIMIT) fails. limits may be NULL for the defaults. */
mdd_status mdd_lzma_decode(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_len,
                           const mdd_codec_limits *limits, mdd_error *err);

/* As mdd_lzma_decode(), but streams the expected_len output bytes to out in blocks, so the
 * caller needs no buffer of the whole size. */
mdd_status mdd_lzma_decode_to_sink(const uint8_t *src, size_t src_len, uint64_t expected_len,
                                   mdd_sink *out, const mdd_codec_limits *limits,
                                   mdd_error *err);

/* Input windows of the mapped variants: the most input they keep resident at once. */
#define MDD_MAPPED_WINDOW ((size_t)1 << 20)

/* As mdd_lzma_decode_to_sink(), for input that lies in a read-only file mapping: each
 * consumed window of input is dropped from the process (mdd_release_file_pages), so decoding
 * a huge stream keeps little of it resident. Never pass heap memory: dropping anonymous pages
 * would zero them. */
mdd_status mdd_lzma_decode_mapped_to_sink(const uint8_t *src, size_t src_len,
                                          uint64_t expected_len, mdd_sink *out,
                                          const mdd_codec_limits *limits, mdd_error *err);

/* Compresses src into an LZMA-alone stream appended to out (preset 0..9, as xz -0..-9). */
mdd_status mdd_lzma_encode(const uint8_t *src, size_t src_len, uint32_t preset,
                           mdd_buffer *out, mdd_error *err);

#define MDD_SHA512_SIZE 64

/* An incremental SHA-512. Owns a digest context (libcrypto's, or the built-in one with
 * MDD_SHA512=BUILTIN) between init and final (or free). */
typedef struct mdd_sha512_ctx {
    void *ctx;
} mdd_sha512_ctx;

mdd_status mdd_sha512_init(mdd_sha512_ctx *h, mdd_error *err);
mdd_status mdd_sha512_update(mdd_sha512_ctx *h, const void *data, size_t len, mdd_error *err);
/* Writes the digest and frees the context. */
mdd_status mdd_sha512_final(mdd_sha512_ctx *h, uint8_t digest[MDD_SHA512_SIZE], mdd_error *err);
/* Frees the context without a digest (on error paths). Safe after final. */
void mdd_sha512_free(mdd_sha512_ctx *h);
/* A sink that feeds what it is given to h. */
mdd_sink mdd_sha512_sink(mdd_sha512_ctx *h);
/* One-shot digest of data[0..len). */
mdd_status mdd_sha512(const void *data, size_t len, uint8_t digest[MDD_SHA512_SIZE],
                      mdd_error *err);

/* The SHA-512 of bytes [offset, offset + len) of the open file fd, read with pread(2) into a
 * small buffer: hashing a huge range through explicit reads costs no resident memory and, on
 * a cold file, far fewer faults than touching a MADV_RANDOM mapping page by page. With evict,
 * the range is then dropped from the page cache (POSIX_FADV_DONTNEED), so that the large folios
 * read-ahead created do not inflate later mappings of the file. */
mdd_status mdd_sha512_file_range(int fd, uint64_t offset, uint64_t len, int evict,
                                 uint8_t digest[MDD_SHA512_SIZE], mdd_error *err);

/* The signature algorithm whose bytes are the SHA-512 of the chunk's uncompressed data. */
#define MDD_SIG_SHA512_UNCOMPRESSED "sha512_uncompressed"

/* The size of a chunk's uncompressed payload: the data's length when stored plain, the
 * declared uncompressed_size when compressed. Fails with MDD_ERR_UNSUPPORTED for an unknown
 * compression algorithm or an encrypted chunk, MDD_ERR_FORMAT when a compressed chunk lacks
 * uncompressed_size, MDD_ERR_LIMIT when it exceeds the limit. */
mdd_status mdd_chunk_payload_size(const mdd_chunk *chunk, const mdd_codec_limits *limits,
                                  uint64_t *size, mdd_error *err);

/* Writes the chunk's uncompressed payload into dst, which must hold exactly the payload size
 * (mdd_chunk_payload_size()). */
mdd_status mdd_chunk_decode(const mdd_chunk *chunk, uint8_t *dst, size_t dst_len,
                            const mdd_codec_limits *limits, mdd_error *err);

/* Streams the chunk's uncompressed payload to out. */
mdd_status mdd_chunk_stream(const mdd_chunk *chunk, mdd_sink *out,
                            const mdd_codec_limits *limits, mdd_error *err);

/* As mdd_chunk_stream(), for a chunk whose data lies in a read-only file mapping: the data's
 * pages are dropped from the process as they are consumed (see
 * mdd_lzma_decode_mapped_to_sink()). */
mdd_status mdd_chunk_stream_mapped(const mdd_chunk *chunk, mdd_sink *out,
                                   const mdd_codec_limits *limits, mdd_error *err);

/* What mdd_chunk_verify() found. */
typedef struct mdd_chunk_report {
    uint64_t payload_size;
    uint8_t payload_sha512[MDD_SHA512_SIZE];
    size_t signatures_checked; /* sha512_uncompressed signatures that matched */
    size_t signatures_skipped; /* signatures of other algorithms: not checked */
} mdd_chunk_report;

/* Checks the chunk's signatures against digest, the SHA-512 of its uncompressed payload
 * computed by the caller: every sha512_uncompressed signature must be 64 bytes
 * (MDD_ERR_FORMAT) and equal digest (MDD_ERR_CHECKSUM); other algorithms are counted as
 * skipped. Adds to report's signature counts. */
mdd_status mdd_chunk_check_signatures(const mdd_chunk *chunk,
                                      const uint8_t digest[MDD_SHA512_SIZE],
                                      mdd_chunk_report *report, mdd_error *err);

/* Decodes the chunk (streaming), checks its size and computes its SHA-512, then checks every
 * sha512_uncompressed signature: it must be 64 bytes (MDD_ERR_FORMAT) and equal the digest
 * (MDD_ERR_CHECKSUM). Other algorithms are counted as skipped. report may be filled partly on
 * failure. */
mdd_status mdd_chunk_verify(const mdd_chunk *chunk, const mdd_codec_limits *limits,
                            mdd_chunk_report *report, mdd_error *err);

#ifdef __cplusplus
}
#endif

#endif
