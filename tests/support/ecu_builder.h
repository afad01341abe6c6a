/* EcuData payloads for tests, described as plain structs and laid out with fb_builder.h:
 * variants, functional groups, protocols and shared data with their services (each request a
 * list of params), parent references with not-inherited names, and DTCs. Header-only.
 *
 * fb_builder.h writes parents before children, so every reference points forward; a layer
 * may therefore only name layers after it in eb_ecu.layers as parents. */
#ifndef MDD_TEST_ECU_BUILDER_H
#define MDD_TEST_ECU_BUILDER_H

#include "fb_builder.h"

#include <mdd/ecu.h>

#define EB_ABSENT (-1)
#define EB_MAX_PARAMS 4
#define EB_MAX_PARENTS 3
#define EB_MAX_NOT_INHERITED 3
#define EB_MAX_LINKS 32

/* A request param. A NULL coded_value makes a VALUE param without specific data. */
typedef struct eb_param {
    const char *coded_value;
    uint32_t bits;
    int32_t byte_pos; /* EB_ABSENT: not stored */
    int32_t bit_pos;  /* EB_ABSENT: not stored */
    int signed_type;  /* base_data_type A_INT_32 instead of A_UINT_32 */
    int condensed;
    int masked;       /* a one-byte bit mask */
    int leading_length; /* a LeadingLengthInfoType instead of a StandardLengthType */
} eb_param;

/* A CodedConst of bits bits at byte pos (EB_ABSENT: not stored), bit position absent. */
#define EB_CONST(value, nbits, pos) {.coded_value = (value), .bits = (nbits), .byte_pos = (pos), \
                                     .bit_pos = EB_ABSENT}

typedef struct eb_service {
    const char *name;
    eb_param params[EB_MAX_PARAMS];
    uint32_t param_count;
} eb_service;

/* A one-byte service id and, when did_bits is not 0, an identifier after it. */
#define EB_SERVICE(svc_name, sid, did, did_bits)                                               \
    {.name = (svc_name),                                                                       \
     .params = {EB_CONST(sid, 8, EB_ABSENT), EB_CONST(did, did_bits, 1)},                      \
     .param_count = (did_bits) ? 2u : 1u}

/* The layer kinds, numbered as the ParentRefType tags. */
enum eb_kind { EB_VARIANT = 1, EB_PROTOCOL = 2, EB_GROUP = 3, EB_SHARED = 5 };

typedef struct eb_parent {
    uint32_t layer; /* index in eb_ecu.layers, after the referring layer */
    const char *not_inherited[EB_MAX_NOT_INHERITED];
    uint32_t not_inherited_count;
} eb_parent;

typedef struct eb_layer {
    enum eb_kind kind;
    const char *name;
    int is_base;
    const eb_service *services;
    uint32_t service_count;
    eb_parent parents[EB_MAX_PARENTS];
    uint32_t parent_count;
} eb_layer;

typedef struct eb_dtc {
    const char *name;
    uint32_t code;
    const char *text;
} eb_dtc;

/* EcuData.variants are the EB_VARIANT layers, functional_groups the EB_GROUP ones. */
typedef struct eb_ecu {
    const char *name;
    const eb_layer *layers;
    uint32_t layer_count;
    const eb_dtc *dtcs;
    uint32_t dtc_count;
} eb_ecu;

/* References to layers, filled in once every layer has its place. */
typedef struct eb_links {
    uint32_t at[EB_MAX_LINKS];
    uint32_t layer[EB_MAX_LINKS];
    uint32_t count;
    uint32_t table[EB_MAX_LINKS]; /* each layer's table position */
} eb_links;

static inline void eb_defer(eb_links *l, uint32_t at, uint32_t layer)
{
    if (l->count == EB_MAX_LINKS)
        abort();
    l->at[l->count] = at;
    l->layer[l->count++] = layer;
}

static inline void eb_link_string(tb *b, uint32_t at, const char *s)
{
    tb_link(b, at, tb_string(b, s));
}

static inline uint32_t eb_length_type(tb *b, const eb_param *p)
{
    uint32_t at[3];
    uint32_t t = tb_table(b, 3, (const uint8_t[]){4, (uint8_t)(p->masked ? 4 : 0), 1}, at);
    tb_set32(b, at[0], p->bits);
    tb_set(b, at[2], (uint32_t)p->condensed, 1);
    if (p->masked) {
        tb_align(b, 4);
        uint32_t mask = tb_put(b, 1, 4);
        tb_put(b, 0xff, 1);
        tb_align(b, 4);
        tb_link(b, at[1], mask);
    }
    return t;
}

static inline uint32_t eb_coded_const(tb *b, const eb_param *p)
{
    uint32_t cc_at[2];
    uint32_t cc = tb_table(b, 2, (const uint8_t[]){4, 4}, cc_at);
    eb_link_string(b, cc_at[0], p->coded_value);
    uint32_t at[6];
    tb_link(b, cc_at[1], tb_table(b, 6, (const uint8_t[]){1, 0, 1, 0, 1, 4}, at));
    tb_set(b, at[0], p->leading_length ? MDD_DIAG_CODED_TYPE_NAME_LEADING_LENGTH_INFO_TYPE
                                       : MDD_DIAG_CODED_TYPE_NAME_STANDARD_LENGTH_TYPE, 1);
    tb_set(b, at[2], p->signed_type ? MDD_DATA_TYPE_A_INT_32 : MDD_DATA_TYPE_A_UINT_32, 1);
    tb_set(b, at[4], p->leading_length ? MDD_SPECIFIC_DATA_TYPE_LEADING_LENGTH_INFO_TYPE
                                       : MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE, 1);
    if (p->leading_length) {
        uint32_t lat[1];
        tb_link(b, at[5], tb_table(b, 1, (const uint8_t[]){4}, lat));
        tb_set32(b, lat[0], p->bits);
    } else {
        tb_link(b, at[5], eb_length_type(b, p));
    }
    return cc;
}

static inline uint32_t eb_param_table(tb *b, const eb_param *p)
{
    uint8_t size[10] = {0, 1, 4, 0, 0, 0, 0, 0, 0, 0};
    size[6] = p->byte_pos == EB_ABSENT ? 0 : 4;
    size[7] = p->bit_pos == EB_ABSENT ? 0 : 4;
    size[8] = p->coded_value ? 1 : 0;
    size[9] = p->coded_value ? 4 : 0;
    uint32_t at[10];
    uint32_t t = tb_table(b, 10, size, at);
    tb_set(b, at[1], p->coded_value ? MDD_PARAM_TYPE_CODED_CONST : MDD_PARAM_TYPE_VALUE, 1);
    if (size[6])
        tb_set32(b, at[6], (uint32_t)p->byte_pos);
    if (size[7])
        tb_set32(b, at[7], (uint32_t)p->bit_pos);
    eb_link_string(b, at[2], p->coded_value ? "CONST" : "DATA");
    if (p->coded_value) {
        tb_set(b, at[8], MDD_PARAM_SPECIFIC_DATA_CODED_CONST, 1);
        tb_link(b, at[9], eb_coded_const(b, p));
    }
    return t;
}

static inline uint32_t eb_service_table(tb *b, const eb_service *s)
{
    uint32_t at[2];
    uint32_t t = tb_table(b, 2, (const uint8_t[]){4, 4}, at);
    uint32_t comm_at[1];
    tb_link(b, at[0], tb_table(b, 1, (const uint8_t[]){4}, comm_at));
    eb_link_string(b, comm_at[0], s->name);
    uint32_t request_at[1];
    tb_link(b, at[1], tb_table(b, 1, (const uint8_t[]){4}, request_at));
    uint32_t params = tb_vector(b, s->param_count);
    tb_link(b, request_at[0], params);
    for (uint32_t i = 0; i < s->param_count; i++)
        tb_link(b, params + 4 + 4 * i, eb_param_table(b, &s->params[i]));
    return t;
}

static inline uint32_t eb_diag_layer(tb *b, const eb_layer *l)
{
    uint32_t at[5];
    uint32_t t = tb_table(b, 5, (const uint8_t[]){4, 0, 0, 0, 4}, at);
    eb_link_string(b, at[0], l->name);
    uint32_t services = tb_vector(b, l->service_count);
    tb_link(b, at[4], services);
    for (uint32_t i = 0; i < l->service_count; i++)
        tb_link(b, services + 4 + 4 * i, eb_service_table(b, &l->services[i]));
    return t;
}

static inline uint32_t eb_parent_ref(tb *b, const eb_parent *p, enum eb_kind kind,
                                     eb_links *links)
{
    uint32_t at[3];
    uint32_t t = tb_table(b, 3, (const uint8_t[]){1, 4, (uint8_t)(p->not_inherited_count ? 4 : 0)},
                          at);
    tb_set(b, at[0], (uint32_t)kind, 1);
    eb_defer(links, at[1], p->layer);
    if (p->not_inherited_count) {
        uint32_t names = tb_vector(b, p->not_inherited_count);
        tb_link(b, at[2], names);
        for (uint32_t i = 0; i < p->not_inherited_count; i++)
            eb_link_string(b, names + 4 + 4 * i, p->not_inherited[i]);
    }
    return t;
}

/* The field id of a kind's parent_refs (Variant 3, Protocol 3, FunctionalGroup 1). */
static inline uint32_t eb_parents_id(enum eb_kind kind)
{
    return kind == EB_GROUP ? 1 : 3;
}

static inline uint32_t eb_layer_table(tb *b, const eb_ecu *e, uint32_t i, eb_links *links)
{
    const eb_layer *l = &e->layers[i];
    uint8_t size[4] = {4, 0, 0, 0};
    if (l->kind == EB_VARIANT)
        size[1] = 1;
    if (l->kind != EB_SHARED && l->parent_count)
        size[eb_parents_id(l->kind)] = 4;
    uint32_t at[4];
    uint32_t t = tb_table(b, l->kind == EB_SHARED ? 1 : l->kind == EB_GROUP ? 2 : 4, size, at);
    if (l->kind == EB_VARIANT)
        tb_set(b, at[1], (uint32_t)l->is_base, 1);
    tb_link(b, at[0], eb_diag_layer(b, l));
    if (!size[eb_parents_id(l->kind)])
        return t;
    uint32_t refs = tb_vector(b, l->parent_count);
    tb_link(b, at[eb_parents_id(l->kind)], refs);
    for (uint32_t k = 0; k < l->parent_count; k++) {
        if (l->parents[k].layer <= i || l->parents[k].layer >= e->layer_count)
            abort();
        enum eb_kind kind = e->layers[l->parents[k].layer].kind;
        tb_link(b, refs + 4 + 4 * k, eb_parent_ref(b, &l->parents[k], kind, links));
    }
    return t;
}

static inline uint32_t eb_dtc_table(tb *b, const eb_dtc *d)
{
    uint32_t at[4];
    uint32_t t = tb_table(b, 4, (const uint8_t[]){4, 4, 0, 4}, at);
    eb_link_string(b, at[0], d->name);
    tb_set32(b, at[1], d->code);
    uint32_t text_at[1];
    tb_link(b, at[3], tb_table(b, 1, (const uint8_t[]){4}, text_at));
    eb_link_string(b, text_at[0], d->text);
    return t;
}

/* A vector of the layers of one kind; their slots are linked once the layers are placed. */
static inline uint32_t eb_layer_vector(tb *b, const eb_ecu *e, enum eb_kind kind, eb_links *l)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < e->layer_count; i++)
        n += e->layers[i].kind == kind;
    uint32_t v = tb_vector(b, n);
    for (uint32_t i = 0, k = 0; i < e->layer_count; i++)
        if (e->layers[i].kind == kind)
            eb_defer(l, v + 4 + 4 * k++, i);
    return v;
}

/* Lays e out in b, starting afresh. */
static inline void eb_build(tb *b, const eb_ecu *e)
{
    eb_links links = {{0}, {0}, 0, {0}};
    if (e->layer_count > EB_MAX_LINKS)
        abort();
    tb_init(b);
    uint32_t at[8];
    uint32_t root = tb_table(b, 8, (const uint8_t[]){0, 4, 0, 0, 0, 4, 4, 4}, at);
    tb_link(b, 0, root);
    eb_link_string(b, at[1], e->name);
    tb_link(b, at[5], eb_layer_vector(b, e, EB_VARIANT, &links));
    tb_link(b, at[6], eb_layer_vector(b, e, EB_GROUP, &links));
    uint32_t dtcs = tb_vector(b, e->dtc_count);
    tb_link(b, at[7], dtcs);
    for (uint32_t i = 0; i < e->dtc_count; i++)
        tb_link(b, dtcs + 4 + 4 * i, eb_dtc_table(b, &e->dtcs[i]));
    for (uint32_t i = 0; i < e->layer_count; i++)
        links.table[i] = eb_layer_table(b, e, i, &links);
    for (uint32_t i = 0; i < links.count; i++)
        tb_link(b, links.at[i], links.table[links.layer[i]]);
}

#endif
