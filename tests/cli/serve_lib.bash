# SPDX-License-Identifier: Apache-2.0
# Sourced by the tests of mdd serve after lib.bash: starting and stopping servers, and
# requests with curl.
SERVERS=()
kill_servers() {
    local pid
    for pid in "${SERVERS[@]}"; do
        kill -KILL "$pid" 2>/dev/null || true
    done
}
trap 'kill_servers; cleanup' EXIT

# start_server DIR [OPTIONS...]: starts mdd serve on a free loopback port; sets PID and BASE.
FIFOS=0
start_server() {
    local dir=$1 fifo=$TMP/listen.$((FIFOS += 1)) line
    shift
    mkfifo "$fifo"
    "$MDD" serve --listen 127.0.0.1:0 "$@" "$dir" >"$fifo" 2>"$TMP/serve.err" &
    PID=$!
    SERVERS+=("$PID")
    # Opening the fifo waits for the server's end; the line comes once it listens.
    exec {LISTEN_FD}<"$fifo"
    IFS= read -r line <&"$LISTEN_FD" || fail "mdd serve did not start: $(cat "$TMP/serve.err")"
    [[ $line =~ ^listening\ on\ http://127\.0\.0\.1:([0-9]+)$ ]] ||
        fail "unexpected first line '$line'"
    BASE=http://127.0.0.1:${BASH_REMATCH[1]}
}

# stop_server: SIGTERM, which must end the server with status 0 and nothing on stderr.
stop_server() {
    local rc=0
    kill -TERM "$PID"
    wait "$PID" || rc=$?
    exec {LISTEN_FD}<&-
    [ "$rc" -eq 0 ] || fail "mdd serve exited $rc on SIGTERM: $(cat "$TMP/serve.err")"
    [ ! -s "$TMP/serve.err" ] || fail "mdd serve wrote to stderr: $(cat "$TMP/serve.err")"
}

# get PATH [CURL OPTIONS...]: the status in STATUS, the body in $TMP/body.
get() {
    local path=$1
    shift
    STATUS=$(curl -s -o "$TMP/body" -w '%{http_code}' "$@" "$BASE$path") ||
        fail "curl $path failed"
}

# expect_get STATUS PATH JSON: GET PATH answers STATUS with exactly JSON.
expect_get() {
    get "$2"
    expect_eq "$STATUS" "$1" "status of GET $2"
    expect_json "$(cat "$TMP/body")" "$3" "GET $2"
}

# expect_error STATUS PATH MESSAGE [CURL OPTIONS...]
expect_error() {
    local status=$1 path=$2 message=$3
    shift 3
    get "$path" "$@"
    expect_eq "$STATUS" "$status" "status of $* $path"
    expect_json "$(cat "$TMP/body")" "$(jq -n --arg m "$message" '{error: $m}')" "$* $path"
}
