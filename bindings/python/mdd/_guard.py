# SPDX-License-Identifier: Apache-2.0
"""The handle of an open database and the calls in flight on it.

ctypes releases the GIL around every library call, so a thread may close a database while
others are inside calls on it. Every call on anything from a database enters the guard (which
fails with ClosedError once the database is closed) and leaves it when the library returns;
close() marks the handle closed at once and frees it when the last call in flight has left.
Nothing from a closed database reaches the library, so nothing can use freed memory."""
import threading

from .errors import ClosedError


class Guard:
    def __init__(self, ptr, what, free):
        self._ptr = ptr
        self._what = what
        self._free = free
        self._users = 0
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)

    def enter(self):
        """Returns the handle, counted as in use until leave(). Raises ClosedError."""
        with self._lock:
            if self._ptr is None:
                raise ClosedError(f"{self._what} is closed")
            self._users += 1
            return self._ptr

    def leave(self):
        with self._lock:
            self._users -= 1
            if not self._users:
                self._idle.notify_all()

    @property
    def closed(self):
        return self._ptr is None

    def close(self):
        """Closes the handle: later enter() calls fail; frees it once no call is in flight.
        Safe to call more than once."""
        with self._lock:
            ptr, self._ptr = self._ptr, None
            if ptr is None:
                return
            while self._users:
                self._idle.wait()
        self._free(ptr)

    def __del__(self):
        # Nothing refers to the handle any more: neither its database nor what it handed out.
        self.close()


class Handle:
    """Something a database handed out (an ECU, a layer): its guard and its pointer. Equal
    when the pointers are."""

    def __init__(self, guard, ptr):
        self._guard = guard
        self._ptr = ptr

    def __eq__(self, other):
        return type(other) is type(self) and other._ptr == self._ptr

    def __hash__(self):
        return hash(self._ptr)

    def _call(self, fn, *args):
        """fn(pointer, *args) with the database held open."""
        self._guard.enter()
        try:
            return fn(self._ptr, *args)
        finally:
            self._guard.leave()
