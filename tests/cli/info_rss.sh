# SPDX-License-Identifier: Apache-2.0
# mdd info reads only the container: on a file with a 250 MB plain chunk its peak RSS stays
# under 8 MB.
source "$(dirname "$0")/lib.bash" "$@"

cd "$WORK"
truncate -s 250M big.bin
run 0 "$MDD" pack -o big.mdd --ecu BIG --chunk 0:BIG:big.bin:plain
rm big.bin

kb=$("$HELPERS/peak_rss" "$MDD" info big.mdd) || fail "mdd info failed"
run 0 "$MDD" info big.mdd
grep -q ' 262144000 ' "$TMP/out" || fail "info: no stored size of 262144000 bytes"
rm big.mdd
echo "peak RSS of mdd info on a 250 MB chunk: $kb KB"
# AddressSanitizer's shadow memory alone exceeds the budget: the figure means nothing there.
if grep -qa __asan_init "$MDD"; then
    skip "sanitizer build: RSS budget not checked"
fi
skip_when_emulated "RSS budget not checked: the peak RSS is mostly the emulator's"
[ "$kb" -lt 8192 ] || fail "peak RSS $kb KB, budget 8192 KB"
