# SPDX-License-Identifier: Apache-2.0
# mdd serve, every route against the same faults: a NUL byte, an unknown and a repeated
# parameter, HEAD, every method it does not take, an unknown method, and bodies of 0, 1,
# 64 KiB and 64 KiB + 1 bytes with and without newlines. Each answer has its exact status,
# its Allow header when 405, a Content-Length that is its body's length (HEAD: the length
# GET's body has), and an error body of the one shape; /metrics counts every status sent.
# The routes are those docs/cli.md lists, which must be those of the server's route table.
source "$(dirname "$0")/lib.bash" "$@"
require_http
source "$(dirname "$0")/serve_lib.bash"
top=$(cd "$(dirname "$0")/../.." && pwd)

# ---- the routes: documented, and in the table ----
# A route as docs/cli.md's endpoint table writes it (/ecus/ECU/lookup?request=HEX[...]),
# as a path pattern (/ecus/{ecu}/lookup) and its lowercase parameter names.
endpoint_cells() {
    awk '/^### Endpoints/ { on = 1; next } /^### / { on = 0 } on' "$top/docs/cli.md" |
        sed -n 's/^| `\(\/[^`]*\)` |.*/\1/p'
}
pattern_of() { # CELL
    local p=${1%%[?[]*}
    p=${p//ECU/\{ecu\}}
    p=${p//CODE/\{code\}}
    echo "${p//NAME/\{name\}}"
}
params_of() { # CELL
    grep -o '[?&|][a-z]*=' <<<"$1" | tr -d '?&|=' | sort -u || true
}
declare -A PARAMS
ROUTES=()
while IFS= read -r cell; do
    pattern=$(pattern_of "$cell")
    ROUTES+=("$pattern")
    PARAMS[$pattern]=$(params_of "$cell")
done < <(endpoint_cells)
# The update routes (--updates) have a table of their own, which serve_updates.sh checks.
table=$(grep -o '{"/[^"]*", SERVE_ROUTE_' "$top/tools/mdd/serve/serve_parse.c" | cut -d'"' -f2 |
    grep -v '^/updates')
expect_eq "$(printf '%s\n' "${ROUTES[@]}" | sort)" "$(sort <<<"$table")" \
    "the routes docs/cli.md lists and the server's route table"
((${#ROUTES[@]} >= 16)) || fail "only ${#ROUTES[@]} routes documented"

# ---- a server, and a request of each route that it answers 200 ----
"$MDD" gen --profile small --ecus 1 "$WORK/gen" >/dev/null
ECU=$(basename "$WORK"/gen/*.mdd .mdd)
run 0 "$MDD" dtc "$WORK/gen/$ECU.mdd"
CODE=$(head -n 1 "$TMP/out" | cut -d' ' -f1)
start_server "$WORK/gen" --strategy heap
SERVICE=$(curl -s "$BASE/ecus/$ECU/services?sid=22" | jq -r '.services[0].name')
declare -A SENT=([200]=1) # status -> replies the server sent with it
# The methods a route takes besides GET and HEAD, as docs/cli.md says them.
declare -A POST=(["/ecus/{ecu}/encode"]=1)
declare -A SAMPLE=(
    ["/health"]=/health
    ["/metrics"]=/metrics
    ["/"]=/
    ["/ui/{name}"]=/ui/app.js
    ["/ecus"]=/ecus
    ["/diff"]="/diff?a=$ECU&b=$ECU"
    ["/ecus/{ecu}/dtcs"]=/ecus/$ECU/dtcs
    ["/ecus/{ecu}"]=/ecus/$ECU
    ["/ecus/{ecu}/lookup"]="/ecus/$ECU/lookup?request=22"
    ["/ecus/{ecu}/services"]="/ecus/$ECU/services?sid=22"
    ["/ecus/{ecu}/dtcs/{code}"]=/ecus/$ECU/dtcs/$CODE
    ["/ecus/{ecu}/comparams"]=/ecus/$ECU/comparams
    ["/ecus/{ecu}/states"]=/ecus/$ECU/states
    ["/ecus/{ecu}/sdgs"]=/ecus/$ECU/sdgs
    ["/ecus/{ecu}/jobs"]=/ecus/$ECU/jobs
    ["/ecus/{ecu}/decode"]="/ecus/$ECU/decode?request=3E00&response=7E00"
    ["/ecus/{ecu}/encode"]="/ecus/$ECU/encode?service=$SERVICE"
    ["/ecus/{ecu}/identify"]=/ecus/$ECU/identify
    ["/ecus/{ecu}/chunks"]=/ecus/$ECU/chunks
    ["/ecus/{ecu}/chunks/{name}"]=/ecus/$ECU/chunks/$ECU
    ["/ecus/{ecu}/services/{name}/schema"]=/ecus/$ECU/services/$SERVICE/schema
    ["/ecus/{ecu}/services/{name}/layout"]=/ecus/$ECU/services/$SERVICE/layout
    ["/ecus/{ecu}/sovd"]=/ecus/$ECU/sovd
)

# ---- requests, each checked for its framing and counted ----
# hit METHOD PATH [CURL OPTIONS...]: STATUS, the head's fields in $TMP/head (lowercase names),
# the body in $TMP/body; the Content-Length must be the body's length. A HEAD is followed by
# a GET /health on its connection, which a body after the head would garble.
hit() {
    local method=$1 path=$2 length after=() out
    shift 2
    local how=(-X "$method")
    if [ "$method" == HEAD ]; then
        how=(-I)
        after=(--next -s -o /dev/null -w ' %{http_code} %{num_connects}' "$BASE/health")
    fi
    out=$(curl -s -H 'Expect:' "${how[@]}" -D "$TMP/head.raw" -o "$TMP/body" \
        -w '%{http_code}' "$@" "$BASE$path" "${after[@]}") || fail "curl $method $path failed"
    STATUS=${out%% *}
    tr -d '\r' <"$TMP/head.raw" | tail -n +2 | sed 's/^\([^:]*\):/\L\1:/' >"$TMP/head"
    SENT[$STATUS]=$((${SENT[$STATUS]:-0} + 1))
    length=$(sed -n 's/^content-length: //p' "$TMP/head")
    [ -n "$length" ] || fail "$method $path: no Content-Length ($STATUS)"
    if [ "$method" == HEAD ]; then
        expect_eq "${out#* }" "200 0" "GET /health after HEAD $path on its connection"
        SENT[200]=$((${SENT[200]:-0} + 1))
    else
        expect_eq "$length" "$(stat -c %s "$TMP/body")" "the Content-Length of $method $path"
    fi
}
# expect_hit STATUS METHOD PATH [CURL OPTIONS...]: an answer of STATUS; an error's body is
# exactly {"error":"message"} and a line, as JSON.
error_shape='^\{"error":"([^"\\]|\\.)*"\}$'
expect_hit() {
    local status=$1 method=$2 path=$3
    shift 3
    hit "$method" "$path" "$@"
    expect_eq "$STATUS" "$status" "status of $method $path"
    [ "$method" != HEAD ] && [ "$status" != 200 ] || return 0
    [[ $(cat "$TMP/body") =~ $error_shape ]] ||
        fail "the error body of $method $path: $(head -c 200 "$TMP/body")"
    expect_eq "$(tail -c 1 "$TMP/body" | od -An -c | tr -d ' ')" '\n' "the end of $method $path"
    expect_line "content-type: application/json" "$TMP/head" "$method $path"
}
# expect_message STATUS MESSAGE METHOD PATH [CURL OPTIONS...] (a message without quotes or
# backslashes)
expect_message() {
    local status=$1 message=$2
    shift 2
    expect_hit "$status" "$@"
    expect_eq "$(cat "$TMP/body")" "{\"error\":\"$message\"}" "the error of $1 $2"
}

# with PARAMS: the sample's path and query, and PARAMS.
with() {
    echo "$path?${query:+$query&}$1"
}

# Bodies: 0, 1, 64 KiB and 64 KiB + 1 bytes, one line or newlines only inside the JSON.
limit=65536
json_body() { # FILE SIZE FILLER: {FILLER...} of SIZE bytes
    { printf '{'; head -c $(($2 - 2)) /dev/zero | tr '\0' "$3"; printf '}'; } >"$1"
}
: >"$WORK/body.0"
printf 'x' >"$WORK/body.1"
printf '\n' >"$WORK/body.1n"
json_body "$WORK/body.64k" $limit ' '
json_body "$WORK/body.64kn" $limit '\n'
json_body "$WORK/body.over" $((limit + 1)) ' '
json_body "$WORK/body.overn" $((limit + 1)) '\n'

over_message="the body is longer than 65536 bytes"
for route in "${ROUTES[@]}"; do
    sample=${SAMPLE[$route]:-}
    [ -n "$sample" ] || fail "route $route has no sample request in this test"
    path=${sample%%\?*}
    query=
    [[ $sample != *\?* ]] || query=${sample#*\?}
    allow="GET, HEAD" methods="GET and HEAD"
    [ -z "${POST[$route]:-}" ] || allow="GET, HEAD, POST" methods="GET, HEAD and POST"

    # GET and HEAD: the same status and length.
    expect_hit 200 GET "$sample"
    length=$(sed -n 's/^content-length: //p' "$TMP/head")
    expect_hit 200 HEAD "$sample"
    # The counters of /metrics change from one request to the next, and their length too.
    [ "$route" == /metrics ] || expect_line "content-length: $length" "$TMP/head" "HEAD $sample"

    # Parameters: a NUL byte, an unknown one, each documented one twice.
    expect_message 400 "the query holds a NUL byte" GET "$(with 'x=a%00b')"
    expect_message 400 "the query holds a NUL byte" GET "$(with '%00=1')"
    for p in ${PARAMS[$route]}; do
        expect_message 400 "the query holds a NUL byte" GET "$(with "$p=a%00b")"
        expect_message 400 "repeated parameter '$p'" GET "$(with "$p=a&$p=a")"
    done
    if [ "$route" == "/ecus/{ecu}/identify" ]; then
        # Every parameter is an exchange, REQUEST=RESPONSE.
        expect_message 400 "repeated parameter '3E00'" GET "$path?3E00=7E00&3E00=7E00"
        expect_message 400 "the parameters are not up to 64 REQUEST=RESPONSE pairs in hex" \
            GET "$path?bogus=1"
    else
        expect_message 400 "unknown parameter 'bogus'" GET "$(with bogus=1)"
        expect_message 400 "unknown parameter 'Bogus'" GET "$(with Bogus=1)"
    fi

    # Methods: each one the route does not take, and one the server does not know.
    for method in PUT DELETE OPTIONS TRACE CONNECT PATCH POST; do
        [ "$method" != POST ] || [ -z "${POST[$route]:-}" ] || continue
        expect_message 405 "only $methods are served" "$method" "$sample"
        expect_line "allow: $allow" "$TMP/head" "the Allow of $method $sample"
    done
    expect_message 501 "unknown method 'FOO'" FOO "$sample"

    # Bodies where none is taken: GET has none, a POST here is the wrong method; over the
    # limit, the body is refused before the method is looked at.
    for b in 0 1 1n 64k 64kn; do
        if [ -z "${POST[$route]:-}" ]; then
            expect_hit 405 POST "$sample" --data-binary @"$WORK/body.$b"
        fi
        if [ $b == 0 ]; then
            expect_hit 200 GET "$sample" --data-binary @"$WORK/body.$b"
        else
            expect_message 400 "a GET request takes no body" GET "$sample" \
                --data-binary @"$WORK/body.$b"
        fi
    done
    for b in over overn; do
        expect_message 413 "$over_message" POST "$sample" --data-binary @"$WORK/body.$b"
        expect_message 413 "$over_message" GET "$sample" --data-binary @"$WORK/body.$b"
    done
done

# ---- the route that takes a body: POST /ecus/{ecu}/encode ----
encode=${SAMPLE["/ecus/{ecu}/encode"]}
expect_hit 200 GET "$encode"
request=$(jq -r .request "$TMP/body")
for b in 0 64k 64kn; do
    expect_hit 200 POST "$encode" --data-binary @"$WORK/body.$b"
    expect_eq "$(jq -r .request "$TMP/body")" "$request" "the request encoded from body.$b"
done
expect_message 400 "JSON: byte 0: unexpected character" POST "$encode" --data-binary @"$WORK/body.1"
expect_message 400 "JSON: byte 1: a value is missing" POST "$encode" --data-binary @"$WORK/body.1n"
expect_message 400 "values in params and in the body: send one of them" \
    POST "$encode&params=%7B%7D" --data-binary @"$WORK/body.64kn"
expect_hit 200 POST "$encode&params=%7B%7D" --data-binary @"$WORK/body.0"
# A body of one long line and one of many lines, and a request after each on the same
# connection: the head of the next request is found after the body.
json_body "$WORK/body.line" 9000 ' '
json_body "$WORK/body.lines" 9000 '\n'
for b in line lines 64kn; do
    out=$(curl -s -H 'Expect:' -o /dev/null -w '%{http_code} %{num_connects}\n' \
        --data-binary @"$WORK/body.$b" "$BASE$encode" \
        --next -s -o /dev/null -w '%{http_code} %{num_connects}\n' "$BASE/health")
    SENT[200]=$((${SENT[200]} + 2))
    expect_eq "$out" $'200 1\n200 0' "body.$b, then a request on the same connection"
done

# ---- framing the server refuses ----
expect_message 411 "a body must come with a Content-Length, not a Transfer-Encoding" \
    POST "$encode" -H 'Transfer-Encoding: chunked' --data-binary @"$WORK/body.1"
expect_message 400 "a malformed Content-Length (not one decimal number)" \
    GET /health -H 'Content-Length: 1x'
expect_message 400 "a malformed Content-Length (not one decimal number)" \
    GET /health -H 'Content-Length: 1' -H 'Content-Length: 2'
expect_message 404 "no such resource" PUT /nope

# ---- /metrics: every status counted ----
get /metrics
want=$(for status in "${!SENT[@]}"; do echo "$status ${SENT[$status]}"; done |
    jq -Rn '[inputs | split(" ") | {(.[0]): (.[1] | tonumber)}] | add')
expect_json "$(jq '.responses | with_entries(select(.value > 0))' "$TMP/body")" "$want" \
    "the statuses /metrics counted"
expect_eq "$(jq '.responses.other' "$TMP/body")" 0 "statuses /metrics does not name"
stop_server
echo "serve_matrix: ok"
