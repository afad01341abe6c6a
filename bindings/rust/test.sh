#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The Rust binding against this build's libmdd.so: `cargo test` (the unit tests on a copy of
# the corpus, the doc tests) and the example `lookup`, whose whole output must be what the mdd
# tool finds. Run as the CLI tests are: test.sh MDD BUILD_TESTS CORPUS, with MDD_CARGO naming
# cargo (default: cargo; it runs the rustc and rustdoc beside it unless RUSTC and RUSTDOC say
# otherwise), MDD_LIB_DIR the directory of libmdd.so, MDD_RUST_TARGET_DIR cargo's
# target directory (in the build tree), and MDD_RUST_SKIP a reason to skip (a sanitized
# library, which only a sanitized program loads). Exit status: 0 pass, 1 fail, 77 skip.
source "$(dirname "$0")/../../tests/cli/lib.bash"
skip_when_emulated "cargo builds for the host, which cannot load the target's libmdd"
[ -z "${MDD_RUST_SKIP:-}" ] || skip "$MDD_RUST_SKIP"
command -v "${MDD_CARGO:-cargo}" >/dev/null || skip "cargo not found (Debian: apt-get install cargo)"
have_corpus || skip "no corpus"
here=$(cd "$(dirname "$0")" && pwd)

# fresh_corpus DIR: a copy of the corpus's files in DIR, which the tests may convert.
fresh_corpus() {
    mkdir "$1"
    cp "$CORPUS"/*.mdd "$CORPUS"/*.expect.json "$1/"
    chmod u+w "$1"/*
}

# What every ECU holds, as tests/corpus.rs lists it: the ECUs in byte order of their names,
# each one's variants (the base marked) with their effective services and its DTCs by trouble
# code from the expectations; its functional groups' effective services, which they do not
# list, from mdd services.
fresh_corpus "$WORK/corpus"
jq -rs '
    map(.container as $c | .diagnostic_description
        | .name = (if (.ecu_name // "") != "" then .ecu_name else $c.ecu_name end)
        | .rev = ([.revision, $c.revision, "-"] | map(select(. != null and . != "")) | first))
    | sort_by(.name)[]
    | .name as $ecu | .variants //= [] | .functional_groups //= [] | .dtcs //= []
    | (first(.variants[] | select(.is_base)) // .variants[0] // {}).name as $base
    | "ecu\t\(.name)\t\(.rev)",
      (.variants[] | "variant\t\(.name)\t\(if .name == $base then "base" else "-" end)",
                     (.effective_services[] | "service\t\(.name)\t\(.request)")),
      (.functional_groups[] | "functional_group\t\(.name)", "@group\t\($ecu)\t\(.name)"),
      (.dtcs | sort_by(.code)[] | "dtc\t\(.code)\t\(.display // "-")\t\(.name)\t\(.text // "")")
' "$WORK"/corpus/*.expect.json >"$TMP/listing"
while IFS= read -r line; do
    if [[ $line == @group* ]]; then
        IFS=$'\t' read -r _ ecu group <<<"$line"
        "$MDD" services --json --strategy heap --ecu "$ecu" --group "$group" "$WORK/corpus" |
            jq -r '.services[] | "service\t\(.name)\t\(.request)"'
    else
        printf '%s\n' "$line"
    fi
done <"$TMP/listing" >"$WORK/expected-listing"

export CARGO_TARGET_DIR=$MDD_RUST_TARGET_DIR MDD_LIB_DIR LD_LIBRARY_PATH=$MDD_LIB_DIR
export MDD_TEST_CORPUS=$WORK/corpus MDD_TEST_EXPECTED=$WORK/expected-listing
cargo_bin=$(command -v "${MDD_CARGO:-cargo}")
for tool in rustc rustdoc; do
    var=${tool^^}
    [ -n "${!var:-}" ] || ! [ -x "${cargo_bin%/*}/$tool" ] || export "$var=${cargo_bin%/*}/$tool"
done
cargo=("$cargo_bin" --offline --locked --quiet)
manifest=(--manifest-path "$here/Cargo.toml")
"${cargo[@]}" test "${manifest[@]}" || fail "cargo test"

# The example on a copy of its own, against mdd ecu, lookup, decode --json and dtc.
fresh_corpus "$WORK/data"
vin=62F1905744443232323030313141303030303031
base=$("$MDD" ecu --json "$WORK/corpus/FLXC1000.mdd" |
       jq -r '(first(.variants[] | select(.is_base)) // .variants[0]).name')
{
    echo "ECUs: $(find "$WORK/data" -maxdepth 1 -name '*.mdd' | wc -l)"
    echo "22 F1 90 in variant $base:"
    "$MDD" lookup --ecu FLXC1000 "$WORK/corpus" 22F190 | sed 's/^/  /'
    echo "decoded: $("$MDD" decode --json --ecu FLXC1000 "$WORK/corpus" 22F190 $vin)"
    "$MDD" dtc "$WORK/corpus/FLXC1000.mdd" >"$TMP/dtcs"
    echo "DTCs: $(wc -l <"$TMP/dtcs")"
    sed 's/^/  /' "$TMP/dtcs"
} >"$WORK/expected-lookup"
run 0 "${cargo[@]}" run "${manifest[@]}" --example lookup -- "$WORK/data" FLXC1000 $vin
cmp -s "$WORK/expected-lookup" "$TMP/out" ||
    fail "example lookup: output differs (< expected, > printed):
$(diff "$WORK/expected-lookup" "$TMP/out")"
# The same through pkg-config, against an installed tree, as a program of its own builds it
# (in a target directory of its own, so that neither build undoes the other).
prefix=$MDD_RUST_TARGET_DIR/installed-libmdd
cmake --install "$BUILD_TESTS/.." --prefix "$prefix" >/dev/null
rm -rf "$WORK/data"
fresh_corpus "$WORK/data"
(
    unset MDD_LIB_DIR
    export PKG_CONFIG_PATH=$prefix/lib/pkgconfig CARGO_TARGET_DIR=$MDD_RUST_TARGET_DIR/pkg-config
    "${cargo[@]}" build "${manifest[@]}" --example lookup
) || fail "cargo build through pkg-config"
LD_LIBRARY_PATH=$prefix/lib \
    run 0 "$MDD_RUST_TARGET_DIR/pkg-config/debug/examples/lookup" "$WORK/data" FLXC1000 $vin
cmp -s "$WORK/expected-lookup" "$TMP/out" || fail "example lookup through pkg-config: output differs"
run 1 "$CARGO_TARGET_DIR/debug/examples/lookup" "$WORK/data" FLXC1000 62F200
expect_eq "$(cat "$TMP/err")" \
    "lookup: no response of service 'VINDataIdentifier_Read' matches 62 F2 00" "example lookup: a refusal"
echo "rust.binding: cargo test and the example lookup passed (built with MDD_LIB_DIR and with pkg-config)"
