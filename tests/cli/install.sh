# SPDX-License-Identifier: Apache-2.0
# `make install`'s result is usable and holds only the product: the shared library has its
# SONAME, the internal library and its headers stay out, and every example in examples/ builds
# against the installed tree with pkg-config and runs on a directory of MDD files (the corpus
# when present, else a small generated one), printing exactly what the mdd tool finds; the main
# example also builds through the CMake package (static). The examples that do not define
# MDD_ADVANCED_API bind only core symbols, and an advanced header without it does not compile.
source "$(dirname "$0")/lib.bash"
skip_when_emulated "the examples build and run with the host's compiler"
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$BUILD_TESTS/.." && pwd)
prefix=$WORK/prefix

cmake --install "$build" --prefix "$prefix" >/dev/null
soname=$(objdump -p "$prefix/lib/libmdd.so.0")
grep -q 'SONAME *libmdd.so.0' <<<"$soname" || fail "SONAME"
for f in bin/mdd lib/libmdd.a include/mdd/mdd.h share/man/man1/mdd.1 \
         lib/cmake/libmdd/libmddConfig.cmake; do
    [ -e "$prefix/$f" ] || fail "not installed: $f"
done
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
grep -qx 'License: Apache-2.0' "$prefix/lib/pkgconfig/libmdd.pc" || fail "pkg-config: no License"
# The internal library stays inside: its headers are not installed, and neither installed
# library holds the generator or the FlatBuffers builder.
for f in include/mdd/wire.h include/mdd/fb_build.h include/mdd/gen.h include/mdd_internal \
         lib/libmdd_internal.a; do
    [ ! -e "$prefix/$f" ] || fail "internal file installed: $f"
done
internal=$(nm --defined-only "$prefix/lib/libmdd.a" | grep -E ' T mdd_(gen_|fb_build)' || true)
[ -z "$internal" ] || fail "libmdd.a holds internal functions: $internal"

cd "$WORK"
if have_corpus; then
    source_dir=$CORPUS
else
    run 0 "$MDD" gen --profile small --ecus 2 --target-bytes 448000 generated
    source_dir=$WORK/generated
fi
# fresh_data: a copy of the MDD files in $WORK/data, since the default load strategy
# converts them in place; prints its path.
fresh_data() {
    rm -rf "$WORK/data"
    mkdir "$WORK/data"
    cp "$source_dir"/*.mdd "$WORK/data/"
    echo "$WORK/data"
}
files=("$source_dir"/*.mdd)
# The smallest file: its payload is one piece for read_async.
smallest=$(ls -S "${files[@]}" | tail -n 1)
smallest=${smallest##*/}

# An ECU whose base variant answers 22 F1 90, and its file.
lookup_file=""
for f in "${files[@]}"; do
    if "$MDD" lookup "$f" 22F190 >/dev/null 2>&1; then
        lookup_file=${f##*/}
        break
    fi
done
[ -n "$lookup_file" ] || fail "no ECU in $source_dir answers 22F190"
run 0 "$MDD" ecu --json "$source_dir/$lookup_file"
lookup_ecu=$(jq -r .ecu_name "$TMP/out")
base_variant=$(jq -r '(first(.variants[] | select(.is_base)) // .variants[0]).name' "$TMP/out")

# expected_inspect FILE: what examples/inspect.c prints, from `mdd info --json`.
expected_inspect() {
    "$MDD" info --json "$1" | jq -r '
        ["DIAGNOSTIC_DESCRIPTION", "CODE_FILE", "CODE_FILE_PARTIAL", "EMBEDDED_FILE"] as $types
        | "ecu: \(.ecu_name)", "chunks: \(.chunks | length)",
          (.chunks | to_entries[] | .key as $i | .value
           | "  [\($i)] \($types[.type] // "VENDOR_SPECIFIC") \(.name // "(unnamed)"): "
             + "\(.stored_size) bytes stored, \(.payload_size) bytes uncompressed, "
             + "\([.signatures[] | select(.algorithm == "sha512_uncompressed")] | length)"
             + " signature(s) ok")'
}

# expected_read_async FILE: the bytes and byte sum of every chunk's payload (`mdd cat`), read
# in one piece that arrives asynchronously (the pread cache starts empty).
expected_read_async() {
    local chunks i bytes=0 sum=0
    chunks=$("$MDD" info --json "$1" | jq '.chunks | length')
    for ((i = 0; i < chunks; i++)); do
        "$MDD" cat "$1" --index "$i" -o "$TMP/payload"
        bytes=$((bytes + $(wc -c <"$TMP/payload")))
        sum=$((sum + $(od -An -tu1 -v "$TMP/payload" |
                       awk '{ for (i = 1; i <= NF; i++) s += $i } END { print s + 0 }')))
    done
    echo "$bytes bytes, sum $sum, 0 inline and 1 asynchronous reads"
}

# expected_ecu_lookup DIR FILE: what examples/ecu_lookup.c prints for the ECU of FILE, from
# `mdd lookup` and `mdd dtc`.
expected_ecu_lookup() {
    echo "ECUs: $(find "$1" -maxdepth 1 -name '*.mdd' -type f | wc -l)"
    echo "22 F1 90 in variant $base_variant:"
    "$MDD" lookup --ecu "$lookup_ecu" "$1" 22F190 | sed 's/^/  /'
    "$MDD" dtc "$1/$2" >"$TMP/dtcs"
    echo "DTCs: $(wc -l <"$TMP/dtcs")"
    sed 's/^/  /' "$TMP/dtcs"
}

# The exchanges examples/uds_decode.c decodes: the VIN read twice (the second through the
# memo's entry), then a 32-bit identifier read (FLXC1000's answers).
vin=$(printf 'WDD2220011A000001' | od -An -tx1 | tr -d ' \n')
exchanges=(22F190 "62F190$vin" 22F200 62F200FFFFFB2E 22F190 "62F190$vin")

# expected_uds_decode DIR: what examples/uds_decode.c prints for the exchanges, from `mdd
# decode --json`, up to the first one that does not decode (the generated databases' coded
# types name an encoding the codec refuses): its message, without mdd's prefix, goes to
# $TMP/expected_err and the status is 1.
expected_uds_decode() {
    local i
    for ((i = 0; i < ${#exchanges[@]}; i += 2)); do
        "$MDD" decode --json --ecu "$lookup_ecu" "$1" "${exchanges[i]}" "${exchanges[i + 1]}" \
            2>"$TMP/expected_err" || { sed -i "s|^mdd: $1: ||" "$TMP/expected_err"; return 1; }
    done
}

# With the corpus, the DTCs `mdd dtc` lists are also those its expectations hold.
if have_corpus; then
    stem=${lookup_file%.mdd}
    "$MDD" dtc "$source_dir/$lookup_file" >"$TMP/dtcs"
    expect_eq "$(cat "$TMP/dtcs")" "$(jq -r '.diagnostic_description.dtcs | sort_by(.code)[]
        | "\(.code)  \(.display // "-")  \(.name)  \(.text // "")"' "$source_dir/$stem.expect.json")" \
        "$lookup_file: DTCs against $stem.expect.json"
fi

# A sanitized build installs a sanitized library, which only a sanitized program can load.
sanitize=""
if [[ $(ldd "$prefix/lib/libmdd.so.0") == *libasan* ]]; then
    sanitize="-fsanitize=address,undefined"
fi

# run_example NAME PROGRAM: runs the example on the data and compares its whole output.
run_example() {
    local data
    data=$(fresh_data)
    case $1 in
    inspect)
        expected_inspect "$data/$smallest" >"$TMP/expected"
        LD_LIBRARY_PATH=$prefix/lib run 0 "$2" "$data/$smallest"
        ;;
    read_async)
        expected_read_async "$data/$smallest" >"$TMP/expected"
        LD_LIBRARY_PATH=$prefix/lib run 0 "$2" "$data/$smallest" pread
        sed -i 's/ ([a-z_]*)$//' "$TMP/out" # the reader's backend depends on the kernel
        ;;
    ecu_lookup)
        expected_ecu_lookup "$data" "$lookup_file" >"$TMP/expected"
        LD_LIBRARY_PATH=$prefix/lib run 0 "$2" "$data" "$lookup_ecu"
        ;;
    uds_decode)
        local rc=0
        expected_uds_decode "$data" >"$TMP/expected" || rc=$?
        LD_LIBRARY_PATH=$prefix/lib run "$rc" "$2" "$data" "$lookup_ecu" "${exchanges[@]}"
        if [ "$rc" -ne 0 ]; then
            expect_eq "$(sed 's/^uds_decode: //' "$TMP/err")" "$(cat "$TMP/expected_err")" \
                "example uds_decode: the refusal"
        fi
        ;;
    *)
        fail "examples/$1.c: no run in tests/cli/install.sh"
        ;;
    esac
    cmp -s "$TMP/expected" "$TMP/out" ||
        fail "example $1: output differs (< expected, > printed):
$(diff "$TMP/expected" "$TMP/out")"
}

# An advanced header refuses to compile unless the program asks for the advanced API.
printf '#include <mdd/store.h>\n' >advanced.c
# shellcheck disable=SC2046
if cc -std=c11 -c $(pkg-config --cflags libmdd) advanced.c -o advanced.o 2>"$TMP/cc_err"; then
    fail "<mdd/store.h> compiles without MDD_ADVANCED_API"
fi
grep -q 'the advanced API (may change before 1.0): define MDD_ADVANCED_API' "$TMP/cc_err" ||
    fail "<mdd/store.h> without MDD_ADVANCED_API: not the expected #error: $(cat "$TMP/cc_err")"

# uses_advanced PROGRAM: whether PROGRAM binds a symbol of the advanced version node.
uses_advanced() {
    local symbols
    symbols=$(objdump -T "$1")
    [[ $symbols == *MDD_ADVANCED_0.1* ]]
}

examples=0
core_examples=0
for src in "$top"/examples/*.c; do
    name=$(basename "$src" .c)
    # shellcheck disable=SC2046
    cc -std=c11 -Wall -Wextra -Wconversion -Werror $sanitize $(pkg-config --cflags libmdd) \
        "$src" -o "$name" $(pkg-config --libs libmdd) || fail "pkg-config build of $name"
    # An example that does not ask for the advanced API uses the core's symbols alone.
    if ! grep -q '^#define MDD_ADVANCED_API' "$src"; then
        ! uses_advanced "$name" || fail "example $name binds advanced symbols"
        core_examples=$((core_examples + 1))
    else
        uses_advanced "$name" || fail "example $name asks for the advanced API and uses none of it"
    fi
    run_example "$name" "./$name"
    examples=$((examples + 1))
done
[ "$core_examples" -ge 2 ] || fail "only $core_examples examples build against the core API alone"
# Captured first: grep -q ends early and, under pipefail, would fail the pipeline on SIGPIPE.
libs=$(LD_LIBRARY_PATH=$prefix/lib ldd ./ecu_lookup)
grep -q "$prefix/lib/libmdd.so.0" <<<"$libs" || fail "not linked to the installed libmdd.so.0"

mkdir consumer
cat >consumer/CMakeLists.txt <<CMAKE
cmake_minimum_required(VERSION 3.18)
project(consumer C)
find_package(libmdd 0.1 REQUIRED)
add_executable(ecu_lookup $top/examples/ecu_lookup.c)
target_link_libraries(ecu_lookup PRIVATE mdd::mdd_static)
CMAKE
cmake -S consumer -B consumer/build -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_FLAGS="$sanitize" \
    -DCMAKE_EXE_LINKER_FLAGS="$sanitize" >/dev/null || fail "find_package"
cmake --build consumer/build >/dev/null || fail "CMake consumer build"
libs=$(ldd consumer/build/ecu_lookup)
[[ $libs != *libmdd.so* ]] || fail "the CMake consumer is not linked statically"
run_example ecu_lookup consumer/build/ecu_lookup
echo "install: $examples examples ($core_examples on the core API alone) built with pkg-config and run on $source_dir; CMake consumer works"
