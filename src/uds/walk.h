/* SPDX-License-Identifier: Apache-2.0 */
/* The composite layer of the UDS codec: the state one decode or encode carries through a
 * message (the name path, the nesting depth, the values reported, the keys that later
 * parameters refer to) and the walks over parameters and DOPs in both directions. Built on
 * the primitives of uds_impl.h; the rules are in docs/codec.md. */
#ifndef MDD_UDS_WALK_H
#define MDD_UDS_WALK_H

#include "prim.h"

#include <mdd_internal/fb.h>

/* max_depth above this counts as this: the path and the walk's stack stay bounded. */
#define UDS_DEPTH_CAP 64
/* Path steps: a composite adds at most three (its parameter, an item index or a case or row
 * name, and the child's own name). */
#define UDS_PATH_CAP (3 * UDS_DEPTH_CAP + 4)
/* The most recent integer-valued parameters kept for those that refer back to them (length
 * keys, table keys, the DTC an environment data description follows). */
#define UDS_KEYS_CAP 32

/* A decoded or encoded parameter that a later one may refer to. */
typedef struct uds_key {
    mdd_param param;    /* identity (buffer and position of its Param table) and name */
    uint64_t value;     /* its integer value (a length in bits, a trouble code, a key) */
    int has_value;
    mdd_table_row row;  /* a TABLE_KEY's row */
    mdd_dop dop;        /* encoding a LENGTH_KEY the caller left out: written at the end */
    uds_pos pos;
    int pending;
} uds_key;

/* ---- A parameter's fields, read once (walk/param.c) ---- */

/* What the walks read of a Param: its kind and position at once, its name and specific data
 * on demand, all through one check of its table's header. */
typedef struct uds_param_view {
    mdd_param param;
    fb_fields f;
    uint8_t type;   /* enum mdd_param_type */
    int positioned; /* byte holds its byte position */
    uint32_t byte;
    uint8_t bit;    /* its bit position within the byte (0 when absent) */
} uds_param_view;

/* The view of param i of params (as mdd_param_vec_at()). */
MDD_INTERNAL uds_param_view uds_param_view_at(mdd_param_vec params, uint32_t i);

/* Its short name (as mdd_param_short_name()). */
MDD_INTERNAL mdd_bytes uds_param_view_name(const uds_param_view *v);

/* Its specific data when its tag is tag (as mdd_param_coded_const() and its siblings), else
 * an absent table. */
MDD_INTERNAL mdd_fb_table uds_param_view_data(const uds_param_view *v, uint8_t tag);

/* The same, ready for its own fields. */
MDD_INTERNAL fb_fields uds_param_view_child(const uds_param_view *v, uint8_t tag);

/* Where it starts: at origin + its byte position, else at the cursor (in a walk:
 * uds_param_start()). */
static inline uds_pos uds_param_view_pos(const uds_param_view *v, size_t origin, size_t cursor)
{
    uds_pos pos = {v->positioned ? origin + v->byte : cursor, v->bit};
    return pos;
}

/* What reading a value through a NormalDOP whose coded type has a standard length takes of
 * the database: its coded type's base and length, its compu method and physical type. */
typedef struct uds_normal_read {
    uds_base base;
    uds_fixed fixed;
    fb_fields compu;
    fb_fields physical;
} uds_normal_read;

/* The most leading parameters of a response the match pass keeps for its decode. */
#define UDS_MATCHED_CAP 4

/* A parameter the match pass looked at: its fields, and what it found to hold at pos: a
 * CODED_CONST's value, equal to its constant, or the bytes of the request a
 * MATCHING_REQUEST_PARAM repeats; or, from a memo's plan, how a VALUE reads. */
typedef struct uds_matched {
    uds_param_view view;
    int has_value;
    uint32_t repeated; /* bytes of the request repeated (0: not checked) */
    uds_pos pos;
    uds_scalar value;
    size_t next; /* where the value ended */
    int has_read;         /* a memo's plan gave how a VALUE reads: */
    uds_normal_read read; /* copied with the rest, so that a visitor decoding through the
                           * same memo cannot change it under the decode */
} uds_matched;

/* One decode or encode. Lives on the caller's stack; nothing in it is allocated. */
typedef struct uds_walk {
    const mdd_db_layer *layer;
    mdd_bytes msg;     /* decoding: the message */
    mdd_bytes request; /* the triggering request (ptr NULL when not given) */
    uds_out *out;      /* encoding: the message being written */
    const mdd_uds_visitor *visitor;
    uint32_t max_depth;
    uint32_t max_values;
    mdd_uds_memo *memo; /* the options' memo, NULL for none */
    uint32_t depth;
    uint64_t values;
    size_t high; /* decoding: the end of the furthest byte read */
    struct uds_memo_entry *entry; /* the memo entry whose plan the decode follows, or NULL */
    const struct uds_step *step;  /* the plan's step decoded last (uds_plan_decode()) */
    mdd_fb_vector matched_params; /* the params the last match pass looked at */
    uint32_t matched_count;
    uint32_t path_len;
    mdd_uds_path_elem path[UDS_PATH_CAP];
    uint32_t key_count; /* keys written (a ring of UDS_KEYS_CAP) */
    uint32_t key_high;  /* the most keys ever written: older slots may be overwritten */
    uds_key keys[UDS_KEYS_CAP];
    uds_matched matched[UDS_MATCHED_CAP]; /* its params [0..matched_count) */
    mdd_error *err;
} uds_walk;

/* ---- The walk's state (walk/walk.c) ---- */

/* Starts a walk over layer under opts (NULL: the defaults). Fails as options_read(). */
MDD_INTERNAL mdd_status uds_walk_init(uds_walk *w, const mdd_db_layer *layer,
                                const mdd_uds_options *opts, mdd_error *err);

/* Fails as a path one step longer than UDS_PATH_CAP. */
MDD_INTERNAL mdd_status uds_path_overflow(uds_walk *w);

/* Adds a named step (a parameter, a case, a row) or an item index to the path; MDD_ERR_LIMIT
 * past UDS_PATH_CAP. uds_path_pop() removes the last. Inline: every value takes a step. */
static inline mdd_status uds_path_push_elem(uds_walk *w, const uint8_t *name, size_t len,
                                            uint32_t index)
{
    if (w->path_len == UDS_PATH_CAP)
        return uds_path_overflow(w);
    mdd_uds_path_elem *e = &w->path[w->path_len++];
    e->name.ptr = name;
    e->name.len = len;
    e->index = index;
    return MDD_OK;
}

static inline mdd_status uds_path_push(uds_walk *w, mdd_bytes name)
{
    return uds_path_push_elem(w, name.ptr ? name.ptr : (const uint8_t *)"", name.len, 0);
}

static inline mdd_status uds_path_push_index(uds_walk *w, uint32_t index)
{
    return uds_path_push_elem(w, NULL, 0, index);
}

static inline void uds_path_pop(uds_walk *w) { w->path_len--; }

/* Enters one level of nesting (a structure, an item, a case, a row, environment data):
 * MDD_ERR_LIMIT naming the path past max_depth. uds_leave() leaves it. */
MDD_INTERNAL mdd_status uds_enter(uds_walk *w, size_t byte);
MDD_INTERNAL void uds_leave(uds_walk *w);

/* Fails with status and "PATH at byte N: reason". */
MDD_INTERNAL mdd_status uds_fail(uds_walk *w, mdd_status status, size_t byte, const char *fmt,
                                 ...) MDD_PRINTF(4, 5);

/* Puts "PATH: " in front of the message a primitive left in the walk's error; returns
 * status. */
MDD_INTERNAL mdd_status uds_blame(uds_walk *w, mdd_status status);

/* The path as text ("/Rec/Items[1]/id") into buf[0..cap), always NUL-terminated. */
MDD_INTERNAL void uds_path_text(const uds_walk *w, char *buf, size_t cap);

/* Reports a value (the path is the walk's) to the visitor, counting it against max_values.
 * end is where its bytes end. */
MDD_INTERNAL mdd_status uds_emit_scalar(uds_walk *w, mdd_param param, const uds_scalar *v,
                                        size_t start, size_t end);
MDD_INTERNAL mdd_status uds_emit_dtc(uds_walk *w, mdd_param param, uint32_t code, mdd_dtc dtc,
                                     size_t start, size_t end);
MDD_INTERNAL mdd_status uds_emit_mark(uds_walk *w, mdd_uds_kind kind, mdd_param param,
                                      size_t start, size_t end);

/* Fails as the value at byte past max_values. */
MDD_INTERNAL mdd_status uds_too_many_values(uds_walk *w, size_t byte);

/* Counts one value (reported, or written by the encoder) against max_values. */
static inline mdd_status uds_count_value(uds_walk *w, size_t byte)
{
    if (w->values >= w->max_values)
        return uds_too_many_values(w, byte);
    w->values++;
    return MDD_OK;
}

/* ---- Keys that later parameters refer to (walk/keys.c) ---- */

/* A mark to restore with uds_keys_restore() when a composite ends, so its keys go out of
 * scope with it. */
MDD_INTERNAL uint32_t uds_keys_mark(const uds_walk *w);
MDD_INTERNAL void uds_keys_restore(uds_walk *w, uint32_t mark);

/* Records param (with its integer value when has_value) and returns its slot. */
MDD_INTERNAL uds_key *uds_key_record(uds_walk *w, mdd_param param, int has_value,
                                     uint64_t value);

/* The newest key in scope for param (by identity, else by short name), or NULL. */
MDD_INTERNAL uds_key *uds_key_find(uds_walk *w, mdd_param param);

/* The newest key in scope whose short name is name, or NULL. */
MDD_INTERNAL uds_key *uds_key_find_name(uds_walk *w, mdd_bytes name);

/* An integer value of v (UINT, or INT at least 0) in *out: 1, else 0. */
MDD_INTERNAL int uds_scalar_as_u64(const uds_scalar *v, uint64_t *out);

/* Records p when its value v is an integer (a later parameter may refer to it). */
MDD_INTERNAL void uds_key_remember(uds_walk *w, mdd_param p, const uds_scalar *v);

/* Nonzero when a and b are equal values (uds_scalar_compare()). */
MDD_INTERNAL int uds_scalar_equal(const uds_scalar *a, const uds_scalar *b);

/* ---- Shared helpers (dop/dop.c) ---- */

/* The DataType of values the DOP's physical type says (its DiagCodedType's when it has
 * none). */
MDD_INTERNAL uint8_t uds_normal_physical_type(mdd_normal_dop dop);

/* The length in bits a PARAM_LENGTH_INFO type of dct reads, from its length key in scope
 * (0 for other types). MDD_ERR_FORMAT when the key was not decoded before. */
MDD_INTERNAL mdd_status uds_length_key_bits(uds_walk *w, mdd_diag_coded_type dct, size_t byte,
                                            uint64_t *bits);

/* Reads the coded value dct codes at pos (a PARAM_LENGTH_INFO type with its key in scope),
 * with the path in errors. */
MDD_INTERNAL mdd_status uds_read_coded(uds_walk *w, mdd_diag_coded_type dct, uds_pos pos,
                                       uds_scalar *coded, size_t *next);

/* Reads the physical value a NormalDOP DOP codes at pos: the coded value, then its compu
 * method. MDD_ERR_FORMAT (with the path) for a DOP that is not a NormalDOP. */
MDD_INTERNAL mdd_status uds_read_physical(uds_walk *w, mdd_dop dop, uds_pos pos,
                                          uds_scalar *physical, size_t *next);

/* The same of a DOP table whose header was checked. */
MDD_INTERNAL mdd_status uds_read_physical_dop(uds_walk *w, const fb_fields *dop, uds_pos pos,
                                              uds_scalar *physical, size_t *next);

/* The read of a NormalDOP whose coded type has a standard length as uds_read_physical_dop()
 * takes it from the DOP (uds_normal_read_of(): 1, or 0 for another DOP), and the read
 * itself; a memo's plan keeps the first per parameter. */
MDD_INTERNAL int uds_normal_read_of(const fb_fields *dop, uds_normal_read *out);
MDD_INTERNAL mdd_status uds_read_normal(uds_walk *w, const uds_normal_read *r, uds_pos pos,
                                        uds_scalar *physical, size_t *next);

/* The inverse: writes physical through the NormalDOP dop at pos. last: the parameter ends
 * the PDU. length_key_bits for a PARAM_LENGTH_INFO type (else ignored). */
MDD_INTERNAL mdd_status uds_write_physical(uds_walk *w, mdd_dop dop, uds_pos pos,
                                           const uds_scalar *physical, int last,
                                           uint64_t length_key_bits, size_t *next);

/* Parses text (a constant, a limit, a key, a default) as a value of DataType type, with the
 * path in the error. */
MDD_INTERNAL mdd_status uds_parse_const(uds_walk *w, mdd_bytes text, uint8_t type, size_t byte,
                                        uds_scalar *out);

/* Whether v lies within [lower, upper] as the limits' interval types say (absent limit or
 * INFINITE: no bound), values parsed as DataType type. */
MDD_INTERNAL mdd_status uds_within_limits(uds_walk *w, const uds_scalar *v, mdd_limit lower,
                                          mdd_limit upper, uint8_t type, size_t byte,
                                          int *inside);

/* Refuses a composite DOP that does not start on a byte. */
MDD_INTERNAL mdd_status uds_whole_bytes(uds_walk *w, uds_pos pos);

/* No parameter: what items, selectors and rows report. */
static inline mdd_param uds_no_param(void)
{
    mdd_param p = {{NULL, 0, 0}};
    return p;
}

/* Nonzero when a and b name the same table of the same buffer. */
static inline int uds_same_table(mdd_fb_table a, mdd_fb_table b)
{
    return a.buf == b.buf && a.pos == b.pos && a.pos != 0;
}

/* Whether v is a VALUE whose DOP is a MUX. */
MDD_INTERNAL int uds_param_is_mux(const uds_param_view *v);

/* Where a parameter of a composite at origin starts in a walk, the previous parameter having
 * left cursor: uds_param_view_pos(), except that inside a nested composite (depth > 0) a
 * VALUE whose DOP is a MUX and that has no byte position starts at the origin, as the CDA
 * places it (the converter stores no byte position 0; docs/codec.md, "Positions"). */
MDD_INTERNAL uds_pos uds_param_start(const uds_walk *w, const uds_param_view *v, size_t origin,
                                     size_t cursor);

/* ---- Bits without a coded type: RESERVED and MATCHING_REQUEST_PARAM (walk/param.c) ---- */

/* Reads bits bits (1..64) unsigned, high-low, at pos of msg; MDD_ERR_FORMAT past the end,
 * with the path. */
MDD_INTERNAL mdd_status uds_raw_read(uds_walk *w, mdd_bytes msg, uds_pos pos, uint32_t bits,
                                     uint64_t *value, size_t *next);

/* Writes value in bits bits (1..64) high-low at pos of the walk's output, replacing only
 * those bits. */
MDD_INTERNAL mdd_status uds_raw_write(uds_walk *w, uds_pos pos, uint32_t bits, uint64_t value,
                                      size_t *next);


/* ---- Decoding (walk/params_decode.c, dop/decode.c and the other files of dop/) ---- */

/* Decodes params in declaration order: origin is where their composite starts, *cursor
 * where the first unpositioned one starts (updated to where the last ended). */
MDD_INTERNAL mdd_status uds_decode_params(uds_walk *w, mdd_param_vec params, size_t origin,
                                          size_t *cursor);

/* Decodes one parameter at pos as uds_decode_params() does without a match pass or plan
 * (the path names it already). */
MDD_INTERNAL mdd_status uds_decode_param(uds_walk *w, const uds_param_view *v, uds_pos pos,
                                         size_t *next);

/* A coded constant the match pass read and accepted, or the request's bytes it found
 * repeated: reported without a second check. */
MDD_INTERNAL mdd_status uds_decode_kept(uds_walk *w, mdd_param p, const uds_matched *m,
                                        size_t *next);

/* A value read through a DOP, ending at next: remembered (a later parameter may refer to it)
 * and reported. */
MDD_INTERNAL mdd_status uds_report_value(uds_walk *w, mdd_param p, const uds_scalar *v,
                                         uds_pos pos, size_t next);

/* A composite's params: through the database (params), or a plan's steps[0..count) when
 * steps is set. */
struct uds_step;
typedef struct uds_params_src {
    mdd_param_vec params;
    const struct uds_step *steps;
    uint32_t count;
} uds_params_src;

/* Decodes src's params as uds_decode_params() does, through the plan's steps when it has
 * them (uds_plan_decode()). */
MDD_INTERNAL mdd_status uds_decode_src(uds_walk *w, const uds_params_src *src, size_t origin,
                                       size_t *cursor);

/* Decodes a structure of src's params at byte start as one object (BEGIN, its params, END);
 * size: its byte size, NULL for none. */
MDD_INTERNAL mdd_status uds_decode_structure_of(uds_walk *w, const uds_params_src *src,
                                                const uint32_t *size, mdd_param param,
                                                size_t start, size_t *next);

/* Decodes the field dop (static, dynamic length or end of PDU) whose items are structures of
 * item's params of byte size item_size (NULL: none) at byte start. */
MDD_INTERNAL mdd_status uds_decode_field_of(uds_walk *w, mdd_dop dop, const uds_params_src *item,
                                            const uint32_t *item_size, mdd_param param,
                                            size_t start, size_t *next);

/* Decodes dop for param at pos (the path names it), reporting its values; *next is where an
 * unpositioned next parameter starts. */
MDD_INTERNAL mdd_status uds_decode_dop(uds_walk *w, mdd_dop dop, mdd_param param, uds_pos pos,
                                       size_t *next);

/* Decodes a Structure DOP at byte start as one object (BEGIN, its params, END). */
MDD_INTERNAL mdd_status uds_decode_structure(uds_walk *w, mdd_dop dop, mdd_param param,
                                             size_t start, size_t *next);

MDD_INTERNAL mdd_status uds_decode_static_field(uds_walk *w, mdd_static_field f,
                                                mdd_param param, size_t start, size_t *next);
MDD_INTERNAL mdd_status uds_decode_dynamic_field(uds_walk *w, mdd_dynamic_length_field f,
                                                 mdd_param param, size_t start, size_t *next);
MDD_INTERNAL mdd_status uds_decode_end_of_pdu_field(uds_walk *w, mdd_end_of_pdu_field f,
                                                    mdd_param param, size_t start,
                                                    size_t *next);
MDD_INTERNAL mdd_status uds_decode_mux(uds_walk *w, mdd_mux_dop mux, mdd_param param,
                                       size_t start, size_t *next);
MDD_INTERNAL mdd_status uds_decode_dtc(uds_walk *w, mdd_dtc_dop dop, mdd_param param,
                                       uds_pos pos, size_t *next);
MDD_INTERNAL mdd_status uds_decode_env_data_desc(uds_walk *w, mdd_env_data_desc desc,
                                                 mdd_param param, size_t start, size_t *next);
MDD_INTERNAL mdd_status uds_decode_table_key(uds_walk *w, mdd_param param, uds_pos pos,
                                             size_t *next);
MDD_INTERNAL mdd_status uds_decode_table_struct(uds_walk *w, mdd_param param, uds_pos pos,
                                                size_t *next);

/* The DTC with trouble code code: the DTC DOP's own list, else the ECU's (EcuData.dtcs).
 * 1 and *out, or 0. */
MDD_INTERNAL int uds_find_dtc(const uds_walk *w, mdd_dtc_dop dop, uint32_t code, mdd_dtc *out);

/* The same in the ECU's list only. */
MDD_INTERNAL int uds_find_ecu_dtc(const uds_walk *w, uint32_t code, mdd_dtc *out);

/* ---- Encoding (walk/params_encode.c, dop/encode.c and the other files of dop/) ---- */

/* An absent JSON value (a member not given). */
static inline int uds_json_absent(uds_json v) { return v.ptr == NULL; }

/* Encodes params of a composite from the JSON object obj (absent: nothing given), as
 * uds_decode_params() decodes them; last: the composite ends the PDU. Length keys the
 * caller left out are written after the others. Refuses members that name no param. */
MDD_INTERNAL mdd_status uds_encode_params(uds_walk *w, mdd_param_vec params, uds_json obj,
                                          size_t origin, size_t *cursor, int last);

/* As uds_encode_params() without refusing members, for composites of several lists; adds
 * the number of obj's members it used to *used. */
MDD_INTERNAL mdd_status uds_encode_param_list(uds_walk *w, mdd_param_vec params, uds_json obj,
                                              size_t origin, size_t *cursor, int last,
                                              uint32_t *used);

/* Refuses a member of obj (absent: nothing) that names no param of lists[0..n), when not
 * all of its members were used (used of them). */
MDD_INTERNAL mdd_status uds_refuse_unknown(uds_walk *w, uds_json obj, const mdd_param_vec *lists,
                                           uint32_t n, uint32_t used, size_t byte);

/* Encodes dop for param at pos from value (absent: not given). */
MDD_INTERNAL mdd_status uds_encode_dop(uds_walk *w, mdd_dop dop, mdd_param param,
                                       uds_json value, uds_pos pos, int last, size_t *next);

MDD_INTERNAL mdd_status uds_encode_structure(uds_walk *w, mdd_dop dop, uds_json value,
                                             size_t start, int last, size_t *next);
MDD_INTERNAL mdd_status uds_encode_static_field(uds_walk *w, mdd_static_field f,
                                                uds_json value, size_t start, int last,
                                                size_t *next);
MDD_INTERNAL mdd_status uds_encode_dynamic_field(uds_walk *w, mdd_dynamic_length_field f,
                                                 uds_json value, size_t start, int last,
                                                 size_t *next);
MDD_INTERNAL mdd_status uds_encode_end_of_pdu_field(uds_walk *w, mdd_end_of_pdu_field f,
                                                    uds_json value, size_t start, int last,
                                                    size_t *next);
MDD_INTERNAL mdd_status uds_encode_mux(uds_walk *w, mdd_mux_dop mux, uds_json value,
                                       size_t start, int last, size_t *next);
MDD_INTERNAL mdd_status uds_encode_dtc(uds_walk *w, mdd_dtc_dop dop, mdd_param param,
                                       uds_json value, uds_pos pos, int last, size_t *next);
MDD_INTERNAL mdd_status uds_encode_env_data_desc(uds_walk *w, mdd_env_data_desc desc,
                                                 uds_json value, size_t start, int last,
                                                 size_t *next);
MDD_INTERNAL mdd_status uds_encode_table_key(uds_walk *w, mdd_param param, uds_json value,
                                             uds_pos pos, int last, size_t *next);
MDD_INTERNAL mdd_status uds_encode_table_struct(uds_walk *w, mdd_param param, uds_json value,
                                                uds_pos pos, int last, size_t *next);

/* A JSON value as a physical value of DataType type: a string for a byte field is taken as
 * hex ("0xAA 0xBB" or "AABB"). MDD_ERR_ARG with the path otherwise. */
MDD_INTERNAL mdd_status uds_json_physical(uds_walk *w, uds_json value, uint8_t type,
                                          uds_scalar *out);

/* Refuses a JSON value that is not an object (or array, for uds_expect_array()). */
MDD_INTERNAL mdd_status uds_expect_object(uds_walk *w, uds_json value);
MDD_INTERNAL mdd_status uds_expect_array(uds_walk *w, uds_json value);

/* ---- Messages (match/match.c) ---- */

/* The response a message matched, with its params. */
typedef struct uds_chosen {
    mdd_uds_message message;
    mdd_response response;
    mdd_param_vec params;
} uds_chosen;

/* Nonzero when the message could be response (or request) params: every constant whose
 * place is known without decoding (CODED_CONST, NRC_CONST, MATCHING_REQUEST_PARAM up to the
 * first unpositioned param after a variable one) holds. */
MDD_INTERNAL int uds_params_match(uds_walk *w, mdd_param_vec params);


/* Param index of params as the last match pass saw it: its view (kept in the walk), and in
 * *found what the pass found to hold or a plan's read (so that the decode of the response it
 * chose need not check or look it up again), NULL when nothing. Without a match pass over params, the view is read
 * into *read and that is returned. */
MDD_INTERNAL const uds_param_view *uds_matched_view(const uds_walk *w, mdd_param_vec params,
                                                    uint32_t index, uds_param_view *read,
                                                    const uds_matched **found);

/* The global negative responses: those with response_type GLOBAL_NEG_RESPONSE of any
 * service of the layer, in service order (the MDD keeps no list of them per layer). Finds
 * the first the message matches (want NULL), or the one numbered *want. 1 with *number and
 * *response, or 0. */
MDD_INTERNAL int uds_global_response(uds_walk *w, const uint32_t *want, uint32_t *number,
                                     mdd_response *response);

/* The response message names in service s: its own of that kind, or for a negative index
 * past them, the layer's global negative response numbered index - own count.
 * MDD_ERR_ARG for none. */
MDD_INTERNAL mdd_status uds_named_response(uds_walk *w, mdd_diag_service s,
                                           const mdd_uds_message *message,
                                           mdd_response *response);

#endif
