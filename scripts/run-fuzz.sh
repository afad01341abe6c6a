#!/bin/sh
# Runs every libFuzzer target in BUILD_DIR for SECONDS each, seeded from the real corpus when
# it is present and from small generated inputs. Exits non-zero when a target finds a crash.
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

# fuzz_chunk_decode takes a 4-byte little-endian expected size followed by an LZMA-alone stream.
seed_chunk_decode() {
    mkdir -p "$1"
    printf '\013\000\000\000' > "$1/hello"
    printf 'hello world' | xz --format=lzma >> "$1/hello"
    printf '\000\000\000\000' > "$1/empty"
    printf '' | xz --format=lzma >> "$1/empty"
}

status=0
for target in "$build"/fuzz/fuzz_*; do
    [ -x "$target" ] || continue
    name=$(basename "$target")
    dir=$work/$name
    case $name in
        fuzz_container) seed_container "$dir" ;;
        fuzz_chunk_decode) seed_chunk_decode "$dir" ;;
        *) mkdir -p "$dir" ;;
    esac
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
