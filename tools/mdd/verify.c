/* SPDX-License-Identifier: Apache-2.0 */
/* mdd verify: decodes every chunk of every file given and checks its size and SHA-512
 * signatures. Each file is mapped, checked and released before the next, so a run over
 * thousands of files holds one at a time; one FlatBuffers verifier serves them all. */
#include "cli.h"
#include "json.h"
#include "source.h"

#include <mdd/fb.h>
#include <mdd/fb_verify.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

/* What one file's check found. */
typedef struct verify_result {
    size_t chunks;
    uint64_t bytes;
    size_t checked;
    size_t skipped;
    char reason[SOURCE_LABEL_SIZE + MDD_ERROR_MESSAGE_SIZE + 8]; /* empty when good */
    mdd_fb_verifier *verifier; /* the run's, for the diagnostic descriptions */
} verify_result;

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
        if (j)
            chunk_json(j, &f->chunks[i], i, &r);
        res->chunks++;
        res->bytes += r.payload_size;
        res->checked += r.signatures_checked;
        res->skipped += r.signatures_skipped;
    }
}

static void verify_path(const char *path, json_writer *j, verify_result *res)
{
    source s;
    mdd_error err;
    if (source_open(&s, path, &err) != MDD_OK) {
        snprintf(res->reason, sizeof res->reason, "%s", err.message);
        return;
    }
    verify_chunks(&s.file, j, res);
    source_close(&s);
}

/* One line per file on stdout; chunks come before the verdict, which is known only after. */
static int report_json(const char *path, mdd_fb_verifier *vf, json_writer *j)
{
    verify_result res = {.verifier = vf};
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
    json_object_end(j);
    json_end_line(j);
    return res.reason[0] ? CLI_EXIT_FAIL : CLI_EXIT_OK;
}

static int report_text(const char *path, mdd_fb_verifier *vf)
{
    verify_result res = {.verifier = vf};
    verify_path(path, NULL, &res);
    if (res.reason[0])
        return cli_error(path, "%s", res.reason);
    printf("%s: OK (%zu chunk%s, %" PRIu64 " byte%s, %zu signature%s checked", path, res.chunks,
           cli_plural(res.chunks), res.bytes, cli_plural(res.bytes), res.checked,
           cli_plural(res.checked));
    if (res.skipped)
        printf(", %zu not checked", res.skipped);
    printf(")\n");
    return CLI_EXIT_OK;
}

static int run(int argc, char **argv)
{
    int json = 0;
    int first;
    int rc = cli_parse_options(&cli_verify_command, argc, argv, cli_json_flag, &json, &first);
    if (rc >= 0)
        return rc;
    if (first == argc)
        return cli_usage_error(&cli_verify_command, "expected at least one FILE");
    mdd_fb_verifier *vf;
    mdd_error err;
    if (mdd_fb_verifier_create(&vf, &err) != MDD_OK)
        return cli_error("verify", "%s", err.message);
    json_writer j;
    json_init(&j, stdout);
    rc = CLI_EXIT_OK;
    for (int i = first; i < argc; i++) {
        int file_rc = json ? report_json(argv[i], vf, &j) : report_text(argv[i], vf);
        if (file_rc != CLI_EXIT_OK)
            rc = file_rc;
    }
    mdd_fb_verifier_free(vf);
    return rc;
}

static const cli_option option_table[] = {
    CLI_JSON_OPTION("print one JSON object per FILE per line on stdout instead: {\"file\", "
                    "\"ok\", \"error\", \"chunks\": [{\"index\", \"name\", \"payload_size\", "
                    "\"payload_sha512\", \"signatures_checked\", \"signatures_skipped\"}]} (the "
                    "chunks verified before an error)"),
    CLI_OPTIONS_END,
};

const cli_command cli_verify_command = {
    .name = "verify",
    .summary = "Check every chunk's size and SHA-512 signatures",
    .synopsis = "[--json] FILE...",
    .help = "Decodes every chunk of each FILE, checks that its payload has the declared size\n"
            "and that every sha512_uncompressed signature equals the payload's SHA-512.\n"
            "Signatures of other algorithms are counted as not checked. The payload of a\n"
            "DIAGNOSTIC_DESCRIPTION chunk must also be a well-formed EcuData FlatBuffer.\n"
            "A file must hold at least one chunk. A good file prints\n"
            "  FILE: OK (N chunks, B bytes, S signatures checked[, K not checked])\n"
            "on stdout; a bad one prints `mdd: FILE: reason` on stderr. Every FILE is\n"
            "checked even after a bad one.\n",
    .options = option_table,
    .run = run,
};
