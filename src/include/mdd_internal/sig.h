/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd internal (not installed): the sig layer's interface for the store and the tool. The
 * scheme is docs/format.md "Signatures": a file-level digest over the container's identity and
 * every chunk's uncompressed SHA-512, signed with ed25519 or ECDSA P-256; keys and CA
 * certificates come from a trust store (include/mdd/load.h). */
#ifndef MDD_INTERNAL_SIG_H
#define MDD_INTERNAL_SIG_H

#include <mdd_internal/common.h>

#include <mdd/codec.h>
#include <mdd/container.h>
#include <mdd/load.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_SIG_DIGEST_SIZE 64u
#define MDD_SIG_KEY_ID_SIZE 32u
#define MDD_SIG_ED25519 "ed25519"
#define MDD_SIG_ECDSA_P256 "ecdsa-p256-sha256"

/* The layout of mdd_sig_options, which mdd_store_options nests. */
MDD_INTERNAL extern const options_layout options_layout_sig;

/* Nonzero in a build that checks and makes signatures itself (with libcrypto). */
MDD_INTERNAL int mdd_sig_available(void);

/* The file-level digest D of file, whose chunk i's uncompressed data has the SHA-512
 * chunk_sha512[i]. MDD_ERR_LIMIT when a length does not fit the scheme's 32-bit fields. */
MDD_INTERNAL mdd_status mdd_sig_file_digest(const mdd_file *file,
                                            const uint8_t (*chunk_sha512)[MDD_SHA512_SIZE],
                                            uint8_t digest[MDD_SIG_DIGEST_SIZE],
                                            mdd_error *err);

/* Checks the file-level signatures of file over its digest under opts (policy not off) and
 * fills *result. MDD_ERR_SIGNATURE, saying of each signature why it did not verify, when the
 * policy is not met; MDD_ERR_UNSUPPORTED for require in a build without libcrypto and no
 * verifier. */
MDD_INTERNAL mdd_status mdd_sig_check_file(const mdd_file *file,
                                           const uint8_t digest[MDD_SIG_DIGEST_SIZE],
                                           const mdd_sig_options *opts, mdd_sig_result *result,
                                           mdd_error *err);

/* Checks one signature over msg (a digest of msg_len bytes) with opts' trust store or
 * verifier, filling *result as for a file when it verifies. MDD_ERR_SIGNATURE saying why
 * not; MDD_ERR_NOT_FOUND when neither the library nor the verifier knows its algorithm. */
MDD_INTERNAL mdd_status mdd_sig_verify(const mdd_signature *sig, const uint8_t *msg,
                                       size_t msg_len, const mdd_sig_options *opts,
                                       mdd_sig_result *result, mdd_error *err);

/* The SHA-256 of the trust store's files (names and contents, in order): a verification
 * record's attestation holds only while it is unchanged. */
MDD_INTERNAL void mdd_trust_fingerprint(const mdd_trust *trust, uint8_t out[32]);

/* A trust store of the PEM blocks in pem[0..len), named name in messages: what
 * mdd_trust_open() makes of one file, for tests and fuzzing. Its fingerprint is zero. */
MDD_INTERNAL mdd_status mdd_trust_from_pem(const char *name, const uint8_t *pem, size_t len,
                                           mdd_trust **out, mdd_error *err);

/* A signing key read from a PEM file, for `mdd sign`. */
typedef struct mdd_sig_key mdd_sig_key;

/* Reads the private key in key_path (PEM, ed25519 or P-256, not encrypted) into *out. An
 * error message starts with key_path (in a build with libcrypto). MDD_ERR_UNSUPPORTED without
 * libcrypto or for another kind of key. */
MDD_INTERNAL mdd_status mdd_sig_key_open(const char *key_path, mdd_sig_key **out,
                                         mdd_error *err);
MDD_INTERNAL void mdd_sig_key_close(mdd_sig_key *key);

/* The key's algorithm name and key identifier. */
MDD_INTERNAL const char *mdd_sig_key_algorithm(const mdd_sig_key *key);
MDD_INTERNAL const uint8_t *mdd_sig_key_id(const mdd_sig_key *key);

/* Signs msg[0..msg_len) into out (which the caller frees with mdd_buffer_free()). */
MDD_INTERNAL mdd_status mdd_sig_sign(const mdd_sig_key *key, const uint8_t *msg, size_t msg_len,
                                     mdd_buffer *out, mdd_error *err);

/* Reads the certificate in cert_path (PEM) as DER into out. An error message starts with
 * cert_path. */
MDD_INTERNAL mdd_status mdd_sig_cert_der(const char *cert_path, mdd_buffer *out,
                                         mdd_error *err);

#ifdef __cplusplus
}
#endif

#endif
