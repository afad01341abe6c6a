/* SPDX-License-Identifier: Apache-2.0 */
/* Coded values: a DiagCodedType described by the first bytes (any length type, base type,
 * encoding, byte order, bit length, mask, bounds, position), then a message. Reading may fail
 * but never crash; a value read and written back where it was must read back equal. */
#include "../src/uds/uds_impl.h"
#include "../tests/support/uds_builder.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The description's bytes: kind, base, flags, bits (two), min, max, termination, bit position,
 * byte position, length key bits (two), mask length; then the mask and the message. */
#define HEADER 13

static const char *const ENCODINGS[] = {NULL, "2C", "1C", "SM", "BCD-P", "BCD-UP", "UTF-8",
                                        "ISO-8859-1", "UCS-2", "ISO-8859-2"};

static tb b;

static ub_dct describe(const uint8_t *h, const uint8_t *mask)
{
    ub_dct d = {0};
    d.kind = (uint8_t)(h[0] % 6);
    d.base = (uint8_t)(h[1] % 9);
    d.low_high = h[2] & 1;
    d.condensed = (h[2] >> 1) & 1;
    d.encoding = ENCODINGS[(h[2] >> 2) % (sizeof ENCODINGS / sizeof ENCODINGS[0])];
    d.bits = (uint32_t)(h[3] | h[4] << 8) % 160;
    d.min_len = h[5] % 16;
    d.max_len = h[6] == 0xFF ? UB_ABSENT : h[6] % 32;
    d.termination = (uint8_t)(h[7] % 4);
    d.mask = h[12] ? mask : NULL;
    d.mask_len = h[12];
    return d;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < HEADER || size < HEADER + (size_t)(data[12] % 12))
        return 0;
    uint8_t mask_len = (uint8_t)(data[12] % 12);
    uint8_t header[HEADER];
    for (int i = 0; i < HEADER; i++)
        header[i] = data[i];
    header[12] = mask_len;
    ub_dct d = describe(header, data + HEADER);
    tb_init(&b);
    mdd_diag_coded_type dct = {ub_view(&b, ub_dct_table(&b, &d, NULL))};
    dct.t.len = b.len;

    mdd_bytes msg = {data + HEADER + mask_len, size - HEADER - mask_len};
    uds_pos pos = {data[9] % 8, (uint8_t)(data[8] % 9)};
    uint64_t key_bits = (uint64_t)(data[10] | data[11] << 8);
    uds_scalar v;
    size_t next;
    if (uds_coded_read(dct, msg, pos, key_bits, &v, &next, NULL) != MDD_OK)
        return 0;
    if (next > msg.len)
        abort();

    /* written back into a copy, the value reads back equal */
    static uint8_t copy[1 << 16];
    if (msg.len > sizeof copy)
        return 0;
    for (size_t i = 0; i < msg.len; i++)
        copy[i] = msg.ptr[i];
    uds_out out = {copy, sizeof copy, msg.len};
    size_t written;
    if (uds_coded_write(dct, &out, pos, &v, next == msg.len, key_bits, &written, NULL) != MDD_OK)
        return 0; /* a value the database's bounds refuse (min above max) */
    mdd_bytes again = {copy, out.len};
    uds_scalar w;
    size_t next_again;
    int order;
    if (uds_coded_read(dct, again, pos, key_bits, &w, &next_again, NULL) != MDD_OK ||
        !uds_scalar_compare(&v, &w, &order) || order != 0)
        abort();
    return 0;
}
