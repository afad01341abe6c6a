#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The Python binding's tests (bindings/python/tests, pytest) on the library of this build.
#   run.sh LIBRARY TOOL CORPUS
# LIBRARY is the libmdd.so to load (MDD_LIBRARY), TOOL the mdd tool the results are compared
# with (may be empty: those tests skip), CORPUS the corpus copy (tests that need it skip
# without it). Exit status: 0 pass, 1 fail, 77 skip (no Python with pytest, a cross build or
# a sanitized library, which the host's Python cannot load).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)

skip() {
    echo "SKIP: $*"
    exit 77
}

[ -z "${MDD_TEST_EMULATOR:-}" ] ||
    skip "cross build: the host's Python cannot load the target's libmdd.so" \
        "(programs run under ${MDD_TEST_EMULATOR%% *})"
case ${MDD_TEST_SANITIZE:-OFF} in
ON | on | 1 | TRUE | true) skip "the library is built with sanitizers, which Python is not" ;;
esac

# The first Python that has pytest (tests/support/python.sh).
. "$(dirname "$0")/../support/python.sh"
find_python "pytest"
[ -n "$python" ] || skip "no Python with pytest (Debian: python3-pytest)"

# Absolute, because the tests change directory.
absolute() {
    [ -z "$1" ] || realpath -m -- "$1"
}
MDD_LIBRARY=$(absolute "$1")
MDD_TEST_TOOL=$(absolute "$2")
MDD_TEST_CORPUS=$(absolute "$3")
export MDD_LIBRARY MDD_TEST_TOOL MDD_TEST_CORPUS PYTHONDONTWRITEBYTECODE=1
exec "$python" -m pytest -q -p no:cacheprovider -rs "$top/bindings/python/tests"
