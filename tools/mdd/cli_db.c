/* SPDX-License-Identifier: Apache-2.0 */
#include "cli_db.h"

#include "text.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

const cli_option cli_db_load_options[] = {
    {'s', "strategy", "S",
     "load the files as heap (default), sidecar, inplace or pread; inplace and pread rewrite a "
     "compressed file uncompressed, sidecar writes FILE.fb beside it", NULL},
    CLI_INCLUDE(cli_cache_budget_options),
    {CLI_KEY_SKIP_INVALID, "skip-invalid", NULL,
     "leave out (with a note) the files of a directory that do not open or verify, instead of "
     "failing", NULL},
    CLI_INCLUDE(cli_sig_options),
    CLI_OPTIONS_END,
};

const cli_option cli_db_ecu_options[] = {
    {'e', "ecu", "E", "the ECU named E (needed when a directory holds several)", NULL},
    CLI_OPTIONS_END,
};

const cli_option cli_db_variant_options[] = {
    {'V', "variant", "V", "the variant named V (default: the ECU's base variant)", NULL},
    CLI_OPTIONS_END,
};

const cli_option cli_db_layer_options[] = {
    CLI_INCLUDE(cli_db_variant_options),
    {'g', "group", "G", "the functional group named G instead of a variant", NULL},
    CLI_OPTIONS_END,
};

cli_db_args cli_db_args_init(const cli_command *cmd)
{
    return (cli_db_args){.cmd = cmd, .strategy = MDD_STRATEGY_HEAP};
}

int cli_db_args_option(void *ctx, int option, const char *value)
{
    cli_db_args *a = ctx;
    if (cli_sig_option(&a->sig, option, value))
        return CLI_EXIT_OK;
    switch (option) {
    case 's': return cli_parse_strategy(a->cmd, "--strategy", value, &a->strategy);
    case CLI_KEY_CACHE_BUDGET:
        a->budget_given = 1;
        return cli_parse_cache_budget(a->cmd, value, &a->cache_budget);
    case 'j': a->json = 1; return CLI_EXIT_OK;
    case 'e': a->ecu = value; return CLI_EXIT_OK;
    case 'V': a->variant = value; return CLI_EXIT_OK;
    case 'g': a->group = value; return CLI_EXIT_OK;
    case CLI_KEY_SKIP_INVALID: a->skip_invalid = 1; return CLI_EXIT_OK;
    default: return cli_usage_error(a->cmd, "unexpected option");
    }
}

int cli_db_open_paths(const char *const *paths, size_t count, const cli_db_args *a,
                      mdd_db **db)
{
    mdd_db_options opts = mdd_db_options_default();
    opts.store.strategy = a->strategy;
    if (a->budget_given)
        opts.store.cache_options.budget_bytes = a->cache_budget;
    opts.skip_invalid = a->skip_invalid;
    cli_sig_args sig = a->sig;
    int rc = cli_sig_open(a->cmd, &sig, &opts.store.sig);
    if (rc != CLI_EXIT_OK)
        return rc;
    struct stat st;
    mdd_error err;
    mdd_status status = count == 1 && stat(paths[0], &st) == 0 && S_ISDIR(st.st_mode)
                            ? mdd_db_open_dir(paths[0], &opts, db, &err)
                            : mdd_db_open(paths, count, &opts, db, &err);
    /* Only opening reads the trust store: the database keeps what it found. */
    cli_sig_close(&sig);
    if (status == MDD_OK) {
        cli_db_print_report(*db);
        return CLI_EXIT_OK;
    }
    /* The library's message starts with the file it is about. */
    fflush(stdout);
    fprintf(stderr, "mdd: %s\n", err.message);
    return CLI_EXIT_FAIL;
}

void cli_db_print_report(const mdd_db *db)
{
    fflush(stdout);
    for (size_t i = 0; i < mdd_db_report_count(db); i++)
        fprintf(stderr, "mdd: note: %s\n", mdd_db_report_at(db, i)->message);
}

/* The ECUs that are the default of their name (the others only count when named), and the
 * first of them. */
static size_t count_defaults(const mdd_db *db, const mdd_db_ecu **first)
{
    size_t count = 0;
    for (size_t i = mdd_db_ecu_count(db); i-- > 0;) {
        if (mdd_db_ecu_is_default(mdd_db_ecu_at(db, i))) {
            *first = mdd_db_ecu_at(db, i);
            count++;
        }
    }
    return count;
}

static int choose_ecu(const char *path, const cli_db_args *a, const mdd_db *db,
                      const mdd_db_ecu **ecu)
{
    if (a->ecu) {
        *ecu = mdd_db_find_ecu(db, a->ecu);
        if (!*ecu)
            *ecu = mdd_db_find_ecu_path(db, a->ecu);
        return *ecu ? CLI_EXIT_OK : cli_error(path, "no ECU named %s", cli_quote_name(a->ecu));
    }
    size_t count = count_defaults(db, ecu);
    if (count == 0)
        return cli_error(path, "no MDD files");
    if (count > 1 && cli_takes_option(a->cmd, "ecu"))
        return cli_usage_error(a->cmd, "%s holds %zu ECUs: name one with --ecu", path, count);
    if (count > 1)
        return cli_usage_error(a->cmd, "%s holds %zu ECUs: give one of its files, such as %s",
                               path, count, mdd_db_ecu_path(*ecu));
    return CLI_EXIT_OK;
}

int cli_db_open_ecu(const char *path, const cli_db_args *a, mdd_db **db, const mdd_db_ecu **ecu)
{
    return cli_db_open_ecu_paths(&path, 1, a, db, ecu);
}

int cli_db_open_ecu_paths(const char *const *paths, size_t count, const cli_db_args *a,
                          mdd_db **db, const mdd_db_ecu **ecu)
{
    /* Options come in any order: their combination is checked once all are known. */
    int rc = cli_check_pread_option(a->cmd, "--cache-budget", a->budget_given, a->strategy);
    if (rc != CLI_EXIT_OK)
        return rc;
    rc = cli_db_open_paths(paths, count, a, db);
    if (rc != CLI_EXIT_OK)
        return rc;
    char label[CLI_DB_LABEL_SIZE];
    rc = choose_ecu(cli_db_paths_label(paths, count, label), a, *db, ecu);
    if (rc != CLI_EXIT_OK)
        mdd_db_close(*db);
    return rc;
}

const char *cli_db_paths_label(const char *const *paths, size_t count,
                               char label[CLI_DB_LABEL_SIZE])
{
    if (count == 1)
        return paths[0];
    snprintf(label, CLI_DB_LABEL_SIZE, "%s and %zu more", paths[0], count - 1);
    return label;
}

int cli_db_choose_variant(const char *path, const cli_db_args *a, const mdd_db_ecu *ecu,
                          const mdd_db_layer **layer)
{
    if (a->variant) {
        *layer = mdd_db_ecu_find_variant(ecu, a->variant);
        return *layer ? CLI_EXIT_OK
                      : cli_error(path, "no variant named %s", cli_quote_name(a->variant));
    }
    *layer = mdd_db_ecu_base_variant(ecu);
    if (*layer)
        return CLI_EXIT_OK;
    char name[128];
    text_format(name, sizeof name, mdd_db_ecu_name(ecu));
    return cli_error(path, "ECU '%s' has no variants", name);
}

int cli_db_choose_layer(const char *path, const cli_db_args *a, const mdd_db_ecu *ecu,
                        const mdd_db_layer **layer)
{
    if (a->group && a->variant)
        return cli_usage_error(a->cmd, "--variant and --group exclude each other");
    if (!a->group)
        return cli_db_choose_variant(path, a, ecu, layer);
    *layer = mdd_db_ecu_find_functional_group(ecu, a->group);
    return *layer ? CLI_EXIT_OK : cli_error(path, "no functional group named '%s'", a->group);
}

const char *cli_db_layer_kind(const mdd_db_layer *layer)
{
    return mdd_present(mdd_db_layer_variant(layer)) ? "variant" : "functional_group";
}

int cli_db_hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

int cli_db_parse_hex(const char *hex, uint8_t *bytes)
{
    size_t n = strlen(hex);
    if (n == 0 || n % 2 != 0)
        return -1;
    for (size_t i = 0; i < n; i += 2) {
        int hi = cli_db_hex_digit(hex[i]);
        int lo = cli_db_hex_digit(hex[i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        bytes[i / 2] = (uint8_t)(hi << 4 | lo);
    }
    return 0;
}

/* Hex digits of a value below 2^32. Returns 0, or -1 for anything else. */
static int parse_hex_code(const char *digits, uint64_t *value)
{
    if (*digits == '\0')
        return -1;
    *value = 0;
    for (; *digits; digits++) {
        int d = cli_db_hex_digit(*digits);
        if (d < 0 || *value > UINT32_MAX >> 4)
            return -1;
        *value = *value << 4 | (uint64_t)d;
    }
    return 0;
}

int cli_db_parse_byte(const char *hex, uint8_t *byte)
{
    return strlen(hex) == 2 ? cli_db_parse_hex(hex, byte) : -1;
}

int cli_db_parse_dtc_code(const char *s, uint32_t *code)
{
    uint64_t value;
    int hex = strncmp(s, "0x", 2) == 0 || strncmp(s, "0X", 2) == 0;
    if ((hex ? parse_hex_code(s + 2, &value) : cli_parse_uint(s, UINT32_MAX, &value)) != 0)
        return -1;
    *code = (uint32_t)value;
    return 0;
}

void cli_db_prefix_print(FILE *out, const mdd_request_prefix *prefix, int width)
{
    if (prefix->len == 0)
        fputc('-', out);
    for (size_t i = 0; i < prefix->len; i++)
        fprintf(out, "%02x", prefix->bytes[i]);
    size_t printed = prefix->len ? 2 * prefix->len : 1;
    for (size_t i = printed; i < (size_t)width; i++)
        fputc(' ', out);
}

void cli_db_service_json(json_writer *j, mdd_diag_service s, const mdd_request_prefix *prefix)
{
    json_object_begin(j);
    json_member_string(j, "name", mdd_diag_comm_short_name(mdd_diag_service_diag_comm(s)));
    json_key(j, "request");
    json_hex(j, prefix->bytes, prefix->len);
    json_object_end(j);
}

void cli_db_payload_service_json(json_writer *j, mdd_diag_service s)
{
    /* Room for the longest prefix there can be: each param visited adds at most 4 bytes. */
    static uint8_t bytes[4 * (size_t)MDD_REQUEST_PREFIX_WORK];
    size_t len = mdd_diag_service_request_prefix(s, bytes, sizeof bytes);
    mdd_request_prefix prefix = {bytes, len};
    cli_db_service_json(j, s, &prefix);
}

void cli_db_layer_json_begin(json_writer *j, const mdd_db_layer *layer)
{
    json_init(j, stdout);
    json_object_begin(j);
    json_key(j, "ecu");
    json_optional_string(j, mdd_db_ecu_name(mdd_db_layer_ecu(layer)));
    json_key(j, cli_db_layer_kind(layer));
    json_optional_string(j, mdd_db_layer_name(layer));
}

void cli_db_services_json(json_writer *j, const mdd_db_service *found, size_t n)
{
    json_key(j, "services");
    json_array_begin(j);
    for (size_t i = 0; i < n; i++)
        cli_db_service_json(j, found[i].service, &found[i].prefix);
    json_array_end(j);
}

void cli_db_dtc_json(json_writer *j, mdd_dtc d)
{
    json_object_begin(j);
    json_key(j, "code");
    json_uint(j, mdd_dtc_trouble_code(d));
    json_member_string(j, "display", mdd_dtc_display_trouble_code(d));
    json_member_string(j, "name", mdd_dtc_short_name(d));
    json_member_string(j, "text", mdd_text_value(mdd_dtc_text(d)));
    json_object_end(j);
}

int cli_db_run_layer_command(int argc, char **argv, const cli_db_layer_command *c)
{
    int first;
    int rc = cli_parse_options(c->db->cmd, argc, argv, c->option, c->args, &first);
    if (rc >= 0)
        return rc;
    size_t count = (size_t)(argc - first);
    if (c->several ? count == 0 : count != 1)
        return cli_usage_error(c->db->cmd, c->several ? "expected %s..." : "expected exactly one %s",
                               c->operand);
    const char *const *paths = (const char *const *)argv + first;
    mdd_db *db;
    const mdd_db_ecu *ecu;
    rc = cli_db_open_ecu_paths(paths, count, c->db, &db, &ecu);
    if (rc != CLI_EXIT_OK)
        return rc;
    /* Past the choice of the ECU, a message names the file the ECU came from. */
    const char *path = count == 1 ? paths[0] : mdd_db_ecu_path(ecu);
    const mdd_db_layer *layer;
    rc = cli_db_choose_layer(path, c->db, ecu, &layer);
    if (rc == CLI_EXIT_OK)
        rc = c->answer(path, c->args, layer);
    mdd_db_close(db);
    return rc;
}
