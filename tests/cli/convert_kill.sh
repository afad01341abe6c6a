# SPDX-License-Identifier: Apache-2.0
# mdd convert killed (SIGKILL) at random moments of converting a 32 MB file: at a chosen call
# among those the faultshim preload library counts (writes, syncs, reads back, closes, the
# temporary file's creation, mode, owner, the rename), and at random times. After every kill
# the file is either the original, byte for byte, or the complete converted file; nothing
# else. A later conversion then succeeds and removes whatever temporary file the killed one
# left. Runs alternate between a fresh copy and the state the previous kill left (so kills
# also land on conversions that have a stale temporary file to remove).
# MDD_KILL_ITERATIONS and MDD_KILL_TIMED (default 100 and 20) set the numbers of kills, for
# slow builds; every assertion holds for each kill.
source "$(dirname "$0")/lib.bash" "$@"

SHIM=$BUILD_TESTS/faultshim.so
[ -f "$SHIM" ] || fail "$SHIM is missing (it is built with the tests)"
ITERATIONS=${MDD_KILL_ITERATIONS:-100}
TIMED=${MDD_KILL_TIMED:-20}
RANDOM=20250521 # the kills are chosen at random, the same ones every run

shimmed() {
    env "$PRELOAD=$SHIM" ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
        "$@"
}

# Where a tmpfs can be mounted (as root), the files live on one: a killed process leaves the
# same files on any file system, and there the disk's speed (every conversion syncs and reads
# back 32 MB) does not set the test's run time. Elsewhere they stay in the scratch directory.
if mount_tmpfs "$WORK" 512M; then
    echo "note: files on a tmpfs"
fi
cd "$WORK"
# Made-up payloads go in chunks of other types than DIAGNOSTIC_DESCRIPTION, whose payload
# mdd verify requires to be an EcuData FlatBuffer.
# About 32 MB of payload in two lzma chunks, and a small plain one.
seq 1 3000000 >part1.bin
seq 5000000 6000000 >part2.bin
seq 1 1000 >notes.txt
run 0 "$MDD" pack -o orig.mdd --ecu KILLED --preset 0 --meta source=kill \
    --chunk CODE_FILE:part1.bin:part1.bin:lzma \
    --chunk CODE_FILE:code.bin:part2.bin:lzma \
    --chunk EMBEDDED_FILE:notes.txt:notes.txt:plain
rm part1.bin part2.bin notes.txt
if [ "$(id -u)" -eq 0 ]; then
    chown nobody:"$(id -gn nobody)" orig.mdd
fi
chmod 0640 orig.mdd

mkdir tmpl
cp -p orig.mdd tmpl/db.mdd
echo neighbour >tmpl/keep.txt
LISTING=$(ls -A tmpl)
run 0 "$MDD" info --json orig.mdd
CONV_INFO=$(jq -c '.chunks[] |= (.compression = null | .uncompressed_size = null
                                 | .stored_size = .payload_size)' "$TMP/out")
MODE_OWNER=$(stat -c '%a %U %G' orig.mdd)

fresh() {
    rm -rf d
    cp -a tmpl d
}

# A conversion without faults: the reference result, and how many calls the shim sees.
fresh
run 0 shimmed MDD_FAULT_COUNT_REPORT="$TMP/counts" "$MDD" convert d/db.mdd
TOTAL=$(awk '$1 == "any" { print $2 }' "$TMP/counts")
echo "calls of one conversion: $(tr '\n' ' ' <"$TMP/counts")"
[ "$TOTAL" -ge 10 ] || fail "only $TOTAL calls counted"
run 0 "$MDD" verify d/db.mdd
run 0 "$MDD" info --json d/db.mdd
expect_json "$(cat "$TMP/out")" "$CONV_INFO" "info --json of the converted file"
CONV_SHA=$(sha512_of d/db.mdd)
CONV_SIZE=$(stat -c %s d/db.mdd)
ORIG_SIZE=$(stat -c %s orig.mdd)

declare -A states=()
# check_state WHAT: the file is the original or the complete converted file; sets STATE.
check_state() {
    if cmp -s d/db.mdd orig.mdd; then
        STATE=original
        return
    fi
    # Not the original: then it must be the whole converted file, nothing in between.
    expect_eq "$(sha512_of d/db.mdd)" "$CONV_SHA" "$1: neither the original nor the converted file"
    run 0 "$MDD" verify d/db.mdd
    run 0 "$MDD" info --json d/db.mdd
    expect_json "$(cat "$TMP/out")" "$CONV_INFO" "$1: info --json"
    expect_eq "$(stat -c '%a %U %G' d/db.mdd)" "$MODE_OWNER" "$1: mode and owner"
    STATE=converted
}

count() { states[$1]=$((${states[$1]:-0} + 1)); }

# recover WHAT DIR: a conversion without faults succeeds, saying what it did, and leaves only
# the files there were: whatever temporary file the kill left is gone.
recover() {
    local line="$2/db.mdd: already uncompressed"
    [ "$STATE" == converted ] ||
        line="$2/db.mdd: converted (2 chunks decompressed, $ORIG_SIZE -> $CONV_SIZE bytes)"
    run 0 "$MDD" convert "$2/db.mdd"
    expect_eq "$(cat "$TMP/out")" "$line" "$1: the next conversion"
    expect_eq "$(ls -A "$2")" "$LISTING" "$1: files after the next conversion"
}

# Kills at a chosen call. Odd runs start afresh; even runs go on from what the previous kill
# left, and only then recover, so the recovery of the odd runs' state is checked on a copy.
for i in $(seq 1 "$ITERATIONS"); do
    what="kill $i"
    if [ $((i % 2)) -eq 1 ]; then
        fresh
    fi
    # Most calls are the writes of the temporary file; every third kill goes to the last few
    # calls (sync, mode, owner, rename, directory sync), where the two outcomes meet.
    if [ $((i % 3)) -eq 0 ]; then
        at=$((TOTAL - RANDOM % 6))
    else
        at=$((RANDOM % TOTAL + 1))
    fi
    rm -f "$TMP/fired"
    rc=0
    shimmed MDD_FAULT_CALL=any MDD_FAULT_AT="$at" MDD_FAULT_ACTION=kill \
        MDD_FAULT_REPORT="$TMP/fired" "$MDD" convert d/db.mdd >"$TMP/out" 2>"$TMP/err" || rc=$?
    if [ -s "$TMP/fired" ]; then
        expect_eq "$rc" 137 "$what at call $at: exit status"
        what="$what at $(cat "$TMP/fired")"
        check_state "$what"
        count "$STATE"
    else
        # A run on a file the previous kill had left converted makes fewer calls.
        expect_eq "$rc" 0 "$what: exit status of a run the fault missed ($(cat "$TMP/err"))"
        check_state "$what"
        expect_eq "$STATE" converted "$what: state after a run the fault missed"
        count missed
    fi
    if [ $((i % 2)) -eq 1 ]; then
        rm -rf copy
        cp -a d copy
        recover "$what" copy
        rm -rf copy
    else
        recover "$what" d
    fi
done

# Kills at random times. The delay before the kill is the fault injection itself: it picks
# the moment, and nothing waits on it for anything.
for i in $(seq 1 "$TIMED"); do
    fresh
    ms=$((RANDOM % 301))
    rc=0
    "$MDD" convert d/db.mdd >"$TMP/out" 2>"$TMP/err" &
    pid=$!
    sleep "$(printf '0.%03d' "$ms")"
    kill -KILL "$pid" 2>/dev/null || true
    # (bash would report the killed job on stderr)
    wait "$pid" 2>/dev/null || rc=$?
    what="kill after $ms ms"
    mv "$TMP/out" "$TMP/killed.out"
    check_state "$what"
    case $rc in
    137) count "timed_$STATE" ;;
    0)
        # The run ended before the kill: it must have converted the file, and said so.
        expect_eq "$STATE" converted "$what: state after a run that finished"
        expect_eq "$(sed 's/ (.*//' "$TMP/killed.out")" "d/db.mdd: converted" "$what: output"
        count timed_finished
        ;;
    *) fail "$what: exit status $rc ($(cat "$TMP/err"))" ;;
    esac
    recover "$what" d
done

summary=""
for s in original converted missed timed_original timed_converted timed_finished; do
    summary+=" $s=${states[$s]:-0}"
done
echo "states after $ITERATIONS kills at a call and $TIMED at a time:$summary"
# The chosen calls must reach both sides of the rename, or the test proved half of it.
[ "${states[original]:-0}" -ge 1 ] || fail "no kill left the original"
[ "${states[converted]:-0}" -ge 1 ] || fail "no kill left the converted file"
