/* SPDX-License-Identifier: Apache-2.0 */
/* EcuData payloads for the UDS codec's tests, described as plain structs and laid out with
 * fb_builder.h: one variant whose services have requests and responses made of parameters
 * of every kind, DOPs of every kind (NormalDOPs as uds_builder.h describes them, with every
 * coded type and compu method; structures, fields, MUX, DTC DOPs, environment data),
 * tables, and the ECU's DTCs. Also a visitor that records what a decode reports.
 * Header-only.
 *
 * fb_builder.h writes parents before children, so references only point forward: a
 * parameter's length key or table key is therefore written as a stub Param that carries
 * only the short name (the codec finds keys by identity, else by name). A DOP that several
 * parameters of one list share is written once, after all their Param tables (so a test
 * can build a shared tree that would be huge if expanded). */
#ifndef MDD_TEST_UDS_MSG_BUILDER_H
#define MDD_TEST_UDS_MSG_BUILDER_H

#include "uds_builder.h"

#include <mdd/mdd.h>
#include <mdd/uds.h>
#include <mdd_internal/ecu_fields.h>

#include <stdarg.h>
#include <stdio.h>

/* A byte or bit position: MB_AT(n) stores n, 0 leaves the position out. */
#define MB_AT(n) ((n) + 1)

typedef struct mb_dtc {
    const char *name;
    uint32_t code;
    const char *display; /* NULL: absent */
    const char *text;    /* NULL: absent */
    uint32_t level;      /* 0: absent */
} mb_dtc;

typedef struct mb_dop mb_dop;
typedef struct mb_param mb_param;

typedef struct mb_case {
    const char *name;
    const mb_dop *structure; /* NULL: none */
    const char *lower, *upper;
} mb_case;

typedef struct mb_row {
    const char *name;
    const char *key;
    const mb_dop *structure; /* NULL: none */
    const mb_dop *dop;       /* NULL: none */
} mb_row;

typedef struct mb_table {
    const char *name;
    const mb_dop *key_dop;
    const mb_row *rows;
    uint32_t row_count;
} mb_table;

enum mb_dop_kind {
    MB_NORMAL = 1, MB_STRUCTURE, MB_STATIC_FIELD, MB_DYNAMIC_FIELD, MB_END_OF_PDU_FIELD,
    MB_MUX, MB_DTC, MB_ENV_DATA_DESC, MB_ENV_DATA
};

struct mb_dop {
    enum mb_dop_kind kind;
    const char *name;
    /* NORMAL and DTC: the coded type, compu method and physical type; a PARAM_LENGTH_INFO
     * type's length key by its short name. */
    ub_normal_dop normal;
    const char *length_key;
    const mb_dtc *dtcs;    /* DTC */
    uint32_t dtc_count;
    /* STRUCTURE and ENV_DATA: */
    const mb_param *params;
    uint32_t param_count;
    uint32_t byte_size;    /* STRUCTURE: MB_AT(size), 0 absent */
    /* Fields: the item (a STRUCTURE or ENV_DATA_DESC), STATIC: count and size; DYNAMIC:
     * offset, and the count at count_byte (MB_AT) read with count_dop; END_OF_PDU: min and
     * max as MB_AT(n) or 0. */
    const mb_dop *item;
    uint32_t count, item_size, offset, count_byte;
    const mb_dop *count_dop;
    uint32_t min_items, max_items;
    /* MUX: the key (its DOP at key_byte), the cases at case_byte, the default case. */
    const mb_dop *key_dop;
    uint32_t key_byte, case_byte;
    const mb_case *cases;
    uint32_t case_count;
    const mb_case *default_case;
    /* ENV_DATA_DESC: the param it follows and its EnvData DOPs; ENV_DATA: its codes. */
    const char *follows;
    const mb_dop *envs;
    uint32_t env_count;
    const uint32_t *dtc_values;
    uint32_t dtc_value_count;
};

struct mb_param {
    const char *name;
    uint8_t type;          /* MDD_PARAM_TYPE_* */
    uint32_t byte;         /* MB_AT(n), 0: absent */
    uint32_t bit;          /* MB_AT(n), 0: absent */
    const char *semantic;
    /* CODED_CONST: value and dct; NRC_CONST: values[0..value_count) and dct; PHYS_CONST:
     * value and dop; VALUE: dop and value as the default (NULL: none); LENGTH_KEY and
     * SYSTEM: dop. */
    const char *value;
    const char *const *values;
    uint32_t value_count;
    ub_dct dct;
    const mb_dop *dop;
    uint32_t bits;         /* RESERVED */
    int32_t request_byte;  /* MATCHING_REQUEST_PARAM */
    uint32_t byte_length;
    const mb_table *table; /* TABLE_KEY: the table, or with row_ref the row row_ref - 1 */
    uint32_t row_ref;
    const char *table_key; /* TABLE_STRUCT: its TABLE_KEY's short name */
};

typedef struct mb_response {
    const mb_param *params;
    uint32_t param_count;
    int global; /* response_type GLOBAL_NEG_RESPONSE (negative responses only) */
} mb_response;

typedef struct mb_service {
    const char *name;
    const mb_param *request;
    uint32_t request_count;
    const mb_response *pos;
    uint32_t pos_count;
    const mb_response *neg;
    uint32_t neg_count;
} mb_service;

typedef struct mb_ecu {
    const char *name;
    const mb_service *services;
    uint32_t service_count;
    const mb_dtc *dtcs; /* EcuData.dtcs */
    uint32_t dtc_count;
} mb_ecu;

/* ---- Layout ---- */

#define MB_MEMO 64

/* DOPs already written, so that a DOP shared within one list of params is written once. */
typedef struct mb_memo {
    const mb_dop *dop[MB_MEMO];
    uint32_t at[MB_MEMO];
    uint32_t count;
} mb_memo;

static uint32_t mb_lay_dop(tb *b, const mb_dop *d);
static void mb_lay_params(tb *b, uint32_t slot, const mb_param *p, uint32_t n);

static inline void mb_link_string(tb *b, uint32_t at, const char *s)
{
    if (s)
        tb_link(b, at, tb_string(b, s));
}

static inline uint32_t mb_table_of(tb *b, uint32_t n, const uint8_t *size, uint32_t *at)
{
    return tb_table(b, n, size, at);
}

/* A table with the one field id (of n) that refers to a string. */
static inline uint32_t mb_named(tb *b, uint32_t n, uint32_t id, const char *s)
{
    uint8_t size[16] = {0};
    uint32_t at[16];
    size[id] = 4;
    uint32_t t = tb_table(b, n, size, at);
    mb_link_string(b, at[id], s);
    return t;
}

/* A DiagCodedType, its PARAM_LENGTH_INFO key a stub Param named length_key. */
static inline uint32_t mb_lay_dct(tb *b, const ub_dct *c, const char *length_key)
{
    uint32_t slot;
    uint32_t t = ub_dct_table(b, c, &slot);
    if (slot)
        tb_link(b, slot, mb_named(b, FIDS_PARAM, FID_PARAM_SHORT_NAME, length_key));
    return t;
}

static inline uint32_t mb_lay_dtc(tb *b, const mb_dtc *d)
{
    uint32_t at[FIDS_DTC];
    uint32_t t = tb_table(b, FIDS_DTC,
                          (const uint8_t[FIDS_DTC]){
                              [FID_DTC_SHORT_NAME] = 4, [FID_DTC_TROUBLE_CODE] = 4,
                              [FID_DTC_DISPLAY_TROUBLE_CODE] = (uint8_t)(d->display ? 4 : 0),
                              [FID_DTC_TEXT] = (uint8_t)(d->text ? 4 : 0),
                              [FID_DTC_LEVEL] = (uint8_t)(d->level ? 4 : 0)},
                          at);
    tb_set32(b, at[FID_DTC_TROUBLE_CODE], d->code);
    if (d->level)
        tb_set32(b, at[FID_DTC_LEVEL], d->level);
    mb_link_string(b, at[FID_DTC_SHORT_NAME], d->name);
    mb_link_string(b, at[FID_DTC_DISPLAY_TROUBLE_CODE], d->display);
    if (d->text)
        tb_link(b, at[FID_DTC_TEXT], mb_named(b, FIDS_TEXT, FID_TEXT_VALUE, d->text));
    return t;
}

static inline uint32_t mb_dtc_vector(tb *b, const mb_dtc *d, uint32_t n)
{
    uint32_t v = tb_vector(b, n);
    for (uint32_t i = 0; i < n; i++)
        tb_link(b, v + 4 + 4 * i, mb_lay_dtc(b, &d[i]));
    return v;
}

/* A DTCDOP's coded type, physical type and compu method. */
static inline void mb_lay_coded(tb *b, const mb_dop *d, uint32_t dct_at, uint32_t pt_at,
                                uint32_t cm_at)
{
    tb_link(b, dct_at, mb_lay_dct(b, &d->normal.dct, d->length_key));
    if (d->normal.physical_type != UB_ABSENT)
        tb_link(b, pt_at, ub_physical_type_table(b, (uint8_t)d->normal.physical_type));
    if (d->normal.compu)
        tb_link(b, cm_at, ub_compu_table(b, d->normal.compu));
}

static inline uint32_t mb_lay_field(tb *b, const mb_dop *item)
{
    uint32_t at[FIDS_FIELD];
    int env = item->kind == MB_ENV_DATA_DESC;
    uint32_t t = tb_table(b, FIDS_FIELD,
                          (const uint8_t[FIDS_FIELD]){
                              [FID_FIELD_BASIC_STRUCTURE] = (uint8_t)(env ? 0 : 4),
                              [FID_FIELD_ENV_DATA_DESC] = (uint8_t)(env ? 4 : 0)},
                          at);
    tb_link(b, at[env ? FID_FIELD_ENV_DATA_DESC : FID_FIELD_BASIC_STRUCTURE], mb_lay_dop(b, item));
    return t;
}

static inline uint32_t mb_lay_case(tb *b, const mb_case *c, int is_default)
{
    uint32_t at[FIDS_CASE];
    if (is_default) {
        uint32_t t = tb_table(b, FIDS_DEFAULT_CASE,
                              (const uint8_t[FIDS_DEFAULT_CASE]){
                                  [FID_DEFAULT_CASE_SHORT_NAME] = 4,
                                  [FID_DEFAULT_CASE_STRUCTURE] = (uint8_t)(c->structure ? 4 : 0)},
                              at);
        mb_link_string(b, at[FID_DEFAULT_CASE_SHORT_NAME], c->name);
        if (c->structure)
            tb_link(b, at[FID_DEFAULT_CASE_STRUCTURE], mb_lay_dop(b, c->structure));
        return t;
    }
    uint32_t t = tb_table(b, FIDS_CASE,
                          (const uint8_t[FIDS_CASE]){
                              [FID_CASE_SHORT_NAME] = 4,
                              [FID_CASE_STRUCTURE] = (uint8_t)(c->structure ? 4 : 0),
                              [FID_CASE_LOWER_LIMIT] = (uint8_t)(c->lower ? 4 : 0),
                              [FID_CASE_UPPER_LIMIT] = (uint8_t)(c->upper ? 4 : 0)},
                          at);
    mb_link_string(b, at[FID_CASE_SHORT_NAME], c->name);
    if (c->structure)
        tb_link(b, at[FID_CASE_STRUCTURE], mb_lay_dop(b, c->structure));
    if (c->lower)
        tb_link(b, at[FID_CASE_LOWER_LIMIT], ub_limit(b, c->lower, UB_CLOSED));
    if (c->upper)
        tb_link(b, at[FID_CASE_UPPER_LIMIT], ub_limit(b, c->upper, UB_CLOSED));
    return t;
}

static inline uint32_t mb_lay_mux(tb *b, const mb_dop *d)
{
    uint32_t at[FIDS_MUX_DOP], kat[FIDS_SWITCH_KEY];
    uint32_t t = tb_table(b, FIDS_MUX_DOP,
                          (const uint8_t[FIDS_MUX_DOP]){
                              [FID_MUX_DOP_BYTE_POSITION] = 4, [FID_MUX_DOP_SWITCH_KEY] = 4,
                              [FID_MUX_DOP_DEFAULT_CASE] = (uint8_t)(d->default_case ? 4 : 0),
                              [FID_MUX_DOP_CASES] = 4},
                          at);
    tb_set32(b, at[FID_MUX_DOP_BYTE_POSITION], d->case_byte);
    uint32_t k = tb_table(b, FIDS_SWITCH_KEY,
                          (const uint8_t[FIDS_SWITCH_KEY]){[FID_SWITCH_KEY_BYTE_POSITION] = 4,
                                                           [FID_SWITCH_KEY_DOP] = 4},
                          kat);
    tb_link(b, at[FID_MUX_DOP_SWITCH_KEY], k);
    tb_set32(b, kat[FID_SWITCH_KEY_BYTE_POSITION], d->key_byte);
    tb_link(b, kat[FID_SWITCH_KEY_DOP], mb_lay_dop(b, d->key_dop));
    if (d->default_case)
        tb_link(b, at[FID_MUX_DOP_DEFAULT_CASE], mb_lay_case(b, d->default_case, 1));
    uint32_t v = tb_vector(b, d->case_count);
    tb_link(b, at[FID_MUX_DOP_CASES], v);
    for (uint32_t i = 0; i < d->case_count; i++)
        tb_link(b, v + 4 + 4 * i, mb_lay_case(b, &d->cases[i], 0));
    return t;
}

/* The specific table of a DOP (the union member). */
static inline uint32_t mb_lay_specific(tb *b, const mb_dop *d)
{
    uint32_t at[16];
    uint32_t t, v;
    switch (d->kind) {
    case MB_NORMAL: {
        uint32_t slot;
        t = ub_normal_dop_table(b, &d->normal, &slot);
        if (slot)
            tb_link(b, slot, mb_named(b, FIDS_PARAM, FID_PARAM_SHORT_NAME, d->length_key));
        return t;
    }
    case MB_DTC:
        t = tb_table(b, FIDS_DTC_DOP,
                     (const uint8_t[FIDS_DTC_DOP]){
                         [FID_DTC_DOP_DIAG_CODED_TYPE] = 4,
                         [FID_DTC_DOP_PHYSICAL_TYPE] =
                             (uint8_t)(d->normal.physical_type == UB_ABSENT ? 0 : 4),
                         [FID_DTC_DOP_COMPU_METHOD] = (uint8_t)(d->normal.compu ? 4 : 0),
                         [FID_DTC_DOP_DTCS] = 4},
                     at);
        mb_lay_coded(b, d, at[FID_DTC_DOP_DIAG_CODED_TYPE], at[FID_DTC_DOP_PHYSICAL_TYPE],
                     at[FID_DTC_DOP_COMPU_METHOD]);
        tb_link(b, at[FID_DTC_DOP_DTCS], mb_dtc_vector(b, d->dtcs, d->dtc_count));
        return t;
    case MB_STRUCTURE:
        t = tb_table(b, FIDS_STRUCTURE,
                     (const uint8_t[FIDS_STRUCTURE]){
                         [FID_STRUCTURE_PARAMS] = 4,
                         [FID_STRUCTURE_BYTE_SIZE] = (uint8_t)(d->byte_size ? 4 : 0)},
                     at);
        if (d->byte_size)
            tb_set32(b, at[FID_STRUCTURE_BYTE_SIZE], d->byte_size - 1);
        mb_lay_params(b, at[FID_STRUCTURE_PARAMS], d->params, d->param_count);
        return t;
    case MB_STATIC_FIELD:
        t = tb_table(b, FIDS_STATIC_FIELD,
                     (const uint8_t[FIDS_STATIC_FIELD]){
                         [FID_STATIC_FIELD_FIXED_NUMBER_OF_ITEMS] = 4,
                         [FID_STATIC_FIELD_ITEM_BYTE_SIZE] = 4, [FID_STATIC_FIELD_FIELD] = 4},
                     at);
        tb_set32(b, at[FID_STATIC_FIELD_FIXED_NUMBER_OF_ITEMS], d->count);
        tb_set32(b, at[FID_STATIC_FIELD_ITEM_BYTE_SIZE], d->item_size);
        tb_link(b, at[FID_STATIC_FIELD_FIELD], mb_lay_field(b, d->item));
        return t;
    case MB_DYNAMIC_FIELD: {
        uint32_t nat[FIDS_DETERMINE_NUMBER_OF_ITEMS];
        t = tb_table(b, FIDS_DYNAMIC_LENGTH_FIELD,
                     (const uint8_t[FIDS_DYNAMIC_LENGTH_FIELD]){
                         [FID_DYNAMIC_LENGTH_FIELD_OFFSET] = 4,
                         [FID_DYNAMIC_LENGTH_FIELD_FIELD] = 4,
                         [FID_DYNAMIC_LENGTH_FIELD_DETERMINE_NUMBER_OF_ITEMS] = 4},
                     at);
        tb_set32(b, at[FID_DYNAMIC_LENGTH_FIELD_OFFSET], d->offset);
        tb_link(b, at[FID_DYNAMIC_LENGTH_FIELD_FIELD], mb_lay_field(b, d->item));
        uint32_t n = tb_table(b, FIDS_DETERMINE_NUMBER_OF_ITEMS,
                              (const uint8_t[FIDS_DETERMINE_NUMBER_OF_ITEMS]){
                                  [FID_DETERMINE_NUMBER_OF_ITEMS_BYTE_POSITION] = 4,
                                  [FID_DETERMINE_NUMBER_OF_ITEMS_DOP] = 4},
                              nat);
        tb_link(b, at[FID_DYNAMIC_LENGTH_FIELD_DETERMINE_NUMBER_OF_ITEMS], n);
        tb_set32(b, nat[FID_DETERMINE_NUMBER_OF_ITEMS_BYTE_POSITION], d->count_byte);
        tb_link(b, nat[FID_DETERMINE_NUMBER_OF_ITEMS_DOP], mb_lay_dop(b, d->count_dop));
        return t;
    }
    case MB_END_OF_PDU_FIELD:
        t = tb_table(b, FIDS_END_OF_PDU_FIELD,
                     (const uint8_t[FIDS_END_OF_PDU_FIELD]){
                         [FID_END_OF_PDU_FIELD_MAX_NUMBER_OF_ITEMS] = (uint8_t)(d->max_items ? 4 : 0),
                         [FID_END_OF_PDU_FIELD_MIN_NUMBER_OF_ITEMS] = (uint8_t)(d->min_items ? 4 : 0),
                         [FID_END_OF_PDU_FIELD_FIELD] = 4},
                     at);
        if (d->max_items)
            tb_set32(b, at[FID_END_OF_PDU_FIELD_MAX_NUMBER_OF_ITEMS], d->max_items - 1);
        if (d->min_items)
            tb_set32(b, at[FID_END_OF_PDU_FIELD_MIN_NUMBER_OF_ITEMS], d->min_items - 1);
        tb_link(b, at[FID_END_OF_PDU_FIELD_FIELD], mb_lay_field(b, d->item));
        return t;
    case MB_MUX:
        return mb_lay_mux(b, d);
    case MB_ENV_DATA_DESC:
        t = tb_table(b, FIDS_ENV_DATA_DESC,
                     (const uint8_t[FIDS_ENV_DATA_DESC]){[FID_ENV_DATA_DESC_PARAM_SHORT_NAME] = 4,
                                                         [FID_ENV_DATA_DESC_ENV_DATAS] = 4},
                     at);
        mb_link_string(b, at[FID_ENV_DATA_DESC_PARAM_SHORT_NAME], d->follows);
        v = tb_vector(b, d->env_count);
        tb_link(b, at[FID_ENV_DATA_DESC_ENV_DATAS], v);
        for (uint32_t i = 0; i < d->env_count; i++)
            tb_link(b, v + 4 + 4 * i, mb_lay_dop(b, &d->envs[i]));
        return t;
    case MB_ENV_DATA:
        t = tb_table(b, FIDS_ENV_DATA,
                     (const uint8_t[FIDS_ENV_DATA]){
                         [FID_ENV_DATA_DTC_VALUES] = (uint8_t)(d->dtc_value_count ? 4 : 0),
                         [FID_ENV_DATA_PARAMS] = 4},
                     at);
        if (d->dtc_value_count) {
            v = tb_vector(b, d->dtc_value_count);
            for (uint32_t i = 0; i < d->dtc_value_count; i++)
                tb_set32(b, v + 4 + 4 * i, d->dtc_values[i]);
            tb_link(b, at[FID_ENV_DATA_DTC_VALUES], v);
        }
        mb_lay_params(b, at[FID_ENV_DATA_PARAMS], d->params, d->param_count);
        return t;
    }
    abort();
}

static uint32_t mb_lay_dop(tb *b, const mb_dop *d)
{
    static const uint8_t types[] = {
        [MB_NORMAL] = MDD_DOP_TYPE_REGULAR, [MB_STRUCTURE] = MDD_DOP_TYPE_STRUCTURE,
        [MB_STATIC_FIELD] = MDD_DOP_TYPE_STATIC_FIELD,
        [MB_DYNAMIC_FIELD] = MDD_DOP_TYPE_DYNAMIC_LENGTH_FIELD,
        [MB_END_OF_PDU_FIELD] = MDD_DOP_TYPE_END_OF_PDU_FIELD, [MB_MUX] = MDD_DOP_TYPE_MUX,
        [MB_DTC] = MDD_DOP_TYPE_DTC, [MB_ENV_DATA_DESC] = MDD_DOP_TYPE_ENV_DATA_DESC,
        [MB_ENV_DATA] = MDD_DOP_TYPE_ENV_DATA};
    static const uint8_t tags[] = {
        [MB_NORMAL] = MDD_SPECIFIC_DOP_DATA_NORMAL_DOP,
        [MB_STRUCTURE] = MDD_SPECIFIC_DOP_DATA_STRUCTURE,
        [MB_STATIC_FIELD] = MDD_SPECIFIC_DOP_DATA_STATIC_FIELD,
        [MB_DYNAMIC_FIELD] = MDD_SPECIFIC_DOP_DATA_DYNAMIC_LENGTH_FIELD,
        [MB_END_OF_PDU_FIELD] = MDD_SPECIFIC_DOP_DATA_END_OF_PDU_FIELD,
        [MB_MUX] = MDD_SPECIFIC_DOP_DATA_MUX_DOP, [MB_DTC] = MDD_SPECIFIC_DOP_DATA_DTC_DOP,
        [MB_ENV_DATA_DESC] = MDD_SPECIFIC_DOP_DATA_ENV_DATA_DESC,
        [MB_ENV_DATA] = MDD_SPECIFIC_DOP_DATA_ENV_DATA};
    uint32_t at[FIDS_DOP];
    uint32_t t = tb_table(b, FIDS_DOP,
                          (const uint8_t[FIDS_DOP]){[FID_DOP_DOP_TYPE] = 1,
                                                    [FID_DOP_SHORT_NAME] = (uint8_t)(d->name ? 4 : 0),
                                                    [FID_DOP_SPECIFIC_DATA_TYPE] = 1,
                                                    [FID_DOP_SPECIFIC_DATA] = 4},
                          at);
    tb_set(b, at[FID_DOP_DOP_TYPE], types[d->kind], 1);
    tb_set(b, at[FID_DOP_SPECIFIC_DATA_TYPE], tags[d->kind], 1);
    mb_link_string(b, at[FID_DOP_SHORT_NAME], d->name);
    tb_link(b, at[FID_DOP_SPECIFIC_DATA], mb_lay_specific(b, d));
    return t;
}

static inline uint32_t mb_lay_row(tb *b, const mb_row *r)
{
    uint32_t at[FIDS_TABLE_ROW];
    uint32_t t = tb_table(b, FIDS_TABLE_ROW,
                          (const uint8_t[FIDS_TABLE_ROW]){
                              [FID_TABLE_ROW_SHORT_NAME] = 4, [FID_TABLE_ROW_KEY] = 4,
                              [FID_TABLE_ROW_DOP] = (uint8_t)(r->dop ? 4 : 0),
                              [FID_TABLE_ROW_STRUCTURE] = (uint8_t)(r->structure ? 4 : 0)},
                          at);
    mb_link_string(b, at[FID_TABLE_ROW_SHORT_NAME], r->name);
    mb_link_string(b, at[FID_TABLE_ROW_KEY], r->key);
    if (r->dop)
        tb_link(b, at[FID_TABLE_ROW_DOP], mb_lay_dop(b, r->dop));
    if (r->structure)
        tb_link(b, at[FID_TABLE_ROW_STRUCTURE], mb_lay_dop(b, r->structure));
    return t;
}

static inline uint32_t mb_lay_table(tb *b, const mb_table *tbl)
{
    uint32_t at[FIDS_TABLE_DOP];
    uint32_t t = tb_table(b, FIDS_TABLE_DOP,
                          (const uint8_t[FIDS_TABLE_DOP]){[FID_TABLE_DOP_SHORT_NAME] = 4,
                                                          [FID_TABLE_DOP_KEY_DOP] = 4,
                                                          [FID_TABLE_DOP_ROWS] = 4},
                          at);
    mb_link_string(b, at[FID_TABLE_DOP_SHORT_NAME], tbl->name);
    tb_link(b, at[FID_TABLE_DOP_KEY_DOP], mb_lay_dop(b, tbl->key_dop));
    uint32_t v = tb_vector(b, tbl->row_count);
    tb_link(b, at[FID_TABLE_DOP_ROWS], v);
    for (uint32_t i = 0; i < tbl->row_count; i++)
        tb_link(b, v + 4 + 4 * i, mb_lay_row(b, &tbl->rows[i]));
    return t;
}

/* A vector of n strings; returns its count's position. */
static inline uint32_t mb_strings(tb *b, const char *const *s, uint32_t n)
{
    uint32_t v = tb_vector(b, n);
    for (uint32_t i = 0; i < n; i++)
        mb_link_string(b, v + 4 + 4 * i, s[i]);
    return v;
}

/* The specific table of a param; its DOP's slot, when it refers to one, in *dop_at. */
static inline uint32_t mb_lay_param_data(tb *b, const mb_param *p, uint32_t *dop_at)
{
    uint32_t at[4];
    uint32_t t;
    *dop_at = 0;
    switch (p->type) {
    case MDD_PARAM_TYPE_CODED_CONST:
        t = tb_table(b, FIDS_CODED_CONST,
                     (const uint8_t[]){[FID_CODED_CONST_CODED_VALUE] = 4,
                                       [FID_CODED_CONST_DIAG_CODED_TYPE] = 4},
                     at);
        mb_link_string(b, at[FID_CODED_CONST_CODED_VALUE], p->value);
        tb_link(b, at[FID_CODED_CONST_DIAG_CODED_TYPE], mb_lay_dct(b, &p->dct, NULL));
        return t;
    case MDD_PARAM_TYPE_NRC_CONST:
        t = tb_table(b, FIDS_NRC_CONST,
                     (const uint8_t[]){[FID_NRC_CONST_CODED_VALUES] = 4,
                                       [FID_NRC_CONST_DIAG_CODED_TYPE] = 4},
                     at);
        tb_link(b, at[FID_NRC_CONST_CODED_VALUES], mb_strings(b, p->values, p->value_count));
        tb_link(b, at[FID_NRC_CONST_DIAG_CODED_TYPE], mb_lay_dct(b, &p->dct, NULL));
        return t;
    case MDD_PARAM_TYPE_PHYS_CONST:
        t = tb_table(b, FIDS_PHYS_CONST,
                     (const uint8_t[]){[FID_PHYS_CONST_PHYS_CONSTANT_VALUE] = 4,
                                       [FID_PHYS_CONST_DOP] = 4},
                     at);
        mb_link_string(b, at[FID_PHYS_CONST_PHYS_CONSTANT_VALUE], p->value);
        *dop_at = at[FID_PHYS_CONST_DOP];
        return t;
    case MDD_PARAM_TYPE_VALUE:
        t = tb_table(b, FIDS_VALUE,
                     (const uint8_t[]){[FID_VALUE_PHYSICAL_DEFAULT_VALUE] = (uint8_t)(p->value ? 4 : 0),
                                       [FID_VALUE_DOP] = 4},
                     at);
        mb_link_string(b, at[FID_VALUE_PHYSICAL_DEFAULT_VALUE], p->value);
        *dop_at = at[FID_VALUE_DOP];
        return t;
    case MDD_PARAM_TYPE_LENGTH_KEY:
        t = tb_table(b, FIDS_LENGTH_KEY_REF, (const uint8_t[]){[FID_LENGTH_KEY_REF_DOP] = 4}, at);
        *dop_at = at[FID_LENGTH_KEY_REF_DOP];
        return t;
    case MDD_PARAM_TYPE_SYSTEM:
        t = tb_table(b, FIDS_SYSTEM,
                     (const uint8_t[]){[FID_SYSTEM_DOP] = 4, [FID_SYSTEM_SYS_PARAM] = 4}, at);
        mb_link_string(b, at[FID_SYSTEM_SYS_PARAM], p->value ? p->value : "TIMESTAMP");
        *dop_at = at[FID_SYSTEM_DOP];
        return t;
    case MDD_PARAM_TYPE_RESERVED:
        t = tb_table(b, FIDS_RESERVED, (const uint8_t[]){[FID_RESERVED_BIT_LENGTH] = 4}, at);
        tb_set32(b, at[FID_RESERVED_BIT_LENGTH], p->bits);
        return t;
    case MDD_PARAM_TYPE_MATCHING_REQUEST_PARAM:
        t = tb_table(b, FIDS_MATCHING_REQUEST_PARAM,
                     (const uint8_t[]){[FID_MATCHING_REQUEST_PARAM_REQUEST_BYTE_POS] = 4,
                                       [FID_MATCHING_REQUEST_PARAM_BYTE_LENGTH] = 4},
                     at);
        tb_set32(b, at[FID_MATCHING_REQUEST_PARAM_REQUEST_BYTE_POS], (uint32_t)p->request_byte);
        tb_set32(b, at[FID_MATCHING_REQUEST_PARAM_BYTE_LENGTH], p->byte_length);
        return t;
    case MDD_PARAM_TYPE_TABLE_KEY:
        t = tb_table(b, FIDS_TABLE_KEY,
                     (const uint8_t[]){[FID_TABLE_KEY_TABLE_KEY_REFERENCE_TYPE] = 1,
                                       [FID_TABLE_KEY_TABLE_KEY_REFERENCE] = 4},
                     at);
        tb_set(b, at[FID_TABLE_KEY_TABLE_KEY_REFERENCE_TYPE],
               p->row_ref ? MDD_TABLE_KEY_REFERENCE_TABLE_ROW : MDD_TABLE_KEY_REFERENCE_TABLE_DOP,
               1);
        tb_link(b, at[FID_TABLE_KEY_TABLE_KEY_REFERENCE],
                p->row_ref ? mb_lay_row(b, &p->table->rows[p->row_ref - 1])
                           : mb_lay_table(b, p->table));
        return t;
    case MDD_PARAM_TYPE_TABLE_STRUCT:
        t = tb_table(b, FIDS_TABLE_STRUCT, (const uint8_t[]){[FID_TABLE_STRUCT_TABLE_KEY] = 4}, at);
        tb_link(b, at[FID_TABLE_STRUCT_TABLE_KEY],
                mb_named(b, FIDS_PARAM, FID_PARAM_SHORT_NAME, p->table_key));
        return t;
    default:
        /* DYNAMIC and TABLE_ENTRY: a table without fields. */
        return tb_table(b, 1, (const uint8_t[]){0}, at);
    }
}

static inline uint8_t mb_param_tag(uint8_t type)
{
    static const uint8_t tags[] = {
        [MDD_PARAM_TYPE_CODED_CONST] = MDD_PARAM_SPECIFIC_DATA_CODED_CONST,
        [MDD_PARAM_TYPE_DYNAMIC] = MDD_PARAM_SPECIFIC_DATA_DYNAMIC,
        [MDD_PARAM_TYPE_LENGTH_KEY] = MDD_PARAM_SPECIFIC_DATA_LENGTH_KEY_REF,
        [MDD_PARAM_TYPE_MATCHING_REQUEST_PARAM] = MDD_PARAM_SPECIFIC_DATA_MATCHING_REQUEST_PARAM,
        [MDD_PARAM_TYPE_NRC_CONST] = MDD_PARAM_SPECIFIC_DATA_NRC_CONST,
        [MDD_PARAM_TYPE_PHYS_CONST] = MDD_PARAM_SPECIFIC_DATA_PHYS_CONST,
        [MDD_PARAM_TYPE_RESERVED] = MDD_PARAM_SPECIFIC_DATA_RESERVED,
        [MDD_PARAM_TYPE_SYSTEM] = MDD_PARAM_SPECIFIC_DATA_SYSTEM,
        [MDD_PARAM_TYPE_TABLE_ENTRY] = MDD_PARAM_SPECIFIC_DATA_TABLE_ENTRY,
        [MDD_PARAM_TYPE_TABLE_KEY] = MDD_PARAM_SPECIFIC_DATA_TABLE_KEY,
        [MDD_PARAM_TYPE_TABLE_STRUCT] = MDD_PARAM_SPECIFIC_DATA_TABLE_STRUCT,
        [MDD_PARAM_TYPE_VALUE] = MDD_PARAM_SPECIFIC_DATA_VALUE};
    return tags[type];
}

/* A Param table; its DOP's slot (0: none) in *dop_at. */
static inline uint32_t mb_lay_param(tb *b, const mb_param *p, uint32_t *dop_at)
{
    uint32_t at[FIDS_PARAM];
    uint32_t t = tb_table(b, FIDS_PARAM,
                          (const uint8_t[FIDS_PARAM]){
                              [FID_PARAM_PARAM_TYPE] = 1, [FID_PARAM_SHORT_NAME] = 4,
                              [FID_PARAM_SEMANTIC] = (uint8_t)(p->semantic ? 4 : 0),
                              [FID_PARAM_BYTE_POSITION] = (uint8_t)(p->byte ? 4 : 0),
                              [FID_PARAM_BIT_POSITION] = (uint8_t)(p->bit ? 4 : 0),
                              [FID_PARAM_SPECIFIC_DATA_TYPE] = 1, [FID_PARAM_SPECIFIC_DATA] = 4},
                          at);
    tb_set(b, at[FID_PARAM_PARAM_TYPE], p->type, 1);
    tb_set(b, at[FID_PARAM_SPECIFIC_DATA_TYPE], mb_param_tag(p->type), 1);
    if (p->byte)
        tb_set32(b, at[FID_PARAM_BYTE_POSITION], p->byte - 1);
    if (p->bit)
        tb_set32(b, at[FID_PARAM_BIT_POSITION], p->bit - 1);
    mb_link_string(b, at[FID_PARAM_SHORT_NAME], p->name);
    mb_link_string(b, at[FID_PARAM_SEMANTIC], p->semantic);
    tb_link(b, at[FID_PARAM_SPECIFIC_DATA], mb_lay_param_data(b, p, dop_at));
    return t;
}

/* The params vector at slot: every Param table first, then their DOPs, each distinct DOP
 * once. */
static void mb_lay_params(tb *b, uint32_t slot, const mb_param *p, uint32_t n)
{
    uint32_t v = tb_vector(b, n);
    tb_link(b, slot, v);
    uint32_t dop_at[64];
    mb_memo memo = {{0}, {0}, 0};
    if (n > 64)
        abort();
    for (uint32_t i = 0; i < n; i++)
        tb_link(b, v + 4 + 4 * i, mb_lay_param(b, &p[i], &dop_at[i]));
    for (uint32_t i = 0; i < n; i++) {
        if (!dop_at[i] || !p[i].dop)
            continue;
        uint32_t k = 0;
        while (k < memo.count && memo.dop[k] != p[i].dop)
            k++;
        if (k == memo.count) {
            if (memo.count == MB_MEMO)
                abort();
            memo.dop[k] = p[i].dop;
            memo.at[k] = mb_lay_dop(b, p[i].dop);
            memo.count++;
        }
        tb_link(b, dop_at[i], memo.at[k]);
    }
}

static inline uint32_t mb_lay_response(tb *b, const mb_response *r, uint8_t type)
{
    uint32_t at[FIDS_RESPONSE];
    uint32_t t = tb_table(b, FIDS_RESPONSE,
                          (const uint8_t[FIDS_RESPONSE]){[FID_RESPONSE_RESPONSE_TYPE] = 1,
                                                         [FID_RESPONSE_PARAMS] = 4},
                          at);
    tb_set(b, at[FID_RESPONSE_RESPONSE_TYPE], r->global ? MDD_RESPONSE_TYPE_GLOBAL_NEG_RESPONSE : type,
           1);
    mb_lay_params(b, at[FID_RESPONSE_PARAMS], r->params, r->param_count);
    return t;
}

static inline uint32_t mb_responses(tb *b, const mb_response *r, uint32_t n, uint8_t type)
{
    uint32_t v = tb_vector(b, n);
    for (uint32_t i = 0; i < n; i++)
        tb_link(b, v + 4 + 4 * i, mb_lay_response(b, &r[i], type));
    return v;
}

static inline uint32_t mb_lay_service(tb *b, const mb_service *s)
{
    uint32_t at[FIDS_DIAG_SERVICE], rat[FIDS_REQUEST];
    uint32_t t = tb_table(b, FIDS_DIAG_SERVICE,
                          (const uint8_t[FIDS_DIAG_SERVICE]){
                              [FID_DIAG_SERVICE_DIAG_COMM] = 4, [FID_DIAG_SERVICE_REQUEST] = 4,
                              [FID_DIAG_SERVICE_POS_RESPONSES] = 4,
                              [FID_DIAG_SERVICE_NEG_RESPONSES] = 4},
                          at);
    tb_link(b, at[FID_DIAG_SERVICE_DIAG_COMM],
            mb_named(b, FIDS_DIAG_COMM, FID_DIAG_COMM_SHORT_NAME, s->name));
    uint32_t r = tb_table(b, FIDS_REQUEST, (const uint8_t[FIDS_REQUEST]){[FID_REQUEST_PARAMS] = 4},
                          rat);
    tb_link(b, at[FID_DIAG_SERVICE_REQUEST], r);
    mb_lay_params(b, rat[FID_REQUEST_PARAMS], s->request, s->request_count);
    tb_link(b, at[FID_DIAG_SERVICE_POS_RESPONSES],
            mb_responses(b, s->pos, s->pos_count, MDD_RESPONSE_TYPE_POS_RESPONSE));
    tb_link(b, at[FID_DIAG_SERVICE_NEG_RESPONSES],
            mb_responses(b, s->neg, s->neg_count, MDD_RESPONSE_TYPE_NEG_RESPONSE));
    return t;
}

/* Lays e out in b, starting afresh: EcuData with one base variant "V" holding the
 * services, and the ECU's DTCs. */
static inline void mb_build(tb *b, const mb_ecu *e)
{
    tb_init(b);
    uint32_t at[FIDS_ECU_DATA], vat[FIDS_VARIANT], lat[FIDS_DIAG_LAYER];
    uint32_t root = tb_table(b, FIDS_ECU_DATA,
                             (const uint8_t[FIDS_ECU_DATA]){[FID_ECU_DATA_ECU_NAME] = 4,
                                                            [FID_ECU_DATA_VARIANTS] = 4,
                                                            [FID_ECU_DATA_DTCS] = 4},
                             at);
    tb_link(b, 0, root);
    mb_link_string(b, at[FID_ECU_DATA_ECU_NAME], e->name);
    uint32_t variants = tb_vector(b, 1);
    tb_link(b, at[FID_ECU_DATA_VARIANTS], variants);
    tb_link(b, at[FID_ECU_DATA_DTCS], mb_dtc_vector(b, e->dtcs, e->dtc_count));
    uint32_t v = tb_table(b, FIDS_VARIANT,
                          (const uint8_t[FIDS_VARIANT]){[FID_VARIANT_DIAG_LAYER] = 4,
                                                        [FID_VARIANT_IS_BASE_VARIANT] = 1},
                          vat);
    tb_link(b, variants + 4, v);
    tb_set(b, vat[FID_VARIANT_IS_BASE_VARIANT], 1, 1);
    uint32_t l = tb_table(b, FIDS_DIAG_LAYER,
                          (const uint8_t[FIDS_DIAG_LAYER]){[FID_DIAG_LAYER_SHORT_NAME] = 4,
                                                           [FID_DIAG_LAYER_DIAG_SERVICES] = 4},
                          lat);
    tb_link(b, vat[FID_VARIANT_DIAG_LAYER], l);
    mb_link_string(b, lat[FID_DIAG_LAYER_SHORT_NAME], "V");
    uint32_t services = tb_vector(b, e->service_count);
    tb_link(b, lat[FID_DIAG_LAYER_DIAG_SERVICES], services);
    for (uint32_t i = 0; i < e->service_count; i++)
        tb_link(b, services + 4 + 4 * i, mb_lay_service(b, &e->services[i]));
}

/* Lays e out in b and opens it as a database (*db, closed by the caller with mdd_db_close());
 * returns its variant, or NULL with *db NULL when it does not open. verify 0 skips the
 * FlatBuffer verifier, for hostile layouts. */
static inline const mdd_db_layer *mb_open(tb *b, const mb_ecu *e, int verify, mdd_db **db)
{
    mb_build(b, e);
    mdd_bytes payload = {b->buf, b->len};
    mdd_db_options opts = mdd_db_options_default();
    opts.store.verify = verify;
    if (mdd_db_open_payloads(&payload, 1, &opts, db, NULL) != MDD_OK) {
        *db = NULL;
        return NULL;
    }
    return mdd_db_ecu_variant_at(mdd_db_ecu_at(*db, 0), 0);
}

/* ---- Shorthands for descriptions ---- */

/* An unsigned integer coded type of n bits. */
#define MB_UINT(n) UB_STANDARD(MDD_DATA_TYPE_A_UINT_32, n)

/* A NormalDOP of an unsigned integer of n bits, identical. */
#define MB_UINT_DOP(n) {.kind = MB_NORMAL, .name = "UINT" #n, .normal = {MB_UINT(n), NULL, UB_ABSENT}}

/* A CODED_CONST of n bits at byte pos. */
#define MB_CONST(pname, v, n, pos)                                                           \
    {.name = (pname), .type = MDD_PARAM_TYPE_CODED_CONST, .byte = MB_AT(pos), .value = (v),     \
     .dct = MB_UINT(n)}

/* A VALUE param at byte pos (MB_AT) through dop. */
#define MB_VALUE(pname, d, pos) {.name = (pname), .type = MDD_PARAM_TYPE_VALUE, .byte = (pos), .dop = (d)}

/* ---- Recording what a decode reports ---- */

/* The values a decode reported, as one line: "path=value@offset+count" for values (numbers
 * in decimal, texts in quotes, bytes as 0x.., DTCs as code:short name), "path{" and "}" for
 * objects, "path[" and "]" for arrays, separated by spaces. */
typedef struct mb_record {
    char text[4096];
    size_t len;
} mb_record;

static inline void mb_put(mb_record *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline void mb_put(mb_record *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(r->text + r->len, sizeof r->text - r->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        r->len = r->len + (size_t)n < sizeof r->text ? r->len + (size_t)n : sizeof r->text - 1;
}

static inline void mb_put_path(mb_record *r, const mdd_uds_value *v)
{
    for (uint32_t i = 0; i < v->depth; i++) {
        const mdd_uds_path_elem *e = &v->path[i];
        if (e->name.ptr)
            mb_put(r, "%s%.*s", i ? "/" : "", (int)e->name.len, (const char *)e->name.ptr);
        else
            mb_put(r, "[%u]", (unsigned)e->index);
    }
}

static inline mdd_status mb_record_visit(void *ctx, const mdd_uds_value *v, mdd_error *err)
{
    mb_record *r = ctx;
    (void)err;
    if (r->len)
        mb_put(r, " ");
    switch (v->kind) {
    case MDD_UDS_OBJECT_END: mb_put(r, "}"); return MDD_OK;
    case MDD_UDS_ARRAY_END: mb_put(r, "]"); return MDD_OK;
    default: break;
    }
    mb_put_path(r, v);
    switch (v->kind) {
    case MDD_UDS_OBJECT_BEGIN: mb_put(r, "{"); return MDD_OK;
    case MDD_UDS_ARRAY_BEGIN: mb_put(r, "["); return MDD_OK;
    case MDD_UDS_UINT: mb_put(r, "=%llu", (unsigned long long)v->as.u); break;
    case MDD_UDS_INT: mb_put(r, "=%lld", (long long)v->as.i); break;
    case MDD_UDS_FLOAT: mb_put(r, "=%g", v->as.f); break;
    case MDD_UDS_TEXT:
        mb_put(r, "=\"%.*s\"", (int)v->as.text.bytes.len, (const char *)v->as.text.bytes.ptr);
        break;
    case MDD_UDS_BYTES:
        mb_put(r, "=0x");
        for (size_t i = 0; i < v->as.bytes.len; i++)
            mb_put(r, "%02X", v->as.bytes.ptr[i]);
        break;
    case MDD_UDS_DTC: {
        mdd_bytes n = mdd_dtc_short_name(v->as.dtc.dtc);
        mb_put(r, "=%06X:%.*s", (unsigned)v->as.dtc.code, (int)n.len, (const char *)n.ptr);
        break;
    }
    default: mb_put(r, "=?"); break;
    }
    mb_put(r, "@%zu+%zu", v->byte_offset, v->byte_count);
    return MDD_OK;
}

/* A visitor that records into r (zeroed first). */
static inline mdd_uds_visitor mb_recorder(mb_record *r)
{
    r->len = 0;
    r->text[0] = '\0';
    mdd_uds_visitor v = {mb_record_visit, r};
    return v;
}

#endif
