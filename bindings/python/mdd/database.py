# SPDX-License-Identifier: Apache-2.0
"""A database of ECUs (include/mdd/db.h): opening, closing, its ECUs and their DTCs."""
import os
from ctypes import byref, c_char_p, c_int, c_void_p
from typing import NamedTuple, Optional

from . import _views
from ._guard import Guard, Handle
from ._lib import Error as CError
from ._lib import UdsExchange, UdsIdentifyRequest, UdsIdentity
from ._lib import db_options, lib, message_arg, name_arg, text
from .errors import NotFoundError, check
from .layer import Layer, Service


class Dtc(NamedTuple):
    """A DTC of an ECU: trouble code, display form, short name, text and level (None when
    the file does not have them)."""
    code: int
    display: Optional[str]
    name: Optional[str]
    text: Optional[str]
    level: Optional[int]


class Identity(NamedTuple):
    """What identification decided: the variant, and whether a pattern matched (False: the
    base variant as the fallback)."""
    variant: Layer
    matched: bool


def _strategy(name):
    value = c_int()
    err = CError()
    check(lib.mdd_strategy_parse(name_arg(name), byref(value), byref(err)), err)
    return value.value


class Database:
    """An open database: one MDD file, several, or the *.mdd files of a directory.

    strategy is how files load ("heap", "sidecar", "inplace" or "pread"; None: the library's
    default, inplace, which converts a compressed file in place once), verify whether every
    chunk's digest and the FlatBuffer are checked (default True). Use it as a context manager
    or call close(): everything it handed out (ECUs, layers, services) then raises
    ClosedError when used. Values it returned (names, DTCs, decoded dicts) are Python's.
    Without close(), it closes when neither it nor anything it handed out is referenced."""

    def __init__(self, path, strategy=None, verify=True):
        opts = None
        if strategy is not None or not verify:
            opts = byref(db_options(_strategy(strategy or "inplace"), verify))
        handle = c_void_p()
        err = CError()
        if isinstance(path, (list, tuple)):
            paths = [os.fsencode(p) for p in path]
            array = (c_char_p * len(paths))(*paths)
            st = lib.mdd_db_open(array, len(paths), opts, byref(handle), byref(err))
        else:
            fs_path = os.fsencode(path)
            if os.path.isdir(fs_path):
                st = lib.mdd_db_open_dir(fs_path, opts, byref(handle), byref(err))
            else:
                array = (c_char_p * 1)(fs_path)
                st = lib.mdd_db_open(array, 1, opts, byref(handle), byref(err))
        check(st, err)
        self._guard = Guard(handle.value, "the database", lib.mdd_db_close)

    def close(self):
        """Closes the database (waiting for calls in flight in other threads). Idempotent."""
        self._guard.close()

    @property
    def closed(self):
        return self._guard.closed

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    @property
    def ecus(self):
        """The ECUs in byte order of their names (the default of a name first)."""
        ptr = self._guard.enter()
        try:
            count = lib.mdd_db_ecu_count(ptr)
            return [Ecu(self._guard, lib.mdd_db_ecu_at(ptr, i)) for i in range(count)]
        finally:
            self._guard.leave()

    def ecu(self, name):
        """The default ECU named name. Raises NotFoundError."""
        ptr = self._guard.enter()
        try:
            ecu = lib.mdd_db_find_ecu(ptr, name_arg(name))
        finally:
            self._guard.leave()
        if not ecu:
            raise NotFoundError(f"no ECU named '{name}'")
        return Ecu(self._guard, ecu)


class Ecu(Handle):
    """An ECU of a database: one file's diagnostic description."""

    def __repr__(self):
        return f"<mdd.Ecu {self.name!r}>" if not self._guard.closed else "<mdd.Ecu (closed)>"

    @property
    def name(self):
        return self._call(lambda p: text(lib.mdd_db_ecu_name(p)))

    @property
    def revision(self):
        """The EcuData revision (else the container's), or None."""
        return self._call(lambda p: text(lib.mdd_db_ecu_revision(p)))

    @property
    def version(self):
        """The EcuData version, or None."""
        return self._call(lambda p: _views.string(lib.mdd_db_ecu_data(p), "ecu_data_version"))

    @property
    def path(self):
        """The file the ECU was opened from."""
        path = self._call(lib.mdd_db_ecu_path)
        return os.fsdecode(path) if path is not None else None

    @property
    def is_default(self):
        """Whether it is the default ECU of its name (the newest revision)."""
        return bool(self._call(lib.mdd_db_ecu_is_default))

    def _layers(self, count_fn, at_fn):
        def walk(p):
            return [Layer(self._guard, at_fn(p, i)) for i in range(count_fn(p))]
        return self._call(walk)

    @property
    def variants(self):
        """The variants in file order."""
        return self._layers(lib.mdd_db_ecu_variant_count, lib.mdd_db_ecu_variant_at)

    @property
    def functional_groups(self):
        """The functional groups in file order."""
        return self._layers(lib.mdd_db_ecu_functional_group_count,
                            lib.mdd_db_ecu_functional_group_at)

    def _layer(self, fn, what, name):
        ptr = self._call(fn, *([name_arg(name)] if name is not None else []))
        if not ptr:
            raise NotFoundError(f"ECU '{self.name}' has no {what}"
                                + (f" named '{name}'" if name is not None else ""))
        return Layer(self._guard, ptr)

    @property
    def base_variant(self):
        """The first variant marked base, else the first. Raises NotFoundError."""
        return self._layer(lib.mdd_db_ecu_base_variant, "variant", None)

    def variant(self, name):
        """The variant named name. Raises NotFoundError."""
        return self._layer(lib.mdd_db_ecu_find_variant, "variant", name)

    def functional_group(self, name):
        """The functional group named name. Raises NotFoundError."""
        return self._layer(lib.mdd_db_ecu_find_functional_group, "functional group", name)

    @property
    def dtcs(self):
        """The DTCs sorted by trouble code (file order among equal codes)."""
        def walk(p):
            return [_dtc(lib.mdd_db_ecu_dtc_at(p, i)) for i in range(lib.mdd_db_ecu_dtc_count(p))]
        return self._call(walk)

    def identification_requests(self):
        """The requests that identification sends: (service, request bytes) pairs, the
        distinct services the variants' patterns reference in order of first reference."""
        def walk(p):
            total = lib.mdd_uds_identify_requests(p, None, 0)
            out = (UdsIdentifyRequest * max(total, 1))()
            total = lib.mdd_uds_identify_requests(p, out, total)
            return [(r.layer, Service(self._guard, r.layer, r.service)) for r in out[:total]]
        return [(s, Layer(self._guard, layer).encode(s, {})) for layer, s in self._call(walk)]

    def identify(self, exchanges):
        """Decides the fitted variant from (request, response) pairs, as the reference adapter
        does (mdd_uds_identify()). Returns Identity(variant, matched). Raises NotFoundError
        when nothing matched and the ECU has no base variant."""
        pairs = [(message_arg(q, "a request"), message_arg(r, "a response"))
                 for q, r in exchanges]
        array = (UdsExchange * max(len(pairs), 1))()
        for slot, (q, r) in zip(array, pairs):
            slot.request, slot.request_len, slot.response, slot.response_len = q, len(q), r, len(r)
        out = UdsIdentity()
        err = CError()
        st = self._call(lib.mdd_uds_identify, array, len(pairs), None, byref(out), byref(err))
        check(st, err)
        return Identity(Layer(self._guard, out.variant), bool(out.matched))


def _dtc(t):
    return Dtc(_views.u32(t, "dtc_trouble_code"), _views.string(t, "dtc_display_trouble_code"),
               _views.string(t, "dtc_short_name"),
               _views.string(_views.table(t, "dtc_text"), "text_value"),
               _views.opt_u32(t, "dtc_level"))
