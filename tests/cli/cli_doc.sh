# SPDX-License-Identifier: Apache-2.0
# docs/cli.md and the tool agree: the same commands with the same summaries as `mdd --help`,
# and per command the same synopsis and options as `mdd CMD --help`, both ways (the Options
# list of --help is made from the option table the parser is made from, so an option the tool
# takes but nobody documents fails too), and each one documented is accepted by the tool;
# docs/mdd.1 is what scripts/cli-doc.py makes of docs/cli.md, and it renders.
source "$(dirname "$0")/lib.bash" "$@"
top=$(cd "$(dirname "$0")/../.." && pwd)
doc=$top/docs/cli.md
command -v python3 >/dev/null || skip "python3 is not installed"
clidoc() {
    python3 "$top/scripts/cli-doc.py" "$@" || fail "cli-doc.py $*"
}

# expect_same WHAT DOC_LINES TOOL_LINES: the lists are equal, or the failure shows the diff.
expect_same() {
    [ "$2" == "$3" ] || fail "$1: docs/cli.md (<) and the tool (>) differ:
$(diff <(echo "$2") <(echo "$3"))"
}

# The commands of `mdd --help`: its lines between "Commands:" and the next blank line, as
# NAME<TAB>SUMMARY. A command built without its backend adds "(not in this build)" to the
# summary the documentation has; its stand-in has none of the real command's options, so only
# its summary is compared.
run 0 "$MDD" --help
stand_ins=$(awk '/ \(not in this build\)$/ { print $1 }' "$TMP/out")
help_commands=$(awk '/^Commands:/ { on = 1; next } on && !NF { exit }
                     on { name = $1; sub(/^ *[^ ]+ +/, ""); sub(/ \(not in this build\)$/, "")
                          print name "\t" $0 }' "$TMP/out")
expect_same "commands" "$(clidoc commands "$doc")" "$help_commands"
expect_eq "$(sed -n 4p "$TMP/out")" "$(clidoc name "$doc" | sed 's/^./\u&/')." \
    "the description of mdd"

for cmd in $(cut -f1 <<<"$help_commands"); do
    ! grep -Fxq -- "$cmd" <<<"$stand_ins" || continue
    run 0 "$MDD" "$cmd" --help
    # The usage lines up to the first blank one, without "Usage: ", spaces collapsed.
    synopsis=$(awk '!NF { exit } { print }' "$TMP/out" | sed '1s/^Usage: //' | tr '\n' ' ' |
               tr -s ' ' | sed 's/ $//')
    expect_same "$cmd: synopsis" "$(clidoc synopsis "$doc" "$cmd")" "$synopsis"
    # The labels of the list after "Options:": `  -s, --long VALUE` or `      --long VALUE`,
    # up to two spaces or the line's end (a help text's lines are indented further).
    options=$(awk '/^Options:/ { on = 1; next }
                   on && /^(  -[^-]|      --)/ { sub(/^ +/, ""); print }' "$TMP/out" |
              sed 's/  .*//')
    grep -Fxq -- '-h, --help' <<<"$options" || fail "$cmd --help: no '-h, --help'"
    doc_options=$(clidoc options "$doc" "$cmd")
    expect_same "$cmd: options" "$doc_options" \
        "$(grep -Fxv -- '-h, --help' <<<"$options")"

    # Each option, short and long, is one the parser knows: given before --help, it is taken
    # (with the value its help names, which may then be refused as a value) and not reported
    # as unknown or as missing its value.
    while IFS= read -r option; do
        value=$(sed -n 's/.*--[a-z-]* \(.*\)/\1/p' <<<"$option")
        for flag in $(grep -o -- '--\?[a-z][a-z-]*' <<<"${option% "$value"}"); do
            args=("$flag")
            [ -z "$value" ] || args+=("$value")
            "$MDD" "$cmd" "${args[@]}" --help >/dev/null 2>"$TMP/err" || true
            if grep -q "unknown option\|needs a value" "$TMP/err"; then
                fail "$cmd: documented option '$flag' is refused: $(cat "$TMP/err")"
            fi
        done
    done <<<"$doc_options"
done

# The man page is up to date, and groff renders it without a warning.
clidoc man "$doc" >"$WORK/mdd.1"
cmp -s "$WORK/mdd.1" "$top/docs/mdd.1" || fail "docs/mdd.1 is stale: run 'make docs'"
if command -v groff >/dev/null; then
    groff -man -Tascii -ww -Wbreak "$top/docs/mdd.1" 2>"$TMP/err" | col -b >"$WORK/mdd.txt" ||
        fail "groff failed: $(cat "$TMP/err")"
    [ ! -s "$TMP/err" ] || fail "groff warns: $(cat "$TMP/err")"
    for cmd in $(cut -f1 <<<"$help_commands"); do
        grep -q "^ *mdd $cmd " "$WORK/mdd.txt" || fail "the man page has no synopsis of $cmd"
    done
fi
echo "cli_doc: $(wc -l <<<"$help_commands") commands agree with docs/cli.md"
