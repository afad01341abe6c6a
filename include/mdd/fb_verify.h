/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd (advanced API): the FlatBuffers verifier. mdd_fb_verify_ecu_data() checks a
 * DIAGNOSTIC_DESCRIPTION payload (a FlatBuffer whose root table is EcuData) against the layout
 * in docs/format.md: every offset, vtable, string, vector and union of the tables libmdd reads,
 * plus the table and vtable bounds of every other table. Shared subtables are verified once,
 * so the cost stays linear in the buffer size. mdd_db_open() runs it on every payload when
 * verification is on; call it directly only for payloads read without a database. */
#ifndef MDD_ADVANCED_API
#error "<mdd/fb_verify.h> is the advanced API (may change before 1.0): define MDD_ADVANCED_API"
#endif
#ifndef MDD_FB_VERIFY_H
#define MDD_FB_VERIFY_H

#include <mdd/load.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Verifies that buf[0..len) is a well-formed EcuData FlatBuffer. opts may be NULL for the
 * defaults. Fails with MDD_ERR_FORMAT (a bad offset, size, alignment, string or vector; a
 * table used as two different types), MDD_ERR_LIMIT (depth, tables or size, checked before
 * anything is allocated) or MDD_ERR_NOMEM (the bookkeeping, one byte per 4 bytes of buffer,
 * freed before return); err then names the path and the offset, e.g.
 * "EcuData.variants[2].diag_layer.short_name: offset 1234: string runs past the end". Needs no
 * particular alignment of buf. One payload: for many, an mdd_fb_verifier below spares each
 * payload the allocation. */
mdd_status mdd_fb_verify_ecu_data(const uint8_t *buf, size_t len,
                                  const mdd_fb_verify_options *opts, mdd_error *err);

/* A verifier for many payloads in turn: it keeps its bookkeeping (the memo of
 * mdd_fb_verify_ecu_data(), grown to the largest payload met) between them and clears it
 * before each, so a payload costs no fresh pages to map and zero. Not thread-safe: one per
 * thread. */
typedef struct mdd_fb_verifier mdd_fb_verifier;

/* A new verifier, holding nothing yet, in *out; the caller owns it and frees it with
 * mdd_fb_verifier_free(). Fails with MDD_ERR_ARG (out NULL) or MDD_ERR_NOMEM. */
mdd_status mdd_fb_verifier_create(mdd_fb_verifier **out, mdd_error *err);

/* Frees verifier and its bookkeeping. Safe on NULL. */
void mdd_fb_verifier_free(mdd_fb_verifier *verifier);

/* mdd_fb_verify_ecu_data() with verifier's bookkeeping: the same statuses and messages,
 * whatever the verifier checked before (MDD_ERR_ARG when verifier is NULL). The bookkeeping
 * grows to len / 8 bytes for a sound payload, len / 8 + len / 4 for one with a fault, when it
 * is smaller, and stays with verifier; nothing of buf is kept. */
mdd_status mdd_fb_verifier_check(mdd_fb_verifier *verifier, const uint8_t *buf, size_t len,
                                 const mdd_fb_verify_options *opts, mdd_error *err);

#ifdef __cplusplus
}
#endif

#endif
