# SPDX-License-Identifier: Apache-2.0
"""The binding's declarations against the installed headers they mirror: the field ids of the
typed views it reads (include/mdd/ecu_views.h), the enums it names, the status codes of its
error classes (include/mdd/status.h) and that every function it calls is in the core tier."""
import re

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
    # The sizes of the structs the library fills (64-bit layouts of the C declarations).
    assert _lib.ctypes.sizeof(_lib.Error) == 4 + 384
    assert _lib.ctypes.sizeof(_lib.DbService) == 24 + 16
    assert _lib.ctypes.sizeof(_lib.ComParam) == 16 + 16 + 3 * 24 + 8
    assert _lib.ctypes.sizeof(_lib.SdgNode) == 8 + 2 * 24
    assert _lib.ctypes.sizeof(_lib.UdsOptions) == 24
