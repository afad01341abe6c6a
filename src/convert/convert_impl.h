/* SPDX-License-Identifier: Apache-2.0 */
/* Private pieces of the in-place conversion. */
#ifndef MDD_CONVERT_IMPL_H
#define MDD_CONVERT_IMPL_H

#include <mdd_internal/common.h>

#include <mdd/codec.h>
#include <mdd/container.h>
#include <mdd/convert.h>
#include <mdd/file.h>
#include <mdd_internal/codec.h>
#include <mdd_internal/container.h>
#include <mdd_internal/os.h>

#include <sys/stat.h>

/* Opens path and takes an exclusive flock on it, making sure the lock is on the file that
 * path names now (a converter that waited may find the file already replaced). */
MDD_INTERNAL mdd_status convert_lock(const char *path, int *fd, struct stat *st,
                                     mdd_error *err);

/* The file a locked rewrite works on: path (links resolved), open as fd under the lock,
 * whose fstat was orig, mapped as map and parsed as file. */
typedef struct convert_target {
    char *path;
    int fd;
    struct stat orig;
    const mdd_mapping *map;
    const mdd_file *file;
} convert_target;

typedef mdd_status (*convert_locked_fn)(void *ctx, const convert_target *target,
                                        mdd_error *err);

/* Resolves path's symbolic links, locks the file (convert_lock), maps and parses it with
 * parse and calls work on it; the lock is held until work returns. */
MDD_INTERNAL mdd_status convert_locked_file(const char *path, const mdd_parse_options *parse,
                                            convert_locked_fn work, void *ctx,
                                            mdd_error *err);

/* Gives the temporary file af the mode of orig, and its owner where it differs. */
MDD_INTERNAL mdd_status convert_keep_mode_and_owner(mdd_atomic_file *af,
                                                    const struct stat *orig, mdd_error *err);

/* A sink that gathers small writes into large ones for out, and drops from the process the
 * pages of any input that lies inside mapping once it is written. */
typedef struct convert_output {
    mdd_sink *out;
    const uint8_t *map;
    size_t map_size;
    uint8_t *buf;
    size_t len;
} convert_output;

MDD_INTERNAL mdd_status convert_output_init(convert_output *o, mdd_sink *out,
                                            const mdd_mapping *map, mdd_error *err);
MDD_INTERNAL mdd_sink convert_output_sink(convert_output *o);
/* Writes what is gathered and frees the buffer; frees it also on failure. */
MDD_INTERNAL mdd_status convert_output_finish(convert_output *o, mdd_error *err);

/* Writes the converted file into af: every compressed chunk decoded (checked against its
 * signatures), everything else kept. Fills expected[i] with the SHA-512 every chunk's data
 * must have in the new file. */
MDD_INTERNAL mdd_status convert_write(const mdd_mapping *map, const mdd_file *file, int src_fd,
                                      mdd_atomic_file *af, const mdd_convert_options *opts,
                                      uint8_t (*expected)[MDD_SHA512_SIZE], mdd_error *err);

/* Writes the rewrite of the file map holds with edits, then tail[0..tail_len) (whole fields
 * of MDDFile, which runs to the end of the file), to fd through a convert_output. */
MDD_INTERNAL mdd_status convert_rewrite_into(const mdd_mapping *map, int fd,
                                             const mdd_chunk_edit *edits, size_t edit_count,
                                             const uint8_t *tail, size_t tail_len,
                                             mdd_error *err);

/* Hashes the plain chunk c (index in its file) of the file fd maps as map with explicit
 * reads (dropping the pages read when evict), compares the digest with expected (unless
 * NULL) and checks it against the chunk's signatures. */
MDD_INTERNAL mdd_status convert_check_plain_chunk(int fd, const mdd_mapping *map,
                                                  const mdd_chunk *c, size_t index,
                                                  const uint8_t *expected, int evict,
                                                  mdd_error *err);

/* Re-opens the written temporary file, re-parses it and checks that it has the original's
 * chunks, all plain, each with its expected SHA-512 and matching its signatures. */
MDD_INTERNAL mdd_status convert_recheck(const char *temp, size_t chunk_count,
                                        const uint8_t (*expected)[MDD_SHA512_SIZE],
                                        const mdd_convert_options *opts, mdd_error *err);

#endif
