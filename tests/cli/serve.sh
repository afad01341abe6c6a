# SPDX-License-Identifier: Apache-2.0
# mdd serve: every endpoint's exact JSON (expected values computed with mdd ecu, info,
# lookup, services, dtc, comparams, states, sdgs, jobs and cat), status codes, a streamed chunk byte for byte, concurrent clients, the
# header and connection limits, a client leaving mid-stream, each loading strategy, the real
# corpus when present, and a clean exit 0 on SIGTERM. The port is read from the server's
# first line through a fifo.
source "$(dirname "$0")/lib.bash" "$@"
require_http

source "$(dirname "$0")/serve_lib.bash"

# What the server must say, computed with the other commands from the files themselves.
ecus_json() { # DIR
    local f
    for f in "$1"/*.mdd; do
        "$MDD" ecu --json "$f" | jq --arg path "$f" \
            --argjson chunks "$("$MDD" info --json "$f" | jq '.chunks | length')" \
            '{name: .ecu_name, path: $path, default: true, revision,
              services: (([.variants[] | select(.is_base)][0].effective_services // []) | length),
              variants: (.variants | length),
              functional_groups: (.functional_groups | length), dtcs: (.dtcs | length),
              chunks: $chunks}'
    done | jq -s '{ecus: sort_by(.name)}'
}
ecu_json() { # FILE STRATEGY
    "$MDD" ecu --json "$1" | jq --arg path "$1" --arg strategy "$2" \
        --argjson chunks "$("$MDD" info --json "$1" | jq '.chunks | length')" \
        '{name: .ecu_name, path: $path, version, revision, strategy: $strategy,
          base_variant: (([.variants[] | select(.is_base)] + .variants)[0].name // null),
          variants: [.variants[] | {name, is_base, services: (.effective_services | length)}],
          functional_groups: [.functional_groups[] | {name, services: (.services | length)}],
          dtcs: (.dtcs | length), chunks: $chunks}'
}
chunks_json() { # FILE ECU
    "$MDD" info --json "$1" | jq --arg ecu "$2" \
        '{ecu: $ecu, chunks: [.chunks | to_entries[] | {index: .key, name: .value.name,
          type: .value.type, type_name: "DIAGNOSTIC_DESCRIPTION",
          payload_size: .value.payload_size}]}'
}
# lookup_json FILE VARIANT HEX: the services mdd lookup names, with their prefixes from mdd
# ecu --json.
lookup_json() {
    "$MDD" ecu --json "$1" | jq --arg v "$2" --arg r "${3,,}" \
        --argjson names "$("$MDD" lookup --variant "$2" "$1" "$3" | jq -R . | jq -s .)" \
        '([.variants[] | select(.name == $v)][0].effective_services) as $eff
         | {ecu: .ecu_name, variant: $v, request: $r,
            services: [$names[] as $n | first($eff[] | select(.name == $n))]}'
}
dtc_json() { # FILE CODE
    "$MDD" ecu --json "$1" | jq --argjson c "$2" \
        '{ecu: .ecu_name, code: $c, dtcs: [.dtcs[] | select(.code == $c)]}'
}

run 0 "$MDD" gen --profile small --seed 3 "$WORK/gen"
GEN=$WORK/gen
ECU=ECM1001
F=$GEN/$ECU.mdd
run 0 "$MDD" dtc "$F"
CODE=$(head -n 1 "$TMP/out" | cut -d' ' -f1)
run 0 "$MDD" cat "$F" -o "$WORK/$ECU.payload"

# ---- usage errors and startup failures: nothing is served ----
run 2 "$MDD" serve
run 2 "$MDD" serve --listen nope "$GEN"
expect_line "mdd serve: --listen takes ADDR:PORT (e.g. 127.0.0.1:8080), not 'nope'" "$TMP/err" \
    "bad --listen"
for bad in 127.0.0.1:65536 127.0.0.1 localhost:80 "[::1:80"; do
    run 2 "$MDD" serve --listen "$bad" "$GEN"
done
run 2 "$MDD" serve --max-connections 0 "$GEN"
run 2 "$MDD" serve --timeout x "$GEN"
run 2 "$MDD" serve --strategy mmap "$GEN"
run 2 "$MDD" serve --reader aio "$GEN"
run 2 "$MDD" serve --cache-budget 1M "$GEN"
expect_line "mdd serve: --cache-budget applies to --strategy pread only" "$TMP/err" \
    "--cache-budget without pread"
run 2 "$MDD" serve --share-dir "$WORK/share" "$GEN"
expect_line "mdd serve: --share-dir applies to --strategy pread only" "$TMP/err" \
    "--share-dir without pread"
run 1 "$MDD" serve --listen 127.0.0.1:0 "$WORK/missing"
expect_eq "$(cat "$TMP/err")" "mdd: $WORK/missing: open directory: No such file or directory" \
    "a missing directory"
expect_eq "$(stat -c %s "$TMP/out")" 0 "output of a server that did not start"

# ---- every endpoint, under the default strategy (inplace: converts the copies) ----
cp -r "$GEN" "$WORK/inplace"
D=$WORK/inplace
start_server "$D"
expect_get 200 /health '{"status": "ok"}'
expect_get 200 /ecus "$(ecus_json "$D")"
expect_get 200 /ecus/$ECU "$(ecu_json "$D/$ECU.mdd" inplace)"
expect_get 200 /ecus/$ECU/chunks "$(chunks_json "$D/$ECU.mdd" $ECU)"
for hex in 22F190 3E00 22 1001 22f19e00; do
    expect_get 200 "/ecus/$ECU/lookup?request=$hex" "$(lookup_json "$D/$ECU.mdd" ECM1001_Base $hex)"
done
expect_get 200 "/ecus/$ECU/lookup?request=22F1&variant=ECM1001_Variant_2" \
    "$(lookup_json "$D/$ECU.mdd" ECM1001_Variant_2 22F1)"
expect_get 200 /ecus/$ECU/dtcs/$CODE "$(dtc_json "$D/$ECU.mdd" "$CODE")"
expect_get 200 /ecus/$ECU/dtcs/"$(printf '0x%X' "$CODE")" "$(dtc_json "$D/$ECU.mdd" "$CODE")"
get /ecus/$ECU/dtcs/$CODE
expect_eq "$(jq -r '.dtcs[] | "\(.code)  \(.display // "-")  \(.name)  \(.text)"' "$TMP/body")" \
    "$("$MDD" dtc "$F" "$CODE")" "the DTC as mdd dtc prints it"
get /ecus/$ECU/chunks/$ECU
expect_eq "$STATUS" 200 "status of the chunk"
cmp -s "$TMP/body" "$WORK/$ECU.payload" || fail "the streamed chunk differs from mdd cat"
curl -s -I "$BASE/ecus/$ECU/chunks/$ECU" | tr -d '\r' >"$TMP/head"
expect_line "Content-Length: $(stat -c %s "$WORK/$ECU.payload")" "$TMP/head" "HEAD of a chunk"
expect_line "Content-Type: application/octet-stream" "$TMP/head" "HEAD of a chunk"

# ---- errors ----
expect_error 404 /nope "no such resource"
expect_error 404 /ecus/ "no such resource"
expect_error 404 /ecus/$ECU/nope "no such resource"
expect_error 404 /ecus/$ECU/chunks/$ECU/more "no such resource"
expect_error 404 /ecus/NOPE "no ECU named 'NOPE'"
expect_error 404 /ecus/NOPE/lookup?request=22 "no ECU named 'NOPE'"
expect_error 404 /ecus/$ECU/chunks/nope "no chunk named 'nope'"
expect_error 404 "/ecus/$ECU/lookup?request=22&variant=NOPE" "no variant named 'NOPE'"
expect_error 404 /ecus/FG_EPS_01/lookup?request=22 "ECU 'FG_EPS_01' has no variants"
expect_error 404 /ecus/FG_EPS_01/comparams "ECU 'FG_EPS_01' has no variants"
expect_error 404 /ecus/$ECU/dtcs/42 "no DTC with trouble code 42"
run 1 "$MDD" lookup "$F" FF
expect_error 404 /ecus/$ECU/lookup?request=FF \
    "no service of variant 'ECM1001_Base' matches request ff"
for bad in 22F 2G 0x22 %2022; do
    expect_error 400 "/ecus/$ECU/lookup?request=$bad" \
        "'$(printf '%b' "${bad//%/\\x}")' is not a request in hex (pairs of hex digits)"
done
expect_error 400 "/ecus/$ECU/lookup?request=" "'' is not a request in hex (pairs of hex digits)"
expect_error 400 /ecus/$ECU/lookup "no request parameter (a UDS request in hex)"
expect_error 400 "/ecus/$ECU/lookup?request=22&variant=" "an empty variant name"
expect_error 400 "/ecus/$ECU/lookup?request=22&verbose=1" "unknown parameter 'verbose'"
for bad in x 0x -1 4294967296 0x100000000 12a; do
    expect_error 400 /ecus/$ECU/dtcs/$bad "'$bad' is not a trouble code (decimal, or hex after 0x)"
done
expect_error 400 /ecus/a%00b "the path holds a NUL byte"
# Segments are decoded after the path is split: an encoded '/' belongs to the name.
expect_error 404 /ecus/a%2Fb "no ECU named 'a/b'"
expect_error 404 /health/ "no such resource"
expect_error 404 /ecus/$ECU/dtcs/ "no such resource"
# A missing ECU is answered first, then the query, then a missing variant, then the request.
expect_error 404 /ecus/NOPE/nope "no ECU named 'NOPE'"
expect_error 404 /ecus/NOPE/dtcs/x "no ECU named 'NOPE'"
expect_error 400 "/ecus/$ECU/lookup?request=22&flag" "a malformed query string"
expect_error 400 "/ecus/$ECU/lookup?variant=&verbose=1" "unknown parameter 'verbose'"
expect_error 404 "/ecus/$ECU/lookup?variant=NOPE" "no variant named 'NOPE'"
expect_error 404 "/ecus/$ECU/lookup?request=zz&variant=NOPE" "no variant named 'NOPE'"
expect_error 404 /ecus/FG_EPS_01/lookup?request=zz "ECU 'FG_EPS_01' has no variants"
expect_get 200 "/ecus/$ECU/lookup?request=%32%32" "$(lookup_json "$D/$ECU.mdd" ECM1001_Base 22)"
# A request of 3003 bytes, inside the request line's limit.
long=22F190$(head -c 6000 /dev/zero | tr '\0' 0)
expect_get 200 "/ecus/$ECU/lookup?request=$long" "$(lookup_json "$D/$ECU.mdd" ECM1001_Base "$long")"
for method in POST PUT DELETE OPTIONS; do
    expect_error 405 /health "only GET and HEAD are served" -X $method
done
curl -s -i -X POST "$BASE/health" | tr -d '\r' >"$TMP/head"
expect_line "Allow: GET, HEAD" "$TMP/head" "the Allow header of a 405"
# Heads over the limits: header fields of more than 8 KiB or 100 fields (431), a request
# line of more than 8 KiB (414); at the limits, answered.
fields_error="the header fields pass 8192 bytes or 100 fields"
expect_error 431 /health "$fields_error" -H "X-Filler: $(head -c 8200 /dev/zero | tr '\0' a)"
# curl sends three fields of its own (Host, User-Agent, Accept).
fields=()
for i in $(seq 98); do fields+=(-H "X-$i: 1"); done
expect_error 431 /health "$fields_error" "${fields[@]}"
get /health "${fields[@]:2}"
expect_eq "$STATUS" 200 "a request of 100 header fields"
expect_error 414 "/$(head -c 9000 /dev/zero | tr '\0' a)" \
    "the request line is longer than 8192 bytes"
get /health -d x
expect_eq "$STATUS" 405 "a POST with a body where none is served"
get "/ecus/$ECU/encode?service=x" --data-binary @<(head -c 65537 /dev/zero)
expect_eq "$STATUS" 413 "a body over 64 KiB"
expect_get 200 /health '{"status": "ok"}'

# ---- services: the answers of mdd services --json to the same query ----
services_json() { # FILE OPTIONS...
    local f=$1
    shift
    "$MDD" services --json "$@" "$f"
}
expect_get 200 /ecus/$ECU/services "$(services_json "$D/$ECU.mdd")"
expect_get 200 "/ecus/$ECU/services?sid=22&variant=ECM1001_Variant_2" \
    "$(services_json "$D/$ECU.mdd" --sid 22 --variant ECM1001_Variant_2)"
expect_get 200 "/ecus/$ECU/services?sid=10&subfunction=81" \
    "$(services_json "$D/$ECU.mdd" --sid 10 --subfunction 81)"
expect_get 200 "/ecus/$ECU/services?name=diagnosticsessioncontrol_default" \
    "$(services_json "$D/$ECU.mdd" --name DiagnosticSessionControl_Default)"
expect_get 200 "/ecus/$ECU/services?class=actuation&semantic=DATA-READ" \
    "$(services_json "$D/$ECU.mdd" --class Actuation --semantic data-read)"
expect_get 200 "/ecus/$ECU/services?class=nothing" \
    '{"ecu": "ECM1001", "variant": "ECM1001_Base", "services": []}'
expect_get 200 "/ecus/FG_EPS_01/services?group=FG_EPS_01_Group_2&sid=22" \
    "$(services_json "$D/FG_EPS_01.mdd" --group FG_EPS_01_Group_2 --sid 22)"
expect_error 404 /ecus/NOPE/services "no ECU named 'NOPE'"
expect_error 404 "/ecus/$ECU/services?variant=NOPE" "no variant named 'NOPE'"
expect_error 404 "/ecus/$ECU/services?group=NOPE" "no functional group named 'NOPE'"
expect_error 404 /ecus/FG_EPS_01/services "ECU 'FG_EPS_01' has no variants"
for bad in 2 222 zz 0x2; do
    expect_error 400 "/ecus/$ECU/services?sid=$bad" "sid '$bad' is not a byte in hex (two hex digits)"
    expect_error 400 "/ecus/$ECU/services?subfunction=$bad" \
        "subfunction '$bad' is not a byte in hex (two hex digits)"
done
expect_error 400 "/ecus/$ECU/services?name=" "an empty name parameter"
expect_error 400 "/ecus/$ECU/services?variant=V&group=G" "a variant and a group: name one of them"
expect_error 400 "/ecus/$ECU/services?verbose=1" "unknown parameter 'verbose'"
# The query is checked before the variant.
expect_error 400 "/ecus/$ECU/services?variant=NOPE&sid=zz" "sid 'zz' is not a byte in hex (two hex digits)"

# ---- concurrent clients: 24 at once, lookups and streams mixed ----
ECUS=(ABS1003 BCM1000 ECM1001 TCM1002)
for ecu in "${ECUS[@]}"; do
    lookup_json "$D/$ecu.mdd" "$(jq -r '([.variants[] | select(.is_base)] + .variants)[0].name' \
        <("$MDD" ecu --json "$D/$ecu.mdd"))" 22F190 >"$WORK/want.$ecu.json"
    run 0 "$MDD" cat "$D/$ecu.mdd" -o "$WORK/want.$ecu.bin"
done
pids=()
for i in $(seq 0 23); do
    ecu=${ECUS[i % 4]}
    if ((i % 3 == 0)); then
        curl -s -o "$WORK/got.$i" "$BASE/ecus/$ecu/chunks/$ecu" &
    else
        curl -s -o "$WORK/got.$i" "$BASE/ecus/$ecu/lookup?request=22F190" &
    fi
    pids+=($!)
done
for pid in "${pids[@]}"; do
    wait "$pid" || fail "a concurrent client failed"
done
for i in $(seq 0 23); do
    ecu=${ECUS[i % 4]}
    if ((i % 3 == 0)); then
        cmp -s "$WORK/got.$i" "$WORK/want.$ecu.bin" || fail "concurrent stream $i differs"
    else
        expect_json "$(cat "$WORK/got.$i")" "$(cat "$WORK/want.$ecu.json")" "concurrent lookup $i"
    fi
done
stop_server

# ---- a large chunk: many pieces, byte for byte, and a client that leaves mid-stream ----
mkdir "$WORK/big"
head -c $((32 << 20)) /dev/urandom >"$WORK/blob"
run 0 "$MDD" pack -o "$WORK/big/$ECU.mdd" --ecu $ECU \
    --chunk "DIAGNOSTIC_DESCRIPTION:$ECU:$WORK/$ECU.payload:plain" \
    --chunk "EMBEDDED_FILE:blob:$WORK/blob:plain"
start_server "$WORK/big"
get /ecus/$ECU/chunks/blob
expect_eq "$STATUS" 200 "status of the large chunk"
cmp -s "$TMP/body" "$WORK/blob" || fail "the large streamed chunk differs"
# The reader stops after one byte: the server sees the connection close mid-stream.
(curl -s "$BASE/ecus/$ECU/chunks/blob" || true) | head -c 1 >/dev/null
expect_get 200 /health '{"status": "ok"}'
get /metrics
expect_eq "$(jq '.streamed_bytes >= 33554432' "$TMP/body")" true "bytes streamed"
expect_eq "$(jq '.max_loop_stall_own_us | type' "$TMP/body")" '"number"' "the loop's own stall"
# The descriptor table was grown at startup for every connection allowed: no accept(2) on the
# loop waits for it to grow.
max_conns=$(jq .max_connections "$TMP/body")
fd_size=$(awk '/^FDSize:/ { print $2 }' "/proc/$PID/status")
expect_eq "$((fd_size > max_conns))" 1 "a descriptor table of $fd_size for $max_conns connections"
stop_server

# ---- the connection limit: an idle or incomplete connection makes room, a busy one not ----
start_server "$WORK/big" --strategy heap --max-connections 2 --header-timeout 60 \
    --drain-timeout 1
# http_on FD PATH: a request on an open connection; the body in $TMP/body.
http_on() {
    local line len=0
    printf 'GET %s HTTP/1.1\r\nHost: test\r\n\r\n' "$2" >&"$1"
    IFS= read -r line <&"$1"
    [[ $line == "HTTP/1.1 200 OK"$'\r' ]] || fail "GET $2 on a held connection: '$line'"
    while IFS= read -r line <&"$1" && [ "$line" != $'\r' ]; do
        [[ ${line,,} =~ ^content-length:\ ([0-9]+) ]] && len=${BASH_REMATCH[1]}
    done
    IFS= read -r -N "$len" line <&"$1"
    printf '%s' "$line" >"$TMP/body"
}
port=${BASE##*:}
# c1 sends half a head (the older), c2 is idle after a request: a third connection closes c1.
exec {c1}<>"/dev/tcp/127.0.0.1/$port"
printf 'GET /health HTTP/1.1\r\n' >&"$c1"
exec {c2}<>"/dev/tcp/127.0.0.1/$port"
http_on "$c2" /health
expect_get 200 /health '{"status": "ok"}'
IFS= read -r line <&"$c1" && fail "the incomplete connection was answered: '$line'"
http_on "$c2" /metrics
expect_eq "$(jq -c '[.accepted, .refused, .evicted]' "$TMP/body")" "[3,0,1]" \
    "accepted, refused and evicted"
exec {c1}<&-
# c2 busy with a chunk it does not read, c3 too: a new connection has no room.
printf 'GET /ecus/%s/chunks/blob HTTP/1.1\r\nHost: test\r\n\r\n' "$ECU" >&"$c2"
exec {c3}<>"/dev/tcp/127.0.0.1/$port"
printf 'GET /ecus/%s/chunks/blob HTTP/1.1\r\nHost: test\r\n\r\n' "$ECU" >&"$c3"
# Both streams started (the status line came) before the third connection.
for fd in "$c2" "$c3"; do
    IFS= read -r line <&"$fd"
    [[ $line == "HTTP/1.1 200 OK"$'\r' ]] || fail "a held chunk stream: '$line'"
done
rc=0
curl -s -o /dev/null "$BASE/health" || rc=$?
# Closed at once: curl sees an empty reply, or a reset while sending or receiving.
case $rc in 52 | 55 | 56) ;; *) fail "a connection over the limit got an answer (curl $rc)" ;; esac
exec {c3}<&-
# SIGTERM with a stream in progress whose client does not read: the drain's timeout ends it.
kill -TERM "$PID"
rc=0
wait "$PID" || rc=$?
exec {LISTEN_FD}<&- {c2}<&-
expect_eq "$rc" 0 "exit status after a drain"

# ---- each strategy: the same answers; /metrics counts them ----
payload_total=$(for f in "$GEN"/*.mdd; do "$MDD" info --json "$f"; done |
    jq -s '[.[].chunks[].payload_size] | add')
for strategy in heap sidecar inplace pread; do
    cp -r "$GEN" "$WORK/s-$strategy"
    D=$WORK/s-$strategy
    opts=(--strategy $strategy --reader threads)
    [ $strategy != pread ] || opts+=(--cache-budget 512K)
    start_server "$D" "${opts[@]}"
    expect_get 200 /ecus/$ECU "$(ecu_json "$D/$ECU.mdd" $strategy)"
    expect_error 404 /ecus/NOPE "no ECU named 'NOPE'"
    expect_error 405 /health "only GET and HEAD are served" -X POST
    expect_get 200 "/ecus/$ECU/lookup?request=22F190" \
        "$(lookup_json "$D/$ECU.mdd" ECM1001_Base 22F190)"
    expect_get 200 /ecus/$ECU/dtcs/$CODE "$(dtc_json "$D/$ECU.mdd" "$CODE")"
    get /ecus/$ECU/chunks/$ECU
    cmp -s "$TMP/body" "$WORK/$ECU.payload" || fail "$strategy: the streamed chunk differs"
    get /metrics
    expect_eq "$STATUS" 200 "$strategy: status of /metrics"
    # Two payload answers and one piece: each resident at once or read first.
    expect_json "$(jq '{requests, responses, accepted, refused, streamed_bytes, reader,
            payload_reads: (.inline + .async_reads), payload_bytes: .memory.db.payload_bytes,
            memory_numbers: ([.memory.db[], .memory.process[]] | all(type == "number"))}' \
            "$TMP/body")" \
        "{\"requests\": 7, \"responses\": {\"200\": 4, \"400\": 0, \"401\": 0, \"404\": 1,
          \"405\": 1, \"409\": 0, \"411\": 0, \"413\": 0, \"414\": 0, \"415\": 0, \"422\": 0,
          \"431\": 0, \"500\": 0, \"501\": 0, \"503\": 0, \"other\": 0}, \"accepted\": 7, \"refused\": 0,
          \"streamed_bytes\": $(stat -c %s "$WORK/$ECU.payload"), \"reader\": \"threads\",
          \"payload_reads\": 3, \"payload_bytes\": $payload_total, \"memory_numbers\": true}" \
        "$strategy: /metrics"
    stop_server
done

# ---- two servers of the same files share one image of each payload ----
ecus=$(ls "$GEN"/*.mdd | wc -l)
cp -r "$GEN" "$WORK/share-1"
cp -r "$GEN" "$WORK/share-2"
start_server "$WORK/share-1" --strategy pread --share-dir "$WORK/share"
PID1=$PID LISTEN1=$LISTEN_FD
start_server "$WORK/share-2" --strategy pread --share-dir "$WORK/share"
expect_eq "$(stat -c %a "$WORK/share")" 700 "the share directory's mode"
expect_eq "$(ls "$WORK/share" | grep -c '^mdd-[0-9a-f]\{128\}$')" "$ecus" "one image per payload"
expect_get 200 "/ecus/$ECU/lookup?request=22F190" \
    "$(lookup_json "$WORK/share-2/$ECU.mdd" ECM1001_Base 22F190)"
get /metrics
expect_eq "$(jq '.memory.db.shared_bytes == .memory.db.payload_bytes and
        .memory.db.cached_bytes == 0' "$TMP/body")" true "payloads shared, none cached"
stop_server
expect_eq "$(ls "$WORK/share" | wc -l)" "$ecus" "images kept while the other server runs"
PID=$PID1 LISTEN_FD=$LISTEN1
stop_server
expect_eq "$(ls "$WORK/share" | wc -l)" 0 "images removed with the last server"

# ---- several files of one ECU: the newer revision is the default; a broken file skipped ----
mkdir "$WORK/revisions"
R=$WORK/revisions
make_revisions "$R" "$WORK/$ECU.payload" "$ECU"
printf 'MDD version 0      \0garbage' >"$R/bad.mdd"
run 1 "$MDD" serve --listen 127.0.0.1:0 --strategy heap "$R"
[[ $(cat "$TMP/err") == "mdd: $R/bad.mdd: "* ]] || fail "serve refuses bad.mdd: $(cat "$TMP/err")"
refused=$(cat "$TMP/err")
start_server "$R" --strategy heap --skip-invalid
get /ecus
expect_eq "$(jq -c '[.ecus[] | [.name, .path, .default]]' "$TMP/body")" \
    "[[\"$ECU\",\"$R/b.mdd\",true],[\"$ECU\",\"$R/a.mdd\",false]]" "/ecus with two revisions"
get /ecus/$ECU
expect_eq "$(jq -r '.path + " " + .revision' "$TMP/body")" "$R/b.mdd 01.10.00" "the default ECU"
kill -TERM "$PID"
wait "$PID"
exec {LISTEN_FD}<&-
expect_eq "$(cat "$TMP/serve.err")" "mdd: note: ${refused#mdd: } (skipped)
mdd: note: $R/a.mdd: ECU '$ECU' revision 01.00.00 is also in $R/b.mdd revision 01.10.00, \
the default; this file stays reachable by its path" "what serve notes at startup"

# ---- the real corpus ----
have_corpus || exit 0
[ -e "$CORPUS/FLXC1000.mdd" ] || exit 0
mkdir "$WORK/real"
cp "$CORPUS"/*.mdd "$WORK/real/"
start_server "$WORK/real"
get "/ecus/FLXC1000/lookup?request=22F190"
expect_eq "$(jq -r '.services[].name' "$TMP/body")" "VINDataIdentifier_Read" "corpus lookup 22F190"
for args in "FLXC1000 FLXC1000 22" "FLXC1000 FLXC1000_Boot_Variant 2703" \
    "FSNR2000 FSNR2000_App_0101 1001"; do
    read -r ecu variant hex <<<"$args"
    expect_get 200 "/ecus/$ecu/lookup?request=$hex&variant=$variant" \
        "$(lookup_json "$CORPUS/$ecu.mdd" "$variant" "$hex")"
    get "/ecus/$ecu/lookup?request=$hex&variant=$variant"
    expect_eq "$(jq -r '.services[].name' "$TMP/body")" \
        "$("$MDD" lookup --variant "$variant" "$CORPUS/$ecu.mdd" "$hex")" "corpus lookup $args"
done
expect_get 200 /ecus/FLXC1000/dtcs/123456 "$(dtc_json "$CORPUS/FLXC1000.mdd" 123456)"
# ComParams, as mdd comparams --json prints them (which comparams.sh checks against flatc).
for args in "FLXC1000 FLXC1000_App_0101 UDS_Ethernet_DoIP_DOBT" "HOVR4000 HOVR4000 DMC_DoIP"; do
    read -r ecu variant protocol <<<"$args"
    expect_get 200 "/ecus/$ecu/comparams?variant=$variant&protocol=$protocol" \
        "$("$MDD" comparams --json --variant "$variant" --protocol "$protocol" "$CORPUS/$ecu.mdd")"
done
expect_get 200 /ecus/TMCC3000/comparams "$("$MDD" comparams --json "$CORPUS/TMCC3000.mdd")"
expect_error 404 "/ecus/HOVR4000/comparams?protocol=UDS_Ethernet_DoIP" \
    "layer 'HOVR4000' has no protocol 'UDS_Ethernet_DoIP'; it has: DMC_DoIP"
expect_error 404 "/ecus/HOVR4000/comparams?variant=NOPE" "no variant named 'NOPE'"
expect_error 404 /ecus/NOPE/comparams "no ECU named 'NOPE'"
expect_error 400 "/ecus/HOVR4000/comparams?protocol=" "an empty protocol name"
expect_error 400 "/ecus/HOVR4000/comparams?verbose=1" "unknown parameter 'verbose'"
expect_error 400 "/ecus/HOVR4000/comparams?protocol=x&flag" "a malformed query string"
expect_error 404 /ecus/HOVR4000/comparams/x "no such resource"
expect_get 200 /ecus "$(ecus_json "$WORK/real")"
# A variant's facts: what mdd states, sdgs and jobs --json print, with the ECU's name.
for args in "states FLXC1000 -" "states FLXC1000_Boot_Variant Extended_Start" \
    "sdgs FLXC1000 SelfTest_Start" "sdgs FLXC1000_App_0101 -" "jobs FLXC1000 -"; do
    read -r what variant service <<<"$args"
    query="variant=$variant" options=(--variant "$variant")
    if [ "$service" != - ]; then
        query+="&service=$service"
        options+=(--service "$service")
    fi
    expect_get 200 "/ecus/FLXC1000/$what?$query" \
        "$("$MDD" "$what" --json "${options[@]}" "$CORPUS/FLXC1000.mdd" | jq '{ecu: "FLXC1000"} + .')"
done
expect_get 200 /ecus/FLXC1000/states \
    "$("$MDD" states --json "$CORPUS/FLXC1000.mdd" | jq '{ecu: "FLXC1000"} + .')"
expect_error 404 /ecus/NOPE/sdgs "no ECU named 'NOPE'"
expect_error 404 "/ecus/FLXC1000/jobs?variant=NOPE" "no variant named 'NOPE'"
expect_error 404 "/ecus/FLXC1000/states?service=NOPE" "no service or job named 'NOPE'"
expect_error 400 "/ecus/FLXC1000/sdgs?service=" "an empty service name"
expect_error 400 "/ecus/FLXC1000/jobs?service=Extended_Start" "unknown parameter 'service'"
expect_error 400 "/ecus/FLXC1000/states?request=22" "unknown parameter 'request'"
expect_error 404 /ecus/FLXC1000/states/Session "no such resource"
stop_server
