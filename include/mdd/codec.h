/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd (advanced API): the payload of a chunk, decoded (LZMA-alone), measured and verified
 * against its SHA-512 signatures. */
#ifndef MDD_ADVANCED_API
#error "<mdd/codec.h> is the advanced API (may change before 1.0): define MDD_ADVANCED_API"
#endif
#ifndef MDD_CODEC_H
#define MDD_CODEC_H

#include <mdd/container.h>

#ifdef __cplusplus
extern "C" {
#endif


#define MDD_SHA512_SIZE 64

/* Input windows of the mapped variants: the most input they keep resident at once. */
#define MDD_MAPPED_WINDOW ((size_t)1 << 20)

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
