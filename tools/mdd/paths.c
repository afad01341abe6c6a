/* SPDX-License-Identifier: Apache-2.0 */
#include "paths.h"

#include "cli.h"

#include <mdd_internal/common.h>
#include <mdd_internal/db.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int add_path(path_list *list, char *path)
{
    char **grown = path ? realloc(list->paths, (list->count + 1) * sizeof *grown) : NULL;
    if (!grown) {
        free(path);
        return cli_error("mdd", "out of memory");
    }
    list->paths = grown;
    list->paths[list->count++] = path;
    return CLI_EXIT_OK;
}

static int is_mdd_file(const char *dir, const char *name)
{
    size_t len = strlen(name);
    if (len < 4 || strcmp(name + len - 4, ".mdd") != 0)
        return 0;
    char path[4096];
    struct stat st;
    return mdd_path_join_to(path, sizeof path, dir, name) >= 0 && stat(path, &st) == 0 &&
           S_ISREG(st.st_mode);
}

static int compare_paths(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Holds dir's switch lock for as long as the list lives. */
static int hold_directory(path_list *list, const char *dir)
{
    int *grown = realloc(list->holds, (list->hold_count + 1) * sizeof *grown);
    if (!grown)
        return cli_error("mdd", "out of memory");
    list->holds = grown;
    mdd_error err;
    if (db_switch_hold(dir, &list->holds[list->hold_count], &err) != MDD_OK) {
        fprintf(stderr, "mdd: %s\n", err.message);
        return CLI_EXIT_FAIL;
    }
    list->hold_count++;
    return CLI_EXIT_OK;
}

static int add_directory(path_list *list, const char *dir)
{
    int held = hold_directory(list, dir);
    if (held != CLI_EXIT_OK)
        return held;
    DIR *d = opendir(dir);
    if (!d)
        return cli_error(dir, "%s", strerror(errno));
    size_t first = list->count;
    int rc = CLI_EXIT_OK;
    struct dirent *e;
    while (rc == CLI_EXIT_OK && (e = readdir(d)) != NULL) {
        if (!is_mdd_file(dir, e->d_name))
            continue;
        rc = add_path(list, mdd_path_join(dir, e->d_name));
    }
    closedir(d);
    /* An empty directory added nothing, and the list may still have no array to sort. */
    if (list->count > first)
        qsort(list->paths + first, list->count - first, sizeof *list->paths, compare_paths);
    return rc;
}

int path_list_expand(char **operands, int count, path_list *out)
{
    *out = (path_list){0};
    int rc = CLI_EXIT_OK;
    for (int i = 0; i < count; i++) {
        struct stat st;
        int one;
        if (stat(operands[i], &st) == 0 && S_ISDIR(st.st_mode))
            one = add_directory(out, operands[i]);
        else
            one = add_path(out, strdup(operands[i]));
        if (one != CLI_EXIT_OK)
            rc = one;
    }
    return rc;
}

void path_list_free(path_list *list)
{
    for (size_t i = 0; i < list->count; i++)
        free(list->paths[i]);
    free(list->paths);
    for (size_t i = 0; i < list->hold_count; i++)
        db_switch_release(list->holds[i]);
    free(list->holds);
    *list = (path_list){0};
}
