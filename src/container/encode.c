/* SPDX-License-Identifier: Apache-2.0 */
/* Writes a hand-built mdd_file as a new MDD file. Message sizes are computed first so every
 * length prefix can be written before its message, and payloads stream from their views. */
#include <mdd/container.h>
#include <mdd_internal/wire.h>

/* proto3 leaves out empty implicit-presence strings; optional ones are written when present. */
static uint64_t string_size(uint32_t number, mdd_bytes s, int optional)
{
    if (optional ? s.ptr == NULL : s.len == 0)
        return 0;
    return mdd_wire_len_field_size(number, s.len);
}

static mdd_status put_string(mdd_sink *out, uint32_t number, mdd_bytes s, int optional,
                             mdd_error *err)
{
    if (optional ? s.ptr == NULL : s.len == 0)
        return MDD_OK;
    return mdd_wire_put_bytes(out, number, s, err);
}

static uint64_t kv_size(const mdd_kv *kv)
{
    return mdd_wire_len_field_size(1, kv->key.len) + mdd_wire_len_field_size(2, kv->value.len);
}

static uint64_t map_size(uint32_t number, mdd_map_view map)
{
    uint64_t n = 0;
    for (size_t i = 0; i < map.count; i++)
        n += mdd_wire_len_field_size(number, kv_size(&map.entries[i]));
    return n;
}

static mdd_status put_map(mdd_sink *out, uint32_t number, mdd_map_view map, mdd_error *err)
{
    mdd_status st = MDD_OK;
    for (size_t i = 0; !st && i < map.count; i++) {
        const mdd_kv *kv = &map.entries[i];
        st = mdd_wire_put_len_header(out, number, kv_size(kv), err);
        if (!st)
            st = mdd_wire_put_bytes(out, 1, kv->key, err);
        if (!st)
            st = mdd_wire_put_bytes(out, 2, kv->value, err);
    }
    return st;
}

static uint64_t list_size(uint32_t number, mdd_bytes_list list)
{
    uint64_t n = 0;
    for (size_t i = 0; i < list.count; i++)
        n += mdd_wire_len_field_size(number, list.items[i].len);
    return n;
}

static mdd_status put_list(mdd_sink *out, uint32_t number, mdd_bytes_list list, mdd_error *err)
{
    mdd_status st = MDD_OK;
    for (size_t i = 0; !st && i < list.count; i++)
        st = mdd_wire_put_bytes(out, number, list.items[i], err);
    return st;
}

static uint64_t signature_size(const mdd_signature *s)
{
    return string_size(1, s->algorithm, 0) + string_size(2, s->key_identifier, 1) +
           map_size(3, s->metadata) + string_size(4, s->signature, 0) +
           list_size(5, s->certificates);
}

static mdd_status put_signature(mdd_sink *out, uint32_t number, const mdd_signature *s,
                                mdd_error *err)
{
    mdd_status st = mdd_wire_put_len_header(out, number, signature_size(s), err);
    if (!st)
        st = put_string(out, 1, s->algorithm, 0, err);
    if (!st)
        st = put_string(out, 2, s->key_identifier, 1, err);
    if (!st)
        st = put_map(out, 3, s->metadata, err);
    if (!st)
        st = put_string(out, 4, s->signature, 0, err);
    return st ? st : put_list(out, 5, s->certificates, err);
}

static uint64_t encryption_size(const mdd_encryption *e)
{
    return string_size(1, e->encryption_algorithm, 0) + string_size(2, e->key_identifier, 1) +
           list_size(3, e->certificates);
}

static mdd_status put_encryption(mdd_sink *out, const mdd_encryption *e, mdd_error *err)
{
    mdd_status st = mdd_wire_put_len_header(out, 7, encryption_size(e), err);
    if (!st)
        st = put_string(out, 1, e->encryption_algorithm, 0, err);
    if (!st)
        st = put_string(out, 2, e->key_identifier, 1, err);
    return st ? st : put_list(out, 3, e->certificates, err);
}

static uint64_t chunk_size(const mdd_chunk *c)
{
    uint64_t n = c->type ? mdd_wire_uint_field_size(1, (uint64_t)(int64_t)c->type) : 0;
    n += string_size(2, c->name, 1) + map_size(3, c->metadata);
    for (size_t i = 0; i < c->signature_count; i++)
        n += mdd_wire_len_field_size(4, signature_size(&c->signatures[i]));
    n += string_size(5, c->compression_algorithm, 1);
    if (c->has_uncompressed_size)
        n += mdd_wire_uint_field_size(6, c->uncompressed_size);
    if (c->encryption)
        n += mdd_wire_len_field_size(7, encryption_size(c->encryption));
    return n + string_size(8, c->data, 1) + string_size(9, c->mime_type, 1);
}

static mdd_status put_chunk_head(mdd_sink *out, const mdd_chunk *c, mdd_error *err)
{
    mdd_status st = mdd_wire_put_len_header(out, 6, chunk_size(c), err);
    if (!st && c->type)
        st = mdd_wire_put_uint(out, 1, (uint64_t)(int64_t)c->type, err);
    if (!st)
        st = put_string(out, 2, c->name, 1, err);
    if (!st)
        st = put_map(out, 3, c->metadata, err);
    for (size_t i = 0; !st && i < c->signature_count; i++)
        st = put_signature(out, 4, &c->signatures[i], err);
    return st;
}

static mdd_status put_chunk(mdd_sink *out, const mdd_chunk *c, mdd_error *err)
{
    mdd_status st = put_chunk_head(out, c, err);
    if (!st)
        st = put_string(out, 5, c->compression_algorithm, 1, err);
    if (!st && c->has_uncompressed_size)
        st = mdd_wire_put_uint(out, 6, c->uncompressed_size, err);
    if (!st && c->encryption)
        st = put_encryption(out, c->encryption, err);
    if (!st)
        st = put_string(out, 8, c->data, 1, err);
    return st ? st : put_string(out, 9, c->mime_type, 1, err);
}

static mdd_status put_feature_flags(mdd_sink *out, const mdd_file *f, mdd_error *err)
{
    if (f->feature_flag_count == 0)
        return MDD_OK;
    uint64_t len = 0;
    for (size_t i = 0; i < f->feature_flag_count; i++)
        len += mdd_varint_size(f->feature_flags[i]);
    mdd_status st = mdd_wire_put_len_header(out, 2, len, err);
    for (size_t i = 0; !st && i < f->feature_flag_count; i++)
        st = mdd_wire_put_varint(out, f->feature_flags[i], err);
    return st;
}

mdd_status mdd_file_encode(const mdd_file *f, mdd_sink *out, mdd_error *err)
{
    mdd_status st = mdd_sink_write(out, mdd_magic, MDD_MAGIC_SIZE, err);
    if (!st)
        st = put_string(out, 1, f->version, 0, err);
    if (!st)
        st = put_feature_flags(out, f, err);
    if (!st)
        st = put_string(out, 3, f->ecu_name, 0, err);
    if (!st)
        st = put_string(out, 4, f->revision, 1, err);
    if (!st)
        st = put_map(out, 5, f->metadata, err);
    for (size_t i = 0; !st && i < f->chunk_count; i++)
        st = put_chunk(out, &f->chunks[i], err);
    for (size_t i = 0; !st && i < f->chunks_signature_count; i++)
        st = put_signature(out, 7, &f->chunks_signatures[i], err);
    return st;
}
