/* SPDX-License-Identifier: Apache-2.0 */
/* Fuzzes mdd serve's update token: a token file's text parsed, and Authorization values
 * compared with it. Input: the file's text, a NUL byte, then the value (the input holds no
 * value without a NUL). A parsed token is 1 to SERVE_TOKEN_MAX visible ASCII bytes; the
 * constant-time comparison must agree with a plain one ("Bearer " in any case, then the
 * token, nothing more), whole and fed in two pieces split anywhere. */
#include "serve/serve_token.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(int ok)
{
    if (!ok)
        abort();
}

/* The comparison done plainly. */
static int plain_match(const char *token, size_t token_len, const char *value, size_t len)
{
    return len == 7 + token_len && strncasecmp(value, "bearer ", 7) == 0 &&
           memcmp(value + 7, token, token_len) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    const char *nul = memchr(text, '\0', size);
    size_t text_len = nul ? (size_t)(nul - text) : size;
    serve_token t;
    char why[128];
    if (serve_token_parse(text, text_len, &t, why, sizeof why) != 0) {
        check(why[0] != '\0');
        return 0;
    }
    size_t token_len = t.len - 7;
    check(token_len >= 1 && token_len <= SERVE_TOKEN_MAX);
    for (size_t i = 0; i < token_len; i++)
        check(t.expected[7 + i] > 0x20 && t.expected[7 + i] < 0x7f);
    check(memcmp(t.expected + 7, text, token_len) == 0);
    if (!nul)
        return 0;
    const char *value = nul + 1;
    size_t len = size - text_len - 1;
    int want = plain_match(t.expected + 7, token_len, value, len);
    serve_token_match whole = {0, 0}, split = {0, 0};
    serve_token_feed(&t, &whole, value, len);
    check(serve_token_matched(&t, &whole) == want);
    size_t cut = len ? (size_t)(unsigned char)value[0] % (len + 1) : 0;
    serve_token_feed(&t, &split, value, cut);
    serve_token_feed(&t, &split, value + cut, len - cut);
    check(serve_token_matched(&t, &split) == want);
    /* A value without a NUL byte, as a request's field is. */
    if (!memchr(value, '\0', len)) {
        char *copy = strndup(value, len);
        check(copy != NULL);
        check(serve_token_check(&t, copy) == want);
        free(copy);
    }
    return 0;
}
