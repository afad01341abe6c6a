# SPDX-License-Identifier: Apache-2.0
"""A memo of requests (include/mdd/uds.h, "Remembering requests") for repeated decodes."""
import threading
from ctypes import byref, c_void_p

from ._lib import Error as CError
from ._lib import lib, uds_options
from .errors import check


class Memo:
    """Remembers, per request met, what a decode works out from the database alone, so that
    decoding the answers to the same requests again skips the lookup: pass it to
    Layer.decode(memo=...). entries is its number of slots (0 for the library's 64; at most
    65,536, about 1.8 KB each); it never grows. It may serve several databases and outlive
    them. The library's memo is not thread-safe: this object lets one decode through it at
    a time (give each thread its own to decode in parallel). Close it, or use it as a
    context manager, to free it at once."""

    def __init__(self, entries=0):
        handle = c_void_p()
        err = CError()
        check(lib.mdd_uds_memo_create(entries, byref(handle), byref(err)), err)
        self._lock = threading.Lock()
        self._options = uds_options(handle.value)
        # The options for a decode through the memo (Layer.decode() takes the lock and reads
        # it); None once closed.
        self._ref = byref(self._options)

    def close(self):
        """Frees the memo (after a decode through it in another thread). Idempotent."""
        with self._lock:
            memo, self._options.memo, self._ref = self._options.memo, None, None
        lib.mdd_uds_memo_free(memo)

    @property
    def closed(self):
        return self._ref is None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        if hasattr(self, "_options"):
            self.close()

