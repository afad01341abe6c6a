#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# mdd serve under abuse (docs/benchmarks.md, "The server under abuse"): bench_serve against a
# server on loopback, with only the measured keep-alive clients doing lookups ("alone"), and
# with slow clients beside them (half request heads trickled a byte a second, and slow
# readers of a 16 MiB chunk). A first run alone of REQUESTS answers sets the length of the
# others: as many answers as its rate gives in 12 s (at least REQUESTS), so that a run with
# slow clients spans two header deadlines (5 s), whose bursts of closing and reconnecting
# slow clients are most of what they cost the server. Then ROUNDS rounds, each a run alone
# followed by one with slow clients: on a shared machine the load changes from one minute to
# the next, and a ratio is only fair between runs side by side.
#
# Prints every run (JSON lines, each with the CPU time the load generator, cpu_s, and the
# server, server_cpu_s, used meanwhile: on a machine with few CPUs they compete), each
# round's throughput ratio and p99 with slow clients, their medians and the server's
# counters. About 2 minutes.
#
# LOADGEN, when set, is a command prefix for the load generator, e.g. "taskset -c 1" or
# "nice -n 10", and SERVER one for the server: to see what their competition does to the
# figures.
#
#   bench/serve.sh BUILD_DIR [CLIENTS [SLOW [SLOW_READERS [REQUESTS [ROUNDS]]]]]
set -euo pipefail
BUILD=${1:?usage: bench/serve.sh BUILD_DIR [CLIENTS [SLOW [SLOW_READERS [REQUESTS [ROUNDS]]]]]}
CLIENTS=${2:-16}
SLOW=${3:-1000}
READERS=${4:-20}
REQUESTS=${5:-50000}
ROUNDS=${6:-3}
MDD=$BUILD/mdd
BENCH=$BUILD/bench/bench_serve
TMP=$(mktemp -d)
PID=
trap '[ -z "$PID" ] || kill -TERM "$PID" 2>/dev/null || true; rm -rf "$TMP"' EXIT

"$MDD" gen --profile small --ecus 1 "$TMP/gen" >/dev/null
ecu=$(basename "$TMP"/gen/*.mdd .mdd)
"$MDD" cat "$TMP/gen/$ecu.mdd" -o "$TMP/payload"
head -c $((16 << 20)) /dev/urandom >"$TMP/blob"
mkdir "$TMP/db"
"$MDD" pack -o "$TMP/db/$ecu.mdd" --ecu "$ecu" \
    --chunk "DIAGNOSTIC_DESCRIPTION:$ecu:$TMP/payload:plain" \
    --chunk "EMBEDDED_FILE:blob:$TMP/blob:plain" >/dev/null
mkfifo "$TMP/listen"
${SERVER:-} "$MDD" serve --listen 127.0.0.1:0 "$TMP/db" >"$TMP/listen" &
PID=$!
read -r line <"$TMP/listen"
port=${line##*:}
lookup="/ecus/$ecu/lookup?request=22F190"

# The server's CPU time so far, user and system, in seconds.
server_cpu() { awk -v hz="$(getconf CLK_TCK)" '{ print ($14 + $15) / hz }' "/proc/$PID/stat"; }

# Runs the load generator with the given arguments; prints its line with server_cpu_s added.
measure() {
    local before out
    before=$(server_cpu)
    out=$(${LOADGEN:-} "$BENCH" "$@")
    jq -c --argjson s "$(awk -v a="$before" -v b="$(server_cpu)" 'BEGIN { print b - a }')" \
        '. + {server_cpu_s: $s}' <<<"$out"
}

first=$(measure --clients "$CLIENTS" --requests "$REQUESTS" --path "$lookup" "$port")
echo "$first"
long=$(jq -r --argjson n "$REQUESTS" '[$n, (.requests_per_s * 12 | ceil)] | max' <<<"$first")
rounds=()
for ((r = 1; r <= ROUNDS; r++)); do
    base=$(measure --clients "$CLIENTS" --requests "$long" --path "$lookup" "$port")
    echo "$base"
    abuse=$(measure --clients "$CLIENTS" --requests "$long" --slow "$SLOW" \
        --slow-readers "$READERS" --path "$lookup" --chunk-path "/ecus/$ecu/chunks/blob" \
        "$port")
    echo "$abuse"
    rounds+=("$(jq -n -c --argjson a "$base" --argjson b "$abuse" --argjson r "$r" \
        '{round: $r,
          throughput_ratio: (($b.requests_per_s / $a.requests_per_s) * 100 | round / 100),
          p99_ms: ($b.p99_us / 1000 * 100 | round / 100)}')")
    echo "${rounds[-1]}"
done
printf '%s\n' "${rounds[@]}" | jq -s -c 'def median: sort | .[length / 2 | floor];
    {median_throughput_ratio: (map(.throughput_ratio) | median),
     median_p99_ms: (map(.p99_ms) | median)}'
curl -s "http://127.0.0.1:$port/metrics" |
    jq -c '{accepted, evicted, refused, header_timeouts, max_loop_stall_us, max_loop_stall_own_us}'
