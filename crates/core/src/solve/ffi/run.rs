//! Running HiGHS (solve, presolve) and reading what a run left: model status, sizes, counters
//! and times.

use super::c_api::{self, to_usize};
use super::{ok, ok_or_warning, Handle};
use crate::solve::SolveError;
use highs::HighsModelStatus;
use std::ffi::CStr;

/// Runs HiGHS on the model (`Highs_run`); a warning (time limit, iteration limit) is an
/// ordinary end, read through [`model_status`].
pub(crate) fn run(h: &mut impl Handle) -> Result<(), SolveError> {
    ok_or_warning(c_api::run(h), "solve")
}

/// Runs HiGHS's presolve alone (`Highs_presolve`).
pub(crate) fn presolve(h: &mut impl Handle) -> Result<(), SolveError> {
    ok_or_warning(c_api::presolve(h), "presolve")
}

/// Columns, rows and nonzeros of the presolved model (after [`presolve`]).
pub(crate) fn presolved_size(h: &mut impl Handle) -> (usize, usize, usize) {
    let (c, r, nz) = c_api::presolved_counts(h);
    (to_usize(c), to_usize(r), to_usize(nz))
}

/// The model status after a run.
pub(crate) fn model_status(h: &mut impl Handle) -> Result<HighsModelStatus, SolveError> {
    let code = c_api::model_status(h);
    HighsModelStatus::try_from(code).map_err(|_| SolveError::UnexpectedModelStatus {
        what: "a run",
        status: code.to_string(),
    })
}

/// Columns, rows and nonzeros of the model HiGHS holds.
pub(crate) fn size(h: &mut impl Handle) -> (usize, usize, usize) {
    let (c, r, nz) = c_api::counts(h);
    (to_usize(c), to_usize(r), to_usize(nz))
}

/// A 64-bit info value (the node count, which the 32-bit getter refuses).
pub(crate) fn int64_info(h: &mut impl Handle, name: &'static CStr) -> Result<i64, SolveError> {
    let (status, value) = c_api::int64_info(h, name);
    ok(status, "read a 64-bit info value").map(|()| value)
}

/// A 32-bit info value (the simplex iterations).
pub(crate) fn int_info(h: &mut impl Handle, name: &'static CStr) -> Result<i64, SolveError> {
    let (status, value) = c_api::int_info(h, name);
    ok(status, "read an info value").map(|()| i64::from(value))
}

/// A floating-point info value (`mip_dual_bound`, `mip_gap`).
pub(crate) fn double_info(h: &mut impl Handle, name: &'static CStr) -> Result<f64, SolveError> {
    let (status, value) = c_api::double_info(h, name);
    ok(status, "read a floating-point info value").map(|()| value)
}

/// HiGHS's own run clock in seconds (it keeps running across the runs of one instance).
pub(crate) fn run_time(h: &mut impl Handle) -> f64 {
    c_api::run_time(h)
}
