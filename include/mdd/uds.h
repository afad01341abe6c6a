/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd: the UDS message codec. Decodes a response (with the request that triggered it) into
 * the values its description defines, encodes requests and responses from values, and
 * identifies which variant of an ECU is fitted.
 *
 * Everything works on the mapped payload: decoding reports each value through a visitor
 * with views into the message and the database, and neither decoding nor encoding allocates.
 * The rules (positions, coded types, compu methods, DOP and parameter kinds, response
 * matching) are in docs/codec.md; where the two reference implementations disagree, the
 * choice and its reason are in docs/adr/0020-uds-codec-rules.md (values) and
 * docs/adr/0021-uds-messages.md (messages).
 *
 * Every call takes the layer whose services describe the messages: a variant
 * (mdd_db_ecu_find_variant(), mdd_db_ecu_base_variant()) or a functional group
 * (mdd_db_ecu_find_functional_group()), whose services, sent as functional requests, encode and
 * decode as a variant's do.
 *
 * Errors name the parameter path ("/Rec/A") and the byte offset in the message. Hostile
 * databases are bounded: nesting by mdd_uds_options.max_depth, the number of values by
 * max_values. */
#ifndef MDD_UDS_H
#define MDD_UDS_H

#include <mdd/db.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Values ---- */

typedef enum mdd_uds_kind {
    MDD_UDS_UINT = 1,     /* an unsigned integer: as.u */
    MDD_UDS_INT,          /* a signed integer: as.i */
    MDD_UDS_FLOAT,        /* a 32- or 64-bit float, or a computed physical value: as.f */
    MDD_UDS_TEXT,         /* a string or a text-table text: as.text */
    MDD_UDS_BYTES,        /* a byte field: as.bytes */
    MDD_UDS_DTC,          /* a trouble code and its DTC: as.dtc */
    MDD_UDS_OBJECT_BEGIN, /* a structure, a list item, a MUX or table row: named values follow */
    MDD_UDS_OBJECT_END,
    MDD_UDS_ARRAY_BEGIN,  /* repeated items (fields): objects follow */
    MDD_UDS_ARRAY_END
} mdd_uds_kind;

/* How a text's bytes are encoded. Decoding validates them: a value reported as text is
 * well-formed in its encoding. */
typedef enum mdd_uds_text_encoding {
    MDD_UDS_TEXT_UTF8 = 1,
    MDD_UDS_TEXT_LATIN1,  /* ISO-8859-1: one byte is one code point (A_ASCIISTRING) */
    MDD_UDS_TEXT_UTF16BE, /* A_UNICODE_2_STRING, high-low byte order */
    MDD_UDS_TEXT_UTF16LE  /* A_UNICODE_2_STRING, low-high byte order */
} mdd_uds_text_encoding;

typedef struct mdd_uds_text {
    mdd_bytes bytes;
    mdd_uds_text_encoding encoding;
} mdd_uds_text;

/* A trouble code and the DTC that describes it (the DTC DOP's entry with that code). */
typedef struct mdd_uds_dtc {
    uint32_t code;
    mdd_dtc dtc;
} mdd_uds_dtc;

/* One step of a value's name path: the short name of a parameter, a MUX case or a table
 * row, or, when name.ptr is NULL, the position of an item in repeated items. */
typedef struct mdd_uds_path_elem {
    mdd_bytes name;
    uint32_t index;
} mdd_uds_path_elem;

/* A decoded value as the visitor sees it. Everything it points to (the path, the text and
 * byte views) is valid during the callback only, or as long as the message and the database
 * for the views into them. */
typedef struct mdd_uds_value {
    mdd_uds_kind kind;
    const mdd_uds_path_elem *path; /* path[0..depth); path[depth - 1] names this value */
    uint32_t depth;
    mdd_param param;    /* the parameter that produced it; absent for items and selectors */
    size_t byte_offset; /* where its bytes start in the message */
    size_t byte_count;  /* how many bytes it covers: 0 for BEGIN events, whose extent is not
                         * known yet; an END event repeats its BEGIN's offset and counts the
                         * whole object or array */
    union {
        uint64_t u;
        int64_t i;
        double f;
        mdd_uds_text text;
        mdd_bytes bytes;
        mdd_uds_dtc dtc;
    } as;
} mdd_uds_value;

/* Receives every value in message order, objects and arrays as BEGIN/END pairs. A status
 * other than MDD_OK stops the decode, which returns it (with err as the visitor filled it). */
typedef struct mdd_uds_visitor {
    mdd_status (*visit)(void *ctx, const mdd_uds_value *value, mdd_error *err);
    void *ctx;
} mdd_uds_visitor;

/* What decodes found for the requests they met (below, "Remembering requests"). */
typedef struct mdd_uds_memo mdd_uds_memo;

/* Bounds against hostile databases and messages, and the memo a decode may use. */
typedef struct mdd_uds_options {
    size_t size; /* see "Options" in include/mdd/status.h */
    uint32_t max_depth;  /* deepest nesting of structures, fields, MUX cases and rows (above
                          * 64 counts as 64: the walk's path is a fixed array) */
    uint32_t max_values; /* most values one decode or encode reports or writes */
    mdd_uds_memo *memo;  /* NULL, or the memo mdd_uds_decode() and mdd_uds_decode_json()
                          * consult and fill (the caller's; see mdd_uds_memo_create()) */
} mdd_uds_options;

/* The bytes of mdd_uds_options this header knows: through its last field. */
#define MDD_UDS_OPTIONS_SIZE MDD_OPTIONS_END(mdd_uds_options, memo)

/* max_depth 32, max_values 1,000,000, no memo. */
static inline mdd_uds_options mdd_uds_options_default(void)
{
    mdd_uds_options o = {MDD_UDS_OPTIONS_SIZE, 32, 1000000, NULL};
    return o;
}

/* ---- Remembering requests ---- */

/* A memo keeps, per request met, what a decode works out from the database alone: the
 * services the request selects, how to tell whether a message is the first response of the
 * first of them (its constants, compiled into byte comparisons), and that response's plan:
 * how each of its values reads (positions, coded types, compu methods, structures, fields,
 * DTCs by trouble code). A decode that meets the request again skips the lookup and, when
 * the message is that response, the reading of those descriptions; everything it reports is
 * the same as without the memo.
 *
 * Entries are keyed by the layer and the request bytes a lookup reads (up to the layer's
 * longest request prefix, at most 16 bytes; a longer key is not remembered). A layer is
 * told by its ECU's identity, which no later ECU shares, so a memo may outlive the
 * databases it was used with and serves every generation of a live database. A request
 * takes the slot its key hashes to, replacing what was there: the memo never grows, and a
 * decode through it never allocates. A visitor may decode through the memo it is called
 * from. Not thread-safe: give each thread its own. */

/* A memo of entries slots (rounded up to a power of two; 0 takes 64) in *out, which the
 * caller owns and frees with mdd_uds_memo_free(). A slot takes about 28 KB of address space,
 * touched as it fills (docs/codec.md, "Memo"). Fails with MDD_ERR_ARG (out NULL, or entries
 * above 4,096) or MDD_ERR_NOMEM. */
mdd_status mdd_uds_memo_create(size_t entries, mdd_uds_memo **out, mdd_error *err);

/* Frees memo. Safe on NULL. */
void mdd_uds_memo_free(mdd_uds_memo *memo);

/* ---- Messages ---- */

typedef enum mdd_uds_message_kind {
    MDD_UDS_REQUEST = 1,
    MDD_UDS_POSITIVE, /* one of the service's pos_responses */
    MDD_UDS_NEGATIVE  /* one of its neg_responses (or a global negative response) */
} mdd_uds_message_kind;

/* Which message of a service: its request, or its response number index of that kind. The
 * negative indices past the service's own neg_responses number the layer's global negative
 * responses (response_type GLOBAL_NEG_RESPONSE, of any of its services, in service order). */
typedef struct mdd_uds_message {
    mdd_uds_message_kind kind;
    uint32_t index;
} mdd_uds_message;

/* What a decode found. */
typedef struct mdd_uds_decoded {
    mdd_db_service service;  /* the service (found by the request, most specific first) */
    mdd_uds_message message; /* the response that matched */
    mdd_response response;   /* its description; absent when kind is MDD_UDS_REQUEST */
    size_t covered;          /* bytes the description covers: [covered, len) is trailing
                              * data it does not describe, reported here, not an error */
} mdd_uds_decoded;

/* Decodes response[0..response_len), the answer to request[0..request_len), with the layer's
 * description: finds the service by the request (mdd_db_layer_lookup_request(), most specific
 * first), then the first positive or negative response whose constants match (a negative
 * response `7F SID NRC` through the service's negative responses, else the global ones), and
 * reports every value to visitor (may be NULL to only match and check). opts may be NULL for
 * mdd_uds_options_default(). Fills *out (may be NULL): its service, message and response
 * before the first value reaches the visitor, covered once the decode returns (so a visitor
 * that holds out may read what was selected). Fails with MDD_ERR_NOT_FOUND when no
 * service or response matches, MDD_ERR_FORMAT for a message its description cannot read
 * (truncated, lengths past the end, invalid text), MDD_ERR_UNSUPPORTED for what has no
 * portable meaning (compu-code), MDD_ERR_LIMIT past opts' bounds, or the visitor's status;
 * err names the parameter path and byte offset. Never allocates. */
mdd_status mdd_uds_decode(const mdd_db_layer *layer, const uint8_t *request, size_t request_len,
                          const uint8_t *response, size_t response_len,
                          const mdd_uds_visitor *visitor, const mdd_uds_options *opts,
                          mdd_uds_decoded *out, mdd_error *err);

/* As mdd_uds_decode() for a service the caller already knows, and for any of its messages:
 * message->kind MDD_UDS_REQUEST decodes msg as the service's request (request may be NULL);
 * a response kind decodes the response of that kind and index; message NULL picks the
 * response by its constants as mdd_uds_decode() does. */
mdd_status mdd_uds_decode_message(const mdd_db_layer *layer, const mdd_db_service *service,
                                  const mdd_uds_message *message, const uint8_t *request,
                                  size_t request_len, const uint8_t *msg, size_t msg_len,
                                  const mdd_uds_visitor *visitor, const mdd_uds_options *opts,
                                  mdd_uds_decoded *out, mdd_error *err);

/* ---- JSON ---- */

/* Decodes as mdd_uds_decode() and writes the result as one JSON object to sink: {"ecu",
 * "variant" (for a functional group "functional_group": the layer's name), "service",
 * "response": "positive"|"negative", "params": {...}} with the reference adapter's value
 * conventions (docs/codec.md, "JSON"): numbers as numbers, texts as strings, byte fields as
 * "0xAA 0xBB", structures as objects, repeated items as arrays, a MUX as {"Selector": key,
 * "<case>": {...}}, a DTC as {"code", "display_code" (when it has one), "fault_name",
 * "severity" (0 without a level)}; trailing bytes, when there are any, as "trailing":
 * "0x..". The sink owns its memory; the decode itself does not allocate. Fails as
 * mdd_uds_decode() or with the sink's status; what the sink received before a failure is not
 * a complete object. */
mdd_status mdd_uds_decode_json(const mdd_db_layer *layer, const uint8_t *request,
                               size_t request_len, const uint8_t *response, size_t response_len,
                               const mdd_uds_options *opts, mdd_sink *sink, mdd_error *err);

/* As mdd_uds_decode_json() for a message of a service the caller knows, as
 * mdd_uds_decode_message() takes it (message NULL picks the response by its constants). A
 * request shows all its parameters, constants too, under "response": "request". */
mdd_status mdd_uds_decode_message_json(const mdd_db_layer *layer,
                                       const mdd_db_service *service,
                                       const mdd_uds_message *message, const uint8_t *request,
                                       size_t request_len, const uint8_t *msg, size_t msg_len,
                                       const mdd_uds_options *opts, mdd_sink *sink,
                                       mdd_error *err);

/* ---- Encoding ---- */

/* Encodes a message of service from values given as a JSON object that maps parameter short
 * names to values in the shapes decoding produces: constants are filled in (a given value
 * must equal them), physical values go through the inverse compu method, lengths and length
 * keys are computed, parameters not given take their default value. request (may be NULL)
 * is the triggering request when message is a response with matching-request parameters.
 * Writes the message to out[0..cap) and its length to *needed. Fails with MDD_ERR_LIMIT and
 * *needed > cap when out is too small (nothing is promised about out's contents then),
 * MDD_ERR_ARG for malformed JSON or a value of the wrong type, out of range, unknown or
 * missing (err names the parameter path), or as mdd_uds_decode(). Never allocates. */
mdd_status mdd_uds_encode(const mdd_db_layer *layer, const mdd_db_service *service,
                          const mdd_uds_message *message, const uint8_t *request,
                          size_t request_len, const char *json, size_t json_len,
                          const mdd_uds_options *opts, uint8_t *out, size_t cap, size_t *needed,
                          mdd_error *err);

/* ---- Variant identification ---- */

/* A service that identification sends: one referenced by a variant's matching parameters. */
typedef struct mdd_uds_identify_request {
    const mdd_db_layer *layer; /* the layer whose effective service it is */
    mdd_db_service service;
} mdd_uds_identify_request;

/* The distinct services the ECU's variant patterns reference, in the order of first
 * reference (variants in stored order), into out[0..cap); returns their number (a return
 * above cap means out was too small). Their requests are mdd_uds_encode() with "{}". */
size_t mdd_uds_identify_requests(const mdd_db_ecu *ecu, mdd_uds_identify_request *out,
                                 size_t cap);

/* A request sent and the response received. */
typedef struct mdd_uds_exchange {
    const uint8_t *request;
    size_t request_len;
    const uint8_t *response;
    size_t response_len;
} mdd_uds_exchange;

/* The variant that identification decided. */
typedef struct mdd_uds_identity {
    const mdd_db_layer *variant; /* the first matching variant, else the base variant */
    int matched;                 /* 0: no pattern matched and variant is the fallback */
} mdd_uds_identity;

/* Decides the fitted variant from the responses to the identification requests, as the
 * reference adapter does: a pattern matches when every matching parameter's decoded value
 * equals its expected value, a variant when any of its patterns matches, and the first
 * matching variant in stored order wins; none falls back to the base variant with matched
 * 0. An exchange whose response cannot be decoded matches nothing. Fails with
 * MDD_ERR_NOT_FOUND when nothing matched and the ECU has no base variant. Never
 * allocates. */
mdd_status mdd_uds_identify(const mdd_db_ecu *ecu, const mdd_uds_exchange *exchanges,
                            size_t count, const mdd_uds_options *opts, mdd_uds_identity *out,
                            mdd_error *err);

#ifdef __cplusplus
}
#endif

#endif
