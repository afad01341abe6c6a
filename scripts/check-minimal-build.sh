#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The build with the fewest dependencies: pkg-config sees only liblzma (a folder holding a copy
# of its .pc file), so libcrypto, liburing, libevent and cmocka are not found. In a fresh
# BUILD_DIR (default build-minimal) it configures, builds everything that is left (the library,
# the tool, the CLI test helpers, the benchmarks) with -Werror, then checks that the
# configuration said what it left out, that the library needs neither libcrypto (its SHA-512 is
# the built-in one) nor liburing and the tool no libevent, that the tool runs, that mdd serve
# reports the missing HTTP support, that the tests that remain pass, and that libmdd.so exports
# the same list as the full build. Usage: check-minimal-build.sh [BUILD_DIR]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build-minimal}
jobs=${JOBS:-2}

fail() {
    echo "check-minimal-build: FAIL: $*" >&2
    exit 1
}

rm -rf "$build"
mkdir -p "$build/pkgconfig"
build=$(cd "$build" && pwd)
for module in liblzma; do
    dir=$(pkg-config --variable=pcfiledir "$module") || fail "pkg-config does not find $module"
    cp "$dir/$module.pc" "$build/pkgconfig/"
done

PKG_CONFIG_LIBDIR=$build/pkgconfig PKG_CONFIG_PATH='' \
    cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMDD_WERROR=ON \
    >"$build/configure.log" || fail "configure failed: $(cat "$build/configure.log")"
for line in "io_uring (MDD_WITH_IO_URING=AUTO): no" "HTTP (MDD_WITH_LIBEVENT=AUTO): no" \
            "SHA-512 (MDD_SHA512=AUTO): BUILTIN" "unit tests: no" "CLI tests: yes"; do
    grep -qF -- "$line" "$build/configure.log" ||
        fail "configure did not report '$line': $(cat "$build/configure.log")"
done
cmake --build "$build" -j "$jobs" >"$build/build.log" 2>&1 ||
    fail "build failed: $(tail -40 "$build/build.log")"

lib_deps=$(ldd "$build/libmdd.so")
case $lib_deps in *liburing* | *libcrypto*) fail "libmdd.so links more than liblzma: $lib_deps" ;; esac
tool_deps=$(ldd "$build/mdd")
case $tool_deps in *libevent*) fail "mdd links libevent: $tool_deps" ;; esac

version=$("$build/mdd" --version) || fail "mdd --version failed"
case $version in "mdd (libmdd) "*) ;; *) fail "mdd --version printed '$version'" ;; esac
"$build/mdd" --help >"$build/help.out" || fail "mdd --help failed"
grep -q '^Usage: mdd COMMAND' "$build/help.out" || fail "mdd --help: no usage line"

rc=0
"$build/mdd" serve "$build" >/dev/null 2>"$build/serve.err" || rc=$?
[ "$rc" -eq 1 ] || fail "mdd serve exited $rc, expected 1"
expected="mdd serve: built without HTTP support (libevent)"
[ "$(cat "$build/serve.err")" = "$expected" ] ||
    fail "mdd serve said '$(cat "$build/serve.err")', expected '$expected'"

# The tests that remain (CLI tests with the optional parts absent) pass too: a test that takes
# an optional part for granted fails here, not on a user's machine.
(cd "$build" && ctest -j "$jobs" --output-on-failure >"$build/ctest.log" 2>&1) ||
    fail "tests failed: $(grep -A3 'FAIL\|Failed' "$build/ctest.log" | tail -40)"

sh "$top/scripts/exports.sh" check "$build/libmdd.so" "$top" >"$build/exports.out" ||
    fail "exports differ: $(cat "$build/exports.out")"
echo "check-minimal-build: the library and the tool build and run with liblzma only"
