# SPDX-License-Identifier: Apache-2.0
# Sourced by the test runners written in Python (tests/python, tests/browser).
# find_python MODULES: sets python to the first interpreter that imports MODULES (a comma-
# separated list): the one CMake found (MDD_TEST_PYTHON), else python3 on PATH, else Debian's.
# Empty when none does.
find_python() {
    python=""
    for candidate in "${MDD_TEST_PYTHON:-}" python3 /usr/bin/python3; do
        [ -n "$candidate" ] || continue
        if "$candidate" -c "import $1" 2>/dev/null; then
            python=$candidate
            return 0
        fi
    done
}
