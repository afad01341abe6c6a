/* The sidecar file's fixed little-endian header and chunk table: encoding, and checking one
 * read back, whose every field is untrusted until checked. */
#include "store_impl.h"

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

static void put_le(uint8_t *p, uint64_t v, unsigned bytes)
{
    for (unsigned i = 0; i < bytes; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get_le(const uint8_t *p, unsigned bytes)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

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
    put_le(out + HDR_VERSION, SIDECAR_VERSION, 4);
    put_le(out + HDR_CHUNK_COUNT, chunk_count, 8);
    put_le(out + HDR_SOURCE_SIZE, source->size, 8);
    put_le(out + HDR_MTIME_SEC, (uint64_t)source->mtime_sec, 8);
    put_le(out + HDR_MTIME_NSEC, source->mtime_nsec, 4);
    put_le(out + HDR_INODE, source->inode, 8);
    put_le(out + HDR_DEVICE, source->device, 8);
}

void sidecar_encode_entry(uint64_t offset, uint64_t length, const uint8_t sha512[MDD_SHA512_SIZE],
                          uint8_t out[SIDECAR_ENTRY_SIZE])
{
    put_le(out + ENTRY_OFFSET, offset, 8);
    put_le(out + ENTRY_LENGTH, length, 8);
    memcpy(out + ENTRY_SHA512, sha512, MDD_SHA512_SIZE);
}

sidecar_entry sidecar_entry_at(const sidecar_header *header, size_t index)
{
    const uint8_t *p = header->table + index * SIDECAR_ENTRY_SIZE;
    return (sidecar_entry){get_le(p + ENTRY_OFFSET, 8), get_le(p + ENTRY_LENGTH, 8),
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
    uint64_t version = get_le(data + HDR_VERSION, 4);
    if (version != SIDECAR_VERSION)
        return mdd_fail(err, MDD_ERR_FORMAT, "offset %d: format version %llu, expected %u",
                        HDR_VERSION, (unsigned long long)version, SIDECAR_VERSION);
    if (get_le(data + HDR_RESERVED1, 4) != 0 || get_le(data + HDR_RESERVED2, 4) != 0)
        return mdd_fail(err, MDD_ERR_FORMAT, "reserved header field is not zero");
    out->chunk_count = get_le(data + HDR_CHUNK_COUNT, 8);
    out->source = (sidecar_identity){
        .size = get_le(data + HDR_SOURCE_SIZE, 8),
        .mtime_sec = (int64_t)get_le(data + HDR_MTIME_SEC, 8),
        .mtime_nsec = (uint32_t)get_le(data + HDR_MTIME_NSEC, 4),
        .inode = get_le(data + HDR_INODE, 8),
        .device = get_le(data + HDR_DEVICE, 8),
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
