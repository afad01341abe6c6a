/* SPDX-License-Identifier: Apache-2.0 */
/* mdd serve's bearer token for the update routes (serve_token.c): read once from its file at
 * start, and compared with what a request's Authorization field says in constant time. */
#ifndef MDD_TOOL_SERVE_TOKEN_H
#define MDD_TOOL_SERVE_TOKEN_H

#include <stddef.h>

/* The longest token taken. */
#define SERVE_TOKEN_MAX 1024

/* The Authorization value that a request must send, "Bearer TOKEN" (the scheme lowercase:
 * it matches in any case). */
typedef struct serve_token {
    char expected[SERVE_TOKEN_MAX + 8];
    size_t len;
} serve_token;

/* Reads the token from path: a regular file (not a FIFO, a directory or a device) that its
 * group and others may not read or write, holding 1 to SERVE_TOKEN_MAX visible ASCII bytes
 * and one newline at most at the end. Returns 0, or -1 after printing `mdd: PATH: reason`. */
int serve_token_read(const char *path, serve_token *out);

/* The token of a token file's text[0..len): 1 to SERVE_TOKEN_MAX visible ASCII bytes, after
 * one newline ("\n" or "\r\n") at the end is dropped. Returns 0, or -1 after writing why to
 * why[0..size). */
int serve_token_parse(const char *text, size_t len, serve_token *out, char *why, size_t size);

/* A comparison fed piece by piece (an Authorization field as the head scan meets it): how
 * many bytes came and whether any differed. */
typedef struct serve_token_match {
    size_t len;
    unsigned char diff;
} serve_token_match;

/* Compares the next n bytes of the value. The time taken depends on n only: no byte of the
 * token decides a branch. */
void serve_token_feed(const serve_token *t, serve_token_match *m, const char *p, size_t n);

/* Whether the value fed is exactly t's, the length compared without a branch either. */
int serve_token_matched(const serve_token *t, const serve_token_match *m);

/* Whether value (NULL for none) is t's Authorization value, in constant time. */
int serve_token_check(const serve_token *t, const char *value);

#endif
