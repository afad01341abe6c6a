#!/bin/sh
# Runs every libFuzzer target in BUILD_DIR for SECONDS each, seeded from the real corpus when
# it is present, from small generated inputs and from fuzz/seeds/. Exits non-zero when a
# target finds a crash.
set -eu
build=$1
seconds=${2:-30}
top=$(cd "$(dirname "$0")/.." && pwd)
corpus_dir=${MDD_CORPUS:-$top/../shared/corpus}
work=$build/fuzz-corpora
mkdir -p "$work"

seed_container() {
    mkdir -p "$1"
    if [ -d "$corpus_dir" ]; then
        cp "$corpus_dir"/*.mdd "$1"/ 2>/dev/null || true
    fi
    printf 'MDD version 0      \000' > "$1/empty.mdd"
}

# fuzz_ecu_data, fuzz_fb_verify_diff and fuzz_query take a FlatBuffers payload: the diagnostic
# descriptions of the real files and of two small generated ones (an ECU, functional groups).
seed_ecu_data() {
    mkdir -p "$1"
    for f in "$corpus_dir"/*.mdd; do
        [ -f "$f" ] || continue
        "$build/mdd" cat "$f" -o "$1/$(basename "$f" .mdd).fb" || true
    done
    gen=$1/.gen
    if "$build/mdd" gen --ecus 2 --target-bytes 200000 "$gen" >/dev/null 2>&1; then
        for f in "$gen"/*.mdd; do
            "$build/mdd" cat "$f" -o "$1/gen-$(basename "$f" .mdd).fb" || true
        done
    fi
    rm -rf "$gen"
}

# fuzz_chunk_decode takes a 4-byte little-endian expected size followed by an LZMA-alone stream.
seed_chunk_decode() {
    mkdir -p "$1"
    printf '\013\000\000\000' > "$1/hello"
    printf 'hello world' | xz --format=lzma >> "$1/hello"
    printf '\000\000\000\000' > "$1/empty"
    printf '' | xz --format=lzma >> "$1/empty"
}

# fuzz_db takes MDD files too; converted to plain chunks, their payload bytes are what the
# mutations change, instead of an LZMA stream that then no longer decodes.
seed_db() {
    seed_container "$1"
    if [ -x "$build/mdd" ]; then
        "$build/mdd" convert --quiet "$1" >/dev/null 2>&1 || true
    fi
}

status=0
for target in "$build"/fuzz/fuzz_*; do
    [ -x "$target" ] || continue
    name=$(basename "$target")
    dir=$work/$name
    case $name in
        fuzz_container) seed_container "$dir" ;;
        fuzz_db) seed_db "$dir" ;;
        fuzz_chunk_decode) seed_chunk_decode "$dir" ;;
        fuzz_ecu_data | fuzz_fb_verify_diff | fuzz_query) seed_ecu_data "$dir" ;;
        *) mkdir -p "$dir" ;;
    esac
    # Hand-written seeds: fuzz/seeds/NAME for fuzz_NAME.
    if [ -d "$top/fuzz/seeds/${name#fuzz_}" ]; then
        cp "$top/fuzz/seeds/${name#fuzz_}"/* "$dir"/
    fi
    echo "fuzz: $name for ${seconds}s"
    if ! "$target" -max_total_time="$seconds" -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$build/$name-" "$dir" >"$build/$name.log" 2>&1; then
        echo "fuzz: $name FAILED; see $build/$name.log" >&2
        tail -n 40 "$build/$name.log" >&2
        status=1
    else
        grep -E '^stat::number_of_executed_units' "$build/$name.log" || true
    fi
done
exit $status
