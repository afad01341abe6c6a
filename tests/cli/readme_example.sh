# SPDX-License-Identifier: Apache-2.0
# The README's library example is an abridged copy of the example file it names: every line of
# its code block is a line of that file (indentation aside), in the file's order.
source "$(dirname "$0")/lib.bash" "$@"
top=$(cd "$(dirname "$0")/../.." && pwd)

example=$(sed -n 's/^.*Abridged from \[examples\/\([a-z_]*\.c\)\](examples\/\1):$/\1/p' \
          "$top/README.md")
[ "$(wc -w <<<"$example")" -eq 1 ] || fail "README.md: no single 'Abridged from [examples/X.c]'"
# The first C code block after that line, and the example, trimmed, without blank lines.
awk '/Abridged from \[examples\// { found = 1 } found && /^```c$/ { on = 1; next }
     on && /^```$/ { exit } on' "$top/README.md" | sed 's/^ *//; s/ *$//; /^$/d' >"$WORK/readme"
sed 's/^ *//; s/ *$//; /^$/d' "$top/examples/$example" >"$WORK/example"
[ -s "$WORK/readme" ] || fail "README.md: no code block after 'Abridged from'"

# Each README line must be found in the file after the one the previous line matched.
mapfile -t file_lines <"$WORK/example"
at=0
while IFS= read -r line; do
    while [ "$at" -lt "${#file_lines[@]}" ] && [ "${file_lines[$at]}" != "$line" ]; do
        at=$((at + 1))
    done
    [ "$at" -lt "${#file_lines[@]}" ] ||
        fail "README.md's example line is not in examples/$example (in order): $line"
    at=$((at + 1))
done <"$WORK/readme"
echo "readme_example: $(wc -l <"$WORK/readme") lines of README.md are in examples/$example"
