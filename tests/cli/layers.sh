# SPDX-License-Identifier: Apache-2.0
# The layers are what docs/architecture.md says: the edges that the #include lines of src/ and
# tools/mdd make are exactly those of the layer table's "depends on" column, nobody includes
# another layer's private header or "../", and a layer offers its neighbours one internal
# header (scripts/check-layers.py). Then that the check can fail: in a copy of the sources, an
# include that climbs with "../" into another layer's private header, an edge the table does
# not list and an edge dropped from the table are each refused, by file and line.
source "$(dirname "$0")/lib.bash" "$@"
top=$(cd "$(dirname "$0")/../.." && pwd)
command -v python3 >/dev/null || skip "python3 is not installed"
check=$top/scripts/check-layers.py
table="the table of docs/architecture.md does not list among"

run 0 python3 "$check" "$top"
grep -Eqx 'layers: [0-9]+ edges between layers, all in the table' "$TMP/out" ||
    fail "unexpected output: $(cat "$TMP/out")"

mkdir "$WORK/copy"
cp -r "$top/docs" "$top/src" "$top/include" "$top/tools" "$WORK/copy/"
printf '/* planted */\n' >"$WORK/copy/src/ecu/planted.h"
printf '#include "../ecu/planted.h"\n' >"$WORK/copy/src/db/planted_up.c"
printf '#include <mdd/uds.h>\n' >"$WORK/copy/src/fb/planted_edge.c"
run 1 python3 "$check" "$WORK/copy"
up='src/db/planted_up.c:1: db includes'
expect_line "$up \"../ecu/planted.h\": no include climbs out of its directory" "$TMP/out" \
    "include with ../"
expect_line "$up src/ecu/planted.h, a private header of ecu" "$TMP/out" \
    "include of another layer's private header"
expect_line "src/fb/planted_edge.c:1: fb uses uds, which $table fb's dependencies" \
    "$TMP/out" "edge not in the table"
expect_eq "$(wc -l <"$TMP/out")" 3 "faults reported for the copy"

rm "$WORK/copy/src/db/planted_up.c" "$WORK/copy/src/fb/planted_edge.c"
sed -i 's/^\(| async |.*| \)store, /\1/' "$WORK/copy/docs/architecture.md"
run 1 python3 "$check" "$WORK/copy"
grep -q "^[a-z/_]*\.[ch]:[0-9]*: async uses store, which $table async's dependencies\$" \
    "$TMP/out" || fail "an edge dropped from the table is not reported: $(cat "$TMP/out")"
echo "layers: the includes agree with docs/architecture.md"
