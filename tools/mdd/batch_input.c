/* SPDX-License-Identifier: Apache-2.0 */
#include "batch_input.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void batch_input_init(batch_input *in, int fd)
{
    in->fd = fd;
    in->eof = 0;
    in->error = 0;
    in->start = in->end = 0;
    in->line = 0;
}

void batch_text_free(batch_text *text)
{
    free(text->data);
    *text = (batch_text){0};
}

/* Appends bytes to the line being read, up to BATCH_LINE_MAX; past it the line is marked
 * too long and the rest dropped. */
static int append(batch_text *text, batch_line *line, const char *bytes, size_t n)
{
    if (line->too_long)
        return 0;
    if (n > BATCH_LINE_MAX - line->len) {
        line->too_long = 1;
        text->len = line->off;
        line->len = 0;
        return 0;
    }
    if (text->cap - text->len < n) {
        size_t cap = text->cap ? text->cap : 4096;
        while (cap - text->len < n)
            cap *= 2;
        char *data = realloc(text->data, cap);
        if (!data)
            return -1;
        text->data = data;
        text->cap = cap;
    }
    memcpy(text->data + text->len, bytes, n);
    text->len += n;
    line->len += n;
    return 0;
}

static void fill(batch_input *in)
{
    for (;;) {
        ssize_t n = read(in->fd, in->buf, sizeof in->buf);
        if (n > 0) {
            in->start = 0;
            in->end = (size_t)n;
            return;
        }
        if (n < 0 && errno == EINTR)
            continue;
        in->error = n < 0 ? errno : 0;
        in->eof = 1;
        return;
    }
}

static int blank(const batch_text *text, const batch_line *line)
{
    for (size_t i = 0; i < line->len; i++) {
        char c = text->data[line->off + i];
        if (c != ' ' && c != '\t' && c != '\r')
            return 0;
    }
    return !line->too_long;
}

/* Ends a line: drops a CR before its newline. Returns 1 for a line to hand out, 0 for a blank
 * one (dropped from the text). */
static int finish(batch_text *text, batch_line *line)
{
    if (line->len && text->data[line->off + line->len - 1] == '\r') {
        line->len--;
        text->len--;
    }
    if (!blank(text, line))
        return 1;
    text->len = line->off;
    return 0;
}

int batch_input_next(batch_input *in, batch_text *text, batch_line *line, int wait)
{
    *line = (batch_line){in->line + 1, text->len, 0, 0};
    int started = 0; /* part of this line was taken from the buffer */
    for (;;) {
        if (in->start == in->end) {
            if (in->eof)
                break;
            if (!wait && !started)
                return 2;
            fill(in);
            continue;
        }
        char *from = in->buf + in->start;
        char *nl = memchr(from, '\n', in->end - in->start);
        size_t n = nl ? (size_t)(nl - from) : in->end - in->start;
        if (append(text, line, from, n) != 0)
            return -1;
        in->start += n + (nl != NULL);
        started = 1;
        if (!nl)
            continue;
        line->number = ++in->line;
        if (finish(text, line))
            return 1;
        *line = (batch_line){in->line + 1, text->len, 0, 0};
        started = 0;
    }
    /* The end: a last line without its newline. */
    if (!started)
        return 0;
    line->number = ++in->line;
    return finish(text, line) ? 1 : 0;
}
