/* SPDX-License-Identifier: Apache-2.0 */
/* Making signatures, for `mdd sign`: a private key from a PEM file and the scheme's two
 * algorithms, and certificates carried as DER. */
#include "trust_impl.h"

#include <openssl/err.h>
#include <openssl/pem.h>
#include <stdlib.h>
#include <string.h>

/* A key or certificate file larger than this is not one. */
#define KEY_FILE_MAX ((size_t)1 << 20)

struct mdd_sig_key {
    EVP_PKEY *key;
    const char *algorithm;
    uint8_t id[MDD_SIG_KEY_ID_SIZE];
};

static const char *algorithm_of(EVP_PKEY *key)
{
    char group[32];
    size_t len = 0;
    if (EVP_PKEY_get_id(key) == EVP_PKEY_ED25519)
        return MDD_SIG_ED25519;
    if (EVP_PKEY_get_id(key) == EVP_PKEY_EC &&
        EVP_PKEY_get_utf8_string_param(key, "group", group, sizeof group, &len) == 1 &&
        strcmp(group, SN_X9_62_prime256v1) == 0)
        return MDD_SIG_ECDSA_P256;
    return NULL;
}

/* The PEM file at path as a BIO over its bytes, which *pem holds. */
static BIO *pem_bio(const char *path, mdd_buffer *pem, mdd_error *err)
{
    if (sig_read_small_file(path, KEY_FILE_MAX, pem, err))
        return NULL;
    BIO *bio = BIO_new_mem_buf(pem->data, (int)pem->len);
    if (!bio)
        mdd_fail(err, MDD_ERR_NOMEM, "no memory to read it");
    return bio;
}

/* Never asks for a passphrase: an encrypted key is refused, not prompted for. */
static int no_passphrase(char *buf, int size, int rwflag, void *u)
{
    (void)buf, (void)size, (void)rwflag, (void)u;
    return -1;
}

static int pem_has(const mdd_buffer *pem, const char *label)
{
    return memmem(pem->data, pem->len, label, strlen(label)) != NULL;
}

/* Why pem holds no private key that can be read. */
static mdd_status no_private_key(const mdd_buffer *pem, mdd_error *err)
{
    if (pem_has(pem, "-----BEGIN PUBLIC KEY-----"))
        return mdd_fail(err, MDD_ERR_FORMAT, "a public key: signing needs the private key");
    if (pem_has(pem, "-----BEGIN ENCRYPTED PRIVATE KEY-----"))
        return mdd_fail(err, MDD_ERR_FORMAT, "an encrypted private key: give it unencrypted");
    return mdd_fail(err, MDD_ERR_FORMAT, "no PEM private key");
}

static mdd_status read_key(const char *key_path, mdd_sig_key **out, mdd_error *err)
{
    mdd_buffer pem = {0};
    BIO *bio = pem_bio(key_path, &pem, err);
    if (!bio) {
        mdd_buffer_free(&pem);
        return err ? err->status : MDD_ERR_IO;
    }
    EVP_PKEY *pkey = PEM_read_bio_PrivateKey(bio, NULL, no_passphrase, NULL);
    BIO_free(bio);
    ERR_clear_error();
    mdd_status st = pkey ? MDD_OK : no_private_key(&pem, err);
    mdd_buffer_free(&pem);
    if (st)
        return st;
    mdd_sig_key *k = calloc(1, sizeof *k);
    st = k ? MDD_OK : mdd_fail(err, MDD_ERR_NOMEM, "no memory for a key");
    if (!st && !(k->algorithm = algorithm_of(pkey)))
        st = mdd_fail(err, MDD_ERR_UNSUPPORTED, "neither an ed25519 nor a P-256 private key");
    if (!st && sig_key_id(pkey, k->id))
        st = mdd_fail(err, MDD_ERR_FORMAT, "its public key cannot be encoded");
    if (st) {
        EVP_PKEY_free(pkey);
        free(k);
        return st;
    }
    k->key = pkey;
    *out = k;
    return MDD_OK;
}

mdd_status mdd_sig_key_open(const char *key_path, mdd_sig_key **out, mdd_error *err)
{
    *out = NULL;
    mdd_status st = read_key(key_path, out, err);
    if (st)
        mdd_error_prefix(err, "%s: ", key_path);
    return st;
}

void mdd_sig_key_close(mdd_sig_key *key)
{
    if (!key)
        return;
    EVP_PKEY_free(key->key);
    free(key);
}

const char *mdd_sig_key_algorithm(const mdd_sig_key *key) { return key->algorithm; }

const uint8_t *mdd_sig_key_id(const mdd_sig_key *key) { return key->id; }

mdd_status mdd_sig_sign(const mdd_sig_key *key, const uint8_t *msg, size_t msg_len,
                        mdd_buffer *out, mdd_error *err)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    const EVP_MD *digest = strcmp(key->algorithm, MDD_SIG_ECDSA_P256) == 0 ? EVP_sha256() : NULL;
    size_t len = 0;
    mdd_status st = MDD_OK;
    if (!md || EVP_DigestSignInit(md, NULL, digest, NULL, key->key) != 1 ||
        EVP_DigestSign(md, NULL, &len, msg, msg_len) != 1)
        st = mdd_fail(err, MDD_ERR_NOMEM, "cannot set up a %s signature", key->algorithm);
    mdd_sink sink = mdd_buffer_sink(out);
    uint8_t sig[256];
    if (!st && len > sizeof sig)
        st = mdd_fail(err, MDD_ERR_LIMIT, "a signature of %zu bytes", len);
    if (!st && EVP_DigestSign(md, sig, &len, msg, msg_len) != 1)
        st = mdd_fail(err, MDD_ERR_IO, "the %s signature failed", key->algorithm);
    if (!st)
        st = mdd_sink_write(&sink, sig, len, err);
    EVP_MD_CTX_free(md);
    ERR_clear_error();
    return st;
}

mdd_status mdd_sig_cert_der(const char *cert_path, mdd_buffer *out, mdd_error *err)
{
    mdd_buffer pem = {0};
    BIO *bio = pem_bio(cert_path, &pem, err);
    X509 *cert = bio ? PEM_read_bio_X509(bio, NULL, no_passphrase, NULL) : NULL;
    mdd_status st = bio ? MDD_OK : (err ? err->status : MDD_ERR_IO);
    BIO_free(bio);
    mdd_buffer_free(&pem);
    unsigned char *der = NULL;
    int len = cert ? i2d_X509(cert, &der) : -1;
    if (!st && len <= 0)
        st = mdd_fail(err, MDD_ERR_FORMAT, "no PEM certificate");
    if (!st) {
        mdd_sink sink = mdd_buffer_sink(out);
        st = mdd_sink_write(&sink, der, (size_t)len, err);
    }
    OPENSSL_free(der);
    X509_free(cert);
    ERR_clear_error();
    if (st)
        mdd_error_prefix(err, "%s: ", cert_path);
    return st;
}
