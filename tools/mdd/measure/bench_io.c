/* SPDX-License-Identifier: Apache-2.0 */
#include "bench_common.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int bench_write_all(int fd, const void *data, size_t len)
{
    for (const char *p = data; len > 0;) {
        ssize_t n = write(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

FILE *bench_open_output(const char *path)
{
    FILE *f = fopen(path, "we");
    if (!f)
        bench_die("%s: %s", path, strerror(errno));
    return f;
}

void bench_close_output(FILE *f, const char *path)
{
    if (fclose(f) != 0)
        bench_die("%s: write failed", path);
}
