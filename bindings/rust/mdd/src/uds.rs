// SPDX-License-Identifier: Apache-2.0
//! The UDS codec (include/mdd/uds.h): decoding to a visitor or as JSON text, encoding into a
//! Vec<u8>.
use std::any::Any;
use std::fmt;
use std::marker::PhantomData;
use std::os::raw::c_void;
use std::panic::{self, AssertUnwindSafe};
use std::ptr;

use mdd_sys as sys;

use crate::ecu::Dtc;
use crate::error::{call, Error, Result, Status};
use crate::layer::{Layer, Service};
use crate::string::{raw_bytes, Str};

/// Receives the values of a decode in message order, structures and repeated items as
/// begin/end pairs. An error stops the decode, which returns it. Closures
/// `FnMut(&Value<'a>) -> mdd::Result<()>` are visitors (see [`visitor`] for one that keeps
/// borrowed values).
///
/// ```
/// # fn main() -> Result<(), mdd::Error> {
/// # let dir = std::env::var("MDD_TEST_CORPUS").expect("MDD_TEST_CORPUS");
/// # let db = mdd::Database::open_dir(&dir)?;
/// # let variant = db.ecu("FLXC1000").and_then(|e| e.base_variant()).expect("a variant");
/// let mut values = Vec::new();
/// variant.decode(&[0x22, 0xF2, 0x00], &[0x62, 0xF2, 0x00, 0xFF, 0xFF, 0xFB, 0x2E],
///     &mut |v: &mdd::Value| {
///         values.push(format!("{} = {:?}", v.name().unwrap(), v.kind()));
///         Ok(())
///     })?;
/// assert_eq!(values, ["SID_PR = Uint(98)", "DID_PR = Uint(61952)", "PowerConsumption = Int(-1234)"]);
/// # Ok(())
/// # }
/// ```
pub trait Visitor<'a> {
    /// Receives one value, valid during the call (what it borrows from the message and the
    /// database lives for 'a).
    fn visit(&mut self, value: &Value<'a>) -> Result<()>;
}

/// The closure f as a visitor, typed so that what it keeps of the values may live for 'a (a
/// closure written `|v: &Value| ...` in place may keep nothing: its lifetimes are the call's).
///
/// ```
/// # fn main() -> Result<(), mdd::Error> {
/// # let dir = std::env::var("MDD_TEST_CORPUS").expect("MDD_TEST_CORPUS");
/// # let db = mdd::Database::open_dir(&dir)?;
/// # let variant = db.ecu("FLXC1000").and_then(|e| e.base_variant()).expect("a variant");
/// let response = b"\x62\xF1\x90WDD2220011A000001";
/// let mut texts: Vec<&str> = Vec::new(); // borrowed from the response, not copied
/// variant.decode(&[0x22, 0xF1, 0x90], response, &mut mdd::visitor(|v| {
///     if let mdd::Kind::Text(t) = v.kind() {
///         texts.extend(t.as_str());
///     }
///     Ok(())
/// }))?;
/// assert_eq!(texts, ["WDD2220011A000001"]);
/// # Ok(())
/// # }
/// ```
pub fn visitor<'a, F: FnMut(&Value<'a>) -> Result<()>>(f: F) -> F {
    f
}

impl<'a, F: FnMut(&Value<'a>) -> Result<()>> Visitor<'a> for F {
    fn visit(&mut self, value: &Value<'a>) -> Result<()> {
        self(value)
    }
}

/// A decoded value as a visitor sees it: its kind and content, its name path and where its
/// bytes are in the message. Handed out by reference for the visitor's call only: what it
/// yields may be kept, the value itself may not.
///
/// ```compile_fail,E0521
/// # fn main() -> Result<(), mdd::Error> {
/// # let db = mdd::Database::open_dir("databases")?;
/// # let variant = db.ecu("FLXC1000").and_then(|e| e.base_variant()).expect("a variant");
/// let response = b"\x62\xF1\x90WDD2220011A000001";
/// let mut kept = Vec::new();
/// variant.decode(&[0x22, 0xF1, 0x90], response, &mut mdd::visitor(|v| {
///     kept.push(v); // error: the value lives for the call only
///     Ok(())
/// }))?;
/// # Ok(())
/// # }
/// ```
pub struct Value<'a> {
    raw: *const sys::mdd_uds_value,
    _a: PhantomData<&'a [u8]>,
}

/// What a value is, with its content. Texts, byte fields and DTCs borrow the message or the
/// database ('a).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind<'a> {
    /// An unsigned integer.
    Uint(u64),
    /// A signed integer.
    Int(i64),
    /// A float, or a computed physical value.
    Float(f64),
    /// A string or a text-table text.
    Text(Text<'a>),
    /// A byte field.
    Bytes(&'a [u8]),
    /// A trouble code and the DTC its DTC DOP lists with that code (None when it lists none).
    Dtc(u32, Option<Dtc<'a>>),
    /// A structure, list item, MUX or table row begins: named values follow.
    ObjectBegin,
    /// The structure ends.
    ObjectEnd,
    /// Repeated items begin: objects follow.
    ArrayBegin,
    /// The repeated items end.
    ArrayEnd,
}

impl PartialEq for Dtc<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.code() == other.code() && self.name() == other.name()
    }
}

/// How a text's bytes are encoded; decoding has validated them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextEncoding {
    /// UTF-8.
    Utf8,
    /// ISO-8859-1: one byte per code point.
    Latin1,
    /// UTF-16, high byte first.
    Utf16Be,
    /// UTF-16, low byte first.
    Utf16Le,
}

/// A decoded text: its bytes as the message or the database hold them, and their encoding.
/// Prints as the text.
#[derive(Clone, Copy, PartialEq)]
pub struct Text<'a> {
    /// The encoded bytes.
    pub bytes: &'a [u8],
    /// Their encoding.
    pub encoding: TextEncoding,
}

impl<'a> Text<'a> {
    /// The text without copying, when its bytes are UTF-8 (or ASCII in ISO-8859-1).
    pub fn as_str(&self) -> Option<&'a str> {
        match self.encoding {
            TextEncoding::Utf8 => std::str::from_utf8(self.bytes).ok(),
            TextEncoding::Latin1 if self.bytes.is_ascii() => std::str::from_utf8(self.bytes).ok(),
            _ => None,
        }
    }
}

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // UTF-16 code units, high byte first or last (decoding has checked the length is even).
        let units = |be: bool| {
            self.bytes.chunks(2).map(move |p| {
                let pair = [p[0], *p.get(1).unwrap_or(&0)];
                if be {
                    u16::from_be_bytes(pair)
                } else {
                    u16::from_le_bytes(pair)
                }
            })
        };
        let s: String = match self.encoding {
            TextEncoding::Utf8 => String::from_utf8_lossy(self.bytes).into_owned(),
            TextEncoding::Latin1 => self.bytes.iter().map(|&b| char::from(b)).collect(),
            TextEncoding::Utf16Be => {
                char::decode_utf16(units(true)).map(|c| c.unwrap_or('\u{FFFD}')).collect()
            }
            TextEncoding::Utf16Le => {
                char::decode_utf16(units(false)).map(|c| c.unwrap_or('\u{FFFD}')).collect()
            }
        };
        f.write_str(&s)
    }
}

impl fmt::Debug for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.to_string(), f)
    }
}

/// One step of a value's name path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathElem<'a> {
    /// The short name of a parameter, a MUX case or a table row.
    Name(Str<'a>),
    /// The position of an item in repeated items.
    Index(u32),
}

impl<'a> Value<'a> {
    fn raw(&self) -> &sys::mdd_uds_value {
        // SAFETY: a Value exists only during the visitor's call, while the pointer is valid.
        unsafe { &*self.raw }
    }

    /// What the value is, with its content.
    pub fn kind(&self) -> Kind<'a> {
        let v = self.raw();
        // SAFETY: the union member is the one kind names; views point into the message or
        // the database, both alive for 'a.
        unsafe {
            match v.kind {
                sys::mdd_uds_kind_MDD_UDS_UINT => Kind::Uint(v.as_.u),
                sys::mdd_uds_kind_MDD_UDS_INT => Kind::Int(v.as_.i),
                sys::mdd_uds_kind_MDD_UDS_FLOAT => Kind::Float(v.as_.f),
                sys::mdd_uds_kind_MDD_UDS_TEXT => Kind::Text(Text {
                    bytes: raw_bytes(v.as_.text.bytes).unwrap_or(&[]),
                    encoding: encoding(v.as_.text.encoding),
                }),
                sys::mdd_uds_kind_MDD_UDS_BYTES => {
                    Kind::Bytes(raw_bytes(v.as_.bytes).unwrap_or(&[]))
                }
                sys::mdd_uds_kind_MDD_UDS_DTC => {
                    Kind::Dtc(v.as_.dtc.code, Dtc::from_raw(v.as_.dtc.dtc))
                }
                sys::mdd_uds_kind_MDD_UDS_OBJECT_BEGIN => Kind::ObjectBegin,
                sys::mdd_uds_kind_MDD_UDS_OBJECT_END => Kind::ObjectEnd,
                sys::mdd_uds_kind_MDD_UDS_ARRAY_BEGIN => Kind::ArrayBegin,
                _ => Kind::ArrayEnd,
            }
        }
    }

    /// The name path, outermost first; the last step names this value.
    pub fn path(&self) -> impl Iterator<Item = PathElem<'a>> + '_ {
        let v = self.raw();
        let elems: &[sys::mdd_uds_path_elem] = if v.path.is_null() || v.depth == 0 {
            &[]
        } else {
            // SAFETY: path[0..depth) is valid during the call.
            unsafe { std::slice::from_raw_parts(v.path, v.depth as usize) }
        };
        elems.iter().map(|e| match unsafe { Str::from_c(e.name) } {
            Some(name) => PathElem::Name(name),
            None => PathElem::Index(e.index),
        })
    }

    /// The value's own name: the last step of its path when that is a name.
    pub fn name(&self) -> Option<Str<'a>> {
        match self.path().last()? {
            PathElem::Name(name) => Some(name),
            PathElem::Index(_) => None,
        }
    }

    /// How deep it is nested: the length of its path.
    pub fn depth(&self) -> u32 {
        self.raw().depth
    }

    /// Where its bytes start in the message.
    pub fn byte_offset(&self) -> usize {
        self.raw().byte_offset
    }

    /// How many bytes it covers (0 for a begin event; an end event counts the whole object
    /// or array).
    pub fn byte_count(&self) -> usize {
        self.raw().byte_count
    }
}

fn encoding(raw: sys::mdd_uds_text_encoding) -> TextEncoding {
    match raw {
        sys::mdd_uds_text_encoding_MDD_UDS_TEXT_LATIN1 => TextEncoding::Latin1,
        sys::mdd_uds_text_encoding_MDD_UDS_TEXT_UTF16BE => TextEncoding::Utf16Be,
        sys::mdd_uds_text_encoding_MDD_UDS_TEXT_UTF16LE => TextEncoding::Utf16Le,
        _ => TextEncoding::Utf8,
    }
}

/// Which message of a service.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Message {
    /// Its request.
    Request,
    /// Its positive response number n.
    Positive(u32),
    /// Its negative response number n (past its own, the layer's global negative responses).
    Negative(u32),
}

impl Message {
    fn raw(self) -> sys::mdd_uds_message {
        let (kind, index) = match self {
            Message::Request => (sys::mdd_uds_message_kind_MDD_UDS_REQUEST, 0),
            Message::Positive(i) => (sys::mdd_uds_message_kind_MDD_UDS_POSITIVE, i),
            Message::Negative(i) => (sys::mdd_uds_message_kind_MDD_UDS_NEGATIVE, i),
        };
        sys::mdd_uds_message { kind, index }
    }

    fn from_raw(m: sys::mdd_uds_message) -> Message {
        match m.kind {
            sys::mdd_uds_message_kind_MDD_UDS_POSITIVE => Message::Positive(m.index),
            sys::mdd_uds_message_kind_MDD_UDS_NEGATIVE => Message::Negative(m.index),
            _ => Message::Request,
        }
    }
}

/// What a decode found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decoded<'db> {
    /// The service the request selected.
    pub service: Service<'db>,
    /// The response that matched.
    pub message: Message,
    /// The bytes the description covers; the rest of the message is trailing data.
    pub covered: usize,
}

/// The options of a decode: the defaults of mdd_uds_options_default() (a static inline
/// initialiser in C: max_depth 32, max_values 1,000,000) with memo.
pub(crate) fn options_with_memo(memo: *mut sys::mdd_uds_memo) -> sys::mdd_uds_options {
    sys::mdd_uds_options {
        size: std::mem::size_of::<sys::mdd_uds_options>(),
        max_depth: 32,
        max_values: 1_000_000,
        memo,
    }
}

/// What the trampoline hands the visitor and keeps of its failures.
struct VisitCtx<'v, V> {
    visitor: &'v mut V,
    error: Option<Error>,
    panic: Option<Box<dyn Any + Send>>,
}

unsafe extern "C" fn visit_trampoline<'a, V: Visitor<'a>>(
    ctx: *mut c_void,
    value: *const sys::mdd_uds_value,
    _err: *mut sys::mdd_error,
) -> sys::mdd_status {
    let ctx = &mut *(ctx as *mut VisitCtx<'_, V>);
    let value = Value { raw: value, _a: PhantomData };
    // A panic must not unwind through C: it is kept and resumed once the decode returned.
    match panic::catch_unwind(AssertUnwindSafe(|| ctx.visitor.visit(&value))) {
        Ok(Ok(())) => sys::mdd_status_MDD_OK,
        Ok(Err(e)) => {
            let status = e.status().raw();
            ctx.error = Some(e);
            status
        }
        Err(payload) => {
            ctx.panic = Some(payload);
            sys::mdd_status_MDD_ERR_CANCELED
        }
    }
}

/// Decodes response (to request) with layer's description through opts, reporting every
/// value to visitor.
pub(crate) fn decode<'db, 'a, V: Visitor<'a>>(
    layer: Layer<'db>,
    request: &'a [u8],
    response: &'a [u8],
    visitor: &mut V,
    opts: *const sys::mdd_uds_options,
) -> Result<Decoded<'db>> {
    let mut ctx = VisitCtx { visitor, error: None, panic: None };
    let c_visitor = sys::mdd_uds_visitor {
        visit: Some(visit_trampoline::<V>),
        ctx: &mut ctx as *mut VisitCtx<'_, V> as *mut c_void,
    };
    // SAFETY: an all-zero mdd_uds_decoded is a valid (absent) one.
    let mut out: sys::mdd_uds_decoded = unsafe { std::mem::zeroed() };
    let result = call(|err| unsafe {
        sys::mdd_uds_decode(
            layer.ptr(),
            request.as_ptr(),
            request.len(),
            response.as_ptr(),
            response.len(),
            &c_visitor,
            opts,
            &mut out,
            err,
        )
    });
    if let Some(payload) = ctx.panic {
        panic::resume_unwind(payload);
    }
    if let Some(e) = ctx.error {
        return Err(e);
    }
    result?;
    Ok(Decoded {
        service: Service::from_raw(out.service),
        message: Message::from_raw(out.message),
        covered: out.covered,
    })
}

unsafe extern "C" fn vec_sink_write(
    ctx: *mut c_void,
    data: *const u8,
    len: usize,
    _err: *mut sys::mdd_error,
) -> sys::mdd_status {
    let out = &mut *(ctx as *mut Vec<u8>);
    if len == 0 {
        return sys::mdd_status_MDD_OK;
    }
    if out.try_reserve(len).is_err() {
        return sys::mdd_status_MDD_ERR_NOMEM;
    }
    out.extend_from_slice(std::slice::from_raw_parts(data, len));
    sys::mdd_status_MDD_OK
}

/// Decodes as JSON text, as `mdd decode --json` prints it.
pub(crate) fn decode_json(
    layer: Layer<'_>,
    request: &[u8],
    response: &[u8],
    opts: *const sys::mdd_uds_options,
) -> Result<String> {
    let mut json: Vec<u8> = Vec::new();
    let mut sink = sys::mdd_sink {
        write: Some(vec_sink_write),
        ctx: &mut json as *mut Vec<u8> as *mut c_void,
    };
    call(|err| unsafe {
        sys::mdd_uds_decode_json(
            layer.ptr(),
            request.as_ptr(),
            request.len(),
            response.as_ptr(),
            response.len(),
            opts,
            &mut sink,
            err,
        )
    })?;
    String::from_utf8(json).map_err(|_| Error::new(Status::Format, "the decoded JSON is not UTF-8"))
}

impl<'db> Layer<'db> {
    /// Decodes response, the answer to request: finds the service by the request (most
    /// specific first), then the response whose constants match, and reports every value to
    /// visitor. Fails with Status::NotFound when no service or response matches,
    /// Status::Format for a message its description cannot read, or the visitor's error; the
    /// message names the parameter path and the byte offset.
    pub fn decode<'a, V: Visitor<'a>>(
        self,
        request: &'a [u8],
        response: &'a [u8],
        visitor: &mut V,
    ) -> Result<Decoded<'db>>
    where
        'db: 'a,
    {
        decode(self, request, response, visitor, ptr::null())
    }

    /// Decodes as [`Layer::decode`] into one JSON object with the reference adapter's value
    /// conventions (docs/codec.md, "JSON"), as `mdd decode --json` prints it.
    pub fn decode_json(self, request: &[u8], response: &[u8]) -> Result<String> {
        decode_json(self, request, response, ptr::null())
    }

    /// Encodes a message of service from values, a JSON object mapping parameter short names
    /// to values in the shapes decoding produces (constants and lengths are filled in,
    /// parameters not given take their defaults). request is the triggering request, for a
    /// response with matching-request parameters (else empty). Fails with Status::Arg naming
    /// the parameter for malformed JSON or a wrong, out-of-range, unknown or missing value.
    ///
    /// ```
    /// # fn main() -> Result<(), mdd::Error> {
    /// # let dir = std::env::var("MDD_TEST_CORPUS").expect("MDD_TEST_CORPUS");
    /// # let db = mdd::Database::open_dir(&dir)?;
    /// # let variant = db.ecu("FLXC1000").and_then(|e| e.base_variant()).expect("a variant");
    /// let service = variant.service("Extended_Start").expect("a service");
    /// assert_eq!(variant.encode(service, mdd::Message::Request, &[], "{}")?, [0x10, 0x03]);
    /// # Ok(())
    /// # }
    /// ```
    pub fn encode(
        self,
        service: Service<'db>,
        message: Message,
        request: &[u8],
        values: &str,
    ) -> Result<Vec<u8>> {
        let msg = message.raw();
        let req = if request.is_empty() { ptr::null() } else { request.as_ptr() };
        let mut out: Vec<u8> = Vec::with_capacity(64);
        loop {
            let (mut needed, cap) = (0usize, out.capacity());
            let json = values.as_ptr() as *const std::os::raw::c_char;
            let result = call(|err| unsafe {
                sys::mdd_uds_encode(
                    self.ptr(),
                    &service.raw,
                    &msg,
                    req,
                    request.len(),
                    json,
                    values.len(),
                    ptr::null(),
                    out.as_mut_ptr(),
                    cap,
                    &mut needed,
                    err,
                )
            });
            match result {
                Err(e) if e.status() == Status::Limit && needed > cap => out.reserve_exact(needed),
                Err(e) => return Err(e),
                Ok(()) => {
                    // SAFETY: the call wrote needed <= capacity bytes.
                    unsafe { out.set_len(needed) };
                    return Ok(out);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Text, TextEncoding};

    fn text(bytes: &[u8], encoding: TextEncoding) -> String {
        Text { bytes, encoding }.to_string()
    }

    #[test]
    fn texts_print_in_their_encoding() {
        // "Grüße €": ü is U+00FC, ß U+00DF, € U+20AC (not in ISO-8859-1).
        let utf8 = "Grüße €".as_bytes();
        assert_eq!(text(utf8, TextEncoding::Utf8), "Grüße €");
        assert_eq!(text(b"Gr\xFC\xDFe", TextEncoding::Latin1), "Grüße");
        let be = [0, b'G', 0, b'r', 0, 0xFC, 0, 0xDF, 0, b'e', 0, b' ', 0x20, 0xAC];
        assert_eq!(text(&be, TextEncoding::Utf16Be), "Grüße €");
        let le: Vec<u8> = be.chunks(2).flat_map(|p| [p[1], p[0]]).collect();
        assert_eq!(text(&le, TextEncoding::Utf16Le), "Grüße €");
        // U+1F600 as a surrogate pair, high-low.
        assert_eq!(text(&[0xD8, 0x3D, 0xDE, 0x00], TextEncoding::Utf16Be), "\u{1F600}");
    }

    #[test]
    fn texts_borrow_when_they_can() {
        let t = Text { bytes: b"VIN", encoding: TextEncoding::Latin1 };
        assert_eq!(t.as_str(), Some("VIN"));
        assert_eq!(Text { bytes: b"\xFC", encoding: TextEncoding::Latin1 }.as_str(), None);
        assert_eq!(Text { bytes: b"\0V", encoding: TextEncoding::Utf16Be }.as_str(), None);
    }
}
