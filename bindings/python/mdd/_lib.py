# SPDX-License-Identifier: Apache-2.0
"""The C library: loading libmdd.so.0 and the ctypes declarations of the core API it uses.

Every struct below mirrors its declaration in include/mdd/*.h (the core tier, mdd.h without
MDD_ADVANCED_API). Options structs are declared only through the fields the binding sets: the
size they carry says so, and the library takes its defaults for the rest (ADR 0027)."""
import ctypes
import os
from ctypes import (CFUNCTYPE, POINTER, Structure, c_char, c_char_p, c_double, c_int,
                    c_size_t, c_uint8, c_uint32, c_void_p)

ERROR_MESSAGE_SIZE = 384  # MDD_ERROR_MESSAGE_SIZE


class Bytes(Structure):
    _fields_ = [("ptr", c_void_p), ("len", c_size_t)]


class Error(Structure):
    _fields_ = [("status", c_int), ("message", c_char * ERROR_MESSAGE_SIZE)]


class Table(Structure):
    """mdd_fb_table, which every typed view (mdd_dtc, mdd_state_chart...) wraps."""
    _fields_ = [("buf", c_void_p), ("len", c_size_t), ("pos", c_uint32)]


class Vector(Structure):
    _fields_ = [("buf", c_void_p), ("len", c_size_t), ("pos", c_uint32), ("count", c_uint32)]


class RequestPrefix(Structure):
    _fields_ = [("bytes", c_void_p), ("len", c_size_t)]


class DbService(Structure):
    _fields_ = [("service", Table), ("prefix", RequestPrefix)]


class ServiceQuery(Structure):
    _fields_ = [("name", c_char_p), ("funct_class", c_char_p), ("semantic", c_char_p),
                ("has_sid", c_int), ("sid", c_uint8),
                ("has_subfunction", c_int), ("subfunction", c_uint8)]


class Buffer(Structure):
    _fields_ = [("data", c_void_p), ("len", c_size_t), ("cap", c_size_t), ("limit", c_size_t)]


SINK_WRITE = CFUNCTYPE(c_int, c_void_p, c_void_p, c_size_t, POINTER(Error))


class Sink(Structure):
    _fields_ = [("write", c_void_p), ("ctx", c_void_p)]


def _size_through(struct, last):
    """MDD_OPTIONS_END(struct, last): the bytes through field last."""
    field = getattr(struct, last)
    return field.offset + field.size


class StoreOptions(Structure):
    """mdd_store_options through verify."""
    _fields_ = [("size", c_size_t), ("strategy", c_int), ("verify", c_int)]


class DbOptions(Structure):
    """mdd_db_options through store (itself through verify)."""
    _fields_ = [("size", c_size_t), ("store", StoreOptions)]


def db_options(strategy, verify):
    opts = DbOptions()
    opts.store.size = _size_through(StoreOptions, "verify")
    opts.store.strategy = strategy
    opts.store.verify = 1 if verify else 0
    opts.size = _size_through(DbOptions, "store")
    return opts


class UdsOptions(Structure):
    """mdd_uds_options, whole: max_depth and max_values take the defaults its header documents
    (mdd_uds_options_default()) to reach memo."""
    _fields_ = [("size", c_size_t), ("max_depth", c_uint32), ("max_values", c_uint32),
                ("memo", c_void_p)]


def uds_options(memo):
    opts = UdsOptions(0, 32, 1000000, memo)
    opts.size = _size_through(UdsOptions, "memo")
    return opts


class UdsMessage(Structure):
    _fields_ = [("kind", c_int), ("index", c_uint32)]


UDS_REQUEST, UDS_POSITIVE, UDS_NEGATIVE = 1, 2, 3


class UdsExchange(Structure):
    _fields_ = [("request", c_char_p), ("request_len", c_size_t),
                ("response", c_char_p), ("response_len", c_size_t)]


class UdsIdentity(Structure):
    _fields_ = [("variant", c_void_p), ("matched", c_int)]


class UdsIdentifyRequest(Structure):
    _fields_ = [("layer", c_void_p), ("service", DbService)]


class StateChart(Structure):
    _fields_ = [("t", Table)]


class SdgNode(Structure):
    _fields_ = [("depth", c_uint32), ("sdg", Table), ("sd", Table)]


class ComParam(Structure):
    _fields_ = [("name", Bytes), ("protocol", Bytes), ("ref", Table), ("com_param", Table),
                ("layer", Table), ("depth", c_uint32)]


COMPARAM_SIMPLE = CFUNCTYPE(c_int, c_void_p, c_uint32, c_uint32, Table, Bytes)
COMPARAM_BEGIN = CFUNCTYPE(c_int, c_void_p, c_uint32, c_uint32, Table)
COMPARAM_END = CFUNCTYPE(c_int, c_void_p, c_uint32)


class ComParamVisitor(Structure):
    _fields_ = [("simple", COMPARAM_SIMPLE), ("complex_begin", COMPARAM_BEGIN),
                ("complex_end", COMPARAM_END)]


_E = POINTER(Error)
_P = c_void_p
# name: (return type, argument types). Pointers to the library's handles are c_void_p.
_PROTOTYPES = {
    "mdd_version": (c_char_p, []),
    "mdd_strerror": (c_char_p, [c_int]),
    "mdd_strategy_parse": (c_int, [c_char_p, POINTER(c_int), _E]),
    "mdd_buffer_sink": (Sink, [POINTER(Buffer)]),
    "mdd_buffer_free": (None, [POINTER(Buffer)]),
    "mdd_db_open": (c_int, [POINTER(c_char_p), c_size_t, POINTER(DbOptions), POINTER(_P), _E]),
    "mdd_db_open_dir": (c_int, [c_char_p, POINTER(DbOptions), POINTER(_P), _E]),
    "mdd_db_close": (None, [_P]),
    "mdd_db_ecu_count": (c_size_t, [_P]),
    "mdd_db_ecu_at": (_P, [_P, c_size_t]),
    "mdd_db_find_ecu": (_P, [_P, c_char_p]),
    "mdd_db_ecu_name": (Bytes, [_P]),
    "mdd_db_ecu_revision": (Bytes, [_P]),
    "mdd_db_ecu_path": (c_char_p, [_P]),
    "mdd_db_ecu_is_default": (c_int, [_P]),
    "mdd_db_ecu_data": (Table, [_P]),
    "mdd_db_ecu_variant_count": (c_uint32, [_P]),
    "mdd_db_ecu_variant_at": (_P, [_P, c_uint32]),
    "mdd_db_ecu_find_variant": (_P, [_P, c_char_p]),
    "mdd_db_ecu_base_variant": (_P, [_P]),
    "mdd_db_ecu_functional_group_count": (c_uint32, [_P]),
    "mdd_db_ecu_functional_group_at": (_P, [_P, c_uint32]),
    "mdd_db_ecu_find_functional_group": (_P, [_P, c_char_p]),
    "mdd_db_ecu_dtc_count": (c_uint32, [_P]),
    "mdd_db_ecu_dtc_at": (Table, [_P, c_uint32]),
    "mdd_db_layer_name": (Bytes, [_P]),
    "mdd_db_layer_diag_layer": (Table, [_P]),
    "mdd_db_layer_variant": (Table, [_P]),
    "mdd_db_layer_find_service": (c_int, [_P, c_char_p, POINTER(DbService)]),
    "mdd_db_layer_lookup_request": (c_size_t, [_P, c_char_p, c_size_t, POINTER(DbService),
                                               c_size_t]),
    "mdd_db_layer_query_services": (c_size_t, [_P, POINTER(ServiceQuery), POINTER(DbService),
                                               c_size_t]),
    "mdd_db_layer_state_charts": (c_int, [_P, POINTER(StateChart), c_uint32, POINTER(c_uint32),
                                          _E]),
    "mdd_db_layer_comparams": (c_int, [_P, c_char_p, POINTER(ComParam), c_size_t,
                                       POINTER(c_size_t), _E]),
    "mdd_comparam_visit_value": (c_int, [POINTER(ComParam), POINTER(ComParamVisitor), _P, _E]),
    "mdd_sdgs_nodes": (c_int, [Table, POINTER(SdgNode), c_uint32, POINTER(c_uint32), _E]),
    "mdd_ecu_enum_name": (c_char_p, [c_int, c_uint8]),
    "mdd_uds_memo_create": (c_int, [c_size_t, POINTER(_P), _E]),
    "mdd_uds_memo_free": (None, [_P]),
    "mdd_uds_decode_json": (c_int, [_P, c_char_p, c_size_t, c_char_p, c_size_t,
                                    POINTER(UdsOptions), POINTER(Sink), _E]),
    "mdd_uds_encode": (c_int, [_P, POINTER(DbService), POINTER(UdsMessage), c_char_p, c_size_t,
                               c_char_p, c_size_t, POINTER(UdsOptions), c_char_p, c_size_t,
                               POINTER(c_size_t), _E]),
    "mdd_uds_identify_requests": (c_size_t, [_P, POINTER(UdsIdentifyRequest), c_size_t]),
    "mdd_uds_identify": (c_int, [_P, POINTER(UdsExchange), c_size_t, POINTER(UdsOptions),
                                 POINTER(UdsIdentity), _E]),
    "mdd_fb_string_field": (Bytes, [Table, c_uint32]),
    "mdd_fb_table_field": (Table, [Table, c_uint32]),
    "mdd_fb_vector_field": (Vector, [Table, c_uint32, c_uint32]),
    "mdd_fb_vector_table": (Table, [Vector, c_uint32]),
    "mdd_fb_u8": (c_uint8, [Table, c_uint32, c_uint8]),
    "mdd_fb_u32": (c_uint32, [Table, c_uint32, c_uint32]),
    "mdd_fb_opt_u32": (c_int, [Table, c_uint32, POINTER(c_uint32)]),
    "mdd_fb_f64": (c_double, [Table, c_uint32, c_double]),
}

# The enums of mdd_ecu_enum_name() the binding names (include/mdd/ecu_views.h).
ENUM_COM_PARAM_STANDARDISATION_LEVEL = 16
ENUM_COM_PARAM_USAGE = 17


def _candidates():
    named = os.environ.get("MDD_LIBRARY")
    if named:
        return [named]
    return ["libmdd.so.0"]


def load():
    """Loads the library: the file MDD_LIBRARY names, else libmdd.so.0 from the dynamic
    loader's search path. Raises OSError saying what was tried."""
    path = _candidates()[0]
    try:
        lib = ctypes.CDLL(path)
    except OSError as e:
        raise OSError(f"mdd: cannot load {path} ({e}); install libmdd or set MDD_LIBRARY "
                      "to the path of libmdd.so.0") from e
    for name, (restype, argtypes) in _PROTOTYPES.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
    version = lib.mdd_version().decode()
    if not version.startswith("0."):
        raise OSError(f"mdd: {path} is libmdd {version}; this binding needs 0.x")
    return lib


lib = load()


def text(b):
    """A view's bytes as str (None when absent): UTF-8, bytes that are not kept as
    surrogates so that the name goes back to the library unchanged (name_arg())."""
    if not b.ptr:
        return None
    return ctypes.string_at(b.ptr, b.len).decode("utf-8", "surrogateescape")


def name_arg(name):
    """A name for a const char * argument."""
    if isinstance(name, bytes):
        return name
    if not isinstance(name, str):
        raise TypeError(f"a name is a str, not {type(name).__name__}")
    encoded = name.encode("utf-8", "surrogateescape")
    if b"\0" in encoded:
        raise ValueError(f"a name cannot hold NUL: {name!r}")
    return encoded


def message_arg(data, what):
    """A message (bytes, bytearray, memoryview) as bytes."""
    if isinstance(data, bytes):
        return data
    if isinstance(data, (bytearray, memoryview)):
        return bytes(data)
    raise TypeError(f"{what} is bytes, not {type(data).__name__}")
