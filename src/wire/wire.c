/* SPDX-License-Identifier: Apache-2.0 */
/* The protobuf wire format: varints, a reader of a message's fields, writers of fields. */
#include <mdd_internal/common.h>

#include <mdd_internal/wire.h>

/* ---- Varints ---- */
mdd_status mdd_varint_decode(const uint8_t *p, size_t avail, uint64_t *value, size_t *used)
{
    uint64_t v = 0;
    size_t max = avail < MDD_VARINT_MAX_SIZE ? avail : MDD_VARINT_MAX_SIZE;
    for (size_t i = 0; i < max; i++) {
        uint64_t bits = p[i] & 0x7fu;
        /* The tenth byte may only carry the top bit of a 64-bit value. */
        if (i == MDD_VARINT_MAX_SIZE - 1 && bits > 1)
            return MDD_ERR_FORMAT;
        v |= bits << (7 * i);
        if (!(p[i] & 0x80u)) {
            *value = v;
            *used = i + 1;
            return MDD_OK;
        }
    }
    return MDD_ERR_FORMAT;
}

size_t mdd_varint_encode(uint64_t value, uint8_t *out)
{
    size_t n = 0;
    while (value >= 0x80u) {
        out[n++] = (uint8_t)(value | 0x80u);
        value >>= 7;
    }
    out[n++] = (uint8_t)value;
    return n;
}

size_t mdd_varint_size(uint64_t value)
{
    size_t n = 1;
    while (value >= 0x80u) {
        value >>= 7;
        n++;
    }
    return n;
}

/* ---- The reader: the fields of one message, as views with absolute offsets ---- */
void mdd_wire_reader_init(mdd_wire_reader *r, const uint8_t *buf, size_t start, size_t end)
{
    r->buf = buf;
    r->pos = start;
    r->end = end;
}

int mdd_wire_reader_more(const mdd_wire_reader *r) { return r->pos < r->end; }

void mdd_wire_reader_enter(const mdd_wire_reader *parent, const mdd_wire_field *field,
                           mdd_wire_reader *child)
{
    size_t start = (size_t)(field->payload.ptr - parent->buf);
    mdd_wire_reader_init(child, parent->buf, start, start + field->payload.len);
}

static mdd_status read_varint_at(mdd_wire_reader *r, uint64_t *value, const char *what,
                                 mdd_error *err)
{
    size_t used;
    if (mdd_varint_decode(r->buf + r->pos, r->end - r->pos, value, &used) != MDD_OK) {
        /* With fewer than 10 bytes left, decoding only fails by running out of input. */
        if (r->end - r->pos < MDD_VARINT_MAX_SIZE)
            return mdd_fail(err, MDD_ERR_FORMAT, "offset %zu: %s runs past the end", r->pos,
                            what);
        return mdd_fail(err, MDD_ERR_FORMAT, "offset %zu: %s is longer than 10 bytes or overflows 64 bits", r->pos,
                        what);
    }
    r->pos += used;
    return MDD_OK;
}

mdd_status mdd_wire_read_varint(mdd_wire_reader *r, uint64_t *value, mdd_error *err)
{
    return read_varint_at(r, value, "varint", err);
}

static mdd_status read_fixed(mdd_wire_reader *r, mdd_wire_field *f, size_t n, mdd_error *err)
{
    if (r->end - r->pos < n)
        return mdd_fail(err, MDD_ERR_FORMAT,
                        "offset %zu: field %u: %zu-byte value runs past the end (%zu left)",
                        r->pos, f->number, n, r->end - r->pos);
    f->value = mdd_le_get(r->buf + r->pos, (unsigned)n);
    r->pos += n;
    return MDD_OK;
}

static mdd_status read_len(mdd_wire_reader *r, mdd_wire_field *f, mdd_error *err)
{
    uint64_t len;
    size_t at = r->pos;
    mdd_status st = read_varint_at(r, &len, "length", err);
    if (st)
        return st;
    if (len > r->end - r->pos)
        return mdd_fail(err, MDD_ERR_FORMAT,
                        "offset %zu: field %u: length %llu runs past the end (%zu left)", at,
                        f->number, (unsigned long long)len, r->end - r->pos);
    f->payload = (mdd_bytes){r->buf + r->pos, (size_t)len};
    r->pos += (size_t)len;
    return MDD_OK;
}

static mdd_status read_key(mdd_wire_reader *r, mdd_wire_field *f, mdd_error *err)
{
    uint64_t key;
    size_t at = r->pos;
    mdd_status st = read_varint_at(r, &key, "field key", err);
    if (st)
        return st;
    uint64_t number = key >> 3;
    if (number == 0 || number > MDD_WIRE_MAX_FIELD)
        return mdd_fail(err, MDD_ERR_FORMAT, "offset %zu: invalid field number %llu", at,
                        (unsigned long long)number);
    f->number = (uint32_t)number;
    f->wire_type = (unsigned)(key & 7u);
    return MDD_OK;
}

mdd_status mdd_wire_next(mdd_wire_reader *r, mdd_wire_field *f, mdd_error *err)
{
    *f = (mdd_wire_field){.offset = r->pos};
    mdd_status st = read_key(r, f, err);
    if (st)
        return st;
    switch (f->wire_type) {
    case MDD_WIRE_VARINT: st = read_varint_at(r, &f->value, "varint", err); break;
    case MDD_WIRE_I64: st = read_fixed(r, f, 8, err); break;
    case MDD_WIRE_LEN: st = read_len(r, f, err); break;
    case MDD_WIRE_I32: st = read_fixed(r, f, 4, err); break;
    default:
        return mdd_fail(err, MDD_ERR_FORMAT, "offset %zu: field %u: unsupported wire type %u",
                        f->offset, f->number, f->wire_type);
    }
    if (st)
        return st;
    f->size = r->pos - f->offset;
    return MDD_OK;
}

/* ---- Writers: keys, varints and length-delimited fields, and their encoded sizes ---- */
mdd_status mdd_wire_put_varint(mdd_sink *out, uint64_t value, mdd_error *err)
{
    uint8_t buf[MDD_VARINT_MAX_SIZE];
    return mdd_sink_write(out, buf, mdd_varint_encode(value, buf), err);
}

mdd_status mdd_wire_put_key(mdd_sink *out, uint32_t number, unsigned wire_type, mdd_error *err)
{
    return mdd_wire_put_varint(out, ((uint64_t)number << 3) | wire_type, err);
}

mdd_status mdd_wire_put_uint(mdd_sink *out, uint32_t number, uint64_t value, mdd_error *err)
{
    mdd_status st = mdd_wire_put_key(out, number, MDD_WIRE_VARINT, err);
    return st ? st : mdd_wire_put_varint(out, value, err);
}

mdd_status mdd_wire_put_len_header(mdd_sink *out, uint32_t number, uint64_t len, mdd_error *err)
{
    mdd_status st = mdd_wire_put_key(out, number, MDD_WIRE_LEN, err);
    return st ? st : mdd_wire_put_varint(out, len, err);
}

mdd_status mdd_wire_put_bytes(mdd_sink *out, uint32_t number, mdd_bytes bytes, mdd_error *err)
{
    mdd_status st = mdd_wire_put_len_header(out, number, bytes.len, err);
    return st ? st : mdd_sink_write(out, bytes.ptr, bytes.len, err);
}

size_t mdd_wire_key_size(uint32_t number) { return mdd_varint_size((uint64_t)number << 3); }

uint64_t mdd_wire_uint_field_size(uint32_t number, uint64_t value)
{
    return mdd_wire_key_size(number) + mdd_varint_size(value);
}

uint64_t mdd_wire_len_field_size(uint32_t number, uint64_t payload_len)
{
    return mdd_wire_key_size(number) + mdd_varint_size(payload_len) + payload_len;
}
