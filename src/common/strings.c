/* SPDX-License-Identifier: Apache-2.0 */
/* The strings every layer builds the same way: paths joined, bytes as hex. */
#include <mdd_internal/common.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ---- Paths: a directory and a name joined by one '/' ---- */

/* The length of "dir/name" and whether it has a '/' of its own between the two. */
static size_t joined_length(const char *dir, const char *name, size_t *slash)
{
    size_t a = strlen(dir);
    *slash = a > 0 && dir[a - 1] != '/';
    return a + *slash + strlen(name);
}

static void join_into(char *buf, const char *dir, size_t slash, const char *name)
{
    size_t a = strlen(dir);
    memcpy(buf, dir, a);
    memcpy(buf + a, "/", slash);
    memcpy(buf + a + slash, name, strlen(name) + 1);
}

int mdd_path_join_to(char *buf, size_t size, const char *dir, const char *name)
{
    size_t slash;
    size_t n = joined_length(dir, name, &slash);
    if (n >= size || n > INT_MAX) {
        if (size > 0)
            buf[0] = '\0';
        return -1;
    }
    join_into(buf, dir, slash, name);
    return (int)n;
}

char *mdd_path_join(const char *dir, const char *name)
{
    size_t slash;
    char *path = malloc(joined_length(dir, name, &slash) + 1);
    if (path)
        join_into(path, dir, slash, name);
    return path;
}

/* ---- Bytes as lowercase hex digits ---- */
void mdd_hex(const uint8_t *bytes, size_t len, char *out)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < len; i++) {
        out[2 * i] = digits[bytes[i] >> 4];
        out[2 * i + 1] = digits[bytes[i] & 0x0f];
    }
    out[2 * len] = '\0';
}
