# SPDX-License-Identifier: Apache-2.0
# The code generated from schema/ecu_data.fbs: it matches the schema (a stale file fails), and
# adding one field to the schema and regenerating gives its typed accessor, its verifier and
# dump descriptor and its builder field id, with no other edit.
source "$(dirname "$0")/lib.bash" "$@"
command -v python3 >/dev/null || skip "python3 is not installed"
SRC=$(realpath -- "$(dirname "$0")/../..")
GEN=$SRC/schema/generate.py

run 0 python3 "$GEN" --check "$SRC/schema/ecu_data.fbs" "$SRC"

# A copy of the generated files, one of them edited by hand: --check names it, generating
# rewrites it.
mkdir -p "$WORK/tree"
(cd "$SRC" && cp --parents include/mdd/ecu_views.h src/fb/ecu_schema.h \
    src/include/mdd_internal/ecu_fields.h fuzz/ecu_views_walk.h "$WORK/tree/")
echo "/* edited */" >>"$WORK/tree/src/fb/ecu_schema.h"
run 1 python3 "$GEN" --check "$SRC/schema/ecu_data.fbs" "$WORK/tree"
expect_line "generated code is stale (run \`make generate\`): src/fb/ecu_schema.h" "$TMP/err" \
    "stale file"
run 0 python3 "$GEN" "$SRC/schema/ecu_data.fbs" "$WORK/tree"
run 0 python3 "$GEN" --check "$SRC/schema/ecu_data.fbs" "$WORK/tree"

# One new field in Text (ids 0 and 1 taken).
sed 's/^  ti: string (id: 1);$/&\n  priority: uint32 = 7 (id: 2);/' "$SRC/schema/ecu_data.fbs" >"$WORK/new.fbs"
[ "$(grep -c 'priority: uint32' "$WORK/new.fbs")" = 2 ] ||
    fail "the new field went into $(grep -c 'priority: uint32' "$WORK/new.fbs") tables, not Text and LongName"
run 0 python3 "$GEN" "$WORK/new.fbs" "$WORK/tree"
views=$WORK/tree/include/mdd/ecu_views.h
grep -q '^static inline uint32_t mdd_text_priority(mdd_text x)$' "$views" || fail "no accessor"
grep -A2 '^static inline uint32_t mdd_text_priority' "$views" | grep -q 'return mdd_fb_u32(x.t, 2, 7);' ||
    fail "the accessor does not read id 2 with default 7"
grep -q '{.name = "priority", .id = 2, .kind = FB_SCALAR, .size = 4, .scalar = FB_UINT32' \
    "$WORK/tree/src/fb/ecu_schema.h" || fail "no descriptor for the verifier and mdd dump"
grep -q 'FID_TEXT_PRIORITY = 2,' "$WORK/tree/src/include/mdd_internal/ecu_fields.h" ||
    fail "no builder field id"
# The new header compiles against the installed-style include tree.
printf '#include <mdd/ecu_views.h>\nuint32_t f(mdd_text t);\nuint32_t f(mdd_text t) { return mdd_text_priority(t); }\n' \
    >"$WORK/use.c"
run 0 cc -std=c11 -Wall -Wextra -Werror -fsyntax-only -I "$WORK/tree/include" -I "$SRC/include" \
    "$WORK/use.c"

# An enum default by name is its value, in the accessor and in the descriptor.
sed 's/^  addressing: Addressing (id: 6);$/  addressing: Addressing = PHYSICAL (id: 6);/' \
    "$SRC/schema/ecu_data.fbs" >"$WORK/enum.fbs"
run 0 python3 "$GEN" "$WORK/enum.fbs" "$WORK/tree"
grep -A2 '^static inline uint8_t mdd_diag_service_addressing' "$views" |
    grep -q 'return mdd_fb_u8(x.t, 6, 1);' || fail "enum default by name: accessor"
grep -q '{.name = "addressing", .id = 6, .kind = FB_SCALAR, .size = 1, .scalar = FB_BYTE, .enum_type = &enum_addressing, .default_value = 1}' \
    <(tr -d '\n' <"$WORK/tree/src/fb/ecu_schema.h" | sed 's/,  */, /g') || fail "enum default by name: descriptor"

# A schema error names the file and the table.
sed 's/^  ti: string (id: 1);$/  ti: string (id: 3);/' "$SRC/schema/ecu_data.fbs" >"$WORK/bad.fbs"
run 1 python3 "$GEN" "$WORK/bad.fbs" "$WORK/tree"
grep -q "bad.fbs: table .*: field ids must be 0..N-1 without gaps" "$TMP/err" || fail "schema error: $(cat "$TMP/err")"
