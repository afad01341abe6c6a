# SPDX-License-Identifier: Apache-2.0
# mdd serve's page and the routes it needs: /, /ui/NAME (the files of tools/mdd/serve/page
# byte for byte, their types, the security headers of every reply), /ecus/ECU/dtcs (as mdd dtc
# --json), decode's view=values (as mdd decode's lines), /diff (as mdd diff --json) and their
# errors. The page in a browser is tests/browser.
source "$(dirname "$0")/lib.bash" "$@"
require_http
source "$(dirname "$0")/serve_lib.bash"

PAGE=$(cd "$(dirname "$0")/../../tools/mdd/serve/page" && pwd)
PAGE_POLICY="default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
DATA_POLICY="default-src 'none'; frame-ancestors 'none'"

run 0 "$MDD" gen --profile small --seed 5 --ecus 2 "$WORK/gen"
mapfile -t FILES < <(ls "$WORK"/gen/*.mdd)
A=$(basename "${FILES[0]}" .mdd) B=$(basename "${FILES[1]}" .mdd)
start_server "$WORK/gen" --strategy heap

# head PATH: the reply's head fields in $TMP/head (lowercase names), its body in $TMP/body.
head_of() {
    curl -s -D "$TMP/head.raw" -o "$TMP/body" "$BASE$1" || fail "curl $1 failed"
    tr -d '\r' <"$TMP/head.raw" | sed 's/^\([^:]*\):/\L\1:/' >"$TMP/head"
}

# ---- the page's files ----
total=0
for file in /:index.html /ui/app.js:app.js /ui/app.css:app.css /ui/icon.svg:icon.svg; do
    path=${file%%:*} name=${file#*:}
    head_of "$path"
    cmp -s "$TMP/body" "$PAGE/$name" || fail "GET $path is not $name"
    case $name in
    *.html) type="text/html; charset=utf-8" ;;
    *.js) type="text/javascript; charset=utf-8" ;;
    *.css) type="text/css; charset=utf-8" ;;
    *.svg) type="image/svg+xml" ;;
    esac
    expect_line "content-type: $type" "$TMP/head" "GET $path"
    expect_line "content-security-policy: $PAGE_POLICY" "$TMP/head" "GET $path"
    expect_line "x-content-type-options: nosniff" "$TMP/head" "GET $path"
    expect_line "content-length: $(stat -c %s "$PAGE/$name")" "$TMP/head" "GET $path"
    total=$((total + $(stat -c %s "$PAGE/$name")))
done
[ "$(ls "$PAGE" | wc -l)" = 4 ] || fail "the page has files this test does not check: $(ls "$PAGE")"
((total < 200 * 1024)) || fail "the page takes $total bytes, over 200 KB"
# The page loads nothing from elsewhere and runs no inline script.
! grep -Eq '(src|href)="(https?:)?//' "$PAGE/index.html" || fail "the page names another origin"
! grep -Eq '<script>|<script [^>]*>[^<]' "$PAGE/index.html" || fail "the page has an inline script"
! grep -Eq 'innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(' "$PAGE/app.js" ||
    fail "the page's script parses markup or code from strings"
head_of /health
expect_line "content-security-policy: $DATA_POLICY" "$TMP/head" "GET /health"
expect_line "x-content-type-options: nosniff" "$TMP/head" "GET /health"
expect_error 404 /ui/nope.js "no such resource"
expect_error 404 /ui/.. "no such resource" --path-as-is
expect_error 404 /ui/app.js/more "no such resource"
expect_error 404 /ui "no such resource"
expect_error 400 "/?x=1" "unknown parameter 'x'"

# ---- /ecus/ECU/dtcs ----
run 0 "$MDD" dtc --json "${FILES[0]}"
expect_get 200 "/ecus/$A/dtcs" "$(cat "$TMP/out")"
expect_error 404 /ecus/NOPE/dtcs "no ECU named 'NOPE'"

# ---- decode's view=values: mdd decode's lines, with the bytes of each value ----
run 0 "$MDD" encode --json "${FILES[0]}" "$(curl -s "$BASE/ecus/$A/services?sid=22" | jq -r '.services[0].name')" '{}'
REQ=$(jq -r .request "$TMP/out")
RESP=62${REQ:2}$(head -c 64 /dev/zero | tr '\0' 'A')
if "$MDD" decode "${FILES[0]}" "$REQ" "$RESP" >"$TMP/lines" 2>/dev/null; then
    get "/ecus/$A/decode?request=$REQ&response=$RESP&view=values"
    expect_eq "$STATUS" 200 "status of view=values"
    expect_eq "$(jq -r '.values[] | "\(.path) = \(.value | tojson)"' "$TMP/body" | sed 's/^\(.*\) = "\(.*\)"$/\1 = \2/')" \
        "$(tail -n +2 "$TMP/lines" | grep -v '^trailing bytes' | sed 's/^\(.*\) = "\(.*\)"$/\1 = \2/')" \
        "view=values against mdd decode's lines"
    # The values cover the message from its first byte, in order, without overlap.
    expect_eq "$(jq -r '[.values[] | select(.length > 0)] | [foreach .[] as $v (0; if $v.byte >= . then $v.byte + $v.length else -1 end)] | all(. >= 0)' "$TMP/body")" \
        true "the values' bytes follow each other"
    expect_eq "$(jq -c '.values[0] | [.path, .byte, .length, .value]' "$TMP/body")" '["/SID_PR",0,1,98]' \
        "the first value"
else
    fail "mdd decode could not decode the sample: $(cat "$TMP/lines")"
fi
expect_error 400 "/ecus/$A/decode?request=$REQ&response=$RESP&view=table" \
    "view 'table' is neither json nor values"
get "/ecus/$A/decode?request=$REQ&response=$RESP&view=json"
expect_eq "$(cat "$TMP/body")" "$("$MDD" decode --json "${FILES[0]}" "$REQ" "$RESP")" "view=json"

# ---- /diff: mdd diff --json of the two ECUs' files ----
"$MDD" diff --json "${FILES[0]}" "${FILES[1]}" >"$TMP/diff" || true
get "/diff?a=$A&b=$B"
expect_eq "$STATUS" 200 "status of /diff"
expect_json "$(jq -c '{differences, summary}' "$TMP/body")" "$(jq -c '{differences, summary}' "$TMP/diff")" \
    "/diff against mdd diff --json"
expect_eq "$(jq -c '[.a, .b]' "$TMP/body")" "[\"$A\",\"$B\"]" "the names /diff compares"
expect_eq "$(curl -s "$BASE/diff?a=$A&b=$A" | jq -c .summary)" \
    '{"added":0,"removed":0,"changed":0,"renamed":0}' "an ECU against itself"
expect_error 400 "/diff?a=$A" "a comparison names two ECUs: a=NAME&b=NAME"
expect_error 400 "/diff?a=&b=$A" "a comparison names two ECUs: a=NAME&b=NAME"
expect_error 404 "/diff?a=$A&b=NOPE" "no ECU named 'NOPE'"
expect_error 404 "/diff?a=NOPE&b=$A" "no ECU named 'NOPE'"
# A client that leaves before its comparison is answered: the next one is answered.
curl -s -o /dev/null --max-time 0.001 "$BASE/diff?a=$A&b=$B" || true
get "/diff?a=$B&b=$A"
if [ "$STATUS" = 503 ]; then
    # The first comparison still ran; once it is done the slot is free.
    for _ in $(seq 100); do
        get "/diff?a=$B&b=$A"
        [ "$STATUS" = 503 ] || break
        curl -s -o /dev/null "$BASE/health"
    done
fi
expect_eq "$STATUS" 200 "a comparison after a client left"
stop_server
echo "serve_page: ok"
