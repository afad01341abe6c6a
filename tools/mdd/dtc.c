/* mdd dtc: an ECU's diagnostic trouble codes, all of them or those with one code. */
#include "dbcli.h"
#include "text.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* One line: code, display form (`-` when absent), short name, text. */
static void print_dtc(mdd_dtc d)
{
    mdd_bytes display = mdd_dtc_display_trouble_code(d);
    printf("%" PRIu32 "  ", mdd_dtc_trouble_code(d));
    if (display.ptr)
        text_print(stdout, display);
    else
        fputc('-', stdout);
    fputs("  ", stdout);
    text_print(stdout, mdd_dtc_short_name(d));
    fputs("  ", stdout);
    text_print(stdout, mdd_text_value(mdd_dtc_text(d)));
    fputc('\n', stdout);
}

/* Hex digits of a value below 2^32. Returns 0, or -1 for anything else. */
static int parse_hex_code(const char *digits, uint64_t *value)
{
    if (*digits == '\0')
        return -1;
    *value = 0;
    for (; *digits; digits++) {
        int d = db_hex_digit(*digits);
        if (d < 0 || *value > UINT32_MAX >> 4)
            return -1;
        *value = *value << 4 | (uint64_t)d;
    }
    return 0;
}

/* A trouble code in decimal or, after 0x, in hex. Returns 0, or -1 for anything else. */
static int parse_code(const char *s, uint32_t *code)
{
    uint64_t value;
    int hex = strncmp(s, "0x", 2) == 0 || strncmp(s, "0X", 2) == 0;
    if ((hex ? parse_hex_code(s + 2, &value) : cli_parse_uint(s, UINT32_MAX, &value)) != 0)
        return -1;
    *code = (uint32_t)value;
    return 0;
}

static int print_code(const char *path, const mdd_db_ecu *ecu, uint32_t code)
{
    uint32_t first = 0;
    uint32_t n = mdd_db_find_dtcs(ecu, code, &first);
    if (n == 0)
        return cli_error(path, "no DTC with trouble code %" PRIu32, code);
    for (uint32_t i = first; i < first + n; i++)
        print_dtc(mdd_db_dtc_at(ecu, i));
    return CLI_EXIT_OK;
}

static int print_dtcs(const char *path, const char *code_arg, const db_args *a)
{
    uint32_t code = 0;
    if (code_arg && parse_code(code_arg, &code) != 0)
        return cli_usage_error(a->cmd, "'%s' is not a trouble code (decimal, or hex after 0x)",
                               code_arg);
    mdd_db *db;
    const mdd_db_ecu *ecu;
    int rc = db_open_ecu(path, a, &db, &ecu);
    if (rc != CLI_EXIT_OK)
        return rc;
    if (code_arg)
        rc = print_code(path, ecu, code);
    for (uint32_t i = 0; rc == CLI_EXIT_OK && !code_arg && i < mdd_db_dtc_count(ecu); i++)
        print_dtc(mdd_db_dtc_at(ecu, i));
    mdd_db_close(db);
    return rc;
}

static int run(int argc, char **argv)
{
    db_args a = db_args_init(&cli_dtc_command);
    int first;
    int rc = cli_parse_options(a.cmd, argc, argv, db_args_option, &a, &first);
    if (rc >= 0)
        return rc;
    if (argc - first != 1 && argc - first != 2)
        return cli_usage_error(a.cmd, "expected a FILE and at most one CODE");
    return print_dtcs(argv[first], argc - first == 2 ? argv[first + 1] : NULL, &a);
}

static const struct option longopts[] = {
    {"strategy", required_argument, NULL, 's'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

const cli_command cli_dtc_command = {
    .name = "dtc",
    .summary = "List an ECU's DTCs, or those with one trouble code",
    .synopsis = "[--strategy S] FILE [CODE]",
    .help = "Prints the DTCs of FILE sorted by trouble code, one per line: the code in\n"
            "decimal, its display form (`-` when absent), its short name and its text,\n"
            "separated by two spaces. With CODE (decimal, or hex after 0x), prints only the\n"
            "DTCs with that code; a code no DTC has prints `mdd: FILE: no DTC ...` and exits\n"
            "1.\n\n"
            "Options:\n"
            "  -s, --strategy S  load FILE as heap (default), sidecar or inplace\n"
            "  -h, --help        show this help\n",
    .shortopts = ":s:h",
    .longopts = longopts,
    .run = run,
};
