// SPDX-License-Identifier: Apache-2.0
//! Memo: what decodes found for the requests they met, for repeated decodes.
use std::ptr::{self, NonNull};

use mdd_sys as sys;

use crate::error::{call, Result};
use crate::layer::Layer;
use crate::uds::{self, Decoded, Visitor};

/// A memo of requests (`mdd_uds_memo`, docs/codec.md "Memo"): a decode through it that meets
/// a request again skips the lookup and, for the same response, the reading of its
/// description; it reports exactly what a decode without it does. It never grows, may outlive
/// the databases it was used with, and serves any of them.
///
/// Not thread-safe in C ("give each thread its own"): a memo is `Send`, not `Sync`, and
/// decoding through it takes `&mut self`.
pub struct Memo {
    raw: NonNull<sys::mdd_uds_memo>,
}

// SAFETY: a memo is plain memory, used by one thread at a time (&mut self); nothing ties it to
// the thread that created it.
unsafe impl Send for Memo {}

impl Memo {
    /// A memo of entries slots (rounded up to a power of two; 0 takes 64), about 1.8 KB each.
    /// Fails with Status::Arg above 65,536 entries.
    pub fn new(entries: usize) -> Result<Memo> {
        let mut out = ptr::null_mut();
        call(|err| unsafe { sys::mdd_uds_memo_create(entries, &mut out, err) })?;
        let raw = NonNull::new(out).expect("mdd_uds_memo_create returned MDD_OK without a memo");
        Ok(Memo { raw })
    }

    /// [`Layer::decode`] through the memo.
    pub fn decode<'db, 'a, V: Visitor<'a>>(
        &mut self,
        layer: Layer<'db>,
        request: &'a [u8],
        response: &'a [u8],
        visitor: &mut V,
    ) -> Result<Decoded<'db>>
    where
        'db: 'a,
    {
        let opts = uds::options_with_memo(self.raw.as_ptr());
        uds::decode(layer, request, response, visitor, &opts)
    }

    /// [`Layer::decode_json`] through the memo.
    pub fn decode_json(
        &mut self,
        layer: Layer<'_>,
        request: &[u8],
        response: &[u8],
    ) -> Result<String> {
        let opts = uds::options_with_memo(self.raw.as_ptr());
        uds::decode_json(layer, request, response, &opts)
    }
}

impl Drop for Memo {
    fn drop(&mut self) {
        // SAFETY: the memo is ours and no decode is using it (they borrow it mutably).
        unsafe { sys::mdd_uds_memo_free(self.raw.as_ptr()) }
    }
}
