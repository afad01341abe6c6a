#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generates every piece of C that knows the EcuData schema from schema/ecu_data.fbs.

    generate.py [--check] SCHEMA OUT_DIR

writes, under OUT_DIR (the source tree's top):
  include/mdd/ecu_views.h               typed zero-copy views: enums, union tags, view types and
                                        static inline accessors over the read primitives of fb.h
  src/fb/ecu_schema.h                   the verifier's and the dump walker's descriptors
  src/include/mdd_internal/ecu_fields.h field ids for builders and for readers that take fields
                                        by id (src/gen, src/uds, src/db, tests)
  fuzz/ecu_views_walk.h                 a walk that calls every accessor, for fuzz_ecu_views

With --check it writes nothing and exits 1, naming the stale files, when any of them differs
from what the schema gives. docs/adr/0008-generated-schema-code.md says why the generator
reads the .fbs itself and why it is Python.
"""
import re
import sys
from pathlib import Path

HEADER = "/* SPDX-License-Identifier: Apache-2.0 */\n" \
         "/* Generated from schema/ecu_data.fbs by schema/generate.py. Do not edit: change the\n" \
         " * schema and run `make generate`. */\n"

SCALAR_TYPES = {  # schema type: (C type, bytes, fb_scalar)
    "bool": ("int", 1, "FB_BOOL"),
    "byte": ("int8_t", 1, "FB_BYTE"),
    "ubyte": ("uint8_t", 1, "FB_UBYTE"),
    "int": ("int32_t", 4, "FB_INT32"),
    "int32": ("int32_t", 4, "FB_INT32"),
    "uint": ("uint32_t", 4, "FB_UINT32"),
    "uint32": ("uint32_t", 4, "FB_UINT32"),
    "double": ("double", 8, "FB_DOUBLE"),
    "float64": ("double", 8, "FB_DOUBLE"),
}


class SchemaError(Exception):
    pass


# ---- Parsing: the subset of the FlatBuffers schema language the schema uses ----

TOKEN = re.compile(r'\s*(?:(//[^\n]*)|("[^"]*")|([A-Za-z_][A-Za-z0-9_.]*)|(-?[0-9]+(?:\.[0-9]+)?)|(.))',
                   re.S)


def tokenize(text):
    line = 1
    pos = 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            break
        line += text.count("\n", pos, m.end())
        pos = m.end()
        comment, string, ident, number, punct = m.groups()
        if comment is not None:
            continue
        if string is not None:
            yield ("str", string[1:-1], line)
        elif ident is not None:
            yield ("id", ident, line)
        elif number is not None:
            yield ("num", number, line)
        elif punct is not None and not punct.isspace():
            yield ("p", punct, line)


class Parser:
    def __init__(self, text):
        self.tokens = list(tokenize(text))
        self.i = 0

    def peek(self):
        return self.tokens[self.i] if self.i < len(self.tokens) else ("eof", "", 0)

    def take(self, kind=None, value=None):
        tok = self.peek()
        if (kind and tok[0] != kind) or (value and tok[1] != value):
            raise SchemaError("line %d: expected %s, found '%s'" % (tok[2], value or kind, tok[1]))
        self.i += 1
        return tok[1]

    def accept(self, value):
        if self.peek()[1] == value:
            self.i += 1
            return True
        return False

    def attributes(self):
        attrs = {}
        if self.accept("("):
            while not self.accept(")"):
                key = self.take("id")
                attrs[key] = self.take() if self.accept(":") else True
                self.accept(",")
        return attrs

    def parse(self):
        enums, unions, tables, root = [], [], [], None
        while self.peek()[0] != "eof":
            word = self.take("id")
            if word == "enum":
                enums.append(self.enum())
            elif word == "union":
                unions.append(self.union())
            elif word == "table":
                tables.append(self.table())
            elif word == "root_type":
                root = self.take("id")
                self.take("p", ";")
            elif word == "attribute":
                self.take("str")
                self.take("p", ";")
            else:
                raise SchemaError("line %d: unexpected '%s'" % (self.peek()[2], word))
        return enums, unions, tables, root

    def enum(self):
        name = self.take("id")
        self.take("p", ":")
        base = self.take("id")
        if base != "byte":
            raise SchemaError("enum %s: only byte enums are supported" % name)
        attrs = self.attributes()
        self.take("p", "{")
        values = []
        while not self.accept("}"):
            vname = self.take("id")
            self.take("p", "=")
            values.append((vname, int(self.take("num"))))
            self.accept(",")
        if [v for _, v in values] != list(range(len(values))):
            raise SchemaError("enum %s: values must count up from 0" % name)
        return {"name": name, "values": [v for v, _ in values], "attrs": attrs}

    def union(self):
        name = self.take("id")
        attrs = self.attributes()
        self.take("p", "{")
        members = []
        while not self.accept("}"):
            members.append(self.take("id"))
            self.accept(",")
        return {"name": name, "members": members, "attrs": attrs}

    def table(self):
        name = self.take("id")
        attrs = self.attributes()
        self.take("p", "{")
        fields = []
        while not self.accept("}"):
            fname = self.take("id")
            self.take("p", ":")
            vector = self.accept("[")
            ftype = self.take("id")
            if vector:
                self.take("p", "]")
            default = None
            if self.accept("="):
                default = self.take()
            fattrs = self.attributes()
            self.take("p", ";")
            if "id" not in fattrs:
                raise SchemaError("%s.%s: every field needs an explicit (id: N)" % (name, fname))
            fields.append({"name": fname, "type": ftype, "vector": vector, "default": default,
                           "id": int(fattrs["id"]), "deprecated": "deprecated" in fattrs})
        return {"name": name, "fields": fields, "attrs": attrs}


# ---- The model: names and kinds resolved ----

def snake(name, attrs=None):
    if attrs and "c_name" in attrs:
        return attrs["c_name"]
    s = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", s).lower()


class Schema:
    def __init__(self, text):
        enums, unions, tables, root = Parser(text).parse()
        self.enums = {e["name"]: e for e in enums}
        self.unions = {u["name"]: u for u in unions}
        self.tables = {t["name"]: t for t in tables}
        self.enum_order = [e["name"] for e in enums]
        self.union_order = [u["name"] for u in unions]
        self.table_order = [t["name"] for t in tables]
        if root not in self.tables:
            raise SchemaError("root_type %s is not a table" % root)
        self.root = root
        for e in enums:
            e["c"] = snake(e["name"], e["attrs"])
        for u in unions:
            u["c"] = snake(u["name"], u["attrs"])
            for m in u["members"]:
                if m not in self.tables:
                    raise SchemaError("union %s: member %s is not a table" % (u["name"], m))
        for t in tables:
            t["c"] = snake(t["name"], t["attrs"])
            self.resolve_fields(t)
        for u in unions:
            u["member_c"] = {m: self.tables[m]["c"] for m in u["members"]}
        self.check_names()

    def resolve_fields(self, t):
        ids = set()
        for f in t["fields"]:
            ty = f["type"]
            if ty in self.unions:
                f["kind"] = "unions" if f["vector"] else "union"
                ids.add(f["id"] - 1)
            elif ty in self.tables:
                f["kind"] = "tables" if f["vector"] else "table"
            elif ty == "string":
                f["kind"] = "strings" if f["vector"] else "string"
            elif ty in self.enums or ty in SCALAR_TYPES:
                f["kind"] = "scalars" if f["vector"] else "scalar"
            else:
                raise SchemaError("%s.%s: unknown type %s" % (t["name"], f["name"], ty))
            if f["id"] in ids:
                raise SchemaError("%s.%s: id %d used twice" % (t["name"], f["name"], f["id"]))
            ids.add(f["id"])
            if f["default"] is not None and f["kind"] != "scalar":
                raise SchemaError("%s.%s: only scalars take a default" % (t["name"], f["name"]))
            if f["kind"] == "scalars" and f["type"] not in self.enums and \
                    f["type"] not in ("bool", "byte", "ubyte", "uint", "uint32", "double", "float64"):
                raise SchemaError("%s.%s: vectors of %s are not supported" %
                                  (t["name"], f["name"], f["type"]))
            if f["type"] in self.enums and f["default"] not in (None, "null") and \
                    not f["default"].isdigit():
                values = self.enums[f["type"]]["values"]
                if f["default"] not in values:
                    raise SchemaError("%s.%s: %s is not a value of %s" %
                                      (t["name"], f["name"], f["default"], f["type"]))
                f["default"] = str(values.index(f["default"]))
        if ids != set(range(len(ids))):
            raise SchemaError("table %s: field ids must be 0..N-1 without gaps" % t["name"])
        t["fields"].sort(key=lambda f: f["id"])
        t["id_count"] = len(ids)

    def check_names(self):
        seen = {}

        def claim(name, what):
            if name in seen:
                raise SchemaError("C name %s of %s collides with %s" % (name, what, seen[name]))
            seen[name] = what

        for t in self.tables.values():
            claim("mdd_" + t["c"], "table " + t["name"])
            claim("mdd_" + t["c"] + "_vec", "vector of " + t["name"])
            for f in t["fields"]:
                for acc in accessor_names(self, t, f):
                    claim(acc, "%s.%s" % (t["name"], f["name"]))
        for e in list(self.enums.values()) + list(self.unions.values()):
            claim("enum mdd_" + e["c"], e["name"])

    def scalar_info(self, f):
        """(C type, size, fb_scalar, enum or None) of a scalar field or scalar vector element."""
        if f["type"] in self.enums:
            return ("uint8_t", 1, "FB_BYTE", self.enums[f["type"]])
        return SCALAR_TYPES[f["type"]] + (None,)

    def enum_list(self):
        """Every enum, then every union (as the enum of its tags), in schema order."""
        return [self.enums[n] for n in self.enum_order] + [self.unions[n] for n in self.union_order]


def accessor_names(schema, t, f):
    base = "mdd_%s_%s" % (t["c"], f["name"])
    if f["kind"] == "union":
        u = schema.unions[f["type"]]
        return [base + "_type"] + ["mdd_%s_%s" % (t["c"], schema.tables[m]["c"]) for m in u["members"]]
    if f["kind"] == "unions":
        u = schema.unions[f["type"]]
        return [base + "_count", base + "_type_at"] + \
            ["%s_%s_at" % (base, schema.tables[m]["c"]) for m in u["members"]]
    return [base]


def enum_const(e, value):
    """The C constant of an enum value or a union member (by the member table's C name)."""
    suffix = e.get("member_c", {}).get(value) or snake(value)
    return "MDD_%s_%s" % (e["c"].upper(), suffix.upper())


def union_values(u):
    return ["NONE"] + u["members"]


# ---- include/mdd/ecu_views.h ----

def c_comment(text, indent=""):
    words = text.split()
    lines, cur = [], ""
    for w in words:
        if len(cur) + len(w) + 1 > 92 - len(indent):
            lines.append(cur)
            cur = w
        else:
            cur = (cur + " " + w).strip()
    lines.append(cur)
    out = indent + "/* " + ("\n" + indent + " * ").join(lines) + " */\n"
    return out


def views_header(s):
    out = [HEADER, VIEWS_PREAMBLE]
    out.append("/* ---- Enums (stored as one byte; accessors return the raw value) ---- */\n\n")
    for e in s.enum_list():
        is_union = e["name"] in s.unions
        values = union_values(e) if is_union else e["values"]
        what = "union %s: the tag of its member" % e["name"] if is_union else "enum " + e["name"]
        out.append(c_comment("Schema %s." % what))
        out.append("enum mdd_%s {\n" % e["c"])
        out.append(",\n".join("    %s = %d" % (enum_const(e, v), i) for i, v in enumerate(values)))
        out.append("\n};\n\n")
    out.append(ENUM_NAME_DECL % "\n".join(
        "    MDD_ENUM_%s,%s" % (e["c"].upper(), "" if i < len(s.enum_list()) - 1 else "")
        for i, e in enumerate(s.enum_list())).rstrip(","))
    out.append("/* ---- View types: one per table, one per vector of tables ---- */\n\n")
    vec_types = vector_element_tables(s)
    for name in s.table_order:
        c = s.tables[name]["c"]
        out.append("typedef struct mdd_%s { mdd_fb_table t; } mdd_%s;\n" % (c, c))
    out.append("\n")
    for name in vec_types:
        c = s.tables[name]["c"]
        out.append("typedef struct mdd_%s_vec {\n    mdd_fb_vector v;\n} mdd_%s_vec;\n" % (c, c))
    out.append("\n/* ---- Vectors ---- */\n\n")
    for name in vec_types:
        c = s.tables[name]["c"]
        out.append(VEC_FUNCS.format(c=c))
    root = s.tables[s.root]["c"]
    out.append(ROOT_FUNC.format(c=root, name=s.root))
    for name in s.table_order:
        out.append(table_accessors(s, s.tables[name]))
    out.append(VIEWS_END)
    return "".join(out)


def vector_element_tables(s):
    used = set()
    for t in s.tables.values():
        for f in t["fields"]:
            if f["kind"] == "tables":
                used.add(f["type"])
    return [n for n in s.table_order if n in used]


def table_accessors(s, t):
    out = ["\n/* ---- %s ---- */\n\n" % t["name"]]
    c = t["c"]
    for f in t["fields"]:
        if f["deprecated"]:
            continue
        out.append(field_accessor(s, t, c, f))
    return "".join(out)


def field_accessor(s, t, c, f):
    kind, fid, name = f["kind"], f["id"], f["name"]
    head = "static inline %s mdd_%s_%s(mdd_%s x%s)\n{\n"
    if kind == "string":
        return (head % ("mdd_bytes", c, name, c, "") +
                "    return mdd_fb_string_field(x.t, %d);\n}\n" % fid)
    if kind == "table":
        tc = s.tables[f["type"]]["c"]
        return (head % ("mdd_" + tc, c, name, c, "") +
                "    mdd_%s r = {mdd_fb_table_field(x.t, %d)};\n    return r;\n}\n" % (tc, fid))
    if kind == "tables":
        tc = s.tables[f["type"]]["c"]
        return (head % ("mdd_%s_vec" % tc, c, name, c, "") +
                "    mdd_%s_vec r = {mdd_fb_vector_field(x.t, %d, 4)};\n    return r;\n}\n"
                % (tc, fid))
    if kind == "strings":
        return (head % ("mdd_string_vec", c, name, c, "") +
                "    mdd_string_vec r = {mdd_fb_vector_field(x.t, %d, 4)};\n    return r;\n}\n"
                % fid)
    if kind == "scalars":
        ctype, size, _, _ = s.scalar_info(f)
        if size == 1:
            return (head % ("mdd_bytes", c, name, c, "") +
                    "    return mdd_fb_bytes_field(x.t, %d);\n}\n" % fid)
        vec = {"uint32_t": "mdd_u32_vec", "double": "mdd_f64_vec"}[ctype]
        return (head % (vec, c, name, c, "") +
                "    %s r = {mdd_fb_vector_field(x.t, %d, %d)};\n    return r;\n}\n"
                % (vec, fid, size))
    if kind == "scalar":
        return scalar_accessor(s, c, f, head)
    if kind == "union":
        return union_accessors(s, c, f, head)
    return union_vector_accessors(s, c, f, head)


def scalar_accessor(s, c, f, head):
    ctype, size, _, enum = s.scalar_info(f)
    fid, name, default = f["id"], f["name"], f["default"]
    if default == "null":
        prim = {"int": "u8", "int8_t": "u8", "uint8_t": "u8", "int32_t": "i32",
                "uint32_t": "u32", "double": "f64"}[ctype]
        out_type = "uint8_t" if prim == "u8" and ctype != "int" else ctype
        if ctype == "int":  # an optional bool: *out is 0 or 1
            return (head % ("int", c, name, c, ", int *out") +
                    "    uint8_t v;\n    if (!mdd_fb_opt_u8(x.t, %d, &v))\n        return 0;\n"
                    "    *out = v != 0;\n    return 1;\n}\n" % fid)
        return (head % ("int", c, name, c, ", %s *out" % out_type) +
                "    return mdd_fb_opt_%s(x.t, %d, out);\n}\n" % (prim, fid))
    if ctype == "int":
        d = 1 if default == "true" else 0
        return (head % ("int", c, name, c, "") +
                "    return mdd_fb_u8(x.t, %d, %d) != 0;\n}\n" % (fid, d))
    d = default if default is not None else "0"
    if size == 1:
        return (head % ("uint8_t", c, name, c, "") +
                "    return mdd_fb_u8(x.t, %d, %s);\n}\n" % (fid, d))
    prim = {"int32_t": "i32", "uint32_t": "u32", "double": "f64"}[ctype]
    return (head % (ctype, c, name, c, "") +
            "    return mdd_fb_%s(x.t, %d, %s);\n}\n" % (prim, fid, d))


def union_accessors(s, c, f, head):
    u = s.unions[f["type"]]
    fid, name = f["id"], f["name"]
    out = [head % ("uint8_t", c, name + "_type", c, "") +
           "    return mdd_fb_u8(x.t, %d, 0);\n}\n" % (fid - 1)]
    for tag, m in enumerate(u["members"], 1):
        mc = s.tables[m]["c"]
        out.append(head % ("mdd_" + mc, c, mc, c, "") +
                   "    mdd_%s r = {mdd_fb_union_field(x.t, %d, %s)};\n    return r;\n}\n"
                   % (mc, fid, enum_const(u, m)))
    return "".join(out)


def union_vector_accessors(s, c, f, head):
    u = s.unions[f["type"]]
    fid, name = f["id"], f["name"]
    out = [head % ("uint32_t", c, name + "_count", c, "") +
           "    return mdd_fb_vector_field(x.t, %d, 4).count;\n}\n" % fid,
           head % ("uint8_t", c, name + "_type_at", c, ", uint32_t i") +
           "    return mdd_fb_union_vector_tag(x.t, %d, i);\n}\n" % fid]
    for m in u["members"]:
        mc = s.tables[m]["c"]
        out.append(head % ("mdd_" + mc, c, "%s_%s_at" % (name, mc), c, ", uint32_t i") +
                   "    mdd_%s r = {mdd_fb_union_vector_table(x.t, %d, i, %s)};\n    return r;\n}\n"
                   % (mc, fid, enum_const(u, m)))
    return "".join(out)


VIEWS_PREAMBLE = """/* libmdd: typed, zero-copy views of every table of the EcuData FlatBuffer.
 *
 * Each view wraps an mdd_fb_table (or mdd_fb_vector) pointing into the payload buffer: nothing
 * is allocated or copied, and views stay valid as long as the buffer. Every accessor is a
 * static inline call of a bounds-checked read primitive of <mdd/fb.h>, so a view over
 * unverified or corrupt bytes reads absent values and defaults, never out of bounds.
 *
 * Names: table T is mdd_<t>, field F of T is mdd_<t>_<f>(view), with the schema's names in
 * lower case with underscores. A union field F is F_type (the tag) and one accessor per
 * member, mdd_<t>_<member>(view), absent unless the tag names that member. The vector of
 * unions F is F_count, F_type_at(view, i) and F_<member>_at(view, i). Scalars return their
 * schema default when absent; optional scalars (`= null`) return 1 and set *out when present,
 * 0 when absent. Enums come back as the stored byte, so unknown values are kept;
 * mdd_ecu_enum_name() names them. */
#ifndef MDD_ECU_VIEWS_H
#define MDD_ECU_VIEWS_H

#include <mdd/fb.h>

#ifdef __cplusplus
extern "C" {
#endif

"""

ENUM_NAME_DECL = """/* Which enum or union mdd_ecu_enum_name() names. */
typedef enum mdd_ecu_enum {
%s
} mdd_ecu_enum;

/* The schema name of value in enum or union `which` ("NONE" for union tag 0), or NULL for a
 * value the schema does not define. Static storage. */
const char *mdd_ecu_enum_name(mdd_ecu_enum which, uint8_t value);

"""

VEC_FUNCS = """/* The number of elements; 0 when the vector is absent. */
static inline uint32_t mdd_{c}_vec_count(mdd_{c}_vec v) {{ return v.v.count; }}
/* Element i, absent past the end. */
static inline mdd_{c} mdd_{c}_vec_at(mdd_{c}_vec v, uint32_t i)
{{
    mdd_{c} r = {{mdd_fb_vector_table(v.v, i)}};
    return r;
}}
"""

ROOT_FUNC = """
/* The root {name} of buf[0..len); absent when the root offset or its vtable does not fit. */
static inline mdd_{c} mdd_{c}_root(const uint8_t *buf, size_t len)
{{
    mdd_{c} r = {{mdd_fb_root(buf, len)}};
    return r;
}}
"""

VIEWS_END = """
#ifdef __cplusplus
}
#endif

#endif
"""


# ---- src/fb/ecu_schema.h ----

def descriptors_header(s):
    types = [s.tables[n] for n in s.table_order]
    out = [HEADER, SCHEMA_PREAMBLE]
    out.append("/* Every table type, as X(name); type_<name> is its descriptor. */\n")
    out.append("#define FB_ECU_TYPES(X) \\\n")
    out.append(" \\\n".join("    X(%s)" % t["c"] for t in types) + "\n\n")
    out.append("/* The most field ids of one table type. */\n")
    out.append("#define FB_ECU_MAX_IDS %d\n\n" % max(t["id_count"] for t in types))
    out.append(SCHEMA_MEMO)
    for e in s.enum_list():
        values = union_values(e) if e["name"] in s.unions else e["values"]
        out.append("static const char *const enum_%s_names[] = {%s};\n"
                   % (e["c"], ", ".join('"%s"' % v for v in values)))
        out.append('static const fb_enum enum_%s FB_MAYBE_UNUSED = {"%s", %d, enum_%s_names};\n'
                   % (e["c"], e["name"], len(values), e["c"]))
    out.append("\n/* Every enum, then every union's tags, indexed by mdd_ecu_enum. */\n")
    out.append("#define FB_ECU_ENUMS(X) \\\n")
    out.append(" \\\n".join("    X(%s)" % e["c"] for e in s.enum_list()) + "\n\n")
    for u in (s.unions[n] for n in s.union_order):
        out.append("static const fb_type *const union_%s_members[] = {\n    NULL, %s};\n"
                   % (u["c"], ", ".join("&type_" + s.tables[m]["c"] for m in u["members"])))
    out.append("\n")
    for t in types:
        out.append(type_descriptor(s, t))
    out.append("#endif\n")
    return "".join(out)


def type_descriptor(s, t):
    c = t["c"]
    rows = []
    for f in t["fields"]:
        rows.extend(field_rows(s, f))
    if not rows:
        return 'static const fb_type type_%s = {"%s", FB_MEMO_%s, 0, NULL};\n\n' % (c, t["name"], c)
    return ("static const fb_field %s_fields[] = {\n%s};\n"
            'static const fb_type type_%s = {"%s", FB_MEMO_%s, %d, %s_fields};\n\n'
            % (c, "".join("    " + r + ",\n" for r in rows), c, t["name"], c, len(rows), c))


def deprecated(f):
    return ", .deprecated = 1" if f["deprecated"] else ""


def field_rows(s, f):
    kind, fid, name = f["kind"], f["id"], f["name"]
    if kind in ("union", "unions"):
        u = s.unions[f["type"]]
        tag_kind = "FB_SCALAR" if kind == "union" else "FB_SCALARS"
        tag = ('{.name = "%s_type", .id = %d, .kind = %s, .size = %d, .elem_size = 1, '
               '.scalar = FB_UBYTE, .enum_type = &enum_%s}'
               % (name, fid - 1, tag_kind, 1 if kind == "union" else 4, u["c"]))
        value = ('{.name = "%s", .id = %d, .kind = %s, .size = 4, .members = union_%s_members, '
                 '.member_count = %d%s}'
                 % (name, fid, "FB_UNION" if kind == "union" else "FB_UNIONS", u["c"],
                    len(u["members"]) + 1, deprecated(f)))
        return [tag, value]
    base = '{.name = "%s", .id = %d%s, ' % (name, fid, deprecated(f))
    if kind == "string":
        return [base + ".kind = FB_STRING, .size = 4}"]
    if kind == "strings":
        return [base + ".kind = FB_STRINGS, .size = 4}"]
    if kind in ("table", "tables"):
        return [base + ".kind = %s, .size = 4, .type = &type_%s}"
                % ("FB_TABLE" if kind == "table" else "FB_TABLES", s.tables[f["type"]]["c"])]
    _, size, scalar, enum = s.scalar_info(f)
    enum_ref = ", .enum_type = &enum_%s" % enum["c"] if enum else ""
    if kind == "scalars":
        return [base + ".kind = FB_SCALARS, .size = 4, .elem_size = %d, .scalar = %s%s}"
                % (size, scalar, enum_ref)]
    default = f["default"]
    extra = ""
    if default == "null":
        extra = ", .optional = 1"
    elif default == "true":
        extra = ", .default_value = 1"
    elif default not in (None, "false"):
        extra = ", .default_value = %s" % default
    return [base + ".kind = FB_SCALAR, .size = %d, .scalar = %s%s%s}"
            % (size, scalar, enum_ref, extra)]


SCHEMA_PREAMBLE = """/* The EcuData schema as descriptors: the verifier's (verify.c, verify_quick.c, which each
 * specialize their walk per type and so need the descriptors' contents in the same translation
 * unit) and the dump walker's (names, scalar types, defaults, enum names). */
#ifndef MDD_FB_ECU_SCHEMA_H
#define MDD_FB_ECU_SCHEMA_H

#include <mdd_internal/fb.h>

/* An enum that no field uses is still described, for mdd_ecu_enum_name(). */
#define FB_MAYBE_UNUSED __attribute__((unused))

"""

SCHEMA_MEMO = """#define FB_MEMO_ID(name) FB_MEMO_##name,
enum { FB_MEMO_BEFORE_KNOWN = FB_MEMO_GENERIC, FB_ECU_TYPES(FB_MEMO_ID) FB_MEMO_END };
#undef FB_MEMO_ID

#define FB_DECLARE_TYPE(name) static const fb_type type_##name;
FB_ECU_TYPES(FB_DECLARE_TYPE)
#undef FB_DECLARE_TYPE

/* The type of tables the schema does not describe (a union tag it does not know). */
static const fb_type fb_generic_type = {"table", FB_MEMO_GENERIC, 0, NULL};

"""


# ---- src/include/mdd_internal/ecu_fields.h ----

def fields_header(s):
    out = [HEADER, FIELDS_PREAMBLE]
    for name in s.table_order:
        t = s.tables[name]
        up = t["c"].upper()
        entries = []
        for f in t["fields"]:
            if f["kind"] in ("union", "unions"):
                entries.append("FID_%s_%s_TYPE = %d" % (up, f["name"].upper(), f["id"] - 1))
            entries.append("FID_%s_%s = %d" % (up, f["name"].upper(), f["id"]))
        entries.append("FIDS_%s = %d" % (up, t["id_count"]))
        out.append("/* %s */\nenum {\n%s\n};\n" % (name, ",\n".join("    " + e for e in entries)))
    out.append("\n#endif\n")
    return "".join(out)


FIELDS_PREAMBLE = """/* Field ids of the EcuData schema, for code that lays out payloads (the corpus generator and
 * the tests' builders) and for readers that take a table's fields by id (the UDS codec reads
 * them through one header check): FID_<TABLE>_<FIELD>, and FIDS_<TABLE>, the number of ids of
 * the table. A union field takes two ids: FID_..._TYPE, its tag, then the value. Code outside
 * the generated files names every field id so (scripts/check-field-ids.py). */
#ifndef MDD_INTERNAL_ECU_FIELDS_H
#define MDD_INTERNAL_ECU_FIELDS_H

"""


# ---- fuzz/ecu_views_walk.h ----

def walk_header(s):
    out = [HEADER, WALK_PREAMBLE]
    for name in s.table_order:
        out.append("static void walk_%s(views_walk *w, mdd_%s x);\n" % ((s.tables[name]["c"],) * 2))
    for name in s.table_order:
        t = s.tables[name]
        c = t["c"]
        out.append("\nstatic void walk_%s(views_walk *w, mdd_%s x)\n{\n" % (c, c))
        out.append("    if (!walk_enter(w, x.t))\n        return;\n")
        for f in t["fields"]:
            if not f["deprecated"]:
                out.append(walk_field(s, c, f))
        out.append("    w->depth--;\n}\n")
    out.append(WALK_ROOT.format(c=s.tables[s.root]["c"]))
    return "".join(out)


def walk_field(s, c, f):
    acc = "mdd_%s_%s" % (c, f["name"])
    kind = f["kind"]
    if kind == "string":
        return "    walk_bytes(w, %s(x));\n" % acc
    if kind == "table":
        return "    walk_%s(w, %s(x));\n" % (s.tables[f["type"]]["c"], acc)
    if kind in ("tables", "strings"):
        elem = "mdd_%s_vec" % s.tables[f["type"]]["c"] if kind == "tables" else "mdd_string_vec"
        visit = ("walk_%s(w, %s_at(v, i))" % (s.tables[f["type"]]["c"], elem) if kind == "tables"
                 else "walk_bytes(w, mdd_string_vec_at(v, i))")
        past = ("walk_%s(w, %s_at(v, n))" % (s.tables[f["type"]]["c"], elem) if kind == "tables"
                else "walk_bytes(w, mdd_string_vec_at(v, n))")
        return ("    {\n        %s v = %s(x);\n        uint32_t n = %s_count(v);\n"
                "        for (uint32_t i = 0; i < n && i < WALK_MAX_ELEMENTS; i++)\n"
                "            %s;\n        %s;\n    }\n" % (elem, acc, elem, visit, past))
    if kind == "scalars":
        ctype, size, _, _ = s.scalar_info(f)
        if size == 1:
            return "    walk_bytes(w, %s(x));\n" % acc
        vec, sink = ("mdd_f64_vec", "walk_double") if ctype == "double" else ("mdd_u32_vec", "")
        return ("    {\n        %s v = %s(x);\n"
                "        for (uint32_t i = 0; i <= %s_count(v) && i < WALK_MAX_ELEMENTS; i++)\n"
                "            w->sink += %s(%s_at(v, i));\n    }\n" % (vec, acc, vec, sink, vec))
    if kind == "scalar":
        ctype, _, _, _ = s.scalar_info(f)
        if f["default"] == "null":
            vtype = "uint8_t" if ctype in ("uint8_t", "int8_t") else ctype
            return ("    {\n        %s v = 0;\n        if (%s(x, &v))\n"
                    "            w->sink += %s(v) + 1;\n    }\n" % (vtype, acc, sink_of(ctype)))
        return "    w->sink += %s(%s(x));\n" % (sink_of(ctype), acc)
    u = s.unions[f["type"]]
    if kind == "union":
        out = ["    w->sink += %s_type(x);\n" % acc]
        for m in u["members"]:
            mc = s.tables[m]["c"]
            out.append("    walk_%s(w, mdd_%s_%s(x));\n" % (mc, c, mc))
        return "".join(out)
    out = ["    for (uint32_t i = 0; i <= %s_count(x) && i < WALK_MAX_ELEMENTS; i++) {\n" % acc,
           "        w->sink += %s_type_at(x, i);\n" % acc]
    for m in u["members"]:
        mc = s.tables[m]["c"]
        out.append("        walk_%s(w, %s_%s_at(x, i));\n" % (mc, acc, mc))
    out.append("    }\n")
    return "".join(out)


def sink_of(ctype):
    """How walk code adds a scalar to its sink: doubles by their bits, which any value has."""
    return "walk_double" if ctype == "double" else "(uint64_t)"


WALK_PREAMBLE = """/* Calls every accessor of the typed views (include/mdd/ecu_views.h), from a root down, within
 * a budget of tables and a depth: the fuzz target fuzz_ecu_views.c runs it over unverified
 * bytes, so that every generated accessor meets hostile input. One element past the end of
 * each vector is read too, which must come back absent. */
#ifndef MDD_FUZZ_ECU_VIEWS_WALK_H
#define MDD_FUZZ_ECU_VIEWS_WALK_H

#include <mdd/ecu.h>

#include <stdlib.h>
#include <string.h>

/* Elements visited per vector, so that one long vector does not take the whole budget. */
#define WALK_MAX_ELEMENTS 16

typedef struct views_walk {
    const uint8_t *buf; /* the bytes walked: every view must lie inside them */
    size_t len;
    uint32_t budget; /* tables still to visit */
    uint32_t depth;
    uint32_t max_depth;
    uint64_t sink; /* what was read, so that no read is optimised away */
} views_walk;

static void walk_bytes(views_walk *w, mdd_bytes b)
{
    if (b.ptr && (b.ptr < w->buf || b.len > w->len || (size_t)(b.ptr - w->buf) > w->len - b.len))
        abort();
    w->sink += b.len + (b.ptr && b.len ? b.ptr[0] + b.ptr[b.len - 1] : 0);
}

static uint64_t walk_double(double d)
{
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    return bits;
}

/* Whether to visit the table t: present, within the budget and the depth. */
static int walk_enter(views_walk *w, mdd_fb_table t)
{
    if (!t.pos)
        return 0;
    if (t.buf != w->buf || t.len != w->len || t.pos >= w->len)
        abort();
    if (w->budget == 0 || w->depth >= w->max_depth)
        return 0;
    w->budget--;
    w->depth++;
    return 1;
}

"""

WALK_ROOT = """
/* Walks buf[0..len) from its root, visiting at most budget tables; aborts when a view lies
 * outside the bytes. */
static inline uint64_t walk_views(const uint8_t *buf, size_t len, uint32_t budget,
                                  uint32_t max_depth)
{{
    views_walk w = {{.buf = buf, .len = len, .budget = budget, .max_depth = max_depth}};
    walk_{c}(&w, mdd_{c}_root(buf, len));
    return w.sink;
}}

#endif
"""


OUTPUTS = {
    "include/mdd/ecu_views.h": views_header,
    "src/fb/ecu_schema.h": descriptors_header,
    "src/include/mdd_internal/ecu_fields.h": fields_header,
    "fuzz/ecu_views_walk.h": walk_header,
}


def wrap_line(line, width=99):
    """Breaks a generated line longer than width: a function head after its return type, a
    call before its last argument that fits."""
    if len(line) <= width:
        return line
    m = re.match(r"(static inline \S+) (mdd_\w+\(.*)$", line)
    if m:
        return m.group(1) + "\n" + m.group(2)
    cut = line.rfind(", ", 0, width)
    if cut < 0:
        return line
    indent = " " * (len(line) - len(line.lstrip()) + 4)
    return line[:cut + 1] + "\n" + wrap_line(indent + line[cut + 2:], width)


def format_c(text):
    return "\n".join(wrap_line(line) for line in text.split("\n"))


def main(argv):
    check = "--check" in argv
    args = [a for a in argv[1:] if a != "--check"]
    if len(args) != 2:
        sys.stderr.write("usage: generate.py [--check] SCHEMA OUT_DIR\n")
        return 2
    schema_path, out_dir = Path(args[0]), Path(args[1])
    try:
        schema = Schema(schema_path.read_text())
    except SchemaError as e:
        sys.stderr.write("%s: %s\n" % (schema_path, e))
        return 1
    stale = []
    for rel, gen in OUTPUTS.items():
        text = format_c(gen(schema))
        path = out_dir / rel
        old = path.read_text() if path.exists() else None
        if old == text:
            continue
        if check:
            stale.append(rel)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
    if stale:
        sys.stderr.write("generated code is stale (run `make generate`): %s\n" % ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
