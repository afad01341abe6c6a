/* SPDX-License-Identifier: Apache-2.0 */
/* The memo of requests (mdd_uds_memo, memo.c), the compiled match (match/plan.c) and the
 * response plan (plan.h, plan/) it keeps per request: what a decode works out from the
 * database alone, kept so that the next decode of the same request need not work it out
 * again. */
#ifndef MDD_UDS_MEMO_H
#define MDD_UDS_MEMO_H

#include "plan.h"

/* The most request bytes a key holds, services an entry keeps, and comparisons a compiled
 * match makes: beyond them a request or a response is decoded without the memo's help. */
#define UDS_MEMO_KEY_MAX 16
#define UDS_MEMO_SERVICES 4
#define UDS_PLAN_CHECKS 8
/* The longest JSON header an entry keeps. */
#define UDS_MEMO_JSON_HEAD 256

/* One comparison of a compiled match, at a place known without the message: the bits of a
 * coded constant in its window equal want, or (repeat) the window's bytes repeat the
 * request's from byte at. */
typedef struct uds_plan_check {
    uds_window window;
    uint64_t want;
    int32_t at;
    bool repeat;
} uds_plan_check;

/* What uds_params_match() checks of a response's params, compiled, and what it leaves in
 * the walk when they hold, with the reads of the VALUE parameters among them. */
typedef struct uds_match_plan {
    uds_chosen chosen;
    uint32_t check_count;
    uds_plan_check checks[UDS_PLAN_CHECKS];
    uint32_t matched_count;
    uds_matched matched[UDS_MATCHED_CAP];
} uds_match_plan;

/* Compiles the match of chosen's params into *plan (which keeps chosen): 1, or 0 when a
 * constant the match reads is not a plain integer of a fixed length without a bit mask
 * (so that equal bits mean equal values), is an NRC constant, or the checks are more than
 * UDS_PLAN_CHECKS. */
MDD_INTERNAL int uds_match_plan_compile(const uds_chosen *chosen, uds_match_plan *plan);

/* 1 when w's message (and request) pass every check of plan; else 0. */
MDD_INTERNAL int uds_match_plan_checks(const uds_match_plan *plan, const uds_walk *w);

/* After the checks held: *c is the plan's response and the walk's matched params are as
 * uds_params_match() would have left them. */
MDD_INTERNAL void uds_match_plan_keep(const uds_match_plan *plan, uds_walk *w, uds_chosen *c);

/* What the memo keeps for one request: the services its lookup found and, when the first
 * of them has a response, the compiled match of the first (its first positive, else first
 * negative response: the first a decode tries) and that response's plan. */
typedef struct uds_memo_entry {
    const mdd_db_layer *layer; /* NULL: an empty slot */
    uint64_t serial;           /* the layer's ECU (db_layer_serial()) */
    uint32_t key_len;
    uint8_t key[UDS_MEMO_KEY_MAX];
    size_t service_count; /* what the lookup counted: above UDS_MEMO_SERVICES none are kept */
    mdd_db_service services[UDS_MEMO_SERVICES];
    int planned;          /* plan holds the compiled match, walk the response's plan */
    uint32_t busy;        /* decodes following walk now: the slot is not refilled meanwhile */
    uds_match_plan plan;
    uds_plan walk;
    /* The JSON writer's header of the plan's response ({"ecu": .. "params":{), once it wrote
     * one; json_head_len 0: not yet. */
    uint32_t json_head_len;
    char json_head[UDS_MEMO_JSON_HEAD];
} uds_memo_entry;

/* The entry of request[0..len) in layer, filled when its slot held another; NULL when the
 * request is not remembered (a key longer than UDS_MEMO_KEY_MAX, or more services than
 * UDS_MEMO_SERVICES) or its slot holds another request that a decode follows now. */
MDD_INTERNAL uds_memo_entry *uds_memo_entry_for(mdd_uds_memo *memo,
                                                      const mdd_db_layer *layer,
                                                      const uint8_t *request, size_t len);

/* mdd_uds_decode() that sets *walk (when walk is not NULL) to its walk before the first value
 * reaches the visitor: the JSON writer reads the plan's step and the memo entry there. */
MDD_INTERNAL mdd_status uds_decode_with(const mdd_db_layer *layer, const uint8_t *request,
                                        size_t request_len, const uint8_t *response,
                                        size_t response_len, const mdd_uds_visitor *visitor,
                                        const mdd_uds_options *opts, mdd_uds_decoded *out,
                                        const uds_walk **walk, mdd_error *err);

#endif
