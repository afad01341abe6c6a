/* SPDX-License-Identifier: Apache-2.0 */
/* The MDD files of a directory: its regular files named *.mdd, not recursing. */
#include "db_impl.h"

#include <mdd_internal/common.h>

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int has_mdd_suffix(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && strcmp(name + n - 4, ".mdd") == 0;
}

/* Follows symbolic links, as opening the file will. */
static int is_regular(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int compare_paths(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Appends dir/name to the list when it names an MDD file; takes nothing on failure. */
static mdd_status add_entry(const char *dir, const char *name, char ***paths, size_t *count,
                            size_t *cap, mdd_error *err)
{
    if (!has_mdd_suffix(name))
        return MDD_OK;
    char *path = mdd_path_join(dir, name);
    char **grown = path ? db_reserve(*paths, cap, *count + 1, sizeof *grown) : NULL;
    if (!grown) {
        free(path);
        return mdd_fail(err, MDD_ERR_NOMEM, "%s: out of memory", dir);
    }
    *paths = grown;
    if (is_regular(path))
        (*paths)[(*count)++] = path;
    else
        free(path);
    return MDD_OK;
}

static mdd_status read_entries(DIR *d, const char *dir, char ***paths, size_t *count,
                               mdd_error *err)
{
    size_t cap = 0;
    for (;;) {
        errno = 0;
        struct dirent *e = readdir(d);
        if (!e)
            return errno ? mdd_fail(err, MDD_ERR_IO, "%s: read directory: %s", dir,
                                    strerror(errno))
                         : MDD_OK;
        mdd_status st = add_entry(dir, e->d_name, paths, count, &cap, err);
        if (st != MDD_OK)
            return st;
    }
}

mdd_status db_list_dir(const char *dir, char ***paths, size_t *count, mdd_error *err)
{
    *paths = NULL;
    *count = 0;
    DIR *d = opendir(dir);
    if (!d)
        return mdd_fail(err, MDD_ERR_IO, "%s: open directory: %s", dir, strerror(errno));
    mdd_status st = read_entries(d, dir, paths, count, err);
    closedir(d);
    if (st != MDD_OK) {
        db_paths_free(*paths, *count);
        *paths = NULL;
        *count = 0;
        return st;
    }
    if (*count > 1)
        qsort(*paths, *count, sizeof **paths, compare_paths);
    return MDD_OK;
}

void db_paths_free(char **paths, size_t count)
{
    for (size_t i = 0; i < count; i++)
        free(paths[i]);
    free(paths);
}
