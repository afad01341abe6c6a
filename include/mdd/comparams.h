/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd: a layer's communication parameters (ComParams), resolved through inheritance.
 *
 * A layer's ComParams are the ComParamRefs of its DiagLayer (com_param_refs), then those of
 * its parents (base variant, protocols, ECU shared data, ...) in inheritance order: the same
 * depth-first order as effective services (docs/format.md, "Inheritance"). The nearest
 * reference to a ComParam wins: a ComParam is named by its short_name, and, when the query
 * names no protocol, by the short name of the protocol its reference names too, so each
 * protocol keeps its own value. A query for one protocol sees the references that name that
 * protocol and those that name none; within one layer the ones naming the protocol come
 * first, so they win over protocol-less ones of the same layer.
 *
 * Everything here reads the payload only: no allocation, views into the payload that live as
 * long as the database. Resolution is bounded by the default inheritance limits
 * (mdd_inherit_limits_default()): a parent already on the chain (a cycle) is skipped, a chain
 * deeper than max_depth or work beyond max_steps fails with MDD_ERR_LIMIT. */
#ifndef MDD_COMPARAMS_H
#define MDD_COMPARAMS_H

#include <mdd/db.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One resolved ComParam of a layer. */
typedef struct mdd_comparam {
    mdd_bytes name;          /* the ComParam's short_name (ptr NULL when absent) */
    mdd_bytes protocol;      /* short name of the protocol the reference names; ptr NULL
                              * when it names none */
    mdd_com_param_ref ref;   /* the winning reference: its simple_value or complex_value */
    mdd_com_param com_param; /* its definition: class, type, usage, default values */
    mdd_diag_layer layer;    /* the layer whose com_param_refs hold ref */
    uint32_t depth;          /* parent references followed from the queried layer to it */
} mdd_comparam;

/* Resolves the ComParams of layer, for the protocol named protocol or, when protocol is
 * NULL, for every protocol. Writes the first min(total, cap) in inheritance order to out
 * (out may be NULL when cap is 0) and sets *total. Fails with MDD_ERR_NOT_FOUND when protocol
 * is not one of the layer's protocols (mdd_db_layer_protocols()), the message listing those
 * it has; MDD_ERR_LIMIT as described above. */
mdd_status mdd_db_layer_comparams(const mdd_db_layer *layer, const char *protocol,
                                  mdd_comparam *out, size_t cap, size_t *total,
                                  mdd_error *err);

/* Finds the ComParam named name (bytewise) as mdd_db_layer_comparams() resolves it; with
 * protocol NULL, the nearest reference of any protocol. Fills *out, or fails with
 * MDD_ERR_NOT_FOUND (also for an unknown protocol) or MDD_ERR_LIMIT. */
mdd_status mdd_db_layer_find_comparam(const mdd_db_layer *layer, const char *protocol,
                                      const char *name, mdd_comparam *out, mdd_error *err);

/* The names of the protocols of layer, in inheritance order without repeats: the Protocol
 * layers among its ancestors and the protocols its ComParamRefs (own and inherited) name.
 * Writes the first min(total, cap) to out (views into the payload) and sets *total. Fails
 * with MDD_ERR_LIMIT as described above. */
mdd_status mdd_db_layer_protocols(const mdd_db_layer *layer, mdd_bytes *out, size_t cap,
                                  size_t *total, mdd_error *err);

/* ---- Values ---- */

/* The deepest nesting of complex values that mdd_comparam_visit_value() follows, and the
 * most entries it visits. */
#define MDD_COMPARAM_VALUE_MAX_DEPTH 16u
#define MDD_COMPARAM_VALUE_MAX_ENTRIES 65536u

/* Callbacks of mdd_comparam_visit_value(); each may be NULL, and returns nonzero to stop the
 * walk. depth is 0 for the reference's own value, 1 for the entries of its complex value and
 * so on; index is the entry's position in its complex value (0 at depth 0). def is the
 * ComParam the value sets when the definition tells it (see mdd_comparam_visit_value()), an
 * absent view otherwise. */
typedef struct mdd_comparam_visitor {
    int (*simple)(void *ctx, uint32_t depth, uint32_t index, mdd_com_param def,
                  mdd_bytes value);
    int (*complex_begin)(void *ctx, uint32_t depth, uint32_t index, mdd_com_param def);
    int (*complex_end)(void *ctx, uint32_t depth);
} mdd_comparam_visitor;

/* Walks the value of cp's reference depth first: its simple_value when present, else its
 * complex_value with the entries (SimpleValue or nested ComplexValue) in order. A complex
 * value set for a complex ComParam D gives entry i the definition D.com_params[i]; a nested
 * complex value whose definition is not complex (a row of a ComParam that allows multiple
 * values) keeps D. A reference without a value visits nothing. Fails with MDD_ERR_FORMAT on
 * an entry whose union tag is neither SimpleValue nor ComplexValue, MDD_ERR_LIMIT past the
 * bounds above; the message names the ComParam and the entry's path
 * (complex_value.entries[1].entries[0]). Returns MDD_OK also when a callback stopped it. */
mdd_status mdd_comparam_visit_value(const mdd_comparam *cp, const mdd_comparam_visitor *v,
                                    void *ctx, mdd_error *err);

/* Parses an unsigned integer value of cp: with member NULL its simple value, otherwise the
 * first simple value (in mdd_comparam_visit_value() order) whose definition's short_name is
 * member. The value is decimal, or hex after 0x. Fails with MDD_ERR_NOT_FOUND when there is
 * no such value, MDD_ERR_FORMAT when it is not a number or exceeds max; the message names
 * the ComParam. */
mdd_status mdd_comparam_uint(const mdd_comparam *cp, const char *member, uint64_t max,
                             uint64_t *out, mdd_error *err);

/* ---- Typed getters ---- */

/* Which addresses of mdd_doip_addresses were found. */
enum {
    MDD_DOIP_ECU = 1u << 0,
    MDD_DOIP_SECONDARY_RESPONSE = 1u << 1,
    MDD_DOIP_GATEWAY = 1u << 2,
    MDD_DOIP_FUNCTIONAL = 1u << 3,
    MDD_DOIP_TESTER = 1u << 4
};

/* The DoIP (ISO 13400-2) logical addresses of a layer; a field is 0 unless its bit is in
 * present. */
typedef struct mdd_doip_addresses {
    uint16_t ecu;                /* CP_UniqueRespIdTable's CP_DoIPLogicalEcuAddress */
    uint16_t secondary_response; /* CP_UniqueRespIdTable's
                                  * CP_DoIPSecondaryLogicalECUResponseAddress */
    uint16_t gateway;            /* CP_DoIPLogicalGatewayAddress */
    uint16_t functional;         /* CP_DoIPLogicalFunctionalAddress */
    uint16_t tester;             /* CP_DoIPLogicalTesterAddress */
    uint32_t present;            /* MDD_DOIP_* bits */
} mdd_doip_addresses;

/* Fills *out with the DoIP addresses that layer's ComParams set for protocol (NULL: the
 * nearest of any protocol). A ComParam the layer does not set leaves its bit clear. Fails
 * like mdd_db_layer_find_comparam() for an unknown protocol, and with MDD_ERR_FORMAT when a
 * value is not an integer of 0..65535 (the message names the ComParam). */
mdd_status mdd_db_layer_doip_addresses(const mdd_db_layer *layer, const char *protocol,
                                       mdd_doip_addresses *out, mdd_error *err);

#ifdef __cplusplus
}
#endif

#endif
