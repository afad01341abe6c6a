/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd: the EcuData payload as typed, zero-copy views (generated from the schema, see
 * <mdd/ecu_views.h>), and what libmdd derives from them: the layer a parent reference names,
 * request prefixes and inherited services.
 *
 * Precondition for the derived answers: verify the buffer first (mdd_fb_verify_ecu_data()).
 * The views do not re-check what verification guarantees, but every accessor still checks each
 * read against the buffer's length, so a view over unverified or corrupt bytes reads absent
 * values and defaults instead of reading out of bounds.
 *
 * A table view is absent when its .t.pos is 0 (test with mdd_present(view)); accessors on an
 * absent view return absent views, empty vectors, NULL strings and defaults. Strings are
 * mdd_bytes without the NUL: ptr NULL when absent. The .t.pos of a view identifies its table
 * within the buffer: shared subtables (the payload is a DAG) have equal positions, which lets
 * walkers remember what they have seen. */
#ifndef MDD_ECU_H
#define MDD_ECU_H

#include <mdd/ecu_views.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Nonzero when a table view (any mdd_* view type) refers to a table. */
#define mdd_present(view) ((view).t.pos != 0)

/* ---- Parent references ---- */

/* The DiagLayer of the layer that r references (Variant, Protocol, FunctionalGroup or
 * EcuSharedData); absent for a TableDop, NONE or an unknown tag. */
mdd_diag_layer mdd_parent_ref_diag_layer(mdd_parent_ref r);

/* The parent references of the layer that r references (those of a Variant, Protocol or
 * FunctionalGroup); empty for the other kinds. */
mdd_parent_ref_vec mdd_parent_ref_parent_refs(mdd_parent_ref r);

/* ---- Request prefixes (docs/format.md, "Request matching") ---- */

/* A request prefix: the constant leading bytes of a service's request, of any length. A view:
 * the bytes belong to whoever made it (a database's index, or the caller's buffer). */
typedef struct mdd_request_prefix {
    const uint8_t *bytes; /* may be NULL when len is 0 */
    size_t len;
} mdd_request_prefix;

/* The most params one prefix reading visits (params in the request times bytes positions
 * tried): a bound against hostile payloads that no real request comes near. */
#define MDD_REQUEST_PREFIX_WORK (1u << 16)

/* The request prefix of service s: starting at byte 0, repeatedly takes the first request
 * param (in stored order) whose byte position is the current one and whose bit position is
 * 0 (absent positions count as 0), and whose specific data is a CodedConst with a decimal
 * coded_value, base_data_type A_UINT_32 and a StandardLengthType that is not condensed, has
 * no bit mask (an empty one masks nothing) and a bit_length of 1 to 32; it adds the value
 * big-endian in ceil(bit_length / 8) bytes and moves on by that many bytes. It stops at the
 * first position without such a param (a param wider than 32 bits, or whose value does not
 * fit in bit_length bits, does not count) or when the reading has visited
 * MDD_REQUEST_PREFIX_WORK params. The prefix has no length cap of its own (the work bound
 * keeps it below 4 * MDD_REQUEST_PREFIX_WORK bytes). A service without request params has
 * the empty prefix.
 * Writes the first min(total, cap) bytes to out (which may be NULL when cap is 0) and
 * returns the total length, so a return above cap means out was too small. Reads the
 * payload only; never fails or allocates. */
size_t mdd_diag_service_request_prefix(mdd_diag_service s, uint8_t *out, size_t cap);

/* Nonzero when prefix matches the request request[0..len): the prefix's bytes equal the
 * request's first bytes, and a request shorter than the prefix matches on the bytes it has
 * (so the empty request matches every prefix). */
int mdd_request_prefix_matches(const mdd_request_prefix *prefix, const uint8_t *request,
                               size_t len);

/* ---- Inheritance (docs/format.md, "Inheritance") ---- */

/* Bounds on resolving inheritance, which follows parent references through a DAG that a
 * hostile file may make deep or wide. */
typedef struct mdd_inherit_limits {
    size_t size; /* see "Options" in include/mdd/status.h */
    /* The longest chain of parent references followed, counting the layer itself as 0.
     * Default 32; values above 64 count as 64. A parent that is already on the chain (a
     * cycle) is skipped. */
    uint32_t max_depth;
    /* The most work one layer may take: layers visited, services considered and
     * not-inherited names compared, together. Default 16,777,216. */
    uint32_t max_steps;
} mdd_inherit_limits;

/* The bytes of mdd_inherit_limits this header knows: through its last field. */
#define MDD_INHERIT_LIMITS_SIZE MDD_OPTIONS_END(mdd_inherit_limits, max_steps)

/* The defaults described above. */
static inline mdd_inherit_limits mdd_inherit_limits_default(void)
{
    mdd_inherit_limits o = {MDD_INHERIT_LIMITS_SIZE, 32, (uint32_t)1 << 24};
    return o;
}

/* A growable list of services that mdd_effective_services() fills. Zero-initialise it; it
 * can be reused for any number of calls, and mdd_service_list_free() releases it. */
typedef struct mdd_service_list {
    mdd_diag_service *items;
    uint32_t count;
    uint32_t cap;  /* private: entries allocated in items and in scratch */
    void *scratch; /* private: sorting space reused between calls */
} mdd_service_list;

/* Fills out (replacing what it held) with the effective services of a layer whose DiagLayer
 * is layer and whose parent references are parents (a Variant's or FunctionalGroup's): the
 * layer's own diag_services in stored order, then for each parent reference in order the
 * parent's effective services (recursively, through Variant, Protocol, FunctionalGroup and
 * EcuSharedData parents), leaving out the names that reference lists in
 * not_inherited_diag_comm_short_names and every name already taken. A service's name is its
 * DiagComm short_name (an absent one counts as the empty name). The views point into the
 * payload. limits may be NULL for the defaults. Fails with MDD_ERR_LIMIT when the depth or
 * the work exceeds limits, MDD_ERR_NOMEM when the list cannot grow; out is then empty. */
mdd_status mdd_effective_services(mdd_diag_layer layer, mdd_parent_ref_vec parents,
                                  const mdd_inherit_limits *limits, mdd_service_list *out,
                                  mdd_error *err);

/* Frees the list's storage and zeroes it. Safe on a zeroed list. */
void mdd_service_list_free(mdd_service_list *list);

#ifdef __cplusplus
}
#endif

#endif
