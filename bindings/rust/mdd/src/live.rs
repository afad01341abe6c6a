// SPDX-License-Identifier: Apache-2.0
//! LiveDatabase: a directory followed while it is updated (include/mdd/db.h, "Live databases").
use std::marker::PhantomData;
use std::mem::ManuallyDrop;
use std::ops::Deref;
use std::path::Path;
use std::ptr::NonNull;

use mdd_sys as sys;

use crate::database::{Database, OpenOptions};
use crate::error::{call, Result};

/// A database that follows the *.mdd files of a directory (`mdd_db_live`): [`reload`] opens
/// and verifies what changed and swaps the new generation in at once; a reader holds a
/// generation from [`acquire`] until the [`Generation`] drops, so every lookup sees one
/// generation whole. It closes when dropped, after every generation borrowed from it.
///
/// Acquiring, releasing and reloading are safe from any number of threads at once (reloads
/// take turns), and closing happens once nothing else can call: it is `Send` and `Sync`, and
/// so is a `Generation`.
///
/// [`reload`]: LiveDatabase::reload
/// [`acquire`]: LiveDatabase::acquire
pub struct LiveDatabase {
    raw: NonNull<sys::mdd_db_live>,
}

// SAFETY: include/mdd/db.h: mdd_db_live_acquire() is "safe from any number of threads, also
// while a reload runs", reloads "take turns", and close must not run at the same time as any
// other call, which dropping (it takes the only owner) guarantees.
unsafe impl Send for LiveDatabase {}
unsafe impl Sync for LiveDatabase {}

/// What a reload did, file by file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReloadStats {
    /// New or changed files opened, verified and taken.
    pub loaded: usize,
    /// Files whose ECU the new generation shares with the old one.
    pub unchanged: usize,
    /// Files gone from the directory.
    pub removed: usize,
    /// Files refused (the new generation's report says why).
    pub refused: usize,
    /// Whether a new generation was swapped in.
    pub published: bool,
}

impl LiveDatabase {
    pub(crate) fn from_raw(raw: NonNull<sys::mdd_db_live>) -> LiveDatabase {
        LiveDatabase { raw }
    }

    /// Opens dir with the default settings: see [`OpenOptions::open_live_dir`]. Unlike
    /// [`Database::open_dir`], it reads and keeps the directory's downgrade history.
    pub fn open_dir(dir: impl AsRef<Path>) -> Result<LiveDatabase> {
        OpenOptions::new().open_live_dir(dir)
    }

    /// The current generation, held until the returned guard drops; it derefs to a
    /// [`Database`].
    pub fn acquire(&self) -> Generation<'_> {
        let db = unsafe { sys::mdd_db_live_acquire(self.raw.as_ptr()) };
        let db = NonNull::new(db as *mut sys::mdd_db).expect("mdd_db_live_acquire returned NULL");
        Generation { db: ManuallyDrop::new(Database::from_raw(db)), _live: PhantomData }
    }

    /// Reads the directory again and publishes the next generation when anything changed;
    /// files that fail or go back to an older revision are refused and their old version
    /// keeps serving. Fails, publishing nothing, when the directory cannot be read.
    pub fn reload(&self) -> Result<ReloadStats> {
        // SAFETY: a plain C struct of integers, all-zero valid.
        let mut s: sys::mdd_db_reload_stats = unsafe { std::mem::zeroed() };
        call(|err| unsafe { sys::mdd_db_live_reload(self.raw.as_ptr(), &mut s, err) })?;
        Ok(ReloadStats {
            loaded: s.loaded,
            unchanged: s.unchanged,
            removed: s.removed,
            refused: s.refused,
            published: s.published != 0,
        })
    }
}

impl Drop for LiveDatabase {
    fn drop(&mut self) {
        // SAFETY: ours, and no generation borrowed from it is alive.
        unsafe { sys::mdd_db_live_close(self.raw.as_ptr()) }
    }
}

/// A hold on one generation of a live database: a [`Database`] for every lookup, released when
/// dropped.
pub struct Generation<'live> {
    db: ManuallyDrop<Database>,
    _live: PhantomData<&'live LiveDatabase>,
}

impl Deref for Generation<'_> {
    type Target = Database;

    fn deref(&self) -> &Database {
        &self.db
    }
}

impl Drop for Generation<'_> {
    fn drop(&mut self) {
        // SAFETY: the hold is ours; nothing borrowed from the generation is alive.
        unsafe { sys::mdd_db_live_release(self.db.ptr()) }
    }
}
