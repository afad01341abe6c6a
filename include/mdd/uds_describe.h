/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd (advanced API): a service's messages described before any message exists: their
 * byte layout (mdd_uds_layout()) and the JSON Schema of what the codec writes and takes
 * (mdd_uds_schema()). Both walk a message's parameters and DOPs as the decoder does, with the
 * same bounds (mdd_uds_options' max_depth and max_values), and never allocate. The rules are
 * in docs/codec.md ("Layouts", "Schemas"). */
#ifndef MDD_ADVANCED_API
#error "<mdd/uds_describe.h> is the advanced API (may change before 1.0): define MDD_ADVANCED_API"
#endif
#ifndef MDD_UDS_DESCRIBE_H
#define MDD_UDS_DESCRIBE_H

#include <mdd/uds.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Layouts ---- */

/* How many bits a value takes. */
typedef enum mdd_uds_length_rule {
    MDD_UDS_LENGTH_FIXED = 1,    /* bit_length bits */
    MDD_UDS_LENGTH_LEADING,      /* a length prefix of bit_length bits, then that many bytes */
    MDD_UDS_LENGTH_END_OF_PDU,   /* min_bytes (up to max_bytes) to the end of the message */
    MDD_UDS_LENGTH_TERMINATED,   /* min_bytes..max_bytes ended by the termination character
                                  * (termination: enum mdd_termination) or the message end */
    MDD_UDS_LENGTH_LENGTH_KEY,   /* as many bits as an earlier length key says */
    MDD_UDS_LENGTH_ITEMS,        /* a field: items (a fixed number, a count read at count_byte,
                                  * or to the end of the message) */
    MDD_UDS_LENGTH_MEMBERS       /* a structure, MUX, table row or environment data: what its
                                  * members cover */
} mdd_uds_length_rule;

/* One parameter, composite or part of one, as mdd_uds_layout() reports it. Positions: byte
 * counts from the message's start when anchor is -1, else from the end of the item numbered
 * anchor, a value or composite whose length depends on the message. Everything it points to
 * is valid during the callback only (or as long as the database, for views into it). */
typedef struct mdd_uds_layout_item {
    mdd_uds_kind kind;              /* OBJECT_/ARRAY_BEGIN and _END around composites, else the
                                     * kind of value a decode reports (by the physical type) */
    const mdd_uds_path_elem *path;  /* the name path as a decode reports it; array items as
                                     * index 0 */
    uint32_t depth;
    uint32_t ordinal;               /* this item's number in the walk, from 0 */
    mdd_param param;                /* absent for selectors, items, cases and rows */
    uint8_t param_type;             /* enum mdd_param_type when param is present */
    mdd_dop dop;                    /* the DOP it reads through; absent for coded constants,
                                     * RESERVED and MATCHING_REQUEST_PARAM */
    int compu_category;             /* enum mdd_compu_category, -1 without a compu method */
    uint8_t coded_type;             /* the coded type's base DataType (enum mdd_data_type) */
    int64_t anchor;                 /* -1, or the ordinal whose end byte counts from */
    size_t byte;                    /* where it starts (see anchor) */
    uint8_t bit;                    /* its bit position in that byte */
    mdd_uds_length_rule rule;
    uint32_t bit_length;            /* FIXED: its bits; LEADING: the prefix's bits */
    uint32_t min_bytes, max_bytes;  /* END_OF_PDU, TERMINATED: bytes (max_bytes 0: no bound);
                                     * ITEMS: the number of items (max 0: no bound) */
    uint8_t termination;            /* TERMINATED: enum mdd_termination */
    size_t byte_count;              /* the bytes it covers when fixed, else 0 (variable set) */
    int variable;                   /* its extent depends on the message */
    size_t count_byte;              /* ITEMS of a DynamicLengthField: where its count is, from
                                     * the field's start */
    mdd_bytes constant;             /* a coded or physical constant's value, an NRC constant's
                                     * first; ptr NULL otherwise */
    int conditional;                /* inside a MUX case, a table row, environment data or the
                                     * items of a field that may have none: only there when the
                                     * message has it */
} mdd_uds_layout_item;

/* Receives every item in message order; a status other than MDD_OK stops the walk. */
typedef struct mdd_uds_layout_visitor {
    mdd_status (*visit)(void *ctx, const mdd_uds_layout_item *item, mdd_error *err);
    void *ctx;
} mdd_uds_layout_visitor;

/* Reports the layout of a message of service (of layer: a variant or a functional group):
 * its request (message->kind MDD_UDS_REQUEST) or a response of that kind and index, as
 * mdd_uds_decode_message() names them: every parameter in declaration order with its
 * position, length rule, constant, DOP and compu category; composites as BEGIN/END pairs
 * around their members, every MUX case and table row (conditional), the first item of a
 * field (index 0). opts may be NULL for mdd_uds_options_default(). Fails with MDD_ERR_ARG (no
 * such message), MDD_ERR_UNSUPPORTED (TABLE_ENTRY, DYNAMIC), MDD_ERR_LIMIT past opts' bounds
 * or the visitor's status; err names the parameter path. Never allocates. */
mdd_status mdd_uds_layout(const mdd_db_layer *layer, const mdd_db_service *service,
                          const mdd_uds_message *message, const mdd_uds_layout_visitor *visitor,
                          const mdd_uds_options *opts, mdd_error *err);

/* ---- Schemas ---- */

/* Writes to sink the JSON Schema (draft 2020-12) of a message of service: for a response (of
 * that kind and index), of the object mdd_uds_decode_message_json() writes for it; for the
 * request, of the values object mdd_uds_encode() takes. The conventions are the codec's
 * (docs/codec.md, "Schemas"): structures as objects, fields as arrays, a MUX as
 * {"Selector", "<case>"}, DTCs as objects, byte fields as "0x.." strings, text tables as enum,
 * coded ranges and compu limits as minimum/maximum, string lengths, required members.
 * Fails as mdd_uds_layout() or with the sink's status (what the sink received then is not a
 * complete schema). The sink owns its memory; the walk does not allocate. */
mdd_status mdd_uds_schema(const mdd_db_layer *layer, const mdd_db_service *service,
                          const mdd_uds_message *message, const mdd_uds_options *opts,
                          mdd_sink *sink, mdd_error *err);

#ifdef __cplusplus
}
#endif

#endif
