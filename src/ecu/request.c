/* SPDX-License-Identifier: Apache-2.0 */
/* The request prefix of a service (docs/format.md, "Request matching"): the constant bytes a
 * UDS request for it starts with, by which a request finds its service. */
#include <mdd/ecu.h>

#include <string.h>

/* coded_value as a decimal unsigned 32-bit number: 0 on success, -1 for anything else
 * (absent, empty, a sign, a non-digit, too large). */
static int parse_decimal(mdd_bytes text, uint32_t *value)
{
    if (!text.ptr || text.len == 0)
        return -1;
    uint64_t v = 0;
    for (size_t i = 0; i < text.len; i++) {
        uint8_t c = text.ptr[i];
        if (c < '0' || c > '9')
            return -1;
        v = v * 10 + (uint64_t)(c - '0');
        if (v > UINT32_MAX)
            return -1;
    }
    *value = (uint32_t)v;
    return 0;
}

/* Whether p starts at bit 0 of byte `byte`; absent positions count as 0. */
static int starts_at(mdd_param p, size_t byte)
{
    uint32_t pos = 0;
    uint32_t bit = 0;
    mdd_param_byte_position(p, &pos);
    mdd_param_bit_position(p, &bit);
    return pos == byte && bit == 0;
}

/* The bytes p adds to a prefix (1..4, with *value set), or 0 when p is not a plain unsigned
 * constant: a condensed or masked value is not a byte-aligned constant, so it cannot be
 * compared bytewise with a request. An empty bit mask masks nothing. */
static uint32_t constant_size(mdd_param p, uint32_t *value)
{
    mdd_coded_const constant = mdd_param_coded_const(p);
    mdd_diag_coded_type type = mdd_coded_const_diag_coded_type(constant);
    mdd_standard_length_type length = mdd_diag_coded_type_standard_length_type(type);
    if (!mdd_present(length) || mdd_diag_coded_type_base_data_type(type) != MDD_DATA_TYPE_A_UINT_32 ||
        mdd_standard_length_type_condensed(length) ||
        mdd_standard_length_type_bit_mask(length).len != 0)
        return 0;
    uint32_t bits = mdd_standard_length_type_bit_length(length);
    if (bits == 0 || bits > 32)
        return 0;
    if (parse_decimal(mdd_coded_const_coded_value(constant), value) != 0)
        return 0;
    if (bits < 32 && *value >> bits != 0)
        return 0;
    return (bits + 7) / 8;
}

/* The size of the first param at byte `byte` that extends the prefix (with *value set), or 0
 * when there is none or *work runs out. */
static uint32_t next_constant(mdd_param_vec params, size_t byte, uint32_t *work,
                              uint32_t *value)
{
    uint32_t n = mdd_param_vec_count(params);
    for (uint32_t i = 0; i < n && *work > 0; i++, (*work)--) {
        mdd_param p = mdd_param_vec_at(params, i);
        if (!starts_at(p, byte))
            continue;
        uint32_t size = constant_size(p, value);
        if (size != 0)
            return size;
    }
    return 0;
}

size_t mdd_diag_service_request_prefix(mdd_diag_service s, uint8_t *out, size_t cap)
{
    mdd_param_vec params = mdd_request_params(mdd_diag_service_request(s));
    uint32_t work = MDD_REQUEST_PREFIX_WORK;
    size_t len = 0;
    uint32_t value;
    uint32_t size;
    while ((size = next_constant(params, len, &work, &value)) != 0)
        for (uint32_t i = size; i-- > 0; len++)
            if (len < cap)
                out[len] = (uint8_t)(value >> (8 * i));
    return len;
}

int mdd_request_prefix_matches(const mdd_request_prefix *prefix, const uint8_t *request,
                               size_t len)
{
    size_t n = len < prefix->len ? len : prefix->len;
    return n == 0 || memcmp(prefix->bytes, request, n) == 0;
}
