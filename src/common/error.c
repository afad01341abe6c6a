/* SPDX-License-Identifier: Apache-2.0 */
#include <mdd_internal/common.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *mdd_version(void) { return MDD_VERSION_STRING; }

const char *mdd_strerror(mdd_status status)
{
    switch (status) {
    case MDD_OK: return "success";
    case MDD_ERR_ARG: return "invalid argument";
    case MDD_ERR_NOMEM: return "out of memory";
    case MDD_ERR_IO: return "I/O error";
    case MDD_ERR_FORMAT: return "malformed input";
    case MDD_ERR_LIMIT: return "limit exceeded";
    case MDD_ERR_UNSUPPORTED: return "unsupported";
    case MDD_ERR_CORRUPT: return "corrupt compressed data";
    case MDD_ERR_SIZE: return "size mismatch";
    case MDD_ERR_CHECKSUM: return "checksum mismatch";
    case MDD_ERR_NOT_FOUND: return "not found";
    case MDD_ERR_READ_ONLY: return "cannot write here";
    case MDD_ERR_WOULD_BLOCK: return "would block";
    case MDD_ERR_CANCELED: return "canceled";
    case MDD_ERR_BUSY: return "busy";
    case MDD_ERR_SIGNATURE: return "not authentic";
    case MDD_ERR_DOWNGRADE: return "downgrade";
    }
    return "unknown status";
}

mdd_status mdd_fail(mdd_error *err, mdd_status status, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
        err->status = status;
    }
    return status;
}

void mdd_error_prefix(mdd_error *err, const char *fmt, ...)
{
    if (!err)
        return;
    char prefix[MDD_ERROR_MESSAGE_SIZE];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(prefix, sizeof prefix, fmt, ap);
    va_end(ap);
    if (n <= 0)
        return;
    size_t plen = strlen(prefix);
    size_t mlen = strlen(err->message);
    if (plen >= sizeof err->message)
        plen = sizeof err->message - 1;
    if (plen + mlen >= sizeof err->message)
        mlen = sizeof err->message - 1 - plen;
    memmove(err->message + plen, err->message, mlen);
    memcpy(err->message, prefix, plen);
    err->message[plen + mlen] = '\0';
}

int mdd_bytes_equal_str(mdd_bytes bytes, const char *s)
{
    size_t n = strlen(s);
    return bytes.ptr && bytes.len == n && memcmp(bytes.ptr, s, n) == 0;
}
