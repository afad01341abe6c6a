# SPDX-License-Identifier: Apache-2.0
# mdd update under crashes and failures: killed (SIGKILL, at calls the faultshim preload
# library counts) at random points of stage, apply and rollback, and with writes, fsyncs and
# renames failing. After each, the next open of the directory (mdd load, a reader) completes
# an interrupted switch: the directory then holds the whole old set or the whole new one,
# every file verifies, and the next update leaves no debris. A full disk while staging leaves
# the live set and the stage as they were.
# MDD_KILL_ITERATIONS sets the number of kills: 100 by default, 24 in a sanitized build (whose
# every run costs several times more; the plain build makes the 100).
source "$(dirname "$0")/lib.bash" "$@"

SHIM=$BUILD_TESTS/faultshim.so
[ -f "$SHIM" ] || fail "$SHIM is missing (it is built with the tests)"
case ${MDD_TEST_SANITIZE:-OFF} in
ON | on | 1 | TRUE | true) ITERATIONS=${MDD_KILL_ITERATIONS:-24} ;;
*) ITERATIONS=${MDD_KILL_ITERATIONS:-100} ;;
esac
RANDOM=20261206 # the kills are chosen at random, the same ones every run

cd "$WORK"
run 0 "$MDD" gen --ecus 3 gen
run 0 "$MDD" cat gen/BCM1000.mdd -o payload.fb
make_revisions . payload.fb BCM1000
mkdir pristine new
mv a.mdd pristine/BCM1000.mdd
cp gen/ECM1001.mdd pristine/ECM1001.mdd
mv b.mdd new/BCM1000.mdd
cp gen/FG_TCM_01.mdd new/FG_TCM_01.mdd
run 0 "$MDD" convert pristine/BCM1000.mdd pristine/ECM1001.mdd
STAGE=(update stage live new/BCM1000.mdd new/FG_TCM_01.mdd --remove ECM1001)

shimmed() {
    env "$PRELOAD=$SHIM" ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
        "$@"
}

# The *.mdd files of DIR with their SHA-512, one per line.
mdd_files() {
    (cd "$1" && for f in *.mdd; do [ -e "$f" ] && echo "$f $(sha512_of "$f")"; done)
}

fresh() {
    rm -rf live
    cp -r pristine live
}

# The old and the new set, from one run without faults.
fresh
OLD_SET=$(mdd_files live)
run 0 "$MDD" "${STAGE[@]}"
run 0 "$MDD" update apply live
NEW_SET=$(mdd_files live)
[ "$OLD_SET" != "$NEW_SET" ] || fail "the update changes nothing"

declare -A states=()
# settled WHAT: a reader's open completes what was interrupted; the set is then the old or the
# new one, and every file verifies. Sets STATE.
settled() {
    run 0 "$MDD" load live
    local now
    now=$(mdd_files live)
    if [ "$now" == "$OLD_SET" ]; then
        STATE=old
    elif [ "$now" == "$NEW_SET" ]; then
        STATE=new
    else
        fail "$1: neither the old nor the new set: $now"
    fi
    for f in live/*.mdd; do run 0 "$MDD" verify "$f"; done
    states[$1:$STATE]=$((${states[$1:$STATE]:-0} + 1))
}

# tidy WHAT: after the update's next steps, the directory holds the new set, and once the
# next update started (removing what killed ones left), the update's own directory holds its
# lock and the backup only.
tidy() {
    run 1 "$MDD" update apply live
    expect_eq "$(cat "$TMP/err")" "mdd: live: apply: nothing to switch (nothing is staged)" "$1"
    expect_eq "$(mdd_files live)" "$NEW_SET" "$1: the set"
    expect_eq "$(ls -A live/.mdd-update | tr '\n' ' ')" "backup switch " "$1: debris"
    expect_eq "$(ls -A live | grep -v '\.mdd\(\.idx\|\.verified\)\?$' | tr '\n' ' ')" \
        ".mdd-history .mdd-history.lock .mdd-update " "$1: debris in the directory"
}

# calls PHASE: how many counted calls a run of the phase makes.
calls() {
    prepare "$1"
    rm -f "$TMP/counts"
    run 0 shimmed MDD_FAULT_COUNT_REPORT="$TMP/counts" "$MDD" $(action "$1")
    awk '$1 == "any" { print $2 }' "$TMP/counts"
}

# prepare PHASE: the directory just before the phase runs.
prepare() {
    fresh
    case $1 in
    apply) run 0 "$MDD" "${STAGE[@]}" ;;
    rollback) run 0 "$MDD" "${STAGE[@]}" && run 0 "$MDD" update apply live ;;
    esac
}

action() {
    case $1 in
    stage) echo "${STAGE[@]}" ;;
    *) echo "update $1 live" ;;
    esac
}

# finish PHASE: whatever state a run of the phase left, the rest of the update then leaves
# the new set.
finish() {
    case $1:$STATE in
    stage:old)
        run 0 "$MDD" "${STAGE[@]}"
        run 0 "$MDD" update apply live ;;
    apply:old) run 0 "$MDD" update apply live ;;
    rollback:old) run 0 "$MDD" update rollback live ;;
    esac
}

declare -A total
for phase in stage apply rollback; do
    total[$phase]=$(calls "$phase")
    echo "calls of one $phase: ${total[$phase]}"
    [ "${total[$phase]}" -ge 5 ] || fail "$phase: only ${total[$phase]} calls counted"
done

phases=(stage apply rollback)
for i in $(seq 1 "$ITERATIONS"); do
    phase=${phases[$((i % 3))]}
    # Each phase's first two kills go to its first and its last call (before anything moved,
    # and after everything did), the others anywhere.
    case $i in
    [1-3]) at=1 ;;
    [4-6]) at=${total[$phase]} ;;
    *) at=$((RANDOM % total[$phase] + 1)) ;;
    esac
    prepare "$phase"
    rc=0
    rm -f "$TMP/fired"
    shimmed MDD_FAULT_CALL=any MDD_FAULT_AT="$at" MDD_FAULT_ACTION=kill \
        MDD_FAULT_REPORT="$TMP/fired" "$MDD" $(action "$phase") >"$TMP/out" 2>"$TMP/err" || rc=$?
    if [ -s "$TMP/fired" ]; then
        expect_eq "$rc" 137 "$phase: kill $i at call $at: exit status"
    else # the call was an unlink, which the shim never stops
        expect_eq "$rc" 0 "$phase: call $at, not stopped: exit status"
        echo "none (an unlink)" >"$TMP/fired"
    fi
    settled "$phase"
    [ "$phase" != stage ] || [ "$STATE" == old ] || fail "a killed stage changed the live set"
    finish "$phase"
    tidy "$phase: kill $i at $(cat "$TMP/fired")"
done

# Failures instead of kills: the command fails, naming the cause, and the set is whole.
for call in write fsync rename; do
    for phase in stage apply rollback; do
        prepare "$phase"
        rc=0
        shimmed MDD_FAULT_CALL=$call MDD_FAULT_AT=2 "$MDD" $(action "$phase") \
            >"$TMP/out" 2>"$TMP/err" || rc=$?
        [ "$rc" -le 1 ] || fail "$phase with $call failing: exit status $rc"
        [ "$rc" -eq 0 ] || grep -q 'Input/output error' "$TMP/err" ||
            fail "$phase with $call failing: $(cat "$TMP/err")"
        settled "$phase"
        finish "$phase"
        tidy "$phase with $call failing"
    done
done

# A full disk while staging: the live set and the stage stay as they were.
fresh
run 0 "$MDD" update stage live new/BCM1000.mdd
cp live/.mdd-update/stage/plan plan.before
rc=0
shimmed MDD_FAULT_CALL=write MDD_FAULT_AT=3 MDD_FAULT_ERRNO=ENOSPC \
    "$MDD" update stage live new/FG_TCM_01.mdd >"$TMP/out" 2>"$TMP/err" || rc=$?
expect_eq "$rc" 1 "stage on a full disk: exit status"
grep -q 'No space left on device' "$TMP/err" || fail "stage on a full disk: $(cat "$TMP/err")"
expect_eq "$(mdd_files live)" "$OLD_SET" "the live set after a full disk"
cmp -s plan.before live/.mdd-update/stage/plan || fail "the stage changed on a full disk"
expect_eq "$(ls -A live/.mdd-update/stage | tr '\n' ' ')" "BCM1000.mdd plan " "the stage's files"

for k in "${!states[@]}"; do echo "$k: ${states[$k]}"; done | sort
for phase in apply rollback; do
    [ "${states[$phase:old]:-0}" -ge 1 ] || fail "no $phase kill left the old set"
    [ "${states[$phase:new]:-0}" -ge 1 ] || fail "no $phase kill left the new set"
done
