#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# mdd decode --batch on a generated log of recorded traffic (docs/benchmarks.md, "Batch
# decoding"):
#
#   bench/batch.sh [--build DIR] [--profile small|adr] [--records N] [--big N] [--runs R]
#                  [--sample S]
#
# 1. The corpus: `mdd gen --profile P` (default adr) in BUILD/bench-corpus-P, shared with
#    bench/run (made again only when the generator's sources change).
# 2. The log: bench_batch_log writes N records (default 1,000,000) over it, every service of
#    every ECU encoded by the codec, drawn at random.
# 3. Records per second of `mdd decode --batch -j 1` and `-j 2` on the log (the command's own
#    summary: the run after the databases are open, output to /dev/null), median of R runs
#    (default 5), and its peak RSS.
# 4. `mdd decode --json` once per record on the first S records of the log (default 200),
#    each process opening the record's file: records per second, and the time the whole log
#    would take that way; its output equals the batch's for those records.
# 5. Peak RSS of the batch for a log of --big records (default 10,000,000), streamed from the
#    generator through a pipe (never on disk), against the log of N.
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
BUILD=$root/build
PROFILE=adr
RECORDS=1000000
BIG=10000000
RUNS=5
SAMPLE=200
usage="usage: bench/batch.sh [--build DIR] [--profile small|adr] [--records N] [--big N] [--runs R] [--sample S]"
while [ $# -gt 0 ]; do
    case $1 in
    --build) BUILD=$2; shift 2 ;;
    --profile) PROFILE=$2; shift 2 ;;
    --records) RECORDS=$2; shift 2 ;;
    --big) BIG=$2; shift 2 ;;
    --runs) RUNS=$2; shift 2 ;;
    --sample) SAMPLE=$2; shift 2 ;;
    *) echo "$usage" >&2; exit 2 ;;
    esac
done
MDD=$BUILD/mdd
LOG_TOOL=$BUILD/bench/bench_batch_log
PEAK_RSS=$BUILD/tests/peak_rss
for tool in "$MDD" "$LOG_TOOL" "$PEAK_RSS"; do
    [ -x "$tool" ] || { echo "bench/batch.sh: $tool not built" >&2; exit 1; }
done
command -v jq >/dev/null || { echo "bench/batch.sh: jq not found" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/var/tmp}/mdd-bench-batch-XXXXXX")
trap 'rm -rf "$work"' EXIT

median() { sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# ---- 1. corpus (as bench/run makes it) ----
source "$here/corpus.bash"
bench_corpus "$MDD" "$BUILD" "$PROFILE" bench/batch.sh

# ---- 2. the log ----
"$LOG_TOOL" "$corpus" "$RECORDS" >"$work/log.jsonl" 2>"$work/log.err"
exchanges=$(sed -n 's/.*: \([0-9]*\) exchanges from \([0-9]*\) services.*/\1 of \2/p' "$work/log.err")
echo "log: $RECORDS records over $(ls "$corpus"/*.mdd | wc -l) files, $exchanges services encoded"

# ---- 3. the batch ----
# rate_of SUMMARY_FILE: the records/s of the summary line.
rate_of() { sed -n 's/^mdd: decode --batch: .*, \([0-9]*\) records\/s$/\1/p' "$1"; }
declare -A rate rss
for jobs in 1 2; do
    : >"$work/rates"
    : >"$work/rss"
    for ((r = 0; r < RUNS; r++)); do
        rc=0
        "$PEAK_RSS" "$MDD" decode --batch -j "$jobs" --input "$work/log.jsonl" "$corpus" \
            >>"$work/rss" 2>"$work/summary" || rc=$?
        [ "$rc" -le 1 ] || { echo "bench/batch.sh: the batch failed: $(cat "$work/summary")" >&2; exit 1; }
        rate_of "$work/summary" >>"$work/rates"
    done
    rate[$jobs]=$(median <"$work/rates")
    rss[$jobs]=$(median <"$work/rss")
    echo "batch -j $jobs: ${rate[$jobs]} records/s (median of $RUNS), peak RSS ${rss[$jobs]} KB; $(sed 's/^mdd: decode --batch: //; s/, [0-9]* records\/s$//' "$work/summary")"
done

# ---- 4. one process per record ----
head -n "$SAMPLE" "$work/log.jsonl" >"$work/sample.jsonl"
"$MDD" decode --batch -j 1 --input "$work/sample.jsonl" "$corpus" 2>/dev/null |
    jq -c 'del(.t)' >"$work/sample.batch" || true
jq -r '[.ecu, .request, .response] | @tsv' "$work/sample.jsonl" >"$work/sample.tsv"
t0=$(date +%s.%N)
while IFS=$'\t' read -r ecu req resp; do
    "$MDD" decode --json "$corpus/$ecu.mdd" "$req" "$resp" || echo "{\"failed\":\"$ecu $req $resp\"}"
done <"$work/sample.tsv" >"$work/sample.single"
t1=$(date +%s.%N)
cmp -s "$work/sample.batch" "$work/sample.single" ||
    { echo "bench/batch.sh: mdd decode per record and --batch disagree on the sample" >&2; exit 1; }
single=$(awk -v n="$SAMPLE" -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", n / (b - a) }')
echo "mdd decode per record: $single records/s (on $SAMPLE records, outputs equal to the batch's);" \
     "the log would take $(awk -v n="$RECORDS" -v r="$single" 'BEGIN { printf "%.0f", n / r }') s that way," \
     "against $(awk -v n="$RECORDS" -v r="${rate[1]}" 'BEGIN { printf "%.1f", n / r }') s with -j 1" \
     "and $(awk -v n="$RECORDS" -v r="${rate[2]}" 'BEGIN { printf "%.1f", n / r }') s with -j 2"

# ---- 5. memory against the log's size ----
rc=0
"$LOG_TOOL" "$corpus" "$BIG" 2>/dev/null |
    "$PEAK_RSS" "$MDD" decode --batch -j 2 "$corpus" >"$work/big.rss" 2>"$work/summary" || rc=$?
[ "$rc" -le 1 ] || { echo "bench/batch.sh: the big batch failed: $(cat "$work/summary")" >&2; exit 1; }
echo "peak RSS, -j 2: ${rss[2]} KB for $RECORDS records, $(cat "$work/big.rss") KB for $BIG records" \
     "($(rate_of "$work/summary") records/s streamed from the generator)"
