/* SPDX-License-Identifier: Apache-2.0 */
/* The project's own SHA-512 (src/codec/sha512_compress.c): the example messages of FIPS 180-4
 * with the digests the standard's examples give, every split of a message across updates and
 * every length around the padding's one- and two-block cases, and, where libcrypto is
 * available (MDD_TEST_HAVE_LIBCRYPTO), random inputs of random lengths against libcrypto's
 * SHA512(). The public mdd_sha512() is checked on the same vectors, whichever backend it has. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "testutil.h"

#include <mdd_internal/codec.h>

#include <stdlib.h>
#include <string.h>

#ifdef MDD_TEST_HAVE_LIBCRYPTO
#include <openssl/sha.h>
#endif

/* FIPS 180-4 example messages (NIST CSRC "SHA512.pdf" examples) and their digests. */
static const char ABC[] = "abc";
static const char ABC_DIGEST[] =
    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
    "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f";
static const char TWO_BLOCK[] = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
                                "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
static const char TWO_BLOCK_DIGEST[] =
    "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
    "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909";
static const char MILLION_A_DIGEST[] =
    "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
    "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b";
static const char EMPTY_DIGEST[] =
    "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
    "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e";
#define MILLION 1000000u

static void assert_hex(const uint8_t digest[64], const char *want)
{
    char got[129];
    tu_hex(digest, 64, got);
    assert_string_equal(got, want);
}

static void builtin_digest(const void *data, size_t len, uint8_t digest[64])
{
    mdd_sha512_state s;
    mdd_sha512_state_init(&s);
    mdd_sha512_state_update(&s, data, len);
    mdd_sha512_state_final(&s, digest);
}

/* Both the built-in state and the library's public digest give want for msg. */
static void assert_both(const void *msg, size_t len, const char *want)
{
    uint8_t digest[64];
    builtin_digest(msg, len, digest);
    assert_hex(digest, want);
    mdd_error err = {0};
    assert_int_equal(mdd_sha512(msg, len, digest, &err), MDD_OK);
    assert_hex(digest, want);
}

static void test_fips_abc(void **state)
{
    (void)state;
    assert_both(ABC, strlen(ABC), ABC_DIGEST);
}

static void test_fips_two_block(void **state)
{
    (void)state;
    assert_int_equal(strlen(TWO_BLOCK) * 8, 896);
    assert_both(TWO_BLOCK, strlen(TWO_BLOCK), TWO_BLOCK_DIGEST);
}

static void test_fips_million_a(void **state)
{
    (void)state;
    uint8_t *a = malloc(MILLION);
    assert_non_null(a);
    memset(a, 'a', MILLION);
    assert_both(a, MILLION, MILLION_A_DIGEST);
    /* The same million fed in pieces of a length prime to the block size. */
    mdd_sha512_state s;
    mdd_sha512_state_init(&s);
    for (size_t done = 0; done < MILLION; done += 997)
        mdd_sha512_state_update(&s, a + done, MILLION - done < 997 ? MILLION - done : 997);
    uint8_t digest[64];
    mdd_sha512_state_final(&s, digest);
    assert_hex(digest, MILLION_A_DIGEST);
    free(a);
}

static void test_empty(void **state)
{
    (void)state;
    assert_both(NULL, 0, EMPTY_DIGEST);
}

/* Every cut of the two-block message into two updates gives the same digest. */
static void test_every_split(void **state)
{
    (void)state;
    size_t len = strlen(TWO_BLOCK);
    for (size_t cut = 0; cut <= len; cut++) {
        mdd_sha512_state s;
        mdd_sha512_state_init(&s);
        mdd_sha512_state_update(&s, TWO_BLOCK, cut);
        mdd_sha512_state_update(&s, TWO_BLOCK + cut, len - cut);
        uint8_t digest[64];
        mdd_sha512_state_final(&s, digest);
        assert_hex(digest, TWO_BLOCK_DIGEST);
    }
}

/* A state is ready for a new message after final. */
static void test_state_reusable(void **state)
{
    (void)state;
    mdd_sha512_state s;
    mdd_sha512_state_init(&s);
    uint8_t digest[64];
    mdd_sha512_state_update(&s, TWO_BLOCK, 7);
    mdd_sha512_state_final(&s, digest);
    mdd_sha512_state_update(&s, ABC, 3);
    mdd_sha512_state_final(&s, digest);
    assert_hex(digest, ABC_DIGEST);
}

#ifdef MDD_TEST_HAVE_LIBCRYPTO
static uint64_t next_random(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

static void assert_same_as_libcrypto(const uint8_t *data, size_t len)
{
    uint8_t ours[64], theirs[64];
    builtin_digest(data, len, ours);
    SHA512(data, len, theirs);
    if (memcmp(ours, theirs, 64) != 0)
        fail_msg("the built-in SHA-512 differs from libcrypto's on %zu bytes", len);
}

/* Every length through three blocks (all padding cases), then random lengths up to 64 KiB, of
 * random bytes, fed in random pieces. */
static void test_random_against_libcrypto(void **state)
{
    (void)state;
    enum { MAX = 64 << 10 };
    uint8_t *buf = malloc(MAX);
    assert_non_null(buf);
    uint64_t x = 0x9e3779b97f4a7c15u;
    for (size_t i = 0; i < MAX; i++)
        buf[i] = (uint8_t)(next_random(&x) >> 24);
    for (size_t len = 0; len <= 3 * MDD_SHA512_BLOCK; len++)
        assert_same_as_libcrypto(buf, len);
    for (int round = 0; round < 200; round++) {
        size_t len = (size_t)(next_random(&x) % MAX);
        size_t start = (size_t)(next_random(&x) % (MAX - len + 1));
        assert_same_as_libcrypto(buf + start, len);
        mdd_sha512_state s;
        mdd_sha512_state_init(&s);
        for (size_t done = 0; done < len;) {
            size_t piece = (size_t)(next_random(&x) % 300);
            piece = piece < len - done ? piece : len - done;
            mdd_sha512_state_update(&s, buf + start + done, piece);
            done += piece;
        }
        uint8_t ours[64], theirs[64];
        mdd_sha512_state_final(&s, ours);
        SHA512(buf + start, len, theirs);
        assert_memory_equal(ours, theirs, 64);
    }
    free(buf);
}
#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fips_abc),
        cmocka_unit_test(test_fips_two_block),
        cmocka_unit_test(test_fips_million_a),
        cmocka_unit_test(test_empty),
        cmocka_unit_test(test_every_split),
        cmocka_unit_test(test_state_reusable),
#ifdef MDD_TEST_HAVE_LIBCRYPTO
        cmocka_unit_test(test_random_against_libcrypto),
#endif
    };
    return cmocka_run_group_tests_name("sha512", tests, NULL, NULL);
}
