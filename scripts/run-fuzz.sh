#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Runs every libFuzzer target in BUILD_DIR for SECONDS each, seeded from the real corpus when
# it is present, from small generated inputs and from fuzz/seeds/, then prints a table of the
# inputs each target executed and its executions per second (libFuzzer's final stats). Exits
# non-zero when a target finds a crash.
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

# fuzz_fb_verify_diff, fuzz_ecu_views, fuzz_comparams, fuzz_query and fuzz_uds_describe take a
# FlatBuffers payload: the diagnostic descriptions of the real files and of two small generated
# ones (an ECU, functional groups).
seed_payloads() {
    mkdir -p "$1"
    for f in "$corpus_dir"/*.mdd; do
        [ -f "$f" ] || continue
        "$build/mdd" cat "$f" -o "$1/$(basename "$f" .mdd).fb" || true
    done
    gen=$1/.gen
    if "$build/mdd" gen --ecus 2 --target-bytes 448000 "$gen" >/dev/null 2>&1; then
        for f in "$gen"/*.mdd; do
            "$build/mdd" cat "$f" -o "$1/gen-$(basename "$f" .mdd).fb" || true
        done
    fi
    rm -rf "$gen"
}

# Writes the byte $1 (0 to 255).
byte() {
    # shellcheck disable=SC2059 # the format is the octal escape of the byte
    printf "$(printf '\\%03o' "$1")"
}

# Writes the little-endian 16-bit value $1.
le16() {
    byte $(($1 % 256))
    byte $(($1 / 256))
}

# fuzz_ecu_data takes a path of four 16-bit choices, then a payload (fuzz/fuzz_ecu_data.c):
# each payload under the root, the first top-level tables, and services of their layers, so
# that the bounded walks start all over the DAG.
seed_ecu_data() {
    seed_payloads "$1/.payloads"
    for f in "$1"/.payloads/*.fb; do
        payload_name=$(basename "$f" .fb)
        for path in "0 0 0 0" "1 0 0 0" "2 0 0 0" "3 0 0 0" "4 0 0 0" \
            "1 1 1 0" "1 1 4 0" "1 1 9 0" "1 1 16 0" "2 1 1 0" "2 1 4 0" "2 1 9 0" "2 1 16 0" \
            "3 1 1 0" "3 1 4 0" "3 1 9 0" "3 1 16 0" "4 1 1 0" "4 1 4 0" "4 1 9 0" "4 1 16 0"; do
            out=$1/$payload_name-$(echo "$path" | tr ' ' '-')
            { for c in $path; do le16 "$c"; done; cat "$f"; } > "$out"
        done
    done
    rm -rf "$1/.payloads"
}

# fuzz_chunk_decode takes a 4-byte little-endian expected size followed by an LZMA-alone
# stream: small ones, and the real payloads compressed as the converter does, except with a
# 64 KiB dictionary instead of 8 MiB (under ASan every dictionary allocation costs shadow
# memory for all of it, which would make a 40 KB chunk ten times as slow to fuzz).
seed_chunk_decode() {
    mkdir -p "$1"
    printf '\013\000\000\000' > "$1/hello"
    printf 'hello world' | xz --format=lzma >> "$1/hello"
    printf '\000\000\000\000' > "$1/empty"
    printf '' | xz --format=lzma >> "$1/empty"
    for f in "$corpus_dir"/*.mdd; do
        [ -f "$f" ] || continue
        payload=$1/.payload
        "$build/mdd" cat "$f" -o "$payload" || continue
        size=$(wc -c < "$payload")
        out=$1/$(basename "$f" .mdd)
        { le16 $((size % 65536)); le16 $((size / 65536)); } > "$out"
        xz --format=lzma --lzma1=preset=6,dict=64KiB < "$payload" >> "$out"
        rm -f "$payload"
    done
}

# fuzz_db takes MDD files too; converted to plain chunks, their payload bytes are what the
# mutations change, instead of an LZMA stream that then no longer decodes. It also takes a
# byte n, a request of n % 9 bytes and a payload, whose layer n / 9 alone is checked: each
# payload with the empty request in its first four layers.
seed_db() {
    seed_container "$1"
    if [ -x "$build/mdd" ]; then
        "$build/mdd" convert --quiet "$1" >/dev/null 2>&1 || true
    fi
    seed_payloads "$1/.payloads"
    for f in "$1"/.payloads/*.fb; do
        for layer in 0 1 2 3; do
            { byte $((9 * layer)); cat "$f"; } \
                > "$1/$(basename "$f" .fb)-layer$layer"
        done
    done
    rm -rf "$1/.payloads"
}

# fuzz_sig takes a mode byte (even: an MDD file) and the file: the corpus, and the corpus signed
# with fuzz/sig-test-key.pem by the independent signer when python3 and openssl are there, so
# that mutations start from a file the target's trust store accepts; odd: a trust store file.
seed_sig() {
    seed_container "$1/.files"
    for f in "$1"/.files/*.mdd; do
        # Not $name: the caller's loop names its target with it.
        file_name=$(basename "$f" .mdd)
        { byte 0; cat "$f"; } > "$1/$file_name"
        if python3 "$top/tests/tools/mdd_sigtool.py" sign --key "$top/fuzz/sig-test-key.pem" \
            "$f" "$1/.signed" >/dev/null 2>&1; then
            { byte 0; cat "$1/.signed"; } > "$1/$file_name-signed"
        fi
    done
    { byte 1; openssl pkey -in "$top/fuzz/sig-test-key.pem" -pubout 2>/dev/null; } > "$1/trust"
    rm -rf "$1/.files" "$1/.signed"
}

# A 16 MB quarantine instead of ASan's 256 MB: freed memory comes back sooner, so an input
# faults in fewer fresh pages (a tenth of fuzz_db's time), and a use after free is still
# caught across many inputs' worth of allocations. Options given by the caller win.
ASAN_OPTIONS="quarantine_size_mb=16${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export ASAN_OPTIONS

status=0
table=$work/stats.txt
: > "$table"
for target in "$build"/fuzz/fuzz_*; do
    [ -x "$target" ] || continue
    name=$(basename "$target")
    dir=$work/$name
    flags=
    case $name in
        fuzz_container) seed_container "$dir" ;;
        fuzz_db) seed_db "$dir" ;;
        fuzz_sig) seed_sig "$dir" ;;
        fuzz_chunk_decode) seed_chunk_decode "$dir" ;;
        # Seeds that differ only in their path add no coverage, but each is where the walks
        # of its mutations start: keep them all.
        fuzz_ecu_data) seed_ecu_data "$dir"; flags=-keep_seed=1 ;;
        fuzz_fb_verify_diff | fuzz_ecu_views | fuzz_comparams | fuzz_query | fuzz_uds_describe)
            seed_payloads "$dir" ;;
        *) mkdir -p "$dir" ;;
    esac
    # Hand-written seeds: fuzz/seeds/NAME for fuzz_NAME.
    if [ -d "$top/fuzz/seeds/${name#fuzz_}" ]; then
        cp "$top/fuzz/seeds/${name#fuzz_}"/* "$dir"/
    fi
    echo "fuzz: $name for ${seconds}s"
    log=$build/$name.log
    result=ok
    # shellcheck disable=SC2086 # flags is empty or one word
    if ! "$target" -max_total_time="$seconds" -rss_limit_mb=2048 -print_final_stats=1 $flags \
        -artifact_prefix="$build/$name-" "$dir" >"$log" 2>&1; then
        echo "fuzz: $name FAILED; see $log" >&2
        tail -n 40 "$log" >&2
        status=1
        result=FAILED
    fi
    awk -v name="$name" -v result="$result" '
        /^stat::number_of_executed_units:/ { units = $2 }
        /^stat::average_exec_per_sec:/ { rate = $2 }
        END { printf "%-22s %12s %10s  %s\n", name, units, rate, result }' "$log" >> "$table"
done
printf '%-22s %12s %10s  %s\n' target executed "exec/s" result
cat "$table"
exit $status
