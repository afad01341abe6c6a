/* SPDX-License-Identifier: Apache-2.0 */
/* mdd info: a file's header and chunk table. The text form reads only the container, so it
 * costs the pages of the header whatever the size of the chunks; --json decodes every chunk
 * to report its payload's size and SHA-512. */
#include "cli.h"
#include "json.h"
#include "source.h"
#include "text.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Prints bytes from the file escaped, or `absent` when the optional value is missing. */
static void print_value(mdd_bytes value, const char *absent)
{
    if (value.ptr)
        text_print(stdout, value);
    else
        fputs(absent, stdout);
}

static size_t value_width(mdd_bytes value, const char *absent)
{
    return value.ptr ? text_width(value) : strlen(absent);
}

/* print_value() padded with spaces to width columns plus a gap. */
static void print_cell(mdd_bytes value, const char *absent, size_t width)
{
    print_value(value, absent);
    for (size_t w = value_width(value, absent); w < width + 2; w++)
        fputc(' ', stdout);
}

static void print_header_line(const char *label, mdd_bytes value)
{
    printf("%-15s", label);
    print_value(value, "(none)");
    fputc('\n', stdout);
}

static void print_feature_flags(const mdd_file *f)
{
    printf("%-15s", "feature_flags:");
    if (f->feature_flag_count == 0)
        fputs("(none)", stdout);
    for (size_t i = 0; i < f->feature_flag_count; i++)
        printf("%s%" PRIu32, i ? ", " : "", f->feature_flags[i]);
    fputc('\n', stdout);
}

/* Entries in wire order, duplicates included: the text form shows the file as it is. */
static void print_metadata(mdd_map_view map)
{
    if (map.count == 0) {
        printf("%-15s(none)\n", "metadata:");
        return;
    }
    printf("metadata:\n");
    for (size_t i = 0; i < map.count; i++) {
        fputs("  ", stdout);
        text_print(stdout, map.entries[i].key);
        fputs(" = ", stdout);
        text_print(stdout, map.entries[i].value);
        fputc('\n', stdout);
    }
}

static void print_signature_algorithms(const mdd_chunk *c)
{
    if (c->signature_count == 0)
        fputs("-", stdout);
    for (size_t i = 0; i < c->signature_count; i++) {
        fputs(i ? "," : "", stdout);
        text_print(stdout, c->signatures[i].algorithm);
    }
}

/* The variable-width columns of the chunk table. */
typedef struct table_widths {
    size_t compression;
    size_t name;
} table_widths;

static table_widths measure_table(const mdd_file *f)
{
    table_widths w = {strlen("compression"), strlen("name")};
    for (size_t i = 0; i < f->chunk_count; i++) {
        size_t cw = value_width(f->chunks[i].compression_algorithm, "-");
        size_t nw = value_width(f->chunks[i].name, "-");
        w.compression = cw > w.compression ? cw : w.compression;
        w.name = nw > w.name ? nw : w.name;
    }
    return w;
}

static void print_chunk_row(size_t index, const mdd_chunk *c, table_widths w)
{
    char uncompressed[24] = "-";
    char stored[24] = "-";
    if (c->has_uncompressed_size)
        snprintf(uncompressed, sizeof uncompressed, "%" PRIu64, c->uncompressed_size);
    /* A chunk without a data field (its metadata is the content) differs from empty data. */
    if (c->data.ptr)
        snprintf(stored, sizeof stored, "%zu", c->data.len);
    printf("  %-5zu  %-22s  %-10s  %-12s  ", index, mdd_chunk_type_name(c->type), stored,
           uncompressed);
    print_cell(c->compression_algorithm, "-", w.compression);
    print_cell(c->name, "-", w.name);
    print_signature_algorithms(c);
    fputc('\n', stdout);
}

static void print_chunks(const mdd_file *f)
{
    printf("%-15s%zu\n", "chunks:", f->chunk_count);
    if (f->chunk_count == 0)
        return;
    table_widths w = measure_table(f);
    printf("  %-5s  %-22s  %-10s  %-12s  %-*s  %-*s  %s\n", "index", "type", "stored",
           "uncompressed", (int)w.compression, "compression", (int)w.name, "name",
           "signatures");
    for (size_t i = 0; i < f->chunk_count; i++)
        print_chunk_row(i, &f->chunks[i], w);
}

/* The directory path is in (its part before the last '/', "." without one) into buf. */
static void directory_of(const char *path, char *buf, size_t size)
{
    const char *slash = strrchr(path, '/');
    size_t n = !slash ? 0 : slash == path ? 1 : (size_t)(slash - path);
    if (n >= size)
        n = size - 1;
    memcpy(buf, n ? path : ".", n ? n : 1);
    buf[n ? n : 1] = '\0';
}

/* The highest revision of the ECU named in f's header that the downgrade history of path's
 * directory records: a view into *history (the caller frees it), absent when it records
 * none. A history that does not load is a note, not a failure: info inspects, it refuses
 * nothing. */
static mdd_bytes history_revision(const char *path, const mdd_file *f, mdd_db_history **history)
{
    char dir[4096];
    mdd_error err;
    directory_of(path, dir, sizeof dir);
    if (mdd_db_history_load(dir, history, &err) != MDD_OK) {
        fprintf(stderr, "mdd: note: %s\n", err.message);
        return (mdd_bytes){NULL, 0};
    }
    return mdd_db_history_floor(*history, f->ecu_name);
}

/* One line per file-level signature: its algorithm and the first 16 hex digits of its key
 * identifier ("-" without one). Nothing for an unsigned file. */
static void print_file_signatures(const mdd_file *f)
{
    for (size_t i = 0; i < f->chunks_signature_count; i++) {
        const mdd_signature *sig = &f->chunks_signatures[i];
        printf("%-15s", i ? "" : "signed:");
        text_print(stdout, sig->algorithm);
        fputs(" key ", stdout);
        char key[17] = "-";
        if (sig->key_identifier.len)
            mdd_hex(sig->key_identifier.ptr,
                    sig->key_identifier.len < 8 ? sig->key_identifier.len : 8, key);
        printf("%s%s\n", key, sig->certificates.count ? " (with certificates)" : "");
    }
}

static int print_text(const char *path, const mdd_file *f, mdd_bytes history)
{
    printf("%-15s%s\n", "file:", path);
    print_header_line("version:", f->version);
    print_header_line("ecu_name:", f->ecu_name);
    print_header_line("revision:", f->revision);
    if (history.ptr)
        print_header_line("history:", history);
    print_file_signatures(f);
    print_feature_flags(f);
    print_metadata(f->metadata);
    print_chunks(f);
    return CLI_EXIT_OK;
}

static int chunk_json(json_writer *j, const mdd_chunk *c, const mdd_chunk_report *r)
{
    json_object_begin(j);
    json_key(j, "type");
    json_int(j, c->type);
    json_member_string(j, "name", c->name);
    json_key(j, "metadata");
    if (json_map(j, c->metadata) != 0)
        return -1;
    json_member_string(j, "compression", c->compression_algorithm);
    json_key(j, "uncompressed_size");
    if (c->has_uncompressed_size)
        json_uint(j, c->uncompressed_size);
    else
        json_null(j);
    /* Without a data field there is nothing stored and nothing to digest: absent, not the
     * length and SHA-512 of no bytes, which an empty data field has. */
    int has_data = c->data.ptr != NULL;
    json_key(j, "stored_size");
    if (has_data)
        json_uint(j, c->data.len);
    else
        json_null(j);
    json_key(j, "has_data");
    json_bool(j, has_data);
    json_key(j, "payload_size");
    json_uint(j, r->payload_size);
    json_key(j, "payload_sha512");
    if (has_data)
        json_hex(j, r->payload_sha512, sizeof r->payload_sha512);
    else
        json_null(j);
    json_key(j, "signatures");
    json_array_begin(j);
    for (size_t i = 0; i < c->signature_count; i++) {
        json_object_begin(j);
        json_key(j, "algorithm");
        json_string(j, c->signatures[i].algorithm);
        json_key(j, "signature");
        json_hex(j, c->signatures[i].signature.ptr, c->signatures[i].signature.len);
        json_object_end(j);
    }
    json_array_end(j);
    json_object_end(j);
    return 0;
}

/* A file-level signature: what it claims, not whether it verifies (mdd verify --trust). */
static void file_signature_json(json_writer *j, const mdd_signature *sig)
{
    json_object_begin(j);
    json_key(j, "algorithm");
    json_string(j, sig->algorithm);
    json_key(j, "key_identifier");
    if (sig->key_identifier.ptr)
        json_hex(j, sig->key_identifier.ptr, sig->key_identifier.len);
    else
        json_null(j);
    json_key(j, "signature");
    json_hex(j, sig->signature.ptr, sig->signature.len);
    json_key(j, "certificates");
    json_uint(j, sig->certificates.count);
    json_object_end(j);
}

static int file_json(json_writer *j, const mdd_file *f, const mdd_chunk_report *reports,
                     mdd_bytes history)
{
    json_object_begin(j);
    json_key(j, "version");
    json_string(j, f->version);
    json_key(j, "ecu_name");
    json_string(j, f->ecu_name);
    json_member_string(j, "revision", f->revision);
    json_member_string(j, "history_revision", history);
    json_key(j, "signatures");
    json_array_begin(j);
    for (size_t i = 0; i < f->chunks_signature_count; i++)
        file_signature_json(j, &f->chunks_signatures[i]);
    json_array_end(j);
    json_key(j, "metadata");
    if (json_map(j, f->metadata) != 0)
        return -1;
    json_key(j, "chunks");
    json_array_begin(j);
    for (size_t i = 0; i < f->chunk_count; i++)
        if (chunk_json(j, &f->chunks[i], &reports[i]) != 0)
            return -1;
    json_array_end(j);
    json_object_end(j);
    json_end_line(j);
    return 0;
}

/* Decodes every chunk before printing anything, so a bad chunk leaves no partial JSON. */
static int measure_chunks(const char *path, const mdd_file *f, mdd_chunk_report *reports)
{
    for (size_t i = 0; i < f->chunk_count; i++) {
        mdd_error err;
        if (mdd_chunk_verify(&f->chunks[i], NULL, &reports[i], &err) != MDD_OK) {
            char label[SOURCE_LABEL_SIZE];
            source_chunk_label(f, i, label);
            return cli_error(path, "%s: %s", label, err.message);
        }
    }
    return CLI_EXIT_OK;
}

static int print_json(const char *path, const mdd_file *f, mdd_bytes history)
{
    mdd_chunk_report *reports = calloc(f->chunk_count ? f->chunk_count : 1, sizeof *reports);
    if (!reports)
        return cli_error(path, "out of memory");
    int rc = measure_chunks(path, f, reports);
    if (rc == CLI_EXIT_OK) {
        json_writer j;
        json_init(&j, stdout);
        if (file_json(&j, f, reports, history) != 0)
            rc = cli_error(path, "out of memory");
    }
    free(reports);
    return rc;
}

static int run(int argc, char **argv)
{
    int json = 0;
    int first;
    int rc = cli_parse_options(&cli_info_command, argc, argv, cli_json_flag, &json, &first);
    if (rc >= 0)
        return rc;
    if (argc - first != 1)
        return cli_usage_error(&cli_info_command, "expected exactly one FILE");
    const char *path = argv[first];
    source s;
    mdd_error err;
    if (source_open(&s, path, &err) != MDD_OK)
        return cli_error(path, "%s", err.message);
    mdd_db_history *history = NULL;
    mdd_bytes floor = history_revision(path, &s.file, &history);
    rc = json ? print_json(path, &s.file, floor) : print_text(path, &s.file, floor);
    mdd_db_history_free(history);
    source_close(&s);
    return rc;
}

static const cli_option option_table[] = {
    CLI_JSON_OPTION("print one JSON object: the header, the history's revision and the "
                    "file-level signatures, and per chunk its type, name, metadata, "
                    "compression, sizes, signatures and the size and SHA-512 of its payload "
                    "(every chunk is decoded for these)"),
    CLI_OPTIONS_END,
};

const cli_command cli_info_command = {
    .name = "info",
    .summary = "Show a file's header and chunk table",
    .synopsis = "[--json] FILE",
    .help = "Without --json, prints the header (version, ECU name, revision, the highest\n"
            "revision of the ECU that the downgrade history of FILE's directory records, when\n"
            "it records one, feature flags, metadata) and one line per chunk (index, type,\n"
            "stored bytes, declared uncompressed size, compression, name, signature\n"
            "algorithms). It reads only the container: chunk data is not touched, so it is\n"
            "cheap on any file size.\n",
    .options = option_table,
    .run = run,
};
