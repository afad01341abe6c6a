# SPDX-License-Identifier: Apache-2.0
# Sourced by every CLI test (run as: bash TEST.sh MDD_BINARY BUILD_TESTS_DIR CORPUS_DIR).
# Sets MDD, BUILD_TESTS and CORPUS, makes a scratch directory $TMP removed on exit (run() keeps
# its captures there) with an empty $WORK inside for the test's own files, and offers the
# assertions below. Exit status: 0 pass, 1 fail, 77 skip.
set -euo pipefail

# Absolute, because tests change directory.
MDD=$(realpath -m -- "$1")
BUILD_TESTS=$(realpath -m -- "$2")
CORPUS=$(realpath -m -- "$3")
TMP=$(mktemp -d)
# Mounts made by mount_tmpfs, undone on exit before the scratch directory is removed.
MOUNTS=()
cleanup() {
    local m
    for m in "${MOUNTS[@]}"; do
        umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true
    done
    rm -rf "$TMP"
}
trap cleanup EXIT
WORK=$TMP/work
mkdir "$WORK"

# The test helper programs (peak_rss, make_malformed, write_prefixes).
HELPERS=$BUILD_TESTS
# How a test preloads a library into the tool: env "$PRELOAD=LIB" "$MDD" ...
PRELOAD=LD_PRELOAD
# A cross build runs the target's programs under an emulator (MDD_TEST_EMULATOR, from the
# toolchain file): $MDD and the helpers are then scripts in $TMP/bin that start it. A library
# is preloaded through the emulator (qemu-user's QEMU_SET_ENV), since the host's programs on
# the way, the scripts and the emulator, cannot load the target's library.
if [ -n "${MDD_TEST_EMULATOR:-}" ]; then
    mkdir "$TMP/bin"
    for program in "$MDD" "$BUILD_TESTS"/*; do
        [[ -f $program && -x $program ]] || continue
        printf '#!/bin/sh\nexec %s %q "$@"\n' "$MDD_TEST_EMULATOR" "$program" >"$TMP/bin/${program##*/}"
        chmod +x "$TMP/bin/${program##*/}"
    done
    MDD=$TMP/bin/mdd
    HELPERS=$TMP/bin
    PRELOAD=QEMU_SET_ENV=LD_PRELOAD
fi

# Skips the test when it runs the target's programs under an emulator, saying why.
skip_when_emulated() {
    [ -z "${MDD_TEST_EMULATOR:-}" ] || skip "$1 (cross build, programs run under ${MDD_TEST_EMULATOR%% *})"
}

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

skip() {
    echo "SKIP: $*"
    exit 77
}

# Skips the test (exit 77) when the tool was built without libevent, after checking that
# mdd serve then says so.
require_http() {
    [ "${MDD_TEST_HAVE_LIBEVENT:-1}" == 0 ] || return 0
    run 1 "$MDD" serve "$WORK"
    expect_eq "$(cat "$TMP/err")" "mdd serve: built without HTTP support (libevent)" \
        "mdd serve without libevent"
    skip "built without libevent (HTTP)"
}

# True when the corpus of real files is there.
have_corpus() {
    compgen -G "$CORPUS/*.mdd" >/dev/null
}

# run STATUS CMD...: runs CMD with stdout in $TMP/out and stderr in $TMP/err; fails unless it
# exits with STATUS.
run() {
    local want=$1 rc=0
    shift
    "$@" >"$TMP/out" 2>"$TMP/err" || rc=$?
    [ "$rc" -eq "$want" ] || fail "'$*' exited $rc, expected $want; stderr: $(cat "$TMP/err")"
}

# expect_eq ACTUAL EXPECTED WHAT
expect_eq() {
    [ "$1" == "$2" ] || fail "$3: expected '$2', got '$1'"
}

# expect_json ACTUAL_JSON EXPECTED_JSON WHAT: equal as JSON, whatever the key order.
expect_json() {
    local actual expected
    actual=$(jq -S . <<<"$1") || fail "$3: not JSON: $1"
    expected=$(jq -S . <<<"$2")
    [ "$actual" == "$expected" ] || fail "$3: JSON differs:
$(diff <(echo "$expected") <(echo "$actual"))"
}

# expect_line LINE FILE WHAT: FILE has a line that is exactly LINE.
expect_line() {
    grep -Fxq -- "$1" "$2" || fail "$3: no line '$1' in: $(cat "$2")"
}

sha512_of() {
    sha512sum "$1" | cut -d' ' -f1
}

# mount_tmpfs DIR SIZE: a fresh tmpfs of SIZE bytes on DIR, unmounted on exit. Returns 1, with
# the reason in $TMP/mount.err, where mounting is refused (not root).
mount_tmpfs() {
    mkdir -p "$1"
    mount -t tmpfs -o "size=$2,mode=0755" tmpfs "$1" 2>"$TMP/mount.err" || return 1
    MOUNTS+=("$(cd "$1" && pwd)")
}

# Writes to $1 the project's schema as flatc's JSON mode reads it: flatc 2.0.8 refuses a vector
# of unions there, so ComplexValue.entries becomes its two vectors, the tags as [ubyte] and the
# values as [SimpleValue], which flatc prints right as long as every tag is SimpleValue (see
# FLATC_UNIONS_MINE and FLATC_UNIONS_THEIRS). The rest is tested on hand-computed bytes.
flatc_json_schema() {
    sed 's/^  entries: \[SimpleOrComplexValueEntry\] (id: 1);$/  entries_type: [ubyte] (id: 0);\n  entries: [SimpleValue] (id: 1);/' \
        "$(dirname "${BASH_SOURCE[0]}")/../../schema/ecu_data.fbs" >"$1"
    grep -q '^  entries: \[SimpleValue\] (id: 1);$' "$1" || fail "flatc_json_schema: no ComplexValue.entries to replace"
}

# jq programs that make mdd dump's and flatc's output of that schema comparable: vectors of
# unions whose tags are all SimpleValue stay (tags as numbers), the others are left out.
FLATC_UNIONS_MINE='walk(if type == "object" and has("entries_type") then
    (if all(.entries_type[]; . == "SimpleValue") then .entries_type |= map(1)
     else del(.entries, .entries_type) end) else . end)'
FLATC_UNIONS_THEIRS='walk(if type == "object" and has("entries_type") then
    (if all(.entries_type[]; . == 1) then . else del(.entries, .entries_type) end) else . end)'

# make_revisions DIR PAYLOAD ECU: packs DIR/a.mdd and DIR/b.mdd, two files of ECU whose
# EcuData revisions are 01.00.00 (a: PAYLOAD, which must hold that string once) and 01.10.00
# (b: the same payload with the string replaced in place, the same length), so that b is the
# newer although it comes second.
make_revisions() {
    [ "$(grep -ao '01\.00\.00' "$2" | wc -l)" -eq 1 ] ||
        fail "make_revisions: $2 does not hold revision 01.00.00 once"
    perl -0777 -pe 's/01\.00\.00/01.10.00/' "$2" >"$TMP/revised.payload"
    run 0 "$MDD" pack -o "$1/a.mdd" --ecu "$3" --revision 01.00.00 \
        --chunk "DIAGNOSTIC_DESCRIPTION:$3:$2:plain"
    run 0 "$MDD" pack -o "$1/b.mdd" --ecu "$3" --revision 01.10.00 \
        --chunk "DIAGNOSTIC_DESCRIPTION:$3:$TMP/revised.payload:plain"
}
