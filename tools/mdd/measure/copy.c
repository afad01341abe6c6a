/* SPDX-License-Identifier: Apache-2.0 */
#include "copy.h"

#include "bench_common.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

char *io_block_alloc(void)
{
    void *p = mmap(NULL, COPY_BLOCK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

void io_block_free(char *block)
{
    if (block)
        munmap(block, COPY_BLOCK);
}

static int copy_fd(int in, int out, char *buf)
{
    for (;;) {
        ssize_t n = read(in, buf, COPY_BLOCK);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return (int)n;
        if (bench_write_all(out, buf, (size_t)n) != 0)
            return -1;
    }
}

int copy_file(const char *from, const char *to)
{
    char *buf = io_block_alloc();
    int in = open(from, O_RDONLY | O_CLOEXEC);
    int out = in < 0 ? -1 : open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    int rc = 0;
    if (!buf)
        rc = bench_fail(from, "out of memory");
    else if (in < 0)
        rc = bench_fail_errno(from, "open");
    else if (out < 0)
        rc = bench_fail_errno(to, "create");
    else if (copy_fd(in, out, buf) != 0)
        rc = bench_fail_errno(to, "copy");
    if (out >= 0 && close(out) != 0 && rc == 0)
        rc = bench_fail_errno(to, "close");
    if (in >= 0)
        close(in);
    io_block_free(buf);
    return rc;
}
