/* SPDX-License-Identifier: Apache-2.0 */
/* The signature policy: which signatures a file carries, which verifier each goes to, and
 * what the caller learns when none verifies. */
#include "sig_impl.h"

#include <stdio.h>
#include <string.h>

static const options_member sig_members[] = {
    OPTIONS_SCALAR(mdd_sig_options, policy, mdd_sig_policy),
    OPTIONS_SCALAR(mdd_sig_options, trust, const mdd_trust *),
    OPTIONS_SCALAR(mdd_sig_options, verifier, mdd_sig_verifier),
    OPTIONS_SCALAR(mdd_sig_options, verifier_ctx, void *),
};
const options_layout options_layout_sig =
    OPTIONS_LAYOUT(mdd_sig_options, MDD_SIG_OPTIONS_SIZE, sig_members);

static const char *const policy_names[] = {
    [MDD_SIG_OFF] = "off",
    [MDD_SIG_VERIFY_IF_PRESENT] = "verify-if-present",
    [MDD_SIG_REQUIRE] = "require",
};

const char *mdd_sig_policy_name(mdd_sig_policy policy)
{
    return (unsigned)policy <= MDD_SIG_REQUIRE ? policy_names[policy] : "unknown";
}

mdd_status mdd_sig_policy_parse(const char *name, mdd_sig_policy *policy, mdd_error *err)
{
    for (unsigned i = 0; name && i <= MDD_SIG_REQUIRE; i++)
        if (strcmp(name, policy_names[i]) == 0) {
            *policy = (mdd_sig_policy)i;
            return MDD_OK;
        }
    return mdd_fail(err, MDD_ERR_ARG,
                    "unknown signature policy '%.64s' (off, verify-if-present, require)",
                    name ? name : "(null)");
}

void sig_result_algorithm(mdd_sig_result *result, mdd_bytes algorithm)
{
    size_t n = algorithm.len < sizeof result->algorithm - 1 ? algorithm.len
                                                            : sizeof result->algorithm - 1;
    if (n)
        memcpy(result->algorithm, algorithm.ptr, n);
    result->algorithm[n] = '\0';
}

static mdd_status ask_verifier(const mdd_signature *sig, const uint8_t *msg,
                               const mdd_sig_options *opts, mdd_sig_result *result,
                               mdd_error *err)
{
    mdd_sig_candidate c = {sig->algorithm, sig->key_identifier, sig->signature,
                           sig->certificates.items, sig->certificates.count};
    mdd_error local = {0};
    if (!err)
        err = &local; /* the verifier may always write its reason */
    err->message[0] = '\0';
    mdd_status st = opts->verifier(opts->verifier_ctx, &c, msg, err);
    if (st == MDD_ERR_NOT_FOUND || st == MDD_ERR_NOMEM)
        return st;
    if (st) {
        /* The verifier's reason, copied: mdd_fail() writes the message it would read. */
        char why[MDD_ERROR_MESSAGE_SIZE];
        snprintf(why, sizeof why, "%s", err->message[0] ? err->message : "rejected");
        return mdd_fail(err, MDD_ERR_SIGNATURE, "%s", why);
    }
    memset(result, 0, sizeof *result);
    sig_result_algorithm(result, sig->algorithm);
    snprintf(result->key_source, sizeof result->key_source, "verifier");
    return MDD_OK;
}

mdd_status mdd_sig_verify(const mdd_signature *sig, const uint8_t *msg, size_t msg_len,
                          const mdd_sig_options *opts, mdd_sig_result *result, mdd_error *err)
{
    mdd_status st = sig_builtin_verify(sig, msg, msg_len, opts->trust, result, err);
    /* The callback takes only the file digest's size: what every signature here signs. */
    if (st != MDD_ERR_NOT_FOUND || !opts->verifier || msg_len != MDD_SIG_DIGEST_SIZE)
        return st;
    mdd_error builtin = err ? *err : (mdd_error){0};
    st = ask_verifier(sig, msg, opts, result, err);
    if (st == MDD_ERR_NOT_FOUND && err)
        *err = builtin;
    return st;
}

/* Appends "; signature I (ALG): REASON" to why, cut at its end. */
static void add_reason(char *why, size_t size, size_t i, mdd_bytes algorithm, const char *reason)
{
    size_t used = strlen(why);
    if (used + 1 < size)
        snprintf(why + used, size - used, "%ssignature %zu (%.*s): %.160s", used ? "; " : "", i,
                 (int)(algorithm.len < 32 ? algorithm.len : 32),
                 algorithm.ptr ? (const char *)algorithm.ptr : "", reason);
}

mdd_status mdd_sig_check_file(const mdd_file *file, const uint8_t digest[MDD_SIG_DIGEST_SIZE],
                              const mdd_sig_options *opts, mdd_sig_result *result,
                              mdd_error *err)
{
    memset(result, 0, sizeof *result);
    if (opts->policy == MDD_SIG_OFF)
        return MDD_OK;
    if (file->chunks_signature_count == 0) {
        if (opts->policy == MDD_SIG_REQUIRE)
            return mdd_fail(err, MDD_ERR_SIGNATURE,
                            "MDDFile.chunks_signature: unsigned, and the policy requires a "
                            "signature");
        result->state = MDD_SIG_UNSIGNED;
        return MDD_OK;
    }
    if (!mdd_sig_available() && !opts->verifier)
        return mdd_fail(err, MDD_ERR_UNSUPPORTED,
                        "signatures cannot be checked: libmdd was built without libcrypto");
    char why[MDD_ERROR_MESSAGE_SIZE - 64] = "";
    for (size_t i = 0; i < file->chunks_signature_count; i++) {
        const mdd_signature *sig = &file->chunks_signatures[i];
        mdd_error e = {0};
        mdd_status st = mdd_sig_verify(sig, digest, MDD_SIG_DIGEST_SIZE, opts, result, &e);
        if (st == MDD_OK) {
            result->state = MDD_SIG_VERIFIED;
            result->index = (uint32_t)i;
            return MDD_OK;
        }
        if (st == MDD_ERR_NOMEM)
            return mdd_fail(err, st, "%s", e.message);
        add_reason(why, sizeof why, i, sig->algorithm, e.message);
    }
    memset(result, 0, sizeof *result);
    return mdd_fail(err, MDD_ERR_SIGNATURE, "MDDFile.chunks_signature: not authentic: %s", why);
}
