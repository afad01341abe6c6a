# SPDX-License-Identifier: Apache-2.0
# mdd verify releases each file before the next: thousands of files in one run, with far
# fewer descriptors allowed than files given, all verify; bad ones do not stop the run.
source "$(dirname "$0")/lib.bash" "$@"

cd "$WORK"
seq 1 100 >payload.txt
run 0 "$MDD" pack -o good.mdd --ecu ECU --chunk 3:ECU:payload.txt
# An MDDFile with only an ecu_name (field 3): a valid file without chunks.
printf 'MDD version 0%6s\0\x1a\x03ECU' '' >none.mdd

mapfile -t files < <(yes good.mdd | head -n 3000)
ulimit -n 64
run 1 "$MDD" verify "${files[@]}" none.mdd good.mdd
expect_eq "$(grep -cFx 'good.mdd: OK (1 chunk, 292 bytes, 1 signature checked)' "$TMP/out")" 3001 \
    "OK lines"
expect_eq "$(cat "$TMP/err")" "mdd: none.mdd: MDDFile: no chunks" "the file without chunks"

run 1 "$MDD" verify --json "${files[@]}" none.mdd
expect_eq "$(jq -c 'select(.ok)' "$TMP/out" | wc -l)" 3000 "verify --json: good lines"
expect_eq "$(tail -n 1 "$TMP/out" | jq -c .)" \
    '{"file":"none.mdd","chunks":[],"ok":false,"error":"MDDFile: no chunks","signature":null}' "verify --json: no chunks"
