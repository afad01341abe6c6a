# SPDX-License-Identifier: Apache-2.0
# Sourced by the benchmark scripts: the generated corpus they share.
#
# bench_corpus MDD BUILD PROFILE WHO: `mdd gen --profile PROFILE --seed 1` in
# BUILD/bench-corpus-PROFILE, made again only when the generator's sources change (the stamp
# holds their digest); sets $corpus to its directory. WHO names the script in the note.
bench_corpus() {
    local top stamp
    top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    corpus=$2/bench-corpus-$3
    stamp="$3 seed 1 $(cat "$top"/src/gen/*.[ch] "$top"/src/fb/build*.[ch] | sha256sum | cut -c1-16)"
    [ "$(cat "$corpus/.stamp" 2>/dev/null)" != "$stamp" ] || return 0
    echo "$4: generating the $3 corpus in $corpus" >&2
    rm -rf "$corpus"
    "$1" gen --profile "$3" --seed 1 "$corpus" >/dev/null
    echo "$stamp" >"$corpus/.stamp"
}
