/* mdd services: a variant's effective services (its own plus the inherited ones), by name,
 * each with its request prefix. */
#include "dbcli.h"
#include "text.h"

#include <stdio.h>

static void print_services(const mdd_db_layer *layer)
{
    for (uint32_t i = 0; i < mdd_db_layer_service_count(layer); i++) {
        mdd_db_service s = mdd_db_layer_service_at(layer, i);
        char hex[DB_PREFIX_HEX_SIZE];
        db_prefix_hex(&s.prefix, hex);
        printf("%-*s  ", (int)(DB_PREFIX_HEX_SIZE - 1), hex[0] ? hex : "-");
        text_print(stdout, mdd_diag_comm_short_name(mdd_diag_service_diag_comm(s.service)));
        fputc('\n', stdout);
    }
}

static int run(int argc, char **argv)
{
    db_args a = db_args_init(&cli_services_command);
    int first;
    int rc = cli_parse_options(a.cmd, argc, argv, db_args_option, &a, &first);
    if (rc >= 0)
        return rc;
    if (argc - first != 1)
        return cli_usage_error(a.cmd, "expected exactly one FILE");
    const char *path = argv[first];
    mdd_db *db;
    const mdd_db_ecu *ecu;
    rc = db_open_ecu(path, &a, &db, &ecu);
    if (rc != CLI_EXIT_OK)
        return rc;
    const mdd_db_layer *layer;
    rc = db_choose_variant(path, &a, ecu, &layer);
    if (rc == CLI_EXIT_OK)
        print_services(layer);
    mdd_db_close(db);
    return rc;
}

static const struct option longopts[] = {
    {"variant", required_argument, NULL, 'V'},
    {"strategy", required_argument, NULL, 's'},
    {"cache-budget", required_argument, NULL, 'B'},
    {"skip-invalid", no_argument, NULL, 'K'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

const cli_command cli_services_command = {
    .name = "services",
    .summary = "List a variant's effective services with their request prefixes",
    .synopsis = "[--variant V] [--strategy S] [--cache-budget BYTES] [--skip-invalid] FILE",
    .help = "Prints the effective services (own plus inherited) of a variant of FILE, sorted\n"
            "by name, one per line: the request prefix in hex (`-` when empty) padded to 8\n"
            "columns, two spaces, the service's short name.\n\n"
            "Options:\n"
            "  -V, --variant V   the variant named V (default: the base variant)\n"
            "  -s, --strategy S  load FILE as heap (default), sidecar, inplace or pread\n"
            "      --cache-budget BYTES\n"
            "                    with pread: the bytes the cache keeps beyond what is in use\n"
            "                    (K, M or G multiply by 2^10, 2^20, 2^30; default 16M)\n"
            DB_SKIP_INVALID_HELP
            "  -h, --help        show this help\n",
    .shortopts = ":V:s:h",
    .longopts = longopts,
    .run = run,
};
