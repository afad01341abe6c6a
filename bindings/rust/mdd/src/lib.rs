// SPDX-License-Identifier: Apache-2.0
//! libmdd from Rust: open a directory of MDD files (ECU diagnostic databases) as a
//! [`Database`], find an [`Ecu`] and its variants and functional groups ([`Layer`]s), look up the
//! [`Service`]s a UDS request addresses, list [`Dtc`]s, decode responses to a [`Visitor`] or as
//! JSON text and encode messages into a `Vec<u8>`. A [`LiveDatabase`] follows a directory that
//! is updated, each [`Generation`] a database that stays whole while it is held.
//!
//! The database owns the C handle; everything it hands out borrows it: names and texts are
//! [`Str`]s, `&'db [u8]` views into the mapped file (`&'db str` where the bytes are UTF-8), so
//! nothing is copied and nothing outlives the database. Failures are [`Error`]s carrying the
//! library's message (the file, the structure path, the byte offset, the reason).
//!
//! ```
//! # fn main() -> Result<(), mdd::Error> {
//! # let dir = std::env::var("MDD_TEST_CORPUS").expect("MDD_TEST_CORPUS");
//! let db = mdd::Database::open_dir(&dir)?;
//! let ecu = db.ecu("FLXC1000").expect("an ECU named FLXC1000");
//! let variant = ecu.base_variant().expect("a variant");
//! let services = variant.lookup(&[0x22, 0xF1, 0x90]);
//! assert_eq!(services[0].name(), "VINDataIdentifier_Read");
//! let vin = b"\x62\xF1\x90WDD2220011A000001";
//! let json = variant.decode_json(&[0x22, 0xF1, 0x90], vin)?;
//! assert!(json.ends_with(r#""params":{"VIN":"WDD2220011A000001"}}"#));
//! # Ok(())
//! # }
//! ```
//!
//! Use after close does not compile: every handle borrows the database.
//!
//! ```compile_fail,E0505
//! # fn main() -> Result<(), mdd::Error> {
//! # let dir = std::env::var("MDD_TEST_CORPUS").expect("MDD_TEST_CORPUS");
//! let db = mdd::Database::open_dir(&dir)?;
//! let ecu = db.ecu("FLXC1000").expect("an ECU named FLXC1000");
//! db.close();
//! println!("{}", ecu.name()); // error: `db` was moved while `ecu` borrows it
//! # Ok(())
//! # }
//! ```
//!
//! Threads (docs/architecture.md, include/mdd/db.h): a database never changes after it is
//! opened, so a [`Database`] and every handle and view from it are `Send` and `Sync`, and any
//! number of threads look up and decode in it at once. A [`Memo`] is not thread-safe in C: it
//! is `Send` but not `Sync`, and decoding through it takes `&mut`.
//!
//! ```compile_fail,E0277
//! fn shared_between_threads<T: Sync>() {}
//! shared_between_threads::<mdd::Memo>(); // error: a memo is not Sync
//! ```

mod database;
mod ecu;
mod error;
mod items;
mod layer;
mod live;
mod memo;
mod string;
mod uds;
mod views;

pub use database::{Database, OpenOptions, Strategy};
pub use ecu::{Dtc, Ecu, Identity};
pub use error::{Error, Result, Status};
pub use items::{Dtcs, Ecus, Items, Layers, Services};
pub use layer::{Layer, Service};
pub use live::{Generation, LiveDatabase, ReloadStats};
pub use memo::Memo;
pub use string::Str;
pub use uds::{visitor, Decoded, Kind, Message, PathElem, Text, TextEncoding, Value, Visitor};

/// The version of the libmdd this program runs with, for example "0.1.0".
pub fn version() -> &'static str {
    // SAFETY: mdd_version() returns a NUL-terminated string in static storage.
    let v = unsafe { std::ffi::CStr::from_ptr(mdd_sys::mdd_version()) };
    v.to_str().unwrap_or("")
}
