/* SPDX-License-Identifier: Apache-2.0 */
/* Showing bytes from a file as text: they are hostile, so control characters and invalid
 * UTF-8 never reach a terminal raw. */
#ifndef MDD_TOOL_TEXT_H
#define MDD_TOOL_TEXT_H

#include <mdd/status.h>

#include <stdio.h>

/* The length (1..4) of the well-formed UTF-8 sequence at p[0..avail), or 0 when the bytes
 * there are not one (overlong, surrogate, past U+10FFFF, cut short, stray continuation). */
size_t text_utf8_len(const uint8_t *p, size_t avail);

/* Prints bytes with backslash, control characters and invalid UTF-8 as \\ and \xHH. */
void text_print(FILE *out, mdd_bytes bytes);

/* The columns text_print() takes (one per character). */
size_t text_width(mdd_bytes bytes);

/* Writes what text_print() would print into buf (always NUL-terminated, cut to fit). */
void text_format(char *buf, size_t size, mdd_bytes bytes);

#endif
