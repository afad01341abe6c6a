/* SPDX-License-Identifier: Apache-2.0 */
/* mdd serve's request heads (serve_head.c): scanned as they arrive, held to limits and to a
 * deadline before evhttp parses them. */
#ifndef MDD_TOOL_SERVE_HEAD_H
#define MDD_TOOL_SERVE_HEAD_H

#include "serve_server.h"
#include "serve_token.h"

#include <stdint.h>

/* The request heads of a connection as they arrive (serve_head.c): lines of the request
 * line and header fields, counted before evhttp parses them, and what the head says of the
 * body that follows it, which is skipped by its length. */
typedef struct serve_head_scan {
    int in_head;           /* a head started and has not ended */
    int in_fields;         /* past the request line */
    uint32_t line_bytes;   /* of the line being read, without CR and LF */
    uint32_t field_bytes;  /* of the header fields so far */
    uint32_t field_count;
    char word[24];         /* the line's first word: the method, or a field's name (lowercase),
                            * cut to fit */
    uint32_t word_len;     /* its length, uncut */
    uint32_t spaces;       /* in the request line */
    char version[12];      /* the request line after its second space, cut to fit */
    uint32_t version_len;
    int past_name;         /* a field line: its colon was read */
    int in_length;         /* the field line is a Content-Length */
    int length_state;      /* of its value: 0 before the digits, 1 in them, 2 after them */
    uint64_t length_value; /* of the line being read */
    int length_fields;     /* Content-Length fields so far */
    int bad_length;        /* a Content-Length that is not one decimal number in range */
    uint64_t content_length;
    int transfer_coding;   /* a Transfer-Encoding field came */
    uint64_t body_left;    /* bytes of the last head's body still to come: not scanned */
    /* Uploads (mdd serve --updates): a PUT under /updates/files/ is admitted or refused by
     * its head, before its body (up to --update-max-bytes) arrives. */
    uint32_t target_prefix; /* bytes of the target that matched "/updates/files/" so far,
                             * UINT32_MAX once one did not */
    int upload;             /* the request line is PUT /updates/files/... */
    int in_auth;            /* the field line is an Authorization */
    int auth_started;       /* past the blanks before its value */
    uint32_t auth_fields;
    serve_token_match auth; /* the Authorization value against the token */
} serve_head_scan;

/* Request line, header fields (their bytes, their count): the limits a head is held to. */
#define SERVE_MAX_REQUEST_LINE 8192u
#define SERVE_MAX_FIELD_BYTES 8192u
#define SERVE_MAX_FIELDS 100u

/* The longest request body taken (a POST's). */
#define SERVE_MAX_BODY_BYTES 65536u

/* Starts watching conn's request heads: each must arrive within the header deadline, and
 * one over a limit is answered 414 or 431, one with an unknown method 501, one evhttp could
 * not parse or frame 400, 411 or 413, and the connection closed. Arms the deadline (a
 * new connection owes its first request). Returns 0, or -1 when out of memory. */
int serve_head_watch(serve_conn *conn);

/* Stops watching (conn is closing). */
void serve_head_unwatch(serve_conn *conn);

#endif
