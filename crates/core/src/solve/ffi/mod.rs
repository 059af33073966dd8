//! The one door to HiGHS: every HiGHS call of the crate (all `unsafe`), each behind a small safe
//! function. (The crate's other `unsafe` code, the out-of-memory exit, is [`super::out_of_memory`].)
//!
//! Every function takes a [`Handle`], something that owns one live HiGHS instance (a
//! `highs::Model` made by good_lp's backend, or an [`Instance`] of our own), so that the pointer
//! passed to the C API is always valid. Every HiGHS status is checked: a call that returns
//! `kHighsStatusError` becomes [`SolveError::Status`]; `kHighsStatusWarning` is accepted where
//! HiGHS uses it for an ordinary outcome (a run that stops at the time limit, a model file with
//! a remark).
//!
//! Options are set with the typed setters (`Highs_setBoolOptionValue`, `…Int…`, `…Double…`,
//! `…String…`), chosen by `Highs_getOptionType`; the untyped `Highs_setOptionValue` is
//! deprecated in HiGHS 1.15 and prints a warning on standard output.
//!
//! HiGHS's log goes to standard error through its logging callback ([`log_to_stderr`]), never
//! to standard output, which carries only the data a command was asked for.
//!
//! By job: this file holds the [`Handle`]s and the status checks; [`options`] the option
//! setters and the log callback, [`run`] running HiGHS and reading its status and counters,
//! [`model`] reading and editing the model (rows, columns, bounds, integrality, objective),
//! [`lp`] the solution, the basis and the tableau.

mod lp;
mod model;
mod options;
mod run;

pub(crate) use lp::*;
pub(crate) use model::*;
pub(crate) use options::*;
pub(crate) use run::*;

use super::SolveError;
use highs_sys as sys;
use highs_sys::HighsInt;
use std::ffi::c_void;
use std::ptr::NonNull;

/// Something that owns one live HiGHS instance.
///
/// # Safety
/// [`Handle::ptr`] must return a pointer made by `Highs_create` that stays valid (not
/// destroyed) for as long as the handle lives.
pub(crate) unsafe trait Handle {
    /// The instance's pointer, for one C call.
    fn ptr(&mut self) -> *mut c_void;
}

// SAFETY: a `highs::Model` creates its instance with `Highs_create` and destroys it only in its
// `Drop`, so the pointer is live while the model is.
unsafe impl Handle for highs::Model {
    fn ptr(&mut self) -> *mut c_void {
        self.as_mut_ptr()
    }
}

/// A HiGHS instance of our own (for reading model files and checking options), destroyed when
/// dropped.
pub(crate) struct Instance(NonNull<c_void>);

impl Instance {
    /// A fresh, empty instance that logs nothing.
    pub(crate) fn quiet() -> Result<Instance, SolveError> {
        // SAFETY: `Highs_create` takes no argument and returns a new instance or null.
        let ptr = NonNull::new(unsafe { sys::Highs_create() }).ok_or(SolveError::Create)?;
        let mut instance = Instance(ptr);
        set_bool(&mut instance, c"output_flag", false)?;
        Ok(instance)
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        // SAFETY: the pointer came from `Highs_create` and is destroyed once, here.
        unsafe { sys::Highs_destroy(self.0.as_ptr()) }
    }
}

// SAFETY: the pointer came from `Highs_create` and lives until `Drop`.
unsafe impl Handle for Instance {
    fn ptr(&mut self) -> *mut c_void {
        self.0.as_ptr()
    }
}

/// `Ok` for `kHighsStatusOk`, an error naming `what` otherwise.
fn ok(status: HighsInt, what: &'static str) -> Result<(), SolveError> {
    if status == sys::kHighsStatusOk {
        Ok(())
    } else {
        Err(SolveError::Status { what, status })
    }
}

/// `Ok` for `kHighsStatusOk` and `kHighsStatusWarning`, an error naming `what` otherwise.
fn ok_or_warning(status: HighsInt, what: &'static str) -> Result<(), SolveError> {
    if status == sys::kHighsStatusWarning {
        Ok(())
    } else {
        ok(status, what)
    }
}

/// A HiGHS count as `usize` (negative counts, which HiGHS never returns, as 0).
fn count(k: HighsInt) -> usize {
    usize::try_from(k).unwrap_or(0)
}

/// An index as HiGHS's integer type.
fn index(what: &'static str, i: usize, count: usize) -> Result<HighsInt, SolveError> {
    HighsInt::try_from(i)
        .ok()
        .filter(|_| i < count)
        .ok_or(SolveError::Index {
            what,
            index: i,
            count,
        })
}
