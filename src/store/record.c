/* SPDX-License-Identifier: Apache-2.0 */
/* The verification record's bytes: encoding, and parsing one read back, whose every field is
 * untrusted until its checksum and size are checked. */
#include <mdd_internal/common.h>
#include "store_impl.h"

#include <mdd/codec.h>
#include <mdd_internal/store.h>
#include <mdd_internal/codec.h>

#include <stdlib.h>
#include <string.h>

/* Field offsets in the header. */
enum {
    REC_MAGIC = 0,
    REC_VERSION = 8,
    REC_RESERVED = 12,
    REC_CHUNK_COUNT = 16,
    REC_SIZE = 24,
    REC_INODE = 32,
    REC_DEVICE = 40,
    REC_MTIME_SEC = 48,
    REC_MTIME_NSEC = 56,
    REC_CTIME_NSEC = 60,
    REC_CTIME_SEC = 64,
    REC_SAMPLE_BYTES = 72,
    REC_SAMPLE = 80,
    REC_FB_MAX_DEPTH = 144,
    REC_FB_MAX_TABLES = 148,
    REC_FB_MAX_SIZE = 152,
    REC_SIG_STATE = 160,
    REC_SIG_INDEX = 164,
    REC_SIG_POLICY = 168,
    REC_SIG_RESERVED = 172,
    REC_SIG_TRUST = 176,
    REC_SIG_KEY_ID = 208,
    REC_SIG_ALGORITHM = 240,
    REC_SIG_KEY_SOURCE = 272
};

/* Field offsets in a chunk entry. */
enum { ENTRY_LENGTH = 0, ENTRY_FLAGS = 8, ENTRY_SHA512 = 16 };

void mdd_record_free(mdd_record *record)
{
    free(record->chunks);
    memset(record, 0, sizeof *record);
}

size_t mdd_record_size(size_t chunk_count)
{
    size_t fixed = MDD_RECORD_HEADER_SIZE + MDD_RECORD_TRAILER_SIZE;
    if (chunk_count > (MDD_RECORD_MAX_SIZE - fixed) / MDD_RECORD_ENTRY_SIZE)
        return 0;
    return fixed + chunk_count * MDD_RECORD_ENTRY_SIZE;
}

static void encode_header(const mdd_record *r, uint8_t *out)
{
    memset(out, 0, MDD_RECORD_HEADER_SIZE);
    memcpy(out + REC_MAGIC, MDD_RECORD_MAGIC, 8);
    mdd_le_put(out + REC_VERSION, MDD_RECORD_VERSION, 4);
    mdd_le_put(out + REC_CHUNK_COUNT, r->chunk_count, 8);
    mdd_le_put(out + REC_SIZE, r->identity.size, 8);
    mdd_le_put(out + REC_INODE, r->identity.inode, 8);
    mdd_le_put(out + REC_DEVICE, r->identity.device, 8);
    mdd_le_put(out + REC_MTIME_SEC, (uint64_t)r->identity.mtime_sec, 8);
    mdd_le_put(out + REC_MTIME_NSEC, r->identity.mtime_nsec, 4);
    mdd_le_put(out + REC_CTIME_NSEC, r->identity.ctime_nsec, 4);
    mdd_le_put(out + REC_CTIME_SEC, (uint64_t)r->identity.ctime_sec, 8);
    mdd_le_put(out + REC_SAMPLE_BYTES, r->sample_bytes, 8);
    memcpy(out + REC_SAMPLE, r->sample, MDD_SHA512_SIZE);
    mdd_le_put(out + REC_FB_MAX_DEPTH, r->fb_max_depth, 4);
    mdd_le_put(out + REC_FB_MAX_TABLES, r->fb_max_tables, 4);
    mdd_le_put(out + REC_FB_MAX_SIZE, r->fb_max_size, 8);
    mdd_le_put(out + REC_SIG_STATE, (uint64_t)r->sig.state, 4);
    mdd_le_put(out + REC_SIG_INDEX, r->sig.index, 4);
    mdd_le_put(out + REC_SIG_POLICY, r->sig_policy, 4);
    memcpy(out + REC_SIG_TRUST, r->sig_trust, sizeof r->sig_trust);
    memcpy(out + REC_SIG_KEY_ID, r->sig.key_id, sizeof r->sig.key_id);
    memcpy(out + REC_SIG_ALGORITHM, r->sig.algorithm, sizeof r->sig.algorithm);
    memcpy(out + REC_SIG_KEY_SOURCE, r->sig.key_source, sizeof r->sig.key_source);
}

mdd_status mdd_record_encode(const mdd_record *record, uint8_t *out, mdd_error *err)
{
    size_t size = mdd_record_size(record->chunk_count);
    if (size == 0)
        return mdd_fail(err, MDD_ERR_LIMIT, "%zu chunks: too many for a verification record",
                        record->chunk_count);
    encode_header(record, out);
    for (size_t i = 0; i < record->chunk_count; i++) {
        uint8_t *e = out + MDD_RECORD_HEADER_SIZE + i * MDD_RECORD_ENTRY_SIZE;
        mdd_le_put(e + ENTRY_LENGTH, record->chunks[i].length, 8);
        mdd_le_put(e + ENTRY_FLAGS, record->chunks[i].flags, 8);
        memcpy(e + ENTRY_SHA512, record->chunks[i].sha512, MDD_SHA512_SIZE);
    }
    size_t body = size - MDD_RECORD_TRAILER_SIZE;
    mdd_sha512_builtin(out, body, out + body);
    return MDD_OK;
}

/* Magic, version, reserved field and the size the chunk count implies. */
static mdd_status check_frame(const uint8_t *data, size_t size, uint64_t *count, mdd_error *err)
{
    if (size < MDD_RECORD_HEADER_SIZE + MDD_RECORD_TRAILER_SIZE)
        return mdd_fail(err, MDD_ERR_FORMAT, "%zu bytes, shorter than a record's %u", size,
                        MDD_RECORD_HEADER_SIZE + MDD_RECORD_TRAILER_SIZE);
    if (memcmp(data + REC_MAGIC, MDD_RECORD_MAGIC, 8) != 0)
        return mdd_fail(err, MDD_ERR_FORMAT, "offset 0: not a verification record (bad magic)");
    uint64_t version = mdd_le_get(data + REC_VERSION, 4);
    if (version != MDD_RECORD_VERSION)
        return mdd_fail(err, MDD_ERR_FORMAT, "offset %d: format version %llu, expected %u",
                        REC_VERSION, (unsigned long long)version, MDD_RECORD_VERSION);
    if (mdd_le_get(data + REC_RESERVED, 4) != 0 || mdd_le_get(data + REC_SIG_RESERVED, 4) != 0)
        return mdd_fail(err, MDD_ERR_FORMAT, "offset %d: reserved field is not zero",
                        mdd_le_get(data + REC_RESERVED, 4) ? REC_RESERVED : REC_SIG_RESERVED);
    *count = mdd_le_get(data + REC_CHUNK_COUNT, 8);
    size_t want = *count <= SIZE_MAX ? mdd_record_size((size_t)*count) : 0;
    if (want != size)
        return mdd_fail(err, MDD_ERR_FORMAT,
                        "offset %d: %llu chunks do not fit a record of %zu bytes",
                        REC_CHUNK_COUNT, (unsigned long long)*count, size);
    return MDD_OK;
}

static mdd_status check_trailer(const uint8_t *data, size_t size, mdd_error *err)
{
    uint8_t digest[MDD_SHA512_SIZE];
    size_t body = size - MDD_RECORD_TRAILER_SIZE;
    mdd_sha512_builtin(data, body, digest);
    if (memcmp(digest, data + body, MDD_SHA512_SIZE) != 0)
        return mdd_fail(err, MDD_ERR_CHECKSUM, "offset %zu: the record's SHA-512 does not match",
                        body);
    return MDD_OK;
}

/* The attestation's state, policy and names are read as they stand only when they are values
 * the library writes: the record is checked as a whole, but its fields are not trusted to be
 * in range or NUL-terminated. */
static mdd_status check_sig(const uint8_t *data, mdd_error *err)
{
    uint64_t state = mdd_le_get(data + REC_SIG_STATE, 4);
    uint64_t policy = mdd_le_get(data + REC_SIG_POLICY, 4);
    if (state != MDD_SIG_NOT_CHECKED && state != MDD_SIG_VERIFIED)
        return mdd_fail(err, MDD_ERR_FORMAT, "offset %d: attested state %llu", REC_SIG_STATE,
                        (unsigned long long)state);
    if (policy > MDD_SIG_REQUIRE)
        return mdd_fail(err, MDD_ERR_FORMAT, "offset %d: attested policy %llu", REC_SIG_POLICY,
                        (unsigned long long)policy);
    if (data[REC_SIG_KEY_SOURCE - 1] != 0)
        return mdd_fail(err, MDD_ERR_FORMAT, "offset %d: the attested algorithm is not "
                        "NUL-terminated", REC_SIG_ALGORITHM);
    if (data[MDD_RECORD_HEADER_SIZE - 1] != 0)
        return mdd_fail(err, MDD_ERR_FORMAT, "offset %d: the attested key source is not "
                        "NUL-terminated", REC_SIG_KEY_SOURCE);
    return MDD_OK;
}

static void decode_sig(const uint8_t *data, mdd_record *out)
{
    mdd_sig_result *sig = &out->sig;
    sig->state = (mdd_sig_state)mdd_le_get(data + REC_SIG_STATE, 4);
    sig->index = (uint32_t)mdd_le_get(data + REC_SIG_INDEX, 4);
    out->sig_policy = (uint32_t)mdd_le_get(data + REC_SIG_POLICY, 4);
    memcpy(out->sig_trust, data + REC_SIG_TRUST, sizeof out->sig_trust);
    memcpy(sig->key_id, data + REC_SIG_KEY_ID, sizeof sig->key_id);
    memcpy(sig->algorithm, data + REC_SIG_ALGORITHM, sizeof sig->algorithm);
    memcpy(sig->key_source, data + REC_SIG_KEY_SOURCE, sizeof sig->key_source);
}

static void decode_header(const uint8_t *data, mdd_record *out)
{
    out->identity = (mdd_record_identity){
        .size = mdd_le_get(data + REC_SIZE, 8),
        .inode = mdd_le_get(data + REC_INODE, 8),
        .device = mdd_le_get(data + REC_DEVICE, 8),
        .mtime_sec = (int64_t)mdd_le_get(data + REC_MTIME_SEC, 8),
        .ctime_sec = (int64_t)mdd_le_get(data + REC_CTIME_SEC, 8),
        .mtime_nsec = (uint32_t)mdd_le_get(data + REC_MTIME_NSEC, 4),
        .ctime_nsec = (uint32_t)mdd_le_get(data + REC_CTIME_NSEC, 4),
    };
    out->sample_bytes = mdd_le_get(data + REC_SAMPLE_BYTES, 8);
    memcpy(out->sample, data + REC_SAMPLE, MDD_SHA512_SIZE);
    out->fb_max_depth = (uint32_t)mdd_le_get(data + REC_FB_MAX_DEPTH, 4);
    out->fb_max_tables = (uint32_t)mdd_le_get(data + REC_FB_MAX_TABLES, 4);
    out->fb_max_size = mdd_le_get(data + REC_FB_MAX_SIZE, 8);
    decode_sig(data, out);
}

mdd_status mdd_record_parse(const uint8_t *data, size_t size, mdd_record *out, mdd_error *err)
{
    memset(out, 0, sizeof *out);
    uint64_t count = 0;
    mdd_status st = check_frame(data, size, &count, err);
    if (st == MDD_OK)
        st = check_trailer(data, size, err);
    if (st == MDD_OK)
        st = check_sig(data, err);
    if (st)
        return st;
    out->chunks = calloc(count ? (size_t)count : 1, sizeof *out->chunks);
    if (!out->chunks)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for %llu record entries",
                        (unsigned long long)count);
    out->chunk_count = (size_t)count;
    decode_header(data, out);
    for (size_t i = 0; i < out->chunk_count; i++) {
        const uint8_t *e = data + MDD_RECORD_HEADER_SIZE + i * MDD_RECORD_ENTRY_SIZE;
        out->chunks[i].length = mdd_le_get(e + ENTRY_LENGTH, 8);
        out->chunks[i].flags = mdd_le_get(e + ENTRY_FLAGS, 8);
        memcpy(out->chunks[i].sha512, e + ENTRY_SHA512, MDD_SHA512_SIZE);
    }
    return MDD_OK;
}
