/* SPDX-License-Identifier: Apache-2.0 */
#include <mdd_internal/wire.h>

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
