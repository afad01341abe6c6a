#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A synthetic corpus of MDD files shaped like the one ADR-003 measured: by default 68 files,
# 242 MiB of uncompressed payload, LZMA-compressed chunks.
#
#   bench/make-corpus.sh OUT_DIR [FILES] [TOTAL_UNCOMPRESSED_MIB]
#
# Payloads come from `bench_codec_bench make-payload` (records shaped like an ECU description,
# about 4.3:1 with preset 6) and are packed with `mdd pack`. Sizes spread like a vehicle's ECUs:
# a few large ones (about 10-20 MiB), most of 1-5 MiB, some under 1 MiB; every sixth file
# carries a second, small chunk. Everything is deterministic: the same arguments give the same
# bytes. A corpus already in OUT_DIR that was made with the same arguments is reused.
#
# The tools are taken from MDD_BUILD_DIR (default: build/ in the source tree); MDD and
# CODEC_BENCH override the two paths one by one.
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
set -euo pipefail
export LC_ALL=C

OUT=${1:?usage: bench/make-corpus.sh OUT_DIR [FILES] [TOTAL_UNCOMPRESSED_MIB]}
FILES=${2:-68}
TOTAL_MIB=${3:-242}
# Bump when the shape of the corpus changes, so old caches are rebuilt.
SHAPE_VERSION=1

here=$(cd "$(dirname "$0")" && pwd)
build=${MDD_BUILD_DIR:-$here/../build}
MDD=${MDD:-$build/mdd}
CODEC_BENCH=${CODEC_BENCH:-$build/bench/bench_codec_bench}

die() {
    echo "make-corpus.sh: $*" >&2
    exit 1
}

case $FILES in '' | *[!0-9]*) die "FILES must be a number, not '$FILES'" ;; esac
case $TOTAL_MIB in
'' | *[!0-9]*) die "TOTAL_UNCOMPRESSED_MIB must be a number, not '$TOTAL_MIB'" ;;
esac
if [ "$FILES" -lt 1 ] || [ "$FILES" -gt 10000 ]; then
    die "FILES must be 1..10000"
fi
[ "$TOTAL_MIB" -ge 1 ] || die "TOTAL_UNCOMPRESSED_MIB must be at least 1"
[ -x "$MDD" ] || die "$MDD not built"
[ -x "$CODEC_BENCH" ] || die "$CODEC_BENCH not built"

stamp="$OUT/.corpus"
want="shape=$SHAPE_VERSION files=$FILES total_mib=$TOTAL_MIB"

count_mdd() {
    find "$OUT" -maxdepth 1 -type f -name '*.mdd' | wc -l
}

mkdir -p "$OUT"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ "$(count_mdd)" -eq "$FILES" ]; then
    echo "make-corpus.sh: reusing $OUT ($FILES files)" >&2
    exit 0
fi

# One line per file: NAME MAIN_BYTES EXTRA_BYTES (EXTRA_BYTES 0 = no second chunk). A fixed
# linear congruential generator picks each file's size within its class; the sizes are then
# scaled so that they add up to the requested total.
plan() {
    awk -v n="$FILES" -v total="$TOTAL_MIB" 'BEGIN {
        split("EMS TCU ABS ESP BCM GW IPC HVAC SRS EPS ACC LKA TPMS PDC DCM SCM RDU OBC BMS VCU",
              kind, " ")
        seed = 20260310
        large = int(n * 4 / 68 + 0.5); if (large < 1) large = 1
        small = int(n * 14 / 68 + 0.5)
        sum = 0
        for (i = 0; i < n; i++) {
            seed = (seed * 1103515245 + 12345) % 2147483648
            r = seed / 2147483648
            if (i < large)            w[i] = 9 + r * 9      # 9-18 before scaling
            else if (i >= n - small)  w[i] = 0.05 + r * 0.75
            else                      w[i] = 0.9 + r * 4
            sum += w[i]
        }
        for (i = 0; i < n; i++) {
            bytes = int(w[i] / sum * total * 1048576)
            if (bytes < 4096) bytes = 4096
            extra = i % 6 == 5 ? int(bytes / 20) : 0
            printf "%s%03d %d %d\n", kind[i % 20 + 1], i, bytes - extra, extra
        }
    }'
}

work=$(mktemp -d "$OUT/.work.XXXXXX")
trap 'rm -rf "$work"' EXIT
rm -f "$stamp" "$OUT"/*.mdd "$OUT"/*.mdd.fb

# Builds one file; its payload seeds derive from its position so every run agrees.
make_one() {
    local index=$1 name=$2 main=$3 extra=$4
    local chunks=(--chunk "DIAGNOSTIC_DESCRIPTION:$name:$work/$name.fb")
    "$CODEC_BENCH" make-payload "$work/$name.fb" "$main" $((1000 + index))
    if [ "$extra" -gt 0 ]; then
        "$CODEC_BENCH" make-payload "$work/$name.extra" "$extra" $((5000 + index))
        chunks+=(--chunk "EMBEDDED_FILE:comparams.fb:$work/$name.extra")
    fi
    "$MDD" pack -o "$OUT/$name.mdd" --ecu "$name" --revision 01.00.00 \
        --meta created=2026-03-10T00:00:00Z --meta "source=$name.pdx" "${chunks[@]}"
    rm -f "$work/$name.fb" "$work/$name.extra"
}

# Compressing is the slow part: one pack per CPU at a time.
jobs_max=$(nproc 2>/dev/null || echo 2)
echo "make-corpus.sh: packing $FILES files ($TOTAL_MIB MiB uncompressed) into $OUT" >&2
index=0
running=0
while read -r name main extra; do
    if [ "$running" -ge "$jobs_max" ]; then
        wait -n || die "packing failed"
        running=$((running - 1))
    fi
    make_one "$index" "$name" "$main" "$extra" &
    running=$((running + 1))
    index=$((index + 1))
done < <(plan)
while [ "$running" -gt 0 ]; do
    wait -n || die "packing failed"
    running=$((running - 1))
done

[ "$(count_mdd)" -eq "$FILES" ] || die "expected $FILES files in $OUT, found $(count_mdd)"
echo "$want" >"$stamp"
compressed=$(find "$OUT" -maxdepth 1 -name '*.mdd' -printf '%s\n' |
    awk '{ s += $1 } END { print s }')
ratio=$(awk -v c="$compressed" -v t="$TOTAL_MIB" 'BEGIN { printf "%.2f", t * 1048576 / c }')
echo "make-corpus.sh: $FILES files, $compressed bytes compressed, ratio $ratio:1" >&2
