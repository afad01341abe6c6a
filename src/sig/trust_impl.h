/* SPDX-License-Identifier: Apache-2.0 */
/* Private to the sig layer's libcrypto part: a trust store in memory. */
#ifndef MDD_SIG_TRUST_IMPL_H
#define MDD_SIG_TRUST_IMPL_H

#include "sig_impl.h"

#include <openssl/evp.h>
#include <openssl/x509.h>

/* The file a key or CA certificate came from: its name in the trust directory, cut to fit. */
typedef char trust_source[64];

typedef struct trust_key {
    EVP_PKEY *key;
    uint8_t id[MDD_SIG_KEY_ID_SIZE];
    trust_source source;
} trust_key;

typedef struct trust_ca {
    X509 *cert;
    uint8_t id[MDD_SIG_KEY_ID_SIZE]; /* of its public key */
    trust_source source;
} trust_ca;

struct mdd_trust {
    trust_key *keys;
    size_t key_count;
    trust_ca *cas;
    size_t ca_count;
    X509_STORE *store; /* every CA certificate, for chains */
    uint8_t fingerprint[32];
};

/* The key identifier of key: SHA-256 of its DER SubjectPublicKeyInfo. 0 on success. */
MDD_INTERNAL int sig_key_id(EVP_PKEY *key, uint8_t id[MDD_SIG_KEY_ID_SIZE]);

/* Reads the whole regular file path (at most max bytes) into *out. Its messages do not name
 * the file: the caller does. */
MDD_INTERNAL mdd_status sig_read_small_file(const char *path, size_t max, mdd_buffer *out,
                                            mdd_error *err);

#endif
