#include "dbcli.h"

#include "text.h"

#include <stdio.h>
#include <sys/stat.h>

db_args db_args_init(const cli_command *cmd)
{
    return (db_args){.cmd = cmd, .strategy = MDD_STRATEGY_HEAP};
}

int db_args_option(void *ctx, int option, const char *value)
{
    db_args *a = ctx;
    switch (option) {
    case 's':
        if (mdd_strategy_parse(value, &a->strategy) != 0)
            return cli_usage_error(a->cmd, "--strategy takes heap, sidecar or inplace, not '%s'",
                                   value);
        return CLI_EXIT_OK;
    case 'j': a->json = 1; return CLI_EXIT_OK;
    case 'e': a->ecu = value; return CLI_EXIT_OK;
    case 'V': a->variant = value; return CLI_EXIT_OK;
    default: return cli_usage_error(a->cmd, "unexpected option");
    }
}

static int open_path(const char *path, const db_args *a, mdd_db **db)
{
    mdd_db_options opts = mdd_db_options_default();
    opts.store.strategy = a->strategy;
    struct stat st;
    mdd_error err;
    mdd_status status = stat(path, &st) == 0 && S_ISDIR(st.st_mode)
                            ? mdd_db_open_dir(path, &opts, db, &err)
                            : mdd_db_open(&path, 1, &opts, db, &err);
    if (status == MDD_OK)
        return CLI_EXIT_OK;
    /* The library's message starts with the file it is about. */
    fflush(stdout);
    fprintf(stderr, "mdd: %s\n", err.message);
    return CLI_EXIT_FAIL;
}

static int choose_ecu(const char *path, const db_args *a, const mdd_db *db,
                      const mdd_db_ecu **ecu)
{
    size_t count = mdd_db_ecu_count(db);
    if (a->ecu) {
        *ecu = mdd_db_find_ecu(db, a->ecu);
        return *ecu ? CLI_EXIT_OK : cli_error(path, "no ECU named '%s'", a->ecu);
    }
    if (count == 0)
        return cli_error(path, "no MDD files");
    if (count > 1)
        return cli_usage_error(a->cmd, "%s holds %zu ECUs: name one with --ecu", path, count);
    *ecu = mdd_db_ecu_at(db, 0);
    return CLI_EXIT_OK;
}

int db_open_ecu(const char *path, const db_args *a, mdd_db **db, const mdd_db_ecu **ecu)
{
    int rc = open_path(path, a, db);
    if (rc != CLI_EXIT_OK)
        return rc;
    rc = choose_ecu(path, a, *db, ecu);
    if (rc != CLI_EXIT_OK)
        mdd_db_close(*db);
    return rc;
}

int db_choose_variant(const char *path, const db_args *a, const mdd_db_ecu *ecu,
                      const mdd_db_layer **layer)
{
    if (a->variant) {
        *layer = mdd_db_find_variant(ecu, a->variant);
        return *layer ? CLI_EXIT_OK : cli_error(path, "no variant named '%s'", a->variant);
    }
    *layer = mdd_db_base_variant(ecu);
    if (*layer)
        return CLI_EXIT_OK;
    char name[128];
    text_format(name, sizeof name, mdd_db_ecu_name(ecu));
    return cli_error(path, "ECU '%s' has no variants", name);
}

int db_hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

void db_prefix_hex(const mdd_request_prefix *prefix, char out[DB_PREFIX_HEX_SIZE])
{
    static const char digits[] = "0123456789abcdef";
    for (uint32_t i = 0; i < prefix->len; i++) {
        out[2 * i] = digits[prefix->bytes[i] >> 4];
        out[2 * i + 1] = digits[prefix->bytes[i] & 15];
    }
    out[2 * prefix->len] = '\0';
}
