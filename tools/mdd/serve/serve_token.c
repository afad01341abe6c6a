/* SPDX-License-Identifier: Apache-2.0 */
/* The update routes' bearer token. The file is held to what a secret's file should be (a
 * regular file closed to others, like an SSH key) and read once; the comparison runs over
 * every byte a client sent, each against a byte of the expected value (the last one again
 * past its end), accumulating differences with no early exit, and folds the difference of
 * the lengths in without a branch: how long it takes says nothing of the token. */
#include "serve_token.h"

#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char scheme[] = "bearer ";
#define SCHEME_LEN (sizeof scheme - 1)

/* Checks what fd is; 0, or -1 after printing why. */
static int check_file(const char *path, int fd)
{
    struct stat st;
    if (fstat(fd, &st) != 0) {
        cli_error(path, "%s", strerror(errno));
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        cli_error(path, "the token file is not a regular file");
        return -1;
    }
    if (st.st_mode & 077) {
        cli_error(path, "the token file may be read or written by others (mode %04o): "
                        "chmod 600 it", (unsigned)(st.st_mode & 07777));
        return -1;
    }
    if (st.st_size == 0 || st.st_size > SERVE_TOKEN_MAX + 2) {
        cli_error(path, "the token file holds %lld bytes; a token is 1 to %d", (long long)st.st_size,
                  SERVE_TOKEN_MAX);
        return -1;
    }
    return 0;
}

/* Reads the whole file into buf (at most size bytes); the count, or -1 after printing why. */
static ssize_t read_all(const char *path, int fd, char *buf, size_t size)
{
    size_t n = 0;
    while (n < size) {
        ssize_t got = read(fd, buf + n, size - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            cli_error(path, "%s", strerror(errno));
            return -1;
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    return (ssize_t)n;
}

int serve_token_read(const char *path, serve_token *out)
{
    /* Non-blocking: opening a FIFO must not wait for a writer. */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        cli_error(path, "%s", strerror(errno));
        return -1;
    }
    char buf[SERVE_TOKEN_MAX + 3];
    ssize_t n = check_file(path, fd) == 0 ? read_all(path, fd, buf, sizeof buf) : -1;
    close(fd);
    if (n < 0)
        return -1;
    char why[128];
    int rc = serve_token_parse(buf, (size_t)n, out, why, sizeof why);
    memset(buf, 0, sizeof buf);
    if (rc != 0)
        cli_error(path, "%s", why);
    return rc;
}

int serve_token_parse(const char *text, size_t len, serve_token *out, char *why, size_t size)
{
    if (len && text[len - 1] == '\n')
        len--;
    if (len && text[len - 1] == '\r')
        len--;
    if (len == 0 || len > SERVE_TOKEN_MAX) {
        snprintf(why, size, "the token is %zu bytes; it must be 1 to %d", len, SERVE_TOKEN_MAX);
        return -1;
    }
    for (size_t i = 0; i < len; i++)
        if (text[i] < 0x21 || text[i] > 0x7e) {
            snprintf(why, size, "byte %zu of the token is not visible ASCII (a space, a "
                                "control character, a second line)", i);
            return -1;
        }
    memcpy(out->expected, scheme, SCHEME_LEN);
    memcpy(out->expected + SCHEME_LEN, text, len);
    out->len = SCHEME_LEN + len;
    return 0;
}

void serve_token_feed(const serve_token *t, serve_token_match *m, const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t k = m->len++;
        unsigned char c = (unsigned char)p[i];
        /* The scheme is case-insensitive (RFC 9110 11.1); its position is no secret. */
        if (k < SCHEME_LEN && c >= 'A' && c <= 'Z')
            c = (unsigned char)(c + 32);
        /* min(k, len - 1) without a branch. */
        size_t inside = (size_t)0 - (size_t)(k < t->len);
        size_t at = (k & inside) | ((t->len - 1) & ~inside);
        m->diff |= (unsigned char)(c ^ (unsigned char)t->expected[at]);
    }
}

int serve_token_matched(const serve_token *t, const serve_token_match *m)
{
    uint64_t d = (uint64_t)(m->len ^ t->len);
    unsigned differ = (unsigned)((d | (0 - d)) >> 63);
    return ((unsigned)m->diff | differ) == 0;
}

int serve_token_check(const serve_token *t, const char *value)
{
    serve_token_match m = {0, 0};
    if (!value)
        return 0;
    serve_token_feed(t, &m, value, strlen(value));
    return serve_token_matched(t, &m);
}
