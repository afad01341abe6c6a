#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Before/after figures for lookups and open: two builds measured alternately.
#
#   bench/compare.sh [--rounds N] [--corpus DIR] OLD_BUILD_DIR NEW_BUILD_DIR
#
# Every round runs, for each build, one after the other (which of the two goes first alternates
# from round to round, so that drift on a shared machine hits both alike):
#   - BUILD/bench/bench_lookup --runs 3: ns per lookup of the index and of the naive scan, and
#     of the index on a database opened heap and one opened inplace (docs/benchmarks.md,
#     "Service lookups");
#   - BUILD/bench/bench_strategies --adapter 10000 --runs 1 --cache warm over the corpus, for
#     heap, inplace and pread: the open figures of bench/run, in ms (all files opened as one
#     database with verification and the lookup index, then 10,000 requests answered; again
#     without verification).
# The corpus is DIR, else a medium one made with NEW's `mdd gen` (16 files, about 63 MB
# uncompressed), kept in NEW_BUILD_DIR/bench-corpus-compare and made again only when the
# generator's sources change. Both builds read the same files.
# Prints a markdown table: per figure, each build's median over the N rounds (default 5) and
# their ratio new / old, then the median and range of the ratios new / old taken within each
# round: the two builds of a round ran back to back, under much the same load from other work,
# so on a busy machine these vary less. Every figure is a time: above 1 the new build is
# slower. About 2.5 minutes for 5 rounds on 2 CPUs (up to 10 when other work loads them), plus
# 1.5 to make the default corpus the first time.
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
ROUNDS=5
CORPUS=
usage() {
    echo "usage: bench/compare.sh [--rounds N] [--corpus DIR] OLD_BUILD_DIR NEW_BUILD_DIR" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case $1 in
    --rounds) [ $# -ge 2 ] || usage; ROUNDS=$2; shift 2 ;;
    --corpus) [ $# -ge 2 ] || usage; CORPUS=$2; shift 2 ;;
    -*) usage ;;
    *) break ;;
    esac
done
[ $# -eq 2 ] || usage
[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || { echo "bench/compare.sh: --rounds: expected a count, not '$ROUNDS'" >&2; exit 2; }
OLD=$(cd "$1" && pwd)
NEW=$(cd "$2" && pwd)
for build in "$OLD" "$NEW"; do
    for tool in bench/bench_lookup bench/bench_strategies; do
        [ -x "$build/$tool" ] || { echo "bench/compare.sh: $build/$tool not built" >&2; exit 1; }
    done
done
command -v jq >/dev/null || { echo "bench/compare.sh: jq not found" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/var/tmp}/mdd-bench-compare-XXXXXX")
trap 'rm -rf "$work"' EXIT

# ---- the corpus ----
if [ -z "$CORPUS" ]; then
    [ -x "$NEW/mdd" ] || { echo "bench/compare.sh: $NEW/mdd not built" >&2; exit 1; }
    CORPUS=$NEW/bench-corpus-compare
    stamp="16 files 64000000 bytes seed 1 $(cat "$root"/src/gen/*.[ch] "$root"/src/fb/build*.[ch] | sha256sum | cut -c1-16)"
    if [ "$(cat "$CORPUS/.stamp" 2>/dev/null)" != "$stamp" ]; then
        echo "bench/compare.sh: generating the corpus in $CORPUS" >&2
        rm -rf "$CORPUS"
        "$NEW/mdd" gen --profile adr --seed 1 --ecus 16 --target-bytes 64000000 "$CORPUS" >/dev/null
        echo "$stamp" >"$CORPUS/.stamp"
    fi
fi
shopt -s nullglob
mdd_files=("$CORPUS"/*.mdd)
files=${#mdd_files[@]}
[ "$files" -gt 0 ] || { echo "bench/compare.sh: no *.mdd files in $CORPUS" >&2; exit 1; }

# ---- the rounds: lines "FIGURE ROUND VALUE" appended to $work/old.txt and $work/new.txt ----
STRATEGIES=(heap inplace pread)
# measure_KIND NAME BUILD ROUND
measure_lookup() {
    "$2/bench/bench_lookup" --runs 3 |
        awk -v r="$3" '/ns\/lookup/ && $1 ~ /^(indexed|naive|heap|inplace)$/ { print "lookup_" $1, r, $2 }
            # Builds that time every lookup kind print a table: its request row is the same
            # indexed and naive request lookup.
            $1 == "request" && $2 ~ /^[0-9.]+$/ { print "lookup_indexed", r, $2; print "lookup_naive", r, $3 }' \
        >>"$work/$1.txt"
}
measure_open() {
    "$2/bench/bench_strategies" --adapter 10000 --runs 1 --cache warm \
        --strategies "$(IFS=,; echo "${STRATEGIES[*]}")" --json "$CORPUS" 2>"$work/stderr" |
        jq -r --arg r "$3" '(.warm // .) | to_entries[]
               | select((.value | type) == "object" and .value.open_ms != null and .key != "baseline")
               | "open_\(.key) \($r) \(.value.open_ms)", "open_noverify_\(.key) \($r) \(.value.open_noverify_ms)"' \
        >>"$work/$1.txt" || { cat "$work/stderr" >&2; exit 1; }
}
for ((r = 1; r <= ROUNDS; r++)); do
    echo "bench/compare.sh: round $r of $ROUNDS" >&2
    order=(old new)
    ((r % 2)) || order=(new old)
    for kind in lookup open; do
        for name in "${order[@]}"; do
            build=$OLD
            [ "$name" = new ] && build=$NEW
            "measure_$kind" "$name" "$build" "$r"
        done
    done
done

# ---- the table ----
median() { sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# FIGURE's values in FILE, one a line.
values() { awk -v f="$1" '$1 == f { print $3 }' "$2"; }
# FIGURE's ratios new / old within each round, one a line.
round_ratios() {
    awk -v f="$1" 'FNR == NR { if ($1 == f) old[$2] = $3; next }
                   $1 == f && old[$2] > 0 { printf "%.4f\n", $3 / old[$2] }' \
        "$work/old.txt" "$work/new.txt"
}
label() {
    case $1 in
    lookup_*) echo "lookup, ${1#lookup_} (ns)" ;;
    open_noverify_*) echo "open ${1#open_noverify_}, no verify (ms)" ;;
    open_*) echo "open ${1#open_}: verify, index, 10k requests (ms)" ;;
    esac
}
echo "Old: $OLD; new: $NEW. $ROUNDS rounds, the builds alternating."
echo "Lookups: bench_lookup --runs 3. Open: bench_strategies --adapter 10000 --cache warm on $CORPUS ($files files)."
echo "Every figure is a time: new / old above 1 is slower."
echo
echo "| figure | old median | new median | new / old | new / old within a round: median (range) |"
echo "|---|---|---|---|---|"
figures="lookup_indexed lookup_naive lookup_heap lookup_inplace"
for s in "${STRATEGIES[@]}"; do figures+=" open_$s open_noverify_$s"; done
for f in $figures; do
    om=$(values "$f" "$work/old.txt" | median)
    nm=$(values "$f" "$work/new.txt" | median)
    rm=$(round_ratios "$f" | median)
    range=$(round_ratios "$f" | sort -g | sed -n '1p;$p' | paste -sd' ')
    awk -v l="$(label "$f")" -v om="$om" -v nm="$nm" -v rm="$rm" -v range="$range" 'BEGIN {
        split(range, r, " ")
        printf "| %s | %s | %s | %.3f | %.3f (%.3f-%.3f) |\n", l, om, nm, (om > 0 ? nm / om : 0), rm,
               r[1], r[2] }'
done
