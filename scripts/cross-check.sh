#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Builds the library, the tool and the tests for ARCH with Debian's cross compiler (warnings as
# errors) and runs the tests under qemu-user: every test, or those whose names match TESTS (a
# ctest -R pattern); prints how long the build and the tests took.
# The target's libraries must already be unpacked in LIBS (scripts/install-cross-deps.sh;
# `make cross-check` does both). Usage: cross-check.sh ARCH BUILD_DIR LIBS [TESTS]
set -eu
arch=${1:?usage: cross-check.sh ARCH BUILD_DIR LIBS [TESTS]}
build=${2:?usage: cross-check.sh ARCH BUILD_DIR LIBS [TESTS]}
libs=${3:?usage: cross-check.sh ARCH BUILD_DIR LIBS [TESTS]}
tests=${4:-}
top=$(cd "$(dirname "$0")/.." && pwd)
jobs=${JOBS:-2}
libs=$(cd "$libs/root" && pwd)

start=$(date +%s)
# The benchmarks are left out: their figures would be the emulator's.
cmake -S "$top" -B "$build" -DCMAKE_TOOLCHAIN_FILE="$top/cmake/toolchain-$arch.cmake" \
    -DMDD_CROSS_LIBS="$libs" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMDD_WERROR=ON \
    -DMDD_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" -j "$jobs"
built=$(date +%s)
# Under emulation a conversion of convert_kill's 32 MB file takes seconds: fewer kills, each
# checked the same way.
(cd "$build" && MDD_KILL_ITERATIONS=${MDD_KILL_ITERATIONS:-10} MDD_KILL_TIMED=${MDD_KILL_TIMED:-3} \
    ctest --output-on-failure -j "$jobs" ${tests:+-R "$tests"})
done=$(date +%s)
echo "cross-check $arch${tests:+ ($tests)}: build $((built - start)) s, tests under qemu $((done - built)) s"
