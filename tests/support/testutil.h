/* SPDX-License-Identifier: Apache-2.0 */
/* Helpers shared by the unit tests. */
#ifndef MDD_TESTUTIL_H
#define MDD_TESTUTIL_H

#include <mdd/mdd.h>
#include <stddef.h>
#include <stdint.h>

/* mdd_store_chunk_data() and mdd_store_chunk_size() of a chunk that must be there: abort the
 * test run, printing the reason, when the call fails. */
mdd_bytes tu_chunk_data(const mdd_store *store, size_t index);
uint64_t tu_chunk_size(const mdd_store *store, size_t index);

/* Reads a whole file into a malloc'd buffer (caller frees); aborts the test run on failure. */
uint8_t *tu_read_file(const char *path, size_t *len);

/* Writes len bytes of data as the file at path (mode 0644, replacing what was there); aborts
 * the test run on failure. */
void tu_write_file(const char *path, const void *data, size_t len);

struct mdd_gen_spec;
/* Writes the MDD file the generator makes of spec (mdd_gen_payload(), then mdd_gen_pack():
 * one signed LZMA chunk) to path. Aborts on any failure. */
void tu_write_generated(const char *path, const struct mdd_gen_spec *spec);

/* The emulator a cross build's tests run under ($MDD_TEST_EMULATOR), else NULL. */
const char *tu_emulator(void);

/* The corpus directory from $MDD_CORPUS when it exists, else NULL (tests then skip). */
const char *tu_corpus_dir(void);

/* Reads the corpus file name (e.g. "FLXC1000.mdd") into a malloc'd buffer (caller frees), or
 * returns NULL when there is no corpus (tests then skip). */
uint8_t *tu_read_corpus_file(const char *name, size_t *len);

/* Lists the corpus's *.mdd files as full paths, sorted; returns the count (0 when no corpus).
 * The caller frees each path and the array. */
size_t tu_corpus_files(char ***paths);

/* Calls fn(ctx, layer, service) for every effective service of every variant of every
 * corpus file, each file opened alone (heap strategy) and closed after its services; returns
 * the number of files (0 when there is no corpus: tests then skip). Aborts when a file does
 * not open. */
size_t tu_each_corpus_service(void (*fn)(void *ctx, const mdd_db_layer *layer,
                                         const mdd_db_service *service),
                              void *ctx);

/* Lowercase hex of bytes into out (2 * len + 1 bytes). */
void tu_hex(const uint8_t *bytes, size_t len, char *out);

/* The entries of directory dir, but "." and ".."; aborts the test run when it cannot be read. */
size_t tu_entries_in(const char *dir);

/* Makes a fresh directory $TMPDIR/mdd-NAME-XXXXXX (/tmp without TMPDIR) and puts its path
 * into dir[0..size); returns 0 or -1. */
int tu_make_temp_dir(char *dir, size_t size, const char *name);

/* Removes dir and everything below it, not following symbolic links; returns 0 or -1. */
int tu_remove_tree(const char *dir);

/* The length of the JSON object that starts at p (braces inside strings skipped), or 0
 * when it does not end. */
size_t tu_json_object_span(const char *p);

/* 1 in a build with ThreadSanitizer (gcc says so with __SANITIZE_THREAD__, clang through
 * __has_feature), else 0: memory figures mean little there. */
#if defined(__SANITIZE_THREAD__)
#define TU_THREAD_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define TU_THREAD_SANITIZER 1
#endif
#endif
#ifndef TU_THREAD_SANITIZER
#define TU_THREAD_SANITIZER 0
#endif

#endif
