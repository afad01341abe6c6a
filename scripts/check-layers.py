#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks the layers of docs/architecture.md against the #include lines of the sources.

    check-layers.py TOP      exit 0 when they agree; otherwise one line per fault, exit 1
    check-layers.py --edges TOP    the edges the includes make, "LAYER -> LAYER" a line

The table under "## Layers" is the one description: its "directory" column says which files
make a layer (a directory, or a file pattern inside another's directory that wins over it),
its "public header" column which headers of include/mdd/ and src/include/mdd_internal/ it
owns, its "depends on" column which layers it uses (the names of layers in the column; "the
public API" lets the tool include every public header). Every file of a layer (its sources,
its private headers, the headers it owns) is read; each include of a header another layer owns
is an edge, and the edges must be exactly those the table lists. Besides:

- a quoted include names a private header of the file's own layer, in the file's directory or
  below it, or else in its layer's directory or below it, which the build puts on the include
  path (never "../");
- a layer's internal interface is the one header mdd_internal/LAYER.h; any other header of
  src/include/mdd_internal/ a row names (a generated part) is included by that header alone;
- every header of include/mdd/ and src/include/mdd_internal/ belongs to one row (mdd.h, which
  includes every public header, is the tool's alone);
- no layer but the tool includes <mdd/mdd.h>.
"""
import fnmatch
import os
import re
import sys

UMBRELLA = "mdd.h"
TOOL = "tool"
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


class Layer:
    def __init__(self, name):
        self.name = name
        self.dirs = []       # directories whose files are the layer's
        self.patterns = []   # file patterns inside another layer's directory
        self.public = set()  # include/mdd/ header names
        self.internal = set()  # src/include/mdd_internal/ header names
        self.deps = set()
        self.public_api = False


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def read_table(doc_path):
    """The layers of the table under "## Layers", by name, in the table's order."""
    with open(doc_path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    try:
        start = lines.index("## Layers")
    except ValueError:
        sys.exit(f"{doc_path}: no '## Layers' section")
    header = None
    rows = []
    for i in range(start + 1, len(lines)):
        line = lines[i]
        if line.startswith("## "):
            break
        if not line.startswith("|"):
            if rows:
                break
            continue
        if header is None:
            header = [c.lower() for c in cells(line)]
            continue
        if re.fullmatch(r"\|[-| :]+\|", line.strip()):
            continue
        rows.append((i + 1, cells(line)))
    for column in ("layer", "directory", "public header", "depends on"):
        if header is None or column not in header:
            sys.exit(f"{doc_path}: the layer table has no '{column}' column")
    col = {name: header.index(name) for name in header}
    layers = {}
    for number, row in rows:
        if len(row) != len(header):
            sys.exit(f"{doc_path}:{number}: {len(row)} cells, the header has {len(header)}")
        layer = Layer(row[col["layer"]].strip("`"))
        for path in re.findall(r"`([^`]+)`", row[col["directory"]]):
            if "/" not in path:  # a library's name, not a place
                continue
            (layer.patterns if "*" in path else layer.dirs).append(path.rstrip("/"))
        if not layer.dirs:
            sys.exit(f"{doc_path}:{number}: layer {layer.name} names no directory")
        for name in re.findall(r"`([^`]+\.h)`", row[col["public header"]]):
            if name.startswith("mdd_internal/"):
                layer.internal.add(name[len("mdd_internal/"):])
            else:
                layer.public.add(name)
        layers[layer.name] = layer
        layers[layer.name].deps_text = row[col["depends on"]]
    for layer in layers.values():
        words = set(re.findall(r"[a-z_]+", layer.deps_text.replace("`", " ")))
        layer.deps = {w for w in words if w in layers and w != layer.name}
        layer.public_api = "public API" in layer.deps_text
    return layers


def layer_of(path, layers):
    """The layer whose file path (relative to the top) is, or None; a pattern beats a
    directory."""
    for layer in layers.values():
        if any(fnmatch.fnmatch(path, p) for p in layer.patterns):
            return layer.name
    best = None
    for layer in layers.values():
        for d in layer.dirs:
            if path.startswith(d + "/") and (best is None or len(d) > len(best[1])):
                best = (layer.name, d)
    return best[0] if best else None


def owners(layers, kind):
    table = {}
    for layer in layers.values():
        for name in getattr(layer, kind):
            table[name] = layer.name
    return table


def sources(top, layers):
    """Every file of a layer: the .c and .h files under its directories, and the headers it
    owns, as (path relative to top, layer)."""
    found = []
    for layer in layers.values():
        for d in layer.dirs:
            for root, _, files in os.walk(os.path.join(top, d)):
                for name in sorted(files):
                    if name.endswith((".c", ".h")):
                        path = os.path.relpath(os.path.join(root, name), top)
                        owner = layer_of(path, layers)
                        if owner == layer.name:
                            found.append((path, owner))
    for kind, base in (("public", "include/mdd"), ("internal", "src/include/mdd_internal")):
        for name, owner in owners(layers, kind).items():
            found.append((f"{base}/{name}", owner))
    return sorted(set(found))


def resolve_quoted(top, path, name, layer):
    """The file a quoted include of path names, relative to top: beside path, or else under
    the layer directory path is in (as the compiler searches the include path); beside path
    when neither exists."""
    beside = os.path.normpath(os.path.join(os.path.dirname(path), name))
    if os.path.exists(os.path.join(top, beside)):
        return beside
    for d in layer.dirs:
        if path.startswith(d + "/"):
            under = os.path.normpath(os.path.join(d, name))
            if os.path.exists(os.path.join(top, under)):
                return under
    return beside


def check(top):
    doc = "docs/architecture.md"
    layers = read_table(os.path.join(top, doc))
    public = owners(layers, "public")
    internal = owners(layers, "internal")
    faults = []
    edges = {}

    for kind, base, table in (("public", "include/mdd", public),
                              ("internal", "src/include/mdd_internal", internal)):
        for name in sorted(os.listdir(os.path.join(top, base))):
            if name.endswith(".h") and name not in table and name != UMBRELLA:
                faults.append(f"{base}/{name}: a {kind} header no layer of the table owns")
    for layer in layers.values():
        interface = f"{layer.name}.h"
        if layer.internal and interface not in layer.internal:
            faults.append(f"{doc}: layer {layer.name}: its internal headers "
                          f"({', '.join(sorted(layer.internal))}) do not include "
                          f"mdd_internal/{interface}, its interface")

    for path, layer in sources(top, layers):
        full = os.path.join(top, path)
        if not os.path.exists(full):
            faults.append(f"{path}: named in the table of {doc} but missing")
            continue
        with open(full, encoding="utf-8") as f:
            lines = f.read().splitlines()
        for number, line in enumerate(lines, 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            where = f"{path}:{number}"
            quoted, name = m.group(1) == '"', m.group(2)
            if quoted:
                target = resolve_quoted(top, path, name, layers[layer])
                owner = layer_of(target, layers)
                if name.startswith("../") or "/../" in name:
                    faults.append(f"{where}: {layer} includes \"{name}\": no include climbs "
                                  "out of its directory")
                if not os.path.exists(os.path.join(top, target)):
                    faults.append(f"{where}: {layer} includes \"{name}\", but there is no "
                                  f"{target}")
                elif owner != layer:
                    faults.append(f"{where}: {layer} includes {target}, a private header "
                                  f"of {owner or 'no layer'}")
                if owner is not None and owner != layer:
                    edges.setdefault((layer, owner), where)
                continue
            if name.startswith("mdd/"):
                header = name[len("mdd/"):]
                if header == UMBRELLA:
                    if layer != TOOL:
                        faults.append(f"{where}: {layer} includes <mdd/mdd.h>, every layer's "
                                      "header: include those it uses")
                    continue
                owner = public.get(header)
                if owner is None:
                    faults.append(f"{where}: <{name}> belongs to no layer of the table")
                    continue
                if owner != layer and not layers[layer].public_api:
                    edges.setdefault((layer, owner), where)
            elif name.startswith("mdd_internal/"):
                header = name[len("mdd_internal/"):]
                owner = internal.get(header)
                if owner is None:
                    faults.append(f"{where}: <{name}> belongs to no layer of the table")
                    continue
                interface = f"src/include/mdd_internal/{owner}.h"
                if header != f"{owner}.h" and path != interface:
                    faults.append(f"{where}: {layer} includes <{name}>, a part of {owner}'s "
                                  f"internal interface: include <mdd_internal/{owner}.h>")
                if owner != layer:
                    edges.setdefault((layer, owner), where)
    for (user, used), where in sorted(edges.items()):
        if used not in layers[user].deps:
            faults.append(f"{where}: {user} uses {used}, which the table of {doc} does not "
                          f"list among {user}'s dependencies")
    for layer in layers.values():
        for dep in sorted(layer.deps):
            if (layer.name, dep) not in edges:
                faults.append(f"{doc}: {layer.name} lists {dep} among its dependencies, "
                              "but includes none of its headers")
    return faults, edges


def main(argv):
    if len(argv) == 3 and argv[1] == "--edges":
        _, edges = check(argv[2])
        for user, used in sorted(edges):
            print(f"{user} -> {used}")
        return 0
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    faults, edges = check(argv[1])
    for fault in faults:
        print(fault)
    if faults:
        return 1
    print(f"layers: {len(edges)} edges between layers, all in the table")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
