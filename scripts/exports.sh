#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# What libmdd.so exports, against the reviewed list docs/libmdd.sym (one name per line,
# sorted).
#   exports.sh check LIB SRCDIR   fails, printing the differences, unless LIB exports exactly
#                                 the listed names, every function and datum the public
#                                 headers (include/mdd) declare, and nothing the internal
#                                 headers (src/include/mdd_internal) declare or that belongs
#                                 to the wire layer, the FlatBuffers builder or the generator
#   exports.sh update LIB SRCDIR  rewrites SRCDIR/docs/libmdd.sym from LIB
set -eu
usage() {
    echo "usage: exports.sh check|update LIB SRCDIR" >&2
    exit 2
}
[ $# -eq 3 ] || usage
mode=$1 lib=$2 src=$3
list=$src/docs/libmdd.sym
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The defined dynamic symbols, without their version (name@@MDD_0.1) and without the
# version node itself (an absolute symbol).
nm -D --defined-only "$lib" | awk '$2 != "A" { sub(/@.*/, "", $3); print $3 }' |
    LC_ALL=C sort -u >"$tmp/exported"

case $mode in
update)
    cp "$tmp/exported" "$list"
    echo "exports.sh: wrote $(wc -l <"$list") names to $list"
    exit 0
    ;;
check) ;;
*) usage ;;
esac

status=0
# differences FILE WHAT: prints the lines of the diff between the exported names and FILE,
# - for a name only in FILE, + for one only exported.
differences() {
    if ! diff "$1" "$tmp/exported" >"$tmp/diff"; then
        echo "libmdd.so exports differ from $2 (-: only there, +: only exported):"
        grep '^[<>]' "$tmp/diff" | sed 's/^</-/; s/^>/+/'
        status=1
    fi
}
differences "$list" "the list $list (after an intended API change: make update-symbols)"

sh "$src/cmake/public-symbols.sh" "$src"/include/mdd/*.h >"$tmp/public"
differences "$tmp/public" "the declarations of the public headers include/mdd/*.h"

sh "$src/cmake/public-symbols.sh" "$src"/src/include/mdd_internal/*.h >"$tmp/internal"
LC_ALL=C comm -12 "$tmp/internal" "$tmp/exported" >"$tmp/leaked"
grep -E '^mdd_(wire_|varint_|fb_build|gen_)' "$tmp/exported" >>"$tmp/leaked" || true
if [ -s "$tmp/leaked" ]; then
    echo "libmdd.so exports internal names:"
    LC_ALL=C sort -u "$tmp/leaked"
    status=1
fi
[ "$status" -eq 0 ] && echo "libmdd.so exports the $(wc -l <"$tmp/exported") names of $list"
exit "$status"
