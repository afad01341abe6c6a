/* SPDX-License-Identifier: Apache-2.0 */
/* mdd verify: decodes every chunk of every file given and checks its size and SHA-512
 * signatures. Each file is mapped, checked and released before the next, so a run over
 * thousands of files holds one at a time; one FlatBuffers verifier serves them all. */
#include "cli.h"
#include "cli_sig.h"
#include "json.h"
#include "source.h"

#include <mdd/fb.h>
#include <mdd/fb_verify.h>
#include <mdd_internal/sig.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What one file's check found. */
typedef struct verify_result {
    size_t chunks;
    uint64_t bytes;
    size_t checked;
    size_t skipped;
    char reason[SOURCE_LABEL_SIZE + MDD_ERROR_MESSAGE_SIZE + 8]; /* empty when good */
    mdd_fb_verifier *verifier;  /* the run's, for the diagnostic descriptions */
    const mdd_sig_options *sig; /* the run's signature policy */
    uint8_t (*digests)[MDD_SHA512_SIZE]; /* each chunk's, for the file digest */
    mdd_sig_result authentic;   /* what the file's signatures gave */
} verify_result;

/* The settings of a run. */
typedef struct verify_args {
    int json;
    cli_sig_args sig;
} verify_args;

static void chunk_json(json_writer *j, const mdd_chunk *c, size_t index,
                       const mdd_chunk_report *r)
{
    json_object_begin(j);
    json_key(j, "index");
    json_uint(j, index);
    json_member_string(j, "name", c->name);
    json_key(j, "payload_size");
    json_uint(j, r->payload_size);
    json_key(j, "payload_sha512");
    json_hex(j, r->payload_sha512, sizeof r->payload_sha512);
    json_key(j, "signatures_checked");
    json_uint(j, r->signatures_checked);
    json_key(j, "signatures_skipped");
    json_uint(j, r->signatures_skipped);
    json_object_end(j);
}

/* A diagnostic description must also be a well-formed EcuData FlatBuffer: a plain payload is
 * checked where it lies, a compressed one once decoded. */
static mdd_status verify_description(const mdd_chunk *c, mdd_fb_verifier *vf, mdd_error *err)
{
    if (c->type != MDD_CHUNK_DIAGNOSTIC_DESCRIPTION)
        return MDD_OK;
    if (!c->compression_algorithm.ptr)
        return mdd_fb_verifier_check(vf, c->data.ptr, c->data.len, NULL, err);
    uint64_t size = 0;
    mdd_status st = mdd_chunk_payload_size(c, NULL, &size, err);
    uint8_t *payload = st == MDD_OK ? malloc(size ? (size_t)size : 1) : NULL;
    if (st == MDD_OK && !payload) {
        snprintf(err->message, sizeof err->message, "out of memory for %" PRIu64 " bytes", size);
        st = err->status = MDD_ERR_NOMEM;
    }
    if (st == MDD_OK)
        st = mdd_chunk_decode(c, payload, (size_t)size, NULL, err);
    if (st == MDD_OK)
        st = mdd_fb_verifier_check(vf, payload, (size_t)size, NULL, err);
    free(payload);
    return st;
}

/* A chunk's signatures of the built-in algorithms (or the verifier's) that verify with a
 * trusted key count as checked; the others stay not checked: they do not bind the file. */
static void check_chunk_signatures(const mdd_chunk *c, const verify_result *res,
                                   mdd_chunk_report *r)
{
    for (size_t k = 0; res->sig->policy != MDD_SIG_OFF && k < c->signature_count; k++) {
        mdd_sig_result found;
        if (mdd_sig_verify(&c->signatures[k], r->payload_sha512, MDD_SHA512_SIZE, res->sig,
                           &found, NULL) == MDD_OK) {
            r->signatures_checked++;
            r->signatures_skipped--;
        }
    }
}

/* Verifies the chunks in order up to the first bad one; j (may be NULL) gets each good one. */
static void verify_chunks(const mdd_file *f, json_writer *j, verify_result *res)
{
    for (size_t i = 0; i < f->chunk_count; i++) {
        mdd_chunk_report r;
        mdd_error err;
        if (mdd_chunk_verify(&f->chunks[i], NULL, &r, &err) != MDD_OK ||
            verify_description(&f->chunks[i], res->verifier, &err) != MDD_OK) {
            char label[SOURCE_LABEL_SIZE];
            source_chunk_label(f, i, label);
            snprintf(res->reason, sizeof res->reason, "%s: %s", label, err.message);
            return;
        }
        memcpy(res->digests[i], r.payload_sha512, MDD_SHA512_SIZE);
        check_chunk_signatures(&f->chunks[i], res, &r);
        if (j)
            chunk_json(j, &f->chunks[i], i, &r);
        res->chunks++;
        res->bytes += r.payload_size;
        res->checked += r.signatures_checked;
        res->skipped += r.signatures_skipped;
    }
}

/* The file-level signatures, over the digests of chunks that all verified. */
static void verify_authentic(const mdd_file *f, verify_result *res)
{
    uint8_t digest[MDD_SIG_DIGEST_SIZE];
    mdd_error err;
    if (mdd_sig_file_digest(f, (const uint8_t(*)[MDD_SHA512_SIZE])res->digests, digest,
                            &err) != MDD_OK ||
        mdd_sig_check_file(f, digest, res->sig, &res->authentic, &err) != MDD_OK)
        snprintf(res->reason, sizeof res->reason, "%s", err.message);
}

static void verify_path(const char *path, json_writer *j, verify_result *res)
{
    source s;
    mdd_error err;
    if (source_open(&s, path, &err) != MDD_OK) {
        snprintf(res->reason, sizeof res->reason, "%s", err.message);
        return;
    }
    size_t count = s.file.chunk_count;
    res->digests = calloc(count ? count : 1, sizeof *res->digests);
    if (!res->digests)
        snprintf(res->reason, sizeof res->reason, "out of memory for %zu chunk digests", count);
    else
        verify_chunks(&s.file, j, res);
    if (!res->reason[0] && res->sig->policy != MDD_SIG_OFF)
        verify_authentic(&s.file, res);
    free(res->digests);
    source_close(&s);
}

/* "signature": what the file's signatures gave, null when they were not checked. */
static void signature_json(json_writer *j, const mdd_sig_result *r)
{
    json_key(j, "signature");
    if (r->state == MDD_SIG_NOT_CHECKED) {
        json_null(j);
        return;
    }
    json_object_begin(j);
    json_key(j, "state");
    json_cstring(j, r->state == MDD_SIG_VERIFIED ? "verified" : "unsigned");
    if (r->state == MDD_SIG_VERIFIED) {
        json_key(j, "index");
        json_uint(j, r->index);
        json_key(j, "algorithm");
        json_cstring(j, r->algorithm);
        json_key(j, "key_id");
        json_hex(j, r->key_id, sizeof r->key_id);
        json_key(j, "key_source");
        json_cstring(j, r->key_source);
    }
    json_object_end(j);
}

/* One line per file on stdout; chunks come before the verdict, which is known only after. */
static int report_json(const char *path, verify_result res, json_writer *j)
{
    json_object_begin(j);
    json_key(j, "file");
    json_cstring(j, path);
    json_key(j, "chunks");
    json_array_begin(j);
    verify_path(path, j, &res);
    json_array_end(j);
    json_key(j, "ok");
    json_bool(j, res.reason[0] == '\0');
    json_key(j, "error");
    if (res.reason[0])
        json_cstring(j, res.reason);
    else
        json_null(j);
    signature_json(j, &res.authentic);
    json_object_end(j);
    json_end_line(j);
    return res.reason[0] ? CLI_EXIT_FAIL : CLI_EXIT_OK;
}

static int report_text(const char *path, verify_result res)
{
    verify_path(path, NULL, &res);
    if (res.reason[0])
        return cli_error(path, "%s", res.reason);
    printf("%s: OK (%zu chunk%s, %" PRIu64 " byte%s, %zu signature%s checked", path, res.chunks,
           cli_plural(res.chunks), res.bytes, cli_plural(res.bytes), res.checked,
           cli_plural(res.checked));
    if (res.skipped)
        printf(", %zu not checked", res.skipped);
    char who[160];
    const char *authentic = cli_sig_describe(&res.authentic, who, sizeof who);
    printf(")%s%s\n", res.authentic.state == MDD_SIG_VERIFIED ? "; authentic: " : *authentic ? "; " : "",
           authentic);
    return CLI_EXIT_OK;
}

static int verify_option(void *ctx, int option, const char *value)
{
    verify_args *a = ctx;
    if (cli_sig_option(&a->sig, option, value))
        return CLI_EXIT_OK;
    return cli_json_flag(&a->json, option, value);
}

static int run(int argc, char **argv)
{
    verify_args a = {0};
    int first;
    int rc = cli_parse_options(&cli_verify_command, argc, argv, verify_option, &a, &first);
    if (rc >= 0)
        return rc;
    if (first == argc)
        return cli_usage_error(&cli_verify_command, "expected at least one FILE");
    mdd_sig_options sig;
    rc = cli_sig_open(&cli_verify_command, &a.sig, &sig);
    if (rc != CLI_EXIT_OK)
        return rc;
    mdd_fb_verifier *vf;
    mdd_error err;
    if (mdd_fb_verifier_create(&vf, &err) != MDD_OK) {
        cli_sig_close(&a.sig);
        return cli_error("verify", "%s", err.message);
    }
    json_writer j;
    json_init(&j, stdout);
    const verify_result fresh = {.verifier = vf, .sig = &sig};
    for (int i = first; i < argc; i++) {
        int file_rc = a.json ? report_json(argv[i], fresh, &j) : report_text(argv[i], fresh);
        if (file_rc != CLI_EXIT_OK)
            rc = file_rc;
    }
    mdd_fb_verifier_free(vf);
    cli_sig_close(&a.sig);
    return rc;
}

static const cli_option option_table[] = {
    CLI_JSON_OPTION("print one JSON object per FILE per line on stdout instead: {\"file\", "
                    "\"ok\", \"error\", \"chunks\": [{\"index\", \"name\", \"payload_size\", "
                    "\"payload_sha512\", \"signatures_checked\", \"signatures_skipped\"}], "
                    "\"signature\": null, or with --trust {\"state\": \"verified\" or "
                    "\"unsigned\", \"index\", \"algorithm\", \"key_id\", \"key_source\"}} "
                    "(the chunks verified before an error)"),
    CLI_INCLUDE(cli_sig_options),
    CLI_OPTIONS_END,
};

const cli_command cli_verify_command = {
    .name = "verify",
    .summary = "Check every chunk's size and SHA-512 signatures",
    .synopsis = "[--json] [--trust DIR [--require-signature]] FILE...",
    .help = "Decodes every chunk of each FILE, checks that its payload has the declared size\n"
            "and that every sha512_uncompressed signature equals the payload's SHA-512.\n"
            "Signatures of other algorithms are counted as not checked. The payload of a\n"
            "DIAGNOSTIC_DESCRIPTION chunk must also be a well-formed EcuData FlatBuffer.\n"
            "A file must hold at least one chunk. With --trust, the file-level signatures\n"
            "must make a signed file authentic (docs/format.md, \"Signatures\"), and chunk\n"
            "signatures that verify with a trusted key count as checked. A good file prints\n"
            "  FILE: OK (N chunks, B bytes, S signatures checked[, K not checked])[; authentic: "
            "ALG key KEYID (SOURCE)|; unsigned]\n"
            "on stdout, KEYID the first 16 hex digits of the verifying key's SHA-256 and\n"
            "SOURCE the trust store file it came from; a bad one prints `mdd: FILE: reason`\n"
            "on stderr. Every FILE is checked even after a bad one.\n",
    .options = option_table,
    .run = run,
};
