// SPDX-License-Identifier: Apache-2.0
//! Database: a directory (or list) of MDD files opened as one database of ECUs.
use std::ffi::CString;
use std::marker::PhantomData;
use std::mem::size_of;
use std::os::raw::{c_char, c_int};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::ptr::{self, NonNull};

use mdd_sys as sys;

use crate::ecu::Ecu;
use crate::error::{c_string, call, Result};
use crate::items::{Ecus, Items};
use crate::live::LiveDatabase;

/// A database of ECUs: MDD files loaded, verified and indexed (`mdd_db`). It owns the C
/// handle and closes it when dropped; every ECU, layer, service and view from it borrows it.
///
/// A database never changes after it is opened: it is `Send` and `Sync`, and any number of
/// threads may look up and decode in it at once without locks.
pub struct Database {
    raw: NonNull<sys::mdd_db>,
}

// SAFETY: include/mdd/db.h: "A database never changes after it is opened: any number of
// threads may call the lookups below at once without locks"; nothing in it belongs to the
// thread that opened it, so it may also be closed on another.
unsafe impl Send for Database {}
unsafe impl Sync for Database {}

/// How each file is loaded (include/mdd/load.h).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// One allocation per file, decoded at open.
    Heap,
    /// A decoded copy beside the file (`FILE.mdd.fb`), mapped read-only.
    Sidecar,
    /// The file itself, decompressed in place once, crash-safely, then mapped read-only (the
    /// library's default).
    Inplace,
    /// The converted file read with explicit I/O into a bounded cache.
    Pread,
}

impl Strategy {
    fn raw(self) -> sys::mdd_strategy {
        match self {
            Strategy::Heap => sys::mdd_strategy_MDD_STRATEGY_HEAP,
            Strategy::Sidecar => sys::mdd_strategy_MDD_STRATEGY_SIDECAR,
            Strategy::Inplace => sys::mdd_strategy_MDD_STRATEGY_INPLACE,
            Strategy::Pread => sys::mdd_strategy_MDD_STRATEGY_PREAD,
        }
    }
}

/// Settings for opening a database; what is not set keeps the library's default.
///
/// ```
/// # fn main() -> Result<(), mdd::Error> {
/// # let dir = std::env::var("MDD_TEST_CORPUS").expect("MDD_TEST_CORPUS");
/// use mdd::{OpenOptions, Strategy};
/// let db = OpenOptions::new().strategy(Strategy::Heap).verify(false).open_dir(&dir)?;
/// assert_eq!(db.ecus().len(), 7);
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Debug, Default)]
pub struct OpenOptions {
    strategy: Option<Strategy>,
    verify: Option<bool>,
}

impl OpenOptions {
    /// The defaults: inplace, verified (every chunk's SHA-512, the FlatBuffers payload).
    pub fn new() -> OpenOptions {
        OpenOptions::default()
    }

    /// How each file is loaded.
    pub fn strategy(mut self, strategy: Strategy) -> OpenOptions {
        self.strategy = Some(strategy);
        self
    }

    /// Whether the files are verified at open (default true).
    pub fn verify(mut self, verify: bool) -> OpenOptions {
        self.verify = Some(verify);
        self
    }

    /// Opens the regular files named *.mdd in dir (not recursing) as one database.
    pub fn open_dir(&self, dir: impl AsRef<Path>) -> Result<Database> {
        let dir = c_string("directory", dir.as_ref().as_os_str().as_bytes())?;
        let opts = self.c_options();
        open_with(|out, err| unsafe {
            sys::mdd_db_open_dir(dir.as_ptr(), opts_ptr(&opts), out, err)
        })
    }

    /// Opens the given MDD files as one database.
    pub fn open<P: AsRef<Path>>(&self, paths: &[P]) -> Result<Database> {
        let paths = paths
            .iter()
            .map(|p| c_string("path", p.as_ref().as_os_str().as_bytes()))
            .collect::<Result<Vec<CString>>>()?;
        let ptrs: Vec<*const c_char> = paths.iter().map(|p| p.as_ptr()).collect();
        let opts = self.c_options();
        open_with(|out, err| unsafe {
            sys::mdd_db_open(ptrs.as_ptr(), ptrs.len(), opts_ptr(&opts), out, err)
        })
    }

    /// Opens dir as a live database: see [`LiveDatabase`].
    pub fn open_live_dir(&self, dir: impl AsRef<Path>) -> Result<LiveDatabase> {
        let dir = c_string("directory", dir.as_ref().as_os_str().as_bytes())?;
        let opts = self.c_options();
        let mut out = ptr::null_mut();
        call(|err| unsafe {
            sys::mdd_db_live_open_dir(dir.as_ptr(), opts_ptr(&opts), &mut out, err)
        })?;
        let raw = NonNull::new(out).expect("mdd_db_live_open_dir returned MDD_OK without one");
        Ok(LiveDatabase::from_raw(raw))
    }

    /// The options struct, None for the defaults. It sets only its leading fields and says so in
    /// its sizes (include/mdd/status.h, "Options": the library takes the defaults for the rest),
    /// so no default of the library is repeated here but the strategy's when only verify is set.
    fn c_options(&self) -> Option<sys::mdd_db_options> {
        if self.strategy.is_none() && self.verify.is_none() {
            return None;
        }
        // SAFETY: a plain C struct of integers and pointers, all-zero valid.
        let mut o: sys::mdd_db_options = unsafe { std::mem::zeroed() };
        o.store.strategy = self.strategy.unwrap_or(Strategy::Inplace).raw();
        let store_start = field_offset(&o, &o.store);
        let last_end = match self.verify {
            Some(verify) => {
                o.store.verify = c_int::from(verify);
                field_offset(&o.store, &o.store.verify) + size_of::<c_int>()
            }
            None => field_offset(&o.store, &o.store.strategy) + size_of::<sys::mdd_strategy>(),
        };
        o.store.size = last_end;
        o.size = store_start + last_end;
        Some(o)
    }
}

/// The offset of field inside s.
fn field_offset<S, F>(s: &S, field: &F) -> usize {
    field as *const F as usize - s as *const S as usize
}

fn opts_ptr(opts: &Option<sys::mdd_db_options>) -> *const sys::mdd_db_options {
    opts.as_ref().map_or(ptr::null(), |o| o as *const _)
}

/// Runs an open call and takes the database it made.
fn open_with(
    f: impl FnOnce(*mut *mut sys::mdd_db, *mut sys::mdd_error) -> sys::mdd_status,
) -> Result<Database> {
    let mut out = ptr::null_mut();
    call(|err| f(&mut out, err))?;
    let raw = NonNull::new(out).expect("mdd_db_open returned MDD_OK without a database");
    Ok(Database { raw })
}

impl Database {
    /// A database over a handle from the library. Who closes it is the caller's business: a
    /// generation of a live database is released, not closed (ManuallyDrop).
    pub(crate) fn from_raw(raw: NonNull<sys::mdd_db>) -> Database {
        Database { raw }
    }

    pub(crate) fn ptr(&self) -> *const sys::mdd_db {
        self.raw.as_ptr()
    }

    /// Opens the *.mdd files of dir with the default settings: see [`OpenOptions::open_dir`].
    /// Fails naming the first file that does not open, verify or index.
    pub fn open_dir(dir: impl AsRef<Path>) -> Result<Database> {
        OpenOptions::new().open_dir(dir)
    }

    /// Opens the given files with the default settings: see [`OpenOptions::open`].
    pub fn open<P: AsRef<Path>>(paths: &[P]) -> Result<Database> {
        OpenOptions::new().open(paths)
    }

    /// Closes the database (as dropping it does). Everything borrowed from it must be gone
    /// first, which the compiler checks.
    pub fn close(self) {}

    /// The ECUs in byte order of their names.
    pub fn ecus(&self) -> Ecus<'_> {
        let count = unsafe { sys::mdd_db_ecu_count(self.raw.as_ptr()) };
        let at = |db: &Database, i| {
            Ecu::from_raw(unsafe { sys::mdd_db_ecu_at(db.raw.as_ptr(), i as usize) })
        };
        Items::new(self, at, 0, count as u32)
    }

    /// The ECU named name (the newest revision when several files declare it), or None.
    pub fn ecu(&self, name: &str) -> Option<Ecu<'_>> {
        let name = c_string("ECU name", name.as_bytes()).ok()?;
        Ecu::from_raw(unsafe { sys::mdd_db_find_ecu(self.raw.as_ptr(), name.as_ptr()) })
    }

    /// The ECU opened from path (as given, or "dir/name" for a directory), or None.
    pub fn ecu_by_path(&self, path: impl AsRef<Path>) -> Option<Ecu<'_>> {
        let path = c_string("path", path.as_ref().as_os_str().as_bytes()).ok()?;
        Ecu::from_raw(unsafe { sys::mdd_db_find_ecu_path(self.raw.as_ptr(), path.as_ptr()) })
    }
}

impl Drop for Database {
    fn drop(&mut self) {
        // SAFETY: the handle is ours, and nothing borrowed from it is alive.
        unsafe { sys::mdd_db_close(self.raw.as_ptr()) }
    }
}

/// A handle the database owns, for as long as it lives ('db).
pub(crate) struct Handle<'db, T> {
    pub(crate) raw: NonNull<T>,
    _db: PhantomData<&'db Database>,
}

impl<'db, T> Handle<'db, T> {
    pub(crate) fn new(raw: *const T) -> Option<Handle<'db, T>> {
        NonNull::new(raw as *mut T).map(|raw| Handle { raw, _db: PhantomData })
    }

    pub(crate) fn ptr(&self) -> *const T {
        self.raw.as_ptr()
    }
}

impl<T> Clone for Handle<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Handle<'_, T> {}

impl<T> PartialEq for Handle<'_, T> {
    fn eq(&self, other: &Self) -> bool {
        self.raw == other.raw
    }
}

impl<T> Eq for Handle<'_, T> {}

// SAFETY: a handle points into an immutable database (see Database), which it borrows.
unsafe impl<T> Send for Handle<'_, T> {}
unsafe impl<T> Sync for Handle<'_, T> {}
