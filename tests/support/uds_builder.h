/* SPDX-License-Identifier: Apache-2.0 */
/* The codec's building blocks for tests, described as plain structs and laid out with
 * fb_builder.h: DiagCodedTypes (every length type, mask, byte order, encoding), compu methods
 * (scales with limits, texts, inverse values and rational coefficients, default values,
 * phys_to_internal scales, program code), physical types, NormalDOPs and the DOPs that hold
 * them. Header-only. Each ub_* builder appends its table and its children and returns the
 * table's position; ub_view() turns a position into a view.
 *
 *     tb b;
 *     tb_init(&b);
 *     ub_dct d = UB_STANDARD(MDD_DATA_TYPE_A_UINT_32, 8);
 *     mdd_diag_coded_type dct = {ub_view(&b, ub_dct_table(&b, &d, NULL))}; */
#ifndef MDD_TEST_UDS_BUILDER_H
#define MDD_TEST_UDS_BUILDER_H

#include "fb_builder.h"

#include <mdd/ecu.h>
#include <mdd_internal/ecu_fields.h>

#define UB_ABSENT (-1)

/* A view of the table at pos of b (the buffer as built so far). */
static inline mdd_fb_table ub_view(const tb *b, uint32_t pos)
{
    mdd_fb_table t = {b->buf, b->len, pos};
    return t;
}

/* Appends a little-endian double at `at`, already reserved. */
static inline void ub_set_f64(tb *b, uint32_t at, double v)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    tb_set32(b, at, (uint32_t)bits);
    tb_set32(b, at + 4, (uint32_t)(bits >> 32));
}

/* Appends a vector of n doubles; returns its count's position. */
static inline uint32_t ub_f64_vector(tb *b, const double *v, uint32_t n)
{
    tb_align(b, 8);
    tb_put(b, 0, 4); /* so that the elements after the count are 8-aligned */
    uint32_t at = tb_put(b, n, 4);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t element = tb_put(b, 0, 4);
        tb_put(b, 0, 4);
        ub_set_f64(b, element, v[i]);
    }
    return at;
}

/* Appends a vector of n bytes; returns its count's position. */
static inline uint32_t ub_byte_vector(tb *b, const uint8_t *v, uint32_t n)
{
    tb_align(b, 4);
    uint32_t at = tb_put(b, n, 4);
    tb_bytes(b, v, n);
    tb_align(b, 4);
    return at;
}

/* ---- DiagCodedType ---- */

/* A DiagCodedType. kind is its length type (MDD_SPECIFIC_DATA_TYPE_*); the fields of the
 * other kinds are ignored. */
typedef struct ub_dct {
    uint8_t kind;
    uint8_t base;           /* MDD_DATA_TYPE_* */
    const char *encoding;   /* base_type_encoding; NULL: absent */
    int low_high;           /* is_high_low_byte_order stored false */
    uint32_t bits;          /* STANDARD_LENGTH and LEADING_LENGTH_INFO bit_length */
    const uint8_t *mask;    /* STANDARD_LENGTH bit_mask; NULL: absent */
    uint32_t mask_len;
    int condensed;
    uint32_t min_len;       /* MIN_MAX_LENGTH */
    int64_t max_len;        /* UB_ABSENT: unbounded */
    uint8_t termination;    /* MDD_TERMINATION_* */
} ub_dct;

#define UB_STANDARD(type, nbits) \
    {.kind = MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE, .base = (type), .bits = (nbits)}
#define UB_LEADING(type, nbits) \
    {.kind = MDD_SPECIFIC_DATA_TYPE_LEADING_LENGTH_INFO_TYPE, .base = (type), .bits = (nbits)}
#define UB_MIN_MAX(type, min, max, term)                                                      \
    {.kind = MDD_SPECIFIC_DATA_TYPE_MIN_MAX_LENGTH_TYPE, .base = (type), .min_len = (min),     \
     .max_len = (max), .termination = (term)}
#define UB_PARAM_LENGTH(type) \
    {.kind = MDD_SPECIFIC_DATA_TYPE_PARAM_LENGTH_INFO_TYPE, .base = (type)}

/* The DiagCodedTypeName that repeats a length type's union tag. */
static inline uint8_t ub_dct_type_name(uint8_t kind)
{
    switch (kind) {
    case MDD_SPECIFIC_DATA_TYPE_LEADING_LENGTH_INFO_TYPE:
        return MDD_DIAG_CODED_TYPE_NAME_LEADING_LENGTH_INFO_TYPE;
    case MDD_SPECIFIC_DATA_TYPE_MIN_MAX_LENGTH_TYPE:
        return MDD_DIAG_CODED_TYPE_NAME_MIN_MAX_LENGTH_TYPE;
    case MDD_SPECIFIC_DATA_TYPE_PARAM_LENGTH_INFO_TYPE:
        return MDD_DIAG_CODED_TYPE_NAME_PARAM_LENGTH_INFO_TYPE;
    default: return MDD_DIAG_CODED_TYPE_NAME_STANDARD_LENGTH_TYPE;
    }
}

static inline uint32_t ub_standard_length(tb *b, const ub_dct *d)
{
    uint32_t at[FIDS_STANDARD_LENGTH_TYPE];
    uint32_t t = tb_table(b, FIDS_STANDARD_LENGTH_TYPE,
                          (const uint8_t[FIDS_STANDARD_LENGTH_TYPE]){
                              [FID_STANDARD_LENGTH_TYPE_BIT_LENGTH] = 4,
                              [FID_STANDARD_LENGTH_TYPE_BIT_MASK] = (uint8_t)(d->mask ? 4 : 0),
                              [FID_STANDARD_LENGTH_TYPE_CONDENSED] = 1},
                          at);
    tb_set32(b, at[FID_STANDARD_LENGTH_TYPE_BIT_LENGTH], d->bits);
    tb_set(b, at[FID_STANDARD_LENGTH_TYPE_CONDENSED], (uint32_t)d->condensed, 1);
    if (d->mask)
        tb_link(b, at[FID_STANDARD_LENGTH_TYPE_BIT_MASK], ub_byte_vector(b, d->mask, d->mask_len));
    return t;
}

static inline uint32_t ub_leading_length(tb *b, const ub_dct *d)
{
    uint32_t at[FIDS_LEADING_LENGTH_INFO_TYPE];
    uint32_t t = tb_table(b, FIDS_LEADING_LENGTH_INFO_TYPE,
                          (const uint8_t[FIDS_LEADING_LENGTH_INFO_TYPE]){
                              [FID_LEADING_LENGTH_INFO_TYPE_BIT_LENGTH] = 4},
                          at);
    tb_set32(b, at[FID_LEADING_LENGTH_INFO_TYPE_BIT_LENGTH], d->bits);
    return t;
}

static inline uint32_t ub_min_max_length(tb *b, const ub_dct *d)
{
    uint32_t at[FIDS_MIN_MAX_LENGTH_TYPE];
    uint32_t t = tb_table(b, FIDS_MIN_MAX_LENGTH_TYPE,
                          (const uint8_t[FIDS_MIN_MAX_LENGTH_TYPE]){
                              [FID_MIN_MAX_LENGTH_TYPE_MIN_LENGTH] = 4,
                              [FID_MIN_MAX_LENGTH_TYPE_MAX_LENGTH] =
                                  (uint8_t)(d->max_len == UB_ABSENT ? 0 : 4),
                              [FID_MIN_MAX_LENGTH_TYPE_TERMINATION] = 1},
                          at);
    tb_set32(b, at[FID_MIN_MAX_LENGTH_TYPE_MIN_LENGTH], d->min_len);
    if (d->max_len != UB_ABSENT)
        tb_set32(b, at[FID_MIN_MAX_LENGTH_TYPE_MAX_LENGTH], (uint32_t)d->max_len);
    tb_set(b, at[FID_MIN_MAX_LENGTH_TYPE_TERMINATION], d->termination, 1);
    return t;
}

/* A ParamLengthInfoType. With length_key_slot, *length_key_slot receives where its
 * length_key reference goes, which the caller must tb_link() to a Param built later; without
 * it the length_key is absent. */
static inline uint32_t ub_param_length(tb *b, uint32_t *length_key_slot)
{
    uint32_t at[FIDS_PARAM_LENGTH_INFO_TYPE];
    uint32_t t = tb_table(b, FIDS_PARAM_LENGTH_INFO_TYPE,
                          (const uint8_t[FIDS_PARAM_LENGTH_INFO_TYPE]){
                              [FID_PARAM_LENGTH_INFO_TYPE_LENGTH_KEY] =
                                  (uint8_t)(length_key_slot ? 4 : 0)},
                          at);
    if (length_key_slot)
        *length_key_slot = at[FID_PARAM_LENGTH_INFO_TYPE_LENGTH_KEY];
    return t;
}

/* Appends the DiagCodedType d. length_key_slot (may be NULL) as for ub_param_length(); it
 * receives 0 for the other length types. */
static inline uint32_t ub_dct_table(tb *b, const ub_dct *d, uint32_t *length_key_slot)
{
    uint32_t at[FIDS_DIAG_CODED_TYPE];
    uint32_t t = tb_table(b, FIDS_DIAG_CODED_TYPE,
                          (const uint8_t[FIDS_DIAG_CODED_TYPE]){
                              [FID_DIAG_CODED_TYPE_TYPE] = 1,
                              [FID_DIAG_CODED_TYPE_BASE_TYPE_ENCODING] =
                                  (uint8_t)(d->encoding ? 4 : 0),
                              [FID_DIAG_CODED_TYPE_BASE_DATA_TYPE] = 1,
                              [FID_DIAG_CODED_TYPE_IS_HIGH_LOW_BYTE_ORDER] =
                                  (uint8_t)(d->low_high ? 1 : 0),
                              [FID_DIAG_CODED_TYPE_SPECIFIC_DATA_TYPE] = 1,
                              [FID_DIAG_CODED_TYPE_SPECIFIC_DATA] = 4},
                          at);
    tb_set(b, at[FID_DIAG_CODED_TYPE_TYPE], ub_dct_type_name(d->kind), 1);
    tb_set(b, at[FID_DIAG_CODED_TYPE_BASE_DATA_TYPE], d->base, 1);
    tb_set(b, at[FID_DIAG_CODED_TYPE_SPECIFIC_DATA_TYPE], d->kind, 1);
    if (d->encoding)
        tb_link(b, at[FID_DIAG_CODED_TYPE_BASE_TYPE_ENCODING], tb_string(b, d->encoding));
    if (length_key_slot)
        *length_key_slot = 0;
    uint32_t specific;
    switch (d->kind) {
    case MDD_SPECIFIC_DATA_TYPE_LEADING_LENGTH_INFO_TYPE: specific = ub_leading_length(b, d); break;
    case MDD_SPECIFIC_DATA_TYPE_MIN_MAX_LENGTH_TYPE: specific = ub_min_max_length(b, d); break;
    case MDD_SPECIFIC_DATA_TYPE_PARAM_LENGTH_INFO_TYPE:
        specific = ub_param_length(b, length_key_slot);
        break;
    default: specific = ub_standard_length(b, d); break;
    }
    tb_link(b, at[FID_DIAG_CODED_TYPE_SPECIFIC_DATA], specific);
    return t;
}

/* ---- Compu methods ---- */

/* How a limit bounds: UB_CLOSED is the zero value, so a scale written without it is
 * inclusive, as ODX defaults it. */
enum { UB_CLOSED = 0, UB_OPEN, UB_INFINITE };

static inline uint8_t ub_interval(int type)
{
    return type == UB_OPEN ? MDD_INTERVAL_TYPE_OPEN
           : type == UB_INFINITE ? MDD_INTERVAL_TYPE_INFINITE
                                 : MDD_INTERVAL_TYPE_CLOSED;
}

/* A Limit with value (NULL: none) and type (UB_CLOSED, UB_OPEN, UB_INFINITE). */
static inline uint32_t ub_limit(tb *b, const char *value, int type)
{
    uint32_t at[FIDS_LIMIT];
    uint32_t t = tb_table(b, FIDS_LIMIT,
                          (const uint8_t[FIDS_LIMIT]){[FID_LIMIT_VALUE] = (uint8_t)(value ? 4 : 0),
                                                      [FID_LIMIT_INTERVAL_TYPE] = 1},
                          at);
    tb_set(b, at[FID_LIMIT_INTERVAL_TYPE], ub_interval(type), 1);
    if (value)
        tb_link(b, at[FID_LIMIT_VALUE], tb_string(b, value));
    return t;
}

/* CompuValues: v when has_v, texts when not NULL. */
static inline uint32_t ub_compu_values(tb *b, int has_v, double v, const char *vt,
                                       const char *vt_ti)
{
    uint32_t at[FIDS_COMPU_VALUES];
    uint32_t t = tb_table(b, FIDS_COMPU_VALUES,
                          (const uint8_t[FIDS_COMPU_VALUES]){
                              [FID_COMPU_VALUES_V] = (uint8_t)(has_v ? 8 : 0),
                              [FID_COMPU_VALUES_VT] = (uint8_t)(vt ? 4 : 0),
                              [FID_COMPU_VALUES_VT_TI] = (uint8_t)(vt_ti ? 4 : 0)},
                          at);
    if (has_v)
        ub_set_f64(b, at[FID_COMPU_VALUES_V], v);
    if (vt)
        tb_link(b, at[FID_COMPU_VALUES_VT], tb_string(b, vt));
    if (vt_ti)
        tb_link(b, at[FID_COMPU_VALUES_VT_TI], tb_string(b, vt_ti));
    return t;
}

#define UB_MAX_COEFFS 4

/* A CompuScale. A limit is stored when it has a value or is UB_INFINITE. */
typedef struct ub_scale {
    const char *lower, *upper;
    int lower_type, upper_type; /* UB_CLOSED, UB_OPEN, UB_INFINITE */
    const char *vt, *vt_ti;     /* consts texts; NULL: absent */
    int has_v;
    double v;                   /* consts.v */
    int has_inverse;
    double inverse;             /* inverse_values.v */
    double num[UB_MAX_COEFFS];  /* rational_co_effs, stored when num_count or den_count */
    uint32_t num_count;
    double den[UB_MAX_COEFFS];
    uint32_t den_count;
} ub_scale;

static inline uint32_t ub_scale_table(tb *b, const ub_scale *s)
{
    int has_lower = s->lower || s->lower_type == UB_INFINITE;
    int has_upper = s->upper || s->upper_type == UB_INFINITE;
    int has_consts = s->vt || s->vt_ti || s->has_v;
    int has_co = s->num_count || s->den_count;
    uint32_t at[FIDS_COMPU_SCALE];
    uint32_t t = tb_table(b, FIDS_COMPU_SCALE,
                          (const uint8_t[FIDS_COMPU_SCALE]){
                              [FID_COMPU_SCALE_LOWER_LIMIT] = (uint8_t)(has_lower ? 4 : 0),
                              [FID_COMPU_SCALE_UPPER_LIMIT] = (uint8_t)(has_upper ? 4 : 0),
                              [FID_COMPU_SCALE_INVERSE_VALUES] = (uint8_t)(s->has_inverse ? 4 : 0),
                              [FID_COMPU_SCALE_CONSTS] = (uint8_t)(has_consts ? 4 : 0),
                              [FID_COMPU_SCALE_RATIONAL_CO_EFFS] = (uint8_t)(has_co ? 4 : 0)},
                          at);
    if (has_lower)
        tb_link(b, at[FID_COMPU_SCALE_LOWER_LIMIT], ub_limit(b, s->lower, s->lower_type));
    if (has_upper)
        tb_link(b, at[FID_COMPU_SCALE_UPPER_LIMIT], ub_limit(b, s->upper, s->upper_type));
    if (s->has_inverse)
        tb_link(b, at[FID_COMPU_SCALE_INVERSE_VALUES],
                ub_compu_values(b, 1, s->inverse, NULL, NULL));
    if (has_consts)
        tb_link(b, at[FID_COMPU_SCALE_CONSTS], ub_compu_values(b, s->has_v, s->v, s->vt, s->vt_ti));
    if (has_co) {
        uint32_t co_at[FIDS_COMPU_RATIONAL_CO_EFFS];
        tb_link(b, at[FID_COMPU_SCALE_RATIONAL_CO_EFFS],
                tb_table(b, FIDS_COMPU_RATIONAL_CO_EFFS,
                         (const uint8_t[FIDS_COMPU_RATIONAL_CO_EFFS]){
                             [FID_COMPU_RATIONAL_CO_EFFS_NUMERATOR] = 4,
                             [FID_COMPU_RATIONAL_CO_EFFS_DENOMINATOR] =
                                 (uint8_t)(s->den_count ? 4 : 0)},
                         co_at));
        tb_link(b, co_at[FID_COMPU_RATIONAL_CO_EFFS_NUMERATOR],
                ub_f64_vector(b, s->num, s->num_count));
        if (s->den_count)
            tb_link(b, co_at[FID_COMPU_RATIONAL_CO_EFFS_DENOMINATOR],
                    ub_f64_vector(b, s->den, s->den_count));
    }
    return t;
}

/* A vector of n scales; returns its count's position. */
static inline uint32_t ub_scales(tb *b, const ub_scale *scales, uint32_t n)
{
    uint32_t v = tb_vector(b, n);
    for (uint32_t i = 0; i < n; i++)
        tb_link(b, v + 4 + 4 * i, ub_scale_table(b, &scales[i]));
    return v;
}

/* A CompuDefaultValue holding v (has_v) or vt. */
static inline uint32_t ub_default_value(tb *b, int has_v, double v, const char *vt)
{
    uint32_t at[FIDS_COMPU_DEFAULT_VALUE];
    uint32_t t = tb_table(b, FIDS_COMPU_DEFAULT_VALUE,
                          (const uint8_t[FIDS_COMPU_DEFAULT_VALUE]){
                              [FID_COMPU_DEFAULT_VALUE_VALUES] = 4},
                          at);
    tb_link(b, at[FID_COMPU_DEFAULT_VALUE_VALUES], ub_compu_values(b, has_v, v, vt, NULL));
    return t;
}

/* A ProgCode with only its entry point. */
static inline uint32_t ub_prog_code(tb *b, const char *entrypoint)
{
    uint32_t at[FIDS_PROG_CODE];
    uint32_t t = tb_table(b, FIDS_PROG_CODE,
                          (const uint8_t[FIDS_PROG_CODE]){[FID_PROG_CODE_ENTRYPOINT] = 4}, at);
    tb_link(b, at[FID_PROG_CODE_ENTRYPOINT], tb_string(b, entrypoint));
    return t;
}

#define UB_MAX_SCALES 8

/* A CompuMethod: internal_to_phys scales with an optional default (default_vt, or
 * default_v when has_default_v) and program code; phys_to_internal when it has scales, a
 * default (has_inverse_default) or program code. */
typedef struct ub_compu {
    uint8_t category; /* MDD_COMPU_CATEGORY_* */
    ub_scale scales[UB_MAX_SCALES];
    uint32_t scale_count;
    const char *default_vt;
    int has_default_v;
    double default_v;
    const char *prog_entry; /* internal_to_phys.prog_code entry point; NULL: absent */
    ub_scale inverse_scales[UB_MAX_SCALES];
    uint32_t inverse_count;
    int has_inverse_default;
    double inverse_default;
} ub_compu;

static inline uint32_t ub_internal_to_phys(tb *b, const ub_compu *c)
{
    int has_default = c->default_vt || c->has_default_v;
    uint32_t at[FIDS_COMPU_INTERNAL_TO_PHYS];
    uint32_t t = tb_table(b, FIDS_COMPU_INTERNAL_TO_PHYS,
                          (const uint8_t[FIDS_COMPU_INTERNAL_TO_PHYS]){
                              [FID_COMPU_INTERNAL_TO_PHYS_COMPU_SCALES] = 4,
                              [FID_COMPU_INTERNAL_TO_PHYS_PROG_CODE] =
                                  (uint8_t)(c->prog_entry ? 4 : 0),
                              [FID_COMPU_INTERNAL_TO_PHYS_COMPU_DEFAULT_VALUE] =
                                  (uint8_t)(has_default ? 4 : 0)},
                          at);
    tb_link(b, at[FID_COMPU_INTERNAL_TO_PHYS_COMPU_SCALES],
            ub_scales(b, c->scales, c->scale_count));
    if (c->prog_entry)
        tb_link(b, at[FID_COMPU_INTERNAL_TO_PHYS_PROG_CODE], ub_prog_code(b, c->prog_entry));
    if (has_default)
        tb_link(b, at[FID_COMPU_INTERNAL_TO_PHYS_COMPU_DEFAULT_VALUE],
                ub_default_value(b, c->has_default_v, c->default_v, c->default_vt));
    return t;
}

static inline uint32_t ub_phys_to_internal(tb *b, const ub_compu *c)
{
    uint32_t at[FIDS_COMPU_PHYS_TO_INTERNAL];
    uint32_t t = tb_table(b, FIDS_COMPU_PHYS_TO_INTERNAL,
                          (const uint8_t[FIDS_COMPU_PHYS_TO_INTERNAL]){
                              [FID_COMPU_PHYS_TO_INTERNAL_COMPU_SCALES] =
                                  (uint8_t)(c->inverse_count ? 4 : 0),
                              [FID_COMPU_PHYS_TO_INTERNAL_COMPU_DEFAULT_VALUE] =
                                  (uint8_t)(c->has_inverse_default ? 4 : 0)},
                          at);
    if (c->inverse_count)
        tb_link(b, at[FID_COMPU_PHYS_TO_INTERNAL_COMPU_SCALES],
                ub_scales(b, c->inverse_scales, c->inverse_count));
    if (c->has_inverse_default)
        tb_link(b, at[FID_COMPU_PHYS_TO_INTERNAL_COMPU_DEFAULT_VALUE],
                ub_default_value(b, 1, c->inverse_default, NULL));
    return t;
}

/* Appends the CompuMethod c. */
static inline uint32_t ub_compu_table(tb *b, const ub_compu *c)
{
    int has_inverse = c->inverse_count || c->has_inverse_default;
    uint32_t at[FIDS_COMPU_METHOD];
    uint32_t t = tb_table(b, FIDS_COMPU_METHOD,
                          (const uint8_t[FIDS_COMPU_METHOD]){
                              [FID_COMPU_METHOD_CATEGORY] = 1,
                              [FID_COMPU_METHOD_INTERNAL_TO_PHYS] = 4,
                              [FID_COMPU_METHOD_PHYS_TO_INTERNAL] = (uint8_t)(has_inverse ? 4 : 0)},
                          at);
    tb_set(b, at[FID_COMPU_METHOD_CATEGORY], c->category, 1);
    tb_link(b, at[FID_COMPU_METHOD_INTERNAL_TO_PHYS], ub_internal_to_phys(b, c));
    if (has_inverse)
        tb_link(b, at[FID_COMPU_METHOD_PHYS_TO_INTERNAL], ub_phys_to_internal(b, c));
    return t;
}

/* ---- PhysicalType, NormalDOP, DOP ---- */

/* Appends a PhysicalType of base_data_type type (MDD_PHYSICAL_TYPE_DATA_TYPE_*). */
static inline uint32_t ub_physical_type_table(tb *b, uint8_t type)
{
    uint32_t at[FIDS_PHYSICAL_TYPE];
    uint32_t t = tb_table(b, FIDS_PHYSICAL_TYPE,
                          (const uint8_t[FIDS_PHYSICAL_TYPE]){
                              [FID_PHYSICAL_TYPE_BASE_DATA_TYPE] = 1},
                          at);
    tb_set(b, at[FID_PHYSICAL_TYPE_BASE_DATA_TYPE], type, 1);
    return t;
}

/* A NormalDOP: its coded type, its compu method (NULL: absent, identical) and physical type
 * (UB_ABSENT or an MDD_PHYSICAL_TYPE_DATA_TYPE_*). */
typedef struct ub_normal_dop {
    ub_dct dct;
    const ub_compu *compu;
    int physical_type;
} ub_normal_dop;

/* Appends the NormalDOP n; length_key_slot as for ub_dct_table(). */
static inline uint32_t ub_normal_dop_table(tb *b, const ub_normal_dop *n,
                                           uint32_t *length_key_slot)
{
    uint32_t at[FIDS_NORMAL_DOP];
    uint32_t t = tb_table(b, FIDS_NORMAL_DOP,
                          (const uint8_t[FIDS_NORMAL_DOP]){
                              [FID_NORMAL_DOP_COMPU_METHOD] = (uint8_t)(n->compu ? 4 : 0),
                              [FID_NORMAL_DOP_DIAG_CODED_TYPE] = 4,
                              [FID_NORMAL_DOP_PHYSICAL_TYPE] =
                                  (uint8_t)(n->physical_type == UB_ABSENT ? 0 : 4)},
                          at);
    if (n->compu)
        tb_link(b, at[FID_NORMAL_DOP_COMPU_METHOD], ub_compu_table(b, n->compu));
    tb_link(b, at[FID_NORMAL_DOP_DIAG_CODED_TYPE], ub_dct_table(b, &n->dct, length_key_slot));
    if (n->physical_type != UB_ABSENT)
        tb_link(b, at[FID_NORMAL_DOP_PHYSICAL_TYPE],
                ub_physical_type_table(b, (uint8_t)n->physical_type));
    return t;
}

/* Appends a DOP named name (REGULAR) holding the NormalDOP n. */
static inline uint32_t ub_dop_table(tb *b, const char *name, const ub_normal_dop *n,
                                    uint32_t *length_key_slot)
{
    uint32_t at[FIDS_DOP];
    uint32_t t = tb_table(b, FIDS_DOP,
                          (const uint8_t[FIDS_DOP]){[FID_DOP_DOP_TYPE] = 1,
                                                    [FID_DOP_SHORT_NAME] = 4,
                                                    [FID_DOP_SPECIFIC_DATA_TYPE] = 1,
                                                    [FID_DOP_SPECIFIC_DATA] = 4},
                          at);
    tb_set(b, at[FID_DOP_DOP_TYPE], MDD_DOP_TYPE_REGULAR, 1);
    tb_set(b, at[FID_DOP_SPECIFIC_DATA_TYPE], MDD_SPECIFIC_DOP_DATA_NORMAL_DOP, 1);
    tb_link(b, at[FID_DOP_SHORT_NAME], tb_string(b, name));
    tb_link(b, at[FID_DOP_SPECIFIC_DATA], ub_normal_dop_table(b, n, length_key_slot));
    return t;
}

#endif
