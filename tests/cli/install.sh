# `make install`'s result is usable and holds only the product: the shared library has its
# SONAME, the internal library and its headers stay out, and the example builds and runs
# against the installed tree through pkg-config (shared) and through the CMake package
# (static).
source "$(dirname "$0")/lib.bash"
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
# The internal library stays inside: its headers are not installed, and neither installed
# library holds the generator or the FlatBuffers builder.
for f in include/mdd/wire.h include/mdd/fb_build.h include/mdd/gen.h include/mdd_internal \
         lib/libmdd_internal.a; do
    [ ! -e "$prefix/$f" ] || fail "internal file installed: $f"
done
internal=$(nm --defined-only "$prefix/lib/libmdd.a" | grep -E ' T mdd_(gen_|fb_build)' || true)
[ -z "$internal" ] || fail "libmdd.a holds internal functions: $internal"

cd "$WORK"
seq 1 500 >payload.txt
run 0 "$prefix/bin/mdd" pack -o sample.mdd --ecu SAMPLE --chunk 0:SAMPLE:payload.txt

# A sanitized build installs a sanitized library, which only a sanitized program can load.
sanitize=""
if [[ $(ldd "$prefix/lib/libmdd.so.0") == *libasan* ]]; then
    sanitize="-fsanitize=address,undefined"
fi

export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror $sanitize $(pkg-config --cflags libmdd) "$top/examples/inspect.c" \
    -o inspect-shared $(pkg-config --libs libmdd) || fail "pkg-config build"
LD_LIBRARY_PATH=$prefix/lib run 0 ./inspect-shared sample.mdd
grep -q "SAMPLE" "$TMP/out" || fail "shared example output: $(cat "$TMP/out")"
# Captured first: grep -q ends early and, under pipefail, would fail the pipeline on SIGPIPE.
libs=$(LD_LIBRARY_PATH=$prefix/lib ldd ./inspect-shared)
grep -q "$prefix/lib/libmdd.so.0" <<<"$libs" || fail "not linked to the installed libmdd.so.0"

# The event-loop example reads every byte through the asynchronous reader: the pread cache
# starts empty, so its one piece arrives asynchronously.
cc -std=c11 -Wall -Wextra -Werror $sanitize $(pkg-config --cflags libmdd) \
    "$top/examples/read_async.c" -o read-async $(pkg-config --libs libmdd) || fail "read_async build"
LD_LIBRARY_PATH=$prefix/lib run 0 ./read-async sample.mdd pread
bytes=$(wc -c <payload.txt)
sum=$(od -An -tu1 -v payload.txt | awk '{ for (i = 1; i <= NF; i++) s += $i } END { print s }')
expect_eq "$(sed 's/ (.*)$//' "$TMP/out")" \
    "$bytes bytes, sum $sum, 0 inline and 1 asynchronous reads" "read_async output"

mkdir consumer
cat >consumer/CMakeLists.txt <<CMAKE
cmake_minimum_required(VERSION 3.18)
project(consumer C)
find_package(libmdd 0.1 REQUIRED)
add_executable(inspect $top/examples/inspect.c)
target_link_libraries(inspect PRIVATE mdd::mdd_static)
CMAKE
cmake -S consumer -B consumer/build -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_FLAGS="$sanitize" \
    -DCMAKE_EXE_LINKER_FLAGS="$sanitize" >/dev/null || fail "find_package"
cmake --build consumer/build >/dev/null || fail "CMake consumer build"
run 0 consumer/build/inspect sample.mdd
grep -q "SAMPLE" "$TMP/out" || fail "static example output"
echo "install: pkg-config and CMake consumers work"
