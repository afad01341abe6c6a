# SPDX-License-Identifier: Apache-2.0
# Every source, build and script file of the project carries its license's SPDX identifier in
# its first lines (LICENSE holds the text). Checked on the files git tracks; skipped outside a
# git checkout.
source "$(dirname "$0")/lib.bash" "$@"
top=$(realpath -- "$(dirname "$0")/../..")
command -v git >/dev/null && git -C "$top" rev-parse --git-dir >/dev/null 2>&1 ||
    skip "not a git checkout"
missing=""
while IFS= read -r f; do
    case $f in
    *.c | *.h | *.sh | *.py | *.bash | *.cmake | *.in | *.fbs | CMakeLists.txt | */CMakeLists.txt | \
        Makefile | */Makefile | .ci/run | bench/run) ;;
    *) continue ;;
    esac
    head -n 3 "$top/$f" | grep -q 'SPDX-License-Identifier: Apache-2.0' || missing+=" $f"
done < <(git -C "$top" ls-files)
[ -z "$missing" ] || fail "no SPDX-License-Identifier in:$missing"
grep -q 'Apache License' "$top/LICENSE" || fail "LICENSE does not hold the Apache License"
