# SPDX-License-Identifier: Apache-2.0
# mdd serve under abuse: a head that stops halfway and one trickled a line at a time are
# closed at the header deadline; 1,000 clients holding half a head do not lock a normal
# request out; 100,000 connections leave no descriptor (and, outside a sanitizer, no memory)
# behind; SIGTERM lets a stream in flight finish, refuses new connections and exits 0.
source "$(dirname "$0")/lib.bash" "$@"
require_http
source "$(dirname "$0")/serve_lib.bash"
skip_when_emulated "1,000 connections and more"
# A write to a connection the server closed must fail, not end the script.
trap '' PIPE

"$MDD" gen --profile small --ecus 1 "$WORK/gen" >/dev/null
ECU=$(basename "$WORK"/gen/*.mdd .mdd)

# metric NAME: the server's counter NAME.
metric() {
    get /metrics
    jq ".$1" "$TMP/body"
}

# ---- the header deadline: half a head, then a head trickled line by line ----
start_server "$WORK/gen" --header-timeout 1
port=${BASE##*:}
exec {c}<>"/dev/tcp/127.0.0.1/$port"
printf 'GET /health HTTP/1.1\r\nHost: test\r\n' >&"$c"
IFS= read -r line <&"$c" && fail "half a head was answered: '$line'"
exec {c}<&-
# A line every 0.2 s, well inside --timeout's 30: the deadline must close it all the same,
# long before 100 lines.
exec {c}<>"/dev/tcp/127.0.0.1/$port"
printf 'GET /health HTTP/1.1\r\n' >&"$c"
lines=0
while ((lines < 100)); do
    printf 'X-%d: 1\r\n' "$lines" >&"$c" 2>/dev/null || break
    rc=0
    IFS= read -r -t 0.2 line <&"$c" || rc=$?
    ((rc > 128)) || break
    lines=$((lines + 1))
done
((lines < 100)) || fail "a trickled head was not closed at the deadline"
exec {c}<&-
expect_eq "$(metric header_timeouts)" 2 "heads closed at the deadline"
stop_server

# ---- 1,000 clients holding half a head, 100 connections allowed ----
start_server "$WORK/gen" --max-connections 100 --header-timeout 60
port=${BASE##*:}
mkfifo "$TMP/held"
"$HELPERS/serve_flood" "$port" hold 1000 >"$TMP/held" &
flood=$!
IFS= read -r line <"$TMP/held"
expect_eq "$line" "held 1000" "the slow clients"
for i in 1 2 3; do
    expect_get 200 "/ecus/$ECU" "$(curl -s "$BASE/ecus/$ECU")"
done
# The clients count as held once the kernel has queued them, which can be before the server
# accepts them all: wait until it has made room for all but 100 of them.
until (($(metric evicted) >= 900)); do :; done
get /metrics
expect_eq "$(jq '.connections <= 100 and .refused == 0' "$TMP/body")" \
    true "evictions for the requests: $(jq -c '{accepted, evicted, connections}' "$TMP/body")"
kill -TERM "$flood"
wait "$flood" || true
stop_server

# ---- 100,000 connections: descriptors and memory as before ----
# Under a sanitizer the server is several times slower, and its allocator keeps freed
# memory in quarantine: 10,000 connections, descriptors only.
count=100000
sanitized=false
if grep -qa __asan_init "$MDD"; then
    count=10000
    sanitized=true
fi
start_server "$WORK/gen" --strategy heap
port=${BASE##*:}
# A warm-up: the allocator's arenas and libevent's tables reach their working size.
"$HELPERS/serve_flood" "$port" cycle 2000 /health >/dev/null || fail "the warm-up failed"
rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$PID/status"; }
fds() { ls "/proc/$PID/fd" | wc -l; }
# The warm-up's last connections may still be closing: count from a server that has seen them
# go. The metric's own connection may still be open then too, so a count may be one high.
until [ "$(metric connections)" == 1 ]; do :; done
fds_before=$(fds)
rss_before=$(rss)
expect_eq "$("$HELPERS/serve_flood" "$port" cycle "$count" /health)" "$count" \
    "connections answered 200"
# The last connections' resets may still be on their way: wait for the server to see them,
# then give the metric's connection a bounded number of looks to close. A leak of one
# descriptor per thousand connections would leave a hundred open.
until [ "$(metric connections)" == 1 ]; do :; done
for ((i = 0; i < 1000 && $(fds) > fds_before; i++)); do :; done
(($(fds) <= fds_before)) ||
    fail "open descriptors after $count connections: $(fds), before $fds_before"
if ! $sanitized; then
    growth=$(($(rss) - rss_before))
    ((growth < 2048)) || fail "RSS grew by $growth KiB over $count connections"
fi
stop_server

# ---- SIGTERM drains: a stream in flight finishes, new connections are refused ----
head -c $((8 << 20)) /dev/urandom >"$WORK/blob"
"$MDD" cat "$WORK/gen/$ECU.mdd" -o "$WORK/payload"
mkdir "$WORK/big"
run 0 "$MDD" pack -o "$WORK/big/$ECU.mdd" --ecu "$ECU" \
    --chunk "DIAGNOSTIC_DESCRIPTION:$ECU:$WORK/payload:plain" \
    --chunk "EMBEDDED_FILE:blob:$WORK/blob:plain"
start_server "$WORK/big" --drain-timeout 60
# Slow enough that the stream is still going when the signal comes (4 s at 2 MB/s).
curl -s --limit-rate 2M -o "$WORK/got" "$BASE/ecus/$ECU/chunks/blob" &
download=$!
until [ "$(metric streamed_bytes)" -gt 0 ]; do :; done
kill -TERM "$PID"
# Refused once the listening socket is closed (curl 7: could not connect).
rc=0
until [ "$rc" == 7 ]; do
    rc=0
    curl -s -o /dev/null "$BASE/health" || rc=$?
done
wait "$download" || fail "the download in flight failed"
cmp -s "$WORK/got" "$WORK/blob" || fail "the download in flight differs"
rc=0
wait "$PID" || rc=$?
exec {LISTEN_FD}<&-
expect_eq "$rc" 0 "exit status after the drain"
[ ! -s "$TMP/serve.err" ] || fail "mdd serve wrote to stderr: $(cat "$TMP/serve.err")"
