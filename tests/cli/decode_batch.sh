# SPDX-License-Identifier: Apache-2.0
# mdd decode --batch over the corpus directory: each record's line is exactly what
# `mdd decode --json` prints for it alone (a separate run that does not go through the batch
# code), with the record's other members added; errors are lines naming the line number and
# the reason, and the batch goes on; the order of the input is kept on 2 threads as on 1;
# standard input and --input agree; the summary counts the errors by reason; inputs that are
# not records (an over-long line, a NUL, a FIFO or a directory as --input) are refused
# without waiting or holding them.
source "$(dirname "$0")/lib.bash" "$@"
have_corpus || skip "no corpus"
[ -e "$CORPUS/FLXC1000.mdd" ] || skip "no FLXC1000.mdd in the corpus"
command -v jq >/dev/null || skip "jq is not installed"
cd "$WORK"

# The records: ECU, variant ("-" for the base variant), request, response.
records=()
for f in "$CORPUS"/*.mdd; do
    ecu=$(basename "$f" .mdd)
    [ "$ecu" != functional_groups ] || continue
    records+=("$ecu - 22F190 62F1905744443232323030313141303030303031")
done
records+=(
    "FLXC1000 - 22F186 62F18603"
    "FLXC1000 - 22F200 62F200FFFFFB2E"
    "FLXC1000 - 22F200 62F200FFFFFB2EAABB"
    "FLXC1000 - 22F190 7F2231"
    "FLXC1000 - 1902FF 5902FF01E2400903944722"
    "FLXC1000 - 190401E240FF 590401E24009"
    "FLXC1000 - 190601E240FF 590601E2400901112233440255667788"
    "FLXC1000 FLXC1000_Boot_Variant 2703 6703AABBCC"
    "FLXC1000 - 22F200 62F200FFFF"
    "FLXC1000 - 2703 6703"
    "FLXC1000 - 22F200 63F200FFFFFB2E"
)

# What mdd decode --json prints for a record alone, as the batch writes it: the object, or
# for a failure the reason (as the batch names it from the exit's message) and the message.
declare -A single
for r in "${records[@]}"; do
    read -r ecu variant req resp <<<"$r"
    args=()
    [ "$variant" == - ] || args=(--variant "$variant")
    rc=0
    "$MDD" decode --json "${args[@]}" "$CORPUS/$ecu.mdd" "$req" "$resp" >"$TMP/one" 2>"$TMP/one.err" || rc=$?
    if [ "$rc" == 0 ]; then
        single[$r]=$(cat "$TMP/one")
    else
        msg=$(sed "s|^mdd: $CORPUS/$ecu.mdd: ||" "$TMP/one.err")
        case $msg in
        "no service takes"* | "no response of"*) reason=no-match ;;
        *) reason=undecodable ;;
        esac
        single[$r]="ERROR $reason $(jq -Rc . <<<"$msg")"
    fi
done
[[ ${single["FLXC1000 - 22F200 62F200FFFF"]} == "ERROR undecodable \"/PowerConsumption: "* ]] ||
    fail "the single decode of a short message: ${single["FLXC1000 - 22F200 62F200FFFF"]}"

# expected_line LINE_NUMBER RECORD EXTRA: the batch's line for it, EXTRA (`,"k":v`) added.
expected_line() {
    local s=${single[$2]}
    if [[ $s == ERROR* ]]; then
        read -r _ reason msg <<<"$s"
        echo "{\"line\":$1,\"error\":\"$reason\",\"message\":$msg$3}"
    else
        echo "${s%\}}$3}"
    fi
}

# ---- every record, as JSON with other members and as a plain line ----
: >in.jsonl
: >expected
n=0
for r in "${records[@]}"; do
    read -r ecu variant req resp <<<"$r"
    n=$((n + 1))
    v=
    [ "$variant" == - ] || v=",\"variant\":\"$variant\""
    echo "{\"id\":$n,\"ecu\":\"$ecu\"$v,\"request\":\"$req\",\"response\":\"$resp\",\"at\":{\"t\":[1.5e3,null,true]}}" >>in.jsonl
    expected_line $n "$r" ",\"id\":$n,\"at\":{\"t\":[1.5e3,null,true]}" >>expected
done
run 1 "$MDD" decode --batch -j 2 --input in.jsonl "$CORPUS"
diff expected "$TMP/out" >&2 || fail "JSON records: the lines differ from mdd decode --json"

: >in.txt
: >expected
n=0
for r in "${records[@]}"; do
    read -r ecu variant req resp <<<"$r"
    [ "$variant" == - ] || continue
    n=$((n + 1))
    printf '%s\t%s  %s\r\n' "$ecu" "$req" "$resp" >>in.txt
    expected_line $n "$r" "" >>expected
done
run 1 "$MDD" decode --batch -j 1 "$CORPUS" <in.txt
diff expected "$TMP/out" >&2 || fail "plain records: the lines differ from mdd decode --json"

# ---- order: many blocks on 2 threads as on 1, standard input as --input ----
rounds=40
[ -z "${MDD_TEST_EMULATOR:-}" ] || rounds=4
for ((i = 0; i < rounds; i++)); do cat in.jsonl; done >many.jsonl
total=$(wc -l <many.jsonl)
run 1 "$MDD" decode --batch -j 1 --input many.jsonl "$CORPUS"
mv "$TMP/out" one.out
run 1 "$MDD" decode --batch -j 2 "$CORPUS" <many.jsonl
cmp one.out "$TMP/out" || fail "-j 2 on standard input differs from -j 1 with --input"
expect_eq "$(wc -l <one.out)" "$total" "lines for $total records"
expect_eq "$(jq -r 'if .line then "e" + (.line|tostring) else .id|tostring end' one.out | tail -1)" \
    "e$total" "the last line is the last record's"
# The ids come back in input order, repeating every ${#records[@]} records.
jq -r '.id' one.out >ids
for ((i = 0; i < rounds; i++)); do seq "${#records[@]}"; done >ids.expected
cmp ids ids.expected || fail "the records' ids are not in input order"

# ---- errors: one line each, the batch goes on; the summary counts them ----
long=$(head -c $((1024 * 1024 + 1)) /dev/zero | tr '\0' 'a')
{
    echo 'FLXC1000 22F186 62F18603'
    echo 'FLXC1000 22F18 62F18603'
    echo '{"ecu":"FLXC1000","request":"22F186","response":"62F1860G","k":[1]}'
    echo 'NOPE 22F186 62F18603'
    echo '{"ecu":"FLXC1000","variant":"NOPE","request":"22F186","response":"62F18603"}'
    echo '{"ecu":"FLXC1000","request":"22F186","response":"62F18603"'
    echo '{"ecu":"FLXC1000","request":"22F186"}'
    echo ''
    echo "$long"
    printf 'FLXC1000 22F186\0 62F18603\n'
    echo 'FLXC1000 22F186'
    echo '{"ecu":"FLXC1000","request":"22F186","response":"62F18603","x":"\ud800"}'
    echo '{"ecu":"FLXC\u0031000","variant":null,"request":"22F186","response":"62F18603"}'
    printf 'FLXC1000 22F186 62F18603'
} >errors.txt
run 1 "$MDD" decode --batch -j 2 --input errors.txt "$CORPUS"
one=${single["FLXC1000 - 22F186 62F18603"]}
cat >expected <<EOF2
$one
{"line":2,"error":"bad-hex","message":"the request is not pairs of hex digits"}
{"line":3,"error":"bad-hex","message":"the response is not pairs of hex digits","k":[1]}
{"line":4,"error":"unknown-ecu","message":"no ECU named 'NOPE'"}
{"line":5,"error":"unknown-variant","message":"ECU 'FLXC1000' has no variant named 'NOPE'"}
{"line":6,"error":"malformed","message":"malformed JSON at byte 59: ',' or '}' expected"}
{"line":7,"error":"malformed","message":"no \"response\""}
{"line":9,"error":"line-too-long","message":"the line is longer than 1048576 bytes"}
{"line":10,"error":"nul-byte","message":"the line holds a NUL byte"}
{"line":11,"error":"malformed","message":"expected ECU REQUEST RESPONSE (three fields) or a JSON object"}
{"line":12,"error":"malformed","message":"malformed JSON at byte 65: a lone surrogate in a string"}
$one
$one
EOF2
diff expected "$TMP/out" >&2 || fail "error lines"
grep -Eqx 'mdd: decode --batch: 13 records, 3 decoded, 10 errors \(line-too-long 1, nul-byte 1, malformed 4, bad-hex 2, unknown-ecu 1, unknown-variant 1\), [0-9]+ records/s' \
    "$TMP/err" || fail "summary: $(cat "$TMP/err")"

# Every record decoded: exit 0, and the summary says so.
run 0 "$MDD" decode --batch "$CORPUS" <<<'FLXC1000 22F186 62F18603'
expect_eq "$(cat "$TMP/out")" "$one" "one record"
grep -Eqx 'mdd: decode --batch: 1 record, 1 decoded, 0 errors, [0-9]+ records/s' "$TMP/err" ||
    fail "summary: $(cat "$TMP/err")"
# Files as the operands instead of a directory.
run 0 "$MDD" decode --batch "$CORPUS/FSNR2000.mdd" "$CORPUS/FLXC1000.mdd" <<<'FLXC1000 22F186 62F18603'
expect_eq "$(cat "$TMP/out")" "$one" "files as operands"

# Empty input: no lines, nothing to count.
run 0 "$MDD" decode --batch "$CORPUS" </dev/null
expect_eq "$(cat "$TMP/out")" "" "empty input"
grep -Eqx 'mdd: decode --batch: 0 records, 0 decoded, 0 errors, [0-9]+ records/s' "$TMP/err" ||
    fail "summary of an empty input: $(cat "$TMP/err")"

# --input that is not a regular file is refused at once (a FIFO without a writer would wait).
mkfifo fifo
run 1 timeout 10 "$MDD" decode --batch --input fifo "$CORPUS"
expect_eq "$(cat "$TMP/err")" \
    "mdd: fifo: is not a regular file (give a pipe or a device on standard input)" "FIFO"
mkdir dir
run 1 "$MDD" decode --batch --input dir "$CORPUS"
expect_eq "$(cat "$TMP/err")" "mdd: dir: is a directory" "directory as --input"
run 1 "$MDD" decode --batch --input missing "$CORPUS"
expect_eq "$(cat "$TMP/err")" "mdd: missing: No such file or directory" "missing --input"

# A failed write stops the run and says why.
rc=0
"$MDD" decode --batch --input many.jsonl "$CORPUS" >/dev/full 2>"$TMP/err" || rc=$?
expect_eq "$rc" 1 "exit status with the output on /dev/full"
expect_line "mdd: writing the output: No space left on device" "$TMP/err" "/dev/full"

# ---- usage ----
run 2 "$MDD" decode --batch --ecu FLXC1000 "$CORPUS"
grep -q "^mdd decode: --batch takes the ECU and the variant from each record" "$TMP/err" ||
    fail "--ecu with --batch: $(cat "$TMP/err")"
run 2 "$MDD" decode --batch -j 0 "$CORPUS"
grep -q "^mdd decode: -j takes a number from 1 to 64" "$TMP/err" || fail "-j 0: $(cat "$TMP/err")"
run 2 "$MDD" decode --input in.txt "$CORPUS/FLXC1000.mdd" 22F186 62F18603
grep -q "^mdd decode: --input and -j go with --batch" "$TMP/err" ||
    fail "--input without --batch: $(cat "$TMP/err")"
run 2 "$MDD" decode --batch
grep -q "^mdd decode: expected FILE... or DIR" "$TMP/err" || fail "no operand: $(cat "$TMP/err")"
echo "decode_batch: ${#records[@]} records decoded as mdd decode --json does, order kept, errors as lines"
