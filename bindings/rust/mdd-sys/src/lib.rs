// SPDX-License-Identifier: Apache-2.0
//! The declarations of libmdd's core C API (`include/mdd/mdd.h` without `MDD_ADVANCED_API`),
//! as bindgen generates them from the headers (`generate.sh`; a test checks they are current).
//! The headers document every function; the safe wrapper is the `mdd` crate. The `static
//! inline` helpers of the headers (the typed views' accessors, the options' `*_default()`)
//! have no symbol, so they are not here.
//!
//! The library is linked as pkg-config's `libmdd` gives it (`pkg-config --libs libmdd`), or,
//! for a build tree that is not installed, from the directory `MDD_LIB_DIR` names.
#![allow(non_camel_case_types, non_upper_case_globals, non_snake_case, dead_code)]

include!("bindings.rs");
