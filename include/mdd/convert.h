/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd (advanced API): the one-time in-place conversion of an MDD file to uncompressed chunks.
 *
 * Every compressed chunk is decoded straight into a temporary file in the same directory,
 * its SHA-512 compared with its sha512_uncompressed signature, the temporary file fsynced,
 * re-opened, re-parsed and every chunk hashed again; only then is it renamed over the
 * original and the directory fsynced. Everything else in the file (metadata, signatures,
 * unknown fields, chunk order, mode, owner) is kept. A crash at any moment leaves the
 * original or the complete new file; any failure leaves the original byte-identical. A file
 * already plain is left as it is, once every chunk, hashed with explicit reads, matches its
 * sha512_uncompressed signatures (MDD_ERR_CHECKSUM otherwise). */
#ifndef MDD_ADVANCED_API
#error "<mdd/convert.h> is the advanced API (may change before 1.0): define MDD_ADVANCED_API"
#endif
#ifndef MDD_CONVERT_H
#define MDD_CONVERT_H

#include <mdd/codec.h>
#include <mdd/container.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Called as conversion writes uncompressed bytes: done of total bytes of this file. */
typedef void (*mdd_convert_progress_fn)(void *ctx, uint64_t done, uint64_t total);

typedef struct mdd_convert_options {
    size_t size; /* see "Options" in include/mdd/status.h */
    mdd_codec_limits limits;
    mdd_parse_options parse;
    /* After writing and checking, drop the new file from the page cache
     * (POSIX_FADV_DONTNEED), so that later mappings fault in single pages rather than the
     * large folios the write created. Default on. */
    int evict;
    mdd_convert_progress_fn progress; /* may be NULL */
    void *progress_ctx;
} mdd_convert_options;

/* The bytes of mdd_convert_options this header knows: through its last field. */
#define MDD_CONVERT_OPTIONS_SIZE MDD_OPTIONS_END(mdd_convert_options, progress_ctx)

/* The defaults described above. */
static inline mdd_convert_options mdd_convert_options_default(void)
{
    mdd_convert_options o = {MDD_CONVERT_OPTIONS_SIZE, mdd_codec_limits_default(),
                             mdd_parse_options_default(), 1, NULL, NULL};
    return o;
}

typedef enum mdd_convert_outcome {
    MDD_CONVERT_CONVERTED = 0,    /* the file was rewritten with uncompressed chunks */
    MDD_CONVERT_ALREADY_PLAIN = 1 /* nothing to do: the file is untouched (its chunks were
                                   * hashed and matched their signatures) */
} mdd_convert_outcome;

typedef struct mdd_convert_result {
    mdd_convert_outcome outcome;
    size_t chunks_decompressed;
    uint64_t size_before;         /* file sizes in bytes */
    uint64_t size_after;
    size_t stale_temps_removed;   /* temporary files of interrupted runs that were removed */
} mdd_convert_result;

/* Converts path in place (see above). Holds an exclusive lock on the file while it works, so
 * two converters of one file run one after the other and the second finds it plain. result
 * may be NULL. */
mdd_status mdd_convert_file(const char *path, const mdd_convert_options *opts,
                            mdd_convert_result *result, mdd_error *err);

/* Nonzero when no chunk of file is compressed. */
int mdd_file_is_plain(const mdd_file *file);

#ifdef __cplusplus
}
#endif

#endif
