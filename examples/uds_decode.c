/* SPDX-License-Identifier: Apache-2.0 */
/* uds_decode: what an adapter does with each answer an ECU gives. Opens a directory of MDD
 * files as one database and decodes UDS exchanges (a request and the response it got, in
 * hex) with the ECU's base variant, printing each response as one line of JSON.
 * Usage: uds_decode DIR ECU REQUEST RESPONSE [REQUEST RESPONSE ...]
 *
 * The decodes share a memo of requests: an adapter asks the same few requests again and
 * again, and the memo keeps what a decode works out from the database alone (the services
 * a request selects, how to tell its response), so a request met before costs about half.
 * Neither decoding nor the memo allocates once the memo is created. */
#include <mdd/mdd.h>

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define MESSAGE_MAX 4096

/* Parses hex digits into out[0..cap); returns the byte count, or -1 for bad hex. */
static long parse_hex(const char *hex, uint8_t *out, size_t cap)
{
    size_t len = strlen(hex);
    if (len % 2 || len / 2 > cap)
        return -1;
    for (size_t i = 0; i < len / 2; i++) {
        unsigned byte;
        if (sscanf(hex + 2 * i, "%2x", &byte) != 1)
            return -1;
        out[i] = (uint8_t)byte;
    }
    return (long)(len / 2);
}

/* Decodes one exchange as JSON to standard output; 0, or 1 after printing the error. */
static int decode(const mdd_db_layer *variant, const char *request_hex,
                  const char *response_hex, const mdd_uds_options *opts)
{
    static uint8_t request[MESSAGE_MAX], response[MESSAGE_MAX];
    long request_len = parse_hex(request_hex, request, sizeof request);
    long response_len = parse_hex(response_hex, response, sizeof response);
    if (request_len < 0 || response_len < 0) {
        fprintf(stderr, "uds_decode: '%s' or '%s' is not hex\n", request_hex, response_hex);
        return 1;
    }
    int out = STDOUT_FILENO;
    mdd_sink sink = mdd_fd_sink(&out);
    mdd_error err;
    if (mdd_uds_decode_json(variant, request, (size_t)request_len, response,
                            (size_t)response_len, opts, &sink, &err) != MDD_OK ||
        mdd_sink_write(&sink, "\n", 1, &err) != MDD_OK) {
        fprintf(stderr, "uds_decode: %s\n", err.message); /* names the parameter and byte */
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 5 || argc % 2 == 0) {
        fputs("usage: uds_decode DIR ECU REQUEST RESPONSE [REQUEST RESPONSE ...]\n", stderr);
        return 2;
    }
    const char *dir = argv[1], *name = argv[2];
    mdd_error err;
    mdd_db *db;
    if (mdd_db_open_dir(dir, NULL, &db, &err) != MDD_OK) {
        fprintf(stderr, "uds_decode: %s\n", err.message);
        return 1;
    }
    const mdd_db_ecu *ecu = mdd_db_find_ecu(db, name);
    const mdd_db_layer *variant = ecu ? mdd_db_ecu_base_variant(ecu) : NULL;
    mdd_uds_options opts = mdd_uds_options_default();
    int rc = 1;
    if (!variant)
        fprintf(stderr, "uds_decode: %s: no ECU named '%s' with a variant\n", dir, name);
    else if (mdd_uds_memo_create(64, &opts.memo, &err) != MDD_OK)
        fprintf(stderr, "uds_decode: %s\n", err.message);
    else
        rc = 0;
    for (int i = 3; rc == 0 && i + 1 < argc; i += 2)
        rc = decode(variant, argv[i], argv[i + 1], &opts);
    mdd_uds_memo_free(opts.memo); /* it may outlive the database too */
    mdd_db_close(db);
    return rc;
}
