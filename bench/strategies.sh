#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The load strategies table (ADR-003): builds the benchmark corpus if it is not there yet,
# then compares heap, sidecar and inplace on it, cold and warm page cache, three runs each.
#
#   bench/strategies.sh BUILD_DIR
#
# The corpus (68 files, 242 MiB uncompressed) is cached in BUILD_DIR/bench-corpus; making it
# takes a minute or two on two CPUs, the benchmark itself about two minutes. Prints the
# markdown tables and writes the same figures to BUILD_DIR/strategies.json.
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
set -euo pipefail
export LC_ALL=C

BUILD=${1:?usage: bench/strategies.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
BENCH="$BUILD/bench/bench_strategies"

[ -x "$BENCH" ] || { echo "strategies.sh: $BENCH not built" >&2; exit 1; }

MDD_BUILD_DIR=$BUILD bash "$here/make-corpus.sh" "$BUILD/bench-corpus"

echo "machine: $(nproc) CPUs, $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)," \
    "Linux $(uname -r)"
"$BENCH" --cache both --runs 3 --json-out "$BUILD/strategies.json" "$BUILD/bench-corpus"
echo
echo "strategies.sh: figures written to $BUILD/strategies.json"
