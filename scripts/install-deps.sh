#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Checks that the Debian packages a task needs are installed, and installs the missing ones
# when run as root. Without root it exits 0 when nothing is missing and fails naming the
# missing packages otherwise. Usage: install-deps.sh [TASK...], TASK one of
#   build   the library and the tool, with every optional backend (liburing, libevent)
#   check   build, plus cmocka, the programs the tests run, clang with its sanitizer runtimes
#           pytest and Dask for the Python binding, rustc, cargo, bindgen and rustfmt for the
#           Rust one, Chromium, its driver and Selenium for the page's test (make check)
#   fuzz    build, plus clang and its libFuzzer runtime (make fuzz)
#   bench   build, plus the programs the benchmark harness runs
#   demo    build, plus the programs scripts/demo.sh runs
#   all     every one of them (the default; CI)
set -e
BUILD="build-essential cmake pkg-config liblzma-dev libssl-dev liburing-dev libevent-dev"
CHECK="libcmocka-dev xz-utils openssl jq protobuf-compiler flatbuffers-compiler curl python3 clang
       libclang-rt-14-dev
       python3-pytest python3-setuptools python3-pip python3-jsonschema"
# The Rust binding's tests (bindings/rust): Debian's toolchain, and bindgen and rustfmt for the
# check of its generated declarations.
CHECK="$CHECK rustc cargo bindgen rustfmt"
# The Python binding's Dask example (bindings/python/examples/dask_batch.py): its test.
CHECK="$CHECK python3-dask python3-distributed"
# The page of mdd serve in a real browser (tests/browser): headless Chromium and its driver.
CHECK="$CHECK chromium chromium-driver python3-selenium"
FUZZ="clang libclang-rt-14-dev"
BENCH="jq time xz-utils"
DEMO="jq curl"

[ $# -gt 0 ] || set -- all
pkgs="$BUILD"
for task in "$@"; do
    case $task in
    build) ;;
    check) pkgs="$pkgs $CHECK" ;;
    fuzz) pkgs="$pkgs $FUZZ" ;;
    bench) pkgs="$pkgs $BENCH" ;;
    demo) pkgs="$pkgs $DEMO" ;;
    all) pkgs="$pkgs $CHECK $FUZZ $BENCH $DEMO" ;;
    *)
        echo "install-deps.sh: unknown task '$task' (build, check, fuzz, bench, demo or all)" >&2
        exit 2
        ;;
    esac
done

if ! command -v dpkg-query >/dev/null; then
    echo "libmdd: not a Debian system: packages not checked (CMake reports what is missing)" >&2
    exit 0
fi
missing=""
for p in $(printf '%s\n' $pkgs | sort -u); do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
    echo "libmdd: missing Debian packages:$missing" >&2
    echo "libmdd: install them as root (apt-get install$missing, or make deps as root)" >&2
    exit 1
fi
echo "libmdd: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq $missing >/dev/null
