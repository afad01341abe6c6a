# SPDX-License-Identifier: Apache-2.0
# The README's library examples are abridged copies of the example files they name: after each
# line "Abridged from [FILE](FILE):", every line of the next code block is a line of FILE
# (indentation aside), in the file's order. The C example (examples/) is one of them.
source "$(dirname "$0")/lib.bash" "$@"
top=$(cd "$(dirname "$0")/../.." && pwd)

mapfile -t examples < <(sed -n 's/^.*Abridged from \[\([a-z_/]*\.[a-z]*\)\](\1):$/\1/p' \
                        "$top/README.md")
[[ " ${examples[*]} " == *" examples/"*".c "* ]] ||
    fail "README.md: no 'Abridged from [examples/X.c](examples/X.c):'"
for example in "${examples[@]}"; do
    [ -f "$top/$example" ] || fail "README.md: abridged from $example, which does not exist"
    # The first code block after that line, and the example, trimmed, without blank lines.
    awk -v marker="Abridged from [$example]" 'index($0, marker) { found = 1; next }
         found && /^```[a-z]+$/ { on = 1; next } on && /^```$/ { exit } on' "$top/README.md" |
        sed 's/^ *//; s/ *$//; /^$/d' >"$WORK/readme"
    sed 's/^ *//; s/ *$//; /^$/d' "$top/$example" >"$WORK/example"
    [ -s "$WORK/readme" ] || fail "README.md: no code block after 'Abridged from [$example]'"

    # Each README line must be found in the file after the one the previous line matched.
    mapfile -t file_lines <"$WORK/example"
    at=0
    while IFS= read -r line; do
        while [ "$at" -lt "${#file_lines[@]}" ] && [ "${file_lines[$at]}" != "$line" ]; do
            at=$((at + 1))
        done
        [ "$at" -lt "${#file_lines[@]}" ] ||
            fail "README.md's example line is not in $example (in order): $line"
        at=$((at + 1))
    done <"$WORK/readme"
    echo "readme_example: $(wc -l <"$WORK/readme") lines of README.md are in $example"
done
