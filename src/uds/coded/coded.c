/* SPDX-License-Identifier: Apache-2.0 */
/* Coded values: what a DiagCodedType reads and writes at a position of a message, dispatched
 * on its specific data (codec rules §2). */
#include "prim.h"

static mdd_status no_length_type(uint8_t kind, uds_pos pos, mdd_error *err)
{
    return mdd_fail(err, MDD_ERR_FORMAT, "byte %zu: DiagCodedType without a length type (tag %u)",
                    pos.byte, kind);
}

static mdd_status key_length(uint64_t length_key_bits, uds_pos pos, uds_fixed *f,
                             mdd_error *err)
{
    if (length_key_bits > UINT32_MAX)
        return mdd_fail(err, MDD_ERR_FORMAT, "byte %zu: length key of %llu bits is too long",
                        pos.byte, (unsigned long long)length_key_bits);
    *f = (uds_fixed){.bits = (uint32_t)length_key_bits};
    return MDD_OK;
}

static uds_fixed standard_of(const fb_fields *t)
{
    uds_fixed fixed = {fb_fields_u32(t, FID_STANDARD_LENGTH_TYPE_BIT_LENGTH, 0),
                       fb_fields_bytes(t, FID_STANDARD_LENGTH_TYPE_BIT_MASK),
                       fb_fields_u8(t, FID_STANDARD_LENGTH_TYPE_CONDENSED, 0) != 0};
    return fixed;
}

/* What a DiagCodedType says, its fields read through one check of its header (every coded
 * value of every message is read this way). */
typedef struct coded_parts {
    uds_base base;
    uint8_t kind;        /* its length type: enum mdd_specific_data_type */
    fb_fields length;    /* the length type's table */
} coded_parts;

static mdd_status parts_of(const fb_fields *dct, coded_parts *p, mdd_error *err)
{
    p->kind = fb_fields_u8(dct, FID_DIAG_CODED_TYPE_SPECIFIC_DATA_TYPE, 0);
    p->length = fb_fields_child(dct, FID_DIAG_CODED_TYPE_SPECIFIC_DATA);
    return uds_base_of(dct, &p->base, err);
}

int uds_coded_standard(const fb_fields *dct, uds_base *base, uds_fixed *fixed)
{
    coded_parts p;
    if (parts_of(dct, &p, NULL) != MDD_OK || p.kind != MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE)
        return 0;
    *base = p.base;
    *fixed = standard_of(&p.length);
    return 1;
}

mdd_status uds_coded_read(mdd_diag_coded_type dct, mdd_bytes msg, uds_pos pos,
                          uint64_t length_key_bits, uds_scalar *coded, size_t *next,
                          mdd_error *err)
{
    fb_fields f = fb_fields_of(dct.t);
    return uds_coded_read_type(&f, msg, pos, length_key_bits, coded, next, err);
}

mdd_status uds_coded_read_type(const fb_fields *dct, mdd_bytes msg, uds_pos pos,
                               uint64_t length_key_bits, uds_scalar *coded, size_t *next,
                               mdd_error *err)
{
    coded_parts p;
    uds_fixed f;
    *next = pos.byte;
    mdd_status st = parts_of(dct, &p, err);
    if (st != MDD_OK)
        return st;
    switch (p.kind) {
    case MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE:
        f = standard_of(&p.length);
        return uds_fixed_read(&p.base, &f, msg, pos, coded, next, err);
    case MDD_SPECIFIC_DATA_TYPE_PARAM_LENGTH_INFO_TYPE:
        st = key_length(length_key_bits, pos, &f, err);
        return st == MDD_OK ? uds_fixed_read(&p.base, &f, msg, pos, coded, next, err) : st;
    case MDD_SPECIFIC_DATA_TYPE_MIN_MAX_LENGTH_TYPE:
        return uds_minmax_read(&p.base, (mdd_min_max_length_type){p.length.t}, msg, pos, coded,
                               next, err);
    case MDD_SPECIFIC_DATA_TYPE_LEADING_LENGTH_INFO_TYPE:
        return uds_leading_read(&p.base, (mdd_leading_length_info_type){p.length.t}, msg, pos,
                                coded, next, err);
    default: return no_length_type(p.kind, pos, err);
    }
}

mdd_status uds_coded_write(mdd_diag_coded_type dct, uds_out *out, uds_pos pos,
                           const uds_scalar *coded, int last, uint64_t length_key_bits,
                           size_t *next, mdd_error *err)
{
    fb_fields fields = fb_fields_of(dct.t);
    coded_parts p;
    uds_fixed f;
    *next = pos.byte;
    mdd_status st = parts_of(&fields, &p, err);
    if (st != MDD_OK)
        return st;
    switch (p.kind) {
    case MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE:
        f = standard_of(&p.length);
        return uds_fixed_write(&p.base, &f, out, pos, coded, next, err);
    case MDD_SPECIFIC_DATA_TYPE_PARAM_LENGTH_INFO_TYPE:
        st = key_length(length_key_bits, pos, &f, err);
        return st == MDD_OK ? uds_fixed_write(&p.base, &f, out, pos, coded, next, err) : st;
    case MDD_SPECIFIC_DATA_TYPE_MIN_MAX_LENGTH_TYPE:
        return uds_minmax_write(&p.base, (mdd_min_max_length_type){p.length.t}, out, pos, coded,
                                last != 0, next, err);
    case MDD_SPECIFIC_DATA_TYPE_LEADING_LENGTH_INFO_TYPE:
        return uds_leading_write(&p.base, (mdd_leading_length_info_type){p.length.t}, out, pos,
                                 coded, next, err);
    default: return no_length_type(p.kind, pos, err);
    }
}

uint64_t uds_coded_length_bits(mdd_diag_coded_type dct, const uds_scalar *coded)
{
    fb_fields fields = fb_fields_of(dct.t);
    coded_parts p;
    if (parts_of(&fields, &p, NULL) != MDD_OK)
        return 0;
    return uds_base_length_bits(&p.base, coded);
}
