#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The page of mdd serve in a real browser (tests/browser/test_page.py: pytest, Selenium,
# headless Chromium through chromium-driver).
#   run.sh TOOL HELPERS CORPUS ARTIFACTS
# TOOL is the mdd tool, HELPERS the directory of the test helpers (hostile_mdd writes a
# database of markup names, write_states_fixture one whose services need states), CORPUS the
# corpus copy, ARTIFACTS where the screenshots go. Exit status: 0 pass, 1 fail, 77 skip (no
# Chromium, chromium-driver or a Python with Selenium and pytest; a cross build; no corpus; a
# tool without libevent).
set -eu
top=$(cd "$(dirname "$0")" && pwd)

skip() {
    echo "SKIP: $*"
    exit 77
}

[ -z "${MDD_TEST_EMULATOR:-}" ] || skip "cross build: the browser runs on the host"
[ "${MDD_TEST_HAVE_LIBEVENT:-1}" = 1 ] || skip "mdd serve is not built (no libevent)"
command -v chromium >/dev/null 2>&1 || skip "no chromium (Debian: chromium)"
command -v chromedriver >/dev/null 2>&1 || skip "no chromedriver (Debian: chromium-driver)"
. "$(dirname "$0")/../support/python.sh"
find_python "pytest, selenium"
[ -n "$python" ] || skip "no Python with pytest and Selenium (Debian: python3-pytest, python3-selenium)"

MDD_TOOL=$(realpath -- "$1") MDD_HELPERS=$(realpath -- "$2") MDD_CORPUS=$(realpath -- "$3") \
MDD_ARTIFACTS=$(realpath -m -- "$4") \
    exec "$python" -m pytest -q -p no:cacheprovider "$top/test_page.py"
