# SPDX-License-Identifier: Apache-2.0
"""Errors: one mdd.Error subclass per status code of include/mdd/status.h, carrying the
library's message (the file, the structure path or parameter, the byte offset, the reason)."""


class Error(Exception):
    """A libmdd call failed. status is the mdd_status code (None for ClosedError), message
    the library's message."""
    status = None

    def __init__(self, message, status=None):
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status


class ClosedError(Error):
    """The database (or memo) was closed: nothing from it may be used any more."""


# The status codes of include/mdd/status.h, in order from 1: each an Error subclass, some also
# the built-in exception that means the same to Python code.
_STATUSES = [
    ("ArgumentError", ValueError, "The caller passed an invalid argument."),
    ("NoMemoryError", MemoryError, "An allocation failed."),
    ("IoError", OSError, "A system call on a file failed."),
    ("FormatError", None, "Malformed input: magic, wire encoding, lengths past the end."),
    ("LimitError", None, "The input exceeds a configured limit."),
    ("UnsupportedError", None, "Unknown compression, an encrypted chunk, no portable meaning."),
    ("CorruptError", None, "A compressed stream is corrupt."),
    ("SizeError", None, "The decoded size differs from the declared size."),
    ("ChecksumError", None, "A SHA-512 digest does not match."),
    ("NotFoundError", LookupError, "No such chunk, key, entry, service or response."),
    ("ReadOnlyError", None, "The file or its directory cannot be written."),
    ("WouldBlockError", None, "The bytes are not in memory and the call promised not to wait."),
    ("CanceledError", None, "An asynchronous read was canceled or its reader closed."),
    ("BusyError", None, "A queue or a budget is full."),
    ("SignatureError", None, "No signature makes the file authentic under the policy."),
    ("DowngradeError", None, "A revision older than one accepted before."),
]

for _status, (_name, _builtin, _doc) in enumerate(_STATUSES, 1):
    globals()[_name] = type(_name, (Error,) + ((_builtin,) if _builtin else ()),
                            {"status": _status, "__doc__": _doc, "__module__": __name__})


_BY_STATUS = {cls.status: cls for cls in Error.__subclasses__() if cls.status}


def from_status(status, message):
    """The exception for a failed call: its class by status, a plain Error for a status this
    binding does not know."""
    return _BY_STATUS.get(status, Error)(message, status)


def check(status, err):
    """Raises the Error subclass of a failed call (a nonzero status) with the message the
    library left in err (an mdd_error)."""
    if status:
        raise from_status(status, err.message.decode("utf-8", "replace"))
