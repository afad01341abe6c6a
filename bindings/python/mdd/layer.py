# SPDX-License-Identifier: Apache-2.0
"""A layer (a variant or a functional group) and its services: lookups, queries, the UDS
codec (include/mdd/db.h, include/mdd/uds.h) and the facts of include/mdd/query.h and
include/mdd/comparams.h (facts.py)."""
import ctypes
import json
import threading
from ctypes import byref, c_size_t

from . import _views, facts
from ._guard import Handle
from ._lib import UDS_NEGATIVE, UDS_POSITIVE, UDS_REQUEST
from ._lib import Buffer, DbService, ServiceQuery, UdsMessage
from ._lib import Error as CError
from ._lib import lib, message_arg, name_arg, text
from .errors import ArgumentError, ClosedError, NotFoundError, check

_MESSAGE_KINDS = {"request": UDS_REQUEST, "positive": UDS_POSITIVE, "negative": UDS_NEGATIVE}


class _JsonBuffer:
    """The buffer one thread's decodes write their JSON to, its sink and an error, reused by
    every decode of the thread and freed with it (the thread's locals go when it ends)."""
    KEEP = 1 << 20  # a buffer grown past this by a large decode is freed after it

    def __init__(self):
        self.buffer = Buffer()
        self.sink = lib.mdd_buffer_sink(byref(self.buffer))
        self.err = CError()
        self._free = lib.mdd_buffer_free  # still there when the module is torn down

    def take(self):
        """The bytes written since the last take()."""
        data = ctypes.string_at(self.buffer.data, self.buffer.len)
        self.buffer.len = 0
        if self.buffer.cap > self.KEEP:
            self._free(byref(self.buffer))
        return data

    def __del__(self):
        self._free(byref(self.buffer))


class _Scratch(threading.local):
    def __init__(self):
        self.json = _JsonBuffer()


_scratch = _Scratch()


class Service:
    """An effective service of a layer: its short name, its request prefix (the constant
    leading bytes of its request), its semantic, and the layer it was found in."""

    def __init__(self, guard, layer_ptr, service):
        self._guard = guard
        self._layer_ptr = layer_ptr
        self._service = DbService.from_buffer_copy(service)
        comm = _views.table(service.service, "diag_service_diag_comm")
        self.name = _views.string(comm, "diag_comm_short_name")
        self.semantic = _views.string(comm, "diag_comm_semantic")
        prefix = service.prefix
        self.request = ctypes.string_at(prefix.bytes, prefix.len) if prefix.len else b""

    @property
    def layer(self):
        return Layer(self._guard, self._layer_ptr)

    def __eq__(self, other):
        return (isinstance(other, Service) and other._layer_ptr == self._layer_ptr
                and other._service.service.pos == self._service.service.pos)

    def __hash__(self):
        return hash((self._layer_ptr, self._service.service.pos))

    def __repr__(self):
        return f"<mdd.Service {self.name!r} request {self.request.hex()}>"


class Layer(Handle):
    """A variant or a functional group of an ECU."""

    def __repr__(self):
        if self._guard.closed:
            return "<mdd.Layer (closed)>"
        return f"<mdd.Layer {self.kind} {self.name!r}>"

    @property
    def name(self):
        return self._call(lambda p: text(lib.mdd_db_layer_name(p)))

    @property
    def kind(self):
        """"variant" or "functional_group"."""
        return self._call(lambda p: "variant" if lib.mdd_db_layer_variant(p).pos
                          else "functional_group")

    @property
    def is_base(self):
        """Whether the layer is a variant marked as the base variant."""
        return self._call(lambda p: bool(_views.u8(lib.mdd_db_layer_variant(p),
                                                   "variant_is_base_variant")))

    def _services(self, fn, *args):
        """The services a lookup of the C API gives (first asking how many)."""
        def run(p):
            out = (DbService * 16)()
            total = fn(p, *args, out, len(out))
            if total > len(out):
                out = (DbService * total)()
                total = fn(p, *args, out, total)
            return [Service(self._guard, p, s) for s in out[:total]]
        return self._call(run)

    def lookup(self, request):
        """The services whose request prefix matches request (bytes), most specific first."""
        request = message_arg(request, "a request")
        return self._services(lib.mdd_db_layer_lookup_request, request, len(request))

    def services(self, sid=None, subfunction=None, name=None, semantic=None, funct_class=None):
        """The effective services that meet every criterion given (every one without
        criteria, by name): sid and subfunction are the prefix's first and second bytes
        (bit 0x80 of the sub-function ignored); name, semantic and funct_class compare
        without ASCII case."""
        q = ServiceQuery()
        q.name = name_arg(name) if name is not None else None
        q.semantic = name_arg(semantic) if semantic is not None else None
        q.funct_class = name_arg(funct_class) if funct_class is not None else None
        if sid is not None:
            q.has_sid, q.sid = 1, _byte(sid, "sid")
        if subfunction is not None:
            q.has_subfunction, q.subfunction = 1, _byte(subfunction, "subfunction")
        return self._services(lib.mdd_db_layer_query_services, byref(q))

    def service(self, name):
        """The effective service named name exactly. Raises NotFoundError."""
        out = DbService()
        if not self._call(lib.mdd_db_layer_find_service, name_arg(name), byref(out)):
            raise NotFoundError(f"layer '{self.name}' has no service named '{name}'")
        return Service(self._guard, self._ptr, out)

    def decode(self, request, response, memo=None):
        """Decodes response, the answer to request, into a dict in the shape of
        `mdd decode --json` ({"ecu", "variant" or "functional_group", "service", "response",
        "params"}). memo (an mdd.Memo) remembers what the request selects for the next
        decodes. Raises NotFoundError when no service or response matches, FormatError for a
        message its description cannot read (the message names the parameter and the
        byte)."""
        return json.loads(self.decode_json(request, response, memo))

    def decode_json(self, request, response, memo=None):
        """As decode(), but the JSON text as the library writes it, unparsed: the bytes of
        the line `mdd decode --json` prints, without its newline."""
        if type(request) is not bytes:
            request = message_arg(request, "a request")
        if type(response) is not bytes:
            response = message_arg(response, "a response")
        guard = self._guard
        guard.enter()
        try:
            if memo is None:
                data = _decode_json(self._ptr, request, response, None)
            else:
                with memo._lock:  # the C memo is not thread-safe
                    if memo._ref is None:
                        raise ClosedError("the memo is closed")
                    data = _decode_json(self._ptr, request, response, memo._ref)
        finally:
            guard.leave()
        return data

    def encode(self, service, values, message="request", index=0, request=None):
        """Encodes a message of service (a Service of this layer or its name) from values,
        a dict of parameter short names to values in the shapes decode() gives (or that
        dict as JSON text). message is "request", "positive" or "negative" (the index-th
        response of that kind); request is the triggering request for a response. Returns
        the bytes. Raises ArgumentError for a value of the wrong type, out of range, unknown
        or missing."""
        if not isinstance(service, Service):
            service = self.service(service)
        elif service._layer_ptr != self._ptr or service._guard is not self._guard:
            raise ArgumentError(f"service '{service.name}' is not of layer '{self.name}'")
        if message not in _MESSAGE_KINDS:
            raise ValueError(f"message is request, positive or negative, not {message!r}")
        which = UdsMessage(_MESSAGE_KINDS[message], index)
        doc = values if isinstance(values, str) else json.dumps(values)
        doc = doc.encode("utf-8", "surrogateescape")
        req = message_arg(request, "a request") if request is not None else None
        return self._call(_encode, service._service, which, req, doc)

    def state_charts(self):
        """The effective state charts, each {"name", "semantic", "start_state", "states",
        "transitions": [{"name", "source", "target"}]} as `mdd states --json` prints them."""
        return self._call(facts.state_charts)

    def sdgs(self):
        """The layer's own special data groups as trees, as `mdd sdgs --json` prints them:
        groups {"caption", "si", "items"}, data items {"value", "si", "ti"}."""
        return self._call(facts.sdgs)

    def comparams(self, protocol=None):
        """The resolved ComParams (for protocol, or every protocol when None), each {"name",
        "protocol", "layer", "depth", "class", "type", "usage", "display_level", "value"} as
        `mdd comparams --json` prints them. Raises NotFoundError for a protocol the layer
        does not have (the message lists those it has)."""
        return self._call(facts.comparams, protocol)


def _byte(value, what):
    if not isinstance(value, int) or not 0 <= value <= 0xFF:
        raise ValueError(f"{what} is a byte (0..255), not {value!r}")
    return value


def _decode_json(layer, request, response, opts):
    out = _scratch.json
    st = lib.mdd_uds_decode_json(layer, request, len(request), response, len(response), opts,
                                 byref(out.sink), byref(out.err))
    data = out.take()
    check(st, out.err)
    return data


def _encode(layer, service, which, request, doc):
    err = CError()
    needed = c_size_t()
    cap = 256
    while True:
        out = ctypes.create_string_buffer(cap)
        st = lib.mdd_uds_encode(layer, byref(service), byref(which), request,
                                len(request) if request is not None else 0, doc, len(doc), None,
                                out, cap, byref(needed), byref(err))
        if st == 5 and needed.value > cap:  # MDD_ERR_LIMIT: out was too small
            cap = needed.value
            continue
        check(st, err)
        return out.raw[:needed.value]
