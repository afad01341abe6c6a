/* SPDX-License-Identifier: Apache-2.0 */
/* MDD files of one small ECU whose answer tells which file it came from: its base variant
 * "V" has one service, 10 01, named "Session_<revision>". For the tests of live databases and
 * updates. Header-only. */
#ifndef MDD_TEST_SESSION_ECU_H
#define MDD_TEST_SESSION_ECU_H

#include "ecu_builder.h"
#include "testutil.h"

#include <mdd/codec.h>
#include <mdd/container.h>
#include <mdd/db.h>
#include <mdd_internal/codec.h>

#include <stdio.h>
#include <string.h>

static inline mdd_bytes text(const char *s) { return (mdd_bytes){(const uint8_t *)s, strlen(s)}; }

/* How a test file is spoiled. */
typedef enum spoil { INTACT, WRONG_SHA512 } spoil;

/* The payload of ECU name at revision: one variant "V" with one service, 10 01, named
 * "Session_<revision>", so that an answer tells which file it came from. */
static inline mdd_bytes build_ecu(tb *b, const char *name, const char *revision)
{
    char service[64];
    snprintf(service, sizeof service, "Session_%s", revision);
    const eb_service services[] = {EB_SERVICE(service, "16", "1", 8)};
    const eb_layer layers[] = {
        {.kind = EB_VARIANT, .name = "V", .services = services, .service_count = 1},
    };
    eb_ecu ecu = {.name = name, .layers = layers, .layer_count = 1, .revision = revision};
    eb_build(b, &ecu);
    return (mdd_bytes){b->buf, b->len};
}

/* The MDD file of ECU name at revision, its chunk signed with the payload's SHA-512 (or a
 * wrong one), in buf. */
static inline void encode_ecu(mdd_buffer *buf, const char *name, const char *revision, spoil how)
{
    tb built;
    mdd_bytes payload = build_ecu(&built, name, revision);
    uint8_t digest[MDD_SHA512_SIZE];
    assert_int_equal(mdd_sha512(payload.ptr, payload.len, digest, NULL), MDD_OK);
    if (how == WRONG_SHA512)
        digest[0] ^= 1;
    mdd_signature sig = {.algorithm = text("sha512_uncompressed"),
                         .signature = {digest, sizeof digest}};
    mdd_chunk chunk = {.type = MDD_CHUNK_DIAGNOSTIC_DESCRIPTION, .data = payload,
                       .signatures = &sig, .signature_count = 1};
    mdd_file file = {.version = text("2025-05-21"), .ecu_name = text(name),
                     .chunks = &chunk, .chunk_count = 1};
    mdd_sink sink = mdd_buffer_sink(buf);
    mdd_error err;
    if (mdd_file_encode(&file, &sink, &err) != MDD_OK)
        fail_msg("encode: %s", err.message);
}

/* Puts bytes at dir/file by a rename, as an update arrives. */
static inline void install_bytes(const char *dir, const char *file, const void *bytes, size_t len)
{
    char path[512], tmp[520];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    snprintf(tmp, sizeof tmp, "%s.new", path);
    tu_write_file(tmp, bytes, len);
    assert_int_equal(rename(tmp, path), 0);
}

static inline void install_ecu(const char *dir, const char *file, const char *name,
                        const char *revision, spoil how)
{
    mdd_buffer buf = {0};
    encode_ecu(&buf, name, revision, how);
    install_bytes(dir, file, buf.data, buf.len);
    mdd_buffer_free(&buf);
}

/* The name of the service that answers 10 01 in the base variant of ECU name, or "" when
 * the ECU is not there. */
static inline void answer(const mdd_db *db, const char *name, char *out, size_t size)
{
    out[0] = '\0';
    const mdd_db_ecu *ecu = mdd_db_find_ecu(db, name);
    if (!ecu)
        return;
    static const uint8_t request[] = {0x10, 0x01};
    mdd_db_service s;
    if (mdd_db_layer_lookup_request(mdd_db_ecu_base_variant(ecu), request, 2, &s, 1) != 1)
        fail_msg("%s: no answer to 10 01", name);
    mdd_bytes n = mdd_diag_comm_short_name(mdd_diag_service_diag_comm(s.service));
    snprintf(out, size, "%.*s", (int)n.len, (const char *)n.ptr);
}

static inline void assert_answer(const mdd_db *db, const char *name, const char *expected)
{
    char got[64];
    answer(db, name, got, sizeof got);
    assert_string_equal(got, expected);
}

#endif
