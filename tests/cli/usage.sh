# SPDX-License-Identifier: Apache-2.0
# The command line: help and version succeed, wrong usage exits 2 with one message (an unknown
# option, a value an option does not take, a long value echoed in part), a missing file exits 1
# with a message naming it.
source "$(dirname "$0")/lib.bash" "$@"

run 0 "$MDD" --help
grep -q '^Usage: mdd COMMAND' "$TMP/out" || fail "--help: no usage line"
run 0 "$MDD" --version
expect_eq "$(cat "$TMP/out")" "mdd (libmdd) 0.1.0" "--version"
for cmd in info verify cat pack; do
    run 0 "$MDD" "$cmd" --help
    grep -q "^Usage: mdd $cmd " "$TMP/out" || fail "$cmd --help: no usage line"
done
# The Options list --help makes of a command's option table: each label, then its help from
# the column after the widest label up to 24 columns, wrapped at 80; a wider label on a line of
# its own; -h, --help last.
run 0 "$MDD" dtc --help
expect_eq "$(sed -n '/^Options:$/,$p' "$TMP/out")" "Options:
  -j, --json          print one JSON object instead: {\"ecu\", \"dtcs\": [{\"code\",
                      \"display\", \"name\", \"text\"}]}, the display form null when
                      absent
  -s, --strategy S    load the files as heap (default), sidecar, inplace or
                      pread; inplace and pread rewrite a compressed file
                      uncompressed, sidecar writes FILE.fb beside it
      --cache-budget BYTES
                      with pread: the bytes each file's cache keeps beyond what
                      is in use (K, M or G multiply by 2^10, 2^20, 2^30; default
                      16M)
      --skip-invalid  leave out (with a note) the files of a directory that do
                      not open or verify, instead of failing
      --trust DIR     check file signatures against the public keys and CA
                      certificates (*.pem, *.crt) in DIR: a signed file must
                      verify with one of them, an unsigned one loads
      --require-signature
                      with --trust: refuse every file that does not verify with
                      a trusted key
  -h, --help          show this help" "the Options list of dtc --help"
commands=$("$MDD" --help | awk '/^Commands:/ { on = 1; next } on && !NF { exit } on { print $1 }')
for cmd in $commands; do
    "$MDD" "$cmd" --help | sed -n '/^Options:$/,$p' >"$TMP/options"
    expect_eq "$(awk 'length > 80' "$TMP/options")" "" "$cmd --help: Options lines over 80 columns"
done

run 2 "$MDD"
run 2 "$MDD" frobnicate
grep -q "unknown command 'frobnicate'" "$TMP/err" || fail "unknown command: message"
run 2 "$MDD" info
run 2 "$MDD" info a.mdd b.mdd
run 2 "$MDD" info --bogus a.mdd
grep -q "unknown option '--bogus'" "$TMP/err" || fail "unknown option: message"
# usage_error MESSAGE ARGS...: mdd ARGS exits 2 with exactly MESSAGE and the pointer to help.
usage_error() {
    local message=$1 help
    shift
    run 2 "$MDD" "$@"
    help="Try 'mdd${2:+ $1} --help'."
    [[ $1 == -* ]] && help="Try 'mdd --help'."
    expect_eq "$(cat "$TMP/err")" "$message
$help" "mdd $*"
}
usage_error "mdd: unknown option '--bogus'" --bogus
usage_error "mdd: unknown option '-x'" -x
# Every command: an option given a value it does not take, an unknown one, and a long value
# echoed as its first 32 bytes and its length.
long=$(head -c 100000 /dev/zero | tr '\0' 'G')
run 0 "$MDD" --help
commands=$(sed -n 's/^  \([a-z]*\)  .*/\1/p' "$TMP/out")
[ "$(wc -w <<<"$commands")" -ge 20 ] || fail "commands from mdd --help: $commands"
for cmd in $commands; do
    usage_error "mdd $cmd: option '--help' takes no value" "$cmd" --help=1 x
    usage_error "mdd $cmd: unknown option '--GGGGGGGGGGGGGGGGGGGGGGGGGGGGGG...' (100002 bytes)" \
        "$cmd" "--$long" x
done
for cmd in info verify ecu services; do
    usage_error "mdd $cmd: option '--json' takes no value" "$cmd" --json=1 x
done
# Every option that takes a value, given 100000 bytes of it: whatever the command makes of it,
# it ends at once and what it echoes is cut (a value to 32 bytes, a name or a path to 4096).
for cmd in $commands; do
    "$MDD" "$cmd" --help >"$TMP/help" || fail "$cmd --help failed"
    for option in $(sed -n 's/^  \(-., \)\{0,1\}\(--[a-z-]*\) [A-Z].*/\2/p' "$TMP/help"); do
        rc=0
        timeout 20 "$MDD" "$cmd" "$option" "$long" x.mdd >/dev/null 2>"$TMP/err" </dev/null || rc=$?
        [ "$rc" -ne 124 ] || fail "mdd $cmd $option LONG: still running after 20 s"
        [ "$rc" -ne 0 ] || fail "mdd $cmd $option LONG x.mdd succeeded"
        [ "$(wc -c <"$TMP/err")" -le 5000 ] ||
            fail "mdd $cmd $option LONG: $(wc -c <"$TMP/err") bytes on stderr: $(head -c 300 "$TMP/err")"
    done
done
usage_error "mdd lookup: 'GGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGG...' (100000 bytes) is not a request in hex (pairs of hex digits)" \
    lookup x.mdd "$long"
usage_error "mdd lookup: 'GG' is not a request in hex (pairs of hex digits)" lookup x.mdd GG
usage_error "mdd cat: --index needs a number, not 'GGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGG...' (100000 bytes)" \
    cat x.mdd --index "$long"
run 2 "$MDD" verify
run 2 "$MDD" cat
run 2 "$MDD" cat a.mdd --index
run 2 "$MDD" cat a.mdd --index x
run 2 "$MDD" cat a.mdd --index 1 --chunk x
run 2 "$MDD" pack
run 2 "$MDD" pack -o out.mdd --chunk 0:x:y
run 2 "$MDD" pack -o out.mdd --ecu E
run 2 "$MDD" pack -o out.mdd --ecu E --chunk 0:nopath
run 2 "$MDD" pack -o out.mdd --ecu E --chunk NOSUCHTYPE:n:p
run 2 "$MDD" pack -o out.mdd --ecu E --chunk 0:n:p --meta novalue
run 2 "$MDD" pack -o out.mdd --ecu E --chunk 0:n:p --preset 10

missing=$WORK/missing.mdd
for cmd in info "info --json" verify cat; do
    read -ra words <<<"$cmd"
    run 1 "$MDD" "${words[@]}" "$missing"
    expect_eq "$(cat "$TMP/err")" "mdd: $missing: open: No such file or directory" "$cmd: message"
done
run 1 "$MDD" verify --json "$missing"
expect_eq "$(jq -r .error "$TMP/out")" "open: No such file or directory" "verify --json: error"
run 1 "$MDD" pack -o "$WORK/out.mdd" --ecu E --chunk "0:n:$missing"
expect_eq "$(cat "$TMP/err")" "mdd: $missing: open: No such file or directory" "pack: message"
expect_eq "$(ls -A "$WORK")" "" "files left by a failed pack"
run 1 "$MDD" info "$WORK"
expect_eq "$(cat "$TMP/err")" "mdd: $WORK: not a regular file (a directory)" "info of a directory: message"
