# SPDX-License-Identifier: Apache-2.0
# mdd bench strategies: on a small generated corpus, one warm run gives every strategy the
# figures the JSON promises (ready_ms among them), leaves the given files as they were and no
# scratch directory; bad command lines are usage errors.
source "$(dirname "$0")/lib.bash" "$@"
skip_when_emulated "forks children that it measures through /proc"
command -v jq >/dev/null || skip "jq is not installed"
cd "$WORK"

run 0 "$MDD" gen --ecus 2 --target-bytes 448000 corpus
before=$(sha512sum corpus/*.mdd)
mkdir scratch
export TMPDIR=$WORK/scratch
run 0 "$MDD" bench strategies --json --runs 1 --cache warm corpus
json=$(cat "$TMP/out")
for s in heap sidecar inplace pread; do
    for key in open_ms open_noverify_ms ready_ms idle_rss_kb idle_pss_kb pressure_rss_kb disk_kb; do
        expect_eq "$(jq --arg s "$s" --arg k "$key" '.[$s][$k] | type == "number" and . > 0' \
            <<<"$json")" true "$s: $key is a positive number"
    done
done
expect_eq "$(jq -c '.corpus.files, .run.runs, .run.cache' <<<"$json" | tr '\n' ' ')" \
    '2 1 "warm" ' "corpus and run"
expect_eq "$(jq 'has("warm")' <<<"$json")" false "one cache mode: no warm object"
expect_eq "$(jq '.ratios.warm.inplace_heap_ready.target' <<<"$json")" 0.01 "the ready target"
grep -q '^mdd: run 1 warm inplace ' "$TMP/err" || fail "no progress line: $(cat "$TMP/err")"
expect_eq "$(sha512sum corpus/*.mdd)" "$before" "the given files are untouched"
expect_eq "$(ls -A corpus)" "$(printf '%s\n' BCM1000.mdd FG_ECM_01.mdd)" "nothing beside them"
# On tmpfs the scratch directory goes to /var/tmp instead, where others' runs may be.
if [ "$(stat -f -c %T scratch)" != tmpfs ]; then
    expect_eq "$(ls -A scratch)" "" "the scratch directory is removed"
fi

# Usage errors.
run 2 "$MDD" bench strategies --runs 0 corpus
expect_eq "$(head -1 "$TMP/err")" "mdd bench: --runs: expected 1 to 99, not '0'" "--runs 0"
run 2 "$MDD" bench strategies --cache hot corpus
expect_eq "$(head -1 "$TMP/err")" "mdd bench: --cache: expected cold, warm or both, not 'hot'" \
    "--cache hot"
run 2 "$MDD" bench lookups corpus
expect_eq "$(head -1 "$TMP/err")" "mdd bench: expected 'strategies' and one DIR" "unknown kind"
run 2 "$MDD" bench strategies
expect_eq "$(head -1 "$TMP/err")" "mdd bench: expected 'strategies' and one DIR" "no DIR"
# A directory that is not there: a failure naming it.
run 1 "$MDD" bench strategies --runs 1 missing
grep -q 'missing' "$TMP/err" || fail "the failure names no directory: $(cat "$TMP/err")"
echo "PASS"
