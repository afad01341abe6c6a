# SPDX-License-Identifier: Apache-2.0
"""A layer's facts beyond services, copied into Python values in the shapes of the tool's
JSON: state charts and SDGs (include/mdd/query.h), ComParams (include/mdd/comparams.h).
Each function takes the layer's handle while its database is held open (Layer._call)."""
from ctypes import byref, c_size_t, c_uint32

from . import _views
from ._lib import (COMPARAM_BEGIN, COMPARAM_END, COMPARAM_SIMPLE,
                   ENUM_COM_PARAM_STANDARDISATION_LEVEL, ENUM_COM_PARAM_USAGE, ComParam,
                   ComParamVisitor, SdgNode, StateChart)
from ._lib import Error as CError
from ._lib import lib, name_arg, text
from .errors import check


def _all(fn, item, count_type, *args):
    """The whole list a call of query.h's kind returns: asks for the total, then takes it."""
    total = count_type()
    err = CError()
    check(fn(*args, None, 0, byref(total), byref(err)), err)
    out = (item * max(total.value, 1))()
    check(fn(*args, out, total.value, byref(total), byref(err)), err)
    return out[:total.value]


def state_charts(layer):
    charts = _all(lib.mdd_db_layer_state_charts, StateChart, c_uint32, layer)
    return [_state_chart(c.t) for c in charts]


def _state_chart(t):
    return {
        "name": _views.string(t, "state_chart_short_name"),
        "semantic": _views.string(t, "state_chart_semantic"),
        "start_state": _views.string(t, "state_chart_start_state_short_name_ref"),
        "states": [_views.string(s, "state_short_name")
                   for s in _views.tables(t, "state_chart_states")],
        "transitions": [{
            "name": _views.string(x, "state_transition_short_name"),
            "source": _views.string(x, "state_transition_source_short_name_ref"),
            "target": _views.string(x, "state_transition_target_short_name_ref"),
        } for x in _views.tables(t, "state_chart_state_transitions")],
    }


def sdgs(layer):
    t = _views.table(lib.mdd_db_layer_diag_layer(layer), "diag_layer_sdgs")
    nodes = _all(lib.mdd_sdgs_nodes, SdgNode, c_uint32, t)
    roots, open_groups = [], []
    for node in nodes:
        del open_groups[node.depth:]
        into = open_groups[-1]["items"] if open_groups else roots
        if node.sdg.pos:
            group = {"caption": _views.string(node.sdg, "sdg_caption_sn"),
                     "si": _views.string(node.sdg, "sdg_si"), "items": []}
            into.append(group)
            open_groups.append(group)
        else:
            into.append({"value": _views.string(node.sd, "sd_value"),
                         "si": _views.string(node.sd, "sd_si"),
                         "ti": _views.string(node.sd, "sd_ti")})
    return roots


def comparams(layer, protocol):
    proto = name_arg(protocol) if protocol is not None else None
    return [_comparam(cp) for cp in _all(lib.mdd_db_layer_comparams, ComParam, c_size_t,
                                         layer, proto)]


def _enum(which, value):
    name = lib.mdd_ecu_enum_name(which, value)
    return name.decode() if name is not None else value


def _comparam(cp):
    d = cp.com_param
    return {
        "name": text(cp.name),
        "protocol": text(cp.protocol),
        "layer": _views.string(cp.layer, "diag_layer_short_name"),
        "depth": cp.depth,
        "class": _views.string(d, "com_param_param_class"),
        "type": _enum(ENUM_COM_PARAM_STANDARDISATION_LEVEL, _views.u8(d, "com_param_cp_type")),
        "usage": _enum(ENUM_COM_PARAM_USAGE, _views.u8(d, "com_param_cp_usage")),
        "display_level": _views.opt_u32(d, "com_param_display_level"),
        "value": _comparam_value(cp),
    }


def _comparam_value(cp):
    """The reference's value: a str, nested lists of them for a complex value, or None."""
    stack = [[]]

    def simple(ctx, depth, index, definition, value):
        stack[-1].append(text(value))
        return 0

    def begin(ctx, depth, index, definition):
        stack.append([])
        return 0

    def end(ctx, depth):
        done = stack.pop()
        stack[-1].append(done)
        return 0

    visitor = ComParamVisitor(COMPARAM_SIMPLE(simple), COMPARAM_BEGIN(begin),
                              COMPARAM_END(end))
    err = CError()
    check(lib.mdd_comparam_visit_value(byref(cp), byref(visitor), None, byref(err)), err)
    return stack[0][0] if stack[0] else None
