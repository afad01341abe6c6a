# SPDX-License-Identifier: Apache-2.0
# docs/codec-examples.md decodes, encodes and identifies as it shows: in each of its code
# blocks, a line `$ mdd ...` is run (in the corpus folder, so that the file names and the
# messages naming them read as written) and the lines after it, up to the next `$ ` line or
# the block's end, are what it prints, stdout and stderr together.
source "$(dirname "$0")/lib.bash" "$@"
top=$(cd "$(dirname "$0")/../.." && pwd)
doc=$top/docs/codec-examples.md
have_corpus || skip "no corpus in $CORPUS"

# check COMMAND EXPECTED: runs the documented command line and compares its output.
checked=0
check() {
    local output
    # The line is the documentation's: words and quotes as a shell reads them.
    output=$(cd "$CORPUS" && eval "\"\$MDD\" ${1#\$ mdd }" 2>&1) || true
    expect_eq "$output" "$2" "docs/codec-examples.md: $1"
    checked=$((checked + 1))
}

command= expected= in_block=0
while IFS= read -r line; do
    if [[ $line == '```'* ]]; then
        [ -z "$command" ] || check "$command" "$expected"
        command= expected=
        in_block=$((1 - in_block))
    elif [ "$in_block" -eq 1 ] && [[ $line == '$ mdd '* ]]; then
        [ -z "$command" ] || check "$command" "$expected"
        command=$line expected=
    elif [ -n "$command" ]; then
        expected+=${expected:+$'\n'}$line
    fi
done <"$doc"
[ "$checked" -ge 10 ] || fail "docs/codec-examples.md: only $checked examples"
echo "uds_examples: $checked examples of docs/codec-examples.md as shown"
