/* SPDX-License-Identifier: Apache-2.0 */
/* The lines of `mdd decode --batch`'s input, read from a descriptor through a fixed buffer
 * into the caller's text: a line longer than BATCH_LINE_MAX is counted and skipped, never
 * held, so memory does not depend on the input. */
#ifndef MDD_TOOL_BATCH_INPUT_H
#define MDD_TOOL_BATCH_INPUT_H

#include <stddef.h>
#include <stdint.h>

/* The longest line a record may take, in bytes, without its newline. */
#define BATCH_LINE_MAX ((size_t)1 << 20)

#define BATCH_INPUT_BUFFER 65536

typedef struct batch_input {
    int fd;
    int eof;
    int error; /* errno of a failed read, 0 while none */
    size_t start, end;
    uint64_t line; /* the number of the last line read */
    char buf[BATCH_INPUT_BUFFER];
} batch_input;

/* Text the lines are appended to; grows as needed (at most by BATCH_LINE_MAX a line). */
typedef struct batch_text {
    char *data;
    size_t len, cap;
} batch_text;

/* A line read: its number, where it is in the text, and whether it was too long (then it is
 * not in the text: len is 0). */
typedef struct batch_line {
    uint64_t number;
    size_t off, len;
    int too_long;
} batch_line;

/* Starts reading fd (the caller opens and closes it). */
void batch_input_init(batch_input *in, int fd);

/* Reads the next line that is not blank (blank ones are counted, not returned) into text
 * and *line. Returns 1 for a line, 0 at the end of the input or when a read failed
 * (in->error), -1 when the text cannot grow. With wait 0, returns 2 instead of reading
 * when no whole line is buffered, so that the lines already read need not wait for more
 * input. */
int batch_input_next(batch_input *in, batch_text *text, batch_line *line, int wait);

/* Frees the text's storage. */
void batch_text_free(batch_text *text);

#endif
