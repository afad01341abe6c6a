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


class ArgumentError(Error, ValueError):
    status = 1


class NoMemoryError(Error, MemoryError):
    status = 2


class IoError(Error, OSError):
    status = 3


class FormatError(Error):
    status = 4


class LimitError(Error):
    status = 5


class UnsupportedError(Error):
    status = 6


class CorruptError(Error):
    status = 7


class SizeError(Error):
    status = 8


class ChecksumError(Error):
    status = 9


class NotFoundError(Error, LookupError):
    status = 10


class ReadOnlyError(Error):
    status = 11


class WouldBlockError(Error):
    status = 12


class CanceledError(Error):
    status = 13


class BusyError(Error):
    status = 14


class SignatureError(Error):
    status = 15


class DowngradeError(Error):
    status = 16


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
