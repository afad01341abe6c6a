// SPDX-License-Identifier: Apache-2.0
//! Ecu: one MDD file's ECU in a database, its layers, its DTCs and variant identification.
use std::ffi::{CStr, OsStr};
use std::fmt;
use std::marker::PhantomData;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::ptr;

use mdd_sys as sys;

use crate::database::Handle;
use crate::error::{c_string, call, Result};
use crate::items::{Dtcs, Items, Layers};
use crate::layer::{Layer, Service};
use crate::string::Str;
use crate::views;

/// An ECU of a database: one MDD file's diagnostic description (`mdd_db_ecu`), borrowed from
/// the database.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Ecu<'db> {
    h: Handle<'db, sys::mdd_db_ecu>,
}

impl<'db> Ecu<'db> {
    pub(crate) fn from_raw(raw: *const sys::mdd_db_ecu) -> Option<Ecu<'db>> {
        Handle::new(raw).map(|h| Ecu { h })
    }

    pub(crate) fn ptr(self) -> *const sys::mdd_db_ecu {
        self.h.ptr()
    }

    /// The ECU's name.
    pub fn name(self) -> Str<'db> {
        unsafe { Str::or_empty(sys::mdd_db_ecu_name(self.ptr())) }
    }

    /// The ECU's revision (its EcuData's, else its container's), None when it has none.
    pub fn revision(self) -> Option<Str<'db>> {
        let r = unsafe { Str::from_c(sys::mdd_db_ecu_revision(self.ptr())) };
        r.filter(|r| !r.as_bytes().is_empty())
    }

    /// The file the ECU was opened from.
    pub fn path(self) -> Option<&'db Path> {
        let p = unsafe { sys::mdd_db_ecu_path(self.ptr()) };
        if p.is_null() {
            return None;
        }
        // SAFETY: a NUL-terminated string the database owns.
        let bytes = unsafe { CStr::from_ptr(p) }.to_bytes();
        Some(Path::new(OsStr::from_bytes(bytes)))
    }

    /// Whether the ECU is the default for its name (false for an older revision that another
    /// file of the same ECU name shadows).
    pub fn is_default(self) -> bool {
        unsafe { sys::mdd_db_ecu_is_default(self.ptr()) != 0 }
    }

    /// The variants, in stored order.
    pub fn variants(self) -> Layers<'db> {
        let count = unsafe { sys::mdd_db_ecu_variant_count(self.ptr()) };
        let at =
            |ecu: Ecu<'db>, i| Layer::from_raw(unsafe { sys::mdd_db_ecu_variant_at(ecu.ptr(), i) });
        Items::new(self, at, 0, count)
    }

    /// The functional groups, in stored order.
    pub fn functional_groups(self) -> Layers<'db> {
        let count = unsafe { sys::mdd_db_ecu_functional_group_count(self.ptr()) };
        let at = |ecu: Ecu<'db>, i| {
            Layer::from_raw(unsafe { sys::mdd_db_ecu_functional_group_at(ecu.ptr(), i) })
        };
        Items::new(self, at, 0, count)
    }

    /// The base variant (the first marked so, else the first variant), None without variants.
    pub fn base_variant(self) -> Option<Layer<'db>> {
        Layer::from_raw(unsafe { sys::mdd_db_ecu_base_variant(self.ptr()) })
    }

    /// The variant named name, or None.
    pub fn variant(self, name: &str) -> Option<Layer<'db>> {
        let name = c_string("variant name", name.as_bytes()).ok()?;
        Layer::from_raw(unsafe { sys::mdd_db_ecu_find_variant(self.ptr(), name.as_ptr()) })
    }

    /// The functional group named name, or None.
    pub fn functional_group(self, name: &str) -> Option<Layer<'db>> {
        let name = c_string("functional group name", name.as_bytes()).ok()?;
        Layer::from_raw(unsafe { sys::mdd_db_ecu_find_functional_group(self.ptr(), name.as_ptr()) })
    }

    /// The DTCs, in order of trouble code.
    pub fn dtcs(self) -> Dtcs<'db> {
        let count = unsafe { sys::mdd_db_ecu_dtc_count(self.ptr()) };
        Items::new(self, dtc_at, 0, count)
    }

    /// The DTCs with trouble code code.
    pub fn dtcs_by_code(self, code: u32) -> Dtcs<'db> {
        let mut first = 0u32;
        let count = unsafe { sys::mdd_db_ecu_find_dtcs(self.ptr(), code, &mut first) };
        Items::new(self, dtc_at, first, first + count)
    }

    /// The services that variant identification sends, each with the layer it belongs to;
    /// encode their requests with "{}".
    pub fn identification_requests(self) -> Vec<(Layer<'db>, Service<'db>)> {
        let fill = |out: *mut sys::mdd_uds_identify_request, cap: usize| unsafe {
            sys::mdd_uds_identify_requests(self.ptr(), out, cap)
        };
        crate::layer::collect(fill)
            .into_iter()
            .filter_map(|r| Some((Layer::from_raw(r.layer)?, Service::from_raw(r.service))))
            .collect()
    }

    /// Decides the fitted variant from (request, response) pairs of the identification
    /// requests, as the reference adapter does. Fails with Status::NotFound when nothing
    /// matched and the ECU has no base variant.
    pub fn identify(self, exchanges: &[(&[u8], &[u8])]) -> Result<Identity<'db>> {
        let exchanges: Vec<sys::mdd_uds_exchange> = exchanges
            .iter()
            .map(|(req, resp)| sys::mdd_uds_exchange {
                request: req.as_ptr(),
                request_len: req.len(),
                response: resp.as_ptr(),
                response_len: resp.len(),
            })
            .collect();
        let mut out = sys::mdd_uds_identity { variant: ptr::null(), matched: 0 };
        call(|err| unsafe {
            let (xs, n) = (exchanges.as_ptr(), exchanges.len());
            sys::mdd_uds_identify(self.ptr(), xs, n, ptr::null(), &mut out, err)
        })?;
        let variant = Layer::from_raw(out.variant)
            .expect("mdd_uds_identify returned MDD_OK without a variant");
        Ok(Identity { variant, matched: out.matched != 0 })
    }
}

/// DTC i of ecu.
fn dtc_at(ecu: Ecu<'_>, i: u32) -> Option<Dtc<'_>> {
    // SAFETY: a view into the ECU's payload, which lives as long as the database.
    unsafe { Dtc::from_raw(sys::mdd_db_ecu_dtc_at(ecu.ptr(), i)) }
}

impl fmt::Debug for Ecu<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Ecu").field(&self.name()).finish()
    }
}

/// What variant identification decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Identity<'db> {
    /// The first matching variant, else the base variant.
    pub variant: Layer<'db>,
    /// False when no pattern matched and variant is the fallback.
    pub matched: bool,
}

/// A DTC: a trouble code with its names and text (a view into the database).
#[derive(Clone, Copy)]
pub struct Dtc<'db> {
    raw: sys::mdd_dtc,
    _db: PhantomData<&'db ()>,
}

// SAFETY: a view into the immutable payload of a database, which it borrows.
unsafe impl Send for Dtc<'_> {}
unsafe impl Sync for Dtc<'_> {}

impl<'db> Dtc<'db> {
    /// # Safety
    /// raw must be a view into a payload that lives for 'db.
    pub(crate) unsafe fn from_raw(raw: sys::mdd_dtc) -> Option<Dtc<'db>> {
        views::present(raw.t).then_some(Dtc { raw, _db: PhantomData })
    }

    /// The trouble code.
    pub fn code(self) -> u32 {
        views::dtc_trouble_code(self.raw)
    }

    /// Its short name.
    pub fn name(self) -> Str<'db> {
        unsafe { Str::or_empty(views::dtc_short_name(self.raw)) }
    }

    /// How it is displayed ("P0123"), when the DTC says.
    pub fn display_code(self) -> Option<Str<'db>> {
        unsafe { Str::from_c(views::dtc_display_trouble_code(self.raw)) }
    }

    /// Its text, when it has one.
    pub fn text(self) -> Option<Str<'db>> {
        unsafe { Str::from_c(views::dtc_text_value(self.raw)) }
    }

    /// Its level (severity), when it has one.
    pub fn level(self) -> Option<u32> {
        views::dtc_level(self.raw)
    }
}

impl fmt::Debug for Dtc<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Dtc").field("code", &self.code()).field("name", &self.name()).finish()
    }
}
