/* SPDX-License-Identifier: Apache-2.0 */
/* Command operands that name MDD files or directories of them. */
#ifndef MDD_TOOL_PATHS_H
#define MDD_TOOL_PATHS_H

#include <stddef.h>

typedef struct path_list {
    char **paths;
    size_t count;
    int *holds; /* the directories' switch locks, held until path_list_free() */
    size_t hold_count;
} path_list;

/* Expands operands into files: a file stays as given, a directory gives its *.mdd regular
 * files (not recursing), sorted. A directory is listed, and stays held until
 * path_list_free(), under the shared lock that an update's switch takes exclusively (an
 * interrupted switch is completed first), so the files are all of one set. Reports each
 * operand it cannot read as `mdd: PATH: reason` and goes on. Returns CLI_EXIT_OK, or CLI_EXIT_FAIL when any operand failed. The caller
 * frees the list with path_list_free(). */
int path_list_expand(char **operands, int count, path_list *out);

void path_list_free(path_list *list);

#endif
