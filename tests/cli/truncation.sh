# SPDX-License-Identifier: Apache-2.0
# Every proper prefix of a real MDD file is rejected by `mdd verify` with exit 1 and one
# message per file, in one run over all of them: no crash, no hang, no prefix taken for valid.
source "$(dirname "$0")/lib.bash"
have_corpus || skip "no corpus"

for name in FLXC1000 functional_groups; do
    src=$CORPUS/$name.mdd
    dir=$WORK/$name
    mkdir "$dir"
    "$HELPERS/write_prefixes" "$src" "$dir"
    size=$(stat -c %s "$src")
    expect_eq "$(ls "$dir" | wc -l)" "$size" "$name prefixes"
    rc=0
    (cd "$dir" && ls | xargs "$MDD" verify) >"$TMP/out" 2>"$TMP/err" || rc=$?
    [ "$rc" -ne 0 ] || fail "$name: some prefix verified"
    expect_eq "$(wc -l <"$TMP/out")" 0 "$name: prefixes reported OK"
    expect_eq "$(grep -c '^mdd: prefix-[0-9]*\.mdd: ' "$TMP/err")" "$size" "$name: error lines"
    run 0 "$MDD" verify "$src"
    rm -rf "$dir"
    echo "truncation: $name: $size prefixes rejected"
done
