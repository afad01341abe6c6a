/* SPDX-License-Identifier: Apache-2.0 */
/* mdd dump: the DIAGNOSTIC_DESCRIPTION payload's EcuData as JSON, every table of it, in
 * flatc's shape (fb_json.h). */
#include "cli.h"
#include "fb_json.h"
#include "payload.h"
#include "source.h"

#include <mdd/fb.h>
#include <mdd/fb_verify.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

/* Deep enough for every payload of the corpus (27 levels at most), and the printed tables
 * bounded, because shared subtables print at each place. */
#define DEFAULT_MAX_DEPTH 32
#define DEFAULT_MAX_TABLES 1000000

static int dump_file(const char *path, const mdd_file *f, const fb_json_limits *limits)
{
    const mdd_chunk *c = payload_find_description(f);
    if (!c)
        return cli_error(path, "no DIAGNOSTIC_DESCRIPTION chunk");
    char label[SOURCE_LABEL_SIZE];
    source_chunk_label(f, (size_t)(c - f->chunks), label);
    uint8_t *payload = NULL;
    size_t len = 0;
    mdd_error err;
    mdd_status st = payload_load(c, &payload, &len, NULL, &err);
    if (!st)
        st = mdd_fb_verify_ecu_data(payload, len, NULL, &err);
    if (!st) {
        json_writer j;
        json_init(&j, stdout);
        fb_json_table(&j, mdd_fb_root(payload, len), fb_ecu_schema_root(), limits);
        json_end_line(&j);
    }
    free(payload);
    return st ? cli_error(path, "%s: %s", label, err.message) : CLI_EXIT_OK;
}

static int on_option(void *ctx, int option, const char *value)
{
    fb_json_limits *limits = ctx;
    uint64_t n;
    if (option != 'd' && option != 't')
        return CLI_EXIT_OK;
    const char *name = option == 'd' ? "--max-depth" : "--max-tables";
    if (cli_parse_uint(value, option == 'd' ? UINT32_MAX : UINT64_MAX, &n) != 0)
        return cli_usage_error(&cli_dump_command, "%s needs a number, not %s", name,
                               cli_quote(value));
    if (option == 'd')
        limits->max_depth = (uint32_t)n;
    else
        limits->max_tables = n;
    return CLI_EXIT_OK;
}

static int run(int argc, char **argv)
{
    fb_json_limits limits = {.max_depth = DEFAULT_MAX_DEPTH, .max_tables = DEFAULT_MAX_TABLES};
    int first;
    int rc = cli_parse_options(&cli_dump_command, argc, argv, on_option, &limits, &first);
    if (rc >= 0)
        return rc;
    if (argc - first != 1)
        return cli_usage_error(&cli_dump_command, "expected exactly one FILE");
    const char *path = argv[first];
    source s;
    mdd_error err;
    if (source_open(&s, path, &err) != MDD_OK)
        return cli_error(path, "%s", err.message);
    rc = dump_file(path, &s.file, &limits);
    source_close(&s);
    return rc;
}

static const cli_option option_table[] = {
    {'d', "max-depth", "N", "nesting limit, counting EcuData as 1 (default 32)", NULL},
    {'t', "max-tables", "N", "tables printed at most (default 1000000)", NULL},
    CLI_OPTIONS_END,
};

const cli_command cli_dump_command = {
    .name = "dump",
    .summary = "Print the diagnostic description (EcuData) as JSON",
    .synopsis = "[--max-depth N] [--max-tables N] FILE",
    .help = "Decodes the first DIAGNOSTIC_DESCRIPTION chunk, checks its sha512_uncompressed\n"
            "signatures, verifies the FlatBuffer and prints its EcuData as one line of JSON\n"
            "in flatc's shape (schema/ecu_data.fbs field names, enum values by name, scalars\n"
            "with their defaults, absent optional scalars as null, absent strings, tables\n"
            "and vectors left out). Every table of the schema is printed. A subtable\n"
            "shared by several parents is printed at each place, so the output can be far\n"
            "larger than the payload: tables nested deeper than --max-depth, and every table\n"
            "after the first --max-tables, print as {\"$truncated\": true}.\n",
    .options = option_table,
    .run = run,
};
