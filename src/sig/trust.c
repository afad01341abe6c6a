/* SPDX-License-Identifier: Apache-2.0 */
/* Trust stores: a directory of PEM public keys and CA certificates, read once into memory,
 * and the fingerprint that ties a verification record's attestation to its content. */
#include "trust_impl.h"

#include <mdd_internal/os.h>

#include <dirent.h>
#include <errno.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A trust store file larger than this is not a handful of keys. */
#define TRUST_FILE_MAX ((size_t)1 << 20)
/* Nor is a directory with more files than this. */
#define TRUST_FILES_MAX 1024u

int sig_key_id(EVP_PKEY *key, uint8_t id[MDD_SIG_KEY_ID_SIZE])
{
    unsigned char *der = NULL;
    int len = i2d_PUBKEY(key, &der);
    unsigned int n = 0;
    int ok = len > 0 && EVP_Digest(der, (size_t)len, id, &n, EVP_sha256(), NULL) == 1;
    OPENSSL_free(der);
    return ok ? 0 : -1;
}

mdd_status sig_read_small_file(const char *path, size_t max, mdd_buffer *out, mdd_error *err)
{
    int fd;
    mdd_status st = mdd_open_regular(path, &fd, err);
    if (st)
        return st;
    out->limit = max;
    mdd_sink sink = mdd_buffer_sink(out);
    uint8_t chunk[4096];
    for (;;) {
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            st = mdd_fail(err, MDD_ERR_IO, "read: %s", strerror(errno));
        else if (n > 0)
            st = mdd_sink_write(&sink, chunk, (size_t)n, err);
        if (st || n <= 0)
            break;
    }
    close(fd);
    if (st == MDD_ERR_LIMIT)
        st = mdd_fail(err, st, "larger than %zu bytes", max);
    if (st)
        mdd_buffer_free(out);
    return st;
}

static void set_source(trust_source source, const char *name)
{
    size_t n = strlen(name);
    if (n >= sizeof(trust_source))
        n = sizeof(trust_source) - 1;
    memcpy(source, name, n);
    source[n] = '\0';
}

static mdd_status add_key(mdd_trust *t, EVP_PKEY *key, const char *name, mdd_error *err)
{
    trust_key *keys = realloc(t->keys, (t->key_count + 1) * sizeof *keys);
    if (!keys) {
        EVP_PKEY_free(key);
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for a trusted key");
    }
    t->keys = keys;
    trust_key *k = &keys[t->key_count];
    k->key = key;
    set_source(k->source, name);
    if (sig_key_id(key, k->id)) {
        EVP_PKEY_free(key);
        return mdd_fail(err, MDD_ERR_FORMAT, "%s: a public key that cannot be encoded", name);
    }
    t->key_count++;
    return MDD_OK;
}

static mdd_status add_ca(mdd_trust *t, X509 *cert, const char *name, mdd_error *err)
{
    trust_ca *cas = realloc(t->cas, (t->ca_count + 1) * sizeof *cas);
    if (!cas) {
        X509_free(cert);
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for a trusted certificate");
    }
    t->cas = cas;
    trust_ca *c = &cas[t->ca_count];
    c->cert = cert;
    set_source(c->source, name);
    EVP_PKEY *key = X509_get0_pubkey(cert);
    if (!key || sig_key_id(key, c->id) || X509_STORE_add_cert(t->store, cert) != 1) {
        X509_free(cert);
        return mdd_fail(err, MDD_ERR_FORMAT, "%s: a certificate that cannot be used", name);
    }
    t->ca_count++;
    return MDD_OK;
}

/* One PEM block: a public key or a certificate; anything else is refused, so that a private
 * key copied into the trust store by mistake is noticed. */
static mdd_status add_block(mdd_trust *t, const char *type, const unsigned char *der, long len,
                            const char *name, mdd_error *err)
{
    const unsigned char *p = der;
    if (strcmp(type, PEM_STRING_PUBLIC) == 0) {
        EVP_PKEY *key = d2i_PUBKEY(NULL, &p, len);
        return key ? add_key(t, key, name, err)
                   : mdd_fail(err, MDD_ERR_FORMAT, "%s: a PUBLIC KEY block that does not parse",
                              name);
    }
    if (strcmp(type, PEM_STRING_X509) == 0) {
        X509 *cert = d2i_X509(NULL, &p, len);
        return cert ? add_ca(t, cert, name, err)
                    : mdd_fail(err, MDD_ERR_FORMAT,
                               "%s: a CERTIFICATE block that does not parse", name);
    }
    return mdd_fail(err, MDD_ERR_FORMAT,
                    "%s: holds a %.40s block; a trust store holds only PUBLIC KEY and "
                    "CERTIFICATE blocks",
                    name, type);
}

static mdd_status add_pem(mdd_trust *t, const mdd_buffer *pem, const char *name, mdd_error *err)
{
    BIO *bio = BIO_new_mem_buf(pem->data, (int)pem->len);
    if (!bio)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory to read %s", name);
    mdd_status st = MDD_OK;
    size_t blocks = 0;
    char *type = NULL, *header = NULL;
    unsigned char *der = NULL;
    long len = 0;
    while (!st && PEM_read_bio(bio, &type, &header, &der, &len) == 1) {
        st = add_block(t, type, der, len, name, err);
        blocks++;
        OPENSSL_free(type);
        OPENSSL_free(header);
        OPENSSL_free(der);
    }
    ERR_clear_error();
    BIO_free(bio);
    if (!st && blocks == 0)
        st = mdd_fail(err, MDD_ERR_FORMAT, "%s: no PEM public key or certificate", name);
    return st;
}

static void fingerprint_file(EVP_MD_CTX *md, const char *name, const mdd_buffer *pem)
{
    uint8_t len[8];
    mdd_le_put(len, pem->len, 8);
    EVP_DigestUpdate(md, name, strlen(name) + 1);
    EVP_DigestUpdate(md, len, sizeof len);
    EVP_DigestUpdate(md, pem->data, pem->len);
}

/* *.pem and *.crt, the names PEM keys and certificates go by; hidden files are not read. */
static int is_pem_name(const char *name)
{
    size_t n = strlen(name);
    return name[0] != '.' && n > 4 &&
           (strcmp(name + n - 4, ".pem") == 0 || strcmp(name + n - 4, ".crt") == 0);
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

static int select_pem(const struct dirent *d) { return is_pem_name(d->d_name); }

static mdd_status add_file(mdd_trust *t, EVP_MD_CTX *md, const char *dir, const char *name,
                           mdd_error *err)
{
    char *path = mdd_path_join(dir, name);
    mdd_buffer pem = {0};
    mdd_status st = path ? sig_read_small_file(path, TRUST_FILE_MAX, &pem, err)
                         : mdd_fail(err, MDD_ERR_NOMEM, "no memory for a path");
    if (st && path)
        mdd_error_prefix(err, "%s: ", name);
    if (!st) {
        fingerprint_file(md, name, &pem);
        st = add_pem(t, &pem, name, err);
    }
    if (st)
        mdd_error_prefix(err, "%s: ", dir);
    mdd_buffer_free(&pem);
    free(path);
    return st;
}

static mdd_status read_dir(mdd_trust *t, const char *dir, mdd_error *err)
{
    struct dirent **names = NULL;
    int n = scandir(dir, &names, select_pem, by_name);
    if (n < 0)
        return mdd_fail(err, MDD_ERR_IO, "%s: %s", dir, strerror(errno));
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    mdd_status st = md && EVP_DigestInit_ex(md, EVP_sha256(), NULL) == 1
                        ? MDD_OK
                        : mdd_fail(err, MDD_ERR_NOMEM, "no memory for a digest");
    if (!st && (unsigned)n > TRUST_FILES_MAX)
        st = mdd_fail(err, MDD_ERR_LIMIT, "%s: %d PEM files, more than %u", dir, n,
                      TRUST_FILES_MAX);
    for (int i = 0; !st && i < n; i++)
        st = add_file(t, md, dir, names[i]->d_name, err);
    if (!st && EVP_DigestFinal_ex(md, t->fingerprint, NULL) != 1)
        st = mdd_fail(err, MDD_ERR_NOMEM, "cannot finish the trust store's digest");
    if (!st && t->key_count + t->ca_count == 0)
        st = mdd_fail(err, MDD_ERR_NOT_FOUND, "%s: no public key or CA certificate (*.pem, *.crt)", dir);
    EVP_MD_CTX_free(md);
    for (int i = 0; i < n; i++)
        free(names[i]);
    free(names);
    return st;
}

static mdd_trust *trust_new(mdd_error *err)
{
    mdd_trust *t = calloc(1, sizeof *t);
    if (!t || !(t->store = X509_STORE_new())) {
        free(t);
        mdd_fail(err, MDD_ERR_NOMEM, "no memory for a trust store");
        return NULL;
    }
    return t;
}

/* Hands t to *out, or frees it when st failed. */
static mdd_status trust_done(mdd_trust *t, mdd_status st, mdd_trust **out)
{
    if (st)
        mdd_trust_close(t);
    else
        *out = t;
    return st;
}

mdd_status mdd_trust_open(const char *dir, mdd_trust **out, mdd_error *err)
{
    if (!out)
        return mdd_fail(err, MDD_ERR_ARG, "no trust store to fill");
    *out = NULL;
    if (!dir)
        return mdd_fail(err, MDD_ERR_ARG, "no trust store directory");
    mdd_trust *t = trust_new(err);
    return t ? trust_done(t, read_dir(t, dir, err), out) : MDD_ERR_NOMEM;
}

mdd_status mdd_trust_from_pem(const char *name, const uint8_t *pem, size_t len, mdd_trust **out,
                              mdd_error *err)
{
    *out = NULL;
    if (len > TRUST_FILE_MAX)
        return mdd_fail(err, MDD_ERR_LIMIT, "%s: larger than %zu bytes", name, TRUST_FILE_MAX);
    mdd_trust *t = trust_new(err);
    if (!t)
        return MDD_ERR_NOMEM;
    mdd_buffer buf = {.data = (uint8_t *)pem, .len = len};
    return trust_done(t, add_pem(t, &buf, name, err), out);
}

void mdd_trust_close(mdd_trust *trust)
{
    if (!trust)
        return;
    for (size_t i = 0; i < trust->key_count; i++)
        EVP_PKEY_free(trust->keys[i].key);
    for (size_t i = 0; i < trust->ca_count; i++)
        X509_free(trust->cas[i].cert);
    X509_STORE_free(trust->store);
    free(trust->keys);
    free(trust->cas);
    free(trust);
}

void mdd_trust_fingerprint(const mdd_trust *trust, uint8_t out[32])
{
    if (trust)
        memcpy(out, trust->fingerprint, 32);
    else
        memset(out, 0, 32);
}
