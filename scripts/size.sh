#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The size budget (docs/benchmarks.md, "Code size"): builds libmdd.so alone at -Os
# (MinSizeRel) in several configurations and prints the .text of each, as `size -A` reports
# it, for the host and, when Debian's cross compiler is installed, for arm64:
#   default   everything the build finds (libcrypto, liburing, the verifier's fast pass)
#   minimal   MDD_SHA512=BUILTIN MDD_FAST_VERIFY=OFF MDD_WITH_IO_URING=OFF: no library but
#             liblzma, the budget's configuration
#   and the minimal one with each optional part put back, to show what that part costs.
# Fails when the minimal configuration on arm64 is over the budget (BUDGET_KB, 150). The arm64
# build needs gcc-aarch64-linux-gnu and liblzma-dev:arm64 (libssl-dev:arm64 and
# liburing-dev:arm64 for the rows that use them); without the compiler its rows are skipped.
# Usage: size.sh [WORK_DIR]   (default build-size; one subfolder per target and configuration)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-build-size}
jobs=${JOBS:-2}
budget_kb=${BUDGET_KB:-150}
cross=aarch64-linux-gnu
mkdir -p "$work"
work=$(cd "$work" && pwd)

minimal="-DMDD_SHA512=BUILTIN -DMDD_FAST_VERIFY=OFF -DMDD_WITH_IO_URING=OFF"
configurations="default|
minimal|$minimal
minimal + libcrypto SHA-512|-DMDD_SHA512=OPENSSL -DMDD_FAST_VERIFY=OFF -DMDD_WITH_IO_URING=OFF
minimal + verifier fast pass|-DMDD_SHA512=BUILTIN -DMDD_FAST_VERIFY=ON -DMDD_WITH_IO_URING=OFF
minimal + io_uring|-DMDD_SHA512=BUILTIN -DMDD_FAST_VERIFY=OFF -DMDD_WITH_IO_URING=ON"

# text_bytes TARGET NAME OPTIONS: configures and builds libmdd.so in $work/TARGET-NAME and
# prints the size of its .text, or "-" when the configuration cannot be built here (a
# dependency missing for that target).
text_bytes() {
    dir="$work/$1-$(echo "$2" | tr -cs 'a-z0-9\n' '-')"
    if [ "$1" = arm64 ]; then
        set -- "$@" -DCMAKE_SYSTEM_NAME=Linux -DCMAKE_SYSTEM_PROCESSOR=aarch64 \
            -DCMAKE_C_COMPILER=$cross-gcc
        env="PKG_CONFIG_LIBDIR=/usr/lib/$cross/pkgconfig:/usr/share/pkgconfig PKG_CONFIG_PATH="
        size_tool=$cross-size
    else
        env=
        size_tool=size
    fi
    shift 2
    # shellcheck disable=SC2086 # options are words
    if ! env $env cmake -S "$top" -B "$dir" -DCMAKE_BUILD_TYPE=MinSizeRel -DMDD_BUILD_TOOLS=OFF \
            -DMDD_BUILD_TESTS=OFF -DMDD_BUILD_BENCH=OFF "$@" >"$dir.configure.log" 2>&1 ||
       ! cmake --build "$dir" -j "$jobs" --target mdd >"$dir.build.log" 2>&1; then
        echo -
        return
    fi
    "$size_tool" -A "$dir/libmdd.so" | awk '$1 == ".text" { print $2 }'
}

kb() { [ "$1" = - ] && echo - || awk -v b="$1" 'BEGIN { printf "%.1f", b / 1024 }'; }

targets=host
command -v $cross-gcc >/dev/null && targets="host arm64" ||
    echo "size.sh: $cross-gcc not found: arm64 left out" >&2
printf '%-30s %12s %12s\n' "libmdd.so .text at -Os (KB)" $targets
echo "$configurations" | while IFS='|' read -r name options; do
    row=$(printf '%-30s' "$name")
    for target in $targets; do
        # shellcheck disable=SC2086
        bytes=$(text_bytes "$target" "$name" $options)
        row="$row $(printf '%12s' "$(kb "$bytes")")"
        if [ "$name" = minimal ] && [ "$target" = arm64 ] &&
           { [ "$bytes" = - ] || [ "$bytes" -gt $((budget_kb * 1024)) ]; }; then
            echo "$row" >&2
            echo "size.sh: FAIL: minimal on arm64 is over ${budget_kb} KB (or did not build)" >&2
            exit 1
        fi
    done
    echo "$row"
done
