#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks that code above the FlatBuffers layer names every field id by its generated name.

    check-field-ids.py TOP

A function takes a field id when it is a primitive of the FlatBuffers layer (mdd_fb_*() or
fb_*(), read or build) with a `uint32_t id` parameter, or a function of the project that
passes a `uint32_t id` (or `uint32_t <name>_id`) parameter of its own on, as a field id, to
one that takes it. Every call of such a function in TOP/src, TOP/include and TOP/tools passes,
in that place:
  - a FID_* name of src/include/mdd_internal/ecu_fields.h (generated from schema/ecu_data.fbs),
    or a choice between two of them (cond ? FID_A : FID_B);
  - a field-id parameter of the caller (`id`, `<name>_id`), whose callers are checked in turn;
  - or a descriptor's id (`d->id`, the generated src/fb/ecu_schema.h) in a walker the
    descriptors drive, `d->id - 1u` for the tag of its union (where FlatBuffers puts it).
An integer literal or a hand-made constant (or arithmetic on one) is a bare field id: it
repeats a fact of the schema that the generator owns and goes stale silently when the schema
changes. Nor does any file but the generator's define a FID_* name of its own. Exempt: the
files the generator writes, and the bodies of the primitives, which take ids from their
callers. Prints one line `path:line: reason` for each fault and exits 1 when there is any.
"""
import re
import sys
from pathlib import Path

SCANNED = ("src", "include", "tools")
GENERATED_MARK = "Generated from schema/ecu_data.fbs by schema/generate.py"

PRIMITIVE = re.compile(r"^(?:mdd_fb|fb)_[a-z0-9_]+$")
ID_PARAM = re.compile(r"^(?:const\s+)?uint32_t\s+(id|[a-z][a-z0-9_]*_id)$")
FID = r"FID_[A-Z0-9_]+"
NAMED_ID = re.compile(r"^(?:{0}|.+\?\s*{0}\s*:\s*{0}|id|[a-z][a-z0-9_]*_id|"
                      r"(?:\(uint32_t\)\s*)?[a-z][a-z0-9_]*(?:->|\.)id(?:\s*-\s*1u?)?)$".format(FID))
FID_DEFINITION = re.compile(r"#\s*define\s+(FID_[A-Z0-9_]+)|\b(FID_[A-Z0-9_]+)\s*=(?!=)")
CALL = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*)\s*\(")
# Comments, string and character literals, in one pass so that each hides the others.
NOISE = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)


def blank(m):
    """The match with everything but its newlines as spaces: line numbers stay true."""
    return re.sub(r"[^\n]", " ", m.group(0))


def closing(text, opening):
    """The offset after the bracket that closes the one at opening, or None."""
    depth = 0
    for i in range(opening, len(text)):
        if text[i] in "([{":
            depth += 1
        elif text[i] in ")]}":
            depth -= 1
            if depth == 0:
                return i + 1
    return None


def arguments(text, open_paren, end):
    """The top-level arguments of the parenthesis at open_paren, closed before end, each
    with its offset."""
    depth, start, args = 0, open_paren + 1, []
    for i in range(open_paren, end):
        c = text[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 1:
            args.append((text[start:i], start))
            start = i + 1
    args.append((text[start:end - 1], start))
    return args


def squeeze(arg):
    return " ".join(arg.split())


class Source:
    """One file's code (comments and literals blanked): its calls and its functions that
    have field-id parameters."""

    def __init__(self, rel, text):
        self.rel, self.text = rel, text
        self.calls = []      # (name, [(arg, offset)])
        self.functions = []  # (name, is_local, {index: parameter}, body)
        self.layer = []      # the bodies of the FlatBuffers layer's own functions
        for m in CALL.finditer(text):
            end = closing(text, m.end() - 1)
            if end is None:
                continue
            args = arguments(text, m.end() - 1, end)
            params = {i: ID_PARAM.match(squeeze(a)).group(1)
                      for i, (a, _) in enumerate(args) if ID_PARAM.match(squeeze(a))}
            rest = text[end:].lstrip()
            body = ""
            if rest.startswith("{"):
                brace = len(text) - len(rest)
                body_end = closing(text, brace) or len(text)
                body = text[brace:body_end]
                if PRIMITIVE.match(m.group(1)):
                    self.layer.append((brace, body_end))
            if not params:
                self.calls.append((m.group(1), args))
                continue
            head = re.split(r"[;{}]", text[:m.start()])[-1]
            # A static function of a header is seen by every file that includes it.
            local = rel.endswith(".c") and re.search(r"\bstatic\b", head) is not None
            self.functions.append((m.group(1), local, params, body))


def sources_of(top):
    sources = []
    for part in SCANNED:
        for path in sorted((top / part).rglob("*")):
            if path.suffix not in (".c", ".h") or not path.is_file():
                continue
            raw = path.read_text(encoding="utf-8", errors="replace")
            if GENERATED_MARK not in raw[:400]:
                sources.append(Source(path.relative_to(top).as_posix(), NOISE.sub(blank, raw)))
    return sources


def passes_on(body, param, takers):
    """Whether body passes its parameter param on to a function that takes a field id
    there."""
    for m in CALL.finditer(body):
        places = takers.get(m.group(1))
        end = closing(body, m.end() - 1)
        if places and end:
            args = arguments(body, m.end() - 1, end)
            if any(i < len(args) and squeeze(args[i][0]) == param for i in places):
                return True
    return False


def id_takers(sources):
    """{file: {function: argument places}}: what takes a field id where, as each file sees
    it (the static functions of a .c file hide others of the same name)."""
    shared, own = {}, {s.rel: {} for s in sources}
    for s in sources:
        for name, is_local, params, _ in s.functions:
            if PRIMITIVE.match(name):
                (own[s.rel] if is_local else shared).setdefault(name, set()).update(params)
    changed = True
    while changed:
        changed = False
        for s in sources:
            seen = {**shared, **own[s.rel]}
            for name, is_local, params, body in s.functions:
                table = own[s.rel] if is_local else shared
                for i, param in params.items():
                    if i not in table.get(name, ()) and passes_on(body, param, seen):
                        table.setdefault(name, set()).add(i)
                        changed = True
    return {s.rel: {**shared, **own[s.rel]} for s in sources}


def bare_ids(source, takers):
    for name, args in source.calls:
        for i in sorted(takers.get(name, ())):
            if i >= len(args):
                continue
            arg, offset = args[i]
            if any(start <= offset < end for start, end in source.layer):
                continue
            if not NAMED_ID.match(squeeze(arg)):
                line = source.text.count("\n", 0, offset + len(arg) - len(arg.lstrip())) + 1
                yield "%s:%d: %s() takes field id '%s': name it FID_* " \
                      "(mdd_internal/ecu_fields.h, generated from schema/ecu_data.fbs)" % (
                          source.rel, line, name, squeeze(arg))


def own_fids(source):
    for m in FID_DEFINITION.finditer(source.text):
        yield "%s:%d: defines field id %s by hand: its value comes from schema/ecu_data.fbs " \
              "through schema/generate.py" % (source.rel, source.text.count("\n", 0, m.start()) + 1,
                                               m.group(1) or m.group(2))


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: check-field-ids.py TOP\n")
        return 2
    top = Path(argv[1])
    if not (top / "src").is_dir():
        sys.stderr.write("check-field-ids.py: %s: no src directory\n" % top)
        return 2
    sources = sources_of(top)
    takers = id_takers(sources)
    found = [line for s in sources
             for line in list(own_fids(s)) + list(bare_ids(s, takers[s.rel]))]
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
