// SPDX-License-Identifier: Apache-2.0
//! The few typed-view accessors of include/mdd/ecu_views.h that the wrapper reads. In C they are
//! static inline calls of the exported FlatBuffers primitives (no symbol to bind), so they are
//! written here the same way, with the field ids of schema/ecu_data.fbs, which the file format
//! fixes (a FlatBuffers field keeps its id for good).
use mdd_sys as sys;

// SAFETY (every function): the primitives check each read against the view's buffer and read
// nothing else, whatever the view holds.

/// DiagService.diag_comm (field 0).
pub(crate) fn diag_service_diag_comm(s: sys::mdd_diag_service) -> sys::mdd_fb_table {
    unsafe { sys::mdd_fb_table_field(s.t, 0) }
}

/// DiagComm.short_name (field 0).
pub(crate) fn diag_comm_short_name(c: sys::mdd_fb_table) -> sys::mdd_bytes {
    unsafe { sys::mdd_fb_string_field(c, 0) }
}

/// DiagComm.semantic (field 2).
pub(crate) fn diag_comm_semantic(c: sys::mdd_fb_table) -> sys::mdd_bytes {
    unsafe { sys::mdd_fb_string_field(c, 2) }
}

/// DTC.short_name (field 0).
pub(crate) fn dtc_short_name(d: sys::mdd_dtc) -> sys::mdd_bytes {
    unsafe { sys::mdd_fb_string_field(d.t, 0) }
}

/// DTC.trouble_code (field 1, default 0).
pub(crate) fn dtc_trouble_code(d: sys::mdd_dtc) -> u32 {
    unsafe { sys::mdd_fb_u32(d.t, 1, 0) }
}

/// DTC.display_trouble_code (field 2).
pub(crate) fn dtc_display_trouble_code(d: sys::mdd_dtc) -> sys::mdd_bytes {
    unsafe { sys::mdd_fb_string_field(d.t, 2) }
}

/// DTC.text (field 3), a Text table, and its value (field 0).
pub(crate) fn dtc_text_value(d: sys::mdd_dtc) -> sys::mdd_bytes {
    unsafe { sys::mdd_fb_string_field(sys::mdd_fb_table_field(d.t, 3), 0) }
}

/// DTC.level (field 4, optional).
pub(crate) fn dtc_level(d: sys::mdd_dtc) -> Option<u32> {
    let mut level = 0u32;
    (unsafe { sys::mdd_fb_opt_u32(d.t, 4, &mut level) } != 0).then_some(level)
}

/// Whether a table view is present (pos 0 means absent).
pub(crate) fn present(t: sys::mdd_fb_table) -> bool {
    t.pos != 0
}
