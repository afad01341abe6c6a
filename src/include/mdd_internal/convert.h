/* SPDX-License-Identifier: Apache-2.0 */
/* The convert layer's internal interface (the in-place rewrites of an MDD file): the layout of
 * its options, which test_options holds to the struct, and signing a file in place for
 * `mdd sign`. */
#ifndef MDD_INTERNAL_CONVERT_H
#define MDD_INTERNAL_CONVERT_H

#include <mdd_internal/common.h>
#include <mdd_internal/sig.h>

/* The layout of mdd_convert_options (options_read()). */
MDD_INTERNAL extern const options_layout options_layout_convert;

/* What mdd_sign_file() adds to a file. */
typedef struct mdd_sign_request {
    const mdd_sig_key *key;
    const mdd_bytes *certs; /* DER X.509, leaf first, carried by every signature made */
    size_t cert_count;
    int chunks; /* nonzero: every chunk gets a signature too (Chunk field 4) */
} mdd_sign_request;

/* Signs the MDD file path in place (through a symbolic link, the file it leads to), under the
 * lock mdd_convert_file() takes: every chunk's uncompressed data is hashed and checked against
 * its sha512_uncompressed signatures, and one file-level signature over the digest D of the
 * scheme (mdd_sig_file_digest()) is appended as one more MDDFile field 7 (and, with chunks,
 * one Signature over each chunk's SHA-512 to each chunk). Every other byte stays. The new
 * content goes to a temporary file beside it, fsynced, read back, given the file's mode and
 * owner and renamed over the file only if path still names it; any failure leaves the file
 * as it was and nothing beside it. *signatures gets the number of file-level signatures the
 * file now holds. */
MDD_INTERNAL mdd_status mdd_sign_file(const char *path, const mdd_sign_request *req,
                                      size_t *signatures, mdd_error *err);

#endif
