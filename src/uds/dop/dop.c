/* SPDX-License-Identifier: Apache-2.0 */
/* NormalDOPs in both directions (coded type, then compu method), with what the composite
 * walks share: length keys, constants parsed by type, limits. */
#include "walk.h"

uint8_t uds_normal_physical_type(mdd_normal_dop dop)
{
    mdd_physical_type pt = mdd_normal_dop_physical_type(dop);
    if (pt.t.pos)
        return mdd_physical_type_base_data_type(pt);
    return mdd_diag_coded_type_base_data_type(mdd_normal_dop_diag_coded_type(dop));
}

mdd_status uds_length_key_bits(uds_walk *w, mdd_diag_coded_type dct, size_t byte,
                               uint64_t *bits)
{
    *bits = 0;
    if (mdd_diag_coded_type_specific_data_type(dct) !=
        MDD_SPECIFIC_DATA_TYPE_PARAM_LENGTH_INFO_TYPE)
        return MDD_OK;
    mdd_param key = mdd_param_length_info_type_length_key(
        mdd_diag_coded_type_param_length_info_type(dct));
    uds_key *k = uds_key_find(w, key);
    if (!k || !k->has_value) {
        mdd_bytes name = mdd_param_short_name(key);
        return uds_fail(w, MDD_ERR_FORMAT, byte, "length key '%.*s' has no value before it",
                        (int)name.len, name.ptr ? (const char *)name.ptr : "");
    }
    *bits = k->value;
    return MDD_OK;
}

/* What reading or writing through a NormalDOP takes of it, read through one check of its
 * header (every value of every message comes this way); its coded type is ready for its
 * own fields. */
typedef struct normal_parts {
    fb_fields compu;
    fb_fields dct;
    fb_fields physical;
} normal_parts;

/* 1 and *out when dop is a NormalDOP with a coded type, else 0. */
static int normal_parts_of(const fb_fields *dop, normal_parts *out)
{
    fb_fields f =
        fb_fields_child_union(dop, FID_DOP_SPECIFIC_DATA, MDD_SPECIFIC_DOP_DATA_NORMAL_DOP);
    out->dct = fb_fields_child(&f, FID_NORMAL_DOP_DIAG_CODED_TYPE);
    if (!out->dct.t.pos)
        return 0;
    out->compu = fb_fields_child(&f, FID_NORMAL_DOP_COMPU_METHOD);
    out->physical = fb_fields_child(&f, FID_NORMAL_DOP_PHYSICAL_TYPE);
    return 1;
}

static mdd_status normal_of(uds_walk *w, const fb_fields *dop, size_t byte, normal_parts *out)
{
    if (normal_parts_of(dop, out))
        return MDD_OK;
    mdd_bytes name = mdd_dop_short_name((mdd_dop){dop->t});
    return uds_fail(w, MDD_ERR_FORMAT, byte, "DOP '%.*s' is not a NormalDOP with a coded type",
                    (int)name.len, name.ptr ? (const char *)name.ptr : "");
}

/* The read of nd when its coded type has a standard length: 1 and *out, else 0. */
static int standard_read(const normal_parts *nd, uds_normal_read *out)
{
    if (!uds_coded_standard(&nd->dct, &out->base, &out->fixed))
        return 0;
    out->compu = nd->compu;
    out->physical = nd->physical;
    return 1;
}

int uds_normal_read_of(const fb_fields *dop, uds_normal_read *out)
{
    normal_parts nd;
    return normal_parts_of(dop, &nd) && standard_read(&nd, out);
}

mdd_status uds_read_normal(uds_walk *w, const uds_normal_read *r, uds_pos pos,
                           uds_scalar *physical, size_t *next)
{
    uds_scalar coded;
    *next = pos.byte;
    mdd_status st = uds_fixed_read(&r->base, &r->fixed, w->msg, pos, &coded, next, w->err);
    if (st != MDD_OK)
        return uds_blame(w, st);
    if (*next > w->high)
        w->high = *next;
    st = uds_compu_fields_to_physical(&r->compu, r->base.type, &r->physical, &coded, physical,
                                      w->err);
    return st == MDD_OK ? MDD_OK : uds_blame(w, st);
}

/* uds_read_coded() of a coded type whose header was checked: only a PARAM_LENGTH_INFO type
 * looks for its length key. */
static mdd_status read_coded_type(uds_walk *w, const fb_fields *dct, uds_pos pos,
                                  uds_scalar *coded, size_t *next)
{
    uint64_t bits = 0;
    mdd_status st = MDD_OK;
    if (fb_fields_u8(dct, FID_DIAG_CODED_TYPE_SPECIFIC_DATA_TYPE, 0) ==
        MDD_SPECIFIC_DATA_TYPE_PARAM_LENGTH_INFO_TYPE)
        st = uds_length_key_bits(w, (mdd_diag_coded_type){dct->t}, pos.byte, &bits);
    if (st != MDD_OK)
        return st;
    st = uds_coded_read_type(dct, w->msg, pos, bits, coded, next, w->err);
    if (st != MDD_OK)
        return uds_blame(w, st);
    if (*next > w->high)
        w->high = *next;
    return MDD_OK;
}

mdd_status uds_read_coded(uds_walk *w, mdd_diag_coded_type dct, uds_pos pos, uds_scalar *coded,
                          size_t *next)
{
    fb_fields f = fb_fields_of(dct.t);
    return read_coded_type(w, &f, pos, coded, next);
}

mdd_status uds_read_physical(uds_walk *w, mdd_dop dop, uds_pos pos, uds_scalar *physical,
                             size_t *next)
{
    fb_fields f = fb_fields_of(dop.t);
    return uds_read_physical_dop(w, &f, pos, physical, next);
}

mdd_status uds_read_physical_dop(uds_walk *w, const fb_fields *dop, uds_pos pos,
                                 uds_scalar *physical, size_t *next)
{
    normal_parts nd;
    uds_normal_read standard;
    mdd_status st = normal_of(w, dop, pos.byte, &nd);
    if (st != MDD_OK)
        return st;
    if (standard_read(&nd, &standard))
        return uds_read_normal(w, &standard, pos, physical, next);
    uds_scalar coded;
    if ((st = read_coded_type(w, &nd.dct, pos, &coded, next)) != MDD_OK)
        return st;
    uint8_t coded_type = fb_fields_u8(&nd.dct, FID_DIAG_CODED_TYPE_BASE_DATA_TYPE, 0);
    st = uds_compu_fields_to_physical(&nd.compu, coded_type, &nd.physical, &coded, physical,
                                      w->err);
    return st == MDD_OK ? MDD_OK : uds_blame(w, st);
}

mdd_status uds_write_physical(uds_walk *w, mdd_dop dop, uds_pos pos, const uds_scalar *physical,
                              int last, uint64_t length_key_bits, size_t *next)
{
    fb_fields dop_fields = fb_fields_of(dop.t);
    normal_parts nd;
    mdd_status st = normal_of(w, &dop_fields, pos.byte, &nd);
    if (st != MDD_OK)
        return st;
    mdd_diag_coded_type dct = {nd.dct.t};
    uds_scalar coded;
    st = uds_compu_to_coded((mdd_compu_method){nd.compu.t},
                            mdd_diag_coded_type_base_data_type(dct),
                            (mdd_physical_type){nd.physical.t}, physical, &coded, w->err);
    if (st == MDD_OK && mdd_diag_coded_type_specific_data_type(dct) ==
                            MDD_SPECIFIC_DATA_TYPE_PARAM_LENGTH_INFO_TYPE) {
        mdd_param key = mdd_param_length_info_type_length_key(
            mdd_diag_coded_type_param_length_info_type(dct));
        uds_key *k = uds_key_find(w, key);
        if (!k)
            return uds_fail(w, MDD_ERR_ARG, pos.byte, "its length key comes after it");
        if (!k->has_value) {
            k->value = uds_coded_length_bits(dct, &coded);
            k->has_value = 1;
        }
        length_key_bits = k->value;
    }
    if (st == MDD_OK)
        st = uds_coded_write(dct, w->out, pos, &coded, last, length_key_bits, next, w->err);
    return st == MDD_OK ? uds_count_value(w, pos.byte) : uds_blame(w, st);
}

int uds_scalar_equal(const uds_scalar *a, const uds_scalar *b)
{
    int order = 1;
    return uds_scalar_compare(a, b, &order) && order == 0;
}

mdd_status uds_whole_bytes(uds_walk *w, uds_pos pos)
{
    if (pos.bit == 0)
        return MDD_OK;
    return uds_fail(w, MDD_ERR_FORMAT, pos.byte,
                    "a composite DOP at bit position %u: it starts on a byte", (unsigned)pos.bit);
}

mdd_status uds_parse_const(uds_walk *w, mdd_bytes text, uint8_t type, size_t byte,
                           uds_scalar *out)
{
    if (!text.ptr)
        return uds_fail(w, MDD_ERR_FORMAT, byte, "the constant has no value");
    mdd_status st = uds_scalar_parse(text, type, out, w->err);
    return st == MDD_OK ? MDD_OK : uds_blame(w, st);
}

/* Whether v is on the inner side of limit, a lower or an upper one; values that cannot be
 * compared with its bound are outside. */
static mdd_status within_limit(uds_walk *w, const uds_scalar *v, mdd_limit limit, bool lower,
                               uint8_t type, size_t byte, int *inside)
{
    *inside = 1;
    mdd_bytes text = uds_limit_bound_text(limit);
    if (!text.ptr)
        return MDD_OK;
    uds_scalar bound;
    mdd_status st = uds_parse_const(w, text, type, byte, &bound);
    if (st != MDD_OK)
        return st;
    int order = 0;
    *inside = uds_scalar_compare(v, &bound, &order) &&
              uds_bound_admits(order, mdd_limit_interval_type(limit), lower);
    return MDD_OK;
}

mdd_status uds_within_limits(uds_walk *w, const uds_scalar *v, mdd_limit lower, mdd_limit upper,
                             uint8_t type, size_t byte, int *inside)
{
    mdd_status st = within_limit(w, v, lower, true, type, byte, inside);
    if (st != MDD_OK || !*inside)
        return st;
    return within_limit(w, v, upper, false, type, byte, inside);
}
