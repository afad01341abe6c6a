# SPDX-License-Identifier: Apache-2.0
# Field ids have one source, schema/ecu_data.fbs: outside the generated files, every call that
# takes a field id (the FlatBuffers read and build primitives, and the project's functions that
# pass an id on) names it FID_* (scripts/check-field-ids.py). The tree passes; a copy with bare
# ids planted fails, naming each.
source "$(dirname "$0")/lib.bash" "$@"
command -v python3 >/dev/null || skip "python3 is not installed"
SRC=$(realpath -- "$(dirname "$0")/../..")
CHECK=$SRC/scripts/check-field-ids.py

# The tree, where walk/params_encode.c has a static through_dop() of its own that takes no id.
run 0 python3 "$CHECK" "$SRC"
expect_eq "$(cat "$TMP/out")" "" "the source tree"

tree=$WORK/tree
mkdir -p "$tree"
cp -r "$SRC/src" "$SRC/include" "$SRC/tools" "$tree/"
# plant FILE FROM TO: replaces FROM (a sed pattern) on the first line of FILE that holds it;
# prints that line's number.
plant() {
    local file=$tree/$1 n
    n=$(grep -nm1 -- "$2" "$file" | cut -d: -f1)
    [ -n "$n" ] || fail "$1: no '$2'"
    sed -i "${n}s/$2/$3/" "$file"
    echo "$n"
}
# A literal id to a read primitive, and one behind a comment.
literal=$(plant src/uds/walk/param.c "fb_fields_u8(&v.f, FID_PARAM_PARAM_TYPE, 0)" \
    "fb_fields_u8(\&v.f, 1, 0)")
commented=$(plant src/db/parents.c "ref.t, FID_PARENT_REF_REF, type);" \
    "ref.t, \/* ref *\/ 1, type);")
# A hand-made constant to a function that passes its id on to a primitive.
constant=$(plant src/uds/walk/params_decode.c "MDD_PARAM_SPECIFIC_DATA_SYSTEM, FID_SYSTEM_DOP" \
    "MDD_PARAM_SPECIFIC_DATA_SYSTEM, SYSTEM_DOP")
# A field id defined by hand.
echo "enum { FID_RESPONSE_PARAMS = 1 };" >>"$tree/src/uds/decode.c"
defined=$(wc -l <"$tree/src/uds/decode.c")

run 1 python3 "$CHECK" "$tree"
why="name it FID_* (mdd_internal/ecu_fields.h, generated from schema/ecu_data.fbs)"
expect_line "src/uds/walk/param.c:$literal: fb_fields_u8() takes field id '1': $why" \
    "$TMP/out" "a literal id"
expect_line "src/db/parents.c:$commented: mdd_fb_union_field() takes field id '1': $why" \
    "$TMP/out" "a literal id behind a comment"
expect_line "src/uds/walk/params_decode.c:$constant: through_dop() takes field id 'SYSTEM_DOP': $why" \
    "$TMP/out" "a constant passed on"
expect_line "src/uds/decode.c:$defined: defines field id FID_RESPONSE_PARAMS by hand: its value comes from schema/ecu_data.fbs through schema/generate.py" \
    "$TMP/out" "an id defined by hand"
expect_eq "$(wc -l <"$TMP/out")" 4 "faults found in: $(cat "$TMP/out")"

run 2 python3 "$CHECK" "$WORK/none"
expect_eq "$(cat "$TMP/err")" "check-field-ids.py: $WORK/none: no src directory" "no tree"
