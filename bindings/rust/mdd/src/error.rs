// SPDX-License-Identifier: Apache-2.0
//! Errors: the library's status code and its message.
use std::ffi::CStr;
use std::fmt;

use mdd_sys as sys;

/// What failed, as the library's status codes (include/mdd/status.h) say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Status {
    /// An invalid argument (also a name or path with a NUL byte).
    Arg,
    /// An allocation failed.
    NoMem,
    /// A system call on a file failed.
    Io,
    /// Malformed input: magic, wire encoding, lengths past the end, a message its
    /// description cannot read.
    Format,
    /// The input exceeds a configured limit.
    Limit,
    /// Unknown compression, encrypted chunk, or a value without portable meaning.
    Unsupported,
    /// A compressed stream is corrupt.
    Corrupt,
    /// The decoded size differs from the declared one.
    Size,
    /// A SHA-512 digest does not match.
    Checksum,
    /// No such chunk, key, entry, service or response.
    NotFound,
    /// The file or its directory cannot be written.
    ReadOnly,
    /// The bytes are not in memory and the call promised not to wait.
    WouldBlock,
    /// Canceled (also what a visitor's panic stops a decode with).
    Canceled,
    /// A queue or a budget is full.
    Busy,
    /// No signature makes the file authentic under the policy.
    Signature,
    /// A revision older than one accepted before.
    Downgrade,
    /// A status this binding does not know (a newer library's).
    Other(u32),
}

const STATUSES: [(sys::mdd_status, Status); 16] = [
    (sys::mdd_status_MDD_ERR_ARG, Status::Arg),
    (sys::mdd_status_MDD_ERR_NOMEM, Status::NoMem),
    (sys::mdd_status_MDD_ERR_IO, Status::Io),
    (sys::mdd_status_MDD_ERR_FORMAT, Status::Format),
    (sys::mdd_status_MDD_ERR_LIMIT, Status::Limit),
    (sys::mdd_status_MDD_ERR_UNSUPPORTED, Status::Unsupported),
    (sys::mdd_status_MDD_ERR_CORRUPT, Status::Corrupt),
    (sys::mdd_status_MDD_ERR_SIZE, Status::Size),
    (sys::mdd_status_MDD_ERR_CHECKSUM, Status::Checksum),
    (sys::mdd_status_MDD_ERR_NOT_FOUND, Status::NotFound),
    (sys::mdd_status_MDD_ERR_READ_ONLY, Status::ReadOnly),
    (sys::mdd_status_MDD_ERR_WOULD_BLOCK, Status::WouldBlock),
    (sys::mdd_status_MDD_ERR_CANCELED, Status::Canceled),
    (sys::mdd_status_MDD_ERR_BUSY, Status::Busy),
    (sys::mdd_status_MDD_ERR_SIGNATURE, Status::Signature),
    (sys::mdd_status_MDD_ERR_DOWNGRADE, Status::Downgrade),
];

impl Status {
    fn from_raw(raw: sys::mdd_status) -> Status {
        STATUSES.iter().find(|s| s.0 == raw).map_or(Status::Other(raw), |s| s.1)
    }

    /// The C status code; never MDD_OK (a failure that says otherwise is MDD_ERR_CANCELED).
    pub(crate) fn raw(self) -> sys::mdd_status {
        let raw = match self {
            Status::Other(raw) => raw,
            known => STATUSES.iter().find(|s| s.1 == known).map_or(0, |s| s.0),
        };
        if raw == sys::mdd_status_MDD_OK {
            sys::mdd_status_MDD_ERR_CANCELED
        } else {
            raw
        }
    }

    /// The library's short description of the status ("malformed input", ...).
    pub fn description(self) -> &'static str {
        // SAFETY: mdd_strerror() returns a NUL-terminated string in static storage.
        let s = unsafe { CStr::from_ptr(sys::mdd_strerror(self.raw())) };
        s.to_str().unwrap_or("")
    }
}

/// A failure: its status and the library's message, which names the file, the structure
/// path, the byte offset and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    status: Status,
    message: String,
}

/// The result of every fallible call.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// An error of the caller's, for a [`Visitor`](crate::Visitor) that stops a decode.
    pub fn new(status: Status, message: impl Into<String>) -> Error {
        Error { status, message: message.into() }
    }

    /// What failed.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The library's message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The error status and err reported, or the status's description when err holds no
    /// message.
    pub(crate) fn from_c(status: sys::mdd_status, err: &sys::mdd_error) -> Error {
        let bytes: Vec<u8> =
            err.message.iter().take_while(|&&c| c != 0).map(|&c| c as u8).collect();
        let status = Status::from_raw(status);
        let message = if bytes.is_empty() {
            status.description().to_string()
        } else {
            String::from_utf8_lossy(&bytes).into_owned()
        };
        Error { status, message }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// Runs a fallible C call with an mdd_error to fill: Ok for MDD_OK, else the error it reported.
pub(crate) fn call(f: impl FnOnce(*mut sys::mdd_error) -> sys::mdd_status) -> Result<()> {
    let mut err = new_c_error();
    let status = f(&mut err);
    check(status, &err)
}

/// A cleared mdd_error for a call to fill.
fn new_c_error() -> sys::mdd_error {
    sys::mdd_error {
        status: sys::mdd_status_MDD_OK,
        message: [0; sys::MDD_ERROR_MESSAGE_SIZE as usize],
    }
}

/// Ok for MDD_OK, else the error err describes.
fn check(status: sys::mdd_status, err: &sys::mdd_error) -> Result<()> {
    if status == sys::mdd_status_MDD_OK {
        Ok(())
    } else {
        Err(Error::from_c(status, err))
    }
}

/// s as a C string: Status::Arg, naming what, when it holds a NUL byte.
pub(crate) fn c_string(what: &str, s: &[u8]) -> Result<std::ffi::CString> {
    std::ffi::CString::new(s).map_err(|_| {
        Error::new(
            Status::Arg,
            format!("{} holds a NUL byte: {:?}", what, String::from_utf8_lossy(s)),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::{Status, STATUSES};
    use mdd_sys as sys;

    #[test]
    fn statuses_map_both_ways() {
        // include/mdd/status.h numbers them from MDD_ERR_ARG = 1 to MDD_ERR_DOWNGRADE = 16.
        for (i, (raw, status)) in STATUSES.iter().enumerate() {
            assert_eq!(*raw, i as u32 + 1);
            assert_eq!(Status::from_raw(*raw), *status);
            assert_eq!(status.raw(), *raw);
        }
        assert_eq!(Status::from_raw(99), Status::Other(99));
        assert_eq!(Status::Other(99).raw(), 99);
        // A failure never reaches C as success: a visitor's error must stop the decode.
        assert_eq!(Status::Other(0).raw(), sys::mdd_status_MDD_ERR_CANCELED);
        assert_eq!(Status::Format.description(), "malformed input");
    }
}
