#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# A tour of the mdd tool on files it makes itself (no corpus needed): pack two sample payloads
# into an MDD file, then info, verify and cat it; then generate a small fleet of ECU databases,
# convert it in place, load it under each strategy with the memory each costs, look up a few
# requests, decode and encode UDS messages, and serve them over HTTP.
# Usage: sh scripts/demo.sh PATH/TO/mdd
set -eu

if [ $# -ne 1 ] || [ ! -x "$1" ]; then
    echo "usage: sh scripts/demo.sh PATH/TO/mdd" >&2
    exit 2
fi
case $1 in
/*) MDD=$1 ;;
*) MDD=$(pwd)/$1 ;;
esac

DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT INT TERM
cd "$DIR"

section() {
    printf '\n=== %s\n' "$*"
}

mdd() {
    "$MDD" "$@"
}

# Shows a command, then runs it.
show() {
    echo "\$ $*"
    "$@"
}

section "Sample payloads"
i=1
while [ "$i" -le 400 ]; do
    printf 'service %03d: ReadDataByIdentifier DID 0x%04X\n' "$i" $((0xF100 + i))
    i=$((i + 1))
done >services.txt
printf 'Demo ECU, built by scripts/demo.sh.\nThis chunk is stored plain.\n' >README.txt
ls -l services.txt README.txt

section "mdd pack: one compressed and one plain chunk"
show mdd pack -o demo.mdd --ecu DEMO_ECU --revision 01.00.00 --meta source=demo.sh \
    --chunk CODE_FILE:services.txt:services.txt \
    --chunk EMBEDDED_FILE:README.txt:README.txt:plain
ls -l demo.mdd

section "mdd info"
show mdd info demo.mdd

section "mdd info --json (decodes every chunk)"
show mdd info --json demo.mdd

section "mdd verify"
show mdd verify demo.mdd

section "mdd cat: the first lines of chunk 0"
echo "\$ mdd cat demo.mdd | head -n 3"
mdd cat demo.mdd | head -n 3

section "mdd cat -o: back to the original bytes"
show mdd cat demo.mdd --chunk README.txt -o README.out
show cmp README.txt README.out && echo "README.txt and README.out are identical"

section "mdd verify on a damaged copy"
cp demo.mdd damaged.mdd
# The plain chunk's data ends the file: change its last byte.
printf 'X' | dd of=damaged.mdd bs=1 seek=$(($(wc -c <damaged.mdd) - 1)) conv=notrunc 2>/dev/null
show mdd verify demo.mdd damaged.mdd || echo "(exit status $?: damaged.mdd is bad)"

section "mdd gen: a small synthetic fleet (4 ECUs and a functional-group database)"
show mdd gen --profile small fleet
show mdd ecu fleet/ECM1001.mdd

section "mdd convert: decompress in place, once (a copy per strategy below)"
for s in heap sidecar inplace pread; do
    cp -r fleet "fleet-$s"
done
show mdd convert fleet-inplace

section "mdd load: the same fleet under each strategy"
for s in heap sidecar inplace pread; do
    show mdd load --strategy "$s" "fleet-$s"
done

section "Memory per strategy (KiB, from /proc/self/smaps_rollup after loading)"
printf '%-8s %10s %12s %12s\n' strategy RSS anonymous file-backed
for s in heap sidecar inplace pread; do
    mdd load --json --strategy "$s" "fleet-$s" |
        jq -r --arg s "$s" '"\($s) \(.process.rss_kb) \(.process.anonymous_kb) \(.process.file_kb)"' |
        while read -r name rss anon file; do
            printf '%-8s %10s %12s %12s\n' "$name" "$rss" "$anon" "$file"
        done
done
echo "heap holds every payload in anonymous memory; sidecar and inplace map them and keep"
echo "only what is read; pread reads them with explicit I/O into a bounded cache of its own."
echo "After a crash or an update, run mdd convert again: it is idempotent."

section "mdd lookup: which services a UDS request addresses"
for request in 22F190 1003 3101 190209 3E00; do
    show mdd lookup --ecu ECM1001 fleet-inplace "$request"
done

section "mdd decode and mdd encode: UDS messages read and written with the ECU's description"
show mdd decode --ecu ECM1001 fleet-inplace 22F190 62F1900C3A0102
show mdd decode --json --ecu ECM1001 fleet-inplace 22F190 62F1900C3A0102
echo
show mdd decode --ecu ECM1001 fleet-inplace 22F190 7F2231
show mdd encode --ecu ECM1001 fleet-inplace DID_F190_main_battery_Read '{}'
show mdd encode --ecu ECM1001 fleet-inplace DID_030C_charge_camera_Write '{}' ||
    echo "(exit status $?: the write's data bytes need values; the error names the first)"

section "mdd serve: the same fleet over HTTP, from one event loop that never waits on a fault"
mkfifo serve.out
"$MDD" serve --listen 127.0.0.1:0 fleet-inplace >serve.out &
server=$!
# The first line names the port the kernel picked.
read -r _ _ url <serve.out
show curl -s "$url/ecus/ECM1001/lookup?request=22F190"
echo
show curl -s "$url/ecus/ECM1001/chunks"
echo
show curl -s "$url/ecus/ECM1001/decode?request=22F190&response=62F1900C3A0102"
echo
kill "$server"
wait "$server"
