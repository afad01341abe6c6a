# SPDX-License-Identifier: Apache-2.0
"""The typed views of include/mdd/ecu_views.h that the binding reads. They are static inline
functions in C, each one call of a read primitive of include/mdd/fb.h with a field id; the
binding makes the same calls. FIELDS lists them by the C function's name, and the tests check
every entry against the header."""
from ctypes import byref, c_uint32

from ._lib import lib, text

# mdd_<name> of ecu_views.h: (the primitive it calls, the field id).
FIELDS = {
    "diag_service_diag_comm": ("table", 0),
    "diag_comm_short_name": ("string", 0),
    "diag_comm_semantic": ("string", 2),
    "diag_layer_short_name": ("string", 0),
    "diag_layer_sdgs": ("table", 8),
    "variant_is_base_variant": ("u8", 1),
    "ecu_data_version": ("string", 0),
    "dtc_short_name": ("string", 0),
    "dtc_trouble_code": ("u32", 1),
    "dtc_display_trouble_code": ("string", 2),
    "dtc_text": ("table", 3),
    "dtc_level": ("opt_u32", 4),
    "text_value": ("string", 0),
    "state_chart_short_name": ("string", 0),
    "state_chart_semantic": ("string", 1),
    "state_chart_state_transitions": ("vector", 2),
    "state_chart_start_state_short_name_ref": ("string", 3),
    "state_chart_states": ("vector", 4),
    "state_short_name": ("string", 0),
    "state_transition_short_name": ("string", 0),
    "state_transition_source_short_name_ref": ("string", 1),
    "state_transition_target_short_name_ref": ("string", 2),
    "sdg_caption_sn": ("string", 0),
    "sdg_si": ("string", 2),
    "sd_value": ("string", 0),
    "sd_si": ("string", 1),
    "sd_ti": ("string", 2),
    "com_param_param_class": ("string", 3),
    "com_param_cp_type": ("u8", 4),
    "com_param_display_level": ("opt_u32", 5),
    "com_param_cp_usage": ("u8", 6),
}


def _id(name, kind):
    primitive, field = FIELDS[name]
    assert primitive == kind, name
    return field


def string(t, name):
    """The string field name of table view t, as str (None when absent)."""
    return text(lib.mdd_fb_string_field(t, _id(name, "string")))


def table(t, name):
    return lib.mdd_fb_table_field(t, _id(name, "table"))


def u8(t, name):
    return lib.mdd_fb_u8(t, _id(name, "u8"), 0)


def u32(t, name):
    return lib.mdd_fb_u32(t, _id(name, "u32"), 0)


def opt_u32(t, name):
    """An optional scalar: its value, or None when absent."""
    out = c_uint32()
    return out.value if lib.mdd_fb_opt_u32(t, _id(name, "opt_u32"), byref(out)) else None


def tables(t, name):
    """The elements of a vector of tables (4-byte offsets)."""
    v = lib.mdd_fb_vector_field(t, _id(name, "vector"), 4)
    return [lib.mdd_fb_vector_table(v, i) for i in range(v.count)]
