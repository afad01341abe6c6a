/* SPDX-License-Identifier: Apache-2.0 */
/* One record of `mdd decode --batch`: a line of JSON Lines, {"ecu", "variant"?, "request",
 * "response", ...}, or a plain line `ECU REQUEST_HEX RESPONSE_HEX`, read into views of the
 * line. The JSON is checked against RFC 8259 (strings well-formed UTF-8, nesting at most
 * BATCH_JSON_DEPTH deep) without allocating, so that the members nobody reads can be copied
 * into the output as they are. */
#ifndef MDD_TOOL_BATCH_RECORD_H
#define MDD_TOOL_BATCH_RECORD_H

#include <stddef.h>

/* The deepest nesting a record's JSON may have. */
#define BATCH_JSON_DEPTH 64
/* The longest ECU or variant name a record may give, in bytes. */
#define BATCH_NAME_MAX 255

/* What a record names. The names are NUL-terminated copies with JSON escapes resolved; the
 * hex spans point into the line. */
typedef struct batch_record {
    char ecu[BATCH_NAME_MAX + 1];
    char variant[BATCH_NAME_MAX + 1]; /* "" when the record names none */
    const char *request;
    size_t request_len;
    const char *response;
    size_t response_len;
    int json;   /* the line was a JSON object (its other members are in batch_record_extra()) */
    int extras; /* how many members beyond the four it has */
} batch_record;

/* Why a line is not a record. */
typedef enum batch_record_status {
    BATCH_RECORD_OK = 0,
    BATCH_RECORD_MALFORMED, /* neither a JSON object with the members nor three fields */
    BATCH_RECORD_BAD_HEX    /* request or response is not pairs of hex digits */
} batch_record_status;

/* Reads line[0..len) (no newline, no NUL inside) into *rec. Returns BATCH_RECORD_OK, or the
 * status with why (a sentence without the line number) in why[0..why_size). */
batch_record_status batch_record_parse(const char *line, size_t len, batch_record *rec,
                                       char *why, size_t why_size);

/* Calls each(ctx, member, member_len) for each member of the JSON object line[0..len) (one
 * batch_record_parse() accepted) besides "ecu", "variant", "request" and "response", in line
 * order; member is its text from the key's opening quote to the value's end. */
void batch_record_extra(const char *line, size_t len,
                        void (*each)(void *ctx, const char *member, size_t member_len),
                        void *ctx);

#endif
