/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd internal (not installed): joining a directory and a name into a path, for the
 * library, the tool and the benchmarks alike, so that "dir/" and "dir" give the same path. */
#ifndef MDD_PATH_H
#define MDD_PATH_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Writes "dir/name" into buf (size bytes, NUL included), with no second '/' when dir already
 * ends in one, and name alone when dir is empty. Returns the length of the path, or -1 (buf
 * then holds an empty string, when size > 0) when it does not fit. */
int mdd_path_join_to(char *buf, size_t size, const char *dir, const char *name);

/* The same path in memory the caller frees, or NULL when out of memory. */
char *mdd_path_join(const char *dir, const char *name);

#ifdef __cplusplus
}
#endif

#endif
