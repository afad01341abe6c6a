/* SPDX-License-Identifier: Apache-2.0 */
/* Verification records (docs/adr/0024-ready-fast-with-integrity.md): the record's bytes, the
 * trusted open they allow, and every way a changed file, a changed record or another user's
 * record is caught at open under the default mode. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "testutil.h"

#include <mdd/db.h>
#include <mdd/fb_verify.h>
#include <mdd/store.h>
#include <mdd_internal/gen.h>
#include <mdd_internal/store.h>
#include <mdd_internal/codec.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct fixture {
    char dir[4096];
    char mdd[4200];
    char record[4220];
    char other[4200];
} fixture;

/* ---- files ---- */

/* Writes the generated MDD file of ECU name (one LZMA chunk, about 120 KB of EcuData). */
static void write_generated(const char *path, const char *name, uint64_t seed)
{
    mdd_gen_spec spec = {.seed = seed, .target_bytes = 120000};
    snprintf(spec.name, sizeof spec.name, "%s", name);
    tu_write_generated(path, &spec);
}

static struct stat stat_of(const char *path)
{
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    return st;
}

/* Flips one bit at offset in place, then sets mtime back to what it was: only ctime tells. */
static void damage_keeping_mtime(const char *path, off_t offset)
{
    struct stat before = stat_of(path);
    int fd = open(path, O_RDWR | O_CLOEXEC);
    assert_true(fd >= 0);
    uint8_t b;
    assert_int_equal(pread(fd, &b, 1, offset), 1);
    b ^= 0x01;
    assert_int_equal(pwrite(fd, &b, 1, offset), 1);
    struct timespec times[2] = {before.st_atim, before.st_mtim};
    assert_int_equal(futimens(fd, times), 0);
    assert_int_equal(close(fd), 0);
}

/* Where the (only) chunk's data starts in the converted file, and its length. */
static void chunk_span(const char *path, uint64_t *offset, uint64_t *len)
{
    mdd_mapping map;
    mdd_file file;
    mdd_error err;
    assert_int_equal(mdd_mapping_open(path, &map, &err), MDD_OK);
    mdd_parse_options po = mdd_parse_options_default();
    assert_int_equal(mdd_file_parse(map.data, map.size, &po, &file, &err), MDD_OK);
    assert_int_equal(file.chunk_count, 1);
    *offset = (uint64_t)(file.chunks[0].data.ptr - map.data);
    *len = file.chunks[0].data.len;
    mdd_file_free(&file);
    mdd_mapping_close(&map);
}

/* The message a failed signature check of the (only) chunk of path gives: the signed digest
 * and the digest of the chunk's bytes as they are now, computed here from the file. */
static void mismatch_message(const char *path, char *out, size_t size)
{
    mdd_mapping map;
    mdd_file file;
    mdd_error err;
    assert_int_equal(mdd_mapping_open(path, &map, &err), MDD_OK);
    mdd_parse_options po = mdd_parse_options_default();
    assert_int_equal(mdd_file_parse(map.data, map.size, &po, &file, &err), MDD_OK);
    uint8_t digest[MDD_SHA512_SIZE];
    assert_int_equal(mdd_sha512(file.chunks[0].data.ptr, file.chunks[0].data.len, digest, &err),
                     MDD_OK);
    char want[17], got[17];
    tu_hex(file.chunks[0].signatures[0].signature.ptr, 8, want);
    tu_hex(digest, 8, got);
    snprintf(out, size, "chunk 0: signatures[0]: SHA-512 mismatch: expected %s..., got %s...",
             want, got);
    mdd_file_free(&file);
    mdd_mapping_close(&map);
}

/* ---- opening ---- */

static mdd_store_options options(mdd_integrity integrity)
{
    mdd_store_options o = mdd_store_options_default();
    o.integrity = integrity;
    return o;
}

/* Opens path (inplace, verify on) and returns how its integrity was established. */
static mdd_verified_by open_verified_by(const char *path, mdd_integrity integrity)
{
    mdd_store_options o = options(integrity);
    mdd_store *s = NULL;
    mdd_error err = {0};
    if (mdd_store_open(path, &o, &s, &err) != MDD_OK)
        fail_msg("open %s: %s", path, err.message);
    mdd_verified_by by = mdd_store_verified_by(s);
    mdd_store_close(s);
    return by;
}

static void assert_open_fails(const char *path, mdd_status want, const char *message)
{
    char mismatch[256];
    if (!message) {
        mismatch_message(path, mismatch, sizeof mismatch);
        message = mismatch;
    }
    mdd_store_options o = options(MDD_INTEGRITY_RECORD);
    mdd_store *s = (mdd_store *)1;
    mdd_error err = {0};
    assert_int_equal(mdd_store_open(path, &o, &s, &err), want);
    assert_null(s);
    assert_string_equal(err.message, message);
}

static mdd_record load_record(const char *mdd)
{
    mdd_record r;
    mdd_error err = {0};
    if (mdd_record_load(mdd, &r, &err) != MDD_OK)
        fail_msg("record of %s: %s", mdd, err.message);
    return r;
}

/* Rewrites the record of mdd with its identity set to the file as it is now: what a forger
 * (or a clock set back by root) would need to make a changed file look unchanged. */
static void forge_identity(const char *mdd)
{
    mdd_record r = load_record(mdd);
    struct stat st = stat_of(mdd);
    r.identity = mdd_record_identity_of(&st);
    mdd_error err;
    assert_int_equal(mdd_record_save(mdd, &r, 0644, &err), MDD_OK);
    mdd_record_free(&r);
}

/* ---- fixture ---- */

static int setup(void **state)
{
    fixture *fx = calloc(1, sizeof *fx);
    if (!fx)
        return -1;
    if (tu_make_temp_dir(fx->dir, sizeof fx->dir, "record") != 0)
        return -1;
    snprintf(fx->mdd, sizeof fx->mdd, "%s/ecu.mdd", fx->dir);
    snprintf(fx->record, sizeof fx->record, "%s/ecu.mdd.verified", fx->dir);
    snprintf(fx->other, sizeof fx->other, "%s/other.mdd", fx->dir);
    write_generated(fx->mdd, "ECU", 11);
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

/* ---- the record's bytes ---- */

/* A record of one chunk with every field set to a value of its own. */
static mdd_record sample_record(mdd_record_chunk *chunk)
{
    *chunk = (mdd_record_chunk){.length = 0x0102030405060708u, .flags = 1};
    memset(chunk->sha512, 0xAB, sizeof chunk->sha512);
    mdd_record r = {
        .identity = {.size = 0x1122, .inode = 0x3344, .device = 0x5566, .mtime_sec = -2,
                     .ctime_sec = 0x778899, .mtime_nsec = 999999999, .ctime_nsec = 7},
        .sample_bytes = 16384,
        .fb_max_depth = 64,
        .fb_max_tables = 1000000,
        .fb_max_size = 0xFFFFFFFFu,
        .sig = {.state = MDD_SIG_VERIFIED, .index = 3, .algorithm = "ed25519",
                .key_source = "keys.pem"},
        .sig_policy = MDD_SIG_REQUIRE,
        .chunk_count = 1,
        .chunks = chunk,
    };
    memset(r.sample, 0x5A, sizeof r.sample);
    memset(r.sig_trust, 0x7E, sizeof r.sig_trust);
    memset(r.sig.key_id, 0x3C, sizeof r.sig.key_id);
    return r;
}

static uint64_t le_at(const uint8_t *p, unsigned bytes)
{
    uint64_t v = 0;
    for (unsigned i = bytes; i-- > 0;)
        v = v << 8 | p[i];
    return v;
}

static void test_record_layout_and_round_trip(void **state)
{
    (void)state;
    mdd_record_chunk chunk;
    mdd_record r = sample_record(&chunk);
    assert_int_equal(mdd_record_size(1), 480);
    assert_int_equal(mdd_record_size(13102), 400 + 13102 * 80); /* the most under 1 MiB */
    assert_int_equal(mdd_record_size(13103), 0);
    uint8_t buf[480];
    mdd_error err;
    assert_int_equal(mdd_record_encode(&r, buf, &err), MDD_OK);
    /* The layout of docs/format.md, byte for byte. */
    assert_memory_equal(buf, "MDDVREC1", 8);
    assert_int_equal(le_at(buf + 8, 4), 2);
    assert_int_equal(le_at(buf + 12, 4), 0);
    assert_int_equal(le_at(buf + 16, 8), 1);
    assert_int_equal(le_at(buf + 24, 8), 0x1122);
    assert_int_equal(le_at(buf + 32, 8), 0x3344);
    assert_int_equal(le_at(buf + 40, 8), 0x5566);
    assert_int_equal(le_at(buf + 48, 8), UINT64_MAX - 1);
    assert_int_equal(le_at(buf + 56, 4), 999999999);
    assert_int_equal(le_at(buf + 60, 4), 7);
    assert_int_equal(le_at(buf + 64, 8), 0x778899);
    assert_int_equal(le_at(buf + 72, 8), 16384);
    assert_int_equal(buf[80], 0x5A);
    assert_int_equal(le_at(buf + 144, 4), 64);
    assert_int_equal(le_at(buf + 148, 4), 1000000);
    assert_int_equal(le_at(buf + 152, 8), 0xFFFFFFFFu);
    assert_int_equal(le_at(buf + 160, 4), MDD_SIG_VERIFIED);
    assert_int_equal(le_at(buf + 164, 4), 3);
    assert_int_equal(le_at(buf + 168, 4), MDD_SIG_REQUIRE);
    assert_int_equal(le_at(buf + 172, 4), 0);
    assert_int_equal(buf[176], 0x7E);
    assert_int_equal(buf[208], 0x3C);
    assert_string_equal((const char *)buf + 240, "ed25519");
    assert_string_equal((const char *)buf + 272, "keys.pem");
    assert_int_equal(le_at(buf + 336, 8), 0x0102030405060708u);
    assert_int_equal(le_at(buf + 344, 8), 1);
    assert_int_equal(buf[352], 0xAB);
    uint8_t digest[MDD_SHA512_SIZE];
    assert_int_equal(mdd_sha512(buf, 416, digest, &err), MDD_OK);
    assert_memory_equal(buf + 416, digest, MDD_SHA512_SIZE);
    mdd_record back;
    assert_int_equal(mdd_record_parse(buf, sizeof buf, &back, &err), MDD_OK);
    assert_memory_equal(&back.identity, &r.identity, sizeof r.identity);
    assert_int_equal(back.sample_bytes, 16384);
    assert_int_equal(back.fb_max_size, 0xFFFFFFFFu);
    assert_int_equal(back.chunk_count, 1);
    assert_memory_equal(&back.chunks[0], &chunk, sizeof chunk);
    assert_memory_equal(&back.sig, &r.sig, sizeof r.sig);
    assert_int_equal(back.sig_policy, MDD_SIG_REQUIRE);
    assert_memory_equal(back.sig_trust, r.sig_trust, sizeof r.sig_trust);
    mdd_record_free(&back);
}

/* Parses data and expects status with message. */
static void assert_parse_fails(const uint8_t *data, size_t size, mdd_status status,
                               const char *message)
{
    mdd_record r;
    mdd_error err = {0};
    assert_int_equal(mdd_record_parse(data, size, &r, &err), status);
    assert_string_equal(err.message, message);
    assert_null(r.chunks);
    assert_int_equal(r.chunk_count, 0);
}

static void test_hostile_records_are_refused(void **state)
{
    (void)state;
    mdd_record_chunk chunk;
    mdd_record r = sample_record(&chunk);
    uint8_t good[480], bad[480];
    assert_int_equal(mdd_record_encode(&r, good, NULL), MDD_OK);
    assert_parse_fails(good, 399, MDD_ERR_FORMAT, "399 bytes, shorter than a record's 400");
    memcpy(bad, good, sizeof bad);
    bad[0] = 'X';
    assert_parse_fails(bad, sizeof bad, MDD_ERR_FORMAT,
                       "offset 0: not a verification record (bad magic)");
    memcpy(bad, good, sizeof bad);
    bad[8] = 3;
    assert_parse_fails(bad, sizeof bad, MDD_ERR_FORMAT, "offset 8: format version 3, expected 2");
    memcpy(bad, good, sizeof bad);
    bad[15] = 1;
    assert_parse_fails(bad, sizeof bad, MDD_ERR_FORMAT, "offset 12: reserved field is not zero");
    memcpy(bad, good, sizeof bad);
    bad[16] = 2;
    assert_parse_fails(bad, sizeof bad, MDD_ERR_FORMAT,
                       "offset 16: 2 chunks do not fit a record of 480 bytes");
    memcpy(bad, good, sizeof bad);
    bad[23] = 0x80; /* 2^63 chunks: no size overflows into a match */
    assert_parse_fails(bad, sizeof bad, MDD_ERR_FORMAT,
                       "offset 16: 9223372036854775809 chunks do not fit a record of 480 bytes");
    assert_parse_fails(good, sizeof good - 80, MDD_ERR_FORMAT,
                       "offset 16: 1 chunks do not fit a record of 400 bytes");
    /* Any other byte changed: only the checksum can tell, and nothing else is read. */
    /* Sealed again after the change: only the attestation's own checks can tell. */
    static const struct {
        size_t at;
        uint8_t value;
        const char *message;
    } attested[] = {
        {160, 1, "offset 160: attested state 1"},
        {168, 3, "offset 168: attested policy 3"},
        {271, 'x', "offset 240: the attested algorithm is not NUL-terminated"},
        {335, 'x', "offset 272: the attested key source is not NUL-terminated"},
    };
    for (size_t i = 0; i < sizeof attested / sizeof attested[0]; i++) {
        memcpy(bad, good, sizeof bad);
        bad[attested[i].at] = attested[i].value;
        assert_int_equal(mdd_sha512(bad, 416, bad + 416, NULL), MDD_OK);
        assert_parse_fails(bad, sizeof bad, MDD_ERR_FORMAT, attested[i].message);
    }
    memcpy(bad, good, sizeof bad);
    bad[172] = 1;
    assert_parse_fails(bad, sizeof bad, MDD_ERR_FORMAT, "offset 172: reserved field is not zero");
    for (size_t at = 24; at < sizeof bad; at += 37) {
        if (at >= 172 && at < 176)
            continue; /* the reserved field above */
        memcpy(bad, good, sizeof bad);
        bad[at] ^= 0x10;
        assert_parse_fails(bad, sizeof bad, MDD_ERR_CHECKSUM,
                           "offset 416: the record's SHA-512 does not match");
    }
}

/* ---- the trusted open ---- */

static void test_first_open_hashes_then_record_is_trusted(void **state)
{
    fixture *fx = *state;
    assert_int_not_equal(access(fx->record, F_OK), 0);
    assert_int_equal(open_verified_by(fx->mdd, MDD_INTEGRITY_RECORD), MDD_VERIFIED_HASH);
    mdd_record r = load_record(fx->mdd);
    struct stat st = stat_of(fx->mdd);
    assert_int_equal(r.identity.size, (uint64_t)st.st_size);
    assert_int_equal(r.identity.inode, (uint64_t)st.st_ino);
    assert_int_equal(r.identity.ctime_sec, (int64_t)st.st_ctim.tv_sec);
    assert_int_equal(r.identity.ctime_nsec, (uint32_t)st.st_ctim.tv_nsec);
    assert_int_equal(r.chunk_count, 1);
    uint64_t offset, len;
    chunk_span(fx->mdd, &offset, &len);
    assert_int_equal(r.chunks[0].length, len);
    assert_int_equal(r.chunks[0].flags, 0);
    /* Both ends of the file and of the chunk, 4 KiB each. */
    assert_int_equal(r.sample_bytes, 4 * MDD_RECORD_SAMPLE_SPAN);
    mdd_record_free(&r);
    /* Mode: the file's read bits, never write bits for others. */
    assert_int_equal(stat_of(fx->record).st_mode & 0777, 0644);
    assert_int_equal(open_verified_by(fx->mdd, MDD_INTEGRITY_RECORD), MDD_VERIFIED_RECORD);
    assert_int_equal(open_verified_by(fx->mdd, MDD_INTEGRITY_RECORD), MDD_VERIFIED_RECORD);
}

static void test_hash_mode_always_hashes(void **state)
{
    fixture *fx = *state;
    assert_int_equal(open_verified_by(fx->mdd, MDD_INTEGRITY_HASH), MDD_VERIFIED_HASH);
    assert_int_not_equal(access(fx->record, F_OK), 0); /* nor writes one */
    assert_int_equal(open_verified_by(fx->mdd, MDD_INTEGRITY_RECORD), MDD_VERIFIED_HASH);
    assert_int_equal(open_verified_by(fx->mdd, MDD_INTEGRITY_HASH), MDD_VERIFIED_HASH);
    mdd_store_options o = mdd_store_options_default();
    o.verify = 0;
    mdd_store *s;
    assert_int_equal(mdd_store_open(fx->mdd, &o, &s, NULL), MDD_OK);
    assert_int_equal(mdd_store_verified_by(s), MDD_VERIFIED_NONE);
    mdd_store_close(s);
    o = options((mdd_integrity)7);
    mdd_error err;
    assert_int_equal(mdd_store_open(fx->mdd, &o, &s, &err), MDD_ERR_ARG);
    assert_string_equal(err.message, "unknown integrity mode 7");
}

/* ---- a changed file is caught at open ---- */

static void test_modified_file_is_detected(void **state)
{
    fixture *fx = *state;
    assert_int_equal(open_verified_by(fx->mdd, MDD_INTEGRITY_RECORD), MDD_VERIFIED_HASH);
    uint64_t offset, len;
    chunk_span(fx->mdd, &offset, &len);
    /* The middle of the payload, which the sample does not cover, and mtime set back. */
    damage_keeping_mtime(fx->mdd, (off_t)(offset + len / 2));
    assert_open_fails(fx->mdd, MDD_ERR_CHECKSUM, NULL);
}

static void test_truncated_file_is_detected(void **state)
{
    fixture *fx = *state;
    assert_int_equal(open_verified_by(fx->mdd, MDD_INTEGRITY_RECORD), MDD_VERIFIED_HASH);
    struct stat st = stat_of(fx->mdd);
    assert_int_equal(truncate(fx->mdd, st.st_size - 100), 0);
    /* The chunk is the file's last field: its 3-byte length at 176, its bytes from 179 to
     * the end. */
    char want[128];
    snprintf(want, sizeof want,
             "MDDFile: offset 176: field 6: length %lld runs past the end (%lld left)",
             (long long)st.st_size - 179, (long long)st.st_size - 279);
    assert_open_fails(fx->mdd, MDD_ERR_FORMAT, want);
}

static void test_replaced_file_is_detected(void **state)
{
    fixture *fx = *state;
    assert_int_equal(open_verified_by(fx->mdd, MDD_INTEGRITY_RECORD), MDD_VERIFIED_HASH);
    /* Another valid file: hashed, then its own record replaces the old one. */
    write_generated(fx->other, "ECU", 12);
    assert_int_equal(open_verified_by(fx->other, MDD_INTEGRITY_HASH), MDD_VERIFIED_HASH);
    assert_int_equal(rename(fx->other, fx->mdd), 0);
    assert_int_equal(open_verified_by(fx->mdd, MDD_INTEGRITY_RECORD), MDD_VERIFIED_HASH);
    assert_int_equal(open_verified_by(fx->mdd, MDD_INTEGRITY_RECORD), MDD_VERIFIED_RECORD);
    /* A damaged copy of the same file dropped in place, mtime and size kept. */
    uint64_t offset, len;
    chunk_span(fx->mdd, &offset, &len);
    size_t size;
    uint8_t *bytes = tu_read_file(fx->mdd, &size);
    bytes[offset + len / 2] ^= 0x20;
    tu_write_file(fx->other, bytes, size);
    free(bytes);
    struct stat st = stat_of(fx->mdd);
    struct timespec times[2] = {st.st_atim, st.st_mtim};
    assert_int_equal(utimensat(AT_FDCWD, fx->other, times, 0), 0);
    assert_int_equal(rename(fx->other, fx->mdd), 0);
    assert_open_fails(fx->mdd, MDD_ERR_CHECKSUM, NULL);
}

/* ---- what the sample covers, and what it does not ---- */

static void test_sample_catches_damage_a_forged_identity_hides(void **state)
{
    fixture *fx = *state;
    assert_int_equal(open_verified_by(fx->mdd, MDD_INTEGRITY_RECORD), MDD_VERIFIED_HASH);
    uint64_t offset, len;
    chunk_span(fx->mdd, &offset, &len);
    /* Bit rot in the first page of the payload: the identity is made to match, the sample
     * still differs, so the file is hashed and the damage found. */
    damage_keeping_mtime(fx->mdd, (off_t)offset + 100);
    forge_identity(fx->mdd);
    assert_open_fails(fx->mdd, MDD_ERR_CHECKSUM, NULL);
}

static void test_damage_outside_the_sample_needs_the_scrub(void **state)
{
    fixture *fx = *state;
    assert_int_equal(open_verified_by(fx->mdd, MDD_INTEGRITY_RECORD), MDD_VERIFIED_HASH);
    uint64_t offset, len;
    chunk_span(fx->mdd, &offset, &len);
    damage_keeping_mtime(fx->mdd, (off_t)(offset + len / 2));
    forge_identity(fx->mdd);
    /* The limit the ADR states: a change no identity field shows, outside the sample, is
     * trusted until a full verification. */
    assert_int_equal(open_verified_by(fx->mdd, MDD_INTEGRITY_RECORD), MDD_VERIFIED_RECORD);
    mdd_store_options o = options(MDD_INTEGRITY_HASH);
    mdd_store *s;
    assert_int_equal(mdd_store_open(fx->mdd, &o, &s, NULL), MDD_ERR_CHECKSUM);
}

/* ---- records that are not trusted ---- */

static void test_untrusted_records_are_ignored(void **state)
{
    fixture *fx = *state;
    assert_int_equal(open_verified_by(fx->mdd, MDD_INTEGRITY_RECORD), MDD_VERIFIED_HASH);
    /* Writable by the group: hashed (and rewritten with the safe mode). */
    assert_int_equal(chmod(fx->record, 0664), 0);
    assert_int_equal(open_verified_by(fx->mdd, MDD_INTEGRITY_RECORD), MDD_VERIFIED_HASH);
    assert_int_equal(stat_of(fx->record).st_mode & 0777, 0644);
    assert_int_equal(open_verified_by(fx->mdd, MDD_INTEGRITY_RECORD), MDD_VERIFIED_RECORD);
    /* One bit of the record changed: its checksum fails. */
    size_t size;
    uint8_t *bytes = tu_read_file(fx->record, &size);
    bytes[30] ^= 0x01;
    tu_write_file(fx->record, bytes, size);
    assert_int_equal(open_verified_by(fx->mdd, MDD_INTEGRITY_RECORD), MDD_VERIFIED_HASH);
    /* A symbolic link to a good record is not followed. */
    char moved[4300];
    snprintf(moved, sizeof moved, "%s/elsewhere", fx->dir);
    assert_int_equal(rename(fx->record, moved), 0);
    assert_int_equal(symlink(moved, fx->record), 0);
    assert_int_equal(open_verified_by(fx->mdd, MDD_INTEGRITY_RECORD), MDD_VERIFIED_HASH);
    free(bytes);
}

static void test_record_of_another_owner_is_ignored(void **state)
{
    fixture *fx = *state;
    if (geteuid() != 0)
        skip(); /* only root can give a file away */
    assert_int_equal(open_verified_by(fx->mdd, MDD_INTEGRITY_RECORD), MDD_VERIFIED_HASH);
    assert_int_equal(chown(fx->record, 65534, 65534), 0);
    mdd_record r;
    mdd_error err;
    /* Root trusts its own and root's records only; 65534 is neither. */
    assert_int_equal(mdd_record_load(fx->mdd, &r, &err), MDD_ERR_FORMAT);
    char want[4400];
    snprintf(want, sizeof want, "%s: owned by user 65534, neither this user nor root",
             fx->record);
    assert_string_equal(err.message, want);
}

/* ---- the database adds the FlatBuffers verification ---- */

static void test_database_records_its_verification(void **state)
{
    fixture *fx = *state;
    const char *paths[] = {fx->mdd};
    mdd_db *db;
    mdd_error err;
    assert_int_equal(mdd_db_open(paths, 1, NULL, &db, &err), MDD_OK);
    mdd_db_close(db);
    mdd_record r = load_record(fx->mdd);
    mdd_fb_verify_options fb = mdd_fb_verify_options_default();
    assert_int_equal(r.chunks[0].flags, MDD_RECORD_ECU_DATA_VERIFIED);
    assert_int_equal(r.fb_max_depth, fb.max_depth);
    assert_int_equal(r.fb_max_tables, fb.max_tables);
    assert_int_equal(r.fb_max_size, fb.max_size);
    mdd_record_free(&r);
    /* Other verifier options: verified again, and the record now says so for those. */
    mdd_db_options o = mdd_db_options_default();
    o.fb.max_depth = 40;
    assert_int_equal(mdd_db_open(paths, 1, &o, &db, &err), MDD_OK);
    mdd_db_close(db);
    r = load_record(fx->mdd);
    assert_int_equal(r.chunks[0].flags, MDD_RECORD_ECU_DATA_VERIFIED);
    assert_int_equal(r.fb_max_depth, 40);
    mdd_record_free(&r);
    assert_int_equal(mdd_db_open(paths, 1, &o, &db, &err), MDD_OK);
    assert_int_equal(mdd_store_verified_by(mdd_db_ecu_store(mdd_db_ecu_at(db, 0))),
                     MDD_VERIFIED_RECORD);
    mdd_db_close(db);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_record_layout_and_round_trip),
        cmocka_unit_test(test_hostile_records_are_refused),
        T(test_first_open_hashes_then_record_is_trusted),
        T(test_hash_mode_always_hashes),
        T(test_modified_file_is_detected),
        T(test_truncated_file_is_detected),
        T(test_replaced_file_is_detected),
        T(test_sample_catches_damage_a_forged_identity_hides),
        T(test_damage_outside_the_sample_needs_the_scrub),
        T(test_untrusted_records_are_ignored),
        T(test_record_of_another_owner_is_ignored),
        T(test_database_records_its_verification),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
