/* SPDX-License-Identifier: Apache-2.0 */
/* Signatures at open (docs/adr/0029-authenticated-databases.md): the file-level digest from
 * the chunk digests integrity already established, checked once and then attested by the
 * verification record, so that a trusted open does no public-key work. */
#include "store_impl.h"

#include <mdd_internal/sig.h>

#include <stdlib.h>
#include <string.h>

/* Whether the store's trusted record attests a signature for this policy and trust store. */
static int attested(const mdd_store *store, const mdd_sig_options *opts)
{
    const mdd_record *r = &store->record;
    uint8_t trust[32];
    mdd_trust_fingerprint(opts->trust, trust);
    return store->verified_by == MDD_VERIFIED_RECORD && r->chunks &&
           r->sig.state == MDD_SIG_VERIFIED && r->sig_policy == (uint32_t)opts->policy &&
           memcmp(r->sig_trust, trust, sizeof trust) == 0;
}

static void attest(mdd_store *store, const mdd_sig_options *opts)
{
    mdd_record *r = &store->record;
    /* A callback's verdict is not the trust store's: it is asked again at every open. */
    if (!r->chunks || strcmp(store->sig.key_source, "verifier") == 0)
        return;
    r->sig = store->sig;
    r->sig_policy = (uint32_t)opts->policy;
    mdd_trust_fingerprint(opts->trust, r->sig_trust);
    store_record_resave(store);
}

/* Every chunk's SHA-512: the record's when integrity came from or wrote one, else hashed. */
static mdd_status chunk_digests(const mdd_store *store, uint8_t (*digests)[MDD_SHA512_SIZE],
                                mdd_error *err)
{
    const mdd_record *r = &store->record;
    int recorded = r->chunks && r->chunk_count == store->file.chunk_count;
    for (size_t i = 0; i < store->file.chunk_count; i++) {
        if (recorded) {
            memcpy(digests[i], r->chunks[i].sha512, MDD_SHA512_SIZE);
            continue;
        }
        mdd_status st = store->ops->hash(store, store->views[i], digests[i], err);
        if (st)
            return st;
    }
    return MDD_OK;
}

mdd_status store_check_signature(mdd_store *store, const mdd_sig_options *opts, mdd_error *err)
{
    memset(&store->sig, 0, sizeof store->sig);
    if (opts->policy == MDD_SIG_OFF)
        return MDD_OK;
    if (store->file.chunks_signature_count && attested(store, opts)) {
        store->sig = store->record.sig;
        store->sig.from_record = 1;
        return MDD_OK;
    }
    size_t count = store->file.chunk_count;
    uint8_t(*digests)[MDD_SHA512_SIZE] = calloc(count ? count : 1, sizeof *digests);
    if (!digests)
        return mdd_fail(err, MDD_ERR_NOMEM, "no memory for %zu chunk digests", count);
    uint8_t digest[MDD_SIG_DIGEST_SIZE];
    mdd_status st = chunk_digests(store, digests, err);
    if (!st)
        st = mdd_sig_file_digest(&store->file, (const uint8_t(*)[MDD_SHA512_SIZE])digests,
                                 digest, err);
    free(digests);
    if (!st)
        st = mdd_sig_check_file(&store->file, digest, opts, &store->sig, err);
    if (!st && store->sig.state == MDD_SIG_VERIFIED)
        attest(store, opts);
    if (st)
        mdd_store_forget_fresh_record(store);
    return st;
}

const mdd_sig_result *mdd_store_signature(const mdd_store *store) { return &store->sig; }
