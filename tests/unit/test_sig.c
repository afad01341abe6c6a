/* SPDX-License-Identifier: Apache-2.0 */
/* Signatures at open (docs/adr/0029-authenticated-databases.md): a caller's verifier for an
 * algorithm the library does not know, the verification record's attestation and what
 * invalidates it, the policy options read by an older caller's layout. Files signed by an
 * independent signer, and every rejection the scheme promises, are tests/cli/signatures.sh. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "testutil.h"

#include <mdd/store.h>
#include <mdd_internal/gen.h>
#include <mdd_internal/sig.h>

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct fixture {
    char dir[4096];
    char mdd[4200];
    char key[4200];
    char trust[4200];
    char pub[4300];
} fixture;

/* The digest D of the file at path: every chunk decoded and hashed. */
static void file_digest(const mdd_file *f, uint8_t d[MDD_SIG_DIGEST_SIZE])
{
    uint8_t(*digests)[MDD_SHA512_SIZE] = calloc(f->chunk_count, sizeof *digests);
    assert_non_null(digests);
    for (size_t i = 0; i < f->chunk_count; i++) {
        mdd_chunk_report r;
        assert_int_equal(mdd_chunk_verify(&f->chunks[i], NULL, &r, NULL), MDD_OK);
        memcpy(digests[i], r.payload_sha512, MDD_SHA512_SIZE);
    }
    assert_int_equal(
        mdd_sig_file_digest(f, (const uint8_t(*)[MDD_SHA512_SIZE])digests, d, NULL), MDD_OK);
    free(digests);
}

/* Rewrites path with sig as its one file-level signature, its signature bytes made by sign
 * from the file's digest. */
static void add_signature(const char *path, mdd_signature sig,
                          void (*sign)(const fixture *fx, const uint8_t *d, mdd_buffer *out),
                          const fixture *fx)
{
    size_t len;
    uint8_t *buf = tu_read_file(path, &len);
    mdd_file f;
    assert_int_equal(mdd_file_parse(buf, len, NULL, &f, NULL), MDD_OK);
    uint8_t d[MDD_SIG_DIGEST_SIZE];
    file_digest(&f, d);
    mdd_buffer bytes = {0};
    sign(fx, d, &bytes);
    sig.signature = (mdd_bytes){bytes.data, bytes.len};
    f.chunks_signatures = &sig;
    f.chunks_signature_count = 1;
    mdd_buffer out = {0};
    mdd_sink sink = mdd_buffer_sink(&out);
    assert_int_equal(mdd_file_encode(&f, &sink, NULL), MDD_OK);
    tu_write_file(path, out.data, out.len);
    mdd_buffer_free(&out);
    mdd_buffer_free(&bytes);
    mdd_file_free(&f);
    free(buf);
}

/* ---- a verifier of the caller's: "test-xor", the digest's bytes XOR 0x5A ---- */

static void sign_xor(const fixture *fx, const uint8_t *d, mdd_buffer *out)
{
    (void)fx;
    mdd_sink sink = mdd_buffer_sink(out);
    for (size_t i = 0; i < MDD_SIG_DIGEST_SIZE; i++) {
        uint8_t b = d[i] ^ 0x5A;
        assert_int_equal(mdd_sink_write(&sink, &b, 1, NULL), MDD_OK);
    }
}

typedef struct xor_verifier {
    int calls;
    int knows; /* 0: answers MDD_ERR_NOT_FOUND */
} xor_verifier;

static mdd_status verify_xor(void *ctx, const mdd_sig_candidate *sig, const uint8_t digest[64],
                             mdd_error *err)
{
    xor_verifier *v = ctx;
    v->calls++;
    if (!v->knows || !mdd_bytes_equal_str(sig->algorithm, "test-xor"))
        return MDD_ERR_NOT_FOUND;
    for (size_t i = 0; i < 64; i++)
        if (sig->signature.len != 64 || (sig->signature.ptr[i] ^ 0x5A) != digest[i]) {
            snprintf(err->message, sizeof err->message, "the HSM says no");
            return err->status = MDD_ERR_CHECKSUM;
        }
    return MDD_OK;
}

/* ---- ed25519, signed with the library's own signing (the CLI test uses openssl) ---- */

static void sign_ed25519(const fixture *fx, const uint8_t *d, mdd_buffer *out)
{
    mdd_sig_key *key;
    assert_int_equal(mdd_sig_key_open(fx->key, &key, NULL), MDD_OK);
    assert_int_equal(mdd_sig_sign(key, d, MDD_SIG_DIGEST_SIZE, out, NULL), MDD_OK);
    mdd_sig_key_close(key);
}

/* Writes a fresh ed25519 key to path and its public half to pub_path. */
static void write_key(const char *path, const char *pub_path)
{
    EVP_PKEY *pkey = EVP_PKEY_Q_keygen(NULL, NULL, "ED25519");
    assert_non_null(pkey);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(PEM_write_PrivateKey(f, pkey, NULL, NULL, 0, NULL, NULL), 1);
    fclose(f);
    f = fopen(pub_path, "w");
    assert_non_null(f);
    assert_int_equal(PEM_write_PUBKEY(f, pkey), 1);
    fclose(f);
    EVP_PKEY_free(pkey);
}

static int setup(void **state)
{
    fixture *fx = calloc(1, sizeof *fx);
    if (!fx)
        return -1;
    if (tu_make_temp_dir(fx->dir, sizeof fx->dir, "sig") != 0)
        return -1;
    snprintf(fx->mdd, sizeof fx->mdd, "%s/ecu.mdd", fx->dir);
    snprintf(fx->key, sizeof fx->key, "%s/key.pem", fx->dir);
    snprintf(fx->trust, sizeof fx->trust, "%s/trust", fx->dir);
    snprintf(fx->pub, sizeof fx->pub, "%s/key.pub.pem", fx->trust);
    mdd_gen_spec spec = {.seed = 5, .target_bytes = 60000};
    snprintf(spec.name, sizeof spec.name, "ECU");
    tu_write_generated(fx->mdd, &spec);
    if (mkdir(fx->trust, 0700) != 0)
        return -1;
    write_key(fx->key, fx->pub);
    *state = fx;
    return 0;
}

static int teardown(void **state)
{
    fixture *fx = *state;
    int rc = tu_remove_tree(fx->dir);
    free(fx);
    return rc;
}

/* Opens fx->mdd under opts and returns what its signature check found; *status gets the
 * open's status and err its message. */
static mdd_sig_result open_signed(const fixture *fx, const mdd_store_options *opts,
                                  mdd_status *status, mdd_error *err)
{
    mdd_store *store = NULL;
    mdd_sig_result r = {0};
    *status = mdd_store_open(fx->mdd, opts, &store, err);
    if (*status == MDD_OK)
        r = *mdd_store_signature(store);
    mdd_store_close(store);
    return r;
}

static void test_a_callers_verifier(void **state)
{
    fixture *fx = *state;
    add_signature(fx->mdd, (mdd_signature){.algorithm = {(const uint8_t *)"test-xor", 8}},
                  sign_xor, fx);
    xor_verifier v = {.knows = 1};
    mdd_store_options o = mdd_store_options_default();
    o.sig.policy = MDD_SIG_REQUIRE;
    o.sig.verifier = verify_xor;
    o.sig.verifier_ctx = &v;
    mdd_status st;
    mdd_error err = {0};
    mdd_sig_result r = open_signed(fx, &o, &st, &err);
    assert_int_equal(st, MDD_OK);
    assert_int_equal(r.state, MDD_SIG_VERIFIED);
    assert_string_equal(r.algorithm, "test-xor");
    assert_string_equal(r.key_source, "verifier");
    assert_int_equal(r.from_record, 0);
    /* Never attested: the verifier is asked at every open. */
    r = open_signed(fx, &o, &st, &err);
    assert_int_equal(r.from_record, 0);
    assert_int_equal(v.calls, 2);
    v.knows = 0;
    open_signed(fx, &o, &st, &err);
    assert_int_equal(st, MDD_ERR_SIGNATURE);
    assert_string_equal(err.message, "MDDFile.chunks_signature: not authentic: signature 0 "
                                     "(test-xor): unknown algorithm");
    /* A verifier that refuses is heard: its message is the reason. */
    size_t len;
    uint8_t *buf = tu_read_file(fx->mdd, &len);
    buf[len - 1] ^= 1; /* the last byte of the signature, field 7 being last */
    tu_write_file(fx->mdd, buf, len);
    free(buf);
    v.knows = 1;
    open_signed(fx, &o, &st, &err);
    assert_int_equal(st, MDD_ERR_SIGNATURE);
    assert_string_equal(err.message, "MDDFile.chunks_signature: not authentic: signature 0 "
                                     "(test-xor): the HSM says no");
}

static void test_the_record_attests(void **state)
{
    fixture *fx = *state;
    uint8_t id[MDD_SIG_KEY_ID_SIZE];
    mdd_sig_key *key;
    assert_int_equal(mdd_sig_key_open(fx->key, &key, NULL), MDD_OK);
    memcpy(id, mdd_sig_key_id(key), sizeof id);
    mdd_sig_key_close(key);
    add_signature(fx->mdd,
                  (mdd_signature){.algorithm = {(const uint8_t *)"ed25519", 7},
                                  .key_identifier = {id, sizeof id}},
                  sign_ed25519, fx);
    mdd_trust *trust;
    assert_int_equal(mdd_trust_open(fx->trust, &trust, NULL), MDD_OK);
    mdd_store_options o = mdd_store_options_default();
    o.sig.policy = MDD_SIG_REQUIRE;
    o.sig.trust = trust;
    mdd_status st;
    mdd_error err = {0};
    /* The first open converts, hashes, verifies and attests; the next takes the record. */
    mdd_sig_result r = open_signed(fx, &o, &st, &err);
    assert_int_equal(st, MDD_OK);
    assert_int_equal(r.state, MDD_SIG_VERIFIED);
    assert_int_equal(r.from_record, 0);
    assert_memory_equal(r.key_id, id, sizeof id);
    assert_string_equal(r.key_source, "key.pub.pem");
    r = open_signed(fx, &o, &st, &err);
    assert_int_equal(r.state, MDD_SIG_VERIFIED);
    assert_int_equal(r.from_record, 1);
    assert_memory_equal(r.key_id, id, sizeof id);
    assert_string_equal(r.key_source, "key.pub.pem");
    /* Another policy checks again, then attests for itself. */
    o.sig.policy = MDD_SIG_VERIFY_IF_PRESENT;
    assert_int_equal(open_signed(fx, &o, &st, &err).from_record, 0);
    assert_int_equal(open_signed(fx, &o, &st, &err).from_record, 1);
    /* Another trust store content (a key added) checks again. */
    char more[4400];
    snprintf(more, sizeof more, "%s/second.pem", fx->trust);
    char more_key[4400];
    snprintf(more_key, sizeof more_key, "%s/second.key", fx->dir);
    write_key(more_key, more);
    mdd_trust *trust2;
    assert_int_equal(mdd_trust_open(fx->trust, &trust2, NULL), MDD_OK);
    o.sig.trust = trust2;
    assert_int_equal(open_signed(fx, &o, &st, &err).from_record, 0);
    assert_int_equal(open_signed(fx, &o, &st, &err).from_record, 1);
    /* Hashing every chunk never reads a record, so it never takes an attestation. */
    o.integrity = MDD_INTEGRITY_HASH;
    r = open_signed(fx, &o, &st, &err);
    assert_int_equal(r.state, MDD_SIG_VERIFIED);
    assert_int_equal(r.from_record, 0);
    /* Off: nothing checked. */
    o.sig.policy = MDD_SIG_OFF;
    assert_int_equal(open_signed(fx, &o, &st, &err).state, MDD_SIG_NOT_CHECKED);
    mdd_trust_close(trust);
    mdd_trust_close(trust2);
}

static void test_policy_names_and_bounds(void **state)
{
    (void)state;
    mdd_sig_policy p;
    mdd_error err = {0};
    assert_int_equal(mdd_sig_policy_parse("require", &p, &err), MDD_OK);
    assert_int_equal(p, MDD_SIG_REQUIRE);
    assert_int_equal(mdd_sig_policy_parse("verify-if-present", &p, &err), MDD_OK);
    assert_int_equal(p, MDD_SIG_VERIFY_IF_PRESENT);
    assert_int_equal(mdd_sig_policy_parse("sometimes", &p, &err), MDD_ERR_ARG);
    assert_string_equal(err.message,
                        "unknown signature policy 'sometimes' (off, verify-if-present, require)");
    assert_string_equal(mdd_sig_policy_name(MDD_SIG_OFF), "off");
    assert_string_equal(mdd_sig_policy_name((mdd_sig_policy)7), "unknown");
    mdd_store_options o = mdd_store_options_default();
    o.sig.policy = (mdd_sig_policy)3;
    mdd_store *store;
    assert_int_equal(mdd_store_open("/nonexistent.mdd", &o, &store, &err), MDD_ERR_ARG);
    assert_string_equal(err.message, "unknown signature policy 3");
}

/* A caller built before signatures passes store options that end before them: its opens
 * check nothing, whatever lies past its struct. */
static void test_an_older_callers_options(void **state)
{
    fixture *fx = *state;
    struct {
        mdd_store_options o;
        char past[sizeof(mdd_sig_options)];
    } older;
    older.o = mdd_store_options_default();
    older.o.size = offsetof(mdd_store_options, sig);
    memset(&older.o.sig, 0xFF, sizeof older.o.sig);
    mdd_status st;
    mdd_error err = {0};
    mdd_sig_result r = open_signed(fx, &older.o, &st, &err);
    assert_int_equal(st, MDD_OK);
    assert_int_equal(r.state, MDD_SIG_NOT_CHECKED);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_a_callers_verifier, setup, teardown),
        cmocka_unit_test_setup_teardown(test_the_record_attests, setup, teardown),
        cmocka_unit_test(test_policy_names_and_bounds),
        cmocka_unit_test_setup_teardown(test_an_older_callers_options, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
