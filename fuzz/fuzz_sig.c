/* SPDX-License-Identifier: Apache-2.0 */
/* Signatures (mdd_internal/sig.h): no input may crash the file digest, the policy check or
 * the trust store's PEM reader, or make them read outside the input. The first byte picks:
 * even, the rest is an MDD file whose file-level signatures are checked under "require"
 * against a trust store of the public half of fuzz/sig-test-key.pem (run-fuzz.sh seeds corpus
 * files signed with it, so the accepting path is reached too), each chunk's digest taken
 * from its sha512_uncompressed signature as a verification record would give it; odd, the
 * rest is a trust store file. */
#include <mdd/container.h>
#include <mdd_internal/codec.h>
#include <mdd_internal/sig.h>

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char trusted_pem[] = "-----BEGIN PUBLIC KEY-----\n"
                                   "MCowBQYDK2VwAyEAeONbmd4CZJOlsGW5cnUvOf3SUmrw0TlqCG7lSqImul0=\n"
                                   "-----END PUBLIC KEY-----\n";

static const mdd_trust *trusted(void)
{
    static mdd_trust *trust;
    if (!trust &&
        mdd_trust_from_pem("trusted.pem", (const uint8_t *)trusted_pem, sizeof trusted_pem - 1,
                           &trust, NULL) != MDD_OK)
        abort();
    return trust;
}

/* The chunk's promised digest, or the SHA-512 of its stored bytes. */
static void chunk_digest(const mdd_chunk *c, uint8_t out[MDD_SHA512_SIZE])
{
    for (size_t i = 0; i < c->signature_count; i++)
        if (mdd_bytes_equal_str(c->signatures[i].algorithm, "sha512_uncompressed") &&
            c->signatures[i].signature.len == MDD_SHA512_SIZE) {
            memcpy(out, c->signatures[i].signature.ptr, MDD_SHA512_SIZE);
            return;
        }
    if (mdd_sha512(c->data.ptr, c->data.len, out, NULL) != MDD_OK)
        abort();
}

static void check_file(const uint8_t *data, size_t size)
{
    mdd_file f;
    if (mdd_file_parse(data, size, NULL, &f, NULL) != MDD_OK)
        return;
    uint8_t(*digests)[MDD_SHA512_SIZE] = calloc(f.chunk_count, sizeof *digests);
    uint8_t digest[MDD_SIG_DIGEST_SIZE];
    if (!digests)
        abort();
    for (size_t i = 0; i < f.chunk_count; i++)
        chunk_digest(&f.chunks[i], digests[i]);
    mdd_sig_options opts = mdd_sig_options_default();
    opts.policy = MDD_SIG_REQUIRE;
    opts.trust = trusted();
    mdd_sig_result result;
    mdd_error err;
    if (mdd_sig_file_digest(&f, (const uint8_t(*)[MDD_SHA512_SIZE])digests, digest, NULL) ==
            MDD_OK &&
        mdd_sig_check_file(&f, digest, &opts, &result, &err) == MDD_OK &&
        (result.state != MDD_SIG_VERIFIED || result.index >= f.chunks_signature_count))
        abort();
    free(digests);
    mdd_file_free(&f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    if (data[0] % 2 == 0) {
        check_file(data + 1, size - 1);
        return 0;
    }
    mdd_trust *trust;
    if (mdd_trust_from_pem("fuzz.pem", data + 1, size - 1, &trust, NULL) == MDD_OK)
        mdd_trust_close(trust);
    return 0;
}
