#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Codec throughput: libmdd's in-process LZMA-alone decode and SHA-512 (the build's backend and
# the project's own, docs/adr/0016) against the command-line tools that do the same job
# (xz --format=lzma -dc, openssl dgst -sha512).
#
#   bench/codec.sh BUILD_DIR
#
# Generates a synthetic diagnostic database (64 MiB), compresses it with preset 6 (whose 8 MiB
# dictionary is the one the corpus files declare), then times both sides alternately, RUNS
# times each, with a warm page cache. libmdd is timed inside a fresh process around the decode
# or hash call: the input is already in memory, but the 64 MiB destination is new and faulted
# in during the decode, as it is for a real load. The tools are timed around the whole command
# (process start, reading the file from the page cache, writing to /dev/null), which is what a
# caller of the tool pays. Prints each run, the ratios of throughputs (libmdd / tool) and a
# markdown table.
# `make bench` runs this through sh: take over with bash, whose arrays and clock it needs.
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
set -euo pipefail
export LC_ALL=C

BUILD=${1:?usage: bench/codec.sh BUILD_DIR}
BENCH="$BUILD/bench/bench_codec_bench"
SIZE=$((64 << 20))
RUNS=5
PRESET=6

for tool in xz openssl awk; do
    command -v "$tool" >/dev/null || { echo "codec.sh: $tool not found" >&2; exit 1; }
done
[ -x "$BENCH" ] || { echo "codec.sh: $BENCH not built" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
payload="$work/payload"
stream="$work/payload.lzma"

"$BENCH" make-payload "$payload" "$SIZE" 1
"$BENCH" lzma-encode "$payload" "$stream" "$PRESET"
# Both decoders must agree with the original before their speed means anything.
if ! xz --format=lzma -dc "$stream" | cmp -s - "$payload"; then
    echo "codec.sh: xz does not reproduce the payload" >&2
    exit 1
fi
stream_size=$(stat -c %s "$stream")

# Seconds taken by one run of a command, output discarded.
time_command() {
    local t0=$EPOCHREALTIME
    "$@" >/dev/null
    local t1=$EPOCHREALTIME
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f\n", b - a }'
}

median() {
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 }
        END { h = int((NR + 1) / 2); print NR % 2 ? v[h] : (v[h] + v[h + 1]) / 2 }'
}

mdd_lzma=() xz_lzma=() mdd_sha=() ssl_sha=() own_sha=()
for _ in $(seq "$RUNS"); do
    mdd_lzma+=("$("$BENCH" lzma "$stream" "$SIZE" 1)")
    xz_lzma+=("$(time_command xz --format=lzma -dc "$stream")")
    mdd_sha+=("$("$BENCH" sha512 "$payload" 1)")
    ssl_sha+=("$(time_command openssl dgst -sha512 "$payload")")
    own_sha+=("$("$BENCH" sha512-builtin "$payload" 1)")
done

m_lzma=$(median "${mdd_lzma[@]}")
t_lzma=$(median "${xz_lzma[@]}")
m_sha=$(median "${mdd_sha[@]}")
t_sha=$(median "${ssl_sha[@]}")
o_sha=$(median "${own_sha[@]}")

# libmdd throughput over the tool's: the same bytes, so the inverse ratio of the times.
ratio() {
    awk -v m="$1" -v t="$2" 'BEGIN { printf "%.2f\n", t / m }'
}

# One table row: medians, throughputs in MiB/s of the uncompressed size, and the ratio.
row() {
    awk -v op="$1" -v m="$2" -v tool="$3" -v t="$4" -v r="$(ratio "$2" "$4")" -v size="$SIZE" '
        BEGIN { mib = size / 1048576
                printf "| %s | %.3f | %.0f | %s | %.3f | %.0f | %sx |\n",
                       op, m, mib / m, tool, t, mib / t, r }'
}

echo "payload: $SIZE bytes, LZMA-alone stream: $stream_size bytes (preset $PRESET)," \
    "$RUNS runs each, interleaved, warm page cache"
echo "machine: $(nproc) CPUs, $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
echo "libmdd LZMA decode runs (s): ${mdd_lzma[*]}"
echo "xz -dc runs (s):             ${xz_lzma[*]}"
echo "libmdd SHA-512 runs (s):     ${mdd_sha[*]}"
echo "openssl dgst runs (s):       ${ssl_sha[*]}"
echo "built-in SHA-512 runs (s):   ${own_sha[*]}"
echo "ratio LZMA decode (libmdd / xz):  $(ratio "$m_lzma" "$t_lzma")"
echo "ratio SHA-512 (libmdd / openssl): $(ratio "$m_sha" "$t_sha")"
echo "ratio SHA-512 (built-in / libmdd's): $(ratio "$o_sha" "$m_sha")"
echo
echo "| operation | libmdd median s | libmdd MiB/s | tool | tool median s | tool MiB/s |" \
    "ratio (libmdd / tool) |"
echo "|---|---|---|---|---|---|---|"
row "LZMA-alone decode" "$m_lzma" "xz --format=lzma -dc" "$t_lzma"
row "SHA-512" "$m_sha" "openssl dgst -sha512" "$t_sha"
row "SHA-512, built-in (MDD_SHA512=BUILTIN)" "$o_sha" "openssl dgst -sha512" "$t_sha"
