# SPDX-License-Identifier: Apache-2.0
"""libmdd from Python: open ECU diagnostic databases (MDD files), look services up, decode and
encode UDS messages, identify variants. A thin layer over libmdd.so.0 through ctypes (the
environment variable MDD_LIBRARY may name the library's file).

    import mdd
    with mdd.Database("databases") as db:
        layer = db.ecu("FLXC1000").base_variant
        print(layer.decode(bytes.fromhex("22f190"), bytes.fromhex("62f190...")))
"""
from . import _lib
from .database import Database, Dtc, Ecu, Identity
from .errors import (ArgumentError, BusyError, CanceledError, ChecksumError, ClosedError,
                     CorruptError, DowngradeError, Error, FormatError, IoError, LimitError,
                     NoMemoryError, NotFoundError, ReadOnlyError, SignatureError, SizeError,
                     UnsupportedError, WouldBlockError)
from .layer import Layer, Service
from .memo import Memo

__version__ = "0.1.0"


def version():
    """The version of the libmdd.so loaded, for example "0.1.0"."""
    return _lib.lib.mdd_version().decode()


__all__ = ["Database", "Ecu", "Layer", "Service", "Dtc", "Identity", "Memo",
           "version", "Error", "ClosedError", "ArgumentError", "NoMemoryError",
           "IoError", "FormatError", "LimitError", "UnsupportedError", "CorruptError",
           "SizeError", "ChecksumError", "NotFoundError", "ReadOnlyError", "WouldBlockError",
           "CanceledError", "BusyError", "SignatureError", "DowngradeError"]
