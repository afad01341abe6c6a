#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The figure of docs/benchmarks.md, "Signatures at open": the ADR-sized set (mdd gen --profile
# adr --seed 1, cached in BUILD/bench-corpus-adr) copied, converted and signed with a fresh
# ed25519 key, then bench_signatures over it: ready time with signatures required against
# without, both with verification records.
#
#   bench/signatures.sh [BUILD] [RUNS]
set -eu
build=${1:-build}
runs=${2:-7}
corpus=$build/bench-corpus-adr
work=$build/bench-signatures
if [ ! -d "$corpus" ]; then
    "$build/mdd" gen --profile adr --seed 1 "$corpus" >/dev/null
fi
rm -rf "$work"
mkdir -p "$work/db" "$work/trust"
cp "$corpus"/*.mdd "$work/db/"
openssl genpkey -algorithm ed25519 -out "$work/key.pem" 2>/dev/null
openssl pkey -in "$work/key.pem" -pubout -out "$work/trust/key.pub.pem"
"$build/mdd" convert --quiet "$work/db" >/dev/null
start=$(date +%s.%N)
"$build/mdd" sign --key "$work/key.pem" "$work"/db/*.mdd >/dev/null
echo "signed $(ls "$work"/db/*.mdd | wc -l) files in $(echo "$(date +%s.%N) - $start" | bc) s"
"$build/bench/bench_signatures" "$work/db" "$work/trust" "$runs"
