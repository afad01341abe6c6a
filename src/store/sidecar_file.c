/* SPDX-License-Identifier: Apache-2.0 */
/* The sidecar file: its fixed little-endian header and chunk table (encoding, and checking one
 * read back, whose every field is untrusted until checked), and writing a whole sidecar: the
 * header and chunk table, then every payload streamed from the MDD file and hashed on the way,
 * so that no payload is ever held whole in memory. */
#include <mdd_internal/common.h>
#include "store_impl.h"

#include <mdd/codec.h>
#include <mdd_internal/codec.h>

#include <stdlib.h>
#include <string.h>

/* Field offsets in the header. */
enum {
    HDR_MAGIC = 0,
    HDR_VERSION = 8,
    HDR_RESERVED1 = 12,
    HDR_CHUNK_COUNT = 16,
    HDR_SOURCE_SIZE = 24,
    HDR_MTIME_SEC = 32,
    HDR_MTIME_NSEC = 40,
    HDR_RESERVED2 = 44,
    HDR_INODE = 48,
    HDR_DEVICE = 56
};

/* Field offsets in a chunk table entry. */
enum { ENTRY_OFFSET = 0, ENTRY_LENGTH = 8, ENTRY_SHA512 = 16 };

uint64_t sidecar_payload_base(uint64_t chunk_count)
{
    uint64_t end = SIDECAR_HEADER_SIZE + chunk_count * SIDECAR_ENTRY_SIZE;
    return (end + SIDECAR_PAGE_SIZE - 1) & ~(uint64_t)(SIDECAR_PAGE_SIZE - 1);
}

void sidecar_encode_header(const sidecar_identity *source, uint64_t chunk_count,
                           uint8_t out[SIDECAR_HEADER_SIZE])
{
    memset(out, 0, SIDECAR_HEADER_SIZE);
    memcpy(out + HDR_MAGIC, SIDECAR_MAGIC, SIDECAR_MAGIC_SIZE);
    mdd_le_put(out + HDR_VERSION, SIDECAR_VERSION, 4);
    mdd_le_put(out + HDR_CHUNK_COUNT, chunk_count, 8);
    mdd_le_put(out + HDR_SOURCE_SIZE, source->size, 8);
    mdd_le_put(out + HDR_MTIME_SEC, (uint64_t)source->mtime_sec, 8);
    mdd_le_put(out + HDR_MTIME_NSEC, source->mtime_nsec, 4);
    mdd_le_put(out + HDR_INODE, source->inode, 8);
    mdd_le_put(out + HDR_DEVICE, source->device, 8);
}

void sidecar_encode_entry(uint64_t offset, uint64_t length, const uint8_t sha512[MDD_SHA512_SIZE],
                          uint8_t out[SIDECAR_ENTRY_SIZE])
{
    mdd_le_put(out + ENTRY_OFFSET, offset, 8);
    mdd_le_put(out + ENTRY_LENGTH, length, 8);
    memcpy(out + ENTRY_SHA512, sha512, MDD_SHA512_SIZE);
}

sidecar_entry sidecar_entry_at(const sidecar_header *header, size_t index)
{
    const uint8_t *p = header->table + index * SIDECAR_ENTRY_SIZE;
    return (sidecar_entry){mdd_le_get(p + ENTRY_OFFSET, 8), mdd_le_get(p + ENTRY_LENGTH, 8),
                           p + ENTRY_SHA512};
}

static mdd_status parse_fixed(const uint8_t *data, size_t size, sidecar_header *out,
                              mdd_error *err)
{
    if (size < SIDECAR_HEADER_SIZE)
        return mdd_fail(err, MDD_ERR_FORMAT, "%zu bytes, shorter than the %u-byte header", size,
                        SIDECAR_HEADER_SIZE);
    if (memcmp(data + HDR_MAGIC, SIDECAR_MAGIC, SIDECAR_MAGIC_SIZE) != 0)
        return mdd_fail(err, MDD_ERR_FORMAT, "offset 0: not a sidecar (bad magic)");
    uint64_t version = mdd_le_get(data + HDR_VERSION, 4);
    if (version != SIDECAR_VERSION)
        return mdd_fail(err, MDD_ERR_FORMAT, "offset %d: format version %llu, expected %u",
                        HDR_VERSION, (unsigned long long)version, SIDECAR_VERSION);
    if (mdd_le_get(data + HDR_RESERVED1, 4) != 0 || mdd_le_get(data + HDR_RESERVED2, 4) != 0)
        return mdd_fail(err, MDD_ERR_FORMAT, "reserved header field is not zero");
    out->chunk_count = mdd_le_get(data + HDR_CHUNK_COUNT, 8);
    out->source = (sidecar_identity){
        .size = mdd_le_get(data + HDR_SOURCE_SIZE, 8),
        .mtime_sec = (int64_t)mdd_le_get(data + HDR_MTIME_SEC, 8),
        .mtime_nsec = (uint32_t)mdd_le_get(data + HDR_MTIME_NSEC, 4),
        .inode = mdd_le_get(data + HDR_INODE, 8),
        .device = mdd_le_get(data + HDR_DEVICE, 8),
    };
    out->table = data + SIDECAR_HEADER_SIZE;
    return MDD_OK;
}

static mdd_status check_entry(const sidecar_header *h, size_t index, uint64_t base, size_t size,
                              mdd_error *err)
{
    sidecar_entry e = sidecar_entry_at(h, index);
    if (e.offset % STORE_PAYLOAD_ALIGN != 0 || e.offset < base || e.offset > size ||
        e.length > size - e.offset)
        return mdd_fail(err, MDD_ERR_FORMAT,
                        "chunk table entry %zu: %llu bytes at offset %llu lie outside the "
                        "payload area [%llu, %zu) or are not %u-byte aligned",
                        index, (unsigned long long)e.length, (unsigned long long)e.offset,
                        (unsigned long long)base, size, STORE_PAYLOAD_ALIGN);
    return MDD_OK;
}

mdd_status sidecar_parse(const uint8_t *data, size_t size, sidecar_header *out, mdd_error *err)
{
    mdd_status st = parse_fixed(data, size, out, err);
    if (st)
        return st;
    /* Compared by division, so a hostile count cannot overflow the table's size. */
    if (out->chunk_count > (size - SIDECAR_HEADER_SIZE) / SIDECAR_ENTRY_SIZE)
        return mdd_fail(err, MDD_ERR_FORMAT,
                        "offset %d: a chunk table of %llu entries runs past the end of the file",
                        HDR_CHUNK_COUNT, (unsigned long long)out->chunk_count);
    uint64_t base = sidecar_payload_base(out->chunk_count);
    for (size_t i = 0; i < out->chunk_count; i++) {
        st = check_entry(out, i, base, size, err);
        if (st)
            return st;
    }
    return MDD_OK;
}

static const uint8_t zeros[SIDECAR_PAGE_SIZE];

/* Passes everything on to out and into a running SHA-512. */
typedef struct hashing_sink {
    mdd_sink *out;
    mdd_sha512_ctx *sha;
} hashing_sink;

static mdd_status hashing_write(void *ctx, const uint8_t *data, size_t len, mdd_error *err)
{
    hashing_sink *h = ctx;
    mdd_status st = mdd_sink_write(h->out, data, len, err);
    return st ? st : mdd_sha512_update(h->sha, data, len, err);
}

static mdd_status write_zeros(mdd_sink *out, uint64_t count, mdd_error *err)
{
    while (count > 0) {
        size_t n = count < sizeof zeros ? (size_t)count : sizeof zeros;
        mdd_status st = mdd_sink_write(out, zeros, n, err);
        if (st)
            return st;
        count -= n;
    }
    return MDD_OK;
}

/* The table precedes the payloads, so each digest must be known before its payload is
 * written: real chunks carry it in their signature; any other chunk is hashed beforehand. */
static mdd_status expected_digests(const sidecar_source *src, uint8_t (*digests)[MDD_SHA512_SIZE],
                                   mdd_error *err)
{
    const mdd_file *file = &src->store->file;
    for (size_t i = 0; i < file->chunk_count; i++) {
        const uint8_t *sig = store_signed_digest(&file->chunks[i]);
        if (sig) {
            memcpy(digests[i], sig, MDD_SHA512_SIZE);
            continue;
        }
        mdd_chunk_report report;
        mdd_status st = mdd_chunk_verify(&file->chunks[i], src->limits, &report, err);
        if (st) {
            mdd_error_prefix(err, "chunk %zu: ", i);
            return st;
        }
        memcpy(digests[i], report.payload_sha512, MDD_SHA512_SIZE);
    }
    return MDD_OK;
}

static mdd_status write_table(const sidecar_source *src,
                              const uint8_t (*digests)[MDD_SHA512_SIZE], mdd_sink *out,
                              mdd_error *err)
{
    const mdd_store *store = src->store;
    size_t count = store->file.chunk_count;
    uint8_t buf[SIDECAR_HEADER_SIZE > SIDECAR_ENTRY_SIZE ? SIDECAR_HEADER_SIZE
                                                         : SIDECAR_ENTRY_SIZE];
    sidecar_encode_header(src->identity, count, buf);
    mdd_status st = mdd_sink_write(out, buf, SIDECAR_HEADER_SIZE, err);
    uint64_t base = sidecar_payload_base(count);
    uint64_t cursor = base;
    for (size_t i = 0; st == MDD_OK && i < count; i++) {
        uint64_t len = store->views[i].len;
        sidecar_encode_entry(store_place(&cursor, len), len, digests[i], buf);
        st = mdd_sink_write(out, buf, SIDECAR_ENTRY_SIZE, err);
    }
    if (st)
        return st;
    return write_zeros(out, base - (SIDECAR_HEADER_SIZE + count * SIDECAR_ENTRY_SIZE), err);
}

/* Streams chunk index to out and checks what went out against expected and the signatures. */
static mdd_status write_payload(const sidecar_source *src, size_t index,
                                const uint8_t expected[MDD_SHA512_SIZE], mdd_sink *out,
                                mdd_error *err)
{
    const mdd_chunk *chunk = &src->store->file.chunks[index];
    mdd_sha512_ctx sha;
    mdd_status st = mdd_sha512_init(&sha, err);
    if (st)
        return st;
    hashing_sink tee = {out, &sha};
    mdd_sink sink = {hashing_write, &tee};
    /* The chunk lies in the MDD file's mapping: drop what was consumed as it goes, so that
     * building a large sidecar keeps little of the file resident. */
    st = mdd_chunk_stream_mapped(chunk, &sink, src->limits, err);
    if (st) {
        mdd_sha512_free(&sha);
        return st;
    }
    uint8_t digest[MDD_SHA512_SIZE];
    mdd_chunk_report report = {0};
    st = mdd_sha512_final(&sha, digest, err);
    if (st == MDD_OK)
        st = mdd_chunk_check_signatures(chunk, digest, &report, err);
    /* Only a source that changed between hashing and writing gets here. */
    if (st == MDD_OK && memcmp(digest, expected, MDD_SHA512_SIZE) != 0)
        st = mdd_fail(err, MDD_ERR_CHECKSUM, "payload changed while it was written");
    return st;
}

static mdd_status write_payloads(const sidecar_source *src,
                                 const uint8_t (*digests)[MDD_SHA512_SIZE], mdd_sink *out,
                                 mdd_error *err)
{
    const mdd_store *store = src->store;
    uint64_t written = sidecar_payload_base(store->file.chunk_count);
    uint64_t cursor = written;
    for (size_t i = 0; i < store->file.chunk_count; i++) {
        uint64_t offset = store_place(&cursor, store->views[i].len);
        mdd_status st = write_zeros(out, offset - written, err);
        if (st == MDD_OK)
            st = write_payload(src, i, digests[i], out, err);
        if (st) {
            mdd_error_prefix(err, "chunk %zu: ", i);
            return st;
        }
        written = cursor;
    }
    return MDD_OK;
}

mdd_status sidecar_write(void *ctx, mdd_sink *out, mdd_error *err)
{
    const sidecar_source *src = ctx;
    size_t count = src->store->file.chunk_count;
    uint8_t (*digests)[MDD_SHA512_SIZE] = calloc(count ? count : 1, sizeof *digests);
    if (!digests)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for %zu digests", count);
    mdd_status st = expected_digests(src, digests, err);
    if (st == MDD_OK)
        st = write_table(src, (const uint8_t(*)[MDD_SHA512_SIZE])digests, out, err);
    if (st == MDD_OK)
        st = write_payloads(src, (const uint8_t(*)[MDD_SHA512_SIZE])digests, out, err);
    free(digests);
    return st;
}
