# SPDX-License-Identifier: Apache-2.0
# `make demo` (scripts/demo.sh) runs as the README says: every step succeeds, and the two that
# show a refusal fail for the reason they explain (a damaged chunk, a write without values),
# not because the generated fleet no longer has what the demo names.
source "$(dirname "$0")/lib.bash" "$@"
skip_when_emulated "the demo runs the host's curl against the tool under the emulator"
[ "${MDD_TEST_HAVE_LIBEVENT:-1}" != 0 ] || skip "the demo serves over HTTP, and this build has no libevent"
top=$(cd "$(dirname "$0")/../.." && pwd)
run 0 sh "$top/scripts/demo.sh" "$MDD"
mapfile -t errors < <(grep '^mdd: ' "$TMP/out" "$TMP/err" | sed 's/^[^:]*://')
expect_eq "${#errors[@]}" 2 "the demo's refusals: ${errors[*]}"
[[ ${errors[0]} == *"damaged.mdd: chunk 1 'README.txt': signatures[0]: SHA-512 mismatch"* ]] ||
    fail "the damaged file's refusal: ${errors[0]}"
[[ ${errors[1]} == *"/adaptation_lock_0 at byte 3: no value given" ]] ||
    fail "the write's refusal: ${errors[1]}"
