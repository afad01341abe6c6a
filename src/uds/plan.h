/* SPDX-License-Identifier: Apache-2.0 */
/* A response plan (docs/adr/0033-response-plans.md): the walk of a response's params compiled
 * once per memo entry (plan/compile.c) and followed by its decodes (plan/run.c). Each step
 * keeps what the walk would read of the database for one parameter: its view and name, where
 * it starts, how its value reads (coded type, compu method, a TEXT_TABLE's scales as
 * integers), the DTCs of a DTC DOP by trouble code, a structure's size and params, a field's
 * item structure. A step does what the walk does without the plan, and whatever it leaves
 * (a value outside its fast path, any error) goes to the walk's own code for that parameter,
 * which reports exactly what it would have. */
#ifndef MDD_UDS_PLAN_H
#define MDD_UDS_PLAN_H

#include "walk.h"

/* The most steps, TEXT_TABLE scales and DTCs one plan holds: a composite whose params do not
 * fit is decoded through the database (one step for it), a TEXT_TABLE or a DTC list that
 * does not fit is read as without a plan. */
#define UDS_PLAN_STEPS 48
#define UDS_PLAN_SCALES 64
#define UDS_PLAN_DTCS 32
/* The bytes of JSON a plan keeps for the JSON writer: its steps' keys and the members it
 * renders whole (plan/json.c). */
#define UDS_PLAN_JSON 4096

typedef enum uds_step_op {
    UDS_STEP_PARAM = 0, /* through the database (uds_decode_param()) */
    UDS_STEP_KEPT,      /* a constant or repeat the compiled match checked: kept */
    UDS_STEP_READ,      /* a value through a NormalDOP of a standard length: read */
    UDS_STEP_DTC,       /* a trouble code (read) and its DTC (dtcs) */
    UDS_STEP_STRUCTURE, /* a structure of the params children[0..count) */
    UDS_STEP_FIELD      /* a field whose items are structures of children[0..count) */
} uds_step_op;

/* How a compiled read's coded value becomes physical. */
typedef enum uds_plan_compu {
    UDS_PLAN_COMPU_METHOD = 0, /* the compu method through the database */
    UDS_PLAN_COMPU_SAME,       /* IDENTICAL to the same integer type: the coded value */
    UDS_PLAN_COMPU_TEXTS       /* a TEXT_TABLE of integer limits: scales[0..scale_count) */
} uds_plan_compu;

/* For the JSON writer: a member of an object as it writes it, with its comma
 * (`,"name":VALUE`), or len 0 when the plan did not render it. */
typedef struct uds_plan_member {
    const char *text;
    uint32_t len;
} uds_plan_member;

/* A TEXT_TABLE scale whose limits are integers of the coded value's kind (as uint64_t, or
 * int64_t's bits for A_INT_32), as uds_scale_contains() takes them. */
typedef struct uds_plan_scale {
    uint64_t lo, hi;
    bool has_lo, has_hi, lo_open, hi_open;
    mdd_bytes text;
} uds_plan_scale;

/* The widest coded value whose TEXT_TABLE scale is looked up by the value itself. */
#define UDS_PLAN_DIRECT_BITS 4
/* No scale holds the value: the method through the database decides. */
#define UDS_PLAN_NO_SCALE 0xFF

/* How a value reads: the read without the plan, and when its coded type has a shape read
 * here, the compu method compiled;
 * a TEXT_TABLE of a coded value of at most UDS_PLAN_DIRECT_BITS bits (direct) has the scale
 * of each value in scale_of. */
/* Where a compiled read's coded value comes from. */
typedef enum uds_plan_shape {
    UDS_PLAN_DATABASE = 0, /* the read through the database */
    UDS_PLAN_BITS,         /* a plain integer of 1..64 bits without a mask */
    UDS_PLAN_SPAN          /* a text or byte field of whole units without a mask */
} uds_plan_shape;

typedef struct uds_plan_read {
    uds_normal_read normal;
    uint8_t shape; /* enum uds_plan_shape */
    bool is_signed; /* A_INT_32 */
    bool direct;
    uint8_t compu; /* enum uds_plan_compu */
    uint32_t scale_count;
    const uds_plan_scale *scales;
    uint8_t scale_of[1u << UDS_PLAN_DIRECT_BITS];
} uds_plan_read;

/* A DTC of a DTC DOP's own list, sorted by trouble code (the first of equal codes). */
typedef struct uds_plan_dtc {
    uint32_t code;
    mdd_dtc dtc;
} uds_plan_dtc;

typedef struct uds_step {
    uds_param_view view;
    mdd_bytes name;
    /* For the JSON writer: a parameter of the response itself is shown
     * (uds_json_shown_at_top()); the key with its comma (`,"name":`, len 0 when the plan had
     * no room for it) and members (below), once the plan's JSON is rendered. */
    bool json_shown;
    uds_plan_member json_key;
    uint8_t op; /* enum uds_step_op */
    bool mux;   /* a VALUE whose DOP is a MUX (uds_param_start()) */
    bool sized; /* STRUCTURE, FIELD: the structure has a byte size, size */
    uint32_t size;
    uint32_t count;                  /* STRUCTURE, FIELD: children */
    const struct uds_step *children;
    const uds_matched *kept;         /* KEPT */
    uds_plan_read read;              /* READ, DTC */
    mdd_dop dop;                     /* DTC, STRUCTURE, FIELD: the parameter's DOP */
    uint32_t dtc_count;              /* DTC: the own list in dtcs, when sorted */
    bool dtcs_sorted;
    const uds_plan_dtc *dtcs;
    /* For the JSON writer: the member of each of read.scales (READ of a TEXT_TABLE) or of
     * dtcs (DTC), parallel to them; NULL for none. */
    const uds_plan_member *members;
} uds_step;

/* The steps of a response's params (steps[0..top)), and what they point into. */
typedef struct uds_plan {
    bool ready;   /* the response's params fit */
    uint32_t top;
    uint32_t step_count, scale_count, dtc_count;
    uds_step steps[UDS_PLAN_STEPS];
    uds_plan_scale scales[UDS_PLAN_SCALES];
    uds_plan_dtc dtcs[UDS_PLAN_DTCS];
    uds_plan_member scale_members[UDS_PLAN_SCALES];
    uds_plan_member dtc_members[UDS_PLAN_DTCS];
    bool json_rendered; /* uds_plan_json_compile() */
    uint32_t json_bytes;
    char json[UDS_PLAN_JSON + 16]; /* 16 to spare: the writer copies short ones as 16 */
} uds_plan;

/* Compiles params (a response's, whose first kept_count params the compiled match keeps in
 * kept) into *plan; plan->ready is false when they do not fit. */
MDD_INTERNAL void uds_plan_compile(uds_plan *plan, mdd_param_vec params, const uds_matched *kept,
                                   uint32_t kept_count);

/* Decodes steps[0..count) as uds_decode_params() decodes their params. */
MDD_INTERNAL mdd_status uds_plan_decode(uds_walk *w, const uds_step *steps, uint32_t count,
                                        size_t origin, size_t *cursor);

/* A compiled read's value at pos, without side effects: 1 with *physical and *next, or 0
 * when it is not one the plan reads (then uds_read_normal() decides). */
MDD_INTERNAL int uds_plan_read_value(const uds_plan_read *r, mdd_bytes msg, uds_pos pos,
                                     uds_scalar *physical, size_t *next);

/* Renders what the JSON writer writes of each of plan's steps into plan's json (plan/json.c):
 * its key, and the member of each of its TEXT_TABLE scales or DTCs, as far as they fit; sets
 * json_rendered. The JSON writer calls it the first time it follows the plan, so that a plan
 * only visitors follow does not pay for it. */
MDD_INTERNAL void uds_plan_json_compile(uds_plan *plan);

/* Compiles the read of a NormalDOP's or a DTC DOP's parts into *r, its TEXT_TABLE scales
 * into plan's (when they fit). */
MDD_INTERNAL void uds_plan_read_compile(uds_plan *plan, const uds_normal_read *normal,
                                        uds_plan_read *r);

#endif
