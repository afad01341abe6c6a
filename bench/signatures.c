/* SPDX-License-Identifier: Apache-2.0 */
/* Ready time with signatures required against without: the directory DIR (converted files
 * with verification records, every one signed) opened as one database under inplace, RUNS
 * times each way, alternating, warm; the trust store is read inside the timed part, as an
 * adapter reads it at start. Prints the medians and their ratio (docs/benchmarks.md,
 * "Signatures at open"; the ADR-sized set comes from bench/signatures.sh).
 *
 *   bench_signatures DIR TRUST_DIR [RUNS] */
#include "bench_common.h"

#include <mdd/mdd.h>

#include <stdio.h>
#include <stdlib.h>

#define MAX_RUNS 99

/* Opens dir as a database under policy, closes it, and returns the milliseconds to ready. */
static double ready_ms(const char *dir, const char *trust_dir, mdd_sig_policy policy,
                       int *attested)
{
    double start = bench_now_ms();
    mdd_db_options opts = mdd_db_options_default();
    mdd_trust *trust = NULL;
    mdd_error err;
    if (policy != MDD_SIG_OFF) {
        if (mdd_trust_open(trust_dir, &trust, &err) != MDD_OK)
            bench_die("%s", err.message);
        opts.store.sig.policy = policy;
        opts.store.sig.trust = trust;
    }
    mdd_db *db;
    if (mdd_db_open_dir(dir, &opts, &db, &err) != MDD_OK)
        bench_die("%s", err.message);
    double ms = bench_now_ms() - start;
    *attested = 0;
    for (size_t i = 0; i < mdd_db_ecu_count(db); i++)
        *attested += mdd_db_ecu_signature(mdd_db_ecu_at(db, i))->from_record;
    mdd_db_close(db);
    mdd_trust_close(trust);
    return ms;
}

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4)
        bench_die("usage: bench_signatures DIR TRUST_DIR [RUNS]");
    unsigned runs = argc == 4 ? bench_parse_uint("RUNS", argv[3], 1, MAX_RUNS) : 7;
    double off[MAX_RUNS], require[MAX_RUNS];
    int attested;
    /* The first opens write what later ones read: records, indexes, attestations. */
    ready_ms(argv[1], argv[2], MDD_SIG_OFF, &attested);
    ready_ms(argv[1], argv[2], MDD_SIG_REQUIRE, &attested);
    /* Each goes first in every other round, so neither gains from the other's warming. */
    for (unsigned r = 0; r < runs; r++) {
        if (r % 2)
            require[r] = ready_ms(argv[1], argv[2], MDD_SIG_REQUIRE, &attested);
        off[r] = ready_ms(argv[1], argv[2], MDD_SIG_OFF, &attested);
        if (r % 2 == 0)
            require[r] = ready_ms(argv[1], argv[2], MDD_SIG_REQUIRE, &attested);
    }
    double a = bench_median(off, runs), b = bench_median(require, runs);
    printf("ready, policy off:     %.2f ms (median of %u)\n", a, runs);
    printf("ready, policy require: %.2f ms (median of %u; %d signatures attested)\n", b, runs,
           attested);
    printf("require / off:         %.3fx\n", b / a);
    return 0;
}
