/* SPDX-License-Identifier: Apache-2.0 */
/* A chunk's payload decoded whole into the heap and checked against its signatures: what
 * `mdd dump` and `mdd diff` read the EcuData from. */
#ifndef MDD_TOOL_PAYLOAD_H
#define MDD_TOOL_PAYLOAD_H

#include <mdd/mdd.h>

/* The file's first DIAGNOSTIC_DESCRIPTION chunk, or NULL. */
const mdd_chunk *payload_find_description(const mdd_file *f);

/* Decodes chunk c into a new buffer (*out, which the caller frees, also on failure) of *len
 * bytes, and checks its sha512_uncompressed signatures; digest, when not NULL, receives the
 * payload's SHA-512. */
mdd_status payload_load(const mdd_chunk *c, uint8_t **out, size_t *len,
                        uint8_t digest[MDD_SHA512_SIZE], mdd_error *err);

#endif
