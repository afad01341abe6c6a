# SPDX-License-Identifier: Apache-2.0
# Hand-made malformed files (bad magic, overlong varint, bad wire type, lengths past the end,
# corrupt and truncated LZMA, wrong declared sizes, unknown compression, SHA-512 mismatch, a
# 3 GiB zero bomb): `mdd verify` rejects each with exit 1 and one line naming the file and the
# reason, within a small memory budget, and accepts the valid control file.
source "$(dirname "$0")/lib.bash"

# Kept in the build tree: the bomb takes seconds to compress and is reused between runs.
dir=$BUILD_TESTS/malformed
"$HELPERS/make_malformed" "$dir"

run 0 "$MDD" verify "$dir/good.mdd"
expect_line "$dir/good.mdd: OK (1 chunk, 4096 bytes, 1 signature checked)" "$TMP/out" "control file"

count=0
while IFS=$'\t' read -r name reason; do
    file=$dir/$name
    rc=0
    peak=$("$HELPERS/peak_rss" "$MDD" verify "$file" 2>"$TMP/err") || rc=$?
    [ "$rc" -eq 1 ] || fail "$name: exit $rc, expected 1; stderr: $(cat "$TMP/err")"
    [ "$(wc -l <"$TMP/err")" -eq 1 ] || fail "$name: expected one line on stderr: $(cat "$TMP/err")"
    line=$(cat "$TMP/err")
    [[ $line == "mdd: $file: "* ]] || fail "$name: message does not name the file: $line"
    [[ $line == *"$reason"* ]] || fail "$name: message lacks '$reason': $line"
    [ "$peak" -lt 65536 ] || fail "$name: peak RSS $peak KB"
    count=$((count + 1))
done <"$dir/expected.txt"
expect_eq "$count" 18 "malformed cases"

# All at once: one line per file, exit 1.
run 1 "$MDD" verify "$dir/good.mdd" $(sed "s|^\([^\t]*\)\t.*|$dir/\1|" "$dir/expected.txt")
expect_eq "$(wc -l <"$TMP/out")" 1 "OK lines"
expect_eq "$(wc -l <"$TMP/err")" 18 "error lines"
echo "malformed: $count cases rejected"
