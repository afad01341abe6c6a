#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# What libmdd.so exports, against the reviewed list docs/libmdd.sym: one symbol per line as
# "NODE name", NODE its version node (MDD_0.1 the core API, MDD_ADVANCED_0.1 the advanced
# one), sorted by node, then name.
#   exports.sh check LIB SRCDIR   fails, printing the differences, unless LIB exports exactly
#                                 the listed names, each in the listed node, every function
#                                 and datum the public headers (include/mdd) declare, in the
#                                 node of its header's tier, and nothing the internal headers
#                                 (src/include/mdd_internal) declare or that belongs to the
#                                 wire layer, the FlatBuffers builder or the generator
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
# counts FILE: how many names of FILE each node holds, e.g. "MDD_0.1 110, MDD_ADVANCED_0.1 56".
counts() {
    awk '{ n[$1]++ } END { for (k in n) print k " " n[k] }' "$1" | LC_ALL=C sort | paste -sd, - |
        sed 's/,/, /g'
}
trap 'rm -rf "$tmp"' EXIT

# The defined dynamic symbols as "NODE name" (nm prints name@@NODE; "none" for a symbol
# without a version), without the version nodes themselves (absolute symbols).
nm -D --defined-only "$lib" | awk '$2 != "A" {
        name = $3; node = "none"
        if (index(name, "@") > 0) { node = name; sub(/^[^@]*@+/, "", node); sub(/@.*/, "", name) }
        print node " " name
    }' | LC_ALL=C sort -u >"$tmp/exported"

case $mode in
update)
    cp "$tmp/exported" "$list"
    echo "exports.sh: wrote $(wc -l <"$list") names to $list ($(counts "$list"))"
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
cut -d' ' -f2 "$tmp/exported" | LC_ALL=C sort -u >"$tmp/exported_names"
cut -d' ' -f2 "$tmp/internal" | LC_ALL=C sort -u >"$tmp/internal_names"
LC_ALL=C comm -12 "$tmp/internal_names" "$tmp/exported_names" >"$tmp/leaked"
grep -E '^mdd_(wire_|varint_|fb_build|gen_)' "$tmp/exported_names" >>"$tmp/leaked" || true
if [ -s "$tmp/leaked" ]; then
    echo "libmdd.so exports internal names:"
    LC_ALL=C sort -u "$tmp/leaked"
    status=1
fi
[ "$status" -eq 0 ] &&
    echo "libmdd.so exports the $(wc -l <"$tmp/exported") names of $list ($(counts "$list"))"
exit "$status"
