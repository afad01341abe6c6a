/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd internal (not installed): the codec layer's internal interface. Its parts:
 *
 * - SHA-512 digests through the build's choice, libcrypto or the built-in one, behind the chunk
 *   signatures and the verification records.
 * - LZMA-alone streams through liblzma, behind the chunk codec (mdd/codec.h), the converter
 *   and the packer.
 * - The project's own SHA-512 (FIPS 180-4), which the library uses instead of libcrypto when
 *   built with MDD_SHA512=BUILTIN (docs/adr/0016). Tests compare it with libcrypto, and the
 *   verification records use it whatever the library's choice (a trusted open hashes a few
 *   kilobytes, and libcrypto's initialisation would cost more time and resident memory than
 *   it saves there), so it is always built into libmdd. */
#ifndef MDD_INTERNAL_CODEC_H
#define MDD_INTERNAL_CODEC_H

#include <mdd_internal/common.h>

#include <mdd/codec.h>

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- SHA-512 through the build's choice (libcrypto or the built-in one) ---- */

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

/* ---- LZMA through liblzma ---- */

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

/* ---- The built-in SHA-512 ---- */

#define MDD_SHA512_BLOCK 128

/* A digest in progress; plain data, so it needs no freeing and may live anywhere. */
typedef struct mdd_sha512_state {
    uint64_t h[8];
    uint64_t bytes;                  /* message length so far; 2^64 bytes is beyond any file */
    uint8_t block[MDD_SHA512_BLOCK]; /* the bytes of a block not yet complete */
    size_t filled;
} mdd_sha512_state;

/* Starts a digest: the initial hash value of FIPS 180-4, 5.3.5. */
void mdd_sha512_state_init(mdd_sha512_state *s);
/* Feeds data[0..len) (data may be NULL when len is 0). */
void mdd_sha512_state_update(mdd_sha512_state *s, const void *data, size_t len);
/* Pads, writes the 64-byte digest and leaves s to be initialised again before reuse. */
void mdd_sha512_state_final(mdd_sha512_state *s, uint8_t digest[64]);
/* The digest of data[0..len) in one call. */
void mdd_sha512_builtin(const void *data, size_t len, uint8_t digest[64]);

#ifdef __cplusplus
}
#endif

/* The layout of mdd_codec_limits (options_read()), which the store and converter options
 * nest. */
MDD_INTERNAL extern const options_layout options_layout_codec;

#endif
