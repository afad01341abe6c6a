/* SPDX-License-Identifier: Apache-2.0 */
#include <mdd_internal/os.h>

#include <errno.h>
#include <unistd.h>

int os_pread_exact(int fd, void *buf, size_t size, uint64_t offset, size_t *done)
{
    uint8_t *at = buf;
    *done = 0;
    while (*done < size) {
        ssize_t n = pread(fd, at + *done, size - *done, (off_t)(offset + *done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return errno;
        if (n == 0)
            return 0;
        *done += (size_t)n;
    }
    return 0;
}
