// SPDX-License-Identifier: Apache-2.0
//! Items: what the C API hands out by index (ECUs, layers, services, DTCs) as iterators.
use crate::database::Database;
use crate::ecu::{Dtc, Ecu};
use crate::layer::{Layer, Service};

/// The items at indexes [next, end) of a source (a database, an ECU, a layer), in index order.
#[derive(Clone)]
pub struct Items<S, T> {
    src: S,
    get: fn(S, u32) -> Option<T>,
    next: u32,
    end: u32,
}

impl<S: Copy, T> Items<S, T> {
    /// The items get returns for src at [next, end).
    pub(crate) fn new(src: S, get: fn(S, u32) -> Option<T>, next: u32, end: u32) -> Items<S, T> {
        Items { src, get, next, end }
    }
}

impl<S: Copy, T> Iterator for Items<S, T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        while self.next < self.end {
            self.next += 1;
            if let Some(item) = (self.get)(self.src, self.next - 1) {
                return Some(item);
            }
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.end - self.next) as usize;
        (left, Some(left))
    }
}

impl<S: Copy, T> ExactSizeIterator for Items<S, T> {}

/// The ECUs of a database, in byte order of their names.
pub type Ecus<'db> = Items<&'db Database, Ecu<'db>>;
/// The variants or functional groups of an ECU, in stored order.
pub type Layers<'db> = Items<Ecu<'db>, Layer<'db>>;
/// The effective services of a layer, in byte order of their names.
pub type Services<'db> = Items<Layer<'db>, Service<'db>>;
/// DTCs of an ECU, in order of trouble code.
pub type Dtcs<'db> = Items<Ecu<'db>, Dtc<'db>>;
