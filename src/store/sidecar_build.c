/* Writing a sidecar: the header and chunk table, then every payload streamed from the MDD file
 * and hashed on the way. No payload is ever held whole in memory. */
#include "store_impl.h"

#include <mdd/codec.h>

#include <stdlib.h>
#include <string.h>

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
