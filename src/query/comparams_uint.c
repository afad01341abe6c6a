/* SPDX-License-Identifier: Apache-2.0 */
/* Integer ComParams: a value parsed from its string (payload strings carry no NUL, so the
 * parse reads the view itself), and the DoIP logical addresses every DoIP adapter needs. */
#include "comparams_impl.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

static int digit_value(uint8_t c, unsigned base)
{
    unsigned d = c >= '0' && c <= '9'   ? (unsigned)(c - '0')
                 : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                 : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10)
                                        : 99u;
    return d < base ? (int)d : -1;
}

/* Parses s (decimal, or hex after 0x) no larger than max; returns 0, or -1. */
static int parse_uint(mdd_bytes s, uint64_t max, uint64_t *out)
{
    unsigned base = 10;
    size_t i = 0;
    if (s.len > 2 && s.ptr[0] == '0' && (s.ptr[1] == 'x' || s.ptr[1] == 'X')) {
        base = 16;
        i = 2;
    }
    if (!s.ptr || i == s.len)
        return -1;
    uint64_t v = 0;
    for (; i < s.len; i++) {
        int d = digit_value(s.ptr[i], base);
        if (d < 0 || v > (max - (uint64_t)d) / base)
            return -1;
        v = v * base + (uint64_t)d;
    }
    *out = v;
    return 0;
}

typedef struct member_search {
    const char *member;
    mdd_bytes value;
    int found;
} member_search;

static int match_member(void *ctx, uint32_t depth, uint32_t index, mdd_com_param def,
                        mdd_bytes value)
{
    (void)depth;
    (void)index;
    member_search *s = ctx;
    s->found = mdd_bytes_equal_str(mdd_com_param_short_name(def), s->member);
    if (s->found)
        s->value = value;
    return s->found;
}

static mdd_status member_value(const mdd_comparam *cp, const char *member, mdd_bytes *value,
                               mdd_error *err)
{
    if (!member) {
        mdd_simple_value sv = mdd_com_param_ref_simple_value(cp->ref);
        *value = mdd_simple_value_value(sv);
        return mdd_present(sv) ? MDD_OK : MDD_ERR_NOT_FOUND;
    }
    member_search s = {member, {NULL, 0}, 0};
    mdd_comparam_visitor v = {.simple = match_member};
    mdd_status st = mdd_comparam_visit_value(cp, &v, &s, err);
    *value = s.value;
    return st != MDD_OK ? st : s.found ? MDD_OK : MDD_ERR_NOT_FOUND;
}

mdd_status mdd_comparam_uint(const mdd_comparam *cp, const char *member, uint64_t max,
                             uint64_t *out, mdd_error *err)
{
    mdd_bytes value;
    mdd_status st = member_value(cp, member, &value, err);
    char name[CP_NAME_TEXT];
    cp_name_text(cp->name, name);
    if (st == MDD_ERR_NOT_FOUND)
        return mdd_fail(err, st, "ComParam '%s' has no %s%.64s%s", name,
                        member ? "member '" : "simple value", member ? member : "",
                        member ? "'" : "");
    if (st != MDD_OK)
        return st;
    if (parse_uint(value, max, out) == 0)
        return MDD_OK;
    char text[CP_NAME_TEXT];
    return mdd_fail(err, MDD_ERR_FORMAT,
                    "ComParam '%s'%s%.64s: value '%s' is not an integer of 0..%llu", name,
                    member ? " member " : "", member ? member : "", cp_name_text(value, text),
                    (unsigned long long)max);
}

/* Where each DoIP address comes from. */
typedef struct doip_source {
    uint32_t bit;
    const char *comparam;
    const char *member; /* NULL for a regular ComParam */
    size_t offset;      /* of the field in mdd_doip_addresses */
} doip_source;

static const doip_source doip_sources[] = {
    {MDD_DOIP_ECU, "CP_UniqueRespIdTable", "CP_DoIPLogicalEcuAddress",
     offsetof(mdd_doip_addresses, ecu)},
    {MDD_DOIP_SECONDARY_RESPONSE, "CP_UniqueRespIdTable",
     "CP_DoIPSecondaryLogicalECUResponseAddress",
     offsetof(mdd_doip_addresses, secondary_response)},
    {MDD_DOIP_GATEWAY, "CP_DoIPLogicalGatewayAddress", NULL,
     offsetof(mdd_doip_addresses, gateway)},
    {MDD_DOIP_FUNCTIONAL, "CP_DoIPLogicalFunctionalAddress", NULL,
     offsetof(mdd_doip_addresses, functional)},
    {MDD_DOIP_TESTER, "CP_DoIPLogicalTesterAddress", NULL, offsetof(mdd_doip_addresses, tester)},
};

mdd_status mdd_db_layer_doip_addresses(const mdd_db_layer *layer, const char *protocol,
                                       mdd_doip_addresses *out, mdd_error *err)
{
    memset(out, 0, sizeof *out);
    mdd_status st = cp_check_protocol(layer, protocol, err);
    for (size_t i = 0; i < sizeof doip_sources / sizeof doip_sources[0] && st == MDD_OK; i++) {
        const doip_source *src = &doip_sources[i];
        mdd_comparam cp;
        st = mdd_db_layer_find_comparam(layer, protocol, src->comparam, &cp, err);
        uint64_t v = 0;
        if (st == MDD_OK)
            st = mdd_comparam_uint(&cp, src->member, UINT16_MAX, &v, err);
        if (st == MDD_ERR_NOT_FOUND) {
            st = MDD_OK;
            continue;
        }
        if (st != MDD_OK)
            break;
        uint16_t addr = (uint16_t)v;
        memcpy((char *)out + src->offset, &addr, sizeof addr);
        out->present |= src->bit;
    }
    if (st != MDD_OK)
        memset(out, 0, sizeof *out);
    return st;
}
