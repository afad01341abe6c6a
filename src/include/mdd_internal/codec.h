/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd internal (not installed): the codec layer's internal interface, the project's own
 * SHA-512 (FIPS 180-4), which the library uses instead of libcrypto when built with
 * MDD_SHA512=BUILTIN (docs/adr/0016). Tests compare it with libcrypto, and the verification
 * records use it whatever the library's choice (a trusted open hashes a few kilobytes, and
 * libcrypto's initialisation would cost more time and resident memory than it saves there),
 * so it is always built into libmdd. */
#ifndef MDD_INTERNAL_CODEC_H
#define MDD_INTERNAL_CODEC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

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

#endif
