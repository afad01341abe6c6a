/* SPDX-License-Identifier: Apache-2.0 */
/* MDDFile parser: each message is scanned twice, once to count its repeated fields so their
 * arrays can be taken from the arena in one piece, once to fill them. Strings and bytes stay
 * views into the caller's buffer. */
#include <mdd_internal/common.h>
#include "arena.h"

#include <mdd/container.h>
#include <mdd_internal/container.h>
#include <mdd_internal/wire.h>

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The layout of mdd_parse_options, which the store and converter options nest. */
static const options_member parse_members[] = {
    OPTIONS_SCALAR(mdd_parse_options, max_repeated, size_t),
};
const options_layout options_layout_parse =
    OPTIONS_LAYOUT(mdd_parse_options, MDD_PARSE_OPTIONS_SIZE, parse_members);

const uint8_t mdd_magic[MDD_MAGIC_SIZE] = {'M', 'D', 'D', ' ', 'v', 'e', 'r', 's', 'i', 'o',
                                           'n', ' ', '0', ' ', ' ', ' ', ' ', ' ', ' ', 0};

/* Field numbers we count for array sizes are all below this. */
#define MAX_COUNTED_FIELD 8

typedef struct parse_ctx {
    struct mdd_arena *arena;
    size_t max_repeated;
    mdd_error *err;
    int path_started; /* an error message already names its innermost structure */
} parse_ctx;

/* Builds "MDDFile.chunks[2].signatures[0]: reason" from the inside out as errors return. */
static void error_path(parse_ctx *c, const char *segment, size_t index, int indexed)
{
    const char *sep = c->path_started ? "." : ": ";
    if (indexed)
        mdd_error_prefix(c->err, "%s[%zu]%s", segment, index, sep);
    else
        mdd_error_prefix(c->err, "%s%s", segment, sep);
    c->path_started = 1;
}

static mdd_status expect_wire_type(parse_ctx *c, const mdd_wire_field *f, unsigned wire_type,
                                   const char *name)
{
    if (f->wire_type == wire_type)
        return MDD_OK;
    return mdd_fail(c->err, MDD_ERR_FORMAT, "offset %zu: field %u (%s) has wire type %u, expected %u",
                    f->offset, f->number, name, f->wire_type, wire_type);
}

static mdd_status read_bytes(parse_ctx *c, const mdd_wire_field *f, const char *name,
                             mdd_bytes *out)
{
    mdd_status st = expect_wire_type(c, f, MDD_WIRE_LEN, name);
    if (!st)
        *out = f->payload;
    return st;
}

static mdd_status read_uint(parse_ctx *c, const mdd_wire_field *f, const char *name,
                            uint64_t *out)
{
    mdd_status st = expect_wire_type(c, f, MDD_WIRE_VARINT, name);
    if (!st)
        *out = f->value;
    return st;
}

/* Number of varints in a packed payload: one per byte without the continuation bit. */
static size_t packed_varint_count(mdd_bytes payload)
{
    size_t n = 0;
    for (size_t i = 0; i < payload.len; i++)
        n += !(payload.ptr[i] & 0x80u);
    return n;
}

/* Counts occurrences of fields 1..MAX_COUNTED_FIELD-1; a packed field counts its elements
 * when packed_field names it. Also validates the message's wire structure. */
static mdd_status count_fields(parse_ctx *c, mdd_wire_reader r, uint32_t packed_field,
                               size_t counts[MAX_COUNTED_FIELD])
{
    memset(counts, 0, MAX_COUNTED_FIELD * sizeof counts[0]);
    while (mdd_wire_reader_more(&r)) {
        mdd_wire_field f;
        mdd_status st = mdd_wire_next(&r, &f, c->err);
        if (st)
            return st;
        if (f.number >= MAX_COUNTED_FIELD)
            continue;
        if (f.number == packed_field && f.wire_type == MDD_WIRE_LEN)
            counts[f.number] += packed_varint_count(f.payload);
        else
            counts[f.number]++;
    }
    return MDD_OK;
}

static void *take_array(parse_ctx *c, size_t count, size_t size, const char *name, size_t at,
                        mdd_status *st)
{
    if (count > c->max_repeated) {
        *st = mdd_fail(c->err, MDD_ERR_LIMIT,
                       "offset %zu: %zu %s entries exceed the limit of %zu", at, count, name,
                       c->max_repeated);
        return NULL;
    }
    void *p = mdd_arena_calloc(c->arena, count, size);
    *st = p ? MDD_OK : mdd_fail(c->err, MDD_ERR_NOMEM, "cannot allocate %zu %s entries", count, name);
    return p;
}

static mdd_status parse_kv(parse_ctx *c, mdd_wire_reader r, mdd_kv *kv)
{
    static const uint8_t empty = 0;
    mdd_bytes none = {&empty, 0};
    kv->key = none;
    kv->value = none;
    while (mdd_wire_reader_more(&r)) {
        mdd_wire_field f;
        mdd_status st = mdd_wire_next(&r, &f, c->err);
        if (!st && f.number == 1)
            st = read_bytes(c, &f, "key", &kv->key);
        else if (!st && f.number == 2)
            st = read_bytes(c, &f, "value", &kv->value);
        if (st)
            return st;
    }
    return MDD_OK;
}

/* Parses the index-th entry of a map field into kv, naming it in errors. */
static mdd_status parse_map_entry(parse_ctx *c, const mdd_wire_reader *parent,
                                  const mdd_wire_field *f, const char *name, mdd_kv *kv,
                                  size_t index)
{
    mdd_status st = expect_wire_type(c, f, MDD_WIRE_LEN, name);
    if (!st) {
        mdd_wire_reader sub;
        mdd_wire_reader_enter(parent, f, &sub);
        st = parse_kv(c, sub, kv);
    }
    if (st)
        error_path(c, name, index, 1);
    return st;
}

static mdd_status parse_signature(parse_ctx *c, mdd_wire_reader r, mdd_signature *sig)
{
    size_t counts[MAX_COUNTED_FIELD];
    mdd_status st = count_fields(c, r, 0, counts);
    mdd_kv *meta = st ? NULL : take_array(c, counts[3], sizeof *meta, "metadata", r.pos, &st);
    mdd_bytes *certs = st ? NULL : take_array(c, counts[5], sizeof *certs, "certificates", r.pos, &st);
    size_t n_meta = 0, n_certs = 0;
    while (!st && mdd_wire_reader_more(&r)) {
        mdd_wire_field f;
        st = mdd_wire_next(&r, &f, c->err);
        if (st)
            break;
        switch (f.number) {
        case 1: st = read_bytes(c, &f, "algorithm", &sig->algorithm); break;
        case 2: st = read_bytes(c, &f, "key_identifier", &sig->key_identifier); break;
        case 3: st = parse_map_entry(c, &r, &f, "metadata", &meta[n_meta], n_meta); n_meta++; break;
        case 4: st = read_bytes(c, &f, "signature", &sig->signature); break;
        case 5: st = read_bytes(c, &f, "certificates", &certs[n_certs++]); break;
        default: break;
        }
    }
    sig->metadata = (mdd_map_view){meta, n_meta};
    sig->certificates = (mdd_bytes_list){certs, n_certs};
    return st;
}

static mdd_status parse_encryption(parse_ctx *c, mdd_wire_reader r, mdd_encryption *enc)
{
    size_t counts[MAX_COUNTED_FIELD];
    mdd_status st = count_fields(c, r, 0, counts);
    mdd_bytes *certs = st ? NULL : take_array(c, counts[3], sizeof *certs, "certificates", r.pos, &st);
    size_t n_certs = 0;
    while (!st && mdd_wire_reader_more(&r)) {
        mdd_wire_field f;
        st = mdd_wire_next(&r, &f, c->err);
        if (st)
            break;
        switch (f.number) {
        case 1: st = read_bytes(c, &f, "encryption_algorithm", &enc->encryption_algorithm); break;
        case 2: st = read_bytes(c, &f, "key_identifier", &enc->key_identifier); break;
        case 3: st = read_bytes(c, &f, "certificates", &certs[n_certs++]); break;
        default: break;
        }
    }
    enc->certificates = (mdd_bytes_list){certs, n_certs};
    return st;
}

typedef mdd_status (*message_parser)(parse_ctx *c, mdd_wire_reader r, void *out);

/* Parses a LEN field as a submessage, naming it (and its index, when repeated) in errors. */
static mdd_status parse_submessage(parse_ctx *c, const mdd_wire_reader *parent,
                                   const mdd_wire_field *f, const char *name, size_t index,
                                   int indexed, message_parser parse, void *out)
{
    mdd_status st = expect_wire_type(c, f, MDD_WIRE_LEN, name);
    if (!st) {
        mdd_wire_reader sub;
        mdd_wire_reader_enter(parent, f, &sub);
        st = parse(c, sub, out);
    }
    if (st)
        error_path(c, name, index, indexed);
    return st;
}

static mdd_status signature_parser(parse_ctx *c, mdd_wire_reader r, void *out)
{
    return parse_signature(c, r, out);
}

static mdd_status encryption_parser(parse_ctx *c, mdd_wire_reader r, void *out)
{
    return parse_encryption(c, r, out);
}

static mdd_status parse_chunk_field(parse_ctx *c, const mdd_wire_reader *r,
                                    const mdd_wire_field *f, mdd_chunk *chunk, mdd_kv *meta,
                                    size_t *n_meta, mdd_signature *sigs, size_t *n_sigs)
{
    uint64_t v;
    mdd_status st = MDD_OK;
    switch (f->number) {
    case 1:
        st = read_uint(c, f, "type", &v);
        if (!st)
            chunk->type = (int32_t)(uint32_t)v; /* proto3 enums are int32 on the wire */
        return st;
    case 2: return read_bytes(c, f, "name", &chunk->name);
    case 3:
        st = parse_map_entry(c, r, f, "metadata", &meta[*n_meta], *n_meta);
        ++*n_meta;
        return st;
    case 4:
        st = parse_submessage(c, r, f, "signatures", *n_sigs, 1, signature_parser, &sigs[*n_sigs]);
        ++*n_sigs;
        return st;
    case 5: return read_bytes(c, f, "compression_algorithm", &chunk->compression_algorithm);
    case 6:
        st = read_uint(c, f, "uncompressed_size", &chunk->uncompressed_size);
        chunk->has_uncompressed_size = !st;
        return st;
    case 7: {
        mdd_encryption *enc = mdd_arena_calloc(c->arena, 1, sizeof *enc);
        if (!enc)
            return mdd_fail(c->err, MDD_ERR_NOMEM, "cannot allocate an encryption entry");
        st = parse_submessage(c, r, f, "encryption", 0, 0, encryption_parser, enc);
        chunk->encryption = enc;
        return st;
    }
    case 8: return read_bytes(c, f, "data", &chunk->data);
    case 9: return read_bytes(c, f, "mime_type", &chunk->mime_type);
    default: return MDD_OK;
    }
}

static mdd_status parse_chunk(parse_ctx *c, mdd_wire_reader r, mdd_chunk *chunk)
{
    size_t counts[MAX_COUNTED_FIELD];
    mdd_status st = count_fields(c, r, 0, counts);
    mdd_kv *meta = st ? NULL : take_array(c, counts[3], sizeof *meta, "metadata", r.pos, &st);
    mdd_signature *sigs = st ? NULL : take_array(c, counts[4], sizeof *sigs, "signatures", r.pos, &st);
    size_t n_meta = 0, n_sigs = 0;
    while (!st && mdd_wire_reader_more(&r)) {
        mdd_wire_field f;
        st = mdd_wire_next(&r, &f, c->err);
        if (!st)
            st = parse_chunk_field(c, &r, &f, chunk, meta, &n_meta, sigs, &n_sigs);
    }
    chunk->metadata = (mdd_map_view){meta, n_meta};
    chunk->signatures = sigs;
    chunk->signature_count = n_sigs;
    return st;
}

static mdd_status chunk_parser(parse_ctx *c, mdd_wire_reader r, void *out)
{
    return parse_chunk(c, r, out);
}

/* feature_flags arrive unpacked (one VARINT per value) or packed (a LEN of varints). */
static mdd_status read_feature_flags(parse_ctx *c, const mdd_wire_reader *r,
                                     const mdd_wire_field *f, uint32_t *flags, size_t *n)
{
    if (f->wire_type == MDD_WIRE_VARINT) {
        flags[(*n)++] = (uint32_t)f->value;
        return MDD_OK;
    }
    mdd_status st = expect_wire_type(c, f, MDD_WIRE_LEN, "feature_flags");
    mdd_wire_reader packed;
    if (!st)
        mdd_wire_reader_enter(r, f, &packed);
    while (!st && mdd_wire_reader_more(&packed)) {
        uint64_t v;
        st = mdd_wire_read_varint(&packed, &v, c->err);
        if (!st)
            flags[(*n)++] = (uint32_t)v;
    }
    return st;
}

typedef struct file_arrays {
    uint32_t *flags;
    mdd_kv *meta;
    mdd_chunk *chunks;
    mdd_signature *sigs;
    size_t n_flags, n_meta, n_chunks, n_sigs;
} file_arrays;

static mdd_status parse_file_field(parse_ctx *c, const mdd_wire_reader *r,
                                   const mdd_wire_field *f, mdd_file *file, file_arrays *a)
{
    mdd_status st;
    switch (f->number) {
    case 1: return read_bytes(c, f, "version", &file->version);
    case 2: return read_feature_flags(c, r, f, a->flags, &a->n_flags);
    case 3: return read_bytes(c, f, "ecu_name", &file->ecu_name);
    case 4: return read_bytes(c, f, "revision", &file->revision);
    case 5:
        st = parse_map_entry(c, r, f, "metadata", &a->meta[a->n_meta], a->n_meta);
        a->n_meta++;
        return st;
    case 6:
        st = parse_submessage(c, r, f, "chunks", a->n_chunks, 1, chunk_parser,
                              &a->chunks[a->n_chunks]);
        a->n_chunks++;
        return st;
    case 7:
        st = parse_submessage(c, r, f, "chunks_signature", a->n_sigs, 1, signature_parser,
                              &a->sigs[a->n_sigs]);
        a->n_sigs++;
        return st;
    default: return MDD_OK;
    }
}

static mdd_status parse_file_message(parse_ctx *c, mdd_wire_reader r, mdd_file *file)
{
    size_t counts[MAX_COUNTED_FIELD];
    file_arrays a = {0};
    mdd_status st = count_fields(c, r, 2, counts);
    if (!st)
        a.flags = take_array(c, counts[2], sizeof *a.flags, "feature_flags", r.pos, &st);
    if (!st)
        a.meta = take_array(c, counts[5], sizeof *a.meta, "metadata", r.pos, &st);
    if (!st)
        a.chunks = take_array(c, counts[6], sizeof *a.chunks, "chunks", r.pos, &st);
    if (!st)
        a.sigs = take_array(c, counts[7], sizeof *a.sigs, "chunks_signature", r.pos, &st);
    while (!st && mdd_wire_reader_more(&r)) {
        mdd_wire_field f;
        st = mdd_wire_next(&r, &f, c->err);
        if (!st)
            st = parse_file_field(c, &r, &f, file, &a);
    }
    file->feature_flags = a.flags;
    file->feature_flag_count = a.n_flags;
    file->metadata = (mdd_map_view){a.meta, a.n_meta};
    file->chunks = a.chunks;
    file->chunk_count = a.n_chunks;
    file->chunks_signatures = a.sigs;
    file->chunks_signature_count = a.n_sigs;
    /* The wire format allows none, but a file without a chunk holds nothing to serve: every
     * reader refuses it here rather than each in its own way. */
    if (!st && a.n_chunks == 0)
        st = mdd_fail(c->err, MDD_ERR_FORMAT, "no chunks");
    return st;
}

static mdd_status check_magic(const uint8_t *buf, size_t len, mdd_error *err)
{
    if (len < MDD_MAGIC_SIZE)
        return mdd_fail(err, MDD_ERR_FORMAT,
                        "magic: file is %zu bytes, shorter than the %d-byte MDD magic", len,
                        MDD_MAGIC_SIZE);
    if (memcmp(buf, mdd_magic, MDD_MAGIC_SIZE) != 0)
        return mdd_fail(err, MDD_ERR_FORMAT,
                        "magic: offset 0: not an MDD file (expected \"MDD version 0\")");
    return MDD_OK;
}

mdd_status mdd_file_parse(const uint8_t *buf, size_t len, const mdd_parse_options *opts,
                          mdd_file *out, mdd_error *err)
{
    memset(out, 0, sizeof *out);
    if (!buf && len)
        return mdd_fail(err, MDD_ERR_ARG, "NULL buffer with a nonzero length");
    mdd_status st = check_magic(buf, len, err);
    if (st)
        return st;
    mdd_parse_options o = mdd_parse_options_default();
    st = options_read(&options_layout_parse, opts, &o, err);
    if (st)
        return st;
    parse_ctx c = {.arena = mdd_arena_new(),
                   .max_repeated = o.max_repeated,
                   .err = err};
    if (!c.arena)
        return mdd_fail(err, MDD_ERR_NOMEM, "cannot allocate the parse arena");
    mdd_wire_reader r;
    mdd_wire_reader_init(&r, buf, MDD_MAGIC_SIZE, len);
    st = parse_file_message(&c, r, out);
    if (st) {
        error_path(&c, "MDDFile", 0, 0);
        mdd_arena_free(c.arena);
        memset(out, 0, sizeof *out);
        return st;
    }
    out->arena = c.arena;
    return MDD_OK;
}

void mdd_file_free(mdd_file *file)
{
    mdd_arena_free(file->arena);
    memset(file, 0, sizeof *file);
}

/* ---- Lookups in a parsed file: chunk type names, chunks by name, map entries ---- */
static const char *const chunk_type_names[] = {
    "DIAGNOSTIC_DESCRIPTION", "CODE_FILE", "CODE_FILE_PARTIAL", "EMBEDDED_FILE"};

#define CHUNK_TYPE_NAME_COUNT (sizeof chunk_type_names / sizeof chunk_type_names[0])

const char *mdd_chunk_type_name(int32_t type)
{
    if (type >= 0 && (size_t)type < CHUNK_TYPE_NAME_COUNT)
        return chunk_type_names[type];
    return type >= MDD_CHUNK_VENDOR_SPECIFIC ? "VENDOR_SPECIFIC" : "RESERVED";
}

mdd_status mdd_chunk_type_parse(const char *s, int32_t *type, mdd_error *err)
{
    if (!s)
        return mdd_fail(err, MDD_ERR_ARG, "no chunk type");
    for (size_t i = 0; i < CHUNK_TYPE_NAME_COUNT; i++) {
        if (strcasecmp(s, chunk_type_names[i]) == 0) {
            *type = (int32_t)i;
            return MDD_OK;
        }
    }
    if (strcasecmp(s, "VENDOR_SPECIFIC") == 0) {
        *type = MDD_CHUNK_VENDOR_SPECIFIC;
        return MDD_OK;
    }
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || v < INT32_MIN || v > INT32_MAX)
        return mdd_fail(err, MDD_ERR_ARG,
                        "unknown chunk type '%s': a type name or a decimal 32-bit number", s);
    *type = (int32_t)v;
    return MDD_OK;
}

const mdd_chunk *mdd_file_find_chunk(const mdd_file *file, const char *name)
{
    for (size_t i = 0; i < file->chunk_count; i++)
        if (mdd_bytes_equal_str(file->chunks[i].name, name))
            return &file->chunks[i];
    return NULL;
}

const mdd_bytes *mdd_map_get(mdd_map_view map, const char *key)
{
    for (size_t i = map.count; i-- > 0;)
        if (mdd_bytes_equal_str(map.entries[i].key, key))
            return &map.entries[i].value;
    return NULL;
}
