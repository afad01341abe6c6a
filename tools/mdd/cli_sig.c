/* SPDX-License-Identifier: Apache-2.0 */
#include "cli_sig.h"

#include <mdd_internal/common.h>

#include <stdio.h>

const cli_option cli_sig_options[] = {
    {CLI_KEY_TRUST, "trust", "DIR",
     "check file signatures against the public keys and CA certificates (*.pem, *.crt) in "
     "DIR: a signed file must verify with one of them, an unsigned one loads", NULL},
    {CLI_KEY_REQUIRE_SIGNATURE, "require-signature", NULL,
     "with --trust: refuse every file that does not verify with a trusted key", NULL},
    CLI_OPTIONS_END,
};

int cli_sig_option(cli_sig_args *a, int option, const char *value)
{
    if (option == CLI_KEY_TRUST)
        a->trust_dir = value;
    else if (option == CLI_KEY_REQUIRE_SIGNATURE)
        a->require = 1;
    else
        return 0;
    return 1;
}

int cli_sig_open(const cli_command *cmd, cli_sig_args *a, mdd_sig_options *opts)
{
    *opts = mdd_sig_options_default();
    if (a->require && !a->trust_dir)
        return cli_usage_error(cmd, "--require-signature needs --trust DIR");
    if (!a->trust_dir)
        return CLI_EXIT_OK;
    mdd_error err;
    if (mdd_trust_open(a->trust_dir, &a->trust, &err) != MDD_OK) {
        fflush(stdout);
        fprintf(stderr, "mdd: %s\n", err.message);
        return CLI_EXIT_FAIL;
    }
    opts->policy = a->require ? MDD_SIG_REQUIRE : MDD_SIG_VERIFY_IF_PRESENT;
    opts->trust = a->trust;
    return CLI_EXIT_OK;
}

void cli_sig_close(cli_sig_args *a)
{
    mdd_trust_close(a->trust);
    a->trust = NULL;
}

const char *cli_sig_describe(const mdd_sig_result *result, char *buf, size_t size)
{
    char key[17];
    mdd_hex(result->key_id, 8, key);
    if (result->state == MDD_SIG_VERIFIED)
        snprintf(buf, size, "%s key %s (%s)%s", result->algorithm, key, result->key_source,
                 result->from_record ? ", attested by its record" : "");
    else
        snprintf(buf, size, "%s", result->state == MDD_SIG_UNSIGNED ? "unsigned" : "");
    return buf;
}
