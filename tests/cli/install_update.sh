# SPDX-License-Identifier: Apache-2.0
# mdd install: a new version is converted, checked and renamed over the installed file;
# broken files (not MDD, cut short, a wrong SHA-512), another ECU and older revisions are
# refused with the file and the reason, leaving the directory as it was; --allow-downgrade,
# --force-ecu and --move. Then the install is killed (SIGKILL) at chosen calls the faultshim
# preload library counts and at random times: after every kill the directory holds the old
# file or the new one, byte for byte, and no other *.mdd file; the next install removes
# whatever the killed one left.
# MDD_KILL_ITERATIONS and MDD_KILL_TIMED (default 40 and 8) set the numbers of kills.
source "$(dirname "$0")/lib.bash" "$@"

SHIM=$BUILD_TESTS/faultshim.so
[ -f "$SHIM" ] || fail "$SHIM is missing (it is built with the tests)"
ITERATIONS=${MDD_KILL_ITERATIONS:-40}
TIMED=${MDD_KILL_TIMED:-8}
RANDOM=20251201 # the kills are chosen at random, the same ones every run

cd "$WORK"
run 0 "$MDD" gen --ecus 1 gen
run 0 "$MDD" cat gen/BCM1000.mdd -o payload.fb
# Revision 01.00.00 (plain) is installed; 01.10.00 (compressed, so the install converts it)
# is the update, 00.09.00 an older one.
make_revisions . payload.fb BCM1000
mkdir dir new old broken
run 0 "$MDD" cat b.mdd -o revised.fb
mv a.mdd dir/BCM1000.mdd
chmod 0640 dir/BCM1000.mdd
cp -p dir/BCM1000.mdd installed.mdd
run 0 "$MDD" pack -o new/BCM1000.mdd --ecu BCM1000 --revision 01.10.00 --preset 0 \
    --chunk "DIAGNOSTIC_DESCRIPTION:BCM1000:revised.fb:lzma"
perl -0777 -pe 's/01\.00\.00/00.09.00/' payload.fb >older.fb
run 0 "$MDD" pack -o old/BCM1000.mdd --ecu BCM1000 --revision 00.09.00 \
    --chunk "DIAGNOSTIC_DESCRIPTION:BCM1000:older.fb:plain"

# ---- Refused files: DIR stays as it was ----

# refused FILE REASON: the install of FILE fails naming it and REASON; DIR is unchanged.
refused() {
    run 1 "$MDD" install "$1" dir
    expect_eq "$(cat "$TMP/err")" "mdd: $1: $2" "install of $1"
    cmp -s dir/BCM1000.mdd installed.mdd || fail "$1: the installed file changed"
    expect_eq "$(ls -A dir)" BCM1000.mdd "$1: files in the directory"
}
echo "not an MDD file" >broken/BCM1000.mdd
refused broken/BCM1000.mdd "magic: file is 16 bytes, shorter than the 20-byte MDD magic"
# Cut short inside the chunk, which starts at offset 52 and whose 3-byte length follows its tag.
head -c 4000 b.mdd >broken/BCM1000.mdd
refused broken/BCM1000.mdd \
    "MDDFile: offset 52: field 6: length $(($(stat -c %s b.mdd) - 56)) runs past the end (3944 left)"
# The payload changed under its signature.
perl -0777 -pe 's/01\.10\.00/01.10.01/g' b.mdd >broken/BCM1000.mdd
perl -0777 -pe 's/01\.10\.00/01.10.01/g' revised.fb >spoiled.fb
refused broken/BCM1000.mdd "chunk 0: signatures[0]: SHA-512 mismatch: expected \
$(sha512_of revised.fb | head -c 16)..., got $(sha512_of spoiled.fb | head -c 16)..."
refused old/BCM1000.mdd \
    "revision 00.09.00 is older than revision 01.00.00 installed at dir/BCM1000.mdd; refused (--allow-downgrade takes it)"
# Another ECU under the installed file's name.
run 0 "$MDD" gen --ecus 3 others
mkdir other
cp others/ECM1001.mdd other/BCM1000.mdd
refused other/BCM1000.mdd \
    "holds ECU 'ECM1001', but dir/BCM1000.mdd holds ECU 'BCM1000'; refused (--force-ecu takes it)"

# ---- Installs ----

# What DIR holds after an install: the file, and the downgrade history with its lock file.
INSTALLED=$'.mdd-history\n.mdd-history.lock\nBCM1000.mdd'

run 0 "$MDD" install new/BCM1000.mdd dir
expect_eq "$(cat "$TMP/out")" \
    "dir/BCM1000.mdd: installed ECU 'BCM1000' revision 01.10.00 (was revision 01.00.00)" "update"
run 0 "$MDD" verify dir/BCM1000.mdd
run 0 "$MDD" info --json dir/BCM1000.mdd
expect_eq "$(jq -r '.chunks[0].compression' "$TMP/out")" null "the installed file is converted"
expect_eq "$(ls -A dir)" "$INSTALLED" "files after the update"
expect_eq "$(stat -c %a dir/BCM1000.mdd)" 640 "the installed file's mode, kept"
NEW_SHA=$(sha512_of dir/BCM1000.mdd)
[ -f new/BCM1000.mdd ] || fail "the update's source was removed without --move"

cp old/BCM1000.mdd moved.mdd
mkdir moved
mv moved.mdd moved/BCM1000.mdd
run 0 "$MDD" install --allow-downgrade --move moved/BCM1000.mdd dir
expect_eq "$(cat "$TMP/out")" \
    "dir/BCM1000.mdd: installed ECU 'BCM1000' revision 00.09.00 (was revision 01.10.00)" "downgrade"
[ ! -e moved/BCM1000.mdd ] || fail "--move left the source"

cp -p dir/BCM1000.mdd before_force.mdd
run 0 "$MDD" install --force-ecu other/BCM1000.mdd dir
expect_eq "$(cat "$TMP/out")" \
    "dir/BCM1000.mdd: installed ECU 'ECM1001' revision 01.00.00 (was ECU 'BCM1000' revision 00.09.00)" \
    "--force-ecu"
run 0 "$MDD" info --json dir/BCM1000.mdd
expect_eq "$(jq -r .ecu_name "$TMP/out")" ECM1001 "the ECU installed with --force-ecu"
cp -p before_force.mdd dir/BCM1000.mdd

mkdir empty
run 0 "$MDD" install new/BCM1000.mdd empty
expect_eq "$(cat "$TMP/out")" "empty/BCM1000.mdd: installed ECU 'BCM1000' revision 01.10.00 (new)" \
    "install into an empty directory"
expect_eq "$(sha512_of empty/BCM1000.mdd)" "$NEW_SHA" "the same update installed twice"
expect_eq "$(stat -c %a empty/BCM1000.mdd)" "$(stat -c %a new/BCM1000.mdd)" "a new file's mode"
run 1 "$MDD" install --move empty/BCM1000.mdd empty
expect_eq "$(cat "$TMP/err")" "mdd: empty/BCM1000.mdd: is empty/BCM1000.mdd itself: nothing to install" \
    "installing the installed file"
expect_eq "$(sha512_of empty/BCM1000.mdd)" "$NEW_SHA" "the installed file, after installing itself"

# ---- Kills ----

shimmed() {
    env "$PRELOAD=$SHIM" ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
        "$@"
}

fresh() {
    rm -rf dir
    mkdir dir
    cp -p installed.mdd dir/BCM1000.mdd
}

fresh
run 0 shimmed MDD_FAULT_COUNT_REPORT="$TMP/counts" "$MDD" install new/BCM1000.mdd dir
TOTAL=$(awk '$1 == "any" { print $2 }' "$TMP/counts")
echo "calls of one install: $(tr '\n' ' ' <"$TMP/counts")"
[ "$TOTAL" -ge 10 ] || fail "only $TOTAL calls counted"

declare -A states=()
# check_state WHAT: DIR holds the old or the new file and no other *.mdd file; sets STATE.
check_state() {
    expect_eq "$(cd dir && ls -- *.mdd)" BCM1000.mdd "$1: *.mdd files"
    if cmp -s dir/BCM1000.mdd installed.mdd; then
        STATE=old
    else
        expect_eq "$(sha512_of dir/BCM1000.mdd)" "$NEW_SHA" "$1: neither the old nor the new file"
        STATE=new
    fi
    states[$STATE]=$((${states[$STATE]:-0} + 1))
}

# recover WHAT: the next install succeeds and leaves only the new file.
recover() {
    run 0 "$MDD" install new/BCM1000.mdd dir
    expect_eq "$(ls -A dir)" "$INSTALLED" "$1: files after the next install"
    expect_eq "$(sha512_of dir/BCM1000.mdd)" "$NEW_SHA" "$1: the file after the next install"
}

for i in $(seq 1 "$ITERATIONS"); do
    fresh
    # Every third kill goes to the last few calls (sync, rename, directory sync).
    if [ $((i % 3)) -eq 0 ]; then
        at=$((TOTAL - RANDOM % 6))
    else
        at=$((RANDOM % TOTAL + 1))
    fi
    rc=0
    rm -f "$TMP/fired"
    shimmed MDD_FAULT_CALL=any MDD_FAULT_AT="$at" MDD_FAULT_ACTION=kill \
        MDD_FAULT_REPORT="$TMP/fired" "$MDD" install new/BCM1000.mdd dir \
        >"$TMP/out" 2>"$TMP/err" || rc=$?
    expect_eq "$rc" 137 "kill $i at call $at: exit status"
    check_state "kill $i at $(cat "$TMP/fired")"
    recover "kill $i"
done

# Kills at random times: the delay is the fault injection, nothing waits on it.
for i in $(seq 1 "$TIMED"); do
    fresh
    ms=$((RANDOM % 201))
    rc=0
    "$MDD" install new/BCM1000.mdd dir >"$TMP/out" 2>"$TMP/err" &
    pid=$!
    sleep "$(printf '0.%03d' "$ms")"
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || rc=$?
    case $rc in
    137 | 0) check_state "kill after $ms ms" ;;
    *) fail "kill after $ms ms: exit status $rc ($(cat "$TMP/err"))" ;;
    esac
    recover "kill after $ms ms"
done

echo "states after $ITERATIONS kills at a call and $TIMED at a time: old=${states[old]:-0} new=${states[new]:-0}"
[ "${states[old]:-0}" -ge 1 ] || fail "no kill left the old file"
[ "${states[new]:-0}" -ge 1 ] || fail "no kill left the new file"
