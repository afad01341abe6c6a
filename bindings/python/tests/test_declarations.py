# SPDX-License-Identifier: Apache-2.0
"""The binding's declarations against the installed headers they mirror: the field ids of the
typed views it reads (include/mdd/ecu_views.h), the enums it names, the status codes of its
error classes (include/mdd/status.h) and that every function it calls is in the core tier."""
import os
import re

import pytest

from conftest import ROOT

import mdd
from mdd import _lib, _views, errors

INCLUDE = ROOT / "include" / "mdd"
PRIMITIVES = {"string": "mdd_fb_string_field", "table": "mdd_fb_table_field",
              "vector": "mdd_fb_vector_field", "u8": "mdd_fb_u8", "u32": "mdd_fb_u32",
              "opt_u32": "mdd_fb_opt_u32"}


def test_view_fields_match_the_header():
    header = (INCLUDE / "ecu_views.h").read_text()
    for name, (primitive, field) in _views.FIELDS.items():
        m = re.search(r"static inline [\w ]+ mdd_%s\(mdd_\w+ x(?:, [^)]*)?\)\n\{\n"
                      r"(?:    mdd_\w+ r = \{|    return )(mdd_fb_\w+)\(x\.t, (\d+)" % name,
                      header)
        assert m, f"mdd_{name} is not in ecu_views.h"
        assert (m.group(1), int(m.group(2))) == (PRIMITIVES[primitive], field), name


def test_enums_match_the_header():
    header = (INCLUDE / "ecu_views.h").read_text()
    body = re.search(r"typedef enum mdd_ecu_enum \{(.*?)\}", header, re.S).group(1)
    names = re.findall(r"MDD_ENUM_(\w+)", body)
    assert names.index("COM_PARAM_STANDARDISATION_LEVEL") == \
        _lib.ENUM_COM_PARAM_STANDARDISATION_LEVEL
    assert names.index("COM_PARAM_USAGE") == _lib.ENUM_COM_PARAM_USAGE


def test_error_classes_match_the_status_codes():
    header = (INCLUDE / "status.h").read_text()
    body = re.search(r"typedef enum mdd_status \{(.*?)\} mdd_status;", header, re.S).group(1)
    codes = re.findall(r"\bMDD_(OK|ERR_\w+)", body)
    assert codes[0] == "OK"
    classes = {cls.status: cls for cls in mdd.Error.__subclasses__() if cls.status}
    assert sorted(classes) == list(range(1, len(codes)))
    for status, code in enumerate(codes[1:], 1):
        assert errors.from_status(status, "m").status == status
        words = code[len("ERR_"):].replace("_", "").lower()
        assert classes[status].__name__.lower().startswith(words[:4]), (code, classes[status])


def test_every_function_is_in_the_core_tier():
    symbols = (ROOT / "docs" / "libmdd.sym").read_text().split("\n")
    core = {line.split()[1] for line in symbols if line.startswith("MDD_0.1 ")}
    assert set(_lib._PROTOTYPES) <= core, set(_lib._PROTOTYPES) - core


def test_struct_sizes_are_the_headers():
    # The sizes of the structs the library fills, from the C declarations: P is a pointer's
    # (and size_t's) size; an mdd_fb_table is a pointer, a size_t and a uint32_t padded to P.
    p = _lib.ctypes.sizeof(_lib.ctypes.c_void_p)
    table = 3 * p
    assert _lib.ctypes.sizeof(_lib.Table) == table
    assert _lib.ctypes.sizeof(_lib.Error) == 4 + 384
    assert _lib.ctypes.sizeof(_lib.DbService) == table + 2 * p
    assert _lib.ctypes.sizeof(_lib.ComParam) == 2 * (2 * p) + 3 * table + p
    assert _lib.ctypes.sizeof(_lib.SdgNode) == p + 2 * table
    assert _lib.ctypes.sizeof(_lib.UdsOptions) == p + 8 + p
    assert _lib.ctypes.sizeof(_lib.UdsIdentifyRequest) == p + table + 2 * p


# The C side of every struct the binding declares in full: (ctypes struct, C type).
_FULL = [("Bytes", "mdd_bytes"), ("Error", "mdd_error"), ("Table", "mdd_fb_table"),
         ("Vector", "mdd_fb_vector"), ("RequestPrefix", "mdd_request_prefix"),
         ("DbService", "mdd_db_service"), ("ServiceQuery", "mdd_db_service_query"),
         ("Buffer", "mdd_buffer"), ("Sink", "mdd_sink"), ("UdsOptions", "mdd_uds_options"),
         ("UdsMessage", "mdd_uds_message"), ("UdsExchange", "mdd_uds_exchange"),
         ("UdsIdentity", "mdd_uds_identity"), ("UdsIdentifyRequest", "mdd_uds_identify_request"),
         ("StateChart", "mdd_state_chart"), ("SdgNode", "mdd_sdg_node"),
         ("ComParam", "mdd_comparam"), ("ComParamVisitor", "mdd_comparam_visitor")]
# Options structs the binding declares through the fields it sets: (ctypes struct, C type).
_PREFIXES = [("StoreOptions", "mdd_store_options"), ("DbOptions", "mdd_db_options")]


def test_struct_layouts_match_the_compiler(tmp_path):
    """Every field's offset and size and every struct's size as the C compiler lays them out
    from the installed headers (skipped without a compiler)."""
    import shutil
    import subprocess
    cc = shutil.which(os.environ.get("CC", "cc"))
    if cc is None:
        pytest.skip("no C compiler to lay the structs out")
    lines, want = [], []
    for py, c in _FULL + _PREFIXES:
        struct = getattr(_lib, py)
        if (py, c) in _FULL:
            lines.append(f'printf("%zu\\n", sizeof({c}));')
            want.append(_lib.ctypes.sizeof(struct))
        for name, ctype in struct._fields_:
            field = getattr(struct, name)
            # A prefix's nested options are prefixes too: their offsets must match, not sizes.
            size = "0" if issubclass(ctype, _lib.Structure) and (py, c) in _PREFIXES else \
                f"sizeof((({c} *)0)->{name})"
            lines.append(f'printf("%zu %zu\\n", offsetof({c}, {name}), (size_t){size});')
            want.append(f"{field.offset} {0 if size == '0' else field.size}")
    src = tmp_path / "layout.c"
    src.write_text("#include <mdd/mdd.h>\n#include <stddef.h>\n#include <stdio.h>\n"
                   "int main(void)\n{\n" + "\n".join(lines) + "\nreturn 0;\n}\n")
    subprocess.run([cc, "-std=c11", "-I", str(ROOT / "include"), "-o", str(tmp_path / "layout"),
                    str(src)], check=True)
    out = subprocess.run([str(tmp_path / "layout")], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out == [str(w) for w in want]
