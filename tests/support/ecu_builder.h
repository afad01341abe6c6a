/* SPDX-License-Identifier: Apache-2.0 */
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
#include <mdd_internal/ecu_fields.h>

#define EB_ABSENT (-1)
/* An eb_parent.layer for a reference that names no layer: no ref table, ref_type as the
 * parent's dangling_type says. */
#define EB_NO_LAYER UINT32_MAX
#define EB_MAX_PARAMS 8
#define EB_MAX_PARENTS 3
#define EB_MAX_NOT_INHERITED 3
#define EB_MAX_LINKS 32

/* Tables laid out only up to the last field id these tests fill: the later ids stay out of
 * the vtable, which keeps the payloads, and the offsets the tests expect, as they were. */
enum {
    EB_DIAG_SERVICE_IDS = FID_DIAG_SERVICE_REQUEST + 1,
    EB_DIAG_COMM_IDS = FID_DIAG_COMM_SHORT_NAME + 1,
    EB_REQUEST_IDS = FID_REQUEST_PARAMS + 1,
    EB_DIAG_LAYER_IDS = FID_DIAG_LAYER_DIAG_SERVICES + 1,
    EB_PARENT_REF_IDS = FID_PARENT_REF_NOT_INHERITED_DIAG_COMM_SHORT_NAMES + 1,
    EB_DTC_IDS = FID_DTC_TEXT + 1,
    EB_TEXT_IDS = FID_TEXT_VALUE + 1
};

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

#define EB_MAX_CLASSES 2
#define EB_MAX_STATES 4

/* A state transition, as a chart lists it and as a service that triggers it refers to it. */
typedef struct eb_transition {
    const char *name, *from, *to;
} eb_transition;

/* A state chart: its states, the first of them the start state, and its transitions. */
typedef struct eb_chart {
    const char *name, *semantic;
    const char *states[EB_MAX_STATES];
    uint32_t state_count;
    eb_transition transitions[EB_MAX_STATES];
    uint32_t transition_count;
} eb_chart;

typedef struct eb_service {
    const char *name;
    eb_param params[EB_MAX_PARAMS];
    uint32_t param_count;
    const char *semantic;                   /* NULL: absent */
    const char *classes[EB_MAX_CLASSES];    /* FunctClass short names */
    uint32_t class_count;
    /* The states it requires and the transitions it triggers, each referred to by a table of
     * its own (found in the layer's charts by name). */
    const char *pre_states[EB_MAX_STATES];
    uint32_t pre_state_count;
    eb_transition triggers[EB_MAX_STATES];
    uint32_t trigger_count;
} eb_service;

/* A one-byte service id and, when did_bits is not 0, an identifier after it. */
#define EB_SERVICE(svc_name, sid, did, did_bits)                                               \
    {.name = (svc_name),                                                                       \
     .params = {EB_CONST(sid, 8, EB_ABSENT), EB_CONST(did, did_bits, 1)},                      \
     .param_count = (did_bits) ? 2u : 1u}

/* The layer kinds, numbered as the ParentRefType tags. */
enum eb_kind {
    EB_VARIANT = MDD_PARENT_REF_TYPE_VARIANT,
    EB_PROTOCOL = MDD_PARENT_REF_TYPE_PROTOCOL,
    EB_GROUP = MDD_PARENT_REF_TYPE_FUNCTIONAL_GROUP,
    EB_SHARED = MDD_PARENT_REF_TYPE_ECU_SHARED_DATA
};

typedef struct eb_parent {
    uint32_t layer; /* index in eb_ecu.layers, after the referring layer, or EB_NO_LAYER */
    uint8_t dangling_type; /* with EB_NO_LAYER: the ref_type written (0: NONE) */
    const char *not_inherited[EB_MAX_NOT_INHERITED];
    uint32_t not_inherited_count;
} eb_parent;

typedef struct eb_layer {
    enum eb_kind kind;
    const char *name;
    int is_base;
    const eb_service *services;
    uint32_t service_count;
    const eb_chart *charts;
    uint32_t chart_count;
    eb_parent parents[EB_MAX_PARENTS];
    uint32_t parent_count;
    int unlisted; /* a variant or functional group that EcuData does not list */
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
    const char *revision; /* NULL: absent */
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
    uint32_t at[FIDS_STANDARD_LENGTH_TYPE];
    uint32_t t = tb_table(b, FIDS_STANDARD_LENGTH_TYPE,
                          (const uint8_t[FIDS_STANDARD_LENGTH_TYPE]){
                              [FID_STANDARD_LENGTH_TYPE_BIT_LENGTH] = 4,
                              [FID_STANDARD_LENGTH_TYPE_BIT_MASK] = (uint8_t)(p->masked ? 4 : 0),
                              [FID_STANDARD_LENGTH_TYPE_CONDENSED] = 1},
                          at);
    tb_set32(b, at[FID_STANDARD_LENGTH_TYPE_BIT_LENGTH], p->bits);
    tb_set(b, at[FID_STANDARD_LENGTH_TYPE_CONDENSED], (uint32_t)p->condensed, 1);
    if (p->masked) {
        tb_align(b, 4);
        uint32_t mask = tb_put(b, 1, 4);
        tb_put(b, 0xff, 1);
        tb_align(b, 4);
        tb_link(b, at[FID_STANDARD_LENGTH_TYPE_BIT_MASK], mask);
    }
    return t;
}

static inline uint32_t eb_leading_length_type(tb *b, const eb_param *p)
{
    uint32_t at[FIDS_LEADING_LENGTH_INFO_TYPE];
    uint32_t t = tb_table(b, FIDS_LEADING_LENGTH_INFO_TYPE,
                          (const uint8_t[FIDS_LEADING_LENGTH_INFO_TYPE]){
                              [FID_LEADING_LENGTH_INFO_TYPE_BIT_LENGTH] = 4},
                          at);
    tb_set32(b, at[FID_LEADING_LENGTH_INFO_TYPE_BIT_LENGTH], p->bits);
    return t;
}

static inline uint32_t eb_coded_const(tb *b, const eb_param *p)
{
    uint32_t cc_at[FIDS_CODED_CONST];
    uint32_t cc = tb_table(b, FIDS_CODED_CONST,
                           (const uint8_t[FIDS_CODED_CONST]){[FID_CODED_CONST_CODED_VALUE] = 4,
                                                             [FID_CODED_CONST_DIAG_CODED_TYPE] = 4},
                           cc_at);
    eb_link_string(b, cc_at[FID_CODED_CONST_CODED_VALUE], p->coded_value);
    uint32_t at[FIDS_DIAG_CODED_TYPE];
    tb_link(b, cc_at[FID_CODED_CONST_DIAG_CODED_TYPE],
            tb_table(b, FIDS_DIAG_CODED_TYPE,
                     (const uint8_t[FIDS_DIAG_CODED_TYPE]){
                         [FID_DIAG_CODED_TYPE_TYPE] = 1, [FID_DIAG_CODED_TYPE_BASE_DATA_TYPE] = 1,
                         [FID_DIAG_CODED_TYPE_SPECIFIC_DATA_TYPE] = 1,
                         [FID_DIAG_CODED_TYPE_SPECIFIC_DATA] = 4},
                     at));
    tb_set(b, at[FID_DIAG_CODED_TYPE_TYPE],
           p->leading_length ? MDD_DIAG_CODED_TYPE_NAME_LEADING_LENGTH_INFO_TYPE
                             : MDD_DIAG_CODED_TYPE_NAME_STANDARD_LENGTH_TYPE, 1);
    tb_set(b, at[FID_DIAG_CODED_TYPE_BASE_DATA_TYPE],
           p->signed_type ? MDD_DATA_TYPE_A_INT_32 : MDD_DATA_TYPE_A_UINT_32, 1);
    tb_set(b, at[FID_DIAG_CODED_TYPE_SPECIFIC_DATA_TYPE],
           p->leading_length ? MDD_SPECIFIC_DATA_TYPE_LEADING_LENGTH_INFO_TYPE
                             : MDD_SPECIFIC_DATA_TYPE_STANDARD_LENGTH_TYPE, 1);
    tb_link(b, at[FID_DIAG_CODED_TYPE_SPECIFIC_DATA],
            p->leading_length ? eb_leading_length_type(b, p) : eb_length_type(b, p));
    return cc;
}

static inline uint32_t eb_param_table(tb *b, const eb_param *p)
{
    uint8_t size[FIDS_PARAM] = {[FID_PARAM_PARAM_TYPE] = 1, [FID_PARAM_SHORT_NAME] = 4};
    size[FID_PARAM_BYTE_POSITION] = p->byte_pos == EB_ABSENT ? 0 : 4;
    size[FID_PARAM_BIT_POSITION] = p->bit_pos == EB_ABSENT ? 0 : 4;
    size[FID_PARAM_SPECIFIC_DATA_TYPE] = p->coded_value ? 1 : 0;
    size[FID_PARAM_SPECIFIC_DATA] = p->coded_value ? 4 : 0;
    uint32_t at[FIDS_PARAM];
    uint32_t t = tb_table(b, FIDS_PARAM, size, at);
    tb_set(b, at[FID_PARAM_PARAM_TYPE],
           p->coded_value ? MDD_PARAM_TYPE_CODED_CONST : MDD_PARAM_TYPE_VALUE, 1);
    if (size[FID_PARAM_BYTE_POSITION])
        tb_set32(b, at[FID_PARAM_BYTE_POSITION], (uint32_t)p->byte_pos);
    if (size[FID_PARAM_BIT_POSITION])
        tb_set32(b, at[FID_PARAM_BIT_POSITION], (uint32_t)p->bit_pos);
    eb_link_string(b, at[FID_PARAM_SHORT_NAME], p->coded_value ? "CONST" : "DATA");
    if (p->coded_value) {
        tb_set(b, at[FID_PARAM_SPECIFIC_DATA_TYPE], MDD_PARAM_SPECIFIC_DATA_CODED_CONST, 1);
        tb_link(b, at[FID_PARAM_SPECIFIC_DATA], eb_coded_const(b, p));
    }
    return t;
}

static inline uint32_t eb_state(tb *b, const char *name)
{
    uint32_t at[FIDS_STATE];
    uint32_t t = tb_table(b, FIDS_STATE, (const uint8_t[FIDS_STATE]){[FID_STATE_SHORT_NAME] = 4},
                          at);
    eb_link_string(b, at[FID_STATE_SHORT_NAME], name);
    return t;
}

static inline uint32_t eb_transition_table(tb *b, const eb_transition *tr)
{
    uint32_t at[FIDS_STATE_TRANSITION];
    uint32_t t = tb_table(b, FIDS_STATE_TRANSITION,
                          (const uint8_t[FIDS_STATE_TRANSITION]){
                              [FID_STATE_TRANSITION_SHORT_NAME] = 4,
                              [FID_STATE_TRANSITION_SOURCE_SHORT_NAME_REF] = 4,
                              [FID_STATE_TRANSITION_TARGET_SHORT_NAME_REF] = 4},
                          at);
    eb_link_string(b, at[FID_STATE_TRANSITION_SHORT_NAME], tr->name);
    eb_link_string(b, at[FID_STATE_TRANSITION_SOURCE_SHORT_NAME_REF], tr->from);
    eb_link_string(b, at[FID_STATE_TRANSITION_TARGET_SHORT_NAME_REF], tr->to);
    return t;
}

/* A vector of n references (PreConditionStateRef or StateTransitionRef: a value "" and, at
 * field target_id, the state of name names[i] or the transition trs[i]). */
static inline uint32_t eb_state_refs(tb *b, uint32_t n, const char *const *names,
                                     const eb_transition *trs)
{
    uint32_t v = tb_vector(b, n);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t ids = names ? FIDS_PRE_CONDITION_STATE_REF : FIDS_STATE_TRANSITION_REF;
        uint32_t target = names ? FID_PRE_CONDITION_STATE_REF_STATE
                                : FID_STATE_TRANSITION_REF_STATE_TRANSITION;
        uint8_t size[FIDS_PRE_CONDITION_STATE_REF] = {[0] = 4};
        size[target] = 4;
        uint32_t at[FIDS_PRE_CONDITION_STATE_REF];
        tb_link(b, v + 4 + 4 * i, tb_table(b, ids, size, at));
        eb_link_string(b, at[0], "");
        tb_link(b, at[target], names ? eb_state(b, names[i]) : eb_transition_table(b, &trs[i]));
    }
    return v;
}

/* A service's DiagComm: its name, and its semantic, functional classes and state references
 * when it has them (a service without any keeps the short layout). */
static inline uint32_t eb_diag_comm(tb *b, const eb_service *s)
{
    enum { IDS = FID_DIAG_COMM_STATE_TRANSITION_REFS + 1 };
    uint32_t at[IDS];
    uint8_t size[IDS] = {[FID_DIAG_COMM_SHORT_NAME] = 4};
    int states = s->pre_state_count || s->trigger_count;
    int long_layout = s->semantic || s->class_count || states;
    if (s->semantic)
        size[FID_DIAG_COMM_SEMANTIC] = 4;
    if (s->class_count)
        size[FID_DIAG_COMM_FUNCT_CLASS] = 4;
    if (s->pre_state_count)
        size[FID_DIAG_COMM_PRE_CONDITION_STATE_REFS] = 4;
    if (s->trigger_count)
        size[FID_DIAG_COMM_STATE_TRANSITION_REFS] = 4;
    uint32_t t = tb_table(b, states        ? IDS
                             : long_layout ? FID_DIAG_COMM_FUNCT_CLASS + 1
                                           : EB_DIAG_COMM_IDS,
                          size, at);
    eb_link_string(b, at[FID_DIAG_COMM_SHORT_NAME], s->name);
    if (s->semantic)
        eb_link_string(b, at[FID_DIAG_COMM_SEMANTIC], s->semantic);
    if (s->pre_state_count)
        tb_link(b, at[FID_DIAG_COMM_PRE_CONDITION_STATE_REFS],
                eb_state_refs(b, s->pre_state_count, s->pre_states, NULL));
    if (s->trigger_count)
        tb_link(b, at[FID_DIAG_COMM_STATE_TRANSITION_REFS],
                eb_state_refs(b, s->trigger_count, NULL, s->triggers));
    if (s->class_count == 0)
        return t;
    uint32_t classes = tb_vector(b, s->class_count);
    tb_link(b, at[FID_DIAG_COMM_FUNCT_CLASS], classes);
    for (uint32_t i = 0; i < s->class_count; i++) {
        uint32_t class_at[FID_FUNCT_CLASS_SHORT_NAME + 1];
        uint32_t c = tb_table(b, FID_FUNCT_CLASS_SHORT_NAME + 1,
                              (const uint8_t[]){[FID_FUNCT_CLASS_SHORT_NAME] = 4}, class_at);
        tb_link(b, classes + 4 + 4 * i, c);
        eb_link_string(b, class_at[FID_FUNCT_CLASS_SHORT_NAME], s->classes[i]);
    }
    return t;
}

static inline uint32_t eb_chart_table(tb *b, const eb_chart *c)
{
    uint32_t at[FIDS_STATE_CHART];
    uint32_t t = tb_table(b, FIDS_STATE_CHART,
                          (const uint8_t[FIDS_STATE_CHART]){
                              [FID_STATE_CHART_SHORT_NAME] = 4, [FID_STATE_CHART_SEMANTIC] = 4,
                              [FID_STATE_CHART_STATE_TRANSITIONS] = 4,
                              [FID_STATE_CHART_START_STATE_SHORT_NAME_REF] = 4,
                              [FID_STATE_CHART_STATES] = 4},
                          at);
    eb_link_string(b, at[FID_STATE_CHART_SHORT_NAME], c->name);
    eb_link_string(b, at[FID_STATE_CHART_SEMANTIC], c->semantic);
    eb_link_string(b, at[FID_STATE_CHART_START_STATE_SHORT_NAME_REF], c->states[0]);
    uint32_t states = tb_vector(b, c->state_count);
    tb_link(b, at[FID_STATE_CHART_STATES], states);
    for (uint32_t i = 0; i < c->state_count; i++)
        tb_link(b, states + 4 + 4 * i, eb_state(b, c->states[i]));
    uint32_t trs = tb_vector(b, c->transition_count);
    tb_link(b, at[FID_STATE_CHART_STATE_TRANSITIONS], trs);
    for (uint32_t i = 0; i < c->transition_count; i++)
        tb_link(b, trs + 4 + 4 * i, eb_transition_table(b, &c->transitions[i]));
    return t;
}

static inline uint32_t eb_service_table(tb *b, const eb_service *s)
{
    uint32_t at[EB_DIAG_SERVICE_IDS];
    uint32_t t = tb_table(b, EB_DIAG_SERVICE_IDS,
                          (const uint8_t[EB_DIAG_SERVICE_IDS]){[FID_DIAG_SERVICE_DIAG_COMM] = 4,
                                                               [FID_DIAG_SERVICE_REQUEST] = 4},
                          at);
    tb_link(b, at[FID_DIAG_SERVICE_DIAG_COMM], eb_diag_comm(b, s));
    uint32_t request_at[EB_REQUEST_IDS];
    tb_link(b, at[FID_DIAG_SERVICE_REQUEST],
            tb_table(b, EB_REQUEST_IDS, (const uint8_t[EB_REQUEST_IDS]){[FID_REQUEST_PARAMS] = 4},
                     request_at));
    uint32_t params = tb_vector(b, s->param_count);
    tb_link(b, request_at[FID_REQUEST_PARAMS], params);
    for (uint32_t i = 0; i < s->param_count; i++)
        tb_link(b, params + 4 + 4 * i, eb_param_table(b, &s->params[i]));
    return t;
}

static inline uint32_t eb_diag_layer(tb *b, const eb_layer *l)
{
    enum { IDS = FID_DIAG_LAYER_STATE_CHARTS + 1 };
    uint32_t at[IDS];
    uint8_t size[IDS] = {[FID_DIAG_LAYER_SHORT_NAME] = 4, [FID_DIAG_LAYER_DIAG_SERVICES] = 4};
    if (l->chart_count)
        size[FID_DIAG_LAYER_STATE_CHARTS] = 4;
    uint32_t t = tb_table(b, l->chart_count ? IDS : EB_DIAG_LAYER_IDS, size, at);
    eb_link_string(b, at[FID_DIAG_LAYER_SHORT_NAME], l->name);
    uint32_t services = tb_vector(b, l->service_count);
    tb_link(b, at[FID_DIAG_LAYER_DIAG_SERVICES], services);
    for (uint32_t i = 0; i < l->service_count; i++)
        tb_link(b, services + 4 + 4 * i, eb_service_table(b, &l->services[i]));
    if (!l->chart_count)
        return t;
    uint32_t charts = tb_vector(b, l->chart_count);
    tb_link(b, at[FID_DIAG_LAYER_STATE_CHARTS], charts);
    for (uint32_t i = 0; i < l->chart_count; i++)
        tb_link(b, charts + 4 + 4 * i, eb_chart_table(b, &l->charts[i]));
    return t;
}

static inline uint32_t eb_parent_ref(tb *b, const eb_parent *p, enum eb_kind kind,
                                     eb_links *links)
{
    uint32_t at[EB_PARENT_REF_IDS];
    uint32_t t = tb_table(b, EB_PARENT_REF_IDS,
                          (const uint8_t[EB_PARENT_REF_IDS]){
                              [FID_PARENT_REF_REF_TYPE] = 1,
                              [FID_PARENT_REF_REF] = (uint8_t)(p->layer == EB_NO_LAYER ? 0 : 4),
                              [FID_PARENT_REF_NOT_INHERITED_DIAG_COMM_SHORT_NAMES] =
                                  (uint8_t)(p->not_inherited_count ? 4 : 0)},
                          at);
    tb_set(b, at[FID_PARENT_REF_REF_TYPE],
           p->layer == EB_NO_LAYER ? p->dangling_type : (uint32_t)kind, 1);
    if (p->layer != EB_NO_LAYER)
        eb_defer(links, at[FID_PARENT_REF_REF], p->layer);
    if (p->not_inherited_count) {
        uint32_t names = tb_vector(b, p->not_inherited_count);
        tb_link(b, at[FID_PARENT_REF_NOT_INHERITED_DIAG_COMM_SHORT_NAMES], names);
        for (uint32_t i = 0; i < p->not_inherited_count; i++)
            eb_link_string(b, names + 4 + 4 * i, p->not_inherited[i]);
    }
    return t;
}

/* The field ids of a kind's layer table (Variant, Protocol, FunctionalGroup, EcuSharedData):
 * how many it has, and those of its DiagLayer, parent_refs and is_base_variant, where an id
 * equal to count means the kind has no such field. */
typedef struct eb_layer_ids {
    uint32_t count, diag_layer, parent_refs, is_base;
} eb_layer_ids;

static inline eb_layer_ids eb_layer_ids_of(enum eb_kind kind)
{
    switch (kind) {
    case EB_VARIANT:
        return (eb_layer_ids){FIDS_VARIANT, FID_VARIANT_DIAG_LAYER, FID_VARIANT_PARENT_REFS,
                              FID_VARIANT_IS_BASE_VARIANT};
    case EB_PROTOCOL:
        return (eb_layer_ids){FIDS_PROTOCOL, FID_PROTOCOL_DIAG_LAYER, FID_PROTOCOL_PARENT_REFS,
                              FIDS_PROTOCOL};
    case EB_GROUP:
        return (eb_layer_ids){FIDS_FUNCTIONAL_GROUP, FID_FUNCTIONAL_GROUP_DIAG_LAYER,
                              FID_FUNCTIONAL_GROUP_PARENT_REFS, FIDS_FUNCTIONAL_GROUP};
    case EB_SHARED:
        break;
    }
    return (eb_layer_ids){FIDS_ECU_SHARED_DATA, FID_ECU_SHARED_DATA_DIAG_LAYER,
                          FIDS_ECU_SHARED_DATA, FIDS_ECU_SHARED_DATA};
}

/* The most field ids a layer table has. */
#define EB_MAX_LAYER_IDS FIDS_VARIANT
_Static_assert((int)FIDS_PROTOCOL <= (int)EB_MAX_LAYER_IDS &&
                   (int)FIDS_FUNCTIONAL_GROUP <= (int)EB_MAX_LAYER_IDS &&
                   (int)FIDS_ECU_SHARED_DATA <= (int)EB_MAX_LAYER_IDS,
               "every layer table fits EB_MAX_LAYER_IDS");

static inline uint32_t eb_layer_table(tb *b, const eb_ecu *e, uint32_t i, eb_links *links)
{
    const eb_layer *l = &e->layers[i];
    eb_layer_ids ids = eb_layer_ids_of(l->kind);
    int has_base = ids.is_base < ids.count;
    int has_parents = ids.parent_refs < ids.count && l->parent_count;
    uint8_t size[EB_MAX_LAYER_IDS] = {0};
    size[ids.diag_layer] = 4;
    if (has_base)
        size[ids.is_base] = 1;
    if (has_parents)
        size[ids.parent_refs] = 4;
    uint32_t at[EB_MAX_LAYER_IDS];
    uint32_t t = tb_table(b, ids.count, size, at);
    if (has_base)
        tb_set(b, at[ids.is_base], (uint32_t)l->is_base, 1);
    tb_link(b, at[ids.diag_layer], eb_diag_layer(b, l));
    if (!has_parents)
        return t;
    uint32_t refs = tb_vector(b, l->parent_count);
    tb_link(b, at[ids.parent_refs], refs);
    for (uint32_t k = 0; k < l->parent_count; k++) {
        uint32_t parent = l->parents[k].layer;
        if (parent != EB_NO_LAYER && (parent <= i || parent >= e->layer_count))
            abort();
        enum eb_kind kind = parent == EB_NO_LAYER ? EB_VARIANT : e->layers[parent].kind;
        tb_link(b, refs + 4 + 4 * k, eb_parent_ref(b, &l->parents[k], kind, links));
    }
    return t;
}

static inline uint32_t eb_dtc_table(tb *b, const eb_dtc *d)
{
    uint32_t at[EB_DTC_IDS];
    uint32_t t = tb_table(b, EB_DTC_IDS,
                          (const uint8_t[EB_DTC_IDS]){[FID_DTC_SHORT_NAME] = 4,
                                                      [FID_DTC_TROUBLE_CODE] = 4,
                                                      [FID_DTC_TEXT] = 4},
                          at);
    eb_link_string(b, at[FID_DTC_SHORT_NAME], d->name);
    tb_set32(b, at[FID_DTC_TROUBLE_CODE], d->code);
    uint32_t text_at[EB_TEXT_IDS];
    tb_link(b, at[FID_DTC_TEXT],
            tb_table(b, EB_TEXT_IDS, (const uint8_t[EB_TEXT_IDS]){[FID_TEXT_VALUE] = 4}, text_at));
    eb_link_string(b, text_at[FID_TEXT_VALUE], d->text);
    return t;
}

/* A vector of the layers of one kind; their slots are linked once the layers are placed. */
static inline uint32_t eb_layer_vector(tb *b, const eb_ecu *e, enum eb_kind kind, eb_links *l)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < e->layer_count; i++)
        n += e->layers[i].kind == kind && !e->layers[i].unlisted;
    uint32_t v = tb_vector(b, n);
    for (uint32_t i = 0, k = 0; i < e->layer_count; i++)
        if (e->layers[i].kind == kind && !e->layers[i].unlisted)
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
    uint32_t at[FIDS_ECU_DATA];
    uint32_t root = tb_table(b, FIDS_ECU_DATA,
                             (const uint8_t[FIDS_ECU_DATA]){[FID_ECU_DATA_ECU_NAME] = 4,
                                                            [FID_ECU_DATA_REVISION] =
                                                                (uint8_t)(e->revision ? 4 : 0),
                                                            [FID_ECU_DATA_VARIANTS] = 4,
                                                            [FID_ECU_DATA_FUNCTIONAL_GROUPS] = 4,
                                                            [FID_ECU_DATA_DTCS] = 4},
                             at);
    tb_link(b, 0, root);
    eb_link_string(b, at[FID_ECU_DATA_ECU_NAME], e->name);
    if (e->revision)
        eb_link_string(b, at[FID_ECU_DATA_REVISION], e->revision);
    tb_link(b, at[FID_ECU_DATA_VARIANTS], eb_layer_vector(b, e, EB_VARIANT, &links));
    tb_link(b, at[FID_ECU_DATA_FUNCTIONAL_GROUPS], eb_layer_vector(b, e, EB_GROUP, &links));
    uint32_t dtcs = tb_vector(b, e->dtc_count);
    tb_link(b, at[FID_ECU_DATA_DTCS], dtcs);
    for (uint32_t i = 0; i < e->dtc_count; i++)
        tb_link(b, dtcs + 4 + 4 * i, eb_dtc_table(b, &e->dtcs[i]));
    for (uint32_t i = 0; i < e->layer_count; i++)
        links.table[i] = eb_layer_table(b, e, i, &links);
    for (uint32_t i = 0; i < links.count; i++)
        tb_link(b, links.at[i], links.table[links.layer[i]]);
}

#endif
