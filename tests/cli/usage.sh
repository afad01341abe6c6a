# SPDX-License-Identifier: Apache-2.0
# The command line: help and version succeed, wrong usage exits 2, a missing file exits 1 with
# a message naming it.
source "$(dirname "$0")/lib.bash" "$@"

run 0 "$MDD" --help
grep -q '^Usage: mdd COMMAND' "$TMP/out" || fail "--help: no usage line"
run 0 "$MDD" --version
expect_eq "$(cat "$TMP/out")" "mdd (libmdd) 0.1.0" "--version"
for cmd in info verify cat pack; do
    run 0 "$MDD" "$cmd" --help
    grep -q "^Usage: mdd $cmd " "$TMP/out" || fail "$cmd --help: no usage line"
done

run 2 "$MDD"
run 2 "$MDD" frobnicate
grep -q "unknown command 'frobnicate'" "$TMP/err" || fail "unknown command: message"
run 2 "$MDD" info
run 2 "$MDD" info a.mdd b.mdd
run 2 "$MDD" info --bogus a.mdd
grep -q "unknown option '--bogus'" "$TMP/err" || fail "unknown option: message"
run 2 "$MDD" verify
run 2 "$MDD" cat
run 2 "$MDD" cat a.mdd --index
run 2 "$MDD" cat a.mdd --index x
run 2 "$MDD" cat a.mdd --index 1 --chunk x
run 2 "$MDD" pack
run 2 "$MDD" pack -o out.mdd --chunk 0:x:y
run 2 "$MDD" pack -o out.mdd --ecu E
run 2 "$MDD" pack -o out.mdd --ecu E --chunk 0:nopath
run 2 "$MDD" pack -o out.mdd --ecu E --chunk NOSUCHTYPE:n:p
run 2 "$MDD" pack -o out.mdd --ecu E --chunk 0:n:p --meta novalue
run 2 "$MDD" pack -o out.mdd --ecu E --chunk 0:n:p --preset 10

missing=$WORK/missing.mdd
for cmd in info "info --json" verify cat; do
    read -ra words <<<"$cmd"
    run 1 "$MDD" "${words[@]}" "$missing"
    expect_eq "$(cat "$TMP/err")" "mdd: $missing: open: No such file or directory" "$cmd: message"
done
run 1 "$MDD" verify --json "$missing"
expect_eq "$(jq -r .error "$TMP/out")" "open: No such file or directory" "verify --json: error"
run 1 "$MDD" pack -o "$WORK/out.mdd" --ecu E --chunk "0:n:$missing"
expect_eq "$(cat "$TMP/err")" "mdd: $missing: open: No such file or directory" "pack: message"
expect_eq "$(ls -A "$WORK")" "" "files left by a failed pack"
run 1 "$MDD" info "$WORK"
expect_eq "$(cat "$TMP/err")" "mdd: $WORK: not a regular file (a directory)" "info of a directory: message"
