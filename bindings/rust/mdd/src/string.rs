// SPDX-License-Identifier: Apache-2.0
//! Str: a name or text of the database, bytes borrowed from its mapping.
use std::fmt;

use mdd_sys as sys;

/// A name or text inside the database: bytes borrowed from the mapped file for as long as the
/// database lives (`&'db [u8]`), usually UTF-8 ([`Str::to_str`] gives `&'db str` then). Compares
/// with `str` and prints (lossily, for bytes that are not UTF-8).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Str<'db>(&'db [u8]);

impl<'db> Str<'db> {
    /// The bytes.
    pub fn as_bytes(self) -> &'db [u8] {
        self.0
    }

    /// The text when the bytes are UTF-8.
    pub fn to_str(self) -> Option<&'db str> {
        std::str::from_utf8(self.0).ok()
    }

    /// The view, None when absent (ptr NULL).
    ///
    /// # Safety
    /// The view must point into memory that lives for 'db and does not change.
    pub(crate) unsafe fn from_c(b: sys::mdd_bytes) -> Option<Str<'db>> {
        Some(Str(raw_bytes(b)?))
    }

    /// The view, empty when absent.
    ///
    /// # Safety
    /// As from_c().
    pub(crate) unsafe fn or_empty(b: sys::mdd_bytes) -> Str<'db> {
        Str::from_c(b).unwrap_or(Str(&[]))
    }
}

/// The bytes of a view, None when absent.
///
/// # Safety
/// The view must point into memory that lives for 'a and does not change.
pub(crate) unsafe fn raw_bytes<'a>(b: sys::mdd_bytes) -> Option<&'a [u8]> {
    if b.ptr.is_null() {
        None
    } else {
        Some(std::slice::from_raw_parts(b.ptr, b.len))
    }
}

impl PartialEq<str> for Str<'_> {
    fn eq(&self, other: &str) -> bool {
        self.0 == other.as_bytes()
    }
}

impl PartialEq<&str> for Str<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.0 == other.as_bytes()
    }
}

impl fmt::Display for Str<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&String::from_utf8_lossy(self.0))
    }
}

impl fmt::Debug for Str<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&String::from_utf8_lossy(self.0), f)
    }
}
