// SPDX-License-Identifier: Apache-2.0
//! Layer: a variant or functional group of an ECU, and its effective services.
use std::fmt;
use std::marker::PhantomData;

use mdd_sys as sys;

use crate::database::Handle;
use crate::ecu::Ecu;
use crate::error::c_string;
use crate::items::{Items, Services};
use crate::string::Str;
use crate::views;

/// A variant or a functional group of an ECU (`mdd_db_layer`): its effective services (its own
/// and the inherited ones), found by request, service id, sub-function or name; the codec
/// works on it ([`Layer::decode`], [`Layer::encode`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Layer<'db> {
    h: Handle<'db, sys::mdd_db_layer>,
}

impl<'db> Layer<'db> {
    pub(crate) fn from_raw(raw: *const sys::mdd_db_layer) -> Option<Layer<'db>> {
        Handle::new(raw).map(|h| Layer { h })
    }

    pub(crate) fn ptr(self) -> *const sys::mdd_db_layer {
        self.h.ptr()
    }

    /// The layer's short name.
    pub fn name(self) -> Str<'db> {
        unsafe { Str::or_empty(sys::mdd_db_layer_name(self.ptr())) }
    }

    /// The ECU it belongs to.
    pub fn ecu(self) -> Ecu<'db> {
        Ecu::from_raw(unsafe { sys::mdd_db_layer_ecu(self.ptr()) }).expect("a layer without an ECU")
    }

    /// True for a variant, false for a functional group.
    pub fn is_variant(self) -> bool {
        views::present(unsafe { sys::mdd_db_layer_variant(self.ptr()) }.t)
    }

    /// The effective services, in byte order of their names.
    pub fn services(self) -> Services<'db> {
        let count = unsafe { sys::mdd_db_layer_service_count(self.ptr()) };
        let at = |layer: Layer<'db>, i| {
            Some(Service::from_raw(unsafe { sys::mdd_db_layer_service_at(layer.ptr(), i) }))
        };
        Items::new(self, at, 0, count)
    }

    /// The effective service named name exactly, or None.
    pub fn service(self, name: &str) -> Option<Service<'db>> {
        let name = c_string("service name", name.as_bytes()).ok()?;
        let mut out = sys::mdd_db_service { service: absent_service(), prefix: no_prefix() };
        let found = unsafe { sys::mdd_db_layer_find_service(self.ptr(), name.as_ptr(), &mut out) };
        (found != 0).then_some(Service::from_raw(out))
    }

    /// The services whose request prefix matches request, most specific first: the first is
    /// the one to send.
    pub fn lookup(self, request: &[u8]) -> Vec<Service<'db>> {
        self.services_of(|out, cap| unsafe {
            sys::mdd_db_layer_lookup_request(self.ptr(), request.as_ptr(), request.len(), out, cap)
        })
    }

    /// The services whose request starts with the service id sid.
    pub fn lookup_sid(self, sid: u8) -> Vec<Service<'db>> {
        self.services_of(|out, cap| unsafe {
            sys::mdd_db_layer_lookup_sid(self.ptr(), sid, out, cap)
        })
    }

    /// The services whose request starts with sid and the sub-function byte subfunction (the
    /// suppress-positive-response bit 0x80 ignored).
    pub fn lookup_subfunction(self, sid: u8, subfunction: u8) -> Vec<Service<'db>> {
        self.services_of(|out, cap| unsafe {
            sys::mdd_db_layer_lookup_subfunction(self.ptr(), sid, subfunction, out, cap)
        })
    }

    /// The services named name, ASCII letters compared without case.
    pub fn lookup_name(self, name: &str) -> Vec<Service<'db>> {
        let name = match c_string("service name", name.as_bytes()) {
            Ok(name) => name,
            Err(_) => return Vec::new(),
        };
        self.services_of(|out, cap| unsafe {
            sys::mdd_db_layer_lookup_name(self.ptr(), name.as_ptr(), out, cap)
        })
    }

    fn services_of(
        self,
        fill: impl Fn(*mut sys::mdd_db_service, usize) -> usize,
    ) -> Vec<Service<'db>> {
        collect(fill).into_iter().map(Service::from_raw).collect()
    }
}

impl fmt::Debug for Layer<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Layer").field(&self.name()).finish()
    }
}

/// Everything a lookup of the C API finds: it writes the first min(total, cap) entries to out
/// and returns total, so a second call with room for all of them completes a first that had
/// too little (the database does not change in between).
pub(crate) fn collect<T>(fill: impl Fn(*mut T, usize) -> usize) -> Vec<T> {
    let mut v: Vec<T> = Vec::with_capacity(8);
    loop {
        let total = fill(v.as_mut_ptr(), v.capacity());
        if total <= v.capacity() {
            // SAFETY: the call wrote the first total entries.
            unsafe { v.set_len(total) };
            return v;
        }
        v.reserve_exact(total);
    }
}

fn absent_service() -> sys::mdd_diag_service {
    sys::mdd_diag_service { t: sys::mdd_fb_table { buf: std::ptr::null(), len: 0, pos: 0 } }
}

fn no_prefix() -> sys::mdd_request_prefix {
    sys::mdd_request_prefix { bytes: std::ptr::null(), len: 0 }
}

/// An effective service of a layer with its request prefix (`mdd_db_service`), a view into
/// the database.
#[derive(Clone, Copy)]
pub struct Service<'db> {
    pub(crate) raw: sys::mdd_db_service,
    _db: PhantomData<&'db ()>,
}

// SAFETY: a view into the immutable payload and index of a database, which it borrows.
unsafe impl Send for Service<'_> {}
unsafe impl Sync for Service<'_> {}

impl<'db> Service<'db> {
    pub(crate) fn from_raw(raw: sys::mdd_db_service) -> Service<'db> {
        Service { raw, _db: PhantomData }
    }

    /// Its short name (DiagComm short_name).
    pub fn name(self) -> Str<'db> {
        let comm = views::diag_service_diag_comm(self.raw.service);
        unsafe { Str::or_empty(views::diag_comm_short_name(comm)) }
    }

    /// Its semantic ("DATA", "SESSION", ...), when it has one.
    pub fn semantic(self) -> Option<Str<'db>> {
        let comm = views::diag_service_diag_comm(self.raw.service);
        unsafe { Str::from_c(views::diag_comm_semantic(comm)) }
    }

    /// The constant leading bytes of its request, which lookups match.
    pub fn request_prefix(self) -> &'db [u8] {
        let p = self.raw.prefix;
        if p.bytes.is_null() {
            &[]
        } else {
            // SAFETY: the database's index holds the prefix for as long as it lives.
            unsafe { std::slice::from_raw_parts(p.bytes, p.len) }
        }
    }
}

impl PartialEq for Service<'_> {
    fn eq(&self, other: &Self) -> bool {
        let (a, b) = (self.raw.service.t, other.raw.service.t);
        a.buf == b.buf && a.pos == b.pos && self.request_prefix() == other.request_prefix()
    }
}

impl fmt::Debug for Service<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Service").field(&self.name()).finish()
    }
}
