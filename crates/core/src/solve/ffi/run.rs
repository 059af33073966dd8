//! Running HiGHS (solve, presolve) and reading what a run left: model status, sizes, counters
//! and times.

use super::{count, ok, ok_or_warning, Handle};
use crate::solve::SolveError;
use highs::HighsModelStatus;
use highs_sys as sys;
use highs_sys::HighsInt;
use std::ffi::CStr;

/// Runs HiGHS on the model (`Highs_run`); a warning (time limit, iteration limit) is an
/// ordinary end, read through [`model_status`].
pub(crate) fn run(h: &mut impl Handle) -> Result<(), SolveError> {
    // SAFETY: live instance.
    ok_or_warning(unsafe { sys::Highs_run(h.ptr()) }, "solve")
}

/// Runs HiGHS's presolve alone (`Highs_presolve`).
pub(crate) fn presolve(h: &mut impl Handle) -> Result<(), SolveError> {
    // SAFETY: live instance.
    ok_or_warning(unsafe { sys::Highs_presolve(h.ptr()) }, "presolve")
}

/// Columns, rows and nonzeros of the presolved model (after [`presolve`]).
pub(crate) fn presolved_size(h: &mut impl Handle) -> (usize, usize, usize) {
    let ptr = h.ptr();
    // SAFETY: live instance; these getters only read counts.
    let (c, r, nz) = unsafe {
        (
            sys::Highs_getPresolvedNumCol(ptr),
            sys::Highs_getPresolvedNumRow(ptr),
            sys::Highs_getPresolvedNumNz(ptr),
        )
    };
    (count(c), count(r), count(nz))
}

/// The model status after a run.
pub(crate) fn model_status(h: &mut impl Handle) -> Result<HighsModelStatus, SolveError> {
    // SAFETY: live instance; HiGHS returns a model status code for any instance.
    let code = unsafe { sys::Highs_getModelStatus(h.ptr()) };
    HighsModelStatus::try_from(code).map_err(|_| SolveError::UnexpectedModelStatus {
        what: "a run",
        status: code.to_string(),
    })
}

/// Columns, rows and nonzeros of the model HiGHS holds.
pub(crate) fn size(h: &mut impl Handle) -> (usize, usize, usize) {
    let ptr = h.ptr();
    // SAFETY: live instance; these getters only read counts.
    let (c, r, nz) = unsafe {
        (
            sys::Highs_getNumCol(ptr),
            sys::Highs_getNumRow(ptr),
            sys::Highs_getNumNz(ptr),
        )
    };
    (count(c), count(r), count(nz))
}

/// A 64-bit info value (the node count, which the 32-bit getter refuses).
pub(crate) fn int64_info(h: &mut impl Handle, name: &'static CStr) -> Result<i64, SolveError> {
    let mut value: i64 = -1;
    // SAFETY: live instance; `name` is NUL-terminated; `value` outlives the call.
    let status = unsafe { sys::Highs_getInt64InfoValue(h.ptr(), name.as_ptr(), &mut value) };
    ok(status, "read a 64-bit info value").map(|()| value)
}

/// A 32-bit info value (the simplex iterations).
pub(crate) fn int_info(h: &mut impl Handle, name: &'static CStr) -> Result<i64, SolveError> {
    let mut value: HighsInt = -1;
    // SAFETY: as in `int64_info`.
    let status = unsafe { sys::Highs_getIntInfoValue(h.ptr(), name.as_ptr(), &mut value) };
    ok(status, "read an info value").map(|()| i64::from(value))
}

/// A floating-point info value (`mip_dual_bound`, `mip_gap`).
pub(crate) fn double_info(h: &mut impl Handle, name: &'static CStr) -> Result<f64, SolveError> {
    let mut value: f64 = f64::NAN;
    // SAFETY: as in `int64_info`.
    let status = unsafe { sys::Highs_getDoubleInfoValue(h.ptr(), name.as_ptr(), &mut value) };
    ok(status, "read a floating-point info value").map(|()| value)
}

/// HiGHS's own run clock in seconds (it keeps running across the runs of one instance).
pub(crate) fn run_time(h: &mut impl Handle) -> f64 {
    // SAFETY: live instance; a plain getter.
    unsafe { sys::Highs_getRunTime(h.ptr()) }
}
