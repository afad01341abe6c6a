/* SPDX-License-Identifier: Apache-2.0 */
/* Private to the sig layer: the built-in algorithms, with libcrypto (openssl.c) or without
 * (openssl_none.c, which says that signatures cannot be checked). */
#ifndef MDD_SIG_IMPL_H
#define MDD_SIG_IMPL_H

#include <mdd_internal/sig.h>

/* Verifies sig over msg[0..msg_len) with a key of trust (or, for a signature carrying
 * certificates, the leaf's key when the chain reaches a CA of trust) and fills *result.
 * MDD_ERR_SIGNATURE saying why not; MDD_ERR_NOT_FOUND when the algorithm is not built in. */
MDD_INTERNAL mdd_status sig_builtin_verify(const mdd_signature *sig, const uint8_t *msg,
                                           size_t msg_len, const mdd_trust *trust,
                                           mdd_sig_result *result, mdd_error *err);

/* Copies the algorithm view into the result's field, cut to fit. */
MDD_INTERNAL void sig_result_algorithm(mdd_sig_result *result, mdd_bytes algorithm);

#endif
