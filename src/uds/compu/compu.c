/* SPDX-License-Identifier: Apache-2.0 */
/* Compu methods in both directions (codec rules §4): the category's conversion, the typing
 * of its result by the target type, and the default value when no scale applies. */
#include "prim.h"

#include <math.h>

const char *uds_compu_name(uint8_t category)
{
    const char *name = mdd_ecu_enum_name(MDD_ENUM_COMPU_CATEGORY, category);
    return name ? name : "unknown";
}

mdd_status uds_compu_result(const uds_compu_ctx *c, double value, bool to_coded, uds_scalar *out)
{
    mdd_status fail = to_coded ? MDD_ERR_ARG : MDD_ERR_FORMAT;
    uint8_t type = to_coded ? c->coded_type : c->physical_type;
    if (!isfinite(value))
        return mdd_fail(c->err, fail, "the %s compu method gives %f, not a finite number",
                        uds_compu_name(mdd_compu_method_category(c->cm)), value);
    uds_scalar number = {.kind = MDD_UDS_FLOAT, .as.f = value};
    mdd_status st = uds_convert(&number, type, true, out, c->err);
    if (st != MDD_OK && c->err)
        c->err->status = fail;
    return st == MDD_OK ? MDD_OK : fail;
}

mdd_status uds_compu_default(const uds_compu_ctx *c, const uds_scalar *coded, uds_scalar *out)
{
    mdd_compu_values dv = mdd_compu_default_value_values(
        mdd_compu_internal_to_phys_compu_default_value(mdd_compu_method_internal_to_phys(c->cm)));
    mdd_bytes vt = mdd_compu_values_vt(dv);
    double v;
    if (vt.ptr) {
        *out = (uds_scalar){.kind = MDD_UDS_TEXT, .as.text = {vt, MDD_UDS_TEXT_UTF8}};
        return MDD_OK;
    }
    if (mdd_compu_values_v(dv, &v))
        return uds_compu_result(c, v, false, out);
    char shown[64];
    return mdd_fail(c->err, MDD_ERR_FORMAT,
                    "coded value %s fits no scale of the %s compu method, which has no default",
                    uds_scalar_show(coded, shown, sizeof shown),
                    uds_compu_name(mdd_compu_method_category(c->cm)));
}

uint8_t uds_compu_category(const fb_fields *cm)
{
    return cm->t.pos ? fb_fields_u8(cm, FID_COMPU_METHOD_CATEGORY, 0)
                     : MDD_COMPU_CATEGORY_IDENTICAL;
}

uint8_t uds_compu_physical_type(uint8_t category, uint8_t coded_type, const fb_fields *pt)
{
    if (pt->t.pos)
        return fb_fields_u8(pt, FID_PHYSICAL_TYPE_BASE_DATA_TYPE, 0);
    switch (category) {
    case MDD_COMPU_CATEGORY_IDENTICAL: return coded_type;
    case MDD_COMPU_CATEGORY_TEXT_TABLE: return MDD_DATA_TYPE_A_UTF_8_STRING;
    default: return MDD_DATA_TYPE_A_FLOAT_64;
    }
}

static mdd_status compu_code(const uds_compu_ctx *c)
{
    mdd_prog_code code =
        mdd_compu_internal_to_phys_prog_code(mdd_compu_method_internal_to_phys(c->cm));
    mdd_bytes entry = mdd_prog_code_entrypoint(code);
    return mdd_fail(c->err, MDD_ERR_UNSUPPORTED,
                    "the COMPU_CODE compu method%s%.*s is not supported: its program code has "
                    "no portable meaning",
                    entry.len ? " " : "", (int)(entry.len > 60 ? 60 : entry.len),
                    entry.ptr ? (const char *)entry.ptr : "");
}

static mdd_status identical(const uds_compu_ctx *c, const uds_scalar *in, bool to_coded,
                            uds_scalar *out)
{
    mdd_status fail = to_coded ? MDD_ERR_ARG : MDD_ERR_FORMAT;
    mdd_status st = uds_convert(in, to_coded ? c->coded_type : c->physical_type, !to_coded, out,
                                c->err);
    if (st != MDD_OK && c->err)
        c->err->status = fail;
    return st == MDD_OK ? MDD_OK : fail;
}

static mdd_status unknown_category(const uds_compu_ctx *c)
{
    return mdd_fail(c->err, MDD_ERR_FORMAT, "unknown compu category %u",
                    mdd_compu_method_category(c->cm));
}

mdd_status uds_compu_to_physical(mdd_compu_method cm, uint8_t coded_type, mdd_physical_type pt,
                                 const uds_scalar *coded, uds_scalar *physical, mdd_error *err)
{
    fb_fields method = fb_fields_of(cm.t), type = fb_fields_of(pt.t);
    return uds_compu_fields_to_physical(&method, coded_type, &type, coded, physical, err);
}

mdd_status uds_compu_fields_to_physical(const fb_fields *cm, uint8_t coded_type,
                                        const fb_fields *pt, const uds_scalar *coded,
                                        uds_scalar *physical, mdd_error *err)
{
    uint8_t category = uds_compu_category(cm);
    uds_compu_ctx c = {{cm->t}, coded_type, uds_compu_physical_type(category, coded_type, pt), err};
    switch (category) {
    case MDD_COMPU_CATEGORY_IDENTICAL: return identical(&c, coded, false, physical);
    case MDD_COMPU_CATEGORY_LINEAR:
    case MDD_COMPU_CATEGORY_SCALE_LINEAR:
    case MDD_COMPU_CATEGORY_RAT_FUNC:
    case MDD_COMPU_CATEGORY_SCALE_RAT_FUNC: return uds_rat_to_physical(&c, coded, physical);
    case MDD_COMPU_CATEGORY_TEXT_TABLE: return uds_text_table_to_physical(&c, coded, physical);
    case MDD_COMPU_CATEGORY_TAB_INTP: return uds_tab_intp_to_physical(&c, coded, physical);
    case MDD_COMPU_CATEGORY_COMPU_CODE: return compu_code(&c);
    default: return unknown_category(&c);
    }
}

mdd_status uds_compu_to_coded(mdd_compu_method cm, uint8_t coded_type, mdd_physical_type pt,
                              const uds_scalar *physical, uds_scalar *coded, mdd_error *err)
{
    fb_fields method = fb_fields_of(cm.t), type = fb_fields_of(pt.t);
    uint8_t category = uds_compu_category(&method);
    uds_compu_ctx c = {cm, coded_type, uds_compu_physical_type(category, coded_type, &type), err};
    switch (category) {
    case MDD_COMPU_CATEGORY_IDENTICAL: return identical(&c, physical, true, coded);
    case MDD_COMPU_CATEGORY_LINEAR:
    case MDD_COMPU_CATEGORY_SCALE_LINEAR: return uds_linear_to_coded(&c, physical, coded);
    case MDD_COMPU_CATEGORY_RAT_FUNC:
    case MDD_COMPU_CATEGORY_SCALE_RAT_FUNC: return uds_rat_to_coded(&c, physical, coded);
    case MDD_COMPU_CATEGORY_TEXT_TABLE: return uds_text_table_to_coded(&c, physical, coded);
    case MDD_COMPU_CATEGORY_TAB_INTP: return uds_tab_intp_to_coded(&c, physical, coded);
    case MDD_COMPU_CATEGORY_COMPU_CODE: return compu_code(&c);
    default: return unknown_category(&c);
    }
}
