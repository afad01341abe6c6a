/* SPDX-License-Identifier: Apache-2.0 */
/* mdd sign: adds a file-level signature (and chunk signatures) to MDD files in place, with a
 * private key and the certificates it comes with (mdd_sign_file). */
#include "cli.h"

#include <mdd_internal/convert.h>
#include <mdd_internal/sig.h>

#include <stdio.h>
#include <stdlib.h>

enum { KEY_CHUNKS = CLI_KEY_OWN };

typedef struct sign_options {
    const char *key;
    const char **certs;
    size_t cert_count;
    int chunks;
} sign_options;

static int on_option(void *ctx, int option, const char *value)
{
    sign_options *o = ctx;
    const char **certs;
    switch (option) {
    case 'k': o->key = value; return CLI_EXIT_OK;
    case 'c':
        certs = realloc(o->certs, (o->cert_count + 1) * sizeof *certs);
        if (!certs)
            return cli_error("sign", "no memory for the certificates");
        certs[o->cert_count++] = value;
        o->certs = certs;
        return CLI_EXIT_OK;
    case KEY_CHUNKS: o->chunks = 1; return CLI_EXIT_OK;
    default: return cli_usage_error(&cli_sign_command, "unexpected option");
    }
}

/* The certificates of o as DER into ders; an exit code. */
static int read_certs(const sign_options *o, mdd_buffer *ders, mdd_bytes *views)
{
    for (size_t i = 0; i < o->cert_count; i++) {
        mdd_error err;
        if (mdd_sig_cert_der(o->certs[i], &ders[i], &err) != MDD_OK) {
            fprintf(stderr, "mdd: %s\n", err.message);
            return CLI_EXIT_FAIL;
        }
        views[i] = (mdd_bytes){ders[i].data, ders[i].len};
    }
    return CLI_EXIT_OK;
}

static int sign_all(char **files, int count, const mdd_sign_request *req)
{
    char id[2 * MDD_SIG_KEY_ID_SIZE + 1];
    mdd_hex(mdd_sig_key_id(req->key), MDD_SIG_KEY_ID_SIZE, id);
    id[16] = '\0';
    int rc = CLI_EXIT_OK;
    for (int i = 0; i < count; i++) {
        mdd_error err;
        size_t n = 0;
        if (mdd_sign_file(files[i], req, &n, &err) != MDD_OK) {
            rc = cli_error(files[i], "%s", err.message);
            continue;
        }
        printf("%s: signed with %s key %s (%zu signature%s)\n", files[i],
               mdd_sig_key_algorithm(req->key), id, n, cli_plural(n));
    }
    return rc;
}

static int sign_with(const sign_options *o, char **files, int count)
{
    mdd_error err;
    mdd_sign_request req = {.cert_count = o->cert_count, .chunks = o->chunks};
    mdd_sig_key *key = NULL;
    if (mdd_sig_key_open(o->key, &key, &err) != MDD_OK) {
        fprintf(stderr, "mdd: %s\n", err.message);
        return CLI_EXIT_FAIL;
    }
    size_t n = o->cert_count ? o->cert_count : 1;
    mdd_buffer *ders = calloc(n, sizeof *ders);
    mdd_bytes *views = calloc(n, sizeof *views);
    int rc = ders && views ? read_certs(o, ders, views)
                           : cli_error("sign", "no memory for the certificates");
    req.key = key;
    req.certs = views;
    if (rc == CLI_EXIT_OK)
        rc = sign_all(files, count, &req);
    for (size_t i = 0; ders && i < o->cert_count; i++)
        mdd_buffer_free(&ders[i]);
    free(ders);
    free(views);
    mdd_sig_key_close(key);
    return rc;
}

static int run(int argc, char **argv)
{
    sign_options o = {0};
    int first;
    int rc = cli_parse_options(&cli_sign_command, argc, argv, on_option, &o, &first);
    if (rc < 0 && !o.key)
        rc = cli_usage_error(&cli_sign_command, "expected --key KEY");
    if (rc < 0 && first == argc)
        rc = cli_usage_error(&cli_sign_command, "expected at least one FILE");
    if (rc < 0 && !mdd_sig_available()) {
        fprintf(stderr, "mdd sign: signatures cannot be checked or made: libmdd was built "
                        "without libcrypto\n");
        rc = CLI_EXIT_FAIL;
    }
    if (rc < 0)
        rc = sign_with(&o, argv + first, argc - first);
    free(o.certs);
    return rc;
}

static const cli_option option_table[] = {
    {'k', "key", "KEY", "the private key (PEM, ed25519 or P-256), whose kind is the algorithm",
     NULL},
    {'c', "cert", "CERT", "a certificate (PEM) each signature carries, leaf first; repeat for a "
     "chain", NULL},
    {KEY_CHUNKS, "chunks", NULL, "sign every chunk too (over its uncompressed SHA-512)", NULL},
    CLI_OPTIONS_END,
};

const cli_command cli_sign_command = {
    .name = "sign",
    .summary = "Add a signature to MDD files in place, crash-safely",
    .synopsis = "--key KEY [--cert CERT]... [--chunks] FILE...",
    .help = "Adds one file-level signature to each FILE (one more MDDFile field 7), made\n"
            "with KEY over the digest of the file's identity and of every chunk's\n"
            "uncompressed data: ed25519, or ecdsa-p256-sha256 for a P-256 key. Every chunk\n"
            "is hashed and checked against its sha512_uncompressed signature first; a file\n"
            "that fails is not signed. Signatures already there stay, and every other byte\n"
            "of the file too, so a file signed twice holds two signatures. The signed file\n"
            "replaces FILE crash-safely under the lock `mdd convert` takes, with FILE's mode\n"
            "and owner; through a symbolic link the file it leads to is signed. A failure\n"
            "leaves FILE as it was. The signature stays valid when the file is converted.\n\n"
            "Prints `FILE: signed with ALG key KEYID (N signatures)` per file, KEYID the first\n"
            "16 hex digits of the key identifier, N the file-level signatures FILE now holds;\n"
            "failures `mdd: FILE: reason` on stderr.\n",
    .options = option_table,
    .run = run,
};
