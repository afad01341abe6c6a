#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The figures of docs/benchmarks.md, "Updates": the ADR-sized set (mdd gen --profile adr
# --seed 1, cached in BUILD/bench-corpus-adr) served from a scratch directory, updated to the
# same 68 ECUs generated with seed 2 (same names and revisions). Per run: the
# time to stage the 68 files (copy, convert, check), to apply, to roll back and to apply again
# (a second rollback); then, with `mdd serve` on the directory and a poller asking for a lookup
# and /ecus in a loop, the time from the start of an apply (of the new set without one ECU)
# until the server answers with the new set, how many polls failed and how many reloads the
# server made; finally `mdd diff` of the two sets. Prints
# each figure's median over RUNS runs.
#
#   bench/update.sh [BUILD] [RUNS]
set -eu
build=${1:-build}
runs=${2:-5}
mdd=$build/mdd
old=$build/bench-corpus-adr
new=$build/bench-corpus-adr-seed2
work=$build/bench-update
[ -d "$old" ] || "$mdd" gen --profile adr --seed 1 "$old" >/dev/null
[ -d "$new" ] || "$mdd" gen --profile adr --seed 2 "$new" >/dev/null
now() { date +%s.%N; }
since() { echo "$(now) - $1" | bc; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

rm -rf "$work"
mkdir -p "$work/figures"
for run in $(seq 1 "$runs"); do
    rm -rf "$work/live"
    cp -r "$old" "$work/live"
    "$mdd" convert --quiet "$work/live" >/dev/null
    t=$(now); "$mdd" update stage "$work/live" "$new"/*.mdd >/dev/null; since "$t" >>"$work/figures/stage"
    t=$(now); "$mdd" update apply "$work/live" >/dev/null; since "$t" >>"$work/figures/apply"
    t=$(now); "$mdd" update rollback "$work/live" >/dev/null; since "$t" >>"$work/figures/rollback"
    t=$(now); "$mdd" update rollback "$work/live" >/dev/null; since "$t" >>"$work/figures/forward"
done

# The server during an apply.
rm -rf "$work/live"
cp -r "$old" "$work/live"
"$mdd" convert --quiet "$work/live" >/dev/null
"$mdd" serve --listen 127.0.0.1:0 "$work/live" >"$work/serve.out" 2>"$work/serve.err" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
while ! grep -q '^listening on ' "$work/serve.out"; do
    kill -0 $server || { cat "$work/serve.err"; exit 1; }
    sleep 0.05
done
url=$(sed -n "s/^listening on //p" "$work/serve.out" | head -n 1)
# The new set leaves one ECU out: the server serves the new set once /ecus lacks it.
"$mdd" update stage "$work/live" "$new"/*.mdd --remove TPMS1049 >/dev/null
polls=0 failed=0
t=$(now)
"$mdd" update apply "$work/live" >/dev/null &
applier=$!
while :; do
    polls=$((polls + 1))
    curl -sf "$url/ecus/BCM1000/lookup?request=22F190" >/dev/null || failed=$((failed + 1))
    ecus=$(curl -sf "$url/ecus") || { failed=$((failed + 1)); continue; }
    case $ecus in *TPMS1049*) ;; *) break ;; esac
done
reload=$(since "$t")
wait $applier
kill $server; wait $server 2>/dev/null || true
trap - EXIT
reloads=$(grep -c '^reloaded:' "$work/serve.out" || true)

t=$(now); "$mdd" diff "$old" "$new" >/dev/null || true; diff_s=$(since "$t")

echo "update of the ADR-sized set (68 files), medians of $runs runs:"
for f in stage apply rollback forward; do
    printf '  %-9s %s s\n' "$f" "$(median <"$work/figures/$f")"
done
echo "  server: new set served $reload s after the apply began; $polls polls, $failed failed; $reloads reload(s)"
echo "  mdd diff of the two sets: $diff_s s"
